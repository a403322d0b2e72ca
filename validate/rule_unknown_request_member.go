package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

var unknownRequestMember = &Rule{
	Name:     "unknown-request-member",
	Severity: Error,
	Title:    "a member the aws dynamodb command's --cli-input-json does not take",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPython, ReaderJavaScript, ReaderGo, ReaderJVM}, Why: "the code readers take as members only the names DynamoDB gives its members, so a name of no member is never read as one"},
	},
	Why: `The AWS CLI checks a request's members against the operation before it sends
anything, and refuses the whole file for one it does not know (exit status 252 with
AWS CLI v2, 255 with v1): a misspelt member, or one that belongs to another
operation (UpdateExpression in a query). The members of a transaction or a batch
take fewer members than the same request alone: no ReturnValues in a
transaction's Update, no TableName in a batch's PutRequest (the table is the key
it is listed under), no ConsistentRead in a transaction's Get. dynexpr's own
"command" member, which names the operation, is the one exception. The message
names the member it comes closest to.`,
	DynamoMessages: []string{`Unknown parameter in input: "KeyConditionExpresion", must be one of: TableName, IndexName, Select, ...`},
	Bad:            `{"command": "query", "TableName": "Tickets", "KeyConditionExpresion": "id = :id", "ExpressionAttributeValues": {":id": {"S": "a91f"}}}`,
	Good:           `{"command": "query", "TableName": "Tickets", "KeyConditionExpression": "id = :id", "ExpressionAttributeValues": {":id": {"S": "a91f"}}}`,
	AppliesTo:      requestApplies,
	RequestOnly:    true,
	checkRequest:   checkUnknownMembers,
}

func (c *requestPass) unknownMember(m *request.Member) {
	var hint string
	others := c.otherCommands(m.Name)
	switch {
	case len(others) > 0:
		hint = fmt.Sprintf("; %s is a member of %s requests", m.Name, strings.Join(others, ", "))
	case c.r.Group != nil && partHints[m.Name] != "":
		hint = "; " + partHints[m.Name]
	case c.r.Group != nil && contains(request.AllMembers(), m.Name):
		hint = fmt.Sprintf("; %s is a member of a request alone, not of a member of a %s request", m.Name, c.r.Group.Command)
	default:
		if s := schema.Suggest(m.Name, c.members); s != "" {
			hint = fmt.Sprintf("; did you mean %q?", s)
		} else if s := schema.Suggest(m.Name, request.AllMembers()); s != "" {
			hint = fmt.Sprintf("; did you mean %q (a member of other requests)?", s)
		}
	}
	what, in := "a request", "input"
	switch {
	case c.r.Path != "":
		what, in = c.r.Path, c.r.Path
	case c.cmd != "":
		what = "a " + c.cmd + " request"
	}
	cli := fmt.Sprintf(`Unknown parameter in %s: "%s", must be one of: %s`, in, m.Name, strings.Join(c.members, ", "))
	c.report(c.rule, Error, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "",
		"%q is not a member of %s%s; the AWS CLI refuses the file (%q)%s", m.Name, what, hint, cli, c.guessNote())
}

// otherCommands are the commands that take member name, for a request
// alone whose command is known (a group's RequestItems, TransactItems
// included).
func (c *requestPass) otherCommands(name string) []string {
	var others []string
	for _, cmd := range append(append([]string(nil), request.Commands...), request.GroupCommands...) {
		if c.cmd != "" && c.r.Group == nil && contains(request.Members(cmd), name) {
			others = append(others, cmd)
		}
	}
	return others
}

// readUnknown notes, while the members are read and so before any rule
// looks, what an unknown member stands for: the member of the request it
// most likely misspells (memberOf and given answer for that one with it),
// and the expression it holds, which still uses its placeholders.
func (c *requestPass) readUnknown(m *request.Member) {
	misspells := len(c.otherCommands(m.Name)) == 0 &&
		(c.r.Group == nil || partHints[m.Name] == "" && !contains(request.AllMembers(), m.Name))
	if s := schema.Suggest(m.Name, c.members); misspells && s != "" && c.r.Obj.Get(s) == nil && c.misspelt[s] == nil {
		if c.misspelt == nil {
			c.misspelt = map[string]*request.Member{}
		}
		c.misspelt[s] = m
		if kind, ok := ddbexpr.KindOf(s); ok && m.Value.Kind == request.String {
			c.exprs = append(c.exprs, &reqExpr{param: m.Name, kind: kind, member: m, lit: m.Value})
		}
	}
	if kind, ok := ddbexpr.KindOf(m.Name); ok && m.Value.Kind == request.String {
		c.exprs = append(c.exprs, &reqExpr{param: m.Name, kind: kind, member: m, lit: m.Value})
	}
}

// partHints explain the members most often written by mistake in a
// group's member, as a request alone would have them.
var partHints = map[string]string{
	"TableName":              "a batch names the table by the key its requests are listed under in RequestItems",
	"ReturnValues":           "a transaction's member returns nothing but, when its condition fails, the item (ReturnValuesOnConditionCheckFailure)",
	"ReturnConsumedCapacity": "the group takes ReturnConsumedCapacity for all its members",
}

// checkUnknownMembers reports the members the request's operation does not
// take.
func checkUnknownMembers(c *requestPass) {
	for i := range c.r.Obj.Members {
		// dynexpr's own "command" names the request's operation; a member
		// of a group has none of its own.
		if m := &c.r.Obj.Members[i]; (m.Name != request.CommandMember || c.r.Group != nil) && !c.known(m.Name) {
			c.unknownMember(m)
		}
	}
}
