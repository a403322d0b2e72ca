package appcode

// The Java reader: the AWS SDK for Java's request builders, v2
// (QueryRequest.builder().tableName("T").keyConditionExpression("...")
// .build()) and v1 (new QueryRequest().withKeyConditionExpression("...")),
// with values written by Map.of, Map.ofEntries and AttributeValue's
// constructors. Java writes every attribute value typed, so every site is
// low-level.

import (
	"bytes"
	"strings"

	"github.com/dynexpr/dynexpr/request"
)

var javaSyntax = syntax{slashComments: true, dollarIdent: true, lexString: lexJava}

func readJava(src []byte) *Result {
	f := newFinder(Java, src, &javaSyntax)
	f.builderChains()
	f.wholeChains()
	f.style = func(*finder, int) ValueStyle { return StyleLowLevel }
	f.dynamoTypesOnly()
	return f.result()
}

// dynamoTypesOnly drops the sites that are not DynamoDB's: a site whose
// type is another service's (X-Ray's GetTraceSummariesRequest has a
// filterExpression too), and a site on a variable or a method
// (builder.filterExpression(...), query { }) in a file that never names
// DynamoDB's SDK.
func (f *finder) dynamoTypesOnly() {
	sdk := bytes.Contains(f.src, []byte("services.dynamodb")) || bytes.Contains(f.src, []byte("dynamodbv2"))
	for key, s := range f.sites {
		typed := s.Call != "" && s.Call[0] >= 'A' && s.Call[0] <= 'Z'
		if typed && !dynamoType(s.Call) || !typed && !sdk {
			delete(f.sites, key)
		}
	}
}

// dynamoType reports whether a type name is one of DynamoDB's requests or
// parts of one: QueryRequest, UpdateItemRequest, Put, ConditionCheck ...
func dynamoType(name string) bool {
	if CommandOfCall(name) != "" {
		return true
	}
	base, _ := strings.CutSuffix(name, ".Builder")
	if spec, ok := strings.CutSuffix(base, "Spec"); ok && CommandOfCall(spec) != "" {
		return true // the v1 document API's QuerySpec, UpdateItemSpec ...
	}
	switch base {
	case "Put", "Update", "Delete", "ConditionCheck", "Get", "TransactWriteItem", "TransactGetItem",
		"KeysAndAttributes", "WriteRequest", "PutRequest", "DeleteRequest", "ParameterizedStatement":
		return true
	}
	return false
}

// builderChains finds the builder calls that name request members
// (.keyConditionExpression("..."), .withTableName("T")) and groups them by
// chain: the calls joined by dots after one receiver are one site. A
// chain is partial when its receiver is not a new builder (a builder held
// in a variable may have been given members elsewhere) or it calls a
// method that is not a request member (withValueMap of the v1 document
// API, a consumer of a builder): what such a call sets is not seen.
func (f *finder) builderChains() {
	chainOf := map[int]int{} // a call's closing ) -> its chain's first dot
	for i := 0; i+2 < len(f.toks); i++ {
		if !(f.is(i, ".") || f.is(i, "?.")) || !f.isKind(i+1, tIdent) || !f.isOpen(i+2, '(') {
			continue
		}
		close := f.toks[i+2].match
		key, ok := chainOf[i-1]
		if !ok {
			key = i
		}
		chainOf[close] = key
		method := f.text(i + 1)
		f.chainEnd[key] = close
		name, ok := builderMember(method)
		if !ok {
			if method != "builder" && method != "build" && method != "toBuilder" {
				f.chainCalls(key, true)
			}
			continue
		}
		var v Value
		switch parts := f.split(i + 2); len(parts) {
		case 0:
			v = f.opaque(i+2, close+1, "no argument")
		case 1:
			v = f.value(parts[0][0], parts[0][1], 0)
			if sp, ok := request.Spec(name); ok && (sp.Type == request.StringListMember || sp.Type == request.ParamListMember) && v.Kind != List && v.Kind != Opaque {
				// A varargs method given one value: .attributesToGet("a")
				// is a list of one.
				v = Value{Kind: List, Start: v.Start, End: v.End, Elems: []Value{v}}
			}
		default: // variable arguments: .attributesToGet("a", "b")
			v = Value{Kind: List, Start: f.toks[i+2].start, End: f.toks[close].end}
			for _, p := range parts {
				v.Elems = append(v.Elems, f.value(p[0], p[1], 1))
			}
		}
		s := f.chainSite(key)
		s.Members = append(s.Members, Member{Name: name, NamePos: f.toks[i+1].start, Value: v})
		f.chainCalls(key, false)
	}
}

// wholeChains marks the chains that are the whole request: a new builder
// (QueryRequest.builder(), new QueryRequest()) that sets only request
// members, ends in build() (v2) and is the one argument of a client's
// method: ddb.query(QueryRequest.builder()...build()).
func (f *finder) wholeChains() {
	for key, s := range f.sites {
		end, ok := f.chainEnd[key]
		if !ok || s.Partial || !f.isKind(key, tPunct) {
			continue
		}
		first, _ := f.callee(key - 1)
		if f.is(key+1, "builder") && !f.is(end-2, "build") {
			continue
		}
		s.Whole = f.clientArg(first, end)
	}
}

// clientArg reports whether tokens first to last are the one argument of
// a call of a client's method (ddb.query(...), client.updateItem(...)).
func (f *finder) clientArg(first, last int) bool {
	open := first - 1
	if !f.isOpen(open, '(') || f.toks[open].match != last+1 || !f.isKind(open-1, tIdent) || !f.is(open-2, ".") {
		return false
	}
	method := f.text(open - 1)
	return method[0] >= 'a' && method[0] <= 'z' && CommandOfCall(method) != ""
}

// chainSite is the site of the chain whose first call's dot is token key:
// it starts at the chain's receiver and is named by it (QueryRequest).
func (f *finder) chainSite(key int) *Site {
	if s, ok := f.sites[key]; ok {
		return s
	}
	first, name := f.callee(key - 1)
	s := &Site{Pos: f.toks[key].start, Call: name}
	if first < key {
		s.Pos = f.toks[first].start
	}
	fresh := f.is(key+1, "builder") || f.is(first, "new")
	s.Partial = !fresh
	f.sites[key] = s
	return s
}

// chainCalls notes a call of the chain at key; one that is not a request
// member makes the chain's site partial. The first calls of a chain may
// come before its site exists; they are remembered until it does.
func (f *finder) chainCalls(key int, other bool) {
	if other {
		if s, ok := f.sites[key]; ok {
			s.Partial = true
		} else {
			f.pendingPartial[key] = true
		}
		return
	}
	if f.pendingPartial[key] {
		f.sites[key].Partial = true
	}
}
