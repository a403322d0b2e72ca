package appcode

import "sort"

// This file is what a name means at a use, in the token readers (Python,
// JavaScript, Java, Kotlin): a name bound exactly once in the file, by a
// plain assignment (TABLE = "Shop", const KEY = "pk = :pk", static final
// String T = "x", val f = "..."), means the value of that assignment
// wherever that binding is in scope; a name bound more than once (a
// reassignment, a parameter, a loop variable, an import, a destructuring,
// another assignment in another function) means nothing here, and what
// uses it stays opaque. Counting every binding of a name in the file,
// whatever its scope, is what makes the answer safe without a full
// resolver: a name that could be shadowed or reassigned is bound twice.
//
// Scopes are the blocks that hold a binding: for Python, the module, a
// class body (not seen from the methods inside it) and a function body,
// told by indentation; elsewhere the innermost braces, with Java's and
// Kotlin's class-level fields only when final (final, val, const): a
// field another class may assign is not a constant.

// binding is one plain assignment NAME = VALUE.
type binding struct {
	name       int // the token of NAME
	from, to   int // the value's tokens
	scopeStart int // the scope holding it: tokens scopeStart..scopeEnd
	scopeEnd   int
	class      bool // Python: the scope is a class body
	stmtEnd    int  // the token after the whole statement
	scope      int  // the scope's id: its brace, its pyScopes index, -1 for the file
	// mutable, once known (1 no, 2 yes): see finder.mutable.
	mutableMemo uint8
	// value is the value, once read: a name read many times (or a
	// chain a = b + b, b = c + c ...) is read once.
	value     Value
	valueRead bool
}

// bindKey is a name in a scope.
type bindKey struct {
	name  string
	scope int
}

// binder knows the file's bindings.
type binder struct {
	// at are the tokens that bind each name, in any form; a plain
	// assignment is resolved only where it is the one binding of its
	// name in its scope, nested scopes included.
	at map[string][]int
	// plain are the plain assignments, by name and scope.
	plain map[bindKey]*binding
	// encl is the innermost open bracket of each token, -1 for none;
	// pyIn, for Python, the innermost pyScopes entry, -1 for the module.
	encl, pyIn []int32
	// reads are the tokens that read each name (not after a dot), made
	// on first use.
	reads map[string][]int
	// elsewhere are the names a Python global or nonlocal binds in
	// another scope; self are the values of self.NAME in a class, by
	// the class's pyScopes index (readPython).
	elsewhere map[string]bool
	// classes are the names the file declares classes and objects by.
	classes map[string]bool
	self    map[bindKey][3]int
	// mutations are the statements that set a member or an entry of a
	// name (params.X = ..., params["X"] = ...), by name.
	mutations map[string][]mutation
	// pyScopes, for Python, are the def and class bodies: token ranges.
	pyScopes []pyScope
}

// mutation is NAME.MEMBER = VALUE or NAME["MEMBER"] = VALUE.
type mutation struct {
	base     int // the token of NAME
	key      int // the token naming the member (a word or a string); -1 for a computed one
	from, to int // the value's tokens
	stmt     int // the first token of the statement
}

type pyScope struct {
	start, end int // the body's tokens
	class      bool
	parent     int // the enclosing one, -1 for the module
}

// declWords are the words that declare the name after them.
var declWords = map[string]bool{
	"const": true, "let": true, "var": true, "val": true, "def": true, "class": true, "function": true,
	"fun": true, "global": true, "nonlocal": true, "as": true, "interface": true, "object": true, "enum": true,
	"import": true, "typealias": true, "type": true,
}

