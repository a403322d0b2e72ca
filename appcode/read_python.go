package appcode

// The Python reader: boto3's keyword arguments
// (table.query(KeyConditionExpression="#pk = :pk", ...)) and dict keys
// ({"Update": {"UpdateExpression": "SET ...", ...}} in TransactItems, a
// params dict passed as **params).

var pythonSyntax = syntax{hashComments: true, lexString: lexPython}

func readPython(src []byte) *Result {
	f := newFinder(Python, src, &pythonSyntax)
	w := walkMembers(f, func(f *finder, i, open int) {
		t := f.toks[i]
		after := i - 1
		first := after == open || f.is(after, ",")
		switch {
		case f.is(i, "**") && first:
			f.partial(open) // query(**params), {**defaults, ...}
		case t.kind == tIdent && f.is(i+1, "=") && f.isOpen(open, '(') && first:
			// A keyword argument: query(KeyConditionExpression="...").
			if name, ok := memberOf(f.text(i)); ok {
				f.member(open, i, name, i+2, false)
			}
		case t.kind == tString && f.is(i+1, ":") && f.isOpen(open, '{') && first:
			// A dict key: {"KeyConditionExpression": "..."}.
			if lit := f.strs[t.str]; lit.why == "" {
				if name, ok := memberOf(string(lit.text)); ok {
					f.member(open, i, name, i+2, false)
				}
			}
		}
	}, func(f *finder, i int) {
		// params["KeyConditionExpression"] = ...
		if f.toks[i].kind == tString && f.isOpen(i-1, '[') && f.is(i+1, "]") && f.is(i+2, "=") {
			f.skipRuntime(string(f.strs[f.toks[i].str].text), f.toks[i].start)
		}
	})
	clients := assignedClients(f, pythonClient)
	f.style = func(f *finder, open int) ValueStyle { return clients.styleOf(f, w.calls[open]) }
	f.tableOfResource()
	for open, s := range f.sites {
		// Keyword arguments of a method of a boto3 client or Table the
		// file makes are the whole request: what they leave out, the
		// request has not. A wrapper of the project's own may add
		// members, so its calls stay open.
		if name, ok := f.receiver(open); ok && f.isOpen(open, '(') {
			_, sdk := clients.byName[name]
			s.Whole = sdk
		}
	}
	return f.result()
}

// tableOfResource gives a call on a boto3 resource's Table("NAME") (tickets
// = dynamodb.Table("Tickets"); tickets.query(...)) the TableName that
// Table names, which the call itself does not repeat: the schema's rules
// then know the table, as they do for a client's TableName="...". A table
// named by a variable (Table(name)) stays unknown.
func (f *finder) tableOfResource() {
	tables := map[string]int{} // receiver -> the string token Table( holds
	for e := 1; e+4 < len(f.toks); e++ {
		if !f.is(e, "=") || !f.isKind(e-1, tIdent) {
			continue
		}
		a := e - 1
		for f.is(a-1, ".") && f.isKind(a-2, tIdent) {
			a -= 2
		}
		for j := e + 1; j+3 < len(f.toks) && j < e+16 && !f.toks[j].nl; j++ {
			if f.is(j, "Table") && f.isOpen(j+1, '(') && f.isKind(j+2, tString) && f.toks[j+1].match == j+3 {
				tables[f.dotted(a, e)] = j + 2
				break
			}
		}
	}
	if len(tables) == 0 {
		return
	}
	for open, s := range f.sites {
		if !f.isOpen(open, '(') || hasMember(s, "TableName") {
			continue
		}
		if name, ok := f.receiver(open); ok {
			if str, ok := tables[name]; ok {
				if v, _ := f.stringValue(str, str+1); v.Kind == String {
					f.memberValue(open, str, "TableName", v)
				}
			}
		}
	}
}

func hasMember(s *Site, name string) bool {
	for _, m := range s.Members {
		if m.Name == name {
			return true
		}
	}
	return false
}

// pythonClient tells the style of the value a boto3 assignment's right
// side makes: boto3.client("dynamodb") and resource.meta.client are
// low-level; a resource's Table(...) is the document style.
func pythonClient(f *finder, a, b int) (ValueStyle, bool) {
	for j := a; j < b; j++ {
		switch {
		case f.is(j, "Table") && f.isOpen(j+1, '('):
			return StyleDocument, true
		case f.is(j, "client") && f.isOpen(j+1, '(') && f.argMentions(j+1, "dynamodb"):
			return StyleLowLevel, true
		case f.is(j, "meta") && f.is(j+1, ".") && f.is(j+2, "client"):
			return StyleLowLevel, true
		}
	}
	return StyleUnknown, false
}
