package appcode

// The JavaScript and TypeScript reader: object literals whose keys are
// request members ({ TableName: "T", KeyConditionExpression: "..." }), as
// passed to the SDK v3 commands (new QueryCommand({...})), the v2
// DocumentClient's methods, or built as a params constant.

import "strings"

var javaScriptSyntax = syntax{slashComments: true, regexps: true, dollarIdent: true, lexString: lexJavaScript}

func readJavaScript(src []byte) *Result {
	f := newFinder(JavaScript, src, &javaScriptSyntax)
	w := walkMembers(f, func(f *finder, i, open int) {
		if !f.isOpen(open, '{') || !(i-1 == open || f.is(i-1, ",")) || !jsObject(f, open) {
			return
		}
		if f.is(i, "...") {
			f.partial(open) // { ...common, KeyConditionExpression: "..." }
			return
		}
		name, ok := f.keyName(i)
		if !ok {
			return
		}
		member, ok := memberOf(name)
		if !ok && groupOf(name) && f.is(i+1, ":") && (f.isOpen(i+2, '[') || f.isOpen(i+2, '{')) {
			member, ok = name, true // TransactItems: [...], written out
		}
		if !ok {
			return
		}
		switch {
		case f.is(i+1, ":"):
			end := f.valueEnd(i+2, false)
			if f.is(end, ";") || f.isKind(i+2, tIdent) && tsTypeWord(f.text(i+2)) {
				return // a member of a TypeScript type: { KeyConditionExpression: string; }
			}
			f.member(open, i, member, i+2, false)
		case f.isKind(i, tIdent) && (f.is(i+1, ",") || i+1 == f.toks[open].match):
			// Shorthand: { KeyConditionExpression } passes a variable.
			v, ok := f.named(i, 0)
			if !ok {
				v = f.opaque(i, i+1, "a variable")
			}
			f.memberValue(open, i, member, v)
		}
	}, func(f *finder, i int) {
		switch {
		case f.isKind(i, tIdent) && f.is(i-1, ".") && f.is(i+1, "="):
			f.setAtRunTime(f.text(i), i, i+2) // params.FilterExpression = ...
		case f.isKind(i, tString) && f.isOpen(i-1, '[') && f.is(i+1, "]") && f.is(i+2, "="):
			f.setAtRunTime(string(f.strs[f.toks[i].str].text), i, i+3)
		}
	})
	modules := jsImports(f)
	clients := assignedClients(f, func(f *finder, a, b int) (ValueStyle, bool) { return jsClient(f, modules, a, b) })
	f.style = func(f *finder, open int) ValueStyle {
		if call := w.calls[open]; call > 0 {
			if _, name := f.callee(call - 1); name != "" {
				if st, ok := modules.style(name); ok {
					return st // new QueryCommand({...}) of lib-dynamodb or client-dynamodb
				}
			}
			if st := clients.styleOf(f, call); st != StyleUnknown {
				if st2, ok := modules.fileStyle(); !ok || st2 == st {
					return st
				}
			}
		}
		if st, ok := modules.style(f.sites[open].Call); ok {
			return st // const params: QueryCommandInput = {...}
		}
		if st, ok := modules.fileStyle(); ok {
			return st
		}
		return clients.styleOf(f, -1)
	}
	// The one argument of an SDK command (new QueryCommand({...}), the
	// class imported from @aws-sdk) or of a method of a client the file
	// makes (doc.update({...}) on a DocumentClient) is the whole request:
	// what it leaves out, the request has not. A function of the
	// project's own may add members, so its arguments stay open.
	whole := func(call, arg int) bool {
		if call <= 0 || f.toks[call].match != f.stop[arg] {
			return false // not the one argument
		}
		first, name := f.callee(call - 1)
		if name == "" {
			return false
		}
		if f.is(first, "new") {
			_, sdk := modules.style(name)
			return sdk
		}
		recv, ok := f.receiver(call)
		if !ok || !jsClientMethods[name] {
			return false
		}
		_, known := clients.byName[recv]
		return known
	}
	for open, s := range f.sites {
		if call := w.calls[open]; call > 0 && call+1 == open {
			s.Whole = !s.Partial && whole(call, open)
		}
	}
	f.attachPassed(w.calls, whole)
	for open, s := range f.sites {
		// X-Ray's GetTraceSummariesCommand({FilterExpression}) is not a
		// DynamoDB request: a site named by another service's command.
		if modules[s.Call] == jsOtherService || strings.HasSuffix(s.Call, "Command") && !dynamoType(s.Call) {
			delete(f.sites, open)
		}
	}
	return f.result()
}

// jsClientMethods are the methods of the SDK v2 clients (DynamoDB,
// DocumentClient) and of v3's aggregated clients (DynamoDB,
// DynamoDBDocument) that take one request.
var jsClientMethods = map[string]bool{
	"get": true, "put": true, "update": true, "delete": true, "query": true, "scan": true,
	"batchGet": true, "batchWrite": true, "transactGet": true, "transactWrite": true,
	"getItem": true, "putItem": true, "updateItem": true, "deleteItem": true,
	"batchGetItem": true, "batchWriteItem": true, "transactGetItems": true, "transactWriteItems": true,
	"executeStatement": true,
}

