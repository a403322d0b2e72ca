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
// carry (ReturnConsumedCapacity TOTAL, an unused placeholder) is listed in
// Dropped, so that the linter can still check the rest of the request.
func (r *Request) Convert() (conv *Conversion, err error) {
	c := &converter{r: r, src: r.File.Src, out: &Conversion{}}
	defer func() {
		if x := recover(); x != nil {
			conv, err = nil, caught(x)
		}
	}()
	c.statement()
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
// with their defaults; the DSL has no clause for them.
var returnOnly = map[string]string{
	"ReturnConsumedCapacity":              "NONE",
	"ReturnItemCollectionMetrics":         "NONE",
	"ReturnValuesOnConditionCheckFailure": "NONE",
}

var kindOfCommand = map[string]grammar.Kind{
	"query": grammar.KindQuery, "scan": grammar.KindScan, "get-item": grammar.KindGet,
	"put-item": grammar.KindPut, "update-item": grammar.KindUpdate, "delete-item": grammar.KindDelete,
}

func (c *converter) statement() {
	r, obj := c.r, c.r.Obj
	if m := obj.Member(CommandMember); m != nil && (m.Value.Kind != String || NormalizeCommand(m.Value.Text) == "") {
		c.failAt(m.Value.Start, "\"command\" names no command dynexpr knows: write query, scan, get-item, put-item, update-item or delete-item")
	}
	kind, ok := kindOfCommand[r.Command]
	if !ok {
		c.failAt(obj.Start, "cannot tell which command this request is for: add \"command\": \"query\" (or scan, get-item, put-item, update-item, delete-item)")
	}
	st := &grammar.Statement{
		Pos:    c.pos(obj.Start),
		EndPos: c.pos(obj.End),
		Verb:   kind.String(),
		Kind:   kind,
		Source: string(c.src[obj.Start:obj.End]),
	}
	c.st = st
	c.out.Statement = st
	if name := r.Label(); name != "" {
		st.Label = &grammar.Ident{Pos: st.Pos, Name: name}
	}

	// Every member first: the ones the statement cannot take stop it here.
	allowed := StatementMembers(r.Command)
	for i := range obj.Members {
		m := &obj.Members[i]
		switch {
		case m.Name == CommandMember:
		case m.Repeated:
			c.failAt(m.NamePos, "%q is given twice in this request; DynamoDB reads only one", m.Name)
		case isLegacy(m.Name):
			c.failAt(m.NamePos, "%s is a legacy parameter, which the DSL has no form for: rewrite it as %s first", m.Name, legacyReplacement(m.Name))
		case !contains(allowed, m.Name):
			hint := ""
			if r.CommandGuessed {
				hint = fmt.Sprintf(" (the command was told from the members present; if it is not %s, add \"command\")", r.Command)
			}
			if isParameter(m.Name) {
				c.failAt(m.NamePos, "%s is not a parameter of %s%s", m.Name, r.Command, hint)
			}
			c.failAt(m.NamePos, "%q is not a parameter of %s; it takes %s%s", m.Name, r.Command, strings.Join(allowed, ", "), hint)
		}
	}
	c.placeholderMaps()

	table := obj.Member("TableName")
	if table == nil {
		c.failAt(obj.Start, "the request has no TableName")
	}
	st.Table = c.tableRef(table)
	clause := func(m *Member, id grammar.ClauseID) diag.Pos {
		at := c.pos(m.NamePos)
		st.Written = append(st.Written, grammar.ClauseAt{Clause: id, Pos: at})
		return at
	}
	if m := obj.Member("IndexName"); m != nil {
		st.Index = c.tableRef(m)
		clause(m, grammar.ClauseIndex)
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
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete:
		m := obj.Member("Key")
		if m == nil {
			c.failAt(obj.Start, "a %s request needs the item's Key", r.Command)
		}
		st.Key = c.itemKey(m)
		clause(m, grammar.ClauseKey)
	case grammar.KindPut:
		m := obj.Member("Item")
		if m == nil {
			c.failAt(obj.Start, "a put-item request needs the Item")
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
		st.Limit = c.number(m, 1, 1<<31-1, "Limit takes a whole number from 1 to 2147483647")
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
	}
	if m := obj.Member("UpdateExpression"); m != nil {
		c.update(m, clause)
	} else if kind == grammar.KindUpdate {
		// DynamoDB takes an update-item with a Key alone (it writes an item
		// of only the key); the DSL cannot say it, but the statement without
		// actions still lets the linter check the key.
		c.out.Dropped = append(c.out.Dropped, Dropped{Member: "UpdateExpression", Pos: c.pos(obj.Start),
			Why: "an update-item request needs an UpdateExpression (the DSL's set, remove, add and delete clauses)"})
	}
	if m := obj.Member("ConditionExpression"); m != nil {
		st.If = c.condition(m, ddbexpr.ConditionExpression)
		clause(m, grammar.ClauseIf)
	}
	if m := obj.Member("ReturnValues"); m != nil {
		st.Return = c.returnValues(m)
		clause(m, grammar.ClauseReturn)
	}

	for i := range obj.Members {
		m := &obj.Members[i]
		if def, ok := returnOnly[m.Name]; ok {
			if m.Value.Kind == String && m.Value.Text == def {
				c.drop(m, true, m.Name+" "+def+" is DynamoDB's default")
			} else {
				c.drop(m, false, fmt.Sprintf("%s has no clause in the DSL, so the statement cannot carry it: remove it from the request (the AWS CLI takes it as --%s)", m.Name, kebab(m.Name)))
			}
		}
	}
	c.unused()
	sortDropped(c.out.Dropped)
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

// kebab writes ReturnConsumedCapacity as return-consumed-capacity.
func kebab(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch >= 'A' && ch <= 'Z' {
			if i > 0 {
				b.WriteByte('-')
			}
			ch += 'a' - 'A'
		}
		b.WriteByte(ch)
	}
	return b.String()
}

func (c *converter) drop(m *Member, same bool, why string) {
	c.out.Dropped = append(c.out.Dropped, Dropped{Member: m.Name, Pos: c.r.File.Pos(m.NamePos), Same: same, Why: why})
}

func sortDropped(ds []Dropped) {
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Pos.Offset < ds[j].Pos.Offset })
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
	for _, m := range []*Member{c.namesAt, c.valuesAt} {
		if m == nil {
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
