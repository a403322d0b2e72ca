package request

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
)

// A request file says in DynamoDB's expression syntax, with #name and
// :value placeholders, what a DSL statement says with names and values
// inline. Convert reads the one into the other: the statement it returns is
// the one grammar.Parse gives for grammar.Format of it (its resolved fields
// filled the same way), so that the DSL's rule catalog (validate.Check) and
// builder.Build take it as they take a parsed statement. Its positions are
// in the request file: a node read from an expression stands where its
// first byte stands inside the JSON string (escapes such as \" and \u0041
// accounted for), a value read from a :placeholder stands where the
// placeholder is used, and a value of Key, Item or ExclusiveStartKey stands
// where its JSON value does.

// Conversion is a request turned into the DSL statement that asks DynamoDB
// for the same thing.
type Conversion struct {
	Statement *grammar.Statement
	// Placeholders lists every use of a #name or :value placeholder in the
	// request's expressions, in the order of the expressions in the file.
	Placeholders []PlaceholderUse
	// Dropped lists the members of the request the statement does not
	// carry, in file order.
	Dropped []Dropped
}

// PlaceholderUse is one use of a placeholder in an expression.
type PlaceholderUse struct {
	// Name is the placeholder as written, with its "#" or ":".
	Name string
	// Pos is where the placeholder is used.
	Pos diag.Pos
	// Def is its entry in ExpressionAttributeNames or
	// ExpressionAttributeValues.
	Def *Member
	// Value is the statement's value made from a :value placeholder (nil
	// for a #name); its Pos is the use.
	Value *grammar.Value
}

// Dropped is a member of a request that the statement does not carry.
type Dropped struct {
	Member string
	Pos    diag.Pos
	// Same is true when leaving the member out asks DynamoDB for the same
	// thing: a default value (ConsistentRead false, ReturnConsumedCapacity
	// NONE), Select SPECIFIC_ATTRIBUTES next to a ProjectionExpression.
	Same bool
	// Why says why the member is left out; when Same is false, it is the
	// message Statement returns.
	Why string
}

// Statement converts the request into the DSL statement that asks DynamoDB
// for the same thing. It fails, with a *diag.Error at the place in the
// file, where the DSL cannot say what the request says: an expression
// DynamoDB's grammar rejects, an undefined or unused placeholder, a value
// that is not DynamoDB JSON, a legacy parameter (KeyConditions,
// AttributeUpdates, Expected, ...), a member the DSL has no clause for, a
// name a DSL name in backticks cannot hold.
func (r *Request) Statement() (*grammar.Statement, error) {
	c, err := r.Convert()
	if err != nil {
		return nil, err
	}
	for _, d := range c.Dropped {
		if !d.Same {
			return nil, &diag.Error{Pos: d.Pos, Msg: d.Why}
		}
	}
	return c.Statement, nil
}

// Convert is Statement with the details: where each placeholder stands and
// was defined, and which members the statement leaves out. It fails only
// where no statement can be made; a member the statement merely cannot
// carry (an unused placeholder, an update-item without UpdateExpression) is listed in
// Dropped, so that the linter can still check the rest of the request.
//
// The request is converted once, on the first call: import runs lint's
// check (validate.CheckRequest) and then converts the request itself, and
// both take this one conversion. What it returns is shared, so it is read,
// never changed; a request is converted after what rewrites its values
// (FromCLIv1, which forgets a conversion made before).
func (r *Request) Convert() (*Conversion, error) {
	if r.converted == nil {
		conv, err := r.convert()
		r.converted = &converted{conv, err}
	}
	return r.converted.conv, r.converted.err
}

// converted is a request's conversion, made once (Convert).
type converted struct {
	conv *Conversion
	err  error
}

func (r *Request) convert() (conv *Conversion, err error) {
	c := &converter{r: r, src: r.File.Src, out: &Conversion{}}
	defer func() {
		if x := recover(); x != nil {
			conv, err = nil, caught(x)
		}
	}()
	if IsGroup(r.Command) {
		c.out.Statement = c.group()
	} else {
		c.out.Statement = c.request()
	}
	c.out.Dropped = sortDropped(c.out.Dropped)
	return c.out, nil
}

