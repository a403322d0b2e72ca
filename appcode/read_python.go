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
			} else if groupOf(f.text(i)) && (f.isOpen(i+2, '[') || f.isOpen(i+2, '{')) {
				f.member(open, i, f.text(i), i+2, false)
			}
		case t.kind == tString && f.is(i+1, ":") && f.isOpen(open, '{') && first:
			// A dict key: {"KeyConditionExpression": "..."}.
			if lit := f.strs[t.str]; lit.why == "" {
				if name, ok := memberOf(string(lit.text)); ok {
					f.member(open, i, name, i+2, false)
				} else if groupOf(string(lit.text)) && (f.isOpen(i+2, '[') || f.isOpen(i+2, '{')) {
					f.member(open, i, string(lit.text), i+2, false)
				}
			}
		}
	}, func(f *finder, i int) {
		// params["KeyConditionExpression"] = ...
		if f.toks[i].kind == tString && f.isOpen(i-1, '[') && f.is(i+1, "]") && f.is(i+2, "=") {
			f.setAtRunTime(string(f.strs[f.toks[i].str].text), i, i+3)
		}
	})
	clients := assignedClients(f, pythonClient)
	// with session.client("dynamodb") as client: (aiobotocore, boto3
	// sessions) binds a client as an assignment does.
	for i := range f.toks {
		if !f.is(i, "with") {
			continue
		}
		for k := i + 1; k < len(f.toks) && k < i+48 && !f.toks[k].nl; k++ {
			if f.is(k, "as") && f.isKind(k+1, tIdent) {
				if st, ok := pythonClient(f, i+1, k); ok {
					name := f.text(k + 1)
					if prev, seen := clients.byName[name]; seen && prev != st {
						st = StyleUnknown
					}
					clients.byName[name] = st
					clients.low = clients.low || st == StyleLowLevel
					clients.doc = clients.doc || st == StyleDocument
				}
				break
			}
		}
	}
	f.style = func(f *finder, open int) ValueStyle {
		// The receiver's assignment in scope (self.client in this class)
		// tells first; then the file's assignments by name.
		if call := w.calls[open]; call > 2 && f.isKind(call-1, tIdent) && f.is(call-2, ".") {
			if from, to, ok := f.receiverValue(call - 3); ok {
				if st, ok := pythonClient(f, from, to); ok {
					return st
				}
			}
		}
		return clients.styleOf(f, w.calls[open])
	}
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
	for open := range f.sites {
		// A method of another service's client (boto3.client("xray")
		// .get_trace_summaries(FilterExpression=...)) is not a DynamoDB
		// request.
		if f.isOpen(open, '(') && f.isKind(open-1, tIdent) && f.is(open-2, ".") {
			if from, to, ok := f.receiverValue(open - 3); ok && otherService(f, from, to) {
				delete(f.sites, open)
			}
		}
	}
	f.attachPassed(w.calls, func(call, arg int) bool {
		name, ok := f.receiver(call)
		_, sdk := clients.byName[name]
		return ok && sdk
	})
	return f.result()
}

// tableOfResource gives a call on a boto3 resource's Table("NAME") (tickets
// = dynamodb.Table("Tickets"); tickets.query(...)) the TableName that
// Table names, which the call itself does not repeat: the schema's rules
// then know the table, as they do for a client's TableName="...". The
// receiver means what it means at the call: a name bound once in scope
// (bind.go), or self.NAME assigned once in the class the call is in. A
// table named by a variable (Table(name)), or a receiver assigned twice,
// stays unknown.
func (f *finder) tableOfResource() {
	for open, s := range f.sites {
		if !f.isOpen(open, '(') || hasMember(s, "TableName") || !f.isKind(open-1, tIdent) || !f.is(open-2, ".") {
			continue
		}
		from, to, ok := f.receiverValue(open - 3)
		if !ok {
			continue
		}
		for j := from; j+3 < to; j++ {
			if f.is(j, "Table") && f.isOpen(j+1, '(') && f.isKind(j+2, tString) && f.toks[j+1].match == j+3 {
				if v, _ := f.stringValue(j+2, j+3); v.Kind == String {
					f.memberValue(open, j+2, "TableName", v)
				}
				break
			}
		}
	}
}

// receiverValue is the value assigned to the receiver that ends at token
// last (table, self.table): the tokens of its one assignment in scope.
func (f *finder) receiverValue(last int) (from, to int, ok bool) {
	if !f.isKind(last, tIdent) {
		return 0, 0, false
	}
	if !f.is(last-1, ".") {
		bd, ok := f.resolve(last)
		if !ok {
			return 0, 0, false
		}
		return bd.from, bd.to, true
	}
	if !f.is(last-2, "self") || f.is(last-3, ".") {
		return 0, 0, false
	}
	// self.NAME: its assignments in the class the call is in.
	k := int(f.binds.pyIn[last])
	for k >= 0 && !f.binds.pyScopes[k].class {
		k = f.binds.pyScopes[k].parent
	}
	if k < 0 {
		return 0, 0, false
	}
	class := f.binds.pyScopes[k]
	name := f.text(last)
	if v, ok := f.binds.self[bindKey{name, k}]; ok {
		return v[0], v[1], v[2] == 1
	}
	defer func() {
		n := 0
		if ok {
			n = 1
		}
		f.binds.self[bindKey{name, k}] = [3]int{from, to, n}
	}()
	n := 0
	for e := class.start; e < class.end && e < len(f.toks); e++ {
		if f.is(e, "self") && f.is(e+1, ".") && f.is(e+2, name) && !f.is(e-1, ".") && f.assignAfter(e+2) >= 0 {
			n++
			from = f.assignAfter(e+2) + 1
			to = f.valueEnd(from, true)
		}
	}
	return from, to, n == 1
}

func hasMember(s *Site, name string) bool {
	for _, m := range s.Members {
		if m.Name == name {
			return true
		}
	}
	return false
}

// otherService reports whether tokens a to b make a boto3 client or
// resource of a service other than DynamoDB: boto3.client("xray").
func otherService(f *finder, a, b int) bool {
	for j := a; j < b; j++ {
		if (f.is(j, "client") || f.is(j, "resource")) && f.isOpen(j+1, '(') && f.isKind(j+2, tString) {
			return string(f.strs[f.toks[j+2].str].text) != "dynamodb"
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
