//lint:file-ignore SA1019 the parser's resolution of names within one file (ast.Object) is
// what a reader of one file without type information can know: a name it cannot resolve
// stays unknown, and a composite literal's key it resolves wrongly only counts as one more
// use, which makes a name less readable, never more.

package appcode

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"strconv"
	"strings"
	"unicode"
)

// The Go reader: the AWS SDK for Go's input structs, v2
// (&dynamodb.QueryInput{TableName: aws.String("T"), ...} with
// types.AttributeValueMemberS values) and v1 (&dynamodb.AttributeValue{S:
// aws.String("x")}), read with the standard library's parser. A site is
// the outermost literal of an input type, or of a transaction's member
// type (types.Put, ...) met alone; the literals inside it are its members'
// values. A value the code computes is Opaque; a field the code assigns to
// the literal's variable afterwards is Opaque too (its value may depend on
// a branch), so that nothing is taken as absent that the code gives.

// goInputs maps the SDK's input types to their commands.
var goInputs = map[string]string{
	"QueryInput": "query", "ScanInput": "scan", "GetItemInput": "get-item", "PutItemInput": "put-item",
	"UpdateItemInput": "update-item", "DeleteItemInput": "delete-item",
	"TransactWriteItemsInput": "transact-write-items", "TransactGetItemsInput": "transact-get-items",
	"BatchGetItemInput": "batch-get-item", "BatchWriteItemInput": "batch-write-item",
	"ExecuteStatementInput": "execute-statement",
}

// goParts are the types of a transaction's members met outside an input
// literal (built by a helper, appended to a slice): each is a site of its
// own, read as a transaction of that one member.
var goParts = map[string]string{
	"Put": "transact-write-items", "Update": "transact-write-items", "Delete": "transact-write-items",
	"ConditionCheck": "transact-write-items", "Get": "transact-get-items",
}

// goMethods are the client's methods, which take an input straight.
var goMethods = map[string]bool{
	"Query": true, "Scan": true, "GetItem": true, "PutItem": true, "UpdateItem": true, "DeleteItem": true,
	"TransactWriteItems": true, "TransactGetItems": true, "BatchGetItem": true, "BatchWriteItem": true,
	"QueryWithContext": true, "ScanWithContext": true, "GetItemWithContext": true, "PutItemWithContext": true,
	"UpdateItemWithContext": true, "DeleteItemWithContext": true, "TransactWriteItemsWithContext": true,
	"TransactGetItemsWithContext": true, "BatchGetItemWithContext": true, "BatchWriteItemWithContext": true,
	"ExecuteStatement": true, "ExecuteStatementWithContext": true,
}

// goEnums are the SDK's enum types of string members: a constant
// types.SelectCount is the member's value COUNT.
var goEnums = []string{"ReturnValuesOnConditionCheckFailure", "ReturnItemCollectionMetrics", "ReturnConsumedCapacity", "ReturnValue", "Select",
	"ComparisonOperator", "ConditionalOperator"}

type goReader struct {
	src    []byte
	tf     *gotoken.File
	out    *Result
	pkgs   map[string]string // import name -> path, for the SDK's packages
	consts map[string]*ast.BasicLit
	local  map[string]*ast.BasicLit // the constants of the function being read
	// vars maps a variable a site's literal is assigned to, in the function
	// being read, to the site, for the fields assigned to it later.
	vars map[string]*Site
	// uses counts the identifiers of each object of the file (its
	// declaration among them), writes the statements that assign it,
	// set an entry or a field of it, or take its address (its
	// declaration among them); toClient the objects passed to a client's
	// method.
	uses, writes map[*ast.Object]int
	toClient     map[*ast.Object]bool
	packageVars  map[any]bool // the file's package-level var specs
	depth        int          // names being resolved, against cycles
}

