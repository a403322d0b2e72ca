package validate

// Rules about table and index keys, and names the schema must know
// (rules.md, "DynamoDB rejections").

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// keyRules are this file's rules, in catalog order.
var keyRules = []*Rule{
	unknownTable,
	unknownIndex,
	invalidName,
	keyTypeMismatch,
	keyConditionInvalid,
	filterOnKey,
	keyIncomplete,
	updateKeyAttribute,
	keyAttributeNested,
}

// DynamoDB's messages for the rules of this file.
const (
	msgResourceNotFound = "Requested resource not found"
	msgNoSuchIndex      = "The table does not have the specified index: %s"

	msgTypeMismatchKey      = "One or more parameter values were invalid: Type mismatch for key %s expected: %s actual: %s"
	msgTypeMismatchIndexKey = "One or more parameter values were invalid: Type mismatch for Index Key %s Expected: %s Actual: %s IndexName: %s"
	msgConditionType        = "One or more parameter values were invalid: Condition parameter type does not match schema type"
	msgIndexKeyUnsupported  = "The update expression attempted to update the secondary index key to unsupported type"
	msgKeyElement           = "The provided key element does not match the schema"
	msgMissingKey           = "One or more parameter values were invalid: Missing the key %s in the item"
	msgStartKey             = "The provided starting key is invalid"
	msgOperandDataType      = "An operand in the update expression has an incorrect data type"
	msgNoSuchAttribute      = "The provided expression refers to an attribute that does not exist in the item"
	msgStartKeyScan         = "The provided starting key is invalid: The provided key element does not match the schema"

	msgKCInvalidOp    = "Invalid operator used in KeyConditionExpression: %s"
	msgKCNestedOp     = "KeyConditionExpressions cannot contain nested operations"
	msgKCNestedAttr   = "KeyConditionExpressions cannot have conditions on nested attributes"
	msgKCMultiAttr    = "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"
	msgKCNoAttr       = "Invalid condition in KeyConditionExpression: No key attribute specified"
	msgKCFirstOperand = "Invalid condition in KeyConditionExpression: %s operator must have the key attribute as its first operand"
	msgKCOnePerKey    = "KeyConditionExpressions must only contain one condition per key"
	msgKCNotSupported = "Query key condition not supported"
	msgKCMissed       = "Query condition missed key schema element: %s"
	msgKCBeginsWithN  = "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"

	msgFilterOnKey    = "Filter Expression can only contain non-primary key attributes: Primary key attribute: %s"
	msgUpdateKey      = "One or more parameter values were invalid: Cannot update attribute %s. This attribute is part of the key"
	msgNestedKey      = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: %s"
	msgNestedIndexKey = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: %s"
)

// ---------------------------------------------------------------------------
// unknown-table, unknown-index

var unknownTable = &Rule{
	Name:     "unknown-table",
	BadInput: true,
	Severity: Error,
	Title:    "a table the schema does not have",
	Why: `The statement names a table that none of the schema files defines. Either the
name is misspelt (names are case-sensitive), or the schema is missing the table;
DynamoDB answers a request for a table that does not exist with
ResourceNotFoundException, "Requested resource not found".`,
	DynamoMessage: msgResourceNotFound + " (ResourceNotFoundException)",
	Bad:           `get Ticket key id = "a91f"`,
	Good:          `get Tickets key id = "a91f"`,
	AppliesTo:     "every statement",
	NeedsSchema:   true,
	check:         checkUnknownTable,
}

func checkUnknownTable(p *Pass) {
	st := p.Stmt
	if p.Table != nil || p.Schema == nil || st.Table == nil || tableNameProblem(st.Table.Name) != "" {
		return
	}
	name := st.Table.Name
	names := p.Schema.TableNames()
	if s := schema.Suggest(name, names); s != "" {
		p.ReportAt(Error, st.Table.Pos, s, "no table %q in the schema; DynamoDB answers %q (ResourceNotFoundException). Did you mean %s?",
			name, msgResourceNotFound, s)
		return
	}
	p.ReportAt(Error, st.Table.Pos, "", "no table %q in the schema (it has %s); DynamoDB answers %q (ResourceNotFoundException). Write one of those, or add the table to the schema",
		name, nameList(names), msgResourceNotFound)
}

var unknownIndex = &Rule{
	Name:     "unknown-index",
	BadInput: true,
	Severity: Error,
	Title:    "an index the table does not have",
	Why: `The statement reads an index that the schema does not define on its table.
Index names are case-sensitive, and an index belongs to one table: DynamoDB
refuses the request.`,
	DynamoMessage: fmt.Sprintf(msgNoSuchIndex, "nope-index"),
	Bad:           `query Tickets index open-ticket-index key openBucket = "OPEN"`,
	Good:          `query Tickets index open-tickets-index key openBucket = "OPEN"`,
	AppliesTo:     "query and scan with index",
	NeedsSchema:   true,
	check:         checkUnknownIndex,
}

func checkUnknownIndex(p *Pass) {
	st, t := p.Stmt, p.Table
	if t == nil || st.Index == nil || p.Index != nil || tableNameProblem(st.Index.Name) != "" {
		return
	}
	name := st.Index.Name
	msg := fmt.Sprintf(msgNoSuchIndex, name)
	names := t.IndexNames()
	switch s := schema.Suggest(name, names); {
	case s != "":
		p.ReportAt(Error, st.Index.Pos, s, "table %s has no index %q; DynamoDB answers %q. Did you mean %s?", t.Name, name, msg, s)
	case len(names) == 0:
		p.ReportAt(Error, st.Index.Pos, "", "table %s has no indexes, so no %q; DynamoDB answers %q. Read the table itself: drop index %s",
			t.Name, name, msg, name)
	default:
		p.ReportAt(Error, st.Index.Pos, "", "table %s has no index %q (it has %s); DynamoDB answers %q. Write one of those",
			t.Name, name, nameList(names), msg)
	}
}

// nameList writes names for messages: a, b, c (at most 10, then "...").
func nameList(names []string) string {
	if len(names) > 10 {
		return strings.Join(names[:10], ", ") + ", ..."
	}
	return strings.Join(names, ", ")
}

// ---------------------------------------------------------------------------
// invalid-name

var invalidName = &Rule{
	Name:     "invalid-name",
	Severity: Error,
	Title:    "a table, index or attribute name DynamoDB does not allow",
	Why: `Table and index names are 3 to 255 characters of letters, digits, _, - and .;
DynamoDB refuses any other name before it looks for the table. Attribute names
may not be empty; a key attribute's name is at most 255 bytes, any other
attribute's at most 65535 bytes.`,
	DynamoMessage: "1 validation error detected: Value 'T' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
	Bad:           `get T key id = "a91f"`,
	Good:          `get Tickets key id = "a91f"`,
	AppliesTo:     "every statement: table and index names, attribute names in paths, keys and items",
	check:         checkInvalidName,
}

const (
	maxKeyNameBytes  = 255
	maxAttrNameBytes = 65535
)

