package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
)

var invalidRequestMember = &Rule{
	Name:     "invalid-request-member",
	Severity: Error,
	Title:    "a request member of the wrong JSON type or with a value the operation does not take",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderGo, ReaderJVM}, Why: "Go's, Java's and Kotlin's SDKs type each member: a value of the wrong type does not compile"},
	},
	Why: `Each member of a request has one JSON type: Limit and Segment are numbers,
ConsistentRead and ScanIndexForward are true or false, not strings. The AWS CLI
refuses the file for any other ("Invalid type for parameter ..."), and for a
number below the member's minimum (Limit 0). DynamoDB reads Limit, Segment and
TotalSegments as 32-bit integers and refuses one over 2147483647, which the AWS
CLI sends. DynamoDB refuses a value outside a
member's list (ReturnValues, ReturnConsumedCapacity, ConditionalOperator, ...),
a Segment without TotalSegments or not below it, and on put-item and delete-item
any ReturnValues but ALL_OLD and NONE. TransactItems, RequestItems and a batch
get's Keys are never empty, and an entry of TransactItems or of a batch write's
list holds exactly one request. A member written twice is a warning: JSON
readers keep the last one and silently drop the first.`,
	DynamoMessages: []string{"Invalid type for parameter Limit, value: 10, type: <class 'str'>, valid types: <class 'int'>"},
	Bad:            `{"TableName": "Tickets", "Limit": "10"}`,
	Good:           `{"TableName": "Tickets", "Limit": 10}`,
	AppliesTo:      requestApplies,
	RequestOnly:    true,
	checkRequest:   checkInvalidMembers,
}

var cliTypeNames = map[request.MemberType]string{
	request.StringMember: "<class 'str'>", request.IntMember: "<class 'int'>", request.BoolMember: "<class 'bool'>",
	request.StringListMember: "<class 'list'>, <class 'tuple'>",
	request.ValueMapMember:   "<class 'dict'>", request.NameMapMember: "<class 'dict'>", request.ConditionMapMember: "<class 'dict'>",
	request.ExpectedMapMember: "<class 'dict'>", request.UpdatesMapMember: "<class 'dict'>",
	request.ItemListMember: "<class 'list'>, <class 'tuple'>", request.KeyListMember: "<class 'list'>, <class 'tuple'>",
	request.TableMapMember: "<class 'dict'>", request.PartMember: "<class 'dict'>",
	request.ParamListMember: "<class 'list'>, <class 'tuple'>", request.StatementListMember: "<class 'list'>, <class 'tuple'>",
}

var typeWords = map[request.MemberType]string{
	request.StringMember: "a string", request.IntMember: "a whole number", request.BoolMember: "true or false", request.StringListMember: "an array of strings",
	request.ValueMapMember: "an object of DynamoDB values", request.NameMapMember: "an object of attribute names",
	request.ConditionMapMember: "an object of conditions", request.ExpectedMapMember: "an object of expected values",
	request.UpdatesMapMember: "an object of attribute updates",
	request.ItemListMember:   "an array of requests", request.KeyListMember: "an array of keys",
	request.TableMapMember: "an object of table names", request.PartMember: "an object",
	request.ParamListMember: "an array of DynamoDB values", request.StatementListMember: "an array of statements",
}

// typeError reports a value of the wrong JSON type, as the AWS CLI does.
func (c *requestPass) typeError(r *Rule, v *request.Value, path string, want request.MemberType, fix string) {
	cli := fmt.Sprintf("Invalid type for parameter %s, value: %s, type: %s, valid types: %s", path, cliValue(v), cliType(v), cliTypeNames[want])
	if fix != "" {
		fix = ". Write instead: " + fix
	}
	c.report(r, Error, v.Start, v.End, "", "%s is %s, and the AWS CLI takes %s there; it refuses the file (%q)%s",
		path, v.Kind, typeWords[want], cli, fix)
	c.silence(v.Start, v.End, "")
}

// overInt reports an integer member over DynamoDB's 32-bit integers, which
// the AWS CLI sends (its model sets no maximum) and DynamoDB refuses to read.
func (c *requestPass) overInt(v *request.Value, path string) {
	c.report(invalidRequestMember, Error, v.Start, v.End, "", "%s is %s, and DynamoDB reads it as a 32-bit integer, at most %d: DynamoDB refuses the request. Write at most %d",
		path, v.Text, request.MaxInt, request.MaxInt)
}