// keyName is the name an object key at token i writes: a word or a
// string.
func (f *finder) keyName(i int) (string, bool) {
	switch t := f.toks[i]; t.kind {
	case tIdent:
		return f.text(i), true
	case tString:
		if lit := f.strs[t.str]; lit.why == "" {
			return string(lit.text), true
		}
	}
	return "", false
}

// jsObject reports whether the brace at open starts an object literal:
// where a value goes (after ( , = : [ ? return ...), and not a pattern a
// parameter list or an assignment takes apart.
func jsObject(f *finder, open int) bool {
	p := open - 1
	if p < 0 {
		return false
	}
	switch f.text(p) {
	case "(", ",", "=", ":", "[", "?", "??", "||", "&&", "return", "...", "yield", "await":
	default:
		return false
	}
	close := f.toks[open].match
	if f.is(close+1, "=") || f.is(close+1, ")") && (f.isOpen(close+2, '{') || f.is(close+2, "=>")) ||
		f.is(close+1, ":") && (f.is(p, "(") || f.is(p, ",")) {
		return false // ({ a, b } = x), function f({ a, b }) {...}, f({ a, b }: Params)
	}
	return true
}

// tsTypeWord reports whether a word is one of TypeScript's own types, which
// no request member's value is: { TableName: string }.
func tsTypeWord(w string) bool {
	switch w {
	case "string", "number", "boolean", "any", "unknown", "never", "object", "bigint", "symbol", "void":
		return true
	}
	return false
}

const (
	jsDocumentModule = "@aws-sdk/lib-dynamodb"
	jsLowLevelModule = "@aws-sdk/client-dynamodb"
	jsOtherService   = "another service of the SDK"
)

// jsModules are the names a file imports from the SDK's DynamoDB modules,
// local name to module.
type jsModules map[string]string

// jsImports reads import { A, B as C } from "m" and const { A } =
// require("m").
func jsImports(f *finder) jsModules {
	m := jsModules{}
	for i := range f.toks {
		var open int
		var mod int
		switch {
		case f.is(i, "import") && f.isOpen(i+1, '{'):
			open = i + 1
			mod = f.toks[open].match + 2
			if !f.is(mod-1, "from") {
				continue
			}
		case f.is(i, "import") && f.is(i+1, "type") && f.isOpen(i+2, '{'):
			open = i + 2
			mod = f.toks[open].match + 2
			if !f.is(mod-1, "from") {
				continue
			}
		case f.isOpen(i, '{') && (f.is(i-1, "const") || f.is(i-1, "let") || f.is(i-1, "var")):
			open = i
			c := f.toks[open].match
			if !f.is(c+1, "=") || !f.is(c+2, "require") || !f.isOpen(c+3, '(') {
				continue
			}
			mod = c + 4
		default:
			continue
		}
		if !f.isKind(mod, tString) {
			continue
		}
		module := string(f.strs[f.toks[mod].str].text)
		if module != jsDocumentModule && module != jsLowLevelModule {
			if !strings.HasPrefix(module, "@aws-sdk/") {
				continue
			}
			module = jsOtherService // another service's command: not DynamoDB's
		}
		for j := open + 1; j < f.toks[open].match; j++ {
			if !f.isKind(j, tIdent) || f.is(j, "type") && f.isKind(j+1, tIdent) {
				continue
			}
			if f.is(j+1, "as") || f.is(j+1, ":") { // B as C; require's { B: C }
				j += 2
			}
			m[f.text(j)] = module
		}
	}
	return m
}

// style is the style of what the imported name makes: lib-dynamodb's
// commands and types take plain values, client-dynamodb's DynamoDB JSON.
func (m jsModules) style(name string) (ValueStyle, bool) {
	switch m[name] {
	case jsDocumentModule:
		return StyleDocument, true
	case jsLowLevelModule:
		if name == "DynamoDBClient" || name == "DynamoDB" {
			return StyleUnknown, false // the client beneath a document client too
		}
		return StyleLowLevel, true
	}
	return StyleUnknown, false
}

// fileStyle is the style of a file that imports from one of the modules
// only what makes one style of request.
func (m jsModules) fileStyle() (ValueStyle, bool) {
	var low, doc bool
	for name := range m {
		st, ok := m.style(name)
		low = low || ok && st == StyleLowLevel
		doc = doc || ok && st == StyleDocument
	}
	switch {
	case doc && !low:
		return StyleDocument, true
	case low && !doc:
		return StyleLowLevel, true
	}
	return StyleUnknown, false
}

// jsClient tells the style of the client an assignment makes:
// DynamoDBDocumentClient.from(...) or new AWS.DynamoDB.DocumentClient()
// is the document style, new AWS.DynamoDB() low-level.
func jsClient(f *finder, modules jsModules, a, b int) (ValueStyle, bool) {
	for j := a; j < b; j++ {
		switch {
		case f.is(j, "DocumentClient") || f.is(j, "DynamoDBDocumentClient") || f.is(j, "DynamoDBDocument"):
			return StyleDocument, true
		case f.is(j, "DynamoDB") && f.is(j-1, ".") && f.is(j-2, "AWS") && f.isOpen(j+1, '('):
			return StyleLowLevel, true
		case f.is(j, "DynamoDBClient") && f.isOpen(j+1, '('):
			return StyleLowLevel, true
		}
	}
	return StyleUnknown, false
}