// tableNameProblem says what DynamoDB's model refuses in a table or index
// name, in its own words (joined with "; "), or "".
func tableNameProblem(name string) string {
	var problems []string
	switch n := utf8.RuneCountInString(name); {
	case n < 3:
		problems = append(problems, "Member must have length greater than or equal to 3")
	case n > 255:
		problems = append(problems, "Member must have length less than or equal to 255")
	}
	if badNameChars(name) != "" {
		problems = append(problems, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+")
	}
	return strings.Join(problems, "; ")
}

// badNameChars returns the characters of name outside [A-Za-z0-9_.-], each
// once, quoted for a message.
func badNameChars(name string) string {
	var bad []string
	seen := map[rune]bool{}
	for _, r := range name {
		ok := r == '_' || r == '.' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !ok && !seen[r] {
			seen[r] = true
			bad = append(bad, strconv.QuoteRune(r))
		}
	}
	return strings.Join(bad, ", ")
}

func checkInvalidName(p *Pass) {
	st := p.Stmt
	for _, ref := range []struct {
		tr    *grammar.TableRef
		what  string
		field string
	}{{st.Table, "table", "tableName"}, {st.Index, "index", "indexName"}} {
		if ref.tr == nil {
			continue
		}
		name := ref.tr.Name
		problem := tableNameProblem(name)
		if problem == "" {
			continue
		}
		n := strings.Count(problem, "; ") + 1
		var parts []string
		for _, c := range strings.Split(problem, "; ") {
			parts = append(parts, fmt.Sprintf("Value '%s' at '%s' failed to satisfy constraint: %s", shortName(name), ref.field, c))
		}
		errs := "1 validation error detected: "
		if n > 1 {
			errs = fmt.Sprintf("%d validation errors detected: ", n)
		}
		var what []string
		if l := utf8.RuneCountInString(name); l < 3 || l > 255 {
			what = append(what, fmt.Sprintf("is %d character%s long", l, plural(l)))
		}
		if bad := badNameChars(name); bad != "" {
			what = append(what, "has "+bad)
		}
		p.Reportf(ref.tr.Pos, "%s name %q %s; DynamoDB %s names are 3 to 255 characters of letters, digits, _, - and . (DynamoDB: %q). Write the %s's name as DynamoDB knows it",
			ref.what, shortName(name), strings.Join(what, " and "), ref.what, errs+strings.Join(parts, "; "), ref.what)
	}
	checkName := func(name string, at diag.Pos, key bool) {
		switch {
		case name == "":
			p.Reportf(at, "an attribute name cannot be empty: DynamoDB refuses an empty name in a path, key or item; name the attribute")
		case key && len(name) > maxKeyNameBytes:
			p.Reportf(at, "key attribute name %q is %d bytes; DynamoDB allows key attribute names of at most %d bytes. Use the key attribute's name as the table defines it",
				shortName(name), len(name), maxKeyNameBytes)
		case len(name) > maxAttrNameBytes:
			p.Reportf(at, "attribute name %q is %d bytes; DynamoDB allows attribute names of at most %d bytes. Use a shorter name",
				shortName(name), len(name), maxAttrNameBytes)
		}
	}
	for _, pp := range p.statementPaths() {
		for _, e := range pp.path.Elems {
			if !e.IsIndex {
				checkName(e.Name, e.Pos, pp.place == inKey && len(pp.path.Elems) == 1)
			}
		}
	}
	if st.Item != nil && st.Item.Map != nil {
		for _, e := range st.Item.Map.Entries {
			key := p.Table != nil && (p.Table.IsKey(e.Key) || len(p.Table.IndexesWithKey(e.Key)) > 0)
			checkName(e.Key, e.Pos, key)
		}
	}
	if st.After != nil && st.After.Map != nil {
		for _, e := range st.After.Map.Entries {
			checkName(e.Key, e.Pos, true)
		}
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// shortName cuts a long name for a message.
func shortName(name string) string {
	if len(name) <= 40 {
		return name
	}
	cut := 32
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut] + "..."
}

// ---------------------------------------------------------------------------
// key-type-mismatch

var keyTypeMismatch = &Rule{
	Name:     "key-type-mismatch",
	Severity: Error,
	Title:    "a key value whose type differs from the key attribute's type",
	Why: `Every key attribute of a table or index has one type, S, N or B, declared in
the table's AttributeDefinitions. A value of another type for it (a number for a
string key, null, a map, a list or a set) is refused: in a get, update or delete
key, in a put item (for the table's and the indexes' key attributes), in a query's
key condition, in a start key, and in an update that sets an index key.`,
	DynamoMessage: fmt.Sprintf(msgTypeMismatchKey, "id", "S", "N") + "; " +
		fmt.Sprintf(msgTypeMismatchIndexKey, "openBucket", "S", "N", "open-tickets-index") + "; " + msgConditionType,
	Bad:         `put Tickets item {id: 42, subject: "printer"}`,
	Good:        `put Tickets item {id: "42", subject: "printer"}`,
	AppliesTo:   "get, update, delete (key), put (item), query (key condition), after (start key), update (set of an index key)",
	NeedsSchema: true,
	check:       checkKeyTypeMismatch,
}

func checkKeyTypeMismatch(p *Pass) {
	t, st := p.Table, p.Stmt
	if t == nil {
		return
	}
	switch st.Kind {
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete:
		terms, _ := itemKeyTerms(st, st.Key)
		for _, k := range terms {
			if want := t.AttrType(k.attr); t.IsKey(k.attr) && mismatched(k.value, want) {
				p.ReportAt(Error, k.value.Pos, retyped(k.value, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
					tableKeyRole(t, k.attr), typeWord(want), valueIs(k.value), msgKeyElement, writeAs(k.value, want))
			}
		}
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			return
		}
		for _, e := range st.Item.Map.Entries {
			want := t.AttrType(e.Key)
			if !mismatched(e.Value, want) {
				continue
			}
			if t.IsKey(e.Key) {
				p.ReportAt(Error, e.Value.Pos, retyped(e.Value, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
					tableKeyRole(t, e.Key), typeWord(want), valueIs(e.Value),
					fmt.Sprintf(msgTypeMismatchKey, e.Key, want, e.Value.Type), writeAs(e.Value, want))
			} else if ixs := t.IndexesWithKey(e.Key); len(ixs) > 0 {
				p.ReportAt(Error, e.Value.Pos, retyped(e.Value, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
					keyRole(e.Key, ixs), typeWord(want), valueIs(e.Value),
					fmt.Sprintf(msgTypeMismatchIndexKey, e.Key, want, e.Value.Type, ixs[0].Name), writeOrOmit(e.Value, want, e.Key))
			}
		}
	case grammar.KindQuery:
		key, _, ok := queriedKey(p)
		if !ok {
			break
		}
		ks := readKeyCondition(st, st.Key)
		for _, k := range ks.tests {
			want := t.AttrType(k.attr)
			if !key.Has(k.attr) || want == "" {
				continue
			}
			for _, v := range k.values {
				if k.op == "begins_with" && (want == schema.Number || v.Type != grammar.TypeS && v.Type != grammar.TypeB) {
					continue // key-condition-invalid and function-misuse say why
				}
				if mismatched(v, want) {
					p.ReportAt(Error, v.Pos, retyped(v, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
						queriedRole(p, k.attr), typeWord(want), valueIs(v), msgConditionType, writeAs(v, want))
				}
			}
		}
	}
	if st.Kind == grammar.KindUpdate {
		checkIndexKeyUpdates(p)
	}
	if st.After != nil {
		required, ok := startKeyAttrs(p)
		if !ok {
			return
		}
		entries, _ := afterEntries(st)
		for _, e := range entries {
			want := t.AttrType(e.attr)
			if !slices.Contains(required, e.attr) || !mismatched(e.value, want) {
				continue
			}
			p.ReportAt(Error, e.value.Pos, retyped(e.value, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
				startKeyRole(p, e.attr), typeWord(want), valueIs(e.value), startKeyTypeMessage(st), writeAs(e.value, want))
		}
	}
}

// checkIndexKeyUpdates reports update actions that write a value of the
// wrong type into a secondary index's key attribute.
func checkIndexKeyUpdates(p *Pass) {
	t := p.Table
	for _, a := range p.Stmt.Sets {
		if a == nil || a.Path == nil || a.Left == nil {
			continue
		}
		attr := topName(a.Path)
		if len(a.Path.Elems) != 1 || t.IsKey(attr) {
			continue
		}
		ixs := t.IndexesWithKey(attr)
		want := t.AttrType(attr)
		if len(ixs) == 0 || want == "" {
			continue
		}
		indexKey := func(actual string) string {
			return fmt.Sprintf(msgTypeMismatchIndexKey, attr, want, actual, ixs[0].Name)
		}
		switch {
		case a.Op != "":
			if want != schema.Number {
				p.ReportAt(Error, a.Left.Pos, "", "%s, typed %s, and %s %s %s yields a number; DynamoDB refuses the update (%s). Write %s",
					keyRole(attr, ixs), typeWord(want), operandText(a.Left), a.Op, operandText(a.Right),
					computedAnswer(t, schema.Number, a.Left, a.Right), typeExample(want))
			}
		case a.Left.Value != nil:
			v := a.Left.Value
			if mismatched(v, want) {
				p.ReportAt(Error, v.Pos, retyped(v, want), "%s, typed %s, and %s; DynamoDB answers %q.%s",
					keyRole(attr, ixs), typeWord(want), valueIs(v), indexKey(string(v.Type)), writeOrRemove(v, want, attr))
			}
		case a.Left.Call != nil && a.Left.Call.Func == "list_append":
			p.ReportAt(Error, a.Left.Pos, "", "%s, typed %s, and list_append yields a list; DynamoDB refuses the update (%s). Write %s",
				keyRole(attr, ixs), typeWord(want), computedAnswer(t, "L", a.Left.Call.Args...), typeExample(want))
		case a.Left.Call != nil && a.Left.Call.Func == "if_not_exists" && len(a.Left.Call.Args) == 2:
			// The value is the request's own, so DynamoDB names the
			// types, as for set KEY = VALUE.
			if v := a.Left.Call.Args[1].Value; mismatched(v, want) {
				p.ReportAt(Error, v.Pos, retyped(v, want), "%s, typed %s, and %s: where the item has no %s, DynamoDB answers %q.%s",
					keyRole(attr, ixs), typeWord(want), valueIs(v), nameString(attr), indexKey(string(v.Type)), writeAs(v, want))
			}
		}
	}
	for _, a := range p.Stmt.Adds {
		if a == nil || a.Path == nil || a.Value == nil {
			continue
		}
		attr := topName(a.Path)
		if len(a.Path.Elems) != 1 || t.IsKey(attr) {
			continue
		}
		ixs := t.IndexesWithKey(attr)
		if want := t.AttrType(attr); len(ixs) > 0 && mismatched(a.Value, want) {
			p.ReportAt(Error, a.Value.Pos, "", "%s, typed %s, and add writes %s into it; DynamoDB refuses the update: where the item has no %s it answers %q, and where it holds one, %q. Write set %s = VALUE, with VALUE %s",
				keyRole(attr, ixs), typeWord(want), grammar.TypeWord(a.Value.Type), nameString(attr),
				fmt.Sprintf(msgTypeMismatchIndexKey, attr, want, a.Value.Type, ixs[0].Name), msgOperandDataType,
				nameString(attr), typeExample(want))
		}
	}
}

// computedAnswer is what DynamoDB answers an update that writes the result
// of + or - (need N) or list_append (need L) into an index key of another
// type. An operand that is a key attribute of another type fails the
// operator itself: DynamoDB then answers that the operand has an incorrect
// data type. Otherwise the operator runs and its result is refused as the
// key's new value. Either way an operand the item lacks fails first.
func computedAnswer(t *schema.Table, need schema.Type, operands ...*grammar.Operand) string {
	reads := false
	for _, o := range operands {
		if o == nil || o.Path == nil {
			continue
		}
		reads = true
		if len(o.Path.Elems) != 1 {
			continue
		}
		if have := t.AttrType(topName(o.Path)); have != "" && have != need {
			return fmt.Sprintf("%q where the item holds %s, %q where it has none", msgOperandDataType, pathString(o.Path), msgNoSuchAttribute)
		}
	}
	if !reads {
		return strconv.Quote(msgIndexKeyUnsupported)
	}
	return fmt.Sprintf("%q, or %q where the item lacks an attribute it reads", msgIndexKeyUnsupported, msgNoSuchAttribute)
}

// mismatched reports whether v, a value for an attribute declared want, has
// another type. Unknown types (an unbound parameter, an undeclared
// attribute) never mismatch.
func mismatched(v *grammar.Value, want schema.Type) bool {
	return v != nil && want != "" && v.Type != "" && v.Type != grammar.TypeParam && string(v.Type) != string(want)
}

// typeWord writes a declared type for messages: S (a string).
func typeWord(t schema.Type) string {
	return fmt.Sprintf("%s (%s)", t, grammar.TypeWord(grammar.ValueType(t)))
}

// typeExample is a value of type t for messages.
func typeExample(t schema.Type) string {
	switch t {
	case schema.Number:
		return "a number"
	case schema.Binary:
		return `binary, like b"AQID"`
	}
	return `a string, like "x"`
}

// valueIs says what type v has, for messages: `42 is a number`, `the value
// is a map`.
func valueIs(v *grammar.Value) string {
	switch v.Type {
	case grammar.TypeS, grammar.TypeB, grammar.TypeN, grammar.TypeBOOL:
		if s := literalText(v); len(s) <= 40 {
			return s + " is " + grammar.TypeWord(v.Type)
		}
	}
	return "the value is " + grammar.TypeWord(v.Type)
}

// retyped writes v as the type want when that is plain (5 as "5", "5" as
// 5), or "".
func retyped(v *grammar.Value, want schema.Type) string {
	switch {
	case want == schema.String && (v.Type == grammar.TypeN || v.Type == grammar.TypeBOOL):
		return strconv.Quote(v.Text)
	case want == schema.Number && v.Type == grammar.TypeS && grammar.IsNumberText(v.Text):
		return v.Text
	}
	return ""
}

// writeAs says what to write instead of v.
func writeAs(v *grammar.Value, want schema.Type) string {
	if s := retyped(v, want); s != "" {
		return " Write " + s
	}
	return " Write " + typeExample(want)
}

// writeOrOmit says what to write instead of v in an item, where leaving an
// index key out keeps the item out of the index.
func writeOrOmit(v *grammar.Value, want schema.Type, attr string) string {
	return writeAs(v, want) + ", or leave " + nameString(attr) + " out of the item to keep it out of the index"
}

// writeOrRemove is writeOrOmit for an update.
func writeOrRemove(v *grammar.Value, want schema.Type, attr string) string {
	return writeAs(v, want) + ", or remove " + nameString(attr) + " to take the item out of the index"
}

// ---------------------------------------------------------------------------
// key-condition-invalid

var keyConditionInvalid = &Rule{
	Name:     "key-condition-invalid",
	Severity: Error,
	Title:    "a key condition DynamoDB does not accept",
	Why: `A query's key condition picks one partition and, optionally, a range of sort
keys: partition key = VALUE, then at most one test of the sort key (=, <, <=, >,
>=, between, begins_with), the key attribute first. DynamoDB refuses or, not, <>,
in, size() and every other function, nested paths, a test of two attributes or of
none, two tests of one key, a partition key tested with anything but =, a missing
partition key, and attributes that are not the key of the table or index queried
(test those in the filter). begins_with cannot work on a number sort key. An index
with a multi-attribute key takes = on every partition attribute, then tests sort
attributes from left to right, = on all but the last.`,
	DynamoMessage: fmt.Sprintf(msgKCInvalidOp, "OR") + "; " + msgKCNotSupported + "; " + fmt.Sprintf(msgKCMissed, "id"),
	Bad:           `query Tickets index open-tickets-index key openBucket = "OPEN" or openBucket = "HOLD"`,
	Good:          `query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt >= "2026-11-01"`,
	AppliesTo:     "query (key condition)",
	check:         checkKeyConditionInvalid,
}

// keyTest is one test of a query's key condition, read in DynamoDB's terms.
type keyTest struct {
	at     diag.Pos      // where the test stands: its call for begins_with, else its path
	path   *grammar.Path // the attribute tested (top-level)
	attr   string
	op     string           // = < <= > >= between begins_with, as if the attribute stood first
	values []*grammar.Value // the values it is compared with
}

// keyProblem is a key condition DynamoDB refuses whatever the schema.
type keyProblem struct {
	at  diag.Pos
	msg string
}

// keyShape is a key condition read: its well-formed tests and what is wrong
// with the rest.
type keyShape struct {
	st       *grammar.Statement
	tests    []keyTest
	problems []keyProblem
	// unread is set when a test was left to other rules (an unknown
	// function, a wrong arity): what the condition lacks is then unknown.
	unread bool
}

// readKeyCondition reads a query's key condition. Parentheses are fine;
// each problem is recorded once, and a malformed test is not a test.
func readKeyCondition(st *grammar.Statement, c *grammar.Condition) *keyShape {
	ks := &keyShape{st: st}
	ks.cond(c)
	return ks
}

func (ks *keyShape) problem(at diag.Pos, format string, args ...any) {
	ks.problems = append(ks.problems, keyProblem{at, fmt.Sprintf(format, args...)})
}

func (ks *keyShape) cond(c *grammar.Condition) {
	if c == nil {
		return
	}
	for i, a := range c.Or {
		if a == nil {
			continue
		}
		if i > 0 {
			ks.problem(tokenBefore(ks.st, a.Pos, "or"), "a key condition cannot use or: a query reads one partition, and DynamoDB answers %q. Run one query for each alternative",
				fmt.Sprintf(msgKCInvalidOp, "OR"))
			return
		}
		for _, n := range a.And {
			ks.not(n)
		}
	}
}

func (ks *keyShape) not(n *grammar.NotCondition) {
	switch {
	case n == nil:
	case n.Not != nil:
		ks.problem(n.Pos, "a key condition cannot use not; DynamoDB answers %q. Test the sort key with =, <, <=, >, >=, between or begins_with",
			fmt.Sprintf(msgKCInvalidOp, "NOT"))
	case n.Group != nil:
		ks.cond(n.Group)
	case n.Compare != nil:
		ks.compare(n.Compare)
	}
}

// keyConditionFuncs are the condition functions DynamoDB knows but refuses
// in a key condition (begins_with aside); other names are function-misuse's.
var keyConditionFuncs = map[string]bool{
	"attribute_exists": true, "attribute_not_exists": true, "attribute_type": true, "contains": true,
}

func (ks *keyShape) compare(c *grammar.Comparison) {
	if c.Left == nil {
		return
	}
	switch {
	case len(c.In) > 0:
		ks.problem(tokenBefore(ks.st, c.In[0].Pos, "(", "in"), "a key condition cannot use in; DynamoDB answers %q. Run one query for each value",
			fmt.Sprintf(msgKCInvalidOp, "IN"))
		return
	case c.Op == "<>" && c.Right != nil:
		ks.problem(tokenBefore(ks.st, c.Right.Pos, "<>"), "a key condition cannot use <>; DynamoDB answers %q. Test the key with =, <, <=, >, >=, between or begins_with",
			fmt.Sprintf(msgKCInvalidOp, "<>"))
		return
	case c.Op == "" && c.Low == nil:
		call := c.Left.Call
		switch {
		case call == nil:
			ks.unread = true // a bare operand is not a condition: function-misuse's
		case call.Func == "begins_with":
			ks.beginsWith(call)
		case call.Func == "size":
			ks.problem(call.Pos, "a key condition cannot use size(); DynamoDB answers %q. Test the key attribute's value itself", msgKCNestedOp)
		case keyConditionFuncs[call.Func]:
			ks.problem(call.Pos, "a key condition cannot use %s (begins_with is the only function it takes); DynamoDB answers %q. Move the test to the filter",
				call.Func, fmt.Sprintf(msgKCInvalidOp, call.Func))
		default:
			ks.unread = true
		}
		return
	}
	ops := grammar.Operands(c)
	for _, o := range ops {
		if o != nil && o.Call != nil {
			if at, ok := findSize(o); ok {
				ks.problem(at, "a key condition cannot use size(); DynamoDB answers %q. Test the key attribute's value itself", msgKCNestedOp)
			} else {
				ks.unread = true // any other function here is function-misuse's
			}
			return
		}
	}
	var paths []*grammar.Path
	var values []*grammar.Value
	for _, o := range ops {
		switch {
		case o == nil:
		case o.Path != nil:
			paths = append(paths, o.Path)
		case o.Value != nil:
			values = append(values, o.Value)
		}
	}
	if !ks.onePath(c.Pos, paths) {
		return
	}
	path := paths[0]
	op := c.Op
	if c.Low != nil {
		op = "between"
		if c.Left.Path == nil {
			ks.problem(c.Pos, "between takes the key attribute first; DynamoDB answers %q. Write %s between LOW and HIGH",
				fmt.Sprintf(msgKCFirstOperand, "BETWEEN"), pathString(path))
			return
		}
	} else if c.Left.Path == nil {
		op = mirror(op)
	}
	ks.tests = append(ks.tests, keyTest{at: path.Pos, path: path, attr: topName(path), op: op, values: values})
}

// onePath checks that a test names exactly one top-level attribute.
func (ks *keyShape) onePath(at diag.Pos, paths []*grammar.Path) bool {
	switch {
	case len(paths) == 0:
		ks.problem(at, "this test names no attribute; DynamoDB answers %q. Write KEY = VALUE, the key attribute first", msgKCNoAttr)
		return false
	case len(paths) > 1:
		ks.problem(paths[1].Pos, "this test compares two attributes, %q and %q; a key condition compares one key attribute with values, and DynamoDB answers %q. Compare %s with a value, and move the other test to the filter",
			pathString(paths[0]), pathString(paths[1]), msgKCMultiAttr, pathString(paths[0]))
		return false
	case len(paths[0].Elems) > 1:
		ks.problem(paths[0].Pos, "%q is a nested path, and a key condition tests top-level key attributes only; DynamoDB answers %q. Test %s itself, or move the test to the filter",
			pathString(paths[0]), msgKCNestedAttr, nameString(topName(paths[0])))
		return false
	}
	return true
}

func (ks *keyShape) beginsWith(call *grammar.Call) {
	if len(call.Args) != 2 || call.Args[0] == nil || call.Args[1] == nil {
		ks.unread = true // wrong arity: function-misuse's
		return
	}
	for _, a := range call.Args {
		if a.Call != nil {
			if at, ok := findSize(a); ok {
				ks.problem(at, "a key condition cannot use size(); DynamoDB answers %q. Test the key attribute's value itself", msgKCNestedOp)
			} else {
				ks.unread = true
			}
			return
		}
	}
	var paths []*grammar.Path
	for _, a := range call.Args {
		if a.Path != nil {
			paths = append(paths, a.Path)
		}
	}
	if !ks.onePath(call.Pos, paths) {
		return
	}
	first, second := call.Args[0], call.Args[1]
	if first.Path == nil {
		ks.problem(call.Pos, "begins_with takes the key attribute first; DynamoDB answers %q. Write begins_with(%s, %s)",
			fmt.Sprintf(msgKCFirstOperand, "begins_with"), pathString(second.Path), operandText(first))
		return
	}
	var values []*grammar.Value
	if second.Value != nil {
		values = append(values, second.Value)
	}
	ks.tests = append(ks.tests, keyTest{at: call.Pos, path: first.Path, attr: topName(first.Path), op: "begins_with", values: values})
}

// findSize returns where a size() call stands in o, if one does.
func findSize(o *grammar.Operand) (diag.Pos, bool) {
	if o == nil || o.Call == nil {
		return diag.Pos{}, false
	}
	if o.Call.Func == "size" {
		return o.Call.Pos, true
	}
	for _, a := range o.Call.Args {
		if at, ok := findSize(a); ok {
			return at, true
		}
	}
	return diag.Pos{}, false
}

// mirror turns an operator around, for a value written before the attribute.
func mirror(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op
}

// operandText writes an operand for a suggestion.
func operandText(o *grammar.Operand) string {
	switch {
	case o == nil:
		return "..."
	case o.Path != nil:
		return pathString(o.Path)
	case o.Value != nil:
		return literalText(o.Value)
	}
	return "..."
}

// queriedKey is the key a query or scan reads: the index's, or the table's.
// ok is false without a schema, or when the table or index is unknown.
func queriedKey(p *Pass) (key schema.Key, owner string, ok bool) {
	switch {
	case p.Table == nil:
		return key, "", false
	case p.Stmt.Index != nil && p.Index == nil:
		return key, "", false
	case p.Index != nil:
		return p.Index.Key, indexName(p.Index), true
	}
	return p.Table.Key, "table " + p.Table.Name, true
}

// indexName writes an index for messages: global secondary index X.
func indexName(ix *schema.Index) string {
	if ix.Global {
		return "global secondary index " + ix.Name
	}
	return "local secondary index " + ix.Name
}

// keyRoleIn says which part of key attr is: "the partition key", "the
// second sort key attribute".
func keyRoleIn(k schema.Key, attr string) string {
	for _, part := range []struct {
		names []string
		word  string
	}{{k.Partition, "partition"}, {k.Sort, "sort"}} {
		for i, a := range part.names {
			if a != attr {
				continue
			}
			if len(part.names) == 1 {
				return "the " + part.word + " key"
			}
			return "the " + ordinal(i+1) + " " + part.word + " key attribute"
		}
	}
	return "a key attribute"
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	case 4:
		return "fourth"
	}
	return strconv.Itoa(n) + "th"
}

// tableKeyRole: `"id" is the partition key of table Tickets`.
func tableKeyRole(t *schema.Table, attr string) string {
	return fmt.Sprintf("%q is %s of table %s", attr, keyRoleIn(t.Key, attr), t.Name)
}

// queriedRole says what attr is in the key a query reads.
func queriedRole(p *Pass, attr string) string {
	if p.Index != nil {
		return fmt.Sprintf("%q is %s of %s", attr, keyRoleIn(p.Index.Key, attr), indexName(p.Index))
	}
	return tableKeyRole(p.Table, attr)
}

// keyNames writes a key's attributes for messages: customerId, id.
func keyNames(k schema.Key) string { return strings.Join(k.Attributes(), ", ") }

func checkKeyConditionInvalid(p *Pass) {
	st := p.Stmt
	if st.Kind != grammar.KindQuery || st.Key == nil {
		return
	}
	ks := readKeyCondition(st, st.Key)
	for _, pr := range ks.problems {
		p.Reportf(pr.at, "%s", pr.msg)
	}
	tested := map[string]*keyTest{}
	var tests []*keyTest
	for i := range ks.tests {
		k := &ks.tests[i]
		if prev := tested[k.attr]; prev != nil {
			p.Reportf(k.path.Pos, "%q is tested twice in this key condition (first at %d:%d); DynamoDB answers %q. For a range, write %s between LOW and HIGH",
				k.attr, prev.path.Pos.Line, prev.path.Pos.Col, msgKCOnePerKey, nameString(k.attr))
			continue
		}
		tested[k.attr] = k
		tests = append(tests, k)
	}
	key, owner, ok := queriedKey(p)
	if !ok {
		return
	}
	parts := len(key.Partition) + len(key.Sort)
	untested := func() string {
		for _, a := range key.Attributes() {
			if tested[a] == nil {
				return a
			}
		}
		return ""
	}
	cited := map[string]bool{}
	for _, k := range tests {
		if key.Has(k.attr) {
			continue
		}
		msg := msgKCNotSupported
		if len(tests) <= parts {
			if missing := untested(); missing != "" {
				msg = fmt.Sprintf(msgKCMissed, missing)
				cited[missing] = true
			}
		}
		p.ReportAt(Error, k.path.Pos, "", "%q is not a key attribute of %s (its key: %s); DynamoDB answers %q. %s",
			k.attr, owner, keyNames(key), msg, nonKeyAdvice(p, k.attr))
	}
	var missing []string
	for _, a := range key.Partition {
		k := tested[a]
		switch {
		case k == nil:
			if !cited[a] {
				missing = append(missing, a)
			}
		case k.op != "=":
			p.ReportAt(Error, k.at, "", "%q is %s of %s, which a query tests with = only (one partition per query), not %s; DynamoDB answers %q. Write %s = VALUE, or scan with a filter to read several partitions",
				a, keyRoleIn(key, a), owner, k.op, msgKCNotSupported, nameString(a))
		}
	}
	if len(missing) > 0 || len(cited) > 0 {
		if len(missing) > 0 && len(ks.problems) == 0 && !ks.unread {
			what := "this key condition does not test"
			for _, s := range key.Sort {
				if tested[s] != nil {
					what = fmt.Sprintf("a test of sort key %q needs the partition key's too, and this key condition does not test", s)
					break
				}
			}
			role := keyRoleIn(key, missing[0])
			if len(missing) > 1 {
				role = "partition key attributes"
			}
			p.ReportAt(Error, st.Key.Pos, "", "%s %s, %s of %s; DynamoDB answers %q. Add %s",
				what, quotedList(missing), role, owner, fmt.Sprintf(msgKCMissed, missing[0]), keyTemplate(missing))
		}
		return // without the partition, the sort key's tests mean nothing yet
	}
	last := -1
	for i, a := range key.Sort {
		if tested[a] != nil {
			last = i
		}
	}
	var gap []string
	for i := 0; i <= last; i++ {
		a := key.Sort[i]
		k := tested[a]
		if k == nil {
			gap = append(gap, a)
			continue
		}
		if len(gap) > 0 {
			var want []string
			for _, g := range gap {
				want = append(want, nameString(g)+" = VALUE")
			}
			p.ReportAt(Error, k.at, "", "%q is %s of %s, and a test of it needs = tests of the sort key attributes before it; this key condition does not test %s, so DynamoDB refuses the query. Add %s, or drop the test of %q",
				a, keyRoleIn(key, a), owner, quotedList(gap), strings.Join(want, " and "), a)
			gap = nil
			continue
		}
		if i < last && k.op != "=" {
			p.ReportAt(Error, k.at, "", "%q is %s of %s, followed by a test of %q: every sort key attribute before the last one tested takes =, not %s, so DynamoDB refuses the query. Write %s = VALUE, or drop the test of %q",
				a, keyRoleIn(key, a), owner, key.Sort[last], k.op, nameString(a), key.Sort[last])
		}
	}
	if last >= 0 {
		k := tested[key.Sort[last]]
		if k.op == "begins_with" && p.Table.AttrType(k.attr) == schema.Number {
			p.ReportAt(Error, k.at, "", "%q is %s of %s and a number, so begins_with cannot test it: DynamoDB refuses a number prefix (%q) and a string one (%q). Write %s between LOW and HIGH",
				k.attr, keyRoleIn(key, k.attr), owner, msgKCBeginsWithN, msgConditionType, nameString(k.attr))
		}
	}
}

// nonKeyAdvice says what to do with a key condition's test of a non-key
// attribute: filter on it, or query an index keyed on it.
func nonKeyAdvice(p *Pass, attr string) string {
	for _, ix := range p.Table.Indexes {
		if len(ix.Key.Partition) > 0 && ix.Key.Partition[0] == attr && ix != p.Index {
			return fmt.Sprintf("Query index %s, which is keyed on it, or move the test to the filter", ix.Name)
		}
	}
	if p.Index != nil && p.Table.IsKey(attr) {
		return "It is a key of the table: query the table, or move the test to the filter"
	}
	return "Move the test to the filter"
}

// quotedList writes names quoted: "a", "b" and "c".
func quotedList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// tokenBefore returns where words stand just before at in the statement's
// text (the nearest first, blanks between), or at itself when they do not:
// the AST keeps no position for keywords such as or and in.
func tokenBefore(st *grammar.Statement, at diag.Pos, words ...string) diag.Pos {
	src := st.Source
	i := at.Offset - st.Pos.Offset
	if at.File != st.Pos.File || i < 0 || i > len(src) {
		return at
	}
	for _, w := range words {
		for i > 0 && strings.IndexByte(" \t\r\n", src[i-1]) >= 0 {
			i--
		}
		if i < len(w) || !strings.EqualFold(src[i-len(w):i], w) {
			return at
		}
		i -= len(w)
		if isWordByte(w[0]) && i > 0 && isWordByte(src[i-1]) {
			return at
		}
	}
	pos := st.Pos
	pos.Offset += i
	head := src[:i]
	if nl := strings.LastIndexByte(head, '\n'); nl >= 0 {
		pos.Line += strings.Count(head, "\n")
		pos.Col = i - nl
	} else {
		pos.Col += i
	}
	return pos
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ---------------------------------------------------------------------------
// filter-on-key

var filterOnKey = &Rule{
	Name:     "filter-on-key",
	Severity: Error,
	Title:    "a query's filter that tests a key attribute of what it queries",
	Why: `A query's key condition already says which key values it reads; its filter may
not test the partition or sort key of the table or index queried. Put the test in
the key condition. (On a query of a global secondary index, the table's own key
attributes are ordinary attributes and may be filtered.)`,
	DynamoMessage: fmt.Sprintf(msgFilterOnKey, "openedAt"),
	Bad:           `query Tickets index open-tickets-index key openBucket = "OPEN" filter openedAt > "2026-11-01"`,
	Good:          `query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt > "2026-11-01"`,
	AppliesTo:     "query (filter)",
	NeedsSchema:   true,
	check:         checkFilterOnKey,
}

func checkFilterOnKey(p *Pass) {
	st := p.Stmt
	if st.Kind != grammar.KindQuery || st.Filter == nil {
		return
	}
	key, owner, ok := queriedKey(p)
	if !ok {
		return
	}
	seen := map[string]bool{}
	for _, path := range grammar.ConditionPaths(st.Filter) {
		attr := topName(path)
		// A nested path into a key (EventSK.x) is reported here too, not
		// as key-attribute-nested: DynamoDB checks the filter's key
		// attributes first and answers with this message.
		if !key.Has(attr) || seen[attr] {
			continue
		}
		seen[attr] = true
		fix := "test it in the key condition"
		if slices.Contains(key.Partition, attr) {
			fix = "the key condition's " + nameString(attr) + " = VALUE already picks it"
		}
		p.Reportf(path.Pos, "%q is %s of %s, which this query reads, so its filter cannot test it; DynamoDB answers %q. Drop it from the filter: %s",
			attr, keyRoleIn(key, attr), owner, fmt.Sprintf(msgFilterOnKey, attr), fix)
	}
}

// ---------------------------------------------------------------------------
// key-incomplete

var keyIncomplete = &Rule{
	Name:     "key-incomplete",
	Severity: Error,
	Title:    "an item key or start key that is not exactly the key",
	Why: `get, update and delete name one item by its full primary key: every key
attribute of the table, and nothing else. A put item must hold every key
attribute. A start key (after) is a LastEvaluatedKey: the table's key attributes,
plus the index's when reading an index, and nothing else. DynamoDB refuses
anything else.`,
	DynamoMessage: msgKeyElement + "; " + fmt.Sprintf(msgMissingKey, "id") + "; " + msgStartKey,
	Bad:           `get TicketsByCustomer key customerId = "c1"`,
	Good:          `get TicketsByCustomer key customerId = "c1" and id = "a91f"`,
	AppliesTo:     "get, update, delete (key), put (item), query and scan (after)",
	NeedsSchema:   true,
	check:         checkKeyIncomplete,
}

// itemKeyTerm is one attr = value of an item key.
type itemKeyTerm struct {
	at    diag.Pos
	attr  string
	value *grammar.Value
}

// itemKeyTerms reads an item key, k = v [and k = v]: its terms, and where
// it is not of that shape.
func itemKeyTerms(st *grammar.Statement, c *grammar.Condition) (terms []itemKeyTerm, bad []diag.Pos) {
	var cond func(*grammar.Condition)
	var not func(*grammar.NotCondition)
	cond = func(c *grammar.Condition) {
		if c == nil {
			return
		}
		for i, a := range c.Or {
			if a == nil {
				continue
			}
			if i > 0 {
				bad = append(bad, tokenBefore(st, a.Pos, "or"))
				return
			}
			for _, n := range a.And {
				not(n)
			}
		}
	}
	not = func(n *grammar.NotCondition) {
		switch {
		case n == nil:
		case n.Not != nil:
			bad = append(bad, n.Pos)
		case n.Group != nil:
			cond(n.Group)
		case n.Compare != nil:
			cmp := n.Compare
			if cmp.Op != "=" || cmp.Left == nil || cmp.Left.Path == nil || len(cmp.Left.Path.Elems) != 1 || cmp.Right == nil || cmp.Right.Value == nil {
				bad = append(bad, cmp.Pos)
				return
			}
			terms = append(terms, itemKeyTerm{cmp.Left.Path.Pos, topName(cmp.Left.Path), cmp.Right.Value})
		}
	}
	cond(c)
	return terms, bad
}

// afterEntries reads the start key: a map or an item key.
func afterEntries(st *grammar.Statement) ([]itemKeyTerm, []diag.Pos) {
	a := st.After
	if a == nil {
		return nil, nil
	}
	if a.Map != nil {
		var out []itemKeyTerm
		for _, e := range a.Map.Entries {
			out = append(out, itemKeyTerm{e.Pos, e.Key, e.Value})
		}
		return out, nil
	}
	return itemKeyTerms(st, a.Key)
}

// startKeyAttrs are the attributes a start key holds: the table's key, and
// the index's when the statement reads one.
func startKeyAttrs(p *Pass) ([]string, bool) {
	if p.Table == nil || p.Stmt.Index != nil && p.Index == nil {
		return nil, false
	}
	out := p.Table.Key.Attributes()
	if p.Index != nil {
		for _, a := range p.Index.KeyAttributes() {
			if !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out, true
}

// startKeyTypeMessage is what DynamoDB answers a start key value of the
// wrong type with: the key element text, which a scan of the table prefixes
// with the start key one (dynalite and dynoxide answer a query's with the
// key element text alone, as for a get's key).
func startKeyTypeMessage(st *grammar.Statement) string {
	if st.Kind == grammar.KindScan && st.Index == nil {
		return msgStartKeyScan
	}
	return msgKeyElement
}

// startKeyMessage is what DynamoDB answers a bad start key with.
func startKeyMessage(st *grammar.Statement) string {
	if st.Kind == grammar.KindScan && st.Index == nil {
		return msgStartKeyScan
	}
	return msgStartKey
}

// startKeyRole says what attr is to a start key.
func startKeyRole(p *Pass, attr string) string {
	if p.Table.IsKey(attr) {
		return tableKeyRole(p.Table, attr)
	}
	if p.Index != nil {
		return fmt.Sprintf("%q is %s of %s", attr, keyRoleIn(p.Index.Key, attr), indexName(p.Index))
	}
	return strconv.Quote(attr)
}

func checkKeyIncomplete(p *Pass) {
	t, st := p.Table, p.Stmt
	if t == nil {
		return
	}
	switch st.Kind {
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete:
		if st.Key == nil {
			break
		}
		terms, bad := itemKeyTerms(st, st.Key)
		for _, at := range bad {
			p.Reportf(at, "an item key names each key attribute of table %s once, as ATTR = VALUE joined with and; DynamoDB takes no other key (%q). Write %s",
				t.Name, msgKeyElement, keyTemplate(t.Key.Attributes()))
		}
		checkKeyTerms(p, terms, len(bad) > 0, keySpec{
			what:     "key",
			holds:    fmt.Sprintf("the key of table %s is %s", t.Name, keyNames(t.Key)),
			required: t.Key.Attributes(),
			where:    st.Key.Pos,
			msg:      msgKeyElement,
		})
	case grammar.KindPut:
		if st.Item == nil || st.Item.Map == nil {
			break
		}
		var missing []string
		for _, a := range t.Key.Attributes() {
			if itemEntry(st, a) == nil {
				missing = append(missing, a)
			}
		}
		if len(missing) > 0 {
			var add []string
			for _, a := range missing {
				add = append(add, nameString(a)+": VALUE")
			}
			p.Reportf(st.Item.Pos, "the item lacks %s, and every item of table %s holds its key (%s); DynamoDB answers %q. Add %s",
				quotedList(missing), t.Name, keyNames(t.Key), fmt.Sprintf(msgMissingKey, missing[0]), strings.Join(add, ", "))
		}
	}
	if st.After != nil {
		required, ok := startKeyAttrs(p)
		if !ok {
			return
		}
		terms, bad := afterEntries(st)
		for _, at := range bad {
			p.Reportf(at, "a start key (after) is ATTR = VALUE joined with and, or a map; DynamoDB takes no other (%q). Write %s",
				startKeyMessage(st), keyTemplate(required))
		}
		of := "table " + t.Name
		if p.Index != nil {
			of = "index " + p.Index.Name + " (the table's key and the index's)"
		}
		checkKeyTerms(p, terms, len(bad) > 0, keySpec{
			what:     "start key (after)",
			holds:    fmt.Sprintf("a start key of %s holds %s", of, strings.Join(required, ", ")),
			required: required,
			where:    st.After.Pos,
			msg:      startKeyMessage(st),
		})
	}
}

// keySpec is what an item key or start key must hold, for checkKeyTerms.
type keySpec struct {
	what     string // "key", "start key (after)"
	holds    string // "the key of table Tickets is id"
	required []string
	where    diag.Pos // where to report what it lacks
	msg      string   // DynamoDB's answer
}

// checkKeyTerms reports the terms of a key that are not among the required
// attributes, the ones given twice, and what it lacks (once, and only when
// nothing else is wrong with it: naming the wrong attribute is one problem).
func checkKeyTerms(p *Pass, terms []itemKeyTerm, malformed bool, ks keySpec) {
	seen := map[string]diag.Pos{}
	var missing []string
	for _, a := range ks.required {
		found := false
		for _, k := range terms {
			found = found || k.attr == a
		}
		if !found {
			missing = append(missing, a)
		}
	}
	extras := 0
	for _, k := range terms {
		if prev, dup := seen[k.attr]; dup {
			p.Reportf(k.at, "%q is given twice in this %s (first at %d:%d); DynamoDB takes each key attribute once (%q). Drop one",
				k.attr, ks.what, prev.Line, prev.Col, ks.msg)
			continue
		}
		seen[k.attr] = k.at
		if slices.Contains(ks.required, k.attr) {
			continue
		}
		extras++
		fix := "Drop " + nameString(k.attr) + " from the " + ks.what
		if len(missing) > 0 {
			fix = "Write " + keyTemplate(missing) + " instead"
		}
		p.Reportf(k.at, "%q is not part of the %s: %s; DynamoDB answers %q. %s%s",
			k.attr, ks.what, ks.holds, ks.msg, fix, extraAdvice(p, ks.what, k.attr))
	}
	if len(missing) > 0 && extras == 0 && !malformed {
		p.Reportf(ks.where, "this %s lacks %s: %s; DynamoDB answers %q. Add %s",
			ks.what, quotedList(missing), ks.holds, ks.msg, keyTemplate(missing))
	}
}

// extraAdvice says where a non-key attribute of an item key belongs.
func extraAdvice(p *Pass, what, attr string) string {
	if what != "key" {
		return ""
	}
	switch p.Stmt.Kind {
	case grammar.KindUpdate, grammar.KindDelete:
		return fmt.Sprintf(" (to test %s, write if %s = VALUE)", nameString(attr), nameString(attr))
	}
	return fmt.Sprintf(" (to read items by %s, query an index keyed on it, or scan with a filter)", nameString(attr))
}

// keyTemplate writes attrs as an item key to fill in: a = VALUE and b = VALUE.
func keyTemplate(attrs []string) string {
	parts := make([]string, len(attrs))
	for i, a := range attrs {
		parts[i] = nameString(a) + " = VALUE"
	}
	return strings.Join(parts, " and ")
}

// ---------------------------------------------------------------------------
// update-key-attribute

var updateKeyAttribute = &Rule{
	Name:     "update-key-attribute",
	Severity: Error,
	Title:    "an update action on a table key attribute",
	Why: `An item's primary key is what names it: update cannot set, remove, add to or
delete from a key attribute of the table, nor anything nested in one. To change an
item's key, put the item under the new key and delete the old one. (Updating a
secondary index's key attributes is fine.)`,
	DynamoMessage: fmt.Sprintf(msgUpdateKey, "id"),
	Bad:           `update Tickets key id = "a91f" set id = "b02c"`,
	Good:          `update Tickets key id = "a91f" set subject = "Printer fixed"`,
	AppliesTo:     "update (set, remove, add, delete)",
	NeedsSchema:   true,
	check:         checkUpdateKeyAttribute,
}

func checkUpdateKeyAttribute(p *Pass) {
	t, st := p.Table, p.Stmt
	if t == nil || st.Kind != grammar.KindUpdate {
		return
	}
	for _, pp := range p.statementPaths() {
		attr := topName(pp.path)
		if !pp.target || !t.IsKey(attr) {
			continue
		}
		p.Reportf(pp.path.Pos, "%s: an update cannot change it, nor anything in it; DynamoDB answers %q. To give the item another key, put it under the new key and delete the old one",
			tableKeyRole(t, attr), fmt.Sprintf(msgUpdateKey, attr))
	}
}

// ---------------------------------------------------------------------------
// key-attribute-nested

var keyAttributeNested = &Rule{
	Name:     "key-attribute-nested",
	Severity: Error,
	Title:    "a nested path into a key attribute",
	Why: `Key attributes of the table and of every index are scalars (S, N or B):
DynamoDB refuses a path that looks inside one, id.x or id[0], wherever it stands:
in select, filter, condition or update.`,
	DynamoMessage: fmt.Sprintf(msgNestedKey, "id") + "; " + fmt.Sprintf(msgNestedIndexKey, "openBucket"),
	Bad:           `update Tickets key id = "a91f" set openBucket.state = "OPEN"`,
	Good:          `update Tickets key id = "a91f" set openBucket = "OPEN"`,
	AppliesTo:     "select, filter, if and update paths",
	NeedsSchema:   true,
	check:         checkKeyAttributeNested,
}

func checkKeyAttributeNested(p *Pass) {
	t, st := p.Table, p.Stmt
	if t == nil {
		return
	}
	queried, _, isQuery := queriedKey(p)
	isQuery = isQuery && st.Kind == grammar.KindQuery
	for _, pp := range p.statementPaths() {
		attr := topName(pp.path)
		if len(pp.path.Elems) < 2 || pp.place == inKey {
			continue // key conditions and item keys are other rules'
		}
		if isQuery && pp.place == inFilter && queried.Has(attr) {
			continue // filter-on-key's: DynamoDB answers with its message
		}
		if t.IsKey(attr) {
			if pp.target {
				continue // update-key-attribute's
			}
			p.Reportf(pp.path.Pos, "%s, a scalar: %q cannot look inside it; DynamoDB answers %q. Write %s",
				tableKeyRole(t, attr), pathString(pp.path), fmt.Sprintf(msgNestedKey, attr), nameString(attr))
			continue
		}
		if ixs := t.IndexesWithKey(attr); len(ixs) > 0 {
			p.Reportf(pp.path.Pos, "%s, a scalar: %q cannot look inside it; DynamoDB answers %q. Write %s",
				keyRole(attr, ixs), pathString(pp.path), fmt.Sprintf(msgNestedIndexKey, attr), nameString(attr))
		}
	}
}

// placedPath is a document path with where it stands.
type placedPath struct {
	path  *grammar.Path
	place clausePlace
	// target is true for the path an update action changes.
	target bool
}

// statementPaths returns every document path of a statement: conditions,
// item keys and start keys (inKey), select, update targets and operands.
func statementPaths(st *grammar.Statement) []placedPath {
	out := make([]placedPath, 0, 16)
	add := func(p *grammar.Path, place clausePlace, target bool) {
		if p != nil && len(p.Elems) > 0 {
			out = append(out, placedPath{p, place, target})
		}
	}
	if st.Key != nil {
		for _, p := range grammar.ConditionPaths(st.Key) {
			add(p, inKey, false)
		}
	}
	if st.After != nil && st.After.Key != nil {
		for _, p := range grammar.ConditionPaths(st.After.Key) {
			add(p, inKey, false)
		}
	}
	for _, pc := range conditions(st) {
		if pc.place == inKey {
			continue
		}
		for _, p := range grammar.ConditionPaths(pc.cond) {
			add(p, pc.place, false)
		}
	}
	if st.Select != nil {
		for _, p := range st.Select.Paths {
			add(p, inSelect, false)
		}
	}
	for _, a := range st.Sets {
		if a == nil {
			continue
		}
		add(a.Path, inUpdate, true)
		grammar.EachPath(a.Left, func(p *grammar.Path) { add(p, inUpdate, false) })
		grammar.EachPath(a.Right, func(p *grammar.Path) { add(p, inUpdate, false) })
	}
	for _, p := range st.Removes {
		add(p, inUpdate, true)
	}
	for _, a := range st.Adds {
		if a != nil {
			add(a.Path, inUpdate, true)
		}
	}
	for _, a := range st.Deletes {
		if a != nil {
			add(a.Path, inUpdate, true)
		}
	}
	return out
}