func readGo(src []byte) *Result {
	out := &Result{}
	fset := gotoken.NewFileSet()
	// Objects are resolved: a name read in a function means the
	// declaration the parser finds for it in the file (a local, a
	// constant), or nothing.
	f, _ := parser.ParseFile(fset, "", src, parser.ParseComments)
	if f == nil {
		return out
	}
	r := &goReader{src: src, tf: fset.File(f.Pos()), out: out, pkgs: map[string]string{}, consts: map[string]*ast.BasicLit{}}
	if r.tf == nil {
		return out
	}
	r.directives(f)
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		name := p[strings.LastIndex(p, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		r.pkgs[name] = p
	}
	if !r.imports("/service/dynamodb") {
		return out // no SDK input type can be named
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == gotoken.CONST {
			collectConsts(g, r.consts)
		}
	}
	r.countObjects(f)
	r.packageVars = map[any]bool{}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == gotoken.VAR {
			for _, sp := range g.Specs {
				r.packageVars[sp] = true
			}
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil {
				r.function(d.Body)
			}
		case *ast.GenDecl:
			r.walk(d, nil)
		}
	}
	return out
}

// imports reports whether the file imports a package whose path ends so.
func (r *goReader) imports(suffix string) bool {
	for _, p := range r.pkgs {
		if strings.HasSuffix(p, suffix) {
			return true
		}
	}
	return false
}

func (r *goReader) off(p gotoken.Pos) int {
	if !p.IsValid() {
		return 0
	}
	o := int(p) - r.tf.Base()
	if o < 0 || o > len(r.src) {
		return 0
	}
	return o
}

func collectConsts(g *ast.GenDecl, into map[string]*ast.BasicLit) {
	for _, s := range g.Specs {
		vs, ok := s.(*ast.ValueSpec)
		if !ok {
			continue
		}
		for i, n := range vs.Names {
			if i < len(vs.Values) {
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == gotoken.STRING {
					into[n.Name] = lit
					continue
				}
			}
			delete(into, n.Name) // not a string literal: a name that hides another
		}
	}
}

// function reads one function body: its constants, its sites, and the
// fields assigned to the sites' variables afterwards. A function literal
// inside is read with it.
func (r *goReader) function(body *ast.BlockStmt) {
	r.local, r.vars = map[string]*ast.BasicLit{}, map[string]*Site{}
	ast.Inspect(body, func(n ast.Node) bool {
		if d, ok := n.(*ast.DeclStmt); ok {
			if g, ok := d.Decl.(*ast.GenDecl); ok && g.Tok == gotoken.CONST {
				collectConsts(g, r.local)
			}
		}
		return true
	})
	r.walk(body, func(name string, s *Site) { r.vars[name] = s })
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, lhs := range as.Lhs {
			sel, ok := lhs.(*ast.SelectorExpr)
			if !ok {
				continue
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok || r.vars[id.Name] == nil {
				continue
			}
			s := r.vars[id.Name]
			r.opaqueMember(s, sel.Sel.Name, r.off(sel.Sel.Pos()), "assigned to the literal's variable after it")
		}
		return true
	})
	r.local, r.vars = nil, nil
}

