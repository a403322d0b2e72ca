package builder

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
	"github.com/dynexpr/dynexpr/internal/dxtest"
	"github.com/dynexpr/dynexpr/request"
)

// parseOne parses a single statement.
func parseOne(t testing.TB, src string) *grammar.Statement {
	t.Helper()
	return dxtest.Statement(t, "<arg>", src)
}

// build parses and builds src, checks the request against DynamoDB's
// request shapes, and returns it.
func build(t testing.TB, src string) *Request {
	t.Helper()
	r, err := Build(parseOne(t, src))
	if err != nil {
		t.Fatalf("build %q: %v", src, err)
	}
	checkRequest(t, src, r)
	return r
}

var (
	namePlaceholder  = regexp.MustCompile(`^#[A-Za-z0-9_]+$`)
	valuePlaceholder = regexp.MustCompile(`^:[A-Za-z0-9_]+$`)
	placeholderToken = regexp.MustCompile(`[#:][A-Za-z0-9_]+`)
	tableName        = regexp.MustCompile(`^[A-Za-z0-9_.-]{3,255}$`)
)

// checkRequest checks what DynamoDB checks of a request's shape: the members
// its command takes and their types, AttributeValues with exactly one type,
// placeholder syntax and length, every placeholder used defined and every
// one defined used, no empty placeholder maps, values only where an
// expression takes them. It also checks that the JSON is exactly what
// encoding/json writes for the same document.
func checkRequest(t testing.TB, src string, r *Request) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s:\n  "+format, append([]any{src}, args...)...)
	}
	compact, indented := r.JSON(false), r.JSON(true)
	// Same document as encoding/json writes it.
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(compact))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		fail("invalid JSON %s: %v", compact, err)
		return
	}
	for _, ind := range []bool{false, true} {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if ind {
			enc.SetIndent("", "  ")
		}
		if err := enc.Encode(doc); err != nil {
			t.Fatal(err)
		}
		want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		got := compact
		if ind {
			got = indented
		}
		if !bytes.Equal(got, want) {
			fail("JSON(%v) differs from encoding/json:\n got %s\nwant %s", ind, got, want)
		}
	}
	checkShape(fail, r.Command, doc)
}

