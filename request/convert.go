package request

import (
	"encoding/base64"
	"fmt"
	"sort"
	"strconv"
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
			f, ok := x.(convFailure)
			if !ok {
				panic(x)
			}
			conv, err = nil, f.err
		}
	}()
	c.statement()
	return c.out, nil
}

// convFailure unwinds the converter at the first problem.
type convFailure struct{ err *diag.Error }

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

// The members each command takes, as the AWS CLI's --cli-input-json does.
var commandMembers = map[string][]string{
	"query": {"TableName", "IndexName", "KeyConditionExpression", "FilterExpression", "ProjectionExpression", "Select",
		"ScanIndexForward", "Limit", "ConsistentRead", "ExclusiveStartKey", "ExpressionAttributeNames", "ExpressionAttributeValues",
		"ReturnConsumedCapacity"},
	"scan": {"TableName", "IndexName", "FilterExpression", "ProjectionExpression", "Select", "Limit", "ConsistentRead",
		"Segment", "TotalSegments", "ExclusiveStartKey", "ExpressionAttributeNames", "ExpressionAttributeValues",
		"ReturnConsumedCapacity"},
	"get-item": {"TableName", "Key", "ProjectionExpression", "ConsistentRead", "ExpressionAttributeNames", "ReturnConsumedCapacity"},
	"put-item": {"TableName", "Item", "ConditionExpression", "ReturnValues", "ExpressionAttributeNames", "ExpressionAttributeValues",
		"ReturnConsumedCapacity", "ReturnItemCollectionMetrics", "ReturnValuesOnConditionCheckFailure"},
	"update-item": {"TableName", "Key", "UpdateExpression", "ConditionExpression", "ReturnValues", "ExpressionAttributeNames",
		"ExpressionAttributeValues", "ReturnConsumedCapacity", "ReturnItemCollectionMetrics", "ReturnValuesOnConditionCheckFailure"},
	"delete-item": {"TableName", "Key", "ConditionExpression", "ReturnValues", "ExpressionAttributeNames", "ExpressionAttributeValues",
		"ReturnConsumedCapacity", "ReturnItemCollectionMetrics", "ReturnValuesOnConditionCheckFailure"},
}