// countObjects fills uses, writes and toClient.
func (r *goReader) countObjects(f *ast.File) {
	r.uses, r.writes, r.toClient = map[*ast.Object]int{}, map[*ast.Object]int{}, map[*ast.Object]bool{}
	write := func(e ast.Expr) {
		for {
			switch x := unparen(e).(type) {
			case *ast.Ident:
				if x.Obj != nil {
					r.writes[x.Obj]++
				}
				return
			case *ast.IndexExpr:
				e = x.X
			case *ast.SelectorExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			default:
				return
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if n.Obj != nil {
				r.uses[n.Obj]++
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				write(l)
			}
		case *ast.IncDecStmt:
			write(n.X)
		case *ast.UnaryExpr:
			if n.Op == gotoken.AND {
				write(n.X)
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				write(id)
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				write(n.Key)
			}
			if n.Value != nil {
				write(n.Value)
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && goMethods[sel.Sel.Name] {
				for _, a := range n.Args {
					if id, ok := unparen(a).(*ast.Ident); ok && id.Obj != nil {
						r.toClient[id.Obj] = true
					}
				}
			}
		}
		return true
	})
}

// named is the value a name means where it is read: a constant's, or a
// local's assigned once (filter := "..."; var t = "T") and never
// written, addressed or changed after; a map only where it is read once.
func (r *goReader) named(x *ast.Ident) (Value, bool) {
	obj := x.Obj
	if obj == nil || r.depth > maxDepth/2 {
		return Value{}, false
	}
	var rhs ast.Expr
	switch d := obj.Decl.(type) {
	case *ast.ValueSpec:
		for i, n := range d.Names {
			if n.Name == x.Name && i < len(d.Values) && len(d.Values) == len(d.Names) {
				rhs = d.Values[i]
			}
		}
	case *ast.AssignStmt:
		if d.Tok != gotoken.DEFINE || len(d.Lhs) != len(d.Rhs) {
			return Value{}, false
		}
		for i, l := range d.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Obj == obj {
				rhs = d.Rhs[i]
			}
		}
	}
	if rhs == nil || obj.Kind == ast.Var && (r.writes[obj] != 1 || r.packageVars[obj.Decl]) {
		// (A package's variable may be set by another file of it.)
		return Value{}, false
	}
	if _, ok := unparen(rhs).(*ast.Ident); ok && unparen(rhs).(*ast.Ident).Name == "iota" {
		return Value{}, false
	}
	r.depth++
	v := r.value(rhs)
	r.depth--
	switch v.Kind {
	case String, Number, Bool:
		v.Joined = v.Joined || v.Kind == String
		return v, true
	case Map, List:
		if obj.Kind == ast.Var && r.uses[obj] == 2 {
			return v, true
		}
	}
	return Value{}, false
}

// opaqueMember makes member name of s opaque, replacing what the literal
// gave, or adds it.
func (r *goReader) opaqueMember(s *Site, name string, at int, why string) {
	v := Value{Kind: Opaque, Start: at, End: at, Why: why}
	for i := range s.Members {
		if s.Members[i].Name == name {
			s.Members[i].Value = v
			r.skip(at, name, v)
			return
		}
	}
	s.Members = append(s.Members, Member{Name: name, NamePos: at, Value: v})
	r.skip(at, name, v)
}

// walk finds the sites under n. assigned is told of a site's literal
// assigned to a variable (x := &dynamodb.QueryInput{...}).
func (r *goReader) walk(n ast.Node, assigned func(string, *Site)) {
	direct := map[ast.Expr]bool{} // literals passed straight to a client's method
	named := map[ast.Expr]*ast.Ident{}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && goMethods[sel.Sel.Name] {
				for _, a := range n.Args {
					direct[unparen(unaddr(a))] = true
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						named[unparen(unaddr(n.Rhs[i]))] = id
					}
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					named[unparen(unaddr(n.Values[i]))] = id
				}
			}
		case *ast.FuncLit:
			return true
		case *ast.CompositeLit:
			cmd, part := r.siteType(n.Type)
			if cmd == "" {
				if cmd, part = r.elemType(n.Type); cmd != "" {
					// []*dynamodb.QueryInput{{...}}: each element is a site.
					for _, e := range n.Elts {
						if el, ok := unparen(unaddr(e)).(*ast.CompositeLit); ok && el.Type == nil {
							r.out.Sites = append(r.out.Sites, r.site(el, cmd, part))
						}
					}
				}
				return true
			}
			s := r.site(n, cmd, part)
			s.Whole = direct[n]
			if id := named[n]; id != nil {
				if assigned != nil {
					assigned(id.Name, s)
				}
				// in := &dynamodb.QueryInput{...}; c.Query(ctx, in): the
				// variable read once, by the client's method, and never
				// written: the literal is the whole request.
				if o := id.Obj; o != nil && r.uses[o] == 2 && r.writes[o] == 1 && r.toClient[o] {
					s.Whole = true
				}
			}
			r.out.Sites = append(r.out.Sites, s)
			return false // its literals are its members'
		}
		return true
	})
}

// siteType tells a site's literal by its type: the command of an input
// type, or of a transaction member's type (part: Put, Get, ...) met alone.
func (r *goReader) siteType(t ast.Expr) (cmd, part string) {
	sel, ok := t.(*ast.SelectorExpr)
	if !ok {
		return "", ""
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", ""
	}
	path := r.pkgs[pkg.Name]
	switch {
	case strings.HasSuffix(path, "/service/dynamodb"):
		return goInputs[sel.Sel.Name], ""
	case strings.HasSuffix(path, "/service/dynamodb/types"):
		return goParts[sel.Sel.Name], sel.Sel.Name
	}
	return "", ""
}

