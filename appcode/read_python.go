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
	return f.result()
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