// bind reads the bindings of the file's tokens.
func (f *finder) bind() *binder {
	b := &binder{at: map[string][]int{}, plain: map[bindKey]*binding{}, mutations: map[string][]mutation{},
		elsewhere: map[string]bool{}, self: map[bindKey][3]int{}, classes: map[string]bool{}}
	if f.lang == Python {
		b.pyScopes, b.pyIn = f.pythonScopes()
	}
	encl := make([]int32, len(f.toks))
	b.encl = encl
	var stack []int32
	params := make([]bool, len(f.toks)) // tokens of a parameter list or a pattern
	var imports []bool                  // Python: tokens of an import statement
	if f.lang == Python {
		imports = make([]bool, len(f.toks))
	}
	inImport := false
	for i := range f.toks {
		t := f.toks[i]
		if imports != nil {
			if (i == 0 || t.nl) && len(stack) == 0 {
				inImport = f.is(i, "import") || f.is(i, "from")
			}
			imports[i] = inImport
		}
		if t.kind == tClose && t.match >= 0 {
			for len(stack) > 0 && int(stack[len(stack)-1]) >= t.match {
				stack = stack[:len(stack)-1]
			}
		}
		encl[i] = -1
		if len(stack) > 0 {
			encl[i] = stack[len(stack)-1]
		}
		if t.kind == tOpen && t.match > i {
			stack = append(stack, int32(i))
			if f.paramList(i) {
				for k := i + 1; k < t.match; k++ {
					params[k] = true
				}
			}
		}
	}
	bindName := func(i int) {
		name := string(f.src[f.toks[i].start:f.toks[i].end])
		b.at[name] = append(b.at[name], i)
	}
	for i := range f.toks {
		if !f.isKind(i, tIdent) || f.is(i-1, ".") || f.is(i-1, "?.") || f.is(i-1, "::") {
			continue
		}
		switch {
		case params[i] && !f.is(i+1, "=") && !f.is(i-1, "="):
			// A parameter, or a name in a pattern; a default value after
			// = is a read.
			if !(f.lang != Python && f.is(i+1, ":") && f.isOpen(int(encl[i]), '{')) {
				bindName(i)
			}
			continue
		case declWords[f.text(i-1)] && !f.is(i-1, "."):
			if f.is(i-1, "class") || f.is(i-1, "object") {
				b.classes[f.text(i)] = true
			}
			bindName(i)
			continue
		case f.is(i+1, "=>") || f.is(i+1, "->") && f.lang != Kotlin:
			bindName(i) // x => ..., Java's x -> ...
			continue
		case f.lang == Python && (f.is(i+1, ":=") || f.forTarget(i) || f.lambdaParam(i)):
			bindName(i)
			continue
		case imports != nil && imports[i]:
			bindName(i)
			continue
		}
		if op := f.assignAfter(i); op >= 0 && (f.lang == JavaScript || f.lang == Java || f.statementLevel(encl, op)) {
			// (In Python and Kotlin an = in parentheses names an
			// argument: f(Key=k) binds nothing.)
			bindName(i)
		}
	}
	// Statement-level assignments: the plain ones, and the members set on
	// a name.
	for e := 1; e < len(f.toks); e++ {
		if !f.is(e, "=") || !f.statementLevel(encl, e) {
			continue
		}
		first := f.targetStart(e)
		from := e + 1
		to := f.valueEnd(from, f.lang != Java)
		if to <= from {
			continue
		}
		stmtEnd := to
		if f.is(stmtEnd, ";") {
			stmtEnd++
		}
		// NAME.X = v, NAME["X"] = v.
		if f.isKind(first, tIdent) && !f.is(first-1, ".") {
			switch {
			case e == first+3 && f.is(first+1, ".") && f.isKind(first+2, tIdent):
				b.mutations[f.text(first)] = append(b.mutations[f.text(first)], mutation{base: first, key: first + 2, from: from, to: to, stmt: first})
				continue
			case f.isOpen(first+1, '[') && f.toks[first+1].match == e-1:
				key := -1
				if e-1 == first+3 && f.isKind(first+2, tString) {
					key = first + 2
				}
				b.mutations[f.text(first)] = append(b.mutations[f.text(first)], mutation{base: first, key: key, from: from, to: to, stmt: first})
				continue
			}
		}
		name := f.plainTarget(first, e)
		if name < 0 {
			continue
		}
		bd := &binding{name: name, from: from, to: to, stmtEnd: stmtEnd, scopeStart: 0, scopeEnd: len(f.toks), scope: -1}
		if f.lang == Python {
			if k := b.pyIn[name]; k >= 0 {
				s := b.pyScopes[k]
				bd.scopeStart, bd.scopeEnd, bd.class, bd.scope = s.start, s.end, s.class, int(k)
			}
		} else {
			// The innermost braces; Java's and Kotlin's fields only when
			// final.
			k := encl[name]
			for k >= 0 && !f.isOpen(int(k), '{') {
				k = encl[k]
			}
			if k >= 0 {
				bd.scopeStart, bd.scopeEnd, bd.scope = int(k), f.toks[k].match, int(k)
				if f.lang == Java || f.lang == Kotlin {
					if !f.functionBody(int(k)) && !f.finalDecl(first, name) {
						continue
					}
				}
			} else if (f.lang == Java || f.lang == Kotlin) && !f.finalDecl(first, name) {
				continue
			}
		}
		key := bindKey{f.text(name), bd.scope}
		if _, twice := b.plain[key]; twice {
			bd = nil // bound twice in one scope: onlyBinding says no either way
		}
		b.plain[key] = bd
	}
	// A Python global or nonlocal binds the name of another scope: such
	// a name is bound where the reader cannot tell.
	if f.lang == Python {
		for i := range f.toks {
			if f.is(i, "global") || f.is(i, "nonlocal") {
				for k := i + 1; k < len(f.toks) && !f.toks[k].nl; k++ {
					if f.isKind(k, tIdent) {
						b.elsewhere[f.text(k)] = true
					}
				}
			}
		}
	}
	return b
}