// elemType is siteType of the elements of a slice or map type.
func (r *goReader) elemType(t ast.Expr) (cmd, part string) {
	var elt ast.Expr
	switch t := t.(type) {
	case *ast.ArrayType:
		elt = t.Elt
	case *ast.MapType:
		elt = t.Value
	default:
		return "", ""
	}
	if s, ok := elt.(*ast.StarExpr); ok {
		elt = s.X
	}
	return r.siteType(elt)
}

// site reads a site's literal; a member met alone is the one member of a
// transaction.
func (r *goReader) site(lit *ast.CompositeLit, cmd, part string) *Site {
	s := &Site{Pos: r.off(lit.Pos()), End: r.off(lit.End()), Command: cmd, Style: StyleLowLevel}
	fields := r.fields(lit)
	for _, m := range fields {
		r.skip(m.NamePos, m.Name, m.Value)
	}
	if part == "" {
		s.Members = fields
		return s
	}
	at := s.Pos
	key := Value{Kind: String, Start: at, End: at, Text: part, Offsets: constOffsets(part, at)}
	obj := Value{Kind: Map, Start: at, End: s.End}
	for _, m := range fields {
		obj.Entries = append(obj.Entries, Entry{Key: fieldKey(m), Value: m.Value})
	}
	item := Value{Kind: Map, Start: at, End: s.End, Entries: []Entry{{Key: key, Value: obj}}}
	s.Members = []Member{{Name: "TransactItems", NamePos: at, Value: Value{Kind: List, Start: at, End: s.End, Elems: []Value{item}}}}
	return s
}

// skip lists a member that is an expression or a placeholder map the code
// computes, for lint -v: what the rules could not check.
func (r *goReader) skip(at int, name string, v Value) {
	base := name[strings.LastIndex(name, ".")+1:]
	if !strings.HasSuffix(base, "Expression") && !strings.HasPrefix(base, "ExpressionAttribute") && base != "Statement" {
		// The members of a transaction's or a batch's members.
		for _, e := range v.Entries {
			if e.Key.Kind == String {
				r.skip(e.Key.Start, name+"."+e.Key.Text, e.Value)
			}
		}
		for _, e := range v.Elems {
			r.skip(e.Start, name, e)
		}
		return
	}
	switch {
	case v.Kind == Opaque:
		r.out.Skipped = append(r.out.Skipped, Skip{Pos: at, Member: name, Why: v.Why})
	case v.Kind == Map:
		for _, e := range v.Entries {
			if e.Key.Kind != String {
				r.out.Skipped = append(r.out.Skipped, Skip{Pos: e.Key.Start, Member: name, Why: "a key the code computes (" + e.Key.Why + ")"})
				return
			}
		}
	}
}

func fieldKey(m Member) Value {
	return Value{Kind: String, Start: m.NamePos, End: m.NamePos + len(m.Name), Text: m.Name, Offsets: constOffsets(m.Name, m.NamePos)}
}

// constOffsets maps every byte of text to at: a text that stands for
// something written otherwise (a field name, an enum constant).
func constOffsets(text string, at int) []int {
	o := make([]int, len(text)+1)
	for i := range o {
		o[i] = at
	}
	return o
}

// fields reads a struct literal's fields as members, under their names
// (the SDK names its fields as DynamoDB names the members).
func (r *goReader) fields(lit *ast.CompositeLit) []Member {
	var out []Member
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if v, ok := unparen(kv.Value).(*ast.Ident); ok && v.Name == "nil" {
			continue // the SDK sends no member for nil
		}
		out = append(out, Member{Name: id.Name, NamePos: r.off(id.Pos()), Value: r.value(kv.Value)})
	}
	return out
}