// checkShape checks one request document, or one member of a group's
// (kind is then the key it is written under), and the members inside it.
func checkShape(fail func(string, ...any), kind string, doc map[string]any) {
	// What the command takes, as the AWS CLI lists it, but for the legacy
	// parameters, which the builder never writes.
	allowed := map[string]bool{}
	for _, k := range request.StatementMembers(kind) {
		allowed[k] = true
		if spec, _ := request.Spec(k); spec.Enum != nil {
			if v, ok := doc[k]; ok && !slices.Contains(spec.Enum, v.(string)) {
				fail("%s %v", k, v)
			}
		}
	}
	if len(allowed) == 0 {
		fail("unknown command %q", kind)
	}
	checkMembers(fail, kind, doc)
	for k := range doc {
		if !allowed[k] {
			fail("%s takes no %s", kind, k)
		}
	}
	if tn, _ := doc["TableName"].(string); allowed["TableName"] && !tableName.MatchString(tn) {
		fail("TableName %q", tn)
	}
	if v, ok := doc["IndexName"]; ok {
		if s, _ := v.(string); !tableName.MatchString(s) {
			fail("IndexName %v", v)
		}
	}
	for _, k := range []string{"Limit", "Segment", "TotalSegments"} {
		if v, ok := doc[k]; ok {
			n, isNum := v.(json.Number)
			if _, err := n.Int64(); !isNum || err != nil {
				fail("%s is not an integer: %v", k, v)
			}
		}
	}
	for _, k := range []string{"ConsistentRead", "ScanIndexForward"} {
		if v, ok := doc[k]; ok {
			if _, isBool := v.(bool); !isBool {
				fail("%s is not a boolean: %v", k, v)
			}
		}
	}
	if v, ok := doc["Select"]; ok && v != "COUNT" && v != "ALL_ATTRIBUTES" && v != "ALL_PROJECTED_ATTRIBUTES" {
		fail("Select %v", v)
	}
	if v, ok := doc["ReturnValues"]; ok {
		switch v {
		case "NONE", "ALL_OLD", "ALL_NEW", "UPDATED_OLD", "UPDATED_NEW":
		default:
			fail("ReturnValues %v", v)
		}
	}
	for _, k := range []string{"Key", "Item", "ExclusiveStartKey", "ExpressionAttributeValues"} {
		if v, ok := doc[k]; ok {
			m, isMap := v.(map[string]any)
			if !isMap {
				fail("%s is not a map", k)
				continue
			}
			for name, av := range m {
				checkAV(fail, k+"."+name, av)
			}
		}
	}
	// Expressions: normalised spacing, placeholders defined and used.
	var exprs []string
	valueTaking := false
	for _, k := range []string{"KeyConditionExpression", "FilterExpression", "ConditionExpression", "ProjectionExpression", "UpdateExpression"} {
		v, ok := doc[k]
		if !ok {
			continue
		}
		s, _ := v.(string)
		if s == "" || strings.TrimSpace(s) != s || strings.Contains(s, "  ") || strings.ContainsAny(s, "\n\r\t") {
			fail("%s is not normalised: %q", k, s)
		}
		exprs = append(exprs, s)
		if k != "ProjectionExpression" {
			valueTaking = true
		}
		// DynamoDB's own grammar (as grammar/ddbexpr reads it) takes it.
		exprKind, _ := ddbexpr.KindOf(k)
		e, err := ddbexpr.Parse(exprKind, s)
		if err != nil {
			fail("DynamoDB would not read %s %q: %v", k, s, err)
		}
		if e != nil {
			if _, redundant := e.RedundantParens(); redundant {
				fail("%s %q has redundant parentheses", k, s)
			}
		}
	}
	used := map[string]bool{}
	for _, s := range exprs {
		for _, tok := range placeholderToken.FindAllString(s, -1) {
			used[tok] = true
		}
		if n := strings.Count(s, "#") + strings.Count(s, ":"); n != len(placeholderToken.FindAllString(s, -1)) {
			fail("stray # or : in %q", s)
		}
	}
	defined := map[string]bool{}
	if v, ok := doc["ExpressionAttributeNames"]; ok {
		m, _ := v.(map[string]any)
		if len(m) == 0 {
			fail("empty ExpressionAttributeNames")
		}
		for k, name := range m {
			if !namePlaceholder.MatchString(k) || len(k) > 255 {
				fail("bad name placeholder %q", k)
			}
			if s, isString := name.(string); !isString || s == "" {
				fail("bad name %v for %s", name, k)
			}
			defined[k] = true
		}
	}
	if v, ok := doc["ExpressionAttributeValues"]; ok {
		m, _ := v.(map[string]any)
		if len(m) == 0 {
			fail("empty ExpressionAttributeValues")
		}
		if !valueTaking {
			fail("ExpressionAttributeValues without an expression that takes values")
		}
		for k := range m {
			if !valuePlaceholder.MatchString(k) || len(k) > 255 {
				fail("bad value placeholder %q", k)
			}
			defined[k] = true
		}
	}
	for k := range used {
		if !defined[k] {
			fail("placeholder %s is used but not defined", k)
		}
	}
	for k := range defined {
		if !used[k] {
			fail("placeholder %s is defined but not used", k)
		}
	}
}