// checkType checks a member's JSON type (and the shape inside the legacy
// parameters' objects); it reports and returns false when the member cannot
// be used.
func (c *requestPass) checkType(v *request.Value, path string, spec request.MemberSpec) bool {
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
			// Larger than any int: no minimum is in the way.
			if spec.Max > 0 {
				c.report(invalidRequestMember, Error, v.Start, v.End, "", "%s is %s, and the most it can be is %d; the AWS CLI refuses the file (%q)",
					path, v.Text, spec.Max, fmt.Sprintf("Invalid value for parameter %s, value: %s, valid max value: %d", path, v.Text, spec.Max))
			} else {
				c.overInt(v, path)
			}
			ok = false
		case err != nil || n < spec.Min:
			c.report(invalidRequestMember, Error, v.Start, v.End, "", "%s is %s, and the least it can be is %d; the AWS CLI refuses the file (%q)",
				path, v.Text, spec.Min, fmt.Sprintf("Invalid value for parameter %s, value: %s, valid min value: %d", path, v.Text, spec.Min))
			ok = false
		case spec.Max > 0 && n > spec.Max:
			c.report(invalidRequestMember, Error, v.Start, v.End, "", "%s is %s, and the most it can be is %d; the AWS CLI refuses the file (%q)",
				path, v.Text, spec.Max, fmt.Sprintf("Invalid value for parameter %s, value: %s, valid max value: %d", path, v.Text, spec.Max))
			ok = false
		case n > request.MaxInt:
			c.overInt(v, path)
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
	case request.ItemListMember, request.KeyListMember, request.ParamListMember, request.StatementListMember:
		if v.Kind != request.Array {
			c.typeError(invalidRequestMember, v, path, spec.Type, "")
			return false
		}
		if len(v.Elems) == 0 {
			c.report(invalidRequestMember, Error, v.Start, v.End, "", "%s is empty; the AWS CLI refuses the file (%q): give at least one",
				path, fmt.Sprintf("Invalid length for parameter %s, value: 0, valid min length: 1", path))
			return false
		}
		for i, e := range v.Elems {
			if e.Kind != request.Object {
				c.typeError(invalidRequestMember, e, fmt.Sprintf("%s[%d]", path, i), request.PartMember, "")
				ok = false
			}
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
func (c *requestPass) checkEnum(v *request.Value, path string, spec request.MemberSpec) {
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
func (c *requestPass) checkLegacyEntry(m *request.Member, parent string, typ request.MemberType) bool {
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
func (c *requestPass) checkSegments() {
	seg, total := c.member("Segment"), c.member("TotalSegments")
	switch {
	case seg != nil && total == nil && c.r.Obj.Get("TotalSegments") == nil:
		c.report(c.rule, Error, seg.NamePos, seg.Value.End, "", "Segment without TotalSegments: a parallel scan names its segment and how many there are; DynamoDB answers %q",
			"The TotalSegments parameter is required but was not present in the request when Segment parameter is present")
	case total != nil && seg == nil && c.r.Obj.Get("Segment") == nil:
		c.report(c.rule, Error, total.NamePos, total.Value.End, "", "TotalSegments without Segment: a parallel scan names its segment and how many there are; DynamoDB answers %q",
			"The Segment parameter is required but was not present in the request when parameter TotalSegments is present")
	case seg != nil && total != nil:
		s, err1 := strconv.Atoi(seg.Value.Text)
		t, err2 := strconv.Atoi(total.Value.Text)
		if err1 == nil && err2 == nil && s >= t {
			c.report(c.rule, Error, seg.Value.Start, seg.Value.End, "", "segments count from 0, so with TotalSegments %d the last is %d; DynamoDB answers %q",
				t, t-1, fmt.Sprintf("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: %d is not less than TotalSegments: %d", s, t))
		}
	}
}

// checkInvalidMembers reports what readMembers cannot: Segment and
// TotalSegments that do not go together, and a "command" that names no
// operation.
func checkInvalidMembers(c *requestPass) {
	c.checkSegments()
	o := c.r.Obj
	if m := o.Member(request.CommandMember); m != nil && c.r.Group == nil {
		switch {
		case m.Value.Kind != request.String:
			c.report(c.rule, Error, m.Value.Start, m.Value.End, "",
				`"command" names the aws dynamodb command as a string, like "command": "query"; this one is %s`, m.Value.Kind)
		case c.r.CommandGuessed:
			all := append(request.Commands[:len(request.Commands):len(request.Commands)], request.GroupCommands...)
			msg := fmt.Sprintf(`"command" is %q, which is not an aws dynamodb command dynexpr reads: write one of %s`,
				m.Value.Text, strings.Join(all, ", "))
			if s := schema.Suggest(m.Value.Text, all); s != "" {
				msg = fmt.Sprintf(`"command" is %q, which is not an aws dynamodb command dynexpr reads; did you mean %q?`, m.Value.Text, s)
			}
			c.report(c.rule, Error, m.Value.Start, m.Value.End, "", "%s", msg)
		}
	}
}