func unaddr(e ast.Expr) ast.Expr {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == gotoken.AND {
		return u.X
	}
	return e
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

func (r *goReader) opaque(e ast.Expr, why string) Value {
	return Value{Kind: Opaque, Start: r.off(e.Pos()), End: r.off(e.End()), Why: why}
}

// value reads an expression as a literal value, or Opaque.
func (r *goReader) value(e ast.Expr) Value {
	e = unparen(e)
	switch x := e.(type) {
	case *ast.BasicLit:
		return r.basic(x, x)
	case *ast.Ident:
		switch x.Name {
		case "true", "false":
			return Value{Kind: Bool, Start: r.off(x.Pos()), End: r.off(x.End()), Text: x.Name}
		case "nil":
			return Value{Kind: Null, Start: r.off(x.Pos()), End: r.off(x.End())}
		}
		if v, ok := r.named(x); ok {
			return v
		}
		if x.Obj == nil {
			if lit := r.constant(x.Name); lit != nil {
				return r.basic(lit, x)
			}
		}
		return r.opaque(x, "a variable ("+x.Name+")")
	case *ast.UnaryExpr:
		if x.Op == gotoken.AND {
			return r.value(x.X)
		}
		return r.opaque(x, "an expression")
	case *ast.BinaryExpr:
		if x.Op == gotoken.ADD {
			if v, ok := r.concatenation(x); ok {
				return v
			}
			return r.opaque(x, "a concatenation")
		}
		return r.opaque(x, "an expression")
	case *ast.CallExpr:
		return r.call(x)
	case *ast.SelectorExpr:
		if v, ok := r.enum(x); ok {
			return v
		}
		return r.opaque(x, "a variable ("+r.text(x)+")")
	case *ast.CompositeLit:
		return r.composite(x)
	}
	return r.opaque(e, "an expression")
}

// concatenation reads "a " + "b" + c, where every operand is a string the
// code shows, as the one string it makes.
func (r *goReader) concatenation(x *ast.BinaryExpr) (Value, bool) {
	l, ok := r.concatPart(x.X)
	if !ok {
		return Value{}, false
	}
	rt, ok := r.concatPart(x.Y)
	if !ok {
		return Value{}, false
	}
	v := Value{Kind: String, Start: r.off(x.Pos()), End: r.off(x.End()), Text: l.Text + rt.Text, Joined: true}
	v.Offsets = append(append([]int(nil), l.Offsets[:len(l.Offsets)-1]...), rt.Offsets...)
	return v, true
}

func (r *goReader) concatPart(e ast.Expr) (Value, bool) {
	var v Value
	if b, ok := unparen(e).(*ast.BinaryExpr); ok && b.Op == gotoken.ADD {
		var ok bool
		if v, ok = r.concatenation(b); !ok {
			return Value{}, false
		}
	} else {
		v = r.value(e)
	}
	return v, v.Kind == String && len(v.Offsets) == len(v.Text)+1
}

// text is an expression's source, for messages.
func (r *goReader) text(e ast.Expr) string {
	from, to := r.off(e.Pos()), r.off(e.End())
	if from >= to {
		return ""
	}
	t := string(r.src[from:to])
	if len(t) > 40 {
		t = t[:37] + "..."
	}
	return t
}

func (r *goReader) constant(name string) *ast.BasicLit {
	if lit, ok := r.local[name]; ok {
		return lit
	}
	return r.consts[name]
}

// basic reads a literal; use is where it is used (a constant's name).
func (r *goReader) basic(lit *ast.BasicLit, use ast.Expr) Value {
	start, end := r.off(lit.Pos()), r.off(lit.End())
	switch lit.Kind {
	case gotoken.STRING:
		text, offs, ok := goString(r.src, start, end)
		if !ok {
			return r.opaque(use, "a string Go cannot read")
		}
		return Value{Kind: String, Start: start, End: end, Text: text, Offsets: offs}
	case gotoken.INT:
		if n, err := strconv.ParseInt(strings.ReplaceAll(lit.Value, "_", ""), 0, 64); err == nil {
			return Value{Kind: Number, Start: start, End: end, Text: strconv.FormatInt(n, 10)}
		}
	}
	return r.opaque(use, "a "+strings.ToLower(lit.Kind.String())+" literal")
}

// call reads aws.String("x"), aws.Bool(true), aws.Int32(10) and the like,
// []byte("x"), and a conversion to an enum type (types.Select("COUNT")).
func (r *goReader) call(c *ast.CallExpr) Value {
	if len(c.Args) == 1 {
		switch f := unparen(c.Fun).(type) {
		case *ast.SelectorExpr:
			if pkg, ok := f.X.(*ast.Ident); ok {
				path := r.pkgs[pkg.Name]
				if strings.HasSuffix(path, "/aws") {
					switch f.Sel.Name {
					case "String", "Bool", "Int32", "Int64", "Int":
						return r.value(c.Args[0])
					}
				}
				if strings.HasSuffix(path, "/service/dynamodb/types") {
					return r.value(c.Args[0]) // a conversion to an enum type
				}
			}
		case *ast.ArrayType:
			if id, ok := f.Elt.(*ast.Ident); ok && id.Name == "byte" && f.Len == nil {
				v := r.value(c.Args[0])
				if v.Kind == String {
					v.Type = "B"
				}
				return v
			}
		}
	}
	return r.opaque(c, "a call ("+r.text(c.Fun)+")")
}

// enum reads an SDK enum constant (types.SelectCount) as its text.
func (r *goReader) enum(sel *ast.SelectorExpr) (Value, bool) {
	pkg, ok := sel.X.(*ast.Ident)
	if !ok || !strings.HasSuffix(r.pkgs[pkg.Name], "/service/dynamodb/types") {
		return Value{}, false
	}
	for _, t := range goEnums {
		if rest, ok := strings.CutPrefix(sel.Sel.Name, t); ok && rest != "" {
			at := r.off(sel.Pos())
			text := upperSnake(rest)
			return Value{Kind: String, Start: at, End: r.off(sel.End()), Text: text, Offsets: constOffsets(text, at)}, true
		}
	}
	return Value{}, false
}

// upperSnake writes AllProjectedAttributes as ALL_PROJECTED_ATTRIBUTES.
func upperSnake(s string) string {
	var b strings.Builder
	for i, c := range s {
		if i > 0 && unicode.IsUpper(c) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(c))
	}
	return b.String()
}

