package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

// Request JSON of the four groups (transact-write-items,
// transact-get-items, batch-get-item, batch-write-item). The group's own
// members are read as a request's are; the shape of its list (TransactItems,
// RequestItems) as the AWS CLI reads it; each member request (a
// request.Request Part, whose places are inside the group) by every request
// rule as a request alone; then the group is made into one group statement,
// and the catalog runs on it as it does on a converted request: every rule
// of one request on each member, and the group rules on the whole.

// checkGroupRequest is CheckRequest of a group.
func checkGroupRequest(r *request.Request, sch *schema.Schema, cfg *Config) []Finding {
	c := newRequestPass(r, sch, cfg)
	// The group's own members: the request rules about members (its list
	// and options have no expressions, values or placeholders).
	c.runHook(unknownRequestMember)
	c.runHook(missingRequestMember)
	c.runHook(invalidRequestMember)
	c.groupShape()
	for _, p := range r.Parts() {
		pc := newRequestPass(p, sch, cfg)
		pc.runHooks()
		c.out = append(c.out, pc.out...)
		c.quiet = append(c.quiet, pc.quiet...)
		c.later = append(c.later, pc.later...)
		c.blocked = c.blocked || pc.blocked
		c.broken = c.broken || pc.broken
	}
	c.groupStatement()
	c.runCatalog(sch)
	sortByPlace(c.out)
	return c.out
}

// groupShape checks the entries of the group's list: in a transaction and
// a batch write each an object with exactly one request of the kinds its
// list takes; in a batch get each table's KeysAndAttributes an object.
func (c *requestPass) groupShape() {
	// The list as written, even where one of its entries is not an object
	// (checkType reported it): the others are still checked.
	// A batch's TransactItems is only an unknown member (reported so).
	if v := c.r.Obj.Get("TransactItems"); v != nil && v.Kind == request.Array && contains(request.Members(c.cmd), "TransactItems") {
		for i, e := range v.Elems {
			c.entry(e, request.Entry(c.cmd), fmt.Sprintf("TransactItems[%d]", i))
		}
	}
	v := c.value("RequestItems")
	if v == nil {
		return
	}
	if len(v.Members) == 0 && !c.r.Incomplete(v) {
		// The AWS CLI sends it (it checks the length of lists, not of
		// maps); DynamoDB refuses it.
		c.report(invalidRequestMember, Error, v.Start, v.End, "", "RequestItems is empty, and a batch reads or writes at least one table; DynamoDB refuses it (%q): give at least one table",
			"Member must have length greater than or equal to 1")
		return
	}
	c.repeatedKeys(v, "RequestItems")
	for _, t := range v.Members {
		path := "RequestItems." + t.Name
		if c.cmd == "batch-get-item" {
			c.checkType(t.Value, path, request.MemberSpec{Type: request.PartMember})
			continue
		}
		if c.checkType(t.Value, path, request.MemberSpec{Type: request.ItemListMember}) {
			for i, e := range t.Value.Elems {
				c.entry(e, "WriteRequest", fmt.Sprintf("%s[%d]", path, i))
			}
		}
	}
}

// entry checks one entry of a list (a TransactWriteItem, TransactGetItem
// or WriteRequest): its members are those of shape, and it holds exactly
// one request.
func (c *requestPass) entry(e *request.Value, shape, path string) {
	if e.Kind != request.Object {
		return // the list's checkType reported it
	}
	allowed := request.Members(shape)
	var known []request.Member
	for _, m := range e.Members {
		if !contains(allowed, m.Name) {
			hint := ""
			if s := schema.Suggest(m.Name, allowed); s != "" {
				hint = fmt.Sprintf("; did you mean %q?", s)
			}
			c.report(unknownRequestMember, Error, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "",
				"%q is not a member of %s, which holds one of %s%s; the AWS CLI refuses the file (%q)",
				m.Name, path, orList(allowed), hint, fmt.Sprintf(`Unknown parameter in %s: "%s", must be one of: %s`, path, m.Name, joinComma(allowed)))
			continue
		}
		known = append(known, m)
		if m.Value.Kind != request.Object {
			c.typeError(invalidRequestMember, m.Value, path+"."+m.Name, request.PartMember, "")
		}
	}
	switch {
	case len(e.Members) == 0 && !c.r.Incomplete(e):
		c.report(missingRequestMember, Error, e.Start, e.End, "", "%s holds no request: give it one of %s; DynamoDB refuses an entry without one",
			path, orList(allowed))
	case len(known) > 1:
		m := known[1]
		c.report(invalidRequestMember, Error, m.NamePos, m.NamePos+len(strconv.Quote(m.Name)), "",
			"%s holds both %s and %s, and DynamoDB takes one request an entry: give %s an entry of its own", path, known[0].Name, m.Name, m.Name)
	}
}

// groupStatement makes the group statement the catalog checks, or says
// why it cannot, unless a request rule already explained it.
func (c *requestPass) groupStatement() {
	conv, err := c.r.Convert()
	if err == nil {
		c.stmt = conv.Statement
		return
	}
	// Nor what code does not show, as for a request alone.
	if c.blocked || c.broken || len(c.later) > 0 || c.r.Unknowns() {
		return
	}
	msg, at := err.Error(), c.r.Obj.Start
	if d, ok := err.(*diag.Error); ok {
		msg = d.Msg
		if d.Pos.IsValid() {
			at = d.Pos.Offset
		}
	}
	c.add(uncheckedRequest, Info, at, -1, "", "dynexpr cannot write this request as a statement, so the rules that check it against the schema did not run: %s", msg)
}

func joinComma(list []string) string { return strings.Join(list, ", ") }

// orList writes a, b or c.
func orList(list []string) string {
	if len(list) < 2 {
		return joinComma(list)
	}
	return joinComma(list[:len(list)-1]) + " or " + list[len(list)-1]
}
