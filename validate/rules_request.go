package validate

import (
	"encoding/base64"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

// Rules that only hand-written request JSON can break (rules.md, "Only in
// hand-written DynamoDB expressions"): the files teams keep for
// `aws dynamodb ... --cli-input-json`, with DynamoDB's own expression syntax
// and placeholder maps. CheckRequest runs them over a request as it stands
// in its file, then turns the request into a DSL statement and runs the
// whole catalog on it, so one linter covers both.
//
// Their Bad and Good examples are request JSON, not DSL: TestRuleExamples
// (which parses the DSL) skips RequestOnly rules, and
// TestRequestRuleExamples checks that each Bad fires its rule and each Good
// does not.

// requestRules are this file's rules, in the order DynamoDB checks a
// request: its shape first, then the values, the placeholder maps, the
// expressions, and what is left unused.
var requestRules = []*Rule{
	unknownRequestMember,
	invalidRequestMember,
	missingRequestMember,
	invalidAttributeValue,
	legacyParametersMixed,
	legacyParameters,
	namesWithoutExpressions,
	emptyExpressionMap,
	invalidPlaceholderKey,
	redundantParentheses,
	reservedWord,
	undefinedPlaceholder,
	unusedPlaceholder,
	selectProjectionMismatch,
	uncheckedRequest,
}

const requestApplies = "request JSON files (query, scan, get-item, put-item, update-item, delete-item inputs)"

var unknownRequestMember = &Rule{
	Name:     "unknown-request-member",
	Severity: Error,
	Title:    "a member the aws dynamodb command's --cli-input-json does not take",
	Why: `The AWS CLI checks a request's members against the operation before it sends
anything, and refuses the whole file for one it does not know (exit status 252 with
AWS CLI v2, 255 with v1): a misspelt member, or one that belongs to another
operation (UpdateExpression in a query). dynexpr's own "command" member, which
names the operation, is the one exception. The message names the member it comes
closest to.`,
	DynamoMessage: `Unknown parameter in input: "KeyConditionExpresion", must be one of: TableName, IndexName, Select, ...`,
	Bad:           `{"command": "query", "TableName": "Tickets", "KeyConditionExpresion": "id = :id", "ExpressionAttributeValues": {":id": {"S": "a91f"}}}`,
	Good:          `{"command": "query", "TableName": "Tickets", "KeyConditionExpression": "id = :id", "ExpressionAttributeValues": {":id": {"S": "a91f"}}}`,
	AppliesTo:     requestApplies,
	RequestOnly:   true,
}

var invalidRequestMember = &Rule{
	Name:     "invalid-request-member",
	Severity: Error,
	Title:    "a request member of the wrong JSON type or with a value the operation does not take",
	Why: `Each member of a request has one JSON type: Limit and Segment are numbers,
ConsistentRead and ScanIndexForward are true or false, not strings. The AWS CLI
refuses the file for any other ("Invalid type for parameter ..."), and for a
number below the member's minimum (Limit 0). DynamoDB refuses a value outside a
member's list (ReturnValues, ReturnConsumedCapacity, ConditionalOperator, ...),
a Segment without TotalSegments or not below it, and on put-item and delete-item
any ReturnValues but ALL_OLD and NONE. A member written twice is a warning:
JSON readers keep the last one and silently drop the first.`,
	DynamoMessage: "Invalid type for parameter Limit, value: 10, type: <class 'str'>, valid types: <class 'int'>",
	Bad:           `{"TableName": "Tickets", "Limit": "10"}`,
	Good:          `{"TableName": "Tickets", "Limit": 10}`,
	AppliesTo:     requestApplies,
	RequestOnly:   true,
}

var missingRequestMember = &Rule{
	Name:     "missing-request-member",
	Severity: Error,
	Title:    "a request without a member its operation requires, or whose operation cannot be told",
	Why: `Every request needs TableName; get-item, update-item and delete-item need Key,
put-item needs Item (the AWS CLI refuses the file without them: "Missing required
parameter in input"), and a query needs KeyConditionExpression (or the legacy
KeyConditions). dynexpr tells the operation from a "command" member, or else from
the members present; a request with neither TableName nor any member that tells
the operation cannot be checked: add "command".`,
	DynamoMessage: `Missing required parameter in input: "Key"; Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.`,
	Bad:           `{"command": "get-item", "TableName": "Tickets", "ProjectionExpression": "subject"}`,
	Good:          `{"command": "get-item", "TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject"}`,
	AppliesTo:     requestApplies,
	RequestOnly:   true,
}

var invalidAttributeValue = &Rule{
	Name:     "invalid-attribute-value",
	Severity: Error,
	Title:    "malformed DynamoDB JSON: a value without exactly one known type, or with a type it does not fit",
	Why: `A value in DynamoDB JSON names its type: {"S": "x"}, {"N": "42"}, {"BOOL": true}.
DynamoDB refuses {} and a value with two types, and {"NULL": false}; a number is
a string of decimal digits ({"N": "42"}, not {"N": 42}, which the AWS CLI already
refuses), binary is base64, sets are arrays of strings, L an array of values and
M an object of values. This holds for Item, Key, ExclusiveStartKey,
ExpressionAttributeValues and the legacy parameters' values. Empty and duplicate
sets and numbers out of DynamoDB's range are the rules invalid-set and
number-out-of-range.`,
	DynamoMessage: "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes; Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes; One or more parameter values were invalid: Null attribute value types must have the value of true; The parameter cannot be converted to a numeric value: abc",
	Bad:           `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "priority": {"N": 2}}}`,
	Good:          `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "priority": {"N": "2"}}}`,
	AppliesTo:     "request JSON files: Item, Key, ExclusiveStartKey, ExpressionAttributeValues and legacy parameters",
	RequestOnly:   true,
}

var legacyParametersMixed = &Rule{
	Name:     "legacy-parameters-mixed",
	Severity: Error,
	Title:    "expression parameters and legacy parameters in one request",
	Why: `DynamoDB's legacy parameters (AttributesToGet, KeyConditions, QueryFilter,
ScanFilter, Expected, AttributeUpdates, ConditionalOperator) and its expressions
do the same things two ways, and a request uses one way or the other: DynamoDB
refuses a request with both, KeyConditions beside a FilterExpression included.`,
	DynamoMessage: "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}",
	Bad:           `{"TableName": "Tickets", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}, "AttributesToGet": ["subject"]}`,
	Good:          `{"TableName": "Tickets", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}, "ProjectionExpression": "subject"}`,
	AppliesTo:     requestApplies,
	RequestOnly:   true,
}

var legacyParameters = &Rule{
	Name:     "legacy-parameters",
	Severity: Info,
	Title:    "a request written with DynamoDB's legacy parameters instead of expressions",
	Why: `AttributesToGet, KeyConditions, QueryFilter, ScanFilter, Expected,
AttributeUpdates and ConditionalOperator still work, so this is advice, not an
error: AWS documents them as legacy, they cannot say what expressions can (nested
paths, functions such as size or list_append, OR across attributes in an update
condition), and dynexpr cannot turn them into a statement, so the rules that
check a request against the tables' schema do not run on it. The message names
the expression parameter to use.`,
	Bad:         `{"TableName": "Tickets", "ScanFilter": {"priority": {"AttributeValueList": [{"N": "1"}], "ComparisonOperator": "EQ"}}}`,
	Good:        `{"TableName": "Tickets", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	AppliesTo:   requestApplies,
	RequestOnly: true,
}

var namesWithoutExpressions = &Rule{
	Name:     "names-without-expressions",
	Severity: Error,
	Title:    "ExpressionAttributeNames or ExpressionAttributeValues without an expression to use them",
	Why: `ExpressionAttributeNames only serve expressions, and ExpressionAttributeValues
only serve the expressions that take values (KeyConditionExpression,
FilterExpression, ConditionExpression, UpdateExpression; a ProjectionExpression
takes none). DynamoDB refuses a request that gives them without one, which is
what is left when an expression was deleted or misspelt.`,
	DynamoMessage: "ExpressionAttributeNames can only be specified when using expressions; ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null",
	Bad:           `{"TableName": "Tickets", "ProjectionExpression": "subject", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	Good:          `{"TableName": "Tickets", "ProjectionExpression": "subject", "FilterExpression": "priority = :p", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	AppliesTo:     requestApplies,
	RequestOnly:   true,
}

var emptyExpressionMap = &Rule{
	Name:     "empty-expression-map",
	Severity: Error,
	Title:    "ExpressionAttributeNames or ExpressionAttributeValues given as {}",
	Why: `DynamoDB refuses an empty ExpressionAttributeNames or ExpressionAttributeValues
map: leave the member out when no expression uses a placeholder. Request
builders that always write both maps hit this on requests without placeholders.`,
	DynamoMessage: "ExpressionAttributeNames must not be empty; ExpressionAttributeValues must not be empty",
	Bad:           `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject", "ExpressionAttributeNames": {}}`,
	Good:          `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject"}`,
	AppliesTo:     requestApplies,
	RequestOnly:   true,
}

var invalidPlaceholderKey = &Rule{
	Name:     "invalid-placeholder-key",
	Severity: Error,
	Title:    "a key of ExpressionAttributeNames or ExpressionAttributeValues that is not a placeholder",
	Why: `A key of ExpressionAttributeNames is "#" and then letters, digits and "_"
(#status, #a_1); a key of ExpressionAttributeValues is ":" and then the same
(:open). DynamoDB refuses any other key ("status" without its "#", "#my-attr" with
a "-") and a key over 255 bytes.`,
	DynamoMessage: `ExpressionAttributeNames contains invalid key: Syntax error; key: "status"`,
	Bad:           `{"TableName": "Tickets", "FilterExpression": "#s = :s", "ExpressionAttributeNames": {"s": "status"}, "ExpressionAttributeValues": {":s": {"S": "OPEN"}}}`,
	Good:          `{"TableName": "Tickets", "FilterExpression": "#s = :s", "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":s": {"S": "OPEN"}}}`,
	AppliesTo:     requestApplies,
	RequestOnly:   true,
}

var redundantParentheses = &Rule{
	Name:     "redundant-parentheses",
	Severity: Error,
	Title:    "a pair of parentheses directly inside another",
	Why: `DynamoDB accepts parentheses around a condition or an operand, but refuses a
pair whose whole content is itself in parentheses: ((a = :v)), a > ((b)),
SET a = ((b + :c)). Code that wraps every sub-condition in parentheses and then
wraps the whole again writes these.`,
	DynamoMessage: "Invalid FilterExpression: The expression has redundant parentheses;",
	Bad:           `{"TableName": "Tickets", "FilterExpression": "((priority = :p))", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	Good:          `{"TableName": "Tickets", "FilterExpression": "(priority = :p)", "ExpressionAttributeValues": {":p": {"N": "1"}}}`,
	AppliesTo:     "request JSON files: every expression",
	RequestOnly:   true,
}

var reservedWord = &Rule{
	Name:     "reserved-word",
	Severity: Error,
	Title:    "a DynamoDB reserved word written as an attribute name",
	Why: `DynamoDB reserves 573 words (status, name, date, data, count, size, type, user,
value, year, timestamp, comment, ...), in any case, and refuses an expression that
writes one as an attribute name, in any segment of a document path (a.status
too). Write a #name placeholder for it and map it in ExpressionAttributeNames;
the message says which. (The DSL writes placeholders for every name, so this
cannot happen in a .dx file.)`,
	DynamoMessage: "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status",
	Bad:           `{"TableName": "Tickets", "FilterExpression": "status = :s", "ExpressionAttributeValues": {":s": {"S": "OPEN"}}}`,
	Good:          `{"TableName": "Tickets", "FilterExpression": "#status = :s", "ExpressionAttributeNames": {"#status": "status"}, "ExpressionAttributeValues": {":s": {"S": "OPEN"}}}`,
	AppliesTo:     "request JSON files: every expression",
	RequestOnly:   true,
}

var undefinedPlaceholder = &Rule{
	Name:     "undefined-placeholder",
	Severity: Error,
	Title:    "a #name or :value an expression uses that the request does not define",
	Why: `Every #name an expression uses must be a key of ExpressionAttributeNames, and
every :value a key of ExpressionAttributeValues, spelt the same, case included.
DynamoDB refuses the request at the first that is not.`,
	DynamoMessage: "Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute name: #missing; Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :v",
	Bad:           `{"TableName": "Tickets", "FilterExpression": "#s = :open", "ExpressionAttributeNames": {"#st": "status"}, "ExpressionAttributeValues": {":open": {"S": "OPEN"}}}`,
	Good:          `{"TableName": "Tickets", "FilterExpression": "#st = :open", "ExpressionAttributeNames": {"#st": "status"}, "ExpressionAttributeValues": {":open": {"S": "OPEN"}}}`,
	AppliesTo:     "request JSON files: every expression",
	RequestOnly:   true,
}

var unusedPlaceholder = &Rule{
	Name:     "unused-placeholder",
	Severity: Error,
	Title:    "an ExpressionAttributeNames or ExpressionAttributeValues entry no expression uses",
	Why: `DynamoDB refuses a request that defines a #name or :value none of its
expressions use: it is left over from an edit, or the expression that should use
it is misspelt. A name used only by the ProjectionExpression counts as used.`,
	DynamoMessage: "Value provided in ExpressionAttributeNames unused in expressions: keys: {#p}; Value provided in ExpressionAttributeValues unused in expressions: keys: {:u}",
	Bad:           `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject", "ExpressionAttributeNames": {"#p": "priority"}}`,
	Good:          `{"TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject, #p", "ExpressionAttributeNames": {"#p": "priority"}}`,
	AppliesTo:     "request JSON files: ExpressionAttributeNames and ExpressionAttributeValues",
	RequestOnly:   true,
}

var selectProjectionMismatch = &Rule{
	Name:     "select-projection-mismatch",
	Severity: Error,
	Title:    "Select and ProjectionExpression (or AttributesToGet) that contradict each other",
	Why: `Select says what a query or scan returns, and a ProjectionExpression (or
AttributesToGet) names the attributes, which is Select SPECIFIC_ATTRIBUTES:
DynamoDB refuses a projection with Select ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES
or COUNT, and SPECIFIC_ATTRIBUTES without a projection. Select takes those four
values only, in capitals.`,
	DynamoMessage: "Cannot specify the ProjectionExpression when choosing to get only the Count; Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES; 1 validation error detected: Value 'EVERYTHING' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
	Bad:           `{"TableName": "Tickets", "Select": "COUNT", "ProjectionExpression": "subject"}`,
	Good:          `{"TableName": "Tickets", "Select": "SPECIFIC_ATTRIBUTES", "ProjectionExpression": "subject"}`,
	AppliesTo:     "request JSON files: query and scan",
	RequestOnly:   true,
}

var uncheckedRequest = &Rule{
	Name:     "unchecked-request",
	Severity: Info,
	Title:    "a request dynexpr cannot turn into a statement, so the schema rules did not run on it",
	Why: `dynexpr checks a request file in two steps: the rules above on the request as
written, then every rule of the catalog (keys, indexes, projections, sparse
indexes, ...) on the statement the request makes. When a request uses something
dynexpr's language cannot say, the second step cannot run; this notice says so,
and why, rather than pass the request silently. It is not reported when another
finding on the request already explains it.`,
	Bad:         `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "priority": {"N": "+1"}}}`,
	Good:        `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "priority": {"N": "1"}}}`,
	AppliesTo:   requestApplies,
	RequestOnly: true,
}

// ---------------------------------------------------------------------------
// The members of each operation are request's table (request.Members,
// request.Spec); what is here is only how DynamoDB reads them.

// parseOrder is the order in which DynamoDB reads a request's expressions.
var parseOrder = []string{"UpdateExpression", "ConditionExpression", "KeyConditionExpression", "FilterExpression", "ProjectionExpression"}

// attributeTypes are DynamoDB's data types, in the AWS CLI's order.
var attributeTypes = []string{"S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL"}

// ---------------------------------------------------------------------------
// CheckRequest

// reqExpr is one expression of a request.
type reqExpr struct {
	param  string
	kind   ddbexpr.Kind
	member *request.Member
	lit    *request.Value // the JSON string
	raw    string         // its source text, quotes included
	e      *ddbexpr.Expr  // nil when it does not parse
	known  bool           // a member of the request's operation
	uses   []ddbexpr.Placeholder
}

// placeholders returns the expression's uses of placeholders, read once.
func (x *reqExpr) placeholders() []ddbexpr.Placeholder {
	if x.uses == nil && x.e != nil {
		x.uses = x.e.Placeholders()
	}
	return x.uses
}

// fileSpan is a range of bytes of the file where findings of the catalog's
// rules are dropped, because a request rule already reported the cause
// there. rule "" drops every rule's.
type fileSpan struct {
	from, to int
	rule     string
}

type reqCheck struct {
	r   *request.Request
	cfg *Config
	out []Finding

	cmd     string
	members []string // the operation's members; every operation's when unknown
	// present holds the members whose JSON type is right, by name.
	present map[string]*request.Member
	exprs   []*reqExpr
	// broken: an expression did not parse, so what it uses is unknown.
	broken bool
	// blocked: a request rule found something, which explains why the
	// request may not become a statement.
	blocked bool
	// names and values are the placeholder maps when they are objects.
	names, values *request.Value
	// badKeys are the map keys invalid-placeholder-key reported.
	badKeys map[string]bool
	// misspelt maps a member's name to the unknown member that is most
	// likely it misspelt (KeyConditionExpresion), so that what follows from
	// the misspelling (no key condition, values without an expression) is
	// not reported again.
	misspelt map[string]*request.Member
	quiet    []fileSpan
	// later are the value problems the catalog's rules (invalid-set,
	// number-out-of-range) report on the statement; CheckRequest reports
	// them itself only when the catalog cannot run on the request.
	later []Finding
}

// CheckRequest checks one request of a request file: first the rules that
// only hand-written requests can break (its members, values, placeholder
// maps and DynamoDB expressions), then, when the request can be written as
// a statement (request.Request.Convert), every rule of the catalog via
// Check. sch may be nil. Findings point into the file — inside an
// expression's string at the character concerned — and come sorted by
// place; where two are at one place, in the order DynamoDB checks.
//
// Findings do not cascade: when a request rule explains why the request
// cannot become a statement (an undefined placeholder, a malformed value),
// that is what is reported, and the catalog's rules stay silent about the
// same place.
func CheckRequest(r *request.Request, sch *schema.Schema, cfg *Config) []Finding {
	c := &reqCheck{r: r, cfg: cfg, cmd: r.Command, present: make(map[string]*request.Member, len(r.Obj.Members))}
	c.members = request.Members(c.cmd)
	if c.members == nil {
		c.members = request.AllMembers()
	}
	c.checkMembers()
	c.checkCommand()
	c.checkValues()
	c.checkLegacy()
	c.checkMaps()
	c.checkExpressions()
	c.checkUnused()
	c.checkSelect()
	c.checkStatement(sch)
	sortByPlace(c.out)
	return c.out
}

// sortByPlace orders findings by file and position, keeping the order in
// which they were found (DynamoDB's order) at one place.
func sortByPlace(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i].Pos, fs[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

func (c *reqCheck) pos(off int) diag.Pos { return c.r.File.Pos(off) }

// exprOffset maps a byte offset in an expression's decoded text to the file.
func (c *reqCheck) exprOffset(x *reqExpr, off int) int {
	return x.lit.Start + ddbexpr.MapOffset(x.raw, off)
}

// report adds a finding of rule at file bytes [from, to) (to < 0: no end).
func (c *reqCheck) report(r *Rule, sev Severity, from, to int, suggestion, format string, args ...any) {
	if r != uncheckedRequest {
		c.blocked = true
	}
	sev = c.cfg.severity(r, sev)
	if sev == Off {
		return
	}
	f := Finding{Pos: c.pos(from), Rule: r.Name, Severity: sev, Message: fmt.Sprintf(format, args...), Suggestion: suggestion}
	if to > from {
		f.End = c.pos(to)
	}
	c.out = append(c.out, f)
}

// finding makes a finding of rule at file bytes [from, to), at the rule's
// severity, without reporting it.
func (c *reqCheck) finding(r *Rule, from, to int, format string, args ...any) Finding {
	return Finding{Pos: c.pos(from), End: c.pos(to), Rule: r.Name, Severity: r.Severity, Message: fmt.Sprintf(format, args...)}
}

// reportExpr reports at bytes [from, to) of an expression.
func (c *reqCheck) reportExpr(r *Rule, x *reqExpr, from, to int, suggestion, format string, args ...any) {
	end := -1
	if to > from {
		end = c.exprOffset(x, to)
	}
	c.report(r, r.Severity, c.exprOffset(x, from), end, suggestion, format, args...)
}

func (c *reqCheck) silence(from, to int, rule string) {
	c.quiet = append(c.quiet, fileSpan{from, to, rule})
}

// member returns the member called name if its JSON type is right.
func (c *reqCheck) member(name string) *request.Member { return c.present[name] }

func (c *reqCheck) value(name string) *request.Value {
	if m := c.present[name]; m != nil {
		return m.Value
	}
	return nil
}

// memberOf returns member name, or the member that misspells it.
func (c *reqCheck) memberOf(name string) *request.Member {
	if m := c.r.Obj.Member(name); m != nil {
		return m
	}
	return c.misspelt[name]
}

// given reports whether the request has member name (not null), or a
// misspelling of it.
func (c *reqCheck) given(name string) bool {
	if v := c.r.Obj.Get(name); v != nil && v.Kind != request.Null {
		return true
	}
	return c.misspelt[name] != nil
}

// ---------------------------------------------------------------------------
// The operation, and required members

func (c *reqCheck) checkCommand() {
	o := c.r.Obj
	if m := o.Member(request.CommandMember); m != nil {
		switch {
		case m.Value.Kind != request.String:
			c.report(invalidRequestMember, Error, m.Value.Start, m.Value.End, "",
				`"command" names the aws dynamodb command as a string, like "command": "query"; this one is %s`, m.Value.Kind)
		case c.r.CommandGuessed:
			msg := fmt.Sprintf(`"command" is %q, which is not an aws dynamodb command dynexpr reads: write one of %s`,
				m.Value.Text, strings.Join(request.Commands, ", "))
			if s := schema.Suggest(m.Value.Text, request.Commands); s != "" {
				msg = fmt.Sprintf(`"command" is %q, which is not an aws dynamodb command dynexpr reads; did you mean %q?`, m.Value.Text, s)
			}
			c.report(invalidRequestMember, Error, m.Value.Start, m.Value.End, "", "%s", msg)
		}
	}
	if c.cmd == "" {
		c.report(missingRequestMember, Error, o.Start, o.Start+1, "",
			`dynexpr cannot tell which aws dynamodb command takes this request: it has no "TableName" and no member that tells the command; add "TableName", and "command": %q (or %s)`,
			"query", strings.Join(request.Commands[1:], ", "))
		return
	}
	missing := func(name string) {
		c.report(missingRequestMember, Error, o.Start, o.Start+1, "",
			"this %s request has no %q; the AWS CLI refuses the file (%q)%s",
			c.cmd, name, `Missing required parameter in input: "`+name+`"`, c.guessNote())
	}
	if !c.given("TableName") {
		missing("TableName")
	}
	switch c.cmd {
	case "get-item", "update-item", "delete-item":
		if !c.given("Key") {
			missing("Key")
		}
	case "put-item":
		if !c.given("Item") {
			missing("Item")
		}
	case "query":
		if !c.given("KeyConditionExpression") && !c.given("KeyConditions") {
			c.report(missingRequestMember, Error, o.Start, o.Start+1, "",
				"this query has no KeyConditionExpression: a query reads one partition, which the key condition names (a scan reads the whole table); DynamoDB answers %q%s",
				"Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.", c.guessNote())
		}
	}
}

// guessNote explains, where the operation was guessed, how.
func (c *reqCheck) guessNote() string {
	if !c.r.CommandGuessed || c.cmd == "" {
		return ""
	}
	return fmt.Sprintf(` (dynexpr took this request for a %s from its members; add "command" if it is another)`, c.cmd)
}

// ---------------------------------------------------------------------------
// Members: unknown, of the wrong type, repeated

func (c *reqCheck) checkMembers() {
	for i := range c.r.Obj.Members {
		m := &c.r.Obj.Members[i]
		if m.Name == request.CommandMember {
			continue
		}
		if m.Repeated {
			c.report(invalidRequestMember, Warning, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "",
				"%q is given a second time here; JSON readers, the AWS CLI's among them, keep only the last one and silently drop the first: keep one", m.Name)
		}
		if !c.known(m.Name) {
			c.unknownMember(m)
			continue
		}
		if spec, _ := request.Spec(m.Name); c.checkType(m.Value, m.Name, spec) {
			c.present[m.Name] = m
		}
	}
	c.checkSegments()
}

func (c *reqCheck) known(name string) bool {
	for _, m := range c.members {
		if m == name {
			return true
		}
	}
	return false
}

func (c *reqCheck) unknownMember(m *request.Member) {
	var hint string
	var others []string
	for _, cmd := range request.Commands {
		if c.cmd != "" && contains(request.Members(cmd), m.Name) {
			others = append(others, cmd)
		}
	}
	switch {
	case len(others) > 0:
		hint = fmt.Sprintf("; %s is a member of %s requests", m.Name, strings.Join(others, ", "))
	default:
		if s := schema.Suggest(m.Name, c.members); s != "" {
			hint = fmt.Sprintf("; did you mean %q?", s)
			if c.r.Obj.Get(s) == nil && c.misspelt[s] == nil {
				if c.misspelt == nil {
					c.misspelt = map[string]*request.Member{}
				}
				c.misspelt[s] = m
				if kind, ok := ddbexpr.KindOf(s); ok && m.Value.Kind == request.String {
					c.exprs = append(c.exprs, &reqExpr{param: m.Name, kind: kind, member: m, lit: m.Value})
				}
			}
		} else if s := schema.Suggest(m.Name, request.AllMembers()); s != "" {
			hint = fmt.Sprintf("; did you mean %q (a member of other requests)?", s)
		}
	}
	what := "request"
	if c.cmd != "" {
		what = c.cmd + " request"
	}
	cli := fmt.Sprintf(`Unknown parameter in input: "%s", must be one of: %s`, m.Name, strings.Join(c.members, ", "))
	c.report(unknownRequestMember, Error, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "",
		"%q is not a member of a %s%s; the AWS CLI refuses the file (%q)%s", m.Name, what, hint, cli, c.guessNote())
	// An expression under the wrong member still uses its placeholders.
	if kind, ok := ddbexpr.KindOf(m.Name); ok && m.Value.Kind == request.String {
		c.exprs = append(c.exprs, &reqExpr{param: m.Name, kind: kind, member: m, lit: m.Value})
	}
}

// cliType is how the AWS CLI (Python) names a JSON value's type.
func cliType(v *request.Value) string {
	switch v.Kind {
	case request.String:
		return "<class 'str'>"
	case request.Number:
		if strings.ContainsAny(v.Text, ".eE") {
			return "<class 'float'>"
		}
		return "<class 'int'>"
	case request.Bool:
		return "<class 'bool'>"
	case request.Null:
		return "<class 'NoneType'>"
	case request.Array:
		return "<class 'list'>"
	}
	return "<class 'dict'>"
}

// cliValue is a value as the AWS CLI prints it in its messages: str() of
// the Python value.
func cliValue(v *request.Value) string {
	s := pyRepr(v, true)
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

func pyRepr(v *request.Value, top bool) string {
	switch v.Kind {
	case request.String:
		if top {
			return v.Text
		}
		return "'" + strings.ReplaceAll(v.Text, "'", `\'`) + "'"
	case request.Bool:
		if v.Text == "true" {
			return "True"
		}
		return "False"
	case request.Null:
		return "None"
	case request.Number:
		return v.Text
	case request.Array:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = pyRepr(e, false)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	parts := make([]string, len(v.Members))
	for i, m := range v.Members {
		parts[i] = "'" + m.Name + "': " + pyRepr(m.Value, false)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

var cliTypeNames = map[request.MemberType]string{
	request.StringMember: "<class 'str'>", request.IntMember: "<class 'int'>", request.BoolMember: "<class 'bool'>",
	request.StringListMember: "<class 'list'>, <class 'tuple'>",
	request.ValueMapMember:   "<class 'dict'>", request.NameMapMember: "<class 'dict'>", request.ConditionMapMember: "<class 'dict'>",
	request.ExpectedMapMember: "<class 'dict'>", request.UpdatesMapMember: "<class 'dict'>",
}

var typeWords = map[request.MemberType]string{
	request.StringMember: "a string", request.IntMember: "a whole number", request.BoolMember: "true or false", request.StringListMember: "an array of strings",
	request.ValueMapMember: "an object of DynamoDB values", request.NameMapMember: "an object of attribute names",
	request.ConditionMapMember: "an object of conditions", request.ExpectedMapMember: "an object of expected values",
	request.UpdatesMapMember: "an object of attribute updates",
}

// typeError reports a value of the wrong JSON type, as the AWS CLI does.
func (c *reqCheck) typeError(r *Rule, v *request.Value, path string, want request.MemberType, fix string) {
	cli := fmt.Sprintf("Invalid type for parameter %s, value: %s, type: %s, valid types: %s", path, cliValue(v), cliType(v), cliTypeNames[want])
	if fix != "" {
		fix = ". Write instead: " + fix
	}
	c.report(r, Error, v.Start, v.End, "", "%s is %s, and the AWS CLI takes %s there; it refuses the file (%q)%s",
		path, v.Kind, typeWords[want], cli, fix)
	c.silence(v.Start, v.End, "")
}

// checkType checks a member's JSON type (and the shape inside the legacy
// parameters' objects); it reports and returns false when the member cannot
// be used.
func (c *reqCheck) checkType(v *request.Value, path string, spec request.MemberSpec) bool {
	ok := true
	switch spec.Type {
	case request.StringMember:
		if v.Kind != request.String {
			fix := ""
			if v.Kind == request.Number || v.Kind == request.Bool {
				fix = strconv.Quote(v.Text)
			}
			c.typeError(invalidRequestMember, v, path, request.StringMember, fix)
			return false
		}
		c.checkEnum(v, path, spec)
	case request.IntMember:
		switch {
		case v.Kind == request.String && isInteger(v.Text):
			c.typeError(invalidRequestMember, v, path, request.IntMember, v.Text)
			return false
		case v.Kind != request.Number || !isInteger(v.Text):
			c.typeError(invalidRequestMember, v, path, request.IntMember, "")
			return false
		}
		n, err := strconv.Atoi(strings.TrimPrefix(v.Text, "+"))
		switch {
		case err != nil && !strings.HasPrefix(v.Text, "-"):
			// Larger than any int: no minimum is in the way, and only
			// TotalSegments and Segment have a maximum.
			if spec.Max > 0 {
				c.report(invalidRequestMember, Error, v.Start, v.End, "", "%s is %s, and the most it can be is %d; the AWS CLI refuses the file (%q)",
					path, v.Text, spec.Max, fmt.Sprintf("Invalid value for parameter %s, value: %s, valid max value: %d", path, v.Text, spec.Max))
			}
		case err != nil || n < spec.Min:
			c.report(invalidRequestMember, Error, v.Start, v.End, "", "%s is %s, and the least it can be is %d; the AWS CLI refuses the file (%q)",
				path, v.Text, spec.Min, fmt.Sprintf("Invalid value for parameter %s, value: %s, valid min value: %d", path, v.Text, spec.Min))
			ok = false
		case spec.Max > 0 && n > spec.Max:
			c.report(invalidRequestMember, Error, v.Start, v.End, "", "%s is %s, and the most it can be is %d; the AWS CLI refuses the file (%q)",
				path, v.Text, spec.Max, fmt.Sprintf("Invalid value for parameter %s, value: %s, valid max value: %d", path, v.Text, spec.Max))
			ok = false
		}
	case request.BoolMember:
		if v.Kind != request.Bool {
			fix := ""
			if v.Kind == request.String && (v.Text == "true" || v.Text == "false") {
				fix = v.Text + ", without quotes"
			}
			c.typeError(invalidRequestMember, v, path, request.BoolMember, fix)
			return false
		}
	case request.StringListMember:
		if v.Kind != request.Array {
			fix := ""
			if v.Kind == request.String {
				fix = "[" + strconv.Quote(v.Text) + "]"
			}
			c.typeError(invalidRequestMember, v, path, request.StringListMember, fix)
			return false
		}
		if len(v.Elems) == 0 {
			c.report(invalidRequestMember, Error, v.Start, v.End, "", "%s is empty; the AWS CLI refuses the file (%q): name at least one attribute, or leave %s out",
				path, fmt.Sprintf("Invalid length for parameter %s, value: 0, valid min length: 1", path), path)
			return false
		}
		for i, e := range v.Elems {
			if e.Kind != request.String {
				c.typeError(invalidRequestMember, e, fmt.Sprintf("%s[%d]", path, i), request.StringMember, "")
				ok = false
			}
		}
	default:
		if v.Kind != request.Object {
			c.typeError(invalidRequestMember, v, path, spec.Type, "")
			return false
		}
		c.repeatedKeys(v, path)
		switch spec.Type {
		case request.NameMapMember:
			for _, m := range v.Members {
				if m.Value.Kind != request.String {
					c.typeError(invalidRequestMember, m.Value, path+"."+m.Name, request.StringMember, "")
					ok = false
				}
			}
		case request.ConditionMapMember, request.ExpectedMapMember, request.UpdatesMapMember:
			for i := range v.Members {
				if !c.checkLegacyEntry(&v.Members[i], path, spec.Type) {
					ok = false
				}
			}
		}
	}
	return ok
}

func isInteger(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// checkEnum checks a string member that takes a list of values. Select is
// select-projection-mismatch's.
func (c *reqCheck) checkEnum(v *request.Value, path string, spec request.MemberSpec) {
	if path == "ReturnValues" && (c.cmd == "put-item" || c.cmd == "delete-item") && contains(spec.Enum, v.Text) &&
		v.Text != "ALL_OLD" && v.Text != "NONE" {
		c.report(invalidRequestMember, Error, v.Start, v.End, "", "a %s returns the item as it was (ALL_OLD) or nothing (NONE), not %s; DynamoDB answers %q",
			c.cmd, v.Text, "ReturnValues can only be ALL_OLD or NONE")
		return
	}
	if len(spec.Enum) == 0 || contains(spec.Enum, v.Text) {
		return
	}
	hint := ""
	if s := schema.Suggest(v.Text, spec.Enum); s != "" {
		hint = fmt.Sprintf("; did you mean %q?", s)
	}
	what := path
	if spec.Coral != "" {
		what = fmt.Sprintf("1 validation error detected: Value '%s' at '%s' failed to satisfy constraint: Member must satisfy enum value set: [%s]",
			v.Text, spec.Coral, strings.Join(spec.Enum, ", "))
	}
	c.report(invalidRequestMember, Error, v.Start, v.End, "", "%s takes %s, not %q%s; DynamoDB answers %q",
		path, strings.Join(spec.Enum, ", "), v.Text, hint, what)
}

// repeatedKeys warns about a key written twice in an object.
func (c *reqCheck) repeatedKeys(v *request.Value, path string) {
	for _, m := range v.Members {
		if m.Repeated {
			c.report(invalidRequestMember, Warning, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "",
				"%q is given a second time in %s; JSON readers, the AWS CLI's among them, keep only the last one and silently drop the first: keep one", m.Name, path)
		}
	}
}

var legacyFields = map[request.MemberType][]string{
	request.ConditionMapMember: {"AttributeValueList", "ComparisonOperator"},
	request.ExpectedMapMember:  {"Value", "Exists", "ComparisonOperator", "AttributeValueList"},
	request.UpdatesMapMember:   {"Value", "Action"},
}

var (
	comparisonOperators = []string{"EQ", "NE", "IN", "LE", "LT", "GE", "GT", "BETWEEN", "NOT_NULL", "NULL", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH"}
	attributeActions    = []string{"ADD", "PUT", "DELETE"}
)

// checkLegacyEntry checks one entry of KeyConditions, QueryFilter,
// ScanFilter, Expected or AttributeUpdates; its values are checked with the
// other values.
func (c *reqCheck) checkLegacyEntry(m *request.Member, parent string, typ request.MemberType) bool {
	path := parent + "." + m.Name
	v := m.Value
	if v.Kind != request.Object {
		c.typeError(invalidRequestMember, v, path, request.ValueMapMember, "")
		return false
	}
	ok := true
	fields := legacyFields[typ]
	for i := range v.Members {
		f := &v.Members[i]
		if !contains(fields, f.Name) {
			hint := ""
			if s := schema.Suggest(f.Name, fields); s != "" {
				hint = fmt.Sprintf("; did you mean %q?", s)
			}
			c.report(unknownRequestMember, Error, f.NamePos, f.NamePos+len(strconv.Quote(f.Name)), "",
				"%q is not a member of %s%s; the AWS CLI refuses the file (%q)", f.Name, path, hint,
				fmt.Sprintf(`Unknown parameter in %s: "%s", must be one of: %s`, path, f.Name, strings.Join(fields, ", ")))
			ok = false
			continue
		}
		switch f.Name {
		case "ComparisonOperator", "Action":
			enum := comparisonOperators
			if f.Name == "Action" {
				enum = attributeActions
			}
			if f.Value.Kind != request.String {
				c.typeError(invalidRequestMember, f.Value, path+"."+f.Name, request.StringMember, "")
				ok = false
			} else if !contains(enum, f.Value.Text) {
				hint := ""
				if s := schema.Suggest(f.Value.Text, enum); s != "" {
					hint = fmt.Sprintf("; did you mean %q?", s)
				}
				c.report(invalidRequestMember, Error, f.Value.Start, f.Value.End, "", "%s.%s takes %s, not %q%s",
					path, f.Name, strings.Join(enum, ", "), f.Value.Text, hint)
				ok = false
			}
		case "Exists":
			if f.Value.Kind != request.Bool {
				c.typeError(invalidRequestMember, f.Value, path+"."+f.Name, request.BoolMember, "")
				ok = false
			}
		case "AttributeValueList":
			if f.Value.Kind != request.Array {
				c.typeError(invalidRequestMember, f.Value, path+"."+f.Name, request.StringListMember, "")
				ok = false
			}
		}
	}
	return ok
}

// checkSegments checks Segment and TotalSegments together.
func (c *reqCheck) checkSegments() {
	seg, total := c.member("Segment"), c.member("TotalSegments")
	switch {
	case seg != nil && total == nil && c.r.Obj.Get("TotalSegments") == nil:
		c.report(invalidRequestMember, Error, seg.NamePos, seg.Value.End, "", "Segment without TotalSegments: a parallel scan names its segment and how many there are; DynamoDB answers %q",
			"The TotalSegments parameter is required but was not present in the request when Segment parameter is present")
	case total != nil && seg == nil && c.r.Obj.Get("Segment") == nil:
		c.report(invalidRequestMember, Error, total.NamePos, total.Value.End, "", "TotalSegments without Segment: a parallel scan names its segment and how many there are; DynamoDB answers %q",
			"The Segment parameter is required but was not present in the request when parameter TotalSegments is present")
	case seg != nil && total != nil:
		s, err1 := strconv.Atoi(seg.Value.Text)
		t, err2 := strconv.Atoi(total.Value.Text)
		if err1 == nil && err2 == nil && s >= t {
			c.report(invalidRequestMember, Error, seg.Value.Start, seg.Value.End, "", "segments count from 0, so with TotalSegments %d the last is %d; DynamoDB answers %q",
				t, t-1, fmt.Sprintf("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: %d is not less than TotalSegments: %d", s, t))
		}
	}
}

// ---------------------------------------------------------------------------
// invalid-attribute-value

// valueCtx says where a value stands, for DynamoDB's messages: the values of
// ExpressionAttributeValues are reported "ExpressionAttributeValues contains
// invalid value: ... for key :e".
type valueCtx struct {
	eavKey string
}

func (x valueCtx) wrap(msg string) string {
	if x.eavKey == "" {
		return msg
	}
	return "ExpressionAttributeValues contains invalid value: " + msg + " for key " + x.eavKey
}

func (c *reqCheck) checkValues() {
	for _, name := range []string{"Key", "Item", "ExclusiveStartKey"} {
		if v := c.value(name); v != nil {
			for _, m := range v.Members {
				c.checkAV(m.Value, name+"."+m.Name, valueCtx{})
			}
		}
	}
	if v := c.value("ExpressionAttributeValues"); v != nil {
		for _, m := range v.Members {
			c.checkAV(m.Value, "ExpressionAttributeValues."+m.Name, valueCtx{eavKey: m.Name})
		}
	}
	for _, name := range []string{"KeyConditions", "QueryFilter", "ScanFilter", "Expected", "AttributeUpdates"} {
		v := c.value(name)
		if v == nil {
			continue
		}
		for _, m := range v.Members {
			path := name + "." + m.Name
			if x := m.Value.Get("Value"); x != nil {
				c.checkAV(x, path+".Value", valueCtx{})
			}
			if l := m.Value.Get("AttributeValueList"); l != nil && l.Kind == request.Array {
				for i, x := range l.Elems {
					c.checkAV(x, fmt.Sprintf("%s.AttributeValueList[%d]", path, i), valueCtx{})
				}
			}
		}
	}
}

// typedForm suggests the DynamoDB JSON for a plain JSON value.
func typedForm(v *request.Value) string {
	switch v.Kind {
	case request.String:
		return fmt.Sprintf(`{"S": %s}`, strconv.Quote(v.Text))
	case request.Number:
		return fmt.Sprintf(`{"N": %q}`, v.Text)
	case request.Bool:
		return fmt.Sprintf(`{"BOOL": %s}`, v.Text)
	case request.Null:
		return `{"NULL": true}`
	case request.Array:
		return `{"L": [...]}` + " with each element typed"
	}
	return ""
}

func (c *reqCheck) badValue(v *request.Value, from, to int, format string, args ...any) {
	c.report(invalidAttributeValue, Error, from, to, "", format, args...)
	c.silence(v.Start, v.End, "")
}

// checkAV checks one AttributeValue at path (as the AWS CLI names it).
func (c *reqCheck) checkAV(v *request.Value, path string, ctx valueCtx) {
	if v.Kind != request.Object {
		cli := fmt.Sprintf("Invalid type for parameter %s, value: %s, type: %s, valid types: <class 'dict'>", path, cliValue(v), cliType(v))
		fix := ""
		if t := typedForm(v); t != "" {
			fix = ". Write instead: " + t
		}
		c.badValue(v, v.Start, v.End, "%s is plain JSON (%s); a DynamoDB value names its type, and the AWS CLI refuses the file (%q)%s",
			path, v.Kind, cli, fix)
		return
	}
	c.repeatedKeys(v, path)
	if len(v.Members) == 0 {
		c.badValue(v, v.Start, v.End, `%s is {}, a value without a type: write exactly one of %s, like {"S": "text"}; DynamoDB answers %q`,
			path, strings.Join(attributeTypes, ", "),
			ctx.wrap("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"))
		return
	}
	var typ *request.Member
	for i := range v.Members {
		m := &v.Members[i]
		if !contains(attributeTypes, m.Name) {
			hint := ""
			if s := schema.Suggest(m.Name, attributeTypes); s != "" && (strings.EqualFold(s, m.Name) || len(m.Name) > 2) {
				hint = fmt.Sprintf("; did you mean %q?", s)
			}
			c.badValue(v, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "%q is not a DynamoDB type (%s)%s; the AWS CLI refuses the file (%q)",
				m.Name, strings.Join(attributeTypes, ", "), hint,
				fmt.Sprintf(`Unknown parameter in %s: "%s", must be one of: %s`, path, m.Name, strings.Join(attributeTypes, ", ")))
			return
		}
		if typ != nil && typ.Name != m.Name {
			c.badValue(v, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "%s has two types, %q and %q; a value has exactly one: keep one; DynamoDB answers %q",
				path, typ.Name, m.Name,
				ctx.wrap("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"))
			return
		}
		typ = m
	}
	x := typ.Value
	p := path + "." + typ.Name
	switch typ.Name {
	case "S":
		if x.Kind != request.String {
			c.avType(v, x, p, "<class 'str'>", "a string", quoteIfScalar(x))
		}
	case "N":
		if x.Kind != request.String {
			c.avType(v, x, p, "<class 'str'>", "a string of digits", quoteIfScalar(x))
			return
		}
		c.checkNumber(v, x, path, ctx)
	case "B":
		if x.Kind != request.String {
			c.avType(v, x, p, "<class 'str'>, <class 'bytes'>, <class 'bytearray'>, file-like object", "base64 text", "")
			return
		}
		c.checkBase64(v, x, path)
	case "BOOL":
		if x.Kind != request.Bool {
			fix := ""
			if x.Kind == request.String && (x.Text == "true" || x.Text == "false") {
				fix = x.Text + ", without quotes"
			}
			c.avType(v, x, p, "<class 'bool'>", "true or false", fix)
		}
	case "NULL":
		switch {
		case x.Kind != request.Bool:
			c.avType(v, x, p, "<class 'bool'>", "true", "true")
		case x.Text != "true":
			c.badValue(v, x.Start, x.End, `%s is {"NULL": false}; a null is always {"NULL": true} (to say "not there", leave the attribute out); DynamoDB answers %q`,
				path, ctx.wrap("One or more parameter values were invalid: Null attribute value types must have the value of true"))
		}
	case "SS", "NS", "BS":
		if x.Kind != request.Array {
			fix := ""
			if x.Kind == request.String {
				fix = "[" + strconv.Quote(x.Text) + "]"
			}
			c.avType(v, x, p, "<class 'list'>, <class 'tuple'>", "an array of strings", fix)
			return
		}
		ok := true
		for i, e := range x.Elems {
			ep := fmt.Sprintf("%s[%d]", p, i)
			if e.Kind != request.String {
				c.avType(v, e, ep, "<class 'str'>", "a string", quoteIfScalar(e))
				ok = false
				continue
			}
			switch typ.Name {
			case "NS":
				ok = c.checkNumber(v, e, path, ctx) && ok
			case "BS":
				ok = c.checkBase64(v, e, path) && ok
			}
		}
		if ok {
			c.checkSet(typ.Name, x, ctx)
		}
	case "L":
		if x.Kind != request.Array {
			c.avType(v, x, p, "<class 'list'>, <class 'tuple'>", "an array of DynamoDB values", "")
			return
		}
		for i, e := range x.Elems {
			c.checkAV(e, fmt.Sprintf("%s[%d]", p, i), ctx)
		}
	case "M":
		if x.Kind != request.Object {
			c.avType(v, x, p, "<class 'dict'>", "an object of DynamoDB values", "")
			return
		}
		c.repeatedKeys(x, p)
		for _, m := range x.Members {
			c.checkAV(m.Value, p+"."+m.Name, ctx)
		}
	}
}

func quoteIfScalar(v *request.Value) string {
	if v.Kind == request.Number || v.Kind == request.Bool {
		return strconv.Quote(v.Text)
	}
	return ""
}

// avType reports the wrong JSON type inside a value, as the AWS CLI does.
func (c *reqCheck) avType(whole, x *request.Value, path, cliWant, want, fix string) {
	cli := fmt.Sprintf("Invalid type for parameter %s, value: %s, type: %s, valid types: %s", path, cliValue(x), cliType(x), cliWant)
	if fix != "" {
		fix = ". Write instead: " + fix
	}
	c.badValue(whole, x.Start, x.End, "%s is %s, and DynamoDB JSON wants %s there; the AWS CLI refuses the file (%q)%s",
		path, x.Kind, want, cli, fix)
}

// checkNumber checks an N's text; out-of-range numbers are
// number-out-of-range's, after conversion.
func (c *reqCheck) checkNumber(whole, x *request.Value, path string, ctx valueCtx) bool {
	if _, ok := grammar.ParseDecimal(x.Text); ok {
		if msg := grammar.NumberProblem(x.Text); msg != "" {
			c.later = append(c.later, c.finding(numberOutOfRange, x.Start, x.End,
				"%s is a number DynamoDB cannot store; it answers %q. Write instead: at most 38 significant digits and a magnitude from 1E-130 to 9.99E+125, or a string", strconv.Quote(x.Text), ctx.wrap(msg)))
		}
		return true
	}
	msg := "The parameter cannot be converted to a numeric value"
	if x.Text != "" {
		msg += ": " + x.Text
	}
	c.badValue(whole, x.Start, x.End, "%s is not a number: an N is decimal digits with an optional sign, point and exponent, like \"42\" or \"-1.5E3\"; DynamoDB answers %q",
		strconv.Quote(x.Text), ctx.wrap(msg))
	return false
}

func (c *reqCheck) checkBase64(whole, x *request.Value, path string) bool {
	if _, err := base64.StdEncoding.DecodeString(x.Text); err == nil {
		return true
	}
	c.badValue(whole, x.Start, x.End, "%s is not base64: a B value is its bytes in standard base64 with padding, like \"aGk=\" for \"hi\"; the AWS CLI v2 decodes it before sending and refuses the file, and DynamoDB refuses what is not base64 (in %s)",
		strconv.Quote(x.Text), path)
	return false
}

// checkSet finds an empty set or an element twice (invalid-set's, kept in
// c.later).
func (c *reqCheck) checkSet(typ string, x *request.Value, ctx valueCtx) {
	if len(x.Elems) == 0 {
		msg := map[string]string{"SS": msgEmptySS, "NS": msgEmptyNS, "BS": msgEmptyBS}[typ]
		c.later = append(c.later, c.finding(invalidSet, x.Start, x.End,
			"[] is an empty %s, and DynamoDB has no empty set; it answers %q. Write instead: REMOVE the attribute to empty a set (an item never holds an empty set), or leave the value out",
			typ, ctx.wrap(msg)))
		return
	}
	seen := map[string]*request.Value{}
	texts := make([]string, len(x.Elems))
	for i, e := range x.Elems {
		texts[i] = e.Text
	}
	for _, e := range x.Elems {
		key := e.Text
		switch typ {
		case "NS":
			d, _ := grammar.ParseDecimal(e.Text)
			key = d.Key()
		case "BS":
			b, _ := base64.StdEncoding.DecodeString(e.Text)
			key = string(b)
		}
		prev, dup := seen[key]
		if !dup {
			seen[key] = e
			continue
		}
		if prev == nil {
			continue // reported
		}
		seen[key] = nil
		msg := fmt.Sprintf(msgDupSS, quoteList(texts))
		switch typ {
		case "NS":
			msg = msgDupNS
		case "BS":
			msg = fmt.Sprintf(msgDupBS, quoteList(texts))
		}
		same := ""
		if prev.Text != e.Text {
			same = fmt.Sprintf(" (%s and %s are the same %s)", strconv.Quote(prev.Text), strconv.Quote(e.Text), map[string]string{"NS": "number", "BS": "bytes"}[typ])
		}
		p := c.pos(prev.Start)
		c.later = append(c.later, c.finding(invalidSet, e.Start, e.End,
			"%s is in this %s twice (first at %d:%d)%s; DynamoDB answers %q. Write instead: each element once",
			strconv.Quote(e.Text), typ, p.Line, p.Col, same, ctx.wrap(msg)))
	}
}

// ---------------------------------------------------------------------------
// legacy-parameters-mixed, legacy-parameters

// legacyInstead is the expression parameter that does a legacy parameter's
// work.
func legacyInstead(name string) string {
	s, _ := request.Spec(name)
	return s.Instead
}

func (c *reqCheck) checkLegacy() {
	if c.cmd == "" {
		return
	}
	given := c.given
	var exprs, legacy []string
	for _, n := range request.ExpressionMembers(c.cmd) {
		if given(n) {
			exprs = append(exprs, n)
		}
	}
	for _, n := range request.LegacyMembers(c.cmd) {
		if given(n) {
			legacy = append(legacy, n)
		}
	}
	mixed := map[string]bool{}
	if len(exprs) > 0 && len(legacy) > 0 {
		msg := fmt.Sprintf("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {%s} Expression parameters: {%s}",
			strings.Join(legacy, ", "), strings.Join(exprs, ", "))
		for _, n := range legacy {
			m := c.memberOf(n)
			c.report(legacyParametersMixed, Error, m.NamePos, m.NamePos+len(n)+2, "",
				"%s is a legacy parameter, and this request also uses expressions (%s); DynamoDB refuses the mix (%q). Write instead: %s",
				n, strings.Join(exprs, ", "), msg, legacyInstead(n))
			mixed[n] = true
		}
	}
	for _, n := range request.LegacyMembers(c.cmd) {
		if !given(n) || mixed[n] {
			continue
		}
		m := c.memberOf(n)
		c.report(legacyParameters, Info, m.NamePos, m.NamePos+len(n)+2, "",
			"%s is one of DynamoDB's legacy parameters; it works, but expressions say more, and dynexpr checks requests against the schema only when they use expressions. Write instead: %s",
			n, legacyInstead(n))
	}
}

// ---------------------------------------------------------------------------
// The placeholder maps

func (c *reqCheck) checkMaps() {
	o := c.r.Obj
	c.names, c.values = c.value("ExpressionAttributeNames"), c.value("ExpressionAttributeValues")
	if c.cmd != "" {
		c.checkMapsWithoutExpressions()
	}
	c.badKeys = map[string]bool{}
	for _, mp := range []struct {
		v      *request.Value
		name   string
		prefix byte
	}{{c.names, "ExpressionAttributeNames", '#'}, {c.values, "ExpressionAttributeValues", ':'}} {
		if mp.v == nil {
			continue
		}
		if len(mp.v.Members) == 0 {
			m := o.Member(mp.name)
			c.report(emptyExpressionMap, Error, m.NamePos, m.Value.End, "",
				"%s is {}; DynamoDB answers %q. Leave it out when no expression uses a %c placeholder",
				mp.name, mp.name+" must not be empty", mp.prefix)
			continue
		}
		for _, m := range mp.v.Members {
			c.checkPlaceholderKey(mp.name, mp.prefix, m)
		}
	}
}

// checkMapsWithoutExpressions reports placeholder maps given without the
// expressions that use them.
func (c *reqCheck) checkMapsWithoutExpressions() {
	given := c.given
	anyExpr, valueExpr := false, false
	var valueParams []string
	for _, n := range request.ExpressionMembers(c.cmd) {
		if n != "ProjectionExpression" {
			valueParams = append(valueParams, n)
		}
		if given(n) {
			anyExpr = true
			valueExpr = valueExpr || n != "ProjectionExpression"
		}
	}
	for _, n := range request.LegacyMembers(c.cmd) {
		if given(n) && anyExpr {
			return // legacy-parameters-mixed says what DynamoDB answers first
		}
	}
	if m := c.member("ExpressionAttributeNames"); m != nil && !anyExpr {
		c.report(namesWithoutExpressions, Error, m.NamePos, m.NamePos+len(m.Name)+2, "",
			"ExpressionAttributeNames serves expressions, and this %s has none (%s); DynamoDB answers %q. Remove it, or write the expression that uses it",
			c.cmd, strings.Join(request.ExpressionMembers(c.cmd), ", "), "ExpressionAttributeNames can only be specified when using expressions")
		c.names = nil
	}
	if m := c.member("ExpressionAttributeValues"); m != nil && !valueExpr {
		null := strings.Join(valueParams, " and ") + " is null"
		if len(valueParams) > 1 {
			null = strings.Join(valueParams, " and ") + " are null"
		}
		c.report(namesWithoutExpressions, Error, m.NamePos, m.NamePos+len(m.Name)+2, "",
			"ExpressionAttributeValues serves the expressions that take values, and this %s has none (%s; a ProjectionExpression takes no values); DynamoDB answers %q. Remove it, or write the expression that uses it",
			c.cmd, strings.Join(valueParams, ", "), "ExpressionAttributeValues can only be specified when using expressions: "+null)
		c.values = nil
	}
}

func validPlaceholder(s string, prefix byte) bool {
	if len(s) < 2 || s[0] != prefix {
		return false
	}
	for i := 1; i < len(s); i++ {
		ch := s[i]
		if !(ch == '_' || ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z') {
			return false
		}
	}
	return true
}

// placeholderFor makes a placeholder out of any text: #my_attr for
// "my-attr".
func placeholderFor(s string, prefix byte) string {
	var b strings.Builder
	b.WriteByte(prefix)
	for _, r := range strings.TrimLeft(s, "#:") {
		if r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 1 {
		b.WriteString("a")
	}
	return b.String()
}

const maxPlaceholderBytes = 255

func (c *reqCheck) checkPlaceholderKey(mapName string, prefix byte, m request.Member) {
	from, to := m.NamePos, m.NamePos+len(strconv.Quote(m.Name))
	if len(m.Name) > maxPlaceholderBytes {
		c.report(invalidPlaceholderKey, Error, from, to, "", "this key is %d bytes long, and DynamoDB takes placeholders of at most %d; it answers %q. Write instead: a shorter placeholder",
			len(m.Name), maxPlaceholderBytes,
			fmt.Sprintf("%s contains invalid key: The expression attribute map contains a key that is too long; size of key: %d", mapName, len(m.Name)))
		c.badKeys[m.Name] = true
		return
	}
	if validPlaceholder(m.Name, prefix) {
		return
	}
	c.badKeys[m.Name] = true
	fix := placeholderFor(m.Name, prefix)
	why := fmt.Sprintf("a key of %s is %c and then letters, digits and _", mapName, prefix)
	if m.Name == "" || m.Name[0] != prefix {
		why = fmt.Sprintf("a key of %s starts with %q", mapName, string(prefix))
	}
	c.report(invalidPlaceholderKey, Error, from, to, "", "%q is not a placeholder: %s; DynamoDB answers %q. Write instead: %q, and %s in the expressions",
		m.Name, why, fmt.Sprintf(`%s contains invalid key: Syntax error; key: "%s"`, mapName, m.Name), fix, fix)
}

// ---------------------------------------------------------------------------
// The expressions

// sizeCut is the byte offset of the first character past the limit.
func sizeCut(s string, limit int) int {
	n := 0
	for i, r := range s {
		n += utf16.RuneLen(r)
		if n > limit {
			return i
		}
	}
	return len(s)
}

func (c *reqCheck) checkExpressions() {
	src := c.r.File.Src
	var list []*reqExpr
	for _, param := range parseOrder {
		m := c.member(param)
		if m == nil || !c.known(param) {
			continue
		}
		kind, _ := ddbexpr.KindOf(param)
		list = append(list, &reqExpr{param: param, kind: kind, member: m, lit: m.Value, known: true})
	}
	c.exprs = append(list, c.exprs...) // the misplaced ones after
	for _, x := range c.exprs {
		x.raw = string(src[x.lit.Start:x.lit.End])
		if !x.known {
			// Under a member the command does not take: only what it uses.
			x.e, _ = ddbexpr.Parse(x.kind, x.lit.Text)
			if x.e == nil {
				c.broken = true
			}
			continue
		}
		c.checkExpression(x)
	}
}

func (c *reqCheck) checkExpression(x *reqExpr) {
	text := x.lit.Text
	size := ddbexpr.Size(text) // UTF-16 code units, as DynamoDB counts
	if size > ddbexpr.MaxSize {
		cut := sizeCut(text, ddbexpr.MaxSize)
		c.reportExpr(expressionLimit, x, cut, cut+1, "",
			"this %s is %d characters long, and DynamoDB takes at most %d: it stops reading here; it answers %q. Write instead: a shorter expression (shorter #placeholders), or split the request",
			x.param, size, ddbexpr.MaxSize, x.kind.Message("Expression size has exceeded the maximum allowed size", "expression size", strconv.Itoa(size)))
	}
	e, err := ddbexpr.Parse(x.kind, text)
	if e == nil {
		c.broken = true
		se, ok := err.(*ddbexpr.SyntaxError)
		if !ok {
			return
		}
		switch se.Reason {
		case ddbexpr.ReasonTooLong:
			if size <= ddbexpr.MaxSize {
				c.reportExpr(expressionLimit, x, se.Offset, se.End, "", "%s; DynamoDB answers %q", se.Msg, se.DynamoMsg)
			}
		case ddbexpr.ReasonEmpty:
			c.report(syntaxError, Error, x.lit.Start, x.lit.End, "", "%s is empty: write an expression, or leave %s out; DynamoDB answers %q",
				x.param, x.param, se.DynamoMsg)
		default:
			c.reportExpr(syntaxError, x, se.Offset, se.End, "", "%s; DynamoDB answers %q", se.Msg, se.DynamoMsg)
		}
		return
	}
	x.e = e
	// DynamoDB's order: redundant parentheses, then what it meets while
	// reading (functions, sections), reserved words and placeholders.
	if se := e.RedundantParensError(); se != nil {
		c.reportExpr(redundantParentheses, x, se.Offset, se.End, "", "%s; DynamoDB answers %q", se.Msg, se.DynamoMsg)
	}
	for _, p := range e.Problems {
		r := problemRule(p.Reason)
		c.reportExpr(r, x, p.Offset, p.End, "", "%s; DynamoDB answers %q", p.Msg, p.DynamoMsg)
		c.silence(c.exprOffset(x, p.Offset), c.exprOffset(x, max(p.End, p.Offset+1)), r.Name)
	}
	seen := map[string]bool{}
	for _, s := range e.ReservedNames() {
		c.reportReserved(x, s, seen)
	}
	c.checkUndefined(x)
	c.checkLimits(x)
}

// problemRule files a problem DynamoDB finds while reading an expression
// under the rule the DSL files it under.
func problemRule(r ddbexpr.Reason) *Rule {
	switch r {
	case ddbexpr.ReasonFunctionName, ddbexpr.ReasonFunctionPlace, ddbexpr.ReasonOperandCount,
		ddbexpr.ReasonOperandType, ddbexpr.ReasonPathRequired:
		return functionMisuse
	case ddbexpr.ReasonListIndex:
		return expressionLimit
	}
	return syntaxError
}

func (c *reqCheck) reportReserved(x *reqExpr, s ddbexpr.Segment, seen map[string]bool) {
	key := strings.ToLower(s.Name)
	if seen[key] {
		// Report each word once per expression, at its first use.
		return
	}
	seen[key] = true
	ph := ""
	if c.names != nil {
		for _, m := range c.names.Members {
			if m.Value.Kind == request.String && m.Value.Text == s.Name && validPlaceholder(m.Name, '#') {
				ph = m.Name
				break
			}
		}
	}
	var fix string
	if ph != "" {
		fix = fmt.Sprintf("%s, which ExpressionAttributeNames already maps to %q", ph, s.Name)
	} else {
		ph = placeholderFor(s.Name, '#')
		fix = fmt.Sprintf(`%s, and add "%s": %q to ExpressionAttributeNames`, ph, ph, s.Name)
	}
	c.reportExpr(reservedWord, x, s.Start, s.End, ph,
		"%s is a reserved word in DynamoDB and cannot be written as an attribute name; DynamoDB answers %q. Write instead: %s",
		s.Name, x.kind.Message("Attribute name is a reserved keyword", "reserved keyword", s.Name), fix)
}

// defined reports whether a placeholder is a key of its map.
func (c *reqCheck) defined(name string) bool {
	mp := c.names
	if name[0] == ':' {
		mp = c.values
	}
	return mp != nil && mp.Get(name) != nil
}

// mapKnown reports whether the map a placeholder needs was given in a form
// that can be read (otherwise its own finding says so).
func (c *reqCheck) mapKnown(isValue bool) bool {
	name := "ExpressionAttributeNames"
	if isValue {
		name = "ExpressionAttributeValues"
	}
	v := c.r.Obj.Get(name)
	return v == nil || v.Kind == request.Null || c.member(name) != nil
}

func (c *reqCheck) checkUndefined(x *reqExpr) {
	seen := map[string]bool{}
	for _, p := range x.placeholders() {
		if seen[p.Name] || c.defined(p.Name) || !c.mapKnown(p.IsValue()) {
			continue
		}
		seen[p.Name] = true
		from, to := c.exprOffset(x, p.Start), c.exprOffset(x, p.End)
		c.silence(from, to, "")
		if c.badKeys[p.Name[1:]] {
			// The map has it without its "#" or ":"; that key's finding says so.
			c.blocked = true
			continue
		}
		mapName, problem, detail := "ExpressionAttributeNames", "An expression attribute name used in the document path is not defined", "attribute name"
		keys := c.names
		if p.IsValue() {
			mapName, problem, detail = "ExpressionAttributeValues", "An expression attribute value used in expression is not defined", "attribute value"
			keys = c.values
		}
		hint := ""
		if keys != nil {
			var cands []string
			for _, m := range keys.Members {
				cands = append(cands, m.Name)
			}
			if s := schema.Suggest(p.Name, cands); s != "" {
				hint = fmt.Sprintf("; did you mean %s?", s)
			}
		}
		var what string
		if keys == nil {
			what = fmt.Sprintf("%s is used, and the request has no %s", p.Name, mapName)
		} else {
			what = fmt.Sprintf("%s is not a key of %s", p.Name, mapName)
		}
		c.reportExpr(undefinedPlaceholder, x, p.Start, p.End, "", "%s%s; DynamoDB answers %q",
			what, hint, x.kind.Message(problem, detail, p.Name))
	}
}

// checkLimits checks what DynamoDB counts in an expression: path depth,
// operators and functions, IN operands. (The catalog's expression-limit
// counts these on the statement; a request's own expression is exact.)
func (c *reqCheck) checkLimits(x *reqExpr) {
	e := x.e
	for _, p := range e.Paths() {
		if p.Depth() > maxPathDepth {
			s := p.Segments[maxPathDepth]
			c.reportExpr(expressionLimit, x, s.Start, s.End, "",
				"this document path is %d levels deep, and DynamoDB allows %d; it answers %q. Write instead: a path of at most %d names and list indexes",
				p.Depth(), maxPathDepth, x.kind.Message("The document path has too many nesting levels", "nesting levels", strconv.Itoa(p.Depth())), maxPathDepth)
		}
	}
	if n := e.OperatorCount(); n > maxOperators {
		c.reportExpr(expressionLimit, x, 0, 1, "",
			"this %s has %d operators and functions, and DynamoDB allows %d in one expression; it answers %q. Write instead: fewer tests (one IN (...) for a list of values), or split the request",
			x.param, n, maxOperators, x.kind.Message("The expression contains too many operators", "operator count", strconv.Itoa(maxOperators+1)))
	}
	for _, in := range e.InConditions() {
		if len(in.List) > maxInOperands {
			o := in.List[maxInOperands].Bounds()
			c.reportExpr(expressionLimit, x, o.Start, o.End, "",
				"IN has %d operands, and DynamoDB takes at most %d; it answers %q. Write instead: several IN tests of up to %d operands joined with OR",
				len(in.List), maxInOperands, x.kind.Message("The IN operator is provided with too many operands", "number of operands", strconv.Itoa(len(in.List))), maxInOperands)
		}
	}
}

// ---------------------------------------------------------------------------
// unused-placeholder

func (c *reqCheck) checkUnused() {
	if c.broken || c.names == nil && c.values == nil {
		return
	}
	used := map[string]bool{}
	for _, x := range c.exprs {
		if x.e == nil {
			continue
		}
		for _, p := range x.placeholders() {
			used[p.Name] = true
		}
	}
	// An entry an undefined placeholder misspells is not reported again:
	// undefined-placeholder's "did you mean" names it.
	misspelt := map[string]bool{}
	for _, x := range c.exprs {
		if x.e == nil {
			continue
		}
		for _, p := range x.placeholders() {
			if c.defined(p.Name) {
				continue
			}
			keys := c.names
			if p.IsValue() {
				keys = c.values
			}
			if keys == nil {
				continue
			}
			cands := make([]string, 0, len(keys.Members))
			for _, m := range keys.Members {
				cands = append(cands, m.Name)
			}
			if s := schema.Suggest(p.Name, cands); s != "" {
				misspelt[s] = true
			}
		}
	}
	for _, mp := range []struct {
		v    *request.Value
		name string
	}{{c.names, "ExpressionAttributeNames"}, {c.values, "ExpressionAttributeValues"}} {
		if mp.v == nil {
			continue
		}
		var unused []request.Member
		for _, m := range mp.v.Members {
			if !used[m.Name] && !c.badKeys[m.Name] && !m.Repeated && !misspelt[m.Name] {
				unused = append(unused, m)
			}
		}
		if len(unused) == 0 {
			continue
		}
		keys := make([]string, len(unused))
		for i, m := range unused {
			keys[i] = m.Name
		}
		dynamo := fmt.Sprintf("Value provided in %s unused in expressions: keys: {%s}", mp.name, strings.Join(keys, ", "))
		for _, m := range unused {
			hint := ""
			if mp.name == "ExpressionAttributeNames" && m.Value.Kind == request.String {
				if at := c.bareUse(m.Value.Text); at != "" {
					hint = fmt.Sprintf("; the %s writes %s itself: write %s there", at, m.Value.Text, m.Name)
				}
			}
			c.report(unusedPlaceholder, Error, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "",
				"%s is in %s, and no expression of this request uses it%s; DynamoDB answers %q. Remove it, or use it",
				m.Name, mp.name, hint, dynamo)
		}
	}
}

// bareUse returns the expression parameter that writes name as a bare
// attribute name, or "".
func (c *reqCheck) bareUse(name string) string {
	for _, x := range c.exprs {
		if x.e == nil {
			continue
		}
		for _, s := range x.e.BareNames() {
			if s.Name == name {
				return x.param
			}
		}
	}
	return ""
}

// ---------------------------------------------------------------------------
// select-projection-mismatch

var selectValues = []string{"SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"}

func (c *reqCheck) checkSelect() {
	m := c.member("Select")
	if m == nil || c.cmd != "query" && c.cmd != "scan" {
		return
	}
	v := m.Value
	if !contains(selectValues, v.Text) {
		hint := ""
		if s := schema.Suggest(v.Text, selectValues); s != "" {
			hint = fmt.Sprintf("; did you mean %q?", s)
		}
		c.report(selectProjectionMismatch, Error, v.Start, v.End, "", "Select takes %s, not %q%s; DynamoDB answers %q",
			strings.Join(selectValues, ", "), v.Text, hint,
			fmt.Sprintf("1 validation error detected: Value '%s' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [%s]",
				v.Text, strings.Join(selectValues, ", ")))
		return
	}
	proj := ""
	for _, n := range []string{"ProjectionExpression", "AttributesToGet"} {
		if c.member(n) != nil {
			proj = n
			break
		}
	}
	switch {
	case v.Text == "SPECIFIC_ATTRIBUTES" && proj == "":
		msg := "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES"
		if c.cmd == "query" {
			msg = "1 validation error detected: " + msg
		}
		c.report(selectProjectionMismatch, Error, v.Start, v.End, "", "Select SPECIFIC_ATTRIBUTES returns the attributes a ProjectionExpression names, and this %s has none; DynamoDB answers %q. Write instead: a ProjectionExpression, or leave Select out",
			c.cmd, msg)
	case v.Text != "SPECIFIC_ATTRIBUTES" && proj != "":
		what := "to get " + v.Text
		if v.Text == "COUNT" {
			what = "to get only the Count"
		}
		fix := `"Select": "SPECIFIC_ATTRIBUTES", or no Select`
		if v.Text == "COUNT" {
			fix = "no " + proj + " (a count returns no attributes)"
		}
		c.report(selectProjectionMismatch, Error, v.Start, v.End, "", "Select %s and %s contradict each other: %s names the attributes to return, which is Select SPECIFIC_ATTRIBUTES; DynamoDB answers %q. Write instead: %s",
			v.Text, proj, proj, fmt.Sprintf("Cannot specify the %s when choosing %s", proj, what), fix)
	}
}

// ---------------------------------------------------------------------------
// The catalog, on the statement the request makes

// exprLimitMessages are the parts of the catalog's expression-limit
// findings about an expression's own text, which checkExpression measures
// exactly on the request (the statement's expressions are the DSL's, not
// the request's).
var exprLimitMessages = []string{
	"Expression size has exceeded the maximum allowed size",
	"The document path has too many nesting levels",
	"The expression contains too many operators",
	"The IN operator is provided with too many operands",
}

func (c *reqCheck) checkStatement(sch *schema.Schema) {
	if !c.runCatalog(sch) {
		// The catalog did not run: report what its value rules would have.
		for _, f := range c.later {
			if sev := c.cfg.severity(Lookup(f.Rule), f.Severity); sev != Off {
				f.Severity = sev
				c.out = append(c.out, f)
			}
		}
	}
}

// runCatalog runs the catalog on the statement the request makes, and
// reports whether it could. It uses request.Request.Convert rather than
// Statement: a member the statement merely cannot carry (ReturnConsumedCapacity
// TOTAL, an unused placeholder, which the request rules report) is dropped
// from the statement, and the catalog still checks the rest.
func (c *reqCheck) runCatalog(sch *schema.Schema) bool {
	conv, err := c.r.Convert()
	if err != nil {
		if c.blocked || c.broken || len(c.later) > 0 {
			return false
		}
		msg := err.Error()
		at := c.r.Obj.Start
		if d, ok := err.(*diag.Error); ok {
			msg = d.Msg
			if d.Pos.IsValid() {
				at = d.Pos.Offset
			}
		}
		c.report(uncheckedRequest, Info, at, -1, "", "dynexpr cannot write this request as a statement, so the rules that check it against the schema did not run: %s", msg)
		return false
	}
	st := conv.Statement
	if st == nil {
		return false
	}
	mine := make(map[string]bool, len(c.out))
	for _, f := range c.out {
		mine[f.Rule+"@"+f.Pos.String()] = true
	}
	for _, f := range Check(st, sch, c.cfg) {
		if mine[f.Rule+"@"+f.Pos.String()] || c.quieted(f) {
			continue
		}
		c.out = append(c.out, f)
	}
	return true
}

// quieted reports whether a finding of the catalog falls where a request
// rule already reported its cause.
func (c *reqCheck) quieted(f Finding) bool {
	if f.Rule == expressionLimit.Name {
		for _, m := range exprLimitMessages {
			if strings.Contains(f.Message, m) {
				return true
			}
		}
	}
	off := f.Pos.Offset
	if f.Pos.Line > 0 && off == 0 {
		// A position without its offset: compute it from line and column.
		off = lineColOffset(c.r.File, f.Pos.Line, f.Pos.Col)
	}
	for _, s := range c.quiet {
		if (s.rule == "" || s.rule == f.Rule) && off >= s.from && off < s.to {
			return true
		}
	}
	return false
}

func lineColOffset(f *request.File, line, col int) int {
	n := 1
	for i := 0; i < len(f.Src); i++ {
		if n == line {
			return i + col - 1
		}
		if f.Src[i] == '\n' {
			n++
		}
	}
	return len(f.Src)
}