// convFailure unwinds the converter at the first problem.
type convFailure struct{ err *diag.Error }

// caught is the error of a convFailure recovered; any other panic goes on.
func caught(x any) *diag.Error {
	f, ok := x.(convFailure)
	if !ok {
		panic(x)
	}
	return f.err
}

type converter struct {
	r   *Request
	src []byte
	out *Conversion
	st  *grammar.Statement

	names, values     map[string]*Member // the entries of ExpressionAttributeNames, ExpressionAttributeValues
	namesAt, valuesAt *Member            // those members themselves
	used              map[string]bool
	// key is the item's key where it is not r's Key member: one of the
	// Keys of a batch get's table.
	key *Member
}

func (c *converter) failAt(off int, format string, args ...any) {
	panic(convFailure{diag.Errorf(c.r.File.Pos(off), format, args...)})
}

func (c *converter) failPos(p diag.Pos, format string, args ...any) {
	panic(convFailure{diag.Errorf(p, format, args...)})
}

func (c *converter) pos(off int) diag.Pos {
	return c.r.File.Pos(off)
}

// returnOnly are the members that change only what DynamoDB reports back,
// with their defaults, which a statement leaves out.
var returnOnly = map[string]string{
	"ReturnConsumedCapacity":              "NONE",
	"ReturnItemCollectionMetrics":         "NONE",
	"ReturnValuesOnConditionCheckFailure": "NONE",
}

// kindOf is the statement kind of a request's command: the kind whose
// Command it is, or a check for condition-check, the operation request
// names a transaction's ConditionCheck by (no aws dynamodb command sends
// one alone).
func kindOf(command string) (grammar.Kind, bool) {
	if command == conditionCheck {
		return grammar.KindCheck, true
	}
	return grammar.KindOfCommand(command)
}