// onlyBinding reports whether bd is the one binding of its name in its
// scope, the scopes nested in it included.
func (b *binder) onlyBinding(f *finder, bd *binding) bool {
	if b.elsewhere[f.text(bd.name)] {
		return false // a global or nonlocal names it
	}
	return countIn(b.at[f.text(bd.name)], bd.scopeStart, bd.scopeEnd) == 1
}

// countIn is the number of the sorted offsets in [from, to).
func countIn(sorted []int, from, to int) int {
	return sort.SearchInts(sorted, to) - sort.SearchInts(sorted, from)
}

// paramList reports whether bracket open holds parameters or a pattern:
// def f(...), fun f(...), function f(...), (...) =>, (...) ->, a method's
// (...) { (and so an if's or a for's, whose names are then taken as
// bound: only a loss of reach), catch (...), lambda a, b: in Python's
// header, a destructuring [a, b] = or { a, b } =, a Kotlin lambda's { a, b
// ->.
func (f *finder) paramList(open int) bool {
	close := f.toks[open].match
	switch f.src[f.toks[open].start] {
	case '(':
		if f.isKind(open-1, tIdent) && (f.is(open-2, "def") || f.is(open-2, "fun") || f.is(open-2, "function")) || f.is(open-1, "function") {
			return true
		}
		if f.is(close+1, "=>") || f.is(close+1, "->") || f.is(close+1, "throws") {
			return true
		}
		if f.lang != Python && f.isOpen(close+1, '{') && f.isKind(open-1, tIdent) {
			return true
		}
		if f.lang == Kotlin && f.is(close+1, ":") && f.isKind(open-1, tIdent) {
			return true // fun f(...): Type
		}
		return f.is(close+1, "=") && f.lang != Python // (a, b) = pair
	case '[':
		return f.is(close+1, "=") && !f.isKind(open-1, tIdent) && !f.is(open-1, "]") && !f.is(open-1, ")")
	case '{':
		if f.is(close+1, "=") && (f.lang == JavaScript) {
			return true // const { a, b } = x
		}
		if f.lang == Kotlin {
			for k := open + 1; k < close && k < open+32; k++ {
				if f.is(k, "->") {
					return true
				}
				if !f.isKind(k, tIdent) && !f.is(k, ",") && !f.is(k, ":") {
					break
				}
			}
		}
	}
	return false
}

// forTarget reports whether token i is a name a Python for binds: for a,
// b in ...
func (f *finder) forTarget(i int) bool {
	for k := i - 1; k >= 0 && k > i-16; k-- {
		switch {
		case f.is(k, "for"):
			return true
		case f.isKind(k, tIdent) || f.is(k, ",") || f.isKind(k, tOpen) || f.isKind(k, tClose):
			continue
		}
		return false
	}
	return false
}

// lambdaParam reports whether token i is a parameter of a Python lambda:
// lambda a, b=1: ...
func (f *finder) lambdaParam(i int) bool {
	for k := i - 1; k >= 0 && k > i-16; k-- {
		switch {
		case f.is(k, "lambda"):
			return true
		case f.is(k, ":") || f.isKind(k, tOpen) || f.isKind(k, tClose):
			return false
		}
	}
	return false
}

