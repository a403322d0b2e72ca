package appcode

import (
	"bytes"
	"sort"
)

// This file is what the readers of Python and JavaScript share beyond
// values: the walk over tokens with the enclosing brackets at hand, the
// place and name of the site a bracket opens, and the style of values told
// from the client a call is made on.

// walked is what walkMembers learned besides the members: for each site,
// the innermost call enclosing it (the bracket of its arguments), whose
// receiver tells the client in use; -1 for none.
type walked struct {
	calls map[int]int
}

// walkMembers calls member for each token inside a bracket, with the
// innermost bracket enclosing it, and outside for each token inside none
// or any.
func walkMembers(f *finder, member func(f *finder, i, open int), outside func(f *finder, i int)) walked {
	w := walked{calls: map[int]int{}}
	var stack []int
	var calls []int // the ( brackets among stack
	for i := range f.toks {
		t := f.toks[i]
		switch t.kind {
		case tOpen:
			if t.match > i {
				stack = append(stack, i)
				if f.src[t.start] == '(' {
					calls = append(calls, i)
				}
			}
			continue
		case tClose:
			if t.match >= 0 {
				for len(stack) > 0 && stack[len(stack)-1] >= t.match {
					if f.src[f.toks[stack[len(stack)-1]].start] == '(' {
						calls = calls[:len(calls)-1]
					}
					stack = stack[:len(stack)-1]
				}
			}
			continue
		}
		if outside != nil {
			outside(f, i)
		}
		if len(stack) == 0 {
			continue
		}
		open := stack[len(stack)-1]
		n := len(f.sites)
		member(f, i, open)
		if len(f.sites) > n {
			w.calls[open] = -1
			if len(calls) > 0 {
				w.calls[open] = calls[len(calls)-1]
			}
		}
	}
	return w
}

// member adds the member named by token i, its value starting at token
// from, to the site bracket open makes.
func (f *finder) member(open, i int, name string, from int, lines bool) {
	end := f.valueEnd(from, lines)
	f.memberValue(open, i, name, f.value(from, end, 0))
}

func (f *finder) memberValue(open, i int, name string, v Value) {
	s := f.site(open)
	s.Members = append(s.Members, Member{Name: name, NamePos: f.toks[i].start, Value: v})
}

// site is the site bracket open makes, made on first use.
func (f *finder) site(open int) *Site {
	s, ok := f.sites[open]
	if !ok {
		pos, call := f.siteOf(open)
		s = &Site{Pos: pos, Call: call}
		f.sites[open] = s
	}
	return s
}

// partial marks the site bracket open makes as one with members the
// reader cannot see.
func (f *finder) partial(open int) { f.site(open).Partial = true }

// siteOf is where the site that bracket open makes starts, and what names
// it: a call's arguments start at the callee and are named by it; an
// object literal starts at its brace and is named by the key or keyword it
// is the value of, the call it is the argument of, or the type it is
// declared as.
func (f *finder) siteOf(open int) (pos int, call string) {
	t := f.toks[open]
	if f.src[t.start] == '(' {
		first, name := f.callee(open - 1)
		if first < open {
			return f.toks[first].start, name
		}
		return t.start, ""
	}
	switch p := open - 1; {
	case f.is(p, ":") && f.isKind(p-1, tString):
		return t.start, string(f.strs[f.toks[p-1].str].text)
	case f.lang == JavaScript && f.is(p, ":") && f.isKind(p-1, tIdent):
		return t.start, f.text(p - 1) // Update: { ... }
	case f.lang == JavaScript && f.is(p, "=") && f.isKind(p-1, tIdent) && f.is(p-2, ":"):
		return t.start, f.text(p - 1) // const params: QueryCommandInput = { ... }
	case f.isOpen(p, '('):
		_, name := f.callee(p - 1)
		return t.start, name
	case f.isKind(p, tIdent) || f.is(p, ")"):
		// A Kotlin builder block: QueryRequest { ... }, client.query { ... }.
		first, name := f.callee(p)
		return f.toks[first].start, name
	}
	return t.start, ""
}

// argMentions reports whether a string argument of the call at open is s
// ("dynamodb" in boto3.client("dynamodb")).
func (f *finder) argMentions(open int, s string) bool {
	for j := open + 1; j < f.toks[open].match; j++ {
		if f.toks[j].kind == tString && bytes.Equal(f.strs[f.toks[j].str].text, []byte(s)) {
			return true
		}
	}
	return false
}

// clients are the styles of the clients a file assigns to names
// (table = dynamodb.Table("T"), self.client = boto3.client("dynamodb")),
// and the styles seen at all.
type clients struct {
	byName   map[string]ValueStyle
	low, doc bool
}

// assignedClients reads each assignment NAME = ... of the file, asking
// tell which style the right side (to the end of its line, a few tokens at
// most) makes.
func assignedClients(f *finder, tell func(f *finder, a, b int) (ValueStyle, bool)) *clients {
	c := &clients{byName: map[string]ValueStyle{}}
	for e := 1; e < len(f.toks); e++ {
		if !f.is(e, "=") || !f.isKind(e-1, tIdent) {
			continue
		}
		a := e - 1
		for f.is(a-1, ".") && f.isKind(a-2, tIdent) {
			a -= 2
		}
		b := e + 1
		for b < len(f.toks) && b < e+48 && (b == e+1 || !f.toks[b].nl || f.continues(b)) {
			b++
		}
		if st, ok := tell(f, e+1, b); ok {
			name := f.dotted(a, e)
			if prev, seen := c.byName[name]; seen && prev != st {
				st = StyleUnknown // two clients under one name (in two classes): the values tell
			}
			c.byName[name] = st
			c.low = c.low || st == StyleLowLevel
			c.doc = c.doc || st == StyleDocument
		}
	}
	return c
}

