package validate

import "github.com/dynexpr/dynexpr/diag"

var uncheckedRequest = &Rule{
	Name:     "unchecked-request",
	Severity: Info,
	Title:    "a request dynexpr cannot turn into a statement, so the schema rules did not run on it",
	Why: `dynexpr checks a request file in two steps: the rules above on the request as
written, then every rule of the catalog (keys, indexes, projections, sparse
indexes, ...) on the statement the request makes. When a request uses something
dynexpr's language cannot say, the second step cannot run; this notice says so,
and why, rather than pass the request silently. It is not reported when another
finding on the request already explains it. A request with legacy parameters
is checked on the statement of its expression form (what ` + "`dynexpr import`" + `
writes); the notice says when that form cannot be written either (ADD of a list
in AttributeUpdates).`,
	Bad:          `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "priority": {"N": "+1"}}}`,
	Good:         `{"TableName": "Tickets", "Item": {"id": {"S": "a91f"}, "priority": {"N": "1"}}}`,
	AppliesTo:    requestApplies,
	RequestOnly:  true,
	checkRequest: checkUncheckedRequest,
}

// checkUncheckedRequest makes the statement the catalog's rules check, and
// says so when it cannot, unless a request rule already explained why. It
// uses request.Request.Convert rather than Statement: a member the
// statement merely cannot carry (an update-item without an update, an unused
// placeholder, which the request rules report) is dropped from the
// statement, and the catalog still checks the rest. A request with legacy
// parameters is checked on the statement of its expression form.
func checkUncheckedRequest(c *requestPass) {
	c.expressions() // whether one is broken
	if c.r.Group != nil {
		return // a group's member: the group's statement is made whole (checkGroupRequest)
	}
	conv, err := c.r.Convert()
	legacy := err != nil && len(c.r.Legacy()) > 0
	if legacy {
		conv, err = c.legacyStatement()
	}
	if err != nil {
		// legacy-parameters' notice does not explain it: only an error
		// of the request rules does.
		// Nor what code does not show: the statement may lack only that.
		if c.blocked && !(legacy && !c.hasError()) || c.broken || len(c.later) > 0 || c.r.Unknowns() {
			return
		}
		msg := err.Error()
		at := c.r.Obj.Start
		if d, ok := err.(*diag.Error); ok {
			msg = d.Msg
			if d.Pos.IsValid() {
				at = d.Pos.Offset
			}
		}
		c.add(c.rule, Info, at, -1, "", "dynexpr cannot write this request as a statement, so the rules that check it against the schema did not run: %s", msg)
		return
	}
	c.stmt = conv.Statement
}

// hasError reports whether a request rule found something DynamoDB
// refuses.
func (c *requestPass) hasError() bool {
	for _, f := range c.out {
		if f.Severity == Error {
			return true
		}
	}
	return false
}