// request converts one request, or one member of a group.
func (c *converter) request() *grammar.Statement {
	r, obj := c.r, c.r.Obj
	if m := obj.Member(CommandMember); m != nil && r.Group == nil && (m.Value.Kind != String || NormalizeCommand(m.Value.Text) == "") {
		c.failAt(m.Value.Start, "\"command\" names no command dynexpr knows: write query, scan, get-item, put-item, update-item, delete-item, transact-write-items, transact-get-items, batch-get-item or batch-write-item")
	}
	if IsPartiQL(r.Command) {
		c.failAt(obj.Start, "this is a PartiQL request (%s): import writes DSL statements and does not import PartiQL; keep the statement as it is in a .partiql file (dynexpr lint and dynexpr build -f FILE.partiql read it)", r.Command)
	}
	kind, ok := kindOf(r.Command)
	if !ok {
		c.failAt(obj.Start, "cannot tell which command this request is for: add \"command\": \"query\" (or scan, get-item, put-item, update-item, delete-item, transact-write-items, ...)")
	}
	// A member of a batch get is one of its table's Keys: it stands there.
	from, to := obj.Start, obj.End
	if c.key != nil {
		from, to = c.key.Value.Start, c.key.Value.End
	}
	st := &grammar.Statement{
		Pos:    c.pos(from),
		EndPos: c.pos(to),
		Verb:   kind.String(),
		Kind:   kind,
		Source: string(c.src[from:to]),
	}
	c.st = st
	if name := r.Label(); name != "" && r.Group == nil {
		st.Label = &grammar.Ident{Pos: st.Pos, Name: name}
	}

	// Every member first: the ones the statement cannot take stop it here.
	c.members(StatementMembers(r.Shape()), "Keys")
	c.placeholderMaps()

	table := obj.Member("TableName")
	if r.Table != nil {
		table = &Member{Name: "TableName", NamePos: r.Table.Start, Value: r.Table}
	}
	switch {
	case table != nil:
		st.Table = c.tableRef(table)
		if r.Group == nil {
			st.Table.Env = r.TableEnv()
		}
	case r.MayHave("TableName"):
		st.Table = c.unknownName("table")
	default:
		c.failAt(obj.Start, "%s has no TableName", c.what("the request"))
	}
	clause := c.clauseFunc()
	if m := obj.Member("IndexName"); m != nil {
		st.Index = c.tableRef(m)
		clause(m, grammar.ClauseIndex)
	} else if r.MayHave("IndexName") && (kind == grammar.KindQuery || kind == grammar.KindScan) {
		st.Index = c.unknownName("index")
	}

	// The clauses in the order grammar.Format writes them.
	switch kind {
	case grammar.KindQuery:
		m := obj.Member("KeyConditionExpression")
		if m == nil {
			c.failAt(obj.Start, "a query needs a KeyConditionExpression (the DSL's key clause)")
		}
		st.Key = c.condition(m, ddbexpr.KeyConditionExpression)
		clause(m, grammar.ClauseKey)
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete, grammar.KindCheck:
		m := obj.Member("Key")
		if c.key != nil {
			m = c.key
		}
		if m == nil {
			c.failAt(obj.Start, "%s needs the item's Key", c.what("a "+r.Command+" request"))
		}
		st.Key = c.itemKey(m)
		clause(m, grammar.ClauseKey)
	case grammar.KindPut:
		m := obj.Member("Item")
		if m == nil {
			c.failAt(obj.Start, "%s needs the Item", c.what("a put-item request"))
		}
		if m.Value.Kind != Object {
			c.failAt(m.Value.Start, "Item is a map of the item's attributes, not %s", m.Value.Kind)
		}
		st.Item = c.mapValue(m.Value, c.pos(m.Value.Start), "Item")
		clause(m, grammar.ClauseItem)
	}
	if m := obj.Member("FilterExpression"); m != nil {
		st.Filter = c.condition(m, ddbexpr.FilterExpression)
		clause(m, grammar.ClauseFilter)
	}
	if sel, at := c.projection(); sel != nil {
		st.Select = sel
		clause(at, grammar.ClauseSelect)
	}
	if m := obj.Member("ScanIndexForward"); m != nil {
		forward := c.boolean(m)
		st.Order = &grammar.Order{Pos: clause(m, grammar.ClauseOrder), Asc: forward, Desc: !forward}
	}
	if m := obj.Member("Limit"); m != nil {
		st.Limit = c.number(m, 1, MaxInt, fmt.Sprintf("Limit takes a whole number from 1 to %d", MaxInt))
		clause(m, grammar.ClauseLimit)
	}
	if m := obj.Member("ConsistentRead"); m != nil {
		if c.boolean(m) {
			st.Consistent = &grammar.Consistent{Pos: clause(m, grammar.ClauseConsistent)}
		} else {
			c.drop(m, true, "ConsistentRead false is DynamoDB's default")
		}
	}
	c.segment(clause)
	if m := obj.Member("ExclusiveStartKey"); m != nil {
		st.After = c.after(m)
		clause(m, grammar.ClauseAfter)
	} else if r.MayHave("ExclusiveStartKey") && (kind == grammar.KindQuery || kind == grammar.KindScan) {
		// A start key the code computes, or may set where it is not
		// seen: the request may be a page of a loop, its key unknown.
		at := c.pos(obj.Start)
		st.After = &grammar.After{Pos: at, Map: &grammar.Map{Pos: at, Open: true}}
	}
	if m := obj.Member("UpdateExpression"); m != nil {
		c.update(m, clause)
	} else if kind == grammar.KindUpdate {
		// DynamoDB takes an update-item with a Key alone (it writes an item
		// of only the key); the DSL cannot say it, but the statement without
		// actions still lets the linter check the key.
		c.out.Dropped = append(c.out.Dropped, Dropped{Member: "UpdateExpression", Pos: c.pos(obj.Start),
			Why: fmt.Sprintf("%s needs an UpdateExpression (the DSL's set, remove, add and delete clauses)", c.what("an update-item request"))})
	}
	if m := obj.Member("ConditionExpression"); m != nil {
		st.If = c.condition(m, ddbexpr.ConditionExpression)
		clause(m, grammar.ClauseIf)
	}
	if m := obj.Member("ReturnValues"); m != nil {
		st.Return = c.returnValues(m)
		clause(m, grammar.ClauseReturn)
	}
	c.options(clause)
	c.unused()
	return st
}

