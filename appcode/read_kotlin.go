package appcode

// The Kotlin reader: the AWS SDK for Kotlin's request builders, blocks
// that assign members (QueryRequest { tableName = "T";
// keyConditionExpression = "..." }, client.query { ... }), with values
// written by mapOf("k" to v) and AttributeValue.S("x"); and the Java SDK's
// builder chains, which Kotlin code calls too. Values are typed, so every
// site is low-level.

var kotlinSyntax = syntax{slashComments: true, nestComments: true, lexString: lexKotlin}

func readKotlin(src []byte) *Result {
	f := newFinder(Kotlin, src, &kotlinSyntax)
	covered := map[int]int{} // block -> the units of its statements that set members
	walkMembers(f, func(f *finder, i, open int) {
		if !f.isOpen(open, '{') || !kotlinBlock(f, open) {
			return
		}
		if !(i-1 == open || f.is(i-1, ";") || f.toks[i].nl) {
			return
		}
		j := i
		if f.is(i, "this") && f.is(i+1, ".") {
			j = i + 2 // this.tableName = tableName
		}
		if !f.isKind(j, tIdent) || !f.is(j+1, "=") {
			return
		}
		name, ok := builderMember(f.text(j))
		if !ok {
			return
		}
		end := f.valueEnd(j+2, true)
		f.memberValue(open, j, name, f.value(j+2, end, 0))
		covered[open] += f.units(i, end)
	}, nil)
	for open, n := range covered {
		// Anything else in the block (an if, a call, a let) may set
		// members the reader does not see.
		if f.units(open+1, f.toks[open].match) > n {
			f.sites[open].Partial = true
		}
	}
	f.builderChains()
	f.wholeChains()
	for open, s := range f.sites {
		// QueryRequest { ... } passed to ddb.query(...), or ddb.query { ... }:
		// a block that sets only members is the whole request.
		if !f.isOpen(open, '{') || s.Partial {
			continue
		}
		first, name := f.callee(open - 1)
		if name == "" {
			continue
		}
		if name[0] >= 'A' && name[0] <= 'Z' {
			s.Whole = f.clientArg(first, f.toks[open].match)
		} else {
			s.Whole = f.isKind(open-1, tIdent) && f.is(open-2, ".") && CommandOfCall(name) != ""
		}
	}
	f.style = func(*finder, int) ValueStyle { return StyleLowLevel }
	f.dynamoTypesOnly()
	return f.result()
}

// kotlinBlock reports whether the brace at open is a block that builds a
// request: the lambda a call takes (QueryRequest { }, query { },
// .apply { }), not the body of a control statement or a declaration.
func kotlinBlock(f *finder, open int) bool {
	p := open - 1
	if f.is(p, ")") && f.toks[p].match >= 0 {
		p = f.toks[p].match - 1 // query(...) { }
		switch f.text(p) {
		case "if", "while", "for", "when", "catch":
			return false
		}
	}
	if !f.isKind(p, tIdent) {
		return false
	}
	switch f.text(p) {
	case "else", "try", "finally", "do", "init", "get", "set":
		return false
	}
	// class X { }, fun f() { }, object : T { } are declarations.
	for k := p; k >= 0 && k > p-4; k-- {
		switch f.text(k) {
		case "class", "interface", "object", "fun", "enum":
			return false
		}
	}
	return true
}

// units counts what lies between tokens a and b, a bracketed group
// counting as one and semicolons as none.
func (f *finder) units(a, b int) int {
	n := 0
	for j := a; j < b; j++ {
		if f.isKind(j, tOpen) && f.toks[j].match > j {
			j = f.toks[j].match
		}
		if !f.is(j, ";") {
			n++
		}
	}
	return n
}
