package appcode

// Serverless code names its table through the environment the function is
// deployed with: TableName: process.env.BOOKINGS_TABLE,
// TableName=os.environ["TABLE_NAME"]. The value is still computed (Opaque),
// but it names the variable (Value.Env), which the schema may say the
// table of (Source.Env); Convert then writes that table's name.

// whyEnv is what an environment variable's read is, as Value.Why.
const whyEnv = "an environment variable"

// envRead reads, at token a, a read of an environment variable whose name
// the code writes: process.env.NAME and process.env["NAME"] in
// JavaScript; os.environ["NAME"], os.environ.get("NAME"[, default]) and
// os.getenv("NAME"[, default]) in Python (environ and getenv imported
// from os too); System.getenv("NAME") in Java and Kotlin. ok is false for
// anything else.
func (f *finder) envRead(a, b int) (v Value, next int, ok bool) {
	var name string
	switch f.lang {
	case JavaScript:
		if !f.is(a, "process") || !f.is(a+1, ".") || !f.is(a+2, "env") {
			return v, a, false
		}
		j := a + 3
		switch {
		case (f.is(j, ".") || f.is(j, "?.")) && f.isKind(j+1, tIdent):
			name, next = f.text(j+1), j+2
		default:
			name, next, ok = f.subscriptName(j)
			if !ok {
				return v, a, false
			}
		}
	case Python:
		k := a
		if f.is(k, "os") && f.is(k+1, ".") {
			k += 2
		}
		switch {
		case f.is(k, "environ") && f.is(k+1, ".") && f.is(k+2, "get"):
			name, next, ok = f.callName(k + 3)
		case f.is(k, "environ"):
			name, next, ok = f.subscriptName(k + 1)
		case f.is(k, "getenv"):
			name, next, ok = f.callName(k + 1)
		}
		if !ok {
			return v, a, false
		}
	case Java, Kotlin:
		if !f.is(a, "System") || !f.is(a+1, ".") || !f.is(a+2, "getenv") {
			return v, a, false
		}
		if name, next, ok = f.callName(a + 3); !ok {
			return v, a, false
		}
	default:
		return v, a, false
	}
	if next > b || name == "" {
		return v, a, false
	}
	v = f.opaque(a, next, whyEnv)
	v.Env = name
	return v, next, true
}

// subscriptName reads ["NAME"] at token j: the name and the token after.
func (f *finder) subscriptName(j int) (string, int, bool) {
	if !f.isOpen(j, '[') || f.toks[j].match != j+2 || !f.isKind(j+1, tString) {
		return "", j, false
	}
	s, _ := f.stringValue(j+1, j+2)
	return s.Text, j + 3, s.Kind == String
}

// callName reads ("NAME") or ("NAME", default) at token j: the name and
// the token after the call. The default is what the function gets where
// it is not deployed with the variable: the deployed function has it.
func (f *finder) callName(j int) (string, int, bool) {
	if !f.isOpen(j, '(') || f.toks[j].match < 0 || !f.isKind(j+1, tString) {
		return "", j, false
	}
	end := f.toks[j].match
	if end != j+2 && !f.is(j+2, ",") {
		return "", j, false
	}
	s, _ := f.stringValue(j+1, j+2)
	return s.Text, end + 1, s.Kind == String
}

// envTableName is the member TableName of ms whose value reads an
// environment variable that src.Env names a table for, written as that
// table's name; ok is false when there is none.
func envTableName(src *Source, ms []Member) (Member, bool) {
	if src.Env == nil {
		return Member{}, false
	}
	for _, m := range ms {
		if m.Name != "TableName" || m.Value.Kind != Opaque || m.Value.Env == "" {
			continue
		}
		name, ok := src.Env(m.Value.Env)
		if !ok {
			return Member{}, false
		}
		at := m.Value.Start
		m.Value = Value{Kind: String, Start: at, End: m.Value.End, Text: name, Offsets: constOffsets(name, at), Env: m.Value.Env}
		return m, true
	}
	return Member{}, false
}