// assignAfter is the assignment operator after a binding target that ends
// at token i (a = ..., a += ..., a, b = ..., a: int = ...), or -1.
func (f *finder) assignAfter(i int) int {
	j := i + 1
	switch f.text(j) {
	case "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**=", "//=", ">>=", "<<=", ":=", "??=", "||=", "&&=":
		if f.isKind(j, tPunct) {
			return j
		}
	case "++", "--":
		return j
	case ",":
		// a, b = ... (Python, Kotlin destructuring is in brackets):
		// the statement's first top-level = after a run of names.
		if f.lang == Python {
			for k := j + 1; k < len(f.toks) && k < j+32; k++ {
				switch {
				case f.is(k, "="):
					return k
				case f.isKind(k, tIdent) || f.is(k, ",") || f.is(k, "*"):
					continue
				}
				break
			}
		}
	case ":":
		if f.lang != Python || i > 0 && !f.toks[i].nl {
			break // TypeScript's and Kotlin's are declared: const a: T, val a: T
		}
		// NAME: Type = value
		for k := j + 1; k < len(f.toks) && k < j+16; k++ {
			if f.is(k, "=") {
				return k
			}
			if f.toks[k].nl || f.is(k, ",") || f.is(k, ";") || f.isKind(k, tClose) {
				break
			}
		}
	}
	if f.is(i-1, "++") || f.is(i-1, "--") {
		return i - 1
	}
	return -1
}

// statementLevel reports whether the = at token e assigns in a statement,
// not a keyword argument or a default: no bracket encloses it but braces.
func (f *finder) statementLevel(encl []int32, e int) bool {
	k := encl[e]
	if k < 0 {
		return true
	}
	return f.lang != Python && f.isOpen(int(k), '{')
}

// targetStart is the first token of the statement an = at e ends the
// target of: back over names, dots, brackets, colons and type words on
// its line.
func (f *finder) targetStart(e int) int {
	k := e - 1
	for n := 0; k > 0; n++ {
		if n > 64 {
			return e // no target of this length: nothing it binds is plain
		}
		t := f.toks[k]
		if t.kind == tClose && t.match >= 0 && t.match < k {
			k = t.match
		}
		if f.toks[k].nl {
			return k
		}
		p := k - 1
		if f.is(p, ";") || f.isKind(p, tOpen) || f.is(p, "}") || f.is(p, "=") {
			return k
		}
		k = p
	}
	return max(k, 0)
}

// plainTarget is the name a plain assignment binds: the target is one
// name, after declaration words and a type (const, val, final String,
// String[], List<String>), perhaps with a type after a colon; -1 for a
// tuple, a member, an entry, or anything else.
func (f *finder) plainTarget(first, e int) int {
	last := e - 1
	for k := first; k < e; k++ {
		if f.is(k, ":") {
			last = k - 1
			break
		}
		if f.is(k, ",") || f.is(k, ".") || f.is(k, "?.") || f.isOpen(k, '(') || f.isOpen(k, '{') {
			return -1
		}
	}
	if last < first || !f.isKind(last, tIdent) || declWords[f.text(last)] {
		return -1
	}
	if f.lang == Python && last != first {
		return -1
	}
	return last
}

// functionBody reports whether the brace at open is a function's or a
// lambda's body (or a block in one): after ), ->, or a throws clause;
// not a class's.
func (f *finder) functionBody(open int) bool {
	if f.is(open-1, ")") || f.is(open-1, "->") {
		return true
	}
	for k := open - 1; k >= 0 && k > open-32; k-- {
		switch {
		case f.is(k, "throws"):
			return true
		case f.isKind(k, tIdent) || f.is(k, ",") || f.is(k, "."):
			continue
		}
		return false
	}
	return false
}

// finalDecl reports whether a Java or Kotlin declaration from token first
// to name is final: final, val, const val.
func (f *finder) finalDecl(first, name int) bool {
	for k := first; k < name; k++ {
		switch f.text(k) {
		case "final", "val", "const":
			return true
		}
	}
	return false
}

// pythonScopes finds the body of each def and class, by indentation, and
// the innermost one holding each token.
func (f *finder) pythonScopes() ([]pyScope, []int32) {
	var out []pyScope
	in := make([]int32, len(f.toks))
	depth := 0
	type open struct {
		indent int
		at     int // index in out
	}
	var stack []open
	for i := range f.toks {
		t := f.toks[i]
		lineStart := depth == 0 && (i == 0 || t.nl)
		if lineStart {
			ind := f.indent(i)
			for len(stack) > 0 && ind <= stack[len(stack)-1].indent {
				out[stack[len(stack)-1].at].end = i
				stack = stack[:len(stack)-1]
			}
			k := i
			if f.is(k, "async") {
				k++
			}
			if f.is(k, "def") || f.is(k, "class") {
				parent := -1
				if len(stack) > 0 {
					parent = stack[len(stack)-1].at
				}
				out = append(out, pyScope{start: i, end: len(f.toks), class: f.is(k, "class"), parent: parent})
				stack = append(stack, open{indent: ind, at: len(out) - 1})
			}
		}
		in[i] = -1
		if len(stack) > 0 {
			in[i] = int32(stack[len(stack)-1].at)
		}
		switch t.kind {
		case tOpen:
			if t.match > i {
				depth++
			}
		case tClose:
			if t.match >= 0 && t.match < i && depth > 0 {
				depth--
			}
		}
	}
	return out, in
}