// checkAV checks one AttributeValue in DynamoDB JSON.
func checkAV(fail func(string, ...any), where string, v any) {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 1 {
		fail("%s: an AttributeValue has exactly one type: %v", where, v)
		return
	}
	for typ, x := range m {
		switch typ {
		case "S", "N":
			if _, ok := x.(string); !ok {
				fail("%s: %s takes a string: %v", where, typ, x)
			}
			if typ == "N" && !grammar.IsNumberText(x.(string)) {
				fail("%s: N %q is not a number", where, x)
			}
		case "B":
			s, _ := x.(string)
			if _, err := base64.StdEncoding.DecodeString(s); err != nil {
				fail("%s: B %q is not base64", where, x)
			}
		case "BOOL":
			if _, ok := x.(bool); !ok {
				fail("%s: BOOL takes a boolean: %v", where, x)
			}
		case "NULL":
			if x != true {
				fail("%s: NULL takes true: %v", where, x)
			}
		case "SS", "NS", "BS":
			list, ok := x.([]any)
			if !ok {
				fail("%s: %s takes a list: %v", where, typ, x)
			}
			for _, e := range list {
				s, ok := e.(string)
				switch {
				case !ok:
					fail("%s: %s holds strings: %v", where, typ, e)
				case typ == "NS" && !grammar.IsNumberText(s):
					fail("%s: NS element %q", where, s)
				case typ == "BS":
					if _, err := base64.StdEncoding.DecodeString(s); err != nil {
						fail("%s: BS element %q", where, s)
					}
				}
			}
		case "L":
			list, ok := x.([]any)
			if !ok {
				fail("%s: L takes a list: %v", where, x)
			}
			for _, e := range list {
				checkAV(fail, where+"[]", e)
			}
		case "M":
			mm, ok := x.(map[string]any)
			if !ok {
				fail("%s: M takes a map: %v", where, x)
			}
			keys := make([]string, 0, len(mm))
			for k := range mm {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				checkAV(fail, where+"."+k, mm[k])
			}
		default:
			fail("%s: unknown type %q", where, typ)
		}
	}
}

// checkMembers checks the members of a group's document: TransactItems,
// each an object of one member under its key, or RequestItems, by table.
func checkMembers(fail func(string, ...any), kind string, doc map[string]any) {
	member := func(where string, v any, ops ...string) {
		m, ok := v.(map[string]any)
		if !ok || len(m) != 1 {
			fail("%s is not an object of one member: %v", where, v)
			return
		}
		for op, body := range m {
			d, ok := body.(map[string]any)
			if !slices.Contains(ops, op) || !ok {
				fail("%s: %s is not one of %v", where, op, ops)
				continue
			}
			checkShape(fail, op, d)
		}
	}
	list := func(where string, v any) []any {
		l, ok := v.([]any)
		if !ok || len(l) == 0 {
			fail("%s is not a list of members: %v", where, v)
		}
		return l
	}
	switch kind {
	case "transact-write-items", "transact-get-items":
		ops := []string{"Put", "Update", "Delete", "ConditionCheck"}
		if kind == "transact-get-items" {
			ops = []string{"Get"}
		}
		for i, m := range list("TransactItems", doc["TransactItems"]) {
			member(fmt.Sprintf("TransactItems[%d]", i), m, ops...)
		}
	case "batch-get-item", "batch-write-item":
		tables, ok := doc["RequestItems"].(map[string]any)
		if !ok || len(tables) == 0 {
			fail("RequestItems is not a map of tables: %v", doc["RequestItems"])
		}
		for name, t := range tables {
			if !tableName.MatchString(name) {
				fail("RequestItems table %q", name)
			}
			if kind == "batch-write-item" {
				for i, w := range list("RequestItems."+name, t) {
					member(fmt.Sprintf("RequestItems.%s[%d]", name, i), w, "PutRequest", "DeleteRequest")
				}
				continue
			}
			ka, ok := t.(map[string]any)
			if !ok {
				fail("RequestItems.%s is not KeysAndAttributes: %v", name, t)
				continue
			}
			checkShape(fail, "KeysAndAttributes", ka)
			for i, k := range list("RequestItems."+name+".Keys", ka["Keys"]) {
				key, ok := k.(map[string]any)
				if !ok || len(key) == 0 {
					fail("RequestItems.%s.Keys[%d] is not a key: %v", name, i, k)
				}
				for attr, av := range key {
					checkAV(fail, "Keys."+attr, av)
				}
			}
		}
	}
}