// legacyMembers are the parameters from before expressions, with what
// replaced each.
var legacyMembers = map[string]string{
	"KeyConditions":       "a KeyConditionExpression",
	"QueryFilter":         "a FilterExpression",
	"ScanFilter":          "a FilterExpression",
	"AttributeUpdates":    "an UpdateExpression",
	"Expected":            "a ConditionExpression",
	"AttributesToGet":     "a ProjectionExpression",
	"ConditionalOperator": "AND or OR inside the expression",
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
	if m := obj.Member("command"); m != nil && (m.Value.Kind != String || NormalizeCommand(m.Value.Text) == "") {
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
	allowed := commandMembers[r.Command]
	for i := range obj.Members {
		m := &obj.Members[i]
		switch {
		case m.Name == "command":
		case m.Repeated:
			c.failAt(m.NamePos, "%q is given twice in this request; DynamoDB reads only one", m.Name)
		case legacyMembers[m.Name] != "":
			c.failAt(m.NamePos, "%s is a legacy parameter, which the DSL has no form for: rewrite it as %s first", m.Name, legacyMembers[m.Name])
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
		c.failAt(obj.Start, "an update-item request needs an UpdateExpression (the DSL's set, remove, add and delete clauses)")
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

// isParameter tells a member some command takes.
func isParameter(name string) bool {
	for _, ms := range commandMembers {
		if contains(ms, name) {
			return true
		}
	}
	return false
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

// ---- plain members

func (c *converter) tableRef(m *Member) *grammar.TableRef {
	v := m.Value
	if v.Kind != String {
		c.failAt(v.Start, "%s is a string, not %s", m.Name, v.Kind)
	}
	if v.Text == "" || strings.ContainsAny(v.Text, "`\n") {
		c.failAt(v.Start, "%s %q cannot be written in the DSL: a table or index name there is bare or in backticks, so it cannot be empty or hold a backtick or a line break", m.Name, v.Text)
	}
	return &grammar.TableRef{Pos: c.pos(v.Start), Raw: grammar.TableName(v.Text), Name: v.Text}
}

func (c *converter) boolean(m *Member) bool {
	if m.Value.Kind != Bool {
		c.failAt(m.Value.Start, "%s is true or false, not %s", m.Name, m.Value.Kind)
	}
	return m.Value.Text == "true"
}

// number reads a whole-number member in [lo, hi].
func (c *converter) number(m *Member, lo, hi int64, msg string) *grammar.Number {
	v := m.Value
	if v.Kind != Number {
		c.failAt(v.Start, "%s is a number, not %s", m.Name, v.Kind)
	}
	n, err := strconv.ParseInt(v.Text, 10, 32)
	if err != nil || n < lo || n > hi {
		c.failAt(v.Start, "%s, not %s", msg, v.Text)
	}
	return &grammar.Number{Pos: c.pos(v.Start), Text: v.Text}
}

func (c *converter) segment(clause func(*Member, grammar.ClauseID) diag.Pos) {
	seg, total := c.r.Obj.Member("Segment"), c.r.Obj.Member("TotalSegments")
	switch {
	case seg == nil && total == nil:
		return
	case seg == nil:
		c.failAt(total.NamePos, "TotalSegments needs Segment: a parallel scan reads segment Segment of TotalSegments")
	case total == nil:
		c.failAt(seg.NamePos, "Segment needs TotalSegments: a parallel scan reads segment Segment of TotalSegments")
	}
	t := c.number(total, 1, 1000000, "TotalSegments takes a whole number from 1 to 1000000")
	n, _ := strconv.ParseInt(t.Text, 10, 32)
	i := c.number(seg, 0, n-1, fmt.Sprintf("Segment takes a whole number from 0 to %d (TotalSegments - 1)", n-1))
	first := seg
	if total.NamePos < seg.NamePos {
		first = total
	}
	c.st.Segment = &grammar.Segment{Pos: c.pos(seg.Value.Start), Index: i, Total: t}
	clause(first, grammar.ClauseSegment)
}

var returnWords = map[string]string{
	"NONE": "none", "ALL_OLD": "old", "ALL_NEW": "new", "UPDATED_OLD": "updated_old", "UPDATED_NEW": "updated_new",
}

func (c *converter) returnValues(m *Member) *grammar.Ident {
	v := m.Value
	word := ""
	if v.Kind == String {
		word = returnWords[v.Text]
	}
	switch {
	case word == "" && c.st.Kind == grammar.KindUpdate:
		c.failAt(v.Start, "ReturnValues takes NONE, ALL_OLD, ALL_NEW, UPDATED_OLD or UPDATED_NEW")
	case word != "none" && word != "old" && c.st.Kind != grammar.KindUpdate:
		c.failAt(v.Start, "ReturnValues of %s takes NONE or ALL_OLD (DynamoDB: \"ReturnValues can only be ALL_OLD or NONE\")", c.r.Command)
	}
	return &grammar.Ident{Pos: c.pos(v.Start), Name: word}
}

// projection reads ProjectionExpression and Select into the select clause,
// and the member the clause stands at.
func (c *converter) projection() (*grammar.Projection, *Member) {
	pe, sel := c.r.Obj.Member("ProjectionExpression"), c.r.Obj.Member("Select")
	word := ""
	if sel != nil {
		if sel.Value.Kind != String {
			c.failAt(sel.Value.Start, "Select is a string, not %s", sel.Value.Kind)
		}
		word = sel.Value.Text
	}
	switch word {
	case "", "SPECIFIC_ATTRIBUTES":
		if pe == nil {
			if sel != nil {
				c.failAt(sel.Value.Start, "Select SPECIFIC_ATTRIBUTES needs a ProjectionExpression naming the attributes (DynamoDB refuses it alone)")
			}
			return nil, nil
		}
		if sel != nil {
			c.drop(sel, true, "Select SPECIFIC_ATTRIBUTES is what a ProjectionExpression asks for")
		}
		x := c.parse(pe, ddbexpr.ProjectionExpression)
		p := &grammar.Projection{Pos: x.at(x.e.Projection.Start)}
		for _, path := range x.e.Projection.Paths {
			p.Paths = append(p.Paths, x.path(path))
		}
		return p, pe
	case "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES":
		if pe != nil {
			c.failAt(pe.NamePos, "a ProjectionExpression goes with Select SPECIFIC_ATTRIBUTES, not %s (DynamoDB refuses both); remove one", word)
		}
		p := &grammar.Projection{Pos: c.pos(sel.Value.Start), Count: word == "COUNT", All: word == "ALL_ATTRIBUTES", Projected: word == "ALL_PROJECTED_ATTRIBUTES"}
		return p, sel
	}
	c.failAt(sel.Value.Start, "Select takes ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, SPECIFIC_ATTRIBUTES or COUNT, not %q", word)
	return nil, nil
}

// ---- names

// pathName is one attribute name as a path segment: bare where the DSL
// reads it back as the same name, else in backticks.
func (c *converter) pathName(name string, at diag.Pos, where func() string) *grammar.PathName {
	if name == "" || strings.ContainsAny(name, "`\n") {
		what := "is empty"
		if name != "" {
			what = fmt.Sprintf("%q holds a backtick or a line break", name)
		}
		c.failPos(at, "the attribute name %s%s, which a DSL name in backticks cannot hold", what, where())
	}
	w := grammar.Name(name)
	if w == name {
		return &grammar.PathName{Pos: at, Ident: name}
	}
	return &grammar.PathName{Pos: at, Quoted: w}
}

// topPath is a one-name path: a key attribute.
func (c *converter) topPath(name string, at diag.Pos, where string) *grammar.Path {
	first := c.pathName(name, at, func() string { return " (" + where + ")" })
	return &grammar.Path{Pos: at, First: first, Elems: []grammar.PathElem{{Pos: at, Name: name}}}
}

// ---- values

// value reads a DynamoDB JSON value ({"S": "text"}) into a DSL literal
// standing at at; what names it in messages.
func (c *converter) value(v *Value, at diag.Pos, what string) *grammar.Value {
	if v.Kind != Object {
		c.failAt(v.Start, "%s is not a DynamoDB value: write it as an object with one type, like {\"S\": \"text\"} or {\"N\": \"42\"}", what)
	}
	switch len(v.Members) {
	case 0:
		c.failAt(v.Start, "%s is an empty object: a DynamoDB value has exactly one type, like {\"S\": \"text\"}", what)
	case 1:
	default:
		c.failAt(v.Members[1].NamePos, "%s has more than one type (%s and %s): a DynamoDB value has exactly one", what, v.Members[0].Name, v.Members[1].Name)
	}
	t, x := v.Members[0].Name, v.Members[0].Value
	g := &grammar.Value{Pos: at}
	wantKind := func(k Kind, like string) {
		if x.Kind != k {
			c.failAt(x.Start, "%s: %s takes %s, like {\"%s\": %s}, not %s", what, t, k, t, like, x.Kind)
		}
	}
	switch t {
	case "S":
		wantKind(String, `"text"`)
		q := grammar.Quote(x.Text)
		g.String, g.Type, g.Text = &q, grammar.TypeS, x.Text
	case "N":
		wantKind(String, `"42"`)
		if !dslNumber(x.Text) {
			c.failAt(x.Start, "%s: the number %q cannot be written in the DSL, which takes decimal text like 42, -1.5 or 1e3", what, x.Text)
		}
		n := x.Text
		g.Number, g.Type, g.Text = &n, grammar.TypeN, n
	case "B":
		wantKind(String, `"SGVsbG8="`)
		c.checkBase64(x, what)
		b := `b"` + x.Text + `"`
		g.Binary, g.Type, g.Text = &b, grammar.TypeB, x.Text
	case "BOOL":
		wantKind(Bool, "true")
		g.Bool, g.Type, g.Text = x.Text, grammar.TypeBOOL, x.Text
	case "NULL":
		if x.Kind != Bool || x.Text != "true" {
			c.failAt(x.Start, "%s: NULL is written {\"NULL\": true} (DynamoDB refuses any other value)", what)
		}
		g.Null, g.Type = true, grammar.TypeNULL
	case "L":
		wantKind(Array, "[{\"S\": \"a\"}]")
		g.List, g.Type = &grammar.List{Pos: at}, grammar.TypeL
		for i, e := range x.Elems {
			g.List.Items = append(g.List.Items, c.value(e, c.pos(e.Start), fmt.Sprintf("%s[%d]", what, i)))
		}
	case "M":
		wantKind(Object, "{\"a\": {\"S\": \"x\"}}")
		g = c.mapValue(x, at, what)
	case "SS", "NS", "BS":
		wantKind(Array, map[string]string{"SS": `["a", "b"]`, "NS": `["1", "2"]`, "BS": `["AA=="]`}[t])
		if len(x.Elems) == 0 && t != "SS" {
			c.failAt(x.Start, "%s: an empty %s cannot be written in the DSL (<<>> is an empty string set); DynamoDB refuses empty sets anyway", what, t)
		}
		g.Set = &grammar.SetValue{Pos: at}
		g.Type = grammar.ValueType(t)
		for i, e := range x.Elems {
			if e.Kind != String {
				c.failAt(e.Start, "%s: the elements of %s are strings, not %s", what, t, e.Kind)
			}
			el := &grammar.Value{Type: grammar.ValueType(t[:1]), Text: e.Text}
			el.Pos = c.pos(e.Start)
			switch t {
			case "SS":
				q := grammar.Quote(e.Text)
				el.String = &q
			case "NS":
				if !dslNumber(e.Text) {
					c.failAt(e.Start, "%s[%d]: the number %q cannot be written in the DSL, which takes decimal text like 42, -1.5 or 1e3", what, i, e.Text)
				}
				n := e.Text
				el.Number = &n
			case "BS":
				c.checkBase64(e, fmt.Sprintf("%s[%d]", what, i))
				b := `b"` + e.Text + `"`
				el.Binary = &b
			}
			g.Set.Items = append(g.Set.Items, el)
		}
	default:
		c.failAt(v.Members[0].NamePos, "%s: %q is not a DynamoDB type: use S, N, B, BOOL, NULL, L, M, SS, NS or BS", what, t)
	}
	return g
}

// checkBase64 wants the canonical base64 that DynamoDB and the DSL take:
// padded, no stray bits, no line breaks.
func (c *converter) checkBase64(x *Value, what string) {
	if _, err := base64.StdEncoding.Strict().DecodeString(x.Text); err != nil || strings.ContainsAny(x.Text, "\r\n") {
		c.failAt(x.Start, "%s: %q is not canonical base64 (RFC 4648 with padding, like \"SGVsbG8=\")", what, x.Text)
	}
}

// mapValue reads a JSON object of DynamoDB values (an Item, an M) into a
// map literal.
func (c *converter) mapValue(obj *Value, at diag.Pos, what string) *grammar.Value {
	m := &grammar.Map{Pos: at}
	for _, e := range obj.Members {
		if e.Repeated {
			c.failAt(e.NamePos, "%s: %q is given twice", what, e.Name)
		}
		if e.Name == "" {
			c.failAt(e.NamePos, "%s: an attribute name cannot be empty", what)
		}
		raw := grammar.Name(e.Name)
		if raw != e.Name {
			raw = grammar.Quote(e.Name)
		}
		m.Entries = append(m.Entries, &grammar.MapEntry{
			Pos: c.pos(e.NamePos), RawKey: raw, Key: e.Name,
			Value: c.value(e.Value, c.pos(e.Value.Start), fmt.Sprintf("%s.%s", what, strconv.Quote(e.Name))),
		})
	}
	return &grammar.Value{Pos: at, Map: m, Type: grammar.TypeM}
}

// dslNumber tells decimal text the DSL's lexer reads as one number:
// -?digits[.digits][e[+-]digits], or -?.digits.
func dslNumber(s string) bool {
	i, digits := 0, 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i, digits = i+1, digits+1
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		e := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == e {
			return false
		}
	}
	return i == len(s)
}

// itemKey reads Key into `k = V and k = V`.
func (c *converter) itemKey(m *Member) *grammar.Condition {
	v := m.Value
	if v.Kind != Object {
		c.failAt(v.Start, "Key is a map of the key attributes, like {\"id\": {\"S\": \"a91f\"}}, not %s", v.Kind)
	}
	if len(v.Members) == 0 {
		c.failAt(v.Start, "Key is empty: give the item's key attributes, like {\"id\": {\"S\": \"a91f\"}}")
	}
	return c.keyCondition(v, "Key")
}

// keyCondition writes a map of attribute values as k = V and k = V.
func (c *converter) keyCondition(v *Value, member string) *grammar.Condition {
	at := c.pos(v.Members[0].NamePos)
	and := &grammar.AndCondition{Pos: at}
	for _, e := range v.Members {
		if e.Repeated {
			c.failAt(e.NamePos, "%s: %q is given twice", member, e.Name)
		}
		np := c.pos(e.NamePos)
		path := c.topPath(e.Name, np, member)
		vp := c.pos(e.Value.Start)
		val := c.value(e.Value, vp, fmt.Sprintf("%s %s", member, strconv.Quote(e.Name)))
		cmp := &grammar.Comparison{Pos: np, Left: &grammar.Operand{Pos: np, Path: path}, Op: "=", Right: &grammar.Operand{Pos: vp, Value: val}}
		and.And = append(and.And, &grammar.NotCondition{Pos: np, Compare: cmp})
	}
	return &grammar.Condition{Pos: at, Or: []*grammar.AndCondition{and}}
}

// after reads ExclusiveStartKey: `after k = V and k = V`, or the map form
// where a name cannot be a path or the key is empty.
func (c *converter) after(m *Member) *grammar.After {
	v := m.Value
	if v.Kind != Object {
		c.failAt(v.Start, "ExclusiveStartKey is a map of key attributes, like {\"id\": {\"S\": \"a91f\"}}, not %s", v.Kind)
	}
	at := c.pos(v.Start)
	asMap := len(v.Members) == 0
	for _, e := range v.Members {
		if e.Name == "" || strings.ContainsAny(e.Name, "`\n") {
			asMap = true
		}
	}
	if asMap {
		return &grammar.After{Pos: at, Map: c.mapValue(v, at, "ExclusiveStartKey").Map}
	}
	return &grammar.After{Pos: at, Key: c.keyCondition(v, "ExclusiveStartKey")}
}

// ---- expressions

// expr is one expression member being converted.
type expr struct {
	c     *converter
	m     *Member
	e     *ddbexpr.Expr
	raw   string // the JSON string literal, quotes included
	plain bool   // no escapes: offset i of the text is byte i+1 of raw
}

// parse reads an expression member; DynamoDB's grammar must take it.
func (c *converter) parse(m *Member, kind ddbexpr.Kind) *expr {
	v := m.Value
	if v.Kind != String {
		c.failAt(v.Start, "%s is a string, not %s", m.Name, v.Kind)
	}
	raw := string(c.src[v.Start:v.End])
	x := &expr{c: c, m: m, raw: raw, plain: !strings.Contains(raw, `\`)}
	e, err := ddbexpr.Parse(kind, v.Text)
	if err != nil {
		se, ok := err.(*ddbexpr.SyntaxError)
		if !ok {
			c.failAt(v.Start, "%s: %v", m.Name, err)
		}
		c.failPos(x.at(se.Offset), "%s: %s", m.Name, se.Msg)
	}
	x.e = e
	return x
}

// at is the position in the file of byte off of the expression.
func (x *expr) at(off int) diag.Pos {
	if x.plain {
		if off > len(x.raw)-2 {
			off = len(x.raw) - 2
		}
		return x.c.pos(x.m.Value.Start + 1 + off)
	}
	return x.c.pos(x.m.Value.Start + ddbexpr.MapOffset(x.raw, off))
}

func (c *converter) condition(m *Member, kind ddbexpr.Kind) *grammar.Condition {
	x := c.parse(m, kind)
	return x.cond(x.e.Condition)
}

// cond converts a condition: an OR of ANDs, as the DSL's grammar has it.
// DynamoDB's parser nests a AND b AND c as a AND (b AND c); without
// parentheses, that is the DSL's flat list.
func (x *expr) cond(n ddbexpr.Condition) *grammar.Condition {
	out := &grammar.Condition{Pos: x.at(n.Bounds().Start)}
	for _, a := range flatten(n, ddbexpr.Or, nil) {
		and := &grammar.AndCondition{Pos: x.at(a.Bounds().Start)}
		for _, t := range flatten(a, ddbexpr.And, nil) {
			and.And = append(and.And, x.not(t))
		}
		out.Or = append(out.Or, and)
	}
	return out
}

// flatten lists the operands of a chain of op, not looking into
// parentheses.
func flatten(n ddbexpr.Condition, op ddbexpr.Operator, out []ddbexpr.Condition) []ddbexpr.Condition {
	if l, ok := n.(*ddbexpr.Logical); ok && l.Op == op {
		out = flatten(l.Left, op, out)
		return flatten(l.Right, op, out)
	}
	return append(out, n)
}

func (x *expr) not(n ddbexpr.Condition) *grammar.NotCondition {
	at := x.at(n.Bounds().Start)
	out := &grammar.NotCondition{Pos: at}
	switch n := n.(type) {
	case *ddbexpr.Not:
		out.Not = x.not(n.X)
	case *ddbexpr.ParenCondition:
		out.Group = x.cond(n.X)
	case *ddbexpr.Logical:
		// Only in parentheses, which ParenCondition covers; kept for safety.
		out.Group = x.cond(n)
	case *ddbexpr.Comparison:
		out.Compare = &grammar.Comparison{Pos: at, Left: x.operand(n.Left), Op: string(n.Op), Right: x.operand(n.Right)}
	case *ddbexpr.Between:
		out.Compare = &grammar.Comparison{Pos: at, Left: x.operand(n.X), Low: x.operand(n.Low), High: x.operand(n.High)}
	case *ddbexpr.In:
		cmp := &grammar.Comparison{Pos: at, Left: x.operand(n.X)}
		for _, o := range n.List {
			cmp.In = append(cmp.In, x.operand(o))
		}
		out.Compare = cmp
	case *ddbexpr.Function:
		out.Compare = &grammar.Comparison{Pos: at, Left: x.operand(n)}
	default:
		x.c.failPos(at, "%s: this condition has no form in the DSL", x.m.Name)
	}
	return out
}

// operand converts a path, a :value or a function call; the DSL has no
// parentheses around operands, and needs none.
func (x *expr) operand(o ddbexpr.Operand) *grammar.Operand {
	o = ddbexpr.Unparen(o)
	at := x.at(o.Bounds().Start)
	out := &grammar.Operand{Pos: at}
	switch o := o.(type) {
	case *ddbexpr.Path:
		out.Path = x.path(o)
	case *ddbexpr.ValuePlaceholder:
		out.Value = x.value(o)
	case *ddbexpr.Function:
		call := &grammar.Call{Pos: at, Func: o.Name}
		for _, a := range o.Args {
			call.Args = append(call.Args, x.operand(a))
		}
		out.Call = call
	default:
		x.c.failPos(at, "%s: an operand with + or - stands only as the value of a SET action", x.m.Name)
	}
	return out
}

// path converts a document path, resolving #name placeholders.
func (x *expr) path(p *ddbexpr.Path) *grammar.Path {
	out := &grammar.Path{Pos: x.at(p.Start)}
	for i, s := range p.Segments {
		at := x.at(s.Start)
		if s.Kind == ddbexpr.IndexSegment {
			if s.Index < 0 {
				x.c.failPos(at, "%s: the list index %s is too large", x.m.Name, s.Name)
			}
			out.Steps = append(out.Steps, &grammar.PathStep{Pos: at, Index: strconv.Itoa(s.Index)})
			out.Elems = append(out.Elems, grammar.PathElem{Pos: at, Index: s.Index, IsIndex: true})
			continue
		}
		name := s.Name
		switch s.Kind {
		case ddbexpr.NamePlaceholder:
			name = x.name(s.Name, at)
		case ddbexpr.ValueSegment:
			x.c.failPos(at, "%s: a document path cannot hold the value placeholder %s", x.m.Name, s.Name)
		}
		pn := x.c.pathName(name, at, func() string {
			if s.Kind == ddbexpr.NamePlaceholder {
				return " (" + s.Name + " in ExpressionAttributeNames)"
			}
			return ""
		})
		if i == 0 {
			out.First = pn
		} else {
			// The "." stands right after the previous segment.
			out.Steps = append(out.Steps, &grammar.PathStep{Pos: x.at(p.Segments[i-1].End), Field: pn})
		}
		out.Elems = append(out.Elems, grammar.PathElem{Pos: at, Name: name})
	}
	return out
}

// name resolves a #name placeholder.
func (x *expr) name(ph string, at diag.Pos) string {
	def := x.c.names[ph]
	if def == nil {
		x.c.failPos(at, "%s: %s is not defined: add it to ExpressionAttributeNames, like %q: \"attributeName\"", x.m.Name, ph, ph)
	}
	x.c.used[ph] = true
	x.c.out.Placeholders = append(x.c.out.Placeholders, PlaceholderUse{Name: ph, Pos: at, Def: def})
	return def.Value.Text
}

// value resolves a :value placeholder into the literal it stands for,
// standing where the placeholder is used.
func (x *expr) value(ph *ddbexpr.ValuePlaceholder) *grammar.Value {
	at := x.at(ph.Start)
	def := x.c.values[ph.Name]
	if def == nil {
		x.c.failPos(at, "%s: %s is not defined: add it to ExpressionAttributeValues, like %q: {\"S\": \"text\"}", x.m.Name, ph.Name, ph.Name)
	}
	x.c.used[ph.Name] = true
	v := x.c.value(def.Value, at, ph.Name)
	x.c.out.Placeholders = append(x.c.out.Placeholders, PlaceholderUse{Name: ph.Name, Pos: at, Def: def, Value: v})
	return v
}

// update converts an UpdateExpression: its sections of each kind become
// one DSL clause of that kind.
func (c *converter) update(m *Member, clause func(*Member, grammar.ClauseID) diag.Pos) {
	x := c.parse(m, ddbexpr.UpdateExpression)
	st := c.st
	var first [ddbexpr.Delete + 1]*ddbexpr.Section
	for _, s := range x.e.Update.Sections {
		if first[s.Kind] == nil {
			first[s.Kind] = s
		}
		for _, a := range s.Actions {
			at := x.at(a.Start)
			path := x.path(a.Path)
			switch s.Kind {
			case ddbexpr.Set:
				act := &grammar.SetAction{Pos: at, Path: path}
				if ar, ok := ddbexpr.Unparen(a.Value).(*ddbexpr.Arithmetic); ok {
					act.Left, act.Op, act.Right = x.operand(ar.Left), string(ar.Op), x.operand(ar.Right)
				} else {
					act.Left = x.operand(a.Value)
				}
				st.Sets = append(st.Sets, act)
			case ddbexpr.Remove:
				st.Removes = append(st.Removes, path)
			case ddbexpr.Add, ddbexpr.Delete:
				v := x.value(a.Value.(*ddbexpr.ValuePlaceholder))
				if v.Type == grammar.TypeN && strings.HasPrefix(v.Text, "-") {
					// The DSL's lexer reads `add n -5` as n minus 5.
					c.failPos(v.Pos, "%s: %s of the negative number %s cannot be written in the DSL yet: it reads \"%s %s %s\" as %s minus %s",
						m.Name, s.Kind, v.Text, strings.ToLower(s.Kind.String()), grammar.FormatPath(path), v.Text, grammar.FormatPath(path), v.Text[1:])
				}
				if s.Kind == ddbexpr.Add {
					st.Adds = append(st.Adds, &grammar.ValueAction{Pos: at, Path: path, Value: v})
				} else {
					st.Deletes = append(st.Deletes, &grammar.ValueAction{Pos: at, Path: path, Value: v})
				}
			}
		}
	}
	ids := [...]grammar.ClauseID{ddbexpr.Set: grammar.ClauseSet, ddbexpr.Remove: grammar.ClauseRemove, ddbexpr.Add: grammar.ClauseAdd, ddbexpr.Delete: grammar.ClauseDelete}
	for k := ddbexpr.Set; k <= ddbexpr.Delete; k++ {
		if s := first[k]; s != nil {
			st.Written = append(st.Written, grammar.ClauseAt{Clause: ids[k], Pos: x.at(s.KeywordSpan.Start)})
		}
	}
}

// ---- import

// ImportComment is the line `dynexpr import` writes above a request's
// statement: # FILE:LINE (COMMAND).
func (r *Request) ImportComment() string {
	return fmt.Sprintf("# %s:%d (%s)", r.File.Name, r.File.Pos(r.Obj.Start).Line, r.Command)
}

// ImportText writes statements converted from requests as `dynexpr import`
// prints them: each in the DSL's canonical layout under its request's
// ImportComment, separated by ";" and a blank line. A label names one
// statement: a later request of the same name is written without it.
func ImportText(reqs []*Request, stmts []*grammar.Statement) string {
	var b strings.Builder
	labels := map[string]bool{}
	for i, st := range stmts {
		if st.Label != nil {
			if labels[st.Label.Name] {
				unlabelled := *st
				unlabelled.Label = nil
				st = &unlabelled
			} else {
				labels[st.Label.Name] = true
			}
		}
		if i > 0 {
			b.WriteString(";\n\n")
		}
		b.WriteString(reqs[i].ImportComment())
		b.WriteString("\n")
		b.WriteString(grammar.Format(st))
	}
	if len(stmts) > 0 {
		b.WriteString("\n")
	}
	return b.String()
}

// ---- normal form

// Normalize writes what the request asks DynamoDB for, in a form where two
// requests DynamoDB treats the same come out the same: every placeholder
// replaced by the name (quoted) or the value (DynamoDB JSON) it stands for;
// parentheses dropped, the grouping they make kept in the form; chains of
// AND and of OR flattened; a comparison with the value first mirrored (:v <
// a is a > :v); the sections of an UpdateExpression in the order SET,
// REMOVE, ADD, DELETE; members at DynamoDB's default left out
// (ConsistentRead false, ScanIndexForward true, ReturnValues NONE, Select
// SPECIFIC_ATTRIBUTES beside a ProjectionExpression, ReturnConsumedCapacity
// NONE, ...); the other members as canonical JSON. One member a line, in
// name order, after the command. An expression DynamoDB's grammar rejects,
// or an undefined placeholder, is an error.
func (r *Request) Normalize() (string, error) {
	obj := r.Obj
	n := &normalizer{names: map[string]string{}, values: map[string]*Value{}}
	if m := obj.Get("ExpressionAttributeNames"); m != nil {
		for _, e := range m.Members {
			if e.Value.Kind == String {
				n.names[e.Name] = e.Value.Text
			}
		}
	}
	if m := obj.Get("ExpressionAttributeValues"); m != nil {
		for _, e := range m.Members {
			n.values[e.Name] = e.Value
		}
	}
	var lines []string
	for _, m := range obj.Members {
		v := m.Value
		switch m.Name {
		case "command", "ExpressionAttributeNames", "ExpressionAttributeValues":
			continue
		case "ConsistentRead":
			if v.Kind == Bool && v.Text == "false" {
				continue
			}
		case "ScanIndexForward":
			if v.Kind == Bool && v.Text == "true" {
				continue
			}
		case "ReturnValues":
			if v.Kind == String && v.Text == "NONE" {
				continue
			}
		case "Select":
			if v.Kind == String && v.Text == "SPECIFIC_ATTRIBUTES" && obj.Get("ProjectionExpression") != nil {
				continue
			}
		}
		if def, ok := returnOnly[m.Name]; ok && v.Kind == String && v.Text == def {
			continue
		}
		if kind, ok := ddbexpr.KindOf(m.Name); ok && v.Kind == String {
			e, err := ddbexpr.Parse(kind, v.Text)
			if e == nil {
				return "", fmt.Errorf("%s: %v", m.Name, err)
			}
			n.b.Reset()
			n.node(e.Root())
			if n.err != nil {
				return "", fmt.Errorf("%s: %v", m.Name, n.err)
			}
			lines = append(lines, m.Name+" "+n.b.String())
			continue
		}
		var b strings.Builder
		canonicalJSON(&b, v)
		lines = append(lines, m.Name+" "+b.String())
	}
	sort.Strings(lines)
	return "command " + r.Command + "\n" + strings.Join(lines, "\n") + "\n", nil
}

type normalizer struct {
	names  map[string]string
	values map[string]*Value
	b      strings.Builder
	err    error
}

var mirrorOp = map[ddbexpr.Operator]ddbexpr.Operator{
	ddbexpr.Equal: ddbexpr.Equal, ddbexpr.NotEqual: ddbexpr.NotEqual,
	ddbexpr.Less: ddbexpr.Greater, ddbexpr.LessEqual: ddbexpr.GreaterEqual,
	ddbexpr.Greater: ddbexpr.Less, ddbexpr.GreaterEqual: ddbexpr.LessEqual,
}

func (n *normalizer) node(x ddbexpr.Node) {
	b := &n.b
	switch x := x.(type) {
	case ddbexpr.Condition:
		n.cond(x)
	case *ddbexpr.Projection:
		b.WriteString("PROJECT(")
		for i, p := range x.Paths {
			if i > 0 {
				b.WriteString(", ")
			}
			n.operand(p)
		}
		b.WriteString(")")
	case *ddbexpr.Update:
		for k := ddbexpr.Set; k <= ddbexpr.Delete; k++ {
			for _, s := range x.Sections {
				if s.Kind != k {
					continue
				}
				b.WriteString(k.String() + "(")
				for i, a := range s.Actions {
					if i > 0 {
						b.WriteString("; ")
					}
					n.operand(a.Path)
					switch k {
					case ddbexpr.Set:
						b.WriteString(" = ")
						n.operand(a.Value)
					case ddbexpr.Add, ddbexpr.Delete:
						b.WriteString(" ")
						n.operand(a.Value)
					}
				}
				b.WriteString(") ")
			}
		}
	}
}

func flattenAll(c ddbexpr.Condition, op ddbexpr.Operator, out []ddbexpr.Condition) []ddbexpr.Condition {
	c = ddbexpr.UnparenCondition(c)
	if l, ok := c.(*ddbexpr.Logical); ok && l.Op == op {
		out = flattenAll(l.Left, op, out)
		return flattenAll(l.Right, op, out)
	}
	return append(out, c)
}

func isValuePlaceholder(o ddbexpr.Operand) bool {
	_, ok := ddbexpr.Unparen(o).(*ddbexpr.ValuePlaceholder)
	return ok
}

func (n *normalizer) cond(c ddbexpr.Condition) {
	b := &n.b
	switch c := ddbexpr.UnparenCondition(c).(type) {
	case *ddbexpr.Logical:
		b.WriteString(string(c.Op) + "(")
		for i, t := range flattenAll(c, c.Op, nil) {
			if i > 0 {
				b.WriteString(", ")
			}
			n.cond(t)
		}
		b.WriteString(")")
	case *ddbexpr.Not:
		b.WriteString("NOT(")
		n.cond(c.X)
		b.WriteString(")")
	case *ddbexpr.Comparison:
		l, r, op := c.Left, c.Right, c.Op
		if isValuePlaceholder(l) && !isValuePlaceholder(r) {
			l, r, op = r, l, mirrorOp[op]
		}
		b.WriteString("(")
		n.operand(l)
		b.WriteString(" " + string(op) + " ")
		n.operand(r)
		b.WriteString(")")
	case *ddbexpr.Between:
		b.WriteString("BETWEEN(")
		n.operand(c.X)
		b.WriteString(", ")
		n.operand(c.Low)
		b.WriteString(", ")
		n.operand(c.High)
		b.WriteString(")")
	case *ddbexpr.In:
		b.WriteString("IN(")
		n.operand(c.X)
		b.WriteString(";")
		for _, o := range c.List {
			b.WriteString(" ")
			n.operand(o)
		}
		b.WriteString(")")
	case *ddbexpr.Function:
		n.operand(c)
	}
}

func (n *normalizer) operand(o ddbexpr.Operand) {
	b := &n.b
	switch o := ddbexpr.Unparen(o).(type) {
	case *ddbexpr.Path:
		for i, s := range o.Segments {
			switch s.Kind {
			case ddbexpr.IndexSegment:
				b.WriteString("[" + strconv.Itoa(s.Index) + "]")
				continue
			case ddbexpr.NamePlaceholder:
				name, ok := n.names[s.Name]
				if !ok && n.err == nil {
					n.err = fmt.Errorf("%s is not defined in ExpressionAttributeNames", s.Name)
				}
				if i > 0 {
					b.WriteString(".")
				}
				b.WriteString(strconv.Quote(name))
			case ddbexpr.NameSegment:
				if i > 0 {
					b.WriteString(".")
				}
				b.WriteString(strconv.Quote(s.Name))
			default:
				if n.err == nil {
					n.err = fmt.Errorf("the document path holds the value placeholder %s", s.Name)
				}
			}
		}
	case *ddbexpr.ValuePlaceholder:
		v, ok := n.values[o.Name]
		if !ok {
			if n.err == nil {
				n.err = fmt.Errorf("%s is not defined in ExpressionAttributeValues", o.Name)
			}
			return
		}
		canonicalJSON(b, v)
	case *ddbexpr.Function:
		b.WriteString(o.Name + "(")
		for i, a := range o.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			n.operand(a)
		}
		b.WriteString(")")
	case *ddbexpr.Arithmetic:
		b.WriteString("(")
		n.operand(o.Left)
		b.WriteString(" " + string(o.Op) + " ")
		n.operand(o.Right)
		b.WriteString(")")
	}
}

// canonicalJSON writes v with the members of every object in name order.
func canonicalJSON(b *strings.Builder, v *Value) {
	switch v.Kind {
	case Object:
		ms := make([]string, len(v.Members))
		idx := map[string]int{}
		for i, m := range v.Members {
			ms[i] = m.Name
			idx[m.Name] = i
		}
		sort.Strings(ms)
		b.WriteString("{")
		for i, name := range ms {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(strconv.Quote(name) + ":")
			canonicalJSON(b, v.Members[idx[name]].Value)
		}
		b.WriteString("}")
	case Array:
		b.WriteString("[")
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(",")
			}
			canonicalJSON(b, e)
		}
		b.WriteString("]")
	case String:
		b.WriteString(strconv.Quote(v.Text))
	case Null:
		b.WriteString("null")
	default:
		b.WriteString(v.Text)
	}
}