// goMembers are the v2 attribute value types, by DynamoDB's type letter.
var goMembers = map[string]string{
	"AttributeValueMemberS": "S", "AttributeValueMemberN": "N", "AttributeValueMemberB": "B",
	"AttributeValueMemberBOOL": "BOOL", "AttributeValueMemberNULL": "NULL", "AttributeValueMemberL": "L",
	"AttributeValueMemberM": "M", "AttributeValueMemberSS": "SS", "AttributeValueMemberNS": "NS", "AttributeValueMemberBS": "BS",
}

// composite reads a composite literal: an attribute value of v2
// (&types.AttributeValueMemberS{Value: "x"}), a map, a slice, or a struct
// (a member request, v1's dynamodb.AttributeValue{S: ...}) as a map of its
// fields.
func (r *goReader) composite(lit *ast.CompositeLit) Value {
	start, end := r.off(lit.Pos()), r.off(lit.End())
	if sel, ok := lit.Type.(*ast.SelectorExpr); ok {
		if t := goMembers[sel.Sel.Name]; t != "" {
			for _, m := range r.fields(lit) {
				if m.Name == "Value" {
					v := m.Value
					if v.Kind != Opaque {
						v.Type = t
						if t == "B" && v.Kind != String {
							return r.opaque(lit, "bytes the code computes")
						}
						if t == "BS" {
							for i := range v.Elems {
								v.Elems[i].Type = "B"
							}
						}
					}
					return v
				}
			}
			return r.opaque(lit, "an attribute value without its Value")
		}
	}
	switch t := lit.Type.(type) {
	case *ast.MapType:
		return r.mapLit(lit, start, end)
	case *ast.ArrayType:
		v := Value{Kind: List, Start: start, End: end}
		for _, e := range lit.Elts {
			if _, ok := e.(*ast.KeyValueExpr); ok {
				return r.opaque(lit, "an array with indexes")
			}
			v.Elems = append(v.Elems, r.elem(e, t.Elt))
		}
		return v
	case nil:
		// Elided: a struct, a map or a slice its context types. Fields
		// named by identifiers make a struct; keys in quotes, a map.
		if len(lit.Elts) > 0 {
			if kv, ok := lit.Elts[0].(*ast.KeyValueExpr); ok {
				if _, ok := kv.Key.(*ast.Ident); !ok || r.constant(kv.Key.(*ast.Ident).Name) != nil {
					return r.mapLit(lit, start, end)
				}
			} else {
				v := Value{Kind: List, Start: start, End: end}
				for _, e := range lit.Elts {
					v.Elems = append(v.Elems, r.value(e))
				}
				return v
			}
		}
	}
	v := Value{Kind: Map, Start: start, End: end}
	for _, m := range r.fields(lit) {
		v.Entries = append(v.Entries, Entry{Key: fieldKey(m), Value: m.Value})
	}
	return v
}