// styleOf is the style of the site inside call bracket call: the style of
// the client the call is made on (client.query(...)), else the file's if
// it shows one kind of client only.
func (c *clients) styleOf(f *finder, call int) ValueStyle {
	if name, ok := f.receiver(call); ok {
		if st, ok := c.byName[name]; ok {
			return st
		}
	}
	switch {
	case c.low && !c.doc:
		return StyleLowLevel
	case c.doc && !c.low:
		return StyleDocument
	}
	return StyleUnknown
}

// receiver is the dotted name a method call is made on: self.table for
// self.table.query(...), the call bracket at call.
func (f *finder) receiver(call int) (string, bool) {
	if call > 1 && f.isKind(call-1, tIdent) && f.is(call-2, ".") {
		a := call - 3
		for f.is(a-1, ".") && f.isKind(a-2, tIdent) {
			a -= 2
		}
		if a >= 0 && f.isKind(a, tIdent) {
			return f.dotted(a, call-2), true
		}
	}
	return "", false
}

// passed finds, for the site a literal at open makes, the call it is
// passed to later: the literal is the whole value of a name bound once
// (params = {...}, const input = {...}), read once in its scope, as a
// call's argument (client.query(**params), new QueryCommand(input),
// doc.update(params)); its members set right after it (params.X = ...,
// params["X"] = ...) are its members. call is the call's ( and arg the
// token of the name there.
func (f *finder) passed(open int) (bd *binding, call, arg int, ok bool) {
	if f.binds == nil || !f.isKind(open, tOpen) {
		return nil, 0, 0, false
	}
	// The name the literal is assigned to: the tokens before it.
	for k := open - 1; k >= 0 && k > open-16 && bd == nil; k-- {
		if f.isKind(k, tIdent) {
			if b := f.binds.innermost(f, f.text(k), k); b != nil && b.from == open && b.to == f.toks[open].match+1 {
				bd = b
			}
		}
	}
	if bd == nil || !f.binds.onlyBinding(f, bd) {
		return nil, 0, 0, false
	}
	if f.mutable(bd) { // (which reads the name's uses)
		return nil, 0, 0, false
	}
	use := -1
	reads := f.binds.reads[f.text(bd.name)]
	for _, r := range reads[sort.SearchInts(reads, bd.to):sort.SearchInts(reads, bd.scopeEnd)] {
		if f.mutationAt(bd, r) {
			continue
		}
		if use >= 0 {
			return nil, 0, 0, false // read twice: what the other read does is not seen
		}
		use = r
	}
	if use < 0 {
		return nil, 0, 0, false
	}
	a := use
	if f.lang == Python {
		if !f.is(use-1, "**") {
			return nil, 0, 0, false
		}
		a = use - 1
	}
	if !(f.isOpen(a-1, '(') || f.is(a-1, ",")) || !(f.is(use+1, ")") || f.is(use+1, ",")) {
		return nil, 0, 0, false
	}
	// The call's bracket: back over the arguments before it.
	k := a - 1
	for k >= 0 && !f.isOpen(k, '(') {
		if f.isKind(k, tClose) && f.toks[k].match >= 0 && f.toks[k].match < k {
			k = f.toks[k].match
		}
		if f.is(k, ";") || f.isOpen(k, '{') || f.isOpen(k, '[') {
			return nil, 0, 0, false
		}
		k--
	}
	if k < 0 || f.toks[k].match < use {
		return nil, 0, 0, false
	}
	return bd, k, a, true
}

// attachPassed reads each literal passed later to a call (passed) as if it
// were written at the call: it takes the call's name, the members set
// right after it, and (Python) the call's own keyword arguments; whole
// says whether the call, so written, sends the whole request.
func (f *finder) attachPassed(calls map[int]int, whole func(call, arg int) bool) {
	for open, s := range f.sites {
		if !f.isOpen(open, '{') {
			continue
		}
		bd, call, arg, ok := f.passed(open)
		if !ok {
			continue
		}
		_, name := f.callee(call - 1)
		s.Call = name
		calls[open] = call
		for _, m := range f.setAfter(bd) {
			key := f.memberKey(m.key)
			member, ok := memberOf(key.Text)
			if key.Kind != String || !ok {
				s.Partial = true
				continue
			}
			s.Members = append(s.Members, Member{Name: member, NamePos: f.toks[m.key].start, Value: f.value(m.from, m.to, 0)})
			f.unskip(f.toks[m.key].start)
			delete(f.sites, m.key) // not a site of its own: a member of this one
		}
		if cs, ok := f.sites[call]; ok && cs != s {
			// client.query(TableName=T, **params): one request.
			s.Members = append(s.Members, cs.Members...)
			delete(f.sites, call)
			spreads := 0
			for _, p := range f.split(call) {
				if f.is(p[0], "**") {
					spreads++
				}
			}
			s.Partial = s.Partial || spreads > 1
		}
		s.Whole = !s.Partial && whole(call, arg)
	}
}

// unskip drops the skip of a member set at run time at pos: it is read.
func (f *finder) unskip(pos int) {
	out := f.res.Skipped[:0]
	for _, k := range f.res.Skipped {
		if k.Pos != pos {
			out = append(out, k)
		}
	}
	f.res.Skipped = out
}