// indent is the column of token i on its line, in bytes.
func (f *finder) indent(i int) int {
	s := f.toks[i].start
	n := 0
	for s-n-1 >= 0 && f.src[s-n-1] != '\n' {
		n++
	}
	return n
}

// resolve is the binding a name read at token use means: the one plain
// assignment of a name bound once, whose scope holds the use.
func (f *finder) resolve(use int) (*binding, bool) {
	if f.binds == nil || !f.isKind(use, tIdent) {
		return nil, false
	}
	b := f.binds
	name := f.text(use)
	bd := b.innermost(f, name, use)
	if bd == nil || use >= bd.from && use < bd.to || !b.onlyBinding(f, bd) {
		return nil, false
	}
	return bd, true
}

// innermost is the plain assignment of name in the innermost scope that
// holds token use and has one: a Python class body only for a use in
// the class body itself.
func (b *binder) innermost(f *finder, name string, use int) *binding {
	if f.lang == Python {
		for k, first := int(b.pyIn[use]), true; k >= 0; k, first = b.pyScopes[k].parent, false {
			if b.pyScopes[k].class && !first {
				continue
			}
			if bd := b.plain[bindKey{name, k}]; bd != nil {
				return bd
			}
		}
	} else {
		for k := b.encl[use]; k >= 0; k = b.encl[k] {
			if f.isOpen(int(k), '{') {
				if bd := b.plain[bindKey{name, int(k)}]; bd != nil {
					return bd
				}
			}
		}
	}
	return b.plain[bindKey{name, -1}]
}

// mutable reports whether the value a binding holds may be changed where
// the reader does not see it: the name is read more than once, or read
// other than as a whole (params.x, params[x], params.update(...)), or has
// entries set anywhere but right after it.
func (f *finder) mutable(bd *binding) bool {
	if bd.mutableMemo == 0 {
		bd.mutableMemo = 1
		if f.mutableNow(bd) {
			bd.mutableMemo = 2
		}
	}
	return bd.mutableMemo == 2
}

func (f *finder) mutableNow(bd *binding) bool {
	b := f.binds
	if b.reads == nil {
		b.reads = map[string][]int{}
		for r := range f.toks {
			if f.isKind(r, tIdent) && !f.is(r-1, ".") && !f.is(r-1, "?.") {
				name := f.text(r)
				b.reads[name] = append(b.reads[name], r)
			}
		}
	}
	name := f.text(bd.name)
	reads := b.reads[name]
	n := 0
	for _, r := range reads[sort.SearchInts(reads, bd.scopeStart):sort.SearchInts(reads, bd.scopeEnd)] {
		if r == bd.name {
			continue
		}
		if f.is(r+1, ".") || f.is(r+1, "?.") || f.isOpen(r+1, '[') || f.isOpen(r+1, '(') {
			if f.mutationAt(bd, r) {
				continue
			}
			return true
		}
		n++
	}
	if n > 1 {
		return true
	}
	for _, m := range b.mutations[name] {
		if m.base >= bd.scopeStart && m.base < bd.scopeEnd && !f.after(bd, m) {
			return true
		}
	}
	return false
}

// mutationAt reports whether token r starts a member set right after bd.
func (f *finder) mutationAt(bd *binding, r int) bool {
	for _, m := range f.setAfter(bd) {
		if m.base == r {
			return true
		}
	}
	return false
}

// after reports whether mutation m is one of the statements right after
// bd's, each setting one member by a literal name.
func (f *finder) after(bd *binding, m mutation) bool {
	if m.key < 0 {
		return false
	}
	next := bd.stmtEnd
	for _, o := range f.binds.mutations[f.text(bd.name)] {
		if o.stmt == next {
			if o.stmt == m.stmt {
				return true
			}
			next = o.to
			if f.is(next, ";") {
				next++
			}
		}
	}
	return false
}

// setAfter are the members set right after bd's literal, in order.
func (f *finder) setAfter(bd *binding) []mutation {
	var out []mutation
	next := bd.stmtEnd
	for _, o := range f.binds.mutations[f.text(bd.name)] {
		if o.stmt == next && o.key >= 0 {
			out = append(out, o)
			next = o.to
			if f.is(next, ";") {
				next++
			}
		}
	}
	return out
}