// elem reads an element of a slice literal of element type t: [][]byte's
// elements are bytes.
func (r *goReader) elem(e ast.Expr, t ast.Expr) Value {
	v := r.value(e)
	if at, ok := t.(*ast.ArrayType); ok && at.Len == nil {
		if id, ok := at.Elt.(*ast.Ident); ok && id.Name == "byte" && v.Kind == String {
			v.Type = "B"
		}
	}
	return v
}

func (r *goReader) mapLit(lit *ast.CompositeLit, start, end int) Value {
	v := Value{Kind: Map, Start: start, End: end}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return r.opaque(lit, "a map without keys")
		}
		k := r.value(kv.Key)
		if k.Kind != String && k.Kind != Opaque {
			k = r.opaque(kv.Key, "a key that is not a string")
		}
		v.Entries = append(v.Entries, Entry{Key: k, Value: r.value(kv.Value)})
	}
	return v
}

// directives reads the file's dynexpr: comments.
func (r *goReader) directives(f *ast.File) {
	for _, g := range f.Comments {
		for _, c := range g.List {
			text := c.Text
			body := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSuffix(text, "*/"), "//"), "/*")
			body = strings.TrimSpace(body)
			rest, ok := strings.CutPrefix(body, "dynexpr:")
			if !ok {
				continue
			}
			verb, args, _ := strings.Cut(rest, " ")
			at := r.off(c.Pos())
			line := 1 + strings.Count(string(r.src[:at]), "\n")
			ls := strings.LastIndexByte(string(r.src[:at]), '\n') + 1
			r.out.Directives = append(r.out.Directives, Directive{
				Pos: at, Line: line, Verb: verb, Args: strings.TrimSpace(args),
				Trailing: strings.TrimSpace(string(r.src[ls:at])) != "",
			})
		}
	}
}

// goString decodes the Go string literal src[start:end] (interpreted or
// raw), with the offset in src of each byte of its text.
func goString(src []byte, start, end int) (string, []int, bool) {
	if end-start < 2 || end > len(src) {
		return "", nil, false
	}
	lit := src[start:end]
	var text []byte
	var offs []int
	if lit[0] == '`' {
		for i := 1; i < len(lit)-1; i++ {
			if lit[i] == '\r' {
				continue // Go drops carriage returns from raw strings
			}
			text = append(text, lit[i])
			offs = append(offs, start+i)
		}
		return string(text), append(offs, end-1), true
	}
	if lit[0] != '"' {
		return "", nil, false
	}
	s := string(lit[1 : len(lit)-1])
	for i := 0; i < len(s); {
		at := start + 1 + i
		if s[i] != '\\' {
			text = append(text, s[i])
			offs = append(offs, at)
			i++
			continue
		}
		value, mb, tail, err := strconv.UnquoteChar(s[i:], '"')
		if err != nil {
			return "", nil, false
		}
		var enc []byte
		if mb {
			enc = []byte(string(value))
		} else {
			enc = []byte{byte(value)}
		}
		for range enc {
			offs = append(offs, at)
		}
		text = append(text, enc...)
		i = len(s) - len(tail)
	}
	return string(text), append(offs, end-1), true
}
