package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/request"
)

var missingRequestMember = &Rule{
	Name:     "missing-request-member",
	Severity: Error,
	Title:    "a request without a member its operation requires, or whose operation cannot be told",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPython, ReaderJavaScript, ReaderGo, ReaderJVM}, Why: "a member the code does not show may be set where the reader cannot see it (a resource's Table, a variable, a builder held elsewhere), so in code an absent member is unknown, never missing"},
	},
	Why: `Every request needs TableName; get-item, update-item and delete-item need Key,
put-item needs Item (the AWS CLI refuses the file without them: "Missing required
parameter in input"), and a query needs KeyConditionExpression (or the legacy
KeyConditions). A transaction needs TransactItems, each entry one request, and
each member what it needs alone, a ConditionCheck its ConditionExpression too; a
batch needs RequestItems, a batch get's table its Keys, a PutRequest its Item, a
DeleteRequest its Key. dynexpr tells the operation from a "command" member, or
else from the members present; a request with neither TableName nor any member
that tells the operation cannot be checked: add "command".`,
	DynamoMessages: []string{
		`Missing required parameter in input: "Key"`,
		"Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
	},
	Bad:          `{"command": "get-item", "TableName": "Tickets", "ProjectionExpression": "subject"}`,
	Good:         `{"command": "get-item", "TableName": "Tickets", "Key": {"id": {"S": "a91f"}}, "ProjectionExpression": "subject"}`,
	AppliesTo:    requestApplies,
	RequestOnly:  true,
	checkRequest: checkMissingMembers,
}

// checkMissingMembers reports the members the request's operation
// requires and the request lacks, and a request whose operation nothing
// tells.
func checkMissingMembers(c *requestPass) {
	if c.r.Partial() {
		return // what code does not show is unknown, not missing (request.Partial)
	}
	o := c.r.Obj
	if c.cmd == "" {
		c.report(c.rule, Error, o.Start, o.Start+1, "",
			`dynexpr cannot tell which aws dynamodb command takes this request: it has no "TableName" and no member that tells the command; add "TableName", and "command": %q (or %s)`,
			"query", strings.Join(request.Commands[1:], ", "))
		return
	}
	missing := func(name string) {
		if c.r.Path != "" || request.IsGroup(c.cmd) || request.IsPartiQL(c.cmd) {
			what, in := "this "+c.cmd+" request", "input"
			if c.r.Path != "" {
				what, in = c.r.Path, c.r.Path
			}
			c.report(c.rule, Error, o.Start, o.Start+1, "", "%s has no %q; the AWS CLI refuses the file (%q)%s",
				what, name, `Missing required parameter in `+in+`: "`+name+`"`, c.guessNote())
			// A check member without its condition: the catalog's rule
			// for the statement says the same.
			c.silence(o.Start, o.End, "check-without-condition")
			return
		}
		c.report(c.rule, Error, o.Start, o.Start+1, "",
			"this %s request has no %q; the AWS CLI refuses the file (%q)%s",
			c.cmd, name, `Missing required parameter in input: "`+name+`"`, c.guessNote())
	}
	if c.r.Path != "" || request.IsGroup(c.cmd) || request.IsPartiQL(c.cmd) {
		// A group, its members and the PartiQL commands: the AWS CLI's
		// own list.
		for _, name := range request.Required(c.shape) {
			if !c.given(name) && !(name == "TableName" && c.r.Table != nil) {
				missing(name)
			}
		}
		return
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
			c.report(c.rule, Error, o.Start, o.Start+1, "",
				"this query has no KeyConditionExpression: a query reads one partition, which the key condition names (a scan reads the whole table); DynamoDB answers %q%s",
				"Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.", c.guessNote())
		}
	}
	// A legacy condition of KeyConditions, QueryFilter or ScanFilter
	// needs its operator (Expected's entries have another form).
	for _, name := range []string{"KeyConditions", "QueryFilter", "ScanFilter"} {
		v := c.value(name)
		if v == nil {
			continue
		}
		for _, e := range v.Members {
			if e.Value.Get("ComparisonOperator") == nil {
				c.report(c.rule, Error, e.NamePos, e.NamePos+len(e.Name)+2, "",
					"%s.%s has no \"ComparisonOperator\", which a legacy condition needs (EQ, BEGINS_WITH, ...); the AWS CLI refuses the file (%q)",
					name, e.Name, "Missing required parameter in "+name+"."+e.Name+`: "ComparisonOperator"`)
			}
		}
	}
}