// what names the request in messages: alone, as single says; a member of
// a group by its path ("the TransactItems[2].Put member").
func (c *converter) what(single string) string {
	if c.r.Path != "" {
		return "the " + c.r.Path + " member"
	}
	return single
}

// members checks that every member of the request is one of allowed (or
// skip, which the caller reads itself), given once, and no legacy
// parameter.
func (c *converter) members(allowed []string, skip string) {
	r := c.r
	for i := range r.Obj.Members {
		m := &r.Obj.Members[i]
		switch {
		case m.Name == CommandMember && r.Group == nil, m.Name == skip:
		case m.Repeated:
			c.failAt(m.NamePos, "%q is given twice in %s; DynamoDB reads only one", m.Name, c.what("this request"))
		case m.Name == "AttributesToGet" && r.Part == "KeysAndAttributes":
			// A batch get's legacy projection: the select clause
			// (projection), as Modernize writes it for a request alone.
		case isLegacy(m.Name):
			c.failAt(m.NamePos, "%s is a legacy parameter, which the DSL has no form for: rewrite it as %s first", m.Name, legacyReplacement(m.Name))
		case !contains(allowed, m.Name):
			hint := ""
			if r.CommandGuessed {
				hint = fmt.Sprintf(" (the command was told from the members present; if it is not %s, add \"command\")", r.Command)
			}
			if isParameter(m.Name) {
				c.failAt(m.NamePos, "%s is not a parameter of %s%s", m.Name, r.Where(), hint)
			}
			c.failAt(m.NamePos, "%q is not a parameter of %s; it takes %s%s", m.Name, r.Where(), strings.Join(allowed, ", "), hint)
		}
	}
}

// clauseFunc records a clause of c's statement as written at member m,
// returning where.
func (c *converter) clauseFunc() func(m *Member, id grammar.ClauseID) diag.Pos {
	return func(m *Member, id grammar.ClauseID) diag.Pos {
		at := c.pos(m.NamePos)
		c.st.Written = append(c.st.Written, grammar.ClauseAt{Clause: id, Pos: at})
		return at
	}
}

// optionWords are the DSL's words for the values of the members that
// change only what DynamoDB reports back (their defaults, NONE, are left
// out), and the clause each member is.
var optionWords = map[string]struct {
	clause grammar.ClauseID
	words  map[string]string
}{
	"ReturnConsumedCapacity":              {grammar.ClauseCapacity, map[string]string{"TOTAL": "total", "INDEXES": "indexes"}},
	"ReturnItemCollectionMetrics":         {grammar.ClauseMetrics, map[string]string{"SIZE": "metrics"}},
	"ReturnValuesOnConditionCheckFailure": {grammar.ClauseReturnOnFailure, map[string]string{"ALL_OLD": "old"}},
}

// options reads ReturnConsumedCapacity, ReturnItemCollectionMetrics and
// ReturnValuesOnConditionCheckFailure into the capacity, metrics and
// return_on_failure clauses.
func (c *converter) options(clause func(*Member, grammar.ClauseID) diag.Pos) {
	// In the order the clauses print, as Written lists a parsed statement's.
	for _, name := range []string{"ReturnValuesOnConditionCheckFailure", "ReturnConsumedCapacity", "ReturnItemCollectionMetrics"} {
		m := c.r.Obj.Member(name)
		if m == nil {
			continue
		}
		def := returnOnly[name]
		v := m.Value
		if v.Kind == String && v.Text == def {
			c.drop(m, true, m.Name+" "+def+" is DynamoDB's default")
			continue
		}
		o := optionWords[m.Name]
		word := ""
		if v.Kind == String {
			word = o.words[v.Text]
		}
		if word == "" {
			spec, _ := Spec(m.Name)
			c.failAt(v.Start, "%s takes %s", m.Name, orWords(spec.Enum))
		}
		id := &grammar.Ident{Pos: c.pos(v.Start), Name: word}
		switch o.clause {
		case grammar.ClauseCapacity:
			c.st.Capacity = id
		case grammar.ClauseMetrics:
			c.st.Metrics = id
		default:
			c.st.ReturnOnFailure = id
		}
		clause(m, o.clause)
	}
}

// orWords writes a, b or c.
func orWords(list []string) string {
	if len(list) < 2 {
		return strings.Join(list, "")
	}
	return strings.Join(list[:len(list)-1], ", ") + " or " + list[len(list)-1]
}

// Label is the label a request's statement gets: its name in dynexpr's
// jsonl ({"name": ..., "command": ..., "input": {...}}) when that name can
// be a DSL label, else "".
func (r *Request) Label() string {
	n := r.Name
	if n == "" || !isIdentStart(n[0]) {
		return ""
	}
	for i := 1; i < len(n); i++ {
		if !isIdentStart(n[i]) && !(n[i] >= '0' && n[i] <= '9') {
			return ""
		}
	}
	return n
}

func isIdentStart(b byte) bool { return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// isParameter tells a member some command takes (other than a legacy
// parameter).
func isParameter(name string) bool {
	s, ok := Spec(name)
	return ok && !s.Legacy()
}

func isLegacy(name string) bool {
	s, ok := Spec(name)
	return ok && s.Legacy()
}

// legacyReplacement says what replaced a legacy parameter: "a
// KeyConditionExpression", "AND or OR inside the expression".
func legacyReplacement(name string) string {
	s, _ := Spec(name)
	switch {
	case !strings.HasSuffix(s.Instead, "Expression"):
		return s.Instead
	case strings.HasPrefix(s.Instead, "U"):
		return "an " + s.Instead
	}
	return "a " + s.Instead
}

func (c *converter) drop(m *Member, same bool, why string) {
	c.out.Dropped = append(c.out.Dropped, Dropped{Member: m.Name, Pos: c.r.File.Pos(m.NamePos), Same: same, Why: why})
}

// sortDropped puts the dropped members in file order, each once (the keys
// of a batch get's table are members that share the table's other
// members).
func sortDropped(ds []Dropped) []Dropped {
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Pos.Offset < ds[j].Pos.Offset })
	out := ds[:0]
	for i, d := range ds {
		if i > 0 && d.Pos == ds[i-1].Pos && d.Why == ds[i-1].Why {
			continue
		}
		out = append(out, d)
	}
	return out
}

// placeholderMaps reads ExpressionAttributeNames and
// ExpressionAttributeValues.
func (c *converter) placeholderMaps() {
	c.used = map[string]bool{}
	read := func(member string) (map[string]*Member, *Member) {
		m := c.r.Obj.Member(member)
		if m == nil {
			return nil, nil
		}
		if m.Value.Kind != Object {
			c.failAt(m.Value.Start, "%s is a JSON object, not %s", member, m.Value.Kind)
		}
		out := make(map[string]*Member, len(m.Value.Members))
		for i := range m.Value.Members {
			e := &m.Value.Members[i]
			if e.Repeated {
				c.failAt(e.NamePos, "%q is given twice in %s", e.Name, member)
			}
			out[e.Name] = e
		}
		return out, m
	}
	c.names, c.namesAt = read("ExpressionAttributeNames")
	c.values, c.valuesAt = read("ExpressionAttributeValues")
	for _, e := range c.names {
		if e.Value.Kind != String {
			c.failAt(e.Value.Start, "%q in ExpressionAttributeNames stands for an attribute name, a JSON string, not %s", e.Name, e.Value.Kind)
		}
	}
}

// unused lists the placeholders no expression uses: DynamoDB refuses the
// request, and the statement has no use for them.
func (c *converter) unused() {
	for i, m := range []*Member{c.namesAt, c.valuesAt} {
		if m == nil || !c.r.PlaceholdersKnown(i == 1) {
			continue
		}
		if len(m.Value.Members) == 0 {
			c.drop(m, false, fmt.Sprintf("%s is empty, which DynamoDB refuses: remove it", m.Name))
			continue
		}
		for _, e := range m.Value.Members {
			if !c.used[e.Name] {
				c.out.Dropped = append(c.out.Dropped, Dropped{Member: m.Name, Pos: c.r.File.Pos(e.NamePos),
					Why: fmt.Sprintf("%q in %s is used by no expression, which DynamoDB refuses: remove it", e.Name, m.Name)})
			}
		}
	}
}
