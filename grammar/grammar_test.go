package grammar

import (
	"strings"
	"testing"
)

// TestFormatRoundTrip parses statements, formats them canonically, and
// checks that the canonical text parses back to the same canonical text and
// reads as expected.
func TestFormatRoundTrip(t *testing.T) {
	cases := []struct{ in, want string }{
		{`QUERY Tickets INDEX open-tickets-index KEY openBucket = "OPEN" ASC SELECT subject, priority`,
			"query Tickets index open-tickets-index key openBucket = \"OPEN\"\n  select subject, priority\n  asc"},
		{`update Tickets key id = $id remove openBucket set status = "RESOLVED"`,
			`update Tickets key id = $id set status = "RESOLVED" remove openBucket`},
		{`get Tickets key id = 'a91f' select subject consistent`,
			`get Tickets key id = "a91f" select subject consistent`},
		{`scan T1x segment 1 of 4 filter not (a = 1 or b <> 2) and c between -1 and 1.5e3 limit 5`,
			"scan T1x\n  filter not (a = 1 or b <> 2) and c between -1 and 1.5e3\n  limit 5\n  segment 1 of 4"},
		{"put T1x item {id: \"x\", `a.b`: b\"SGVsbG8=\", l: [1, null, true], s: <<1, 2>>, m: {\"any name\": {}}} if attribute_not_exists(id) return old",
			"put T1x item {\n  id: \"x\", \"a.b\": b\"SGVsbG8=\", l: [1, null, true], s: <<1, 2>>,\n  m: {\"any name\": {}}\n} if attribute_not_exists(id) return old"},
		{"update T1x key id = 1 set a = b - 1, c = if_not_exists(c, 0), `x.y`[2].z = list_append(l, [1]) add n 1 delete tags <<\"x\">>",
			"update T1x key id = 1\n  set a = b - 1, c = if_not_exists(c, 0), `x.y`[2].z = list_append(l, [1])\n  add n 1\n  delete tags <<\"x\">>"},
		{`lbl: query T1x key a = 1 and begins_with(b, "x") desc after {a: 1, b: "x"}`,
			`lbl: query T1x key a = 1 and begins_with(b, "x") desc after {a: 1, b: "x"}`},
		{`query T1x key a = 1 filter x in ("a", "b") and size(y) >= 3 and attribute_type(z, "SS") select count`,
			"query T1x key a = 1\n  filter x in (\"a\", \"b\") and size(y) >= 3 and attribute_type(z, \"SS\")\n  select count"},
		{"query T1x key `index` = 1 filter `and` = \"\\u00e9\\n\" index by-x",
			"query T1x index by-x key `index` = 1 filter `and` = \"é\\n\""},
		{`update T1x key id = 1 add views -5`,
			`update T1x key id = 1 add views -5`},
		{`update T1x key id = 1 set a = -1, b = c -1`,
			`update T1x key id = 1 set a = -1, b = c - 1`},
		// DynamoDB's ReturnValues words are synonyms, printed as the DSL's.
		{`update T1x key id = 1 set a = 1 return ALL_NEW`, `update T1x key id = 1 set a = 1 return new`},
		{`update T1x key id = 1 set a = 1 return all_old`, `update T1x key id = 1 set a = 1 return old`},
		{`update T1x key id = 1 set a = 1 return Updated_New`, `update T1x key id = 1 set a = 1 return updated_new`},
		{`update T1x key id = 1 set a = 1 return UPDATED_OLD`, `update T1x key id = 1 set a = 1 return updated_old`},
		{`delete T1x key id = 1 return ALL_OLD`, `delete T1x key id = 1 return old`},
		{`put T1x item {id: 1} return NONE`, `put T1x item {id: 1} return none`},
	}
	for _, c := range cases {
		f, err := Parse("<arg>", c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if len(f.Statements) != 1 {
			t.Errorf("Parse(%q): %d statements", c.in, len(f.Statements))
			continue
		}
		got := Format(f.Statements[0])
		if got != c.want {
			t.Errorf("Format(%q)\n got: %s\nwant: %s", c.in, got, c.want)
		}
		f2, err := Parse("<fmt>", got)
		if err != nil {
			t.Errorf("canonical text does not parse: %q: %v", got, err)
			continue
		}
		if again := Format(f2.Statements[0]); again != got {
			t.Errorf("format is not stable:\n1: %s\n2: %s", got, again)
		}
	}
}

func TestParseFields(t *testing.T) {
	f, err := Parse("q.dx", "# a comment\nopen: query Tickets index open-tickets-index\n  key openBucket = \"OPEN\" and openedAt >= \"2026\"; scan Tickets limit 7 # trailing\n;")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Statements) != 2 {
		t.Fatalf("got %d statements", len(f.Statements))
	}
	q, s := f.Statements[0], f.Statements[1]
	if q.Kind != KindQuery || q.Label.Name != "open" || q.Table.Name != "Tickets" || q.Index.Name != "open-tickets-index" {
		t.Errorf("query resolved wrong: kind %v label %v table %q", q.Kind, q.Label, q.Table.Name)
	}
	if q.Pos.Line != 2 || q.Pos.Col != 1 || q.Index.Pos.Line != 2 || q.Index.Pos.Col != 27 {
		t.Errorf("positions: statement %d:%d, index %d:%d", q.Pos.Line, q.Pos.Col, q.Index.Pos.Line, q.Index.Pos.Col)
	}
	cmp := q.Key.Or[0].And[1].Compare
	if cmp.Op != ">=" || cmp.Right.Value.Text != "2026" || cmp.Right.Value.Type != TypeS || cmp.Left.Pos.Line != 3 || cmp.Left.Pos.Col != 31 {
		t.Errorf("sort condition: %+v at %d:%d", cmp, cmp.Left.Pos.Line, cmp.Left.Pos.Col)
	}
	if s.Kind != KindScan || s.Limit.Text != "7" {
		t.Errorf("scan resolved wrong: %+v", s)
	}
	if Command := s.Kind.Command(); Command != "scan" || KindUpdate.Command() != "update-item" {
		t.Errorf("commands: %s %s", Command, KindUpdate.Command())
	}
}

func TestValues(t *testing.T) {
	f, err := Parse("<arg>", `put T1x item {s: "a\"b", n: 12345678901234567890123456789012345678, b: b"AA==", t: true, z: null, l: [], m: {}, ss: <<"a">>, ns: <<1.5>>, bs: <<b"AA==">>}`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		typ  ValueType
		text string
	}{
		"s": {TypeS, `a"b`}, "n": {TypeN, "12345678901234567890123456789012345678"}, "b": {TypeB, "AA=="},
		"t": {TypeBOOL, "true"}, "z": {TypeNULL, ""}, "l": {TypeL, ""}, "m": {TypeM, ""},
		"ss": {TypeSS, ""}, "ns": {TypeNS, ""}, "bs": {TypeBS, ""},
	}
	for _, e := range f.Statements[0].Item.Map.Entries {
		w := want[e.Key]
		if e.Value.Type != w.typ || e.Value.Text != w.text {
			t.Errorf("%s: got %s %q, want %s %q", e.Key, e.Value.Type, e.Value.Text, w.typ, w.text)
		}
	}
}

// parseErrorCase is an input that must not parse, and the error it gives.
type parseErrorCase = struct{ in, want string }

// checkParseErrors parses each input as a command-line argument and
// compares the whole error message.
func checkParseErrors(t *testing.T, cases []parseErrorCase) {
	t.Helper()
	for _, c := range cases {
		_, err := Parse("<arg>", c.in)
		if err == nil {
			t.Errorf("Parse(%q): no error, want %s", c.in, c.want)
			continue
		}
		if got := err.Error(); got != c.want {
			t.Errorf("Parse(%q)\n got: %s\nwant: %s", c.in, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{`query T1x key a == 1`, `<arg>:1:17: error: "==" is not an operator here: write "="`},
		{`query T1x key a != 1`, `<arg>:1:17: error: "!=" is not an operator here: write "<>"`},
		{`query T1x key a = 1 limit 0`, `<arg>:1:27: error: limit takes a whole number from 1 to 2147483647, not 0`},
		{`get T1x key a = 1 filter b = 1`, `<arg>:1:19: error: filter is not a clause of get; get takes: key, select, consistent, capacity (a get reads one item by its key: use query or scan to filter, or if on a write)`},
		{`query T1x key a = 1 filter b = "x`, `<arg>:1:32: error: unterminated string: close it with "`},
		{`query T1x key a = 1 asc desc`, `<arg>:1:25: error: asc/desc is given twice in this query (first at 1:21); each clause appears at most once`},
		{`query T1x filter a = 1`, `<arg>:1:7: error: query needs a key condition: add key PARTITION = VALUE (or use scan to read the whole table)`},
		{`update T1x key id = 1`, `<arg>:1:8: error: update needs at least one action: set, remove, add or delete`},
		{`put T1x item {a: 1, a: 2}`, `<arg>:1:21: error: "a" is given twice in this map (first at 1:15)`},
		{`put T1x item {a: b"!!"}`, `<arg>:1:18: error: b"!!" is not base64 (RFC 4648 with padding, like b"SGVsbG8=")`},
		{`put T1x return new item {a: 1}`, `<arg>:1:16: error: put returns only the old item: write return old (or return none)`},
		{`scan T1x segment 4 of 4`, `<arg>:1:18: error: segment I of 4 takes I from 0 to 3, not 4`},
		{`query T1x key a[1.5] = 1`, `<arg>:1:16: error: a list index is a whole number from 0, like [2], not [1.5]`},
		{`query T1x key a = 1e`, `<arg>:1:19: error: "1e" has an exponent without digits: write it like 1.5e3`},
		{"query T1x key `a = 1", "<arg>:1:15: error: unterminated `name`: close it with a backtick on the same line"},
		{`query T1x key a = 1 filter`, `<arg>:1:27: error: unexpected end of input; expected a condition, like attr = "value" or attribute_exists(attr)`},
		{`frobnicate T1x`, `<arg>:1:1: error: unexpected "frobnicate"; expected a statement: query, scan, get, put, update, delete, transact or batch (a label is written frobnicate: query ...)`},
		{`query T1x key a = "\q"`, `<arg>:1:20: error: unknown escape \q: strings take JSON escapes (\" \\ \n \t \uXXXX)`},
		{"put T1x item {s: \"caf\xe9\"}", `<arg>:1:18: error: this string is not valid UTF-8, which DynamoDB requires: save the input as UTF-8, or write the character as \uXXXX`},
		{"get T1x key `caf\xe9` = 1", "<arg>:1:13: error: this attribute name is not valid UTF-8, which DynamoDB requires: save the input as UTF-8"},
		{`put T1x item {b: b"QR=="}`, `<arg>:1:18: error: b"QR==" is not base64 (RFC 4648 with padding, like b"SGVsbG8=")`},
		{`put T1x item {s: "\ud800"}`, `<arg>:1:19: error: \ud800 is half of a surrogate pair: write the character itself, or both halves (\ud83d\ude00)`},
		{`query T1x key a = 1 @`, `<arg>:1:21: error: unexpected character '@': attribute names with such characters go in backticks, like ` + "`my-name`"},
		{`put T1x item {id: 1} return ALL_NEW`, `<arg>:1:29: error: put returns only the old item: write return old (or return none)`},
		{`update T1x key id = 1 set a = 1 return everything`, `<arg>:1:40: error: return takes none, old, new, updated_old or updated_new (or DynamoDB's ALL_NEW, ALL_OLD, UPDATED_NEW, UPDATED_OLD, NONE), not "everything"`},
		// A label is letters, digits and _.
		{`open-tickets: query T1x key a = 1`, `<arg>:1:1: error: "open-tickets" cannot be a label: labels are letters, digits and _; write open_tickets: query ...`},
		{"get T1x key a = 1;\nmy.label : SCAN T1x", `<arg>:2:1: error: "my.label" cannot be a label: labels are letters, digits and _; write my_label: scan ...`},
		{`open-tickets query T1x`, `<arg>:1:1: error: unexpected "open"; expected a statement: query, scan, get, put, update, delete, transact or batch (a label is written open: query ...)`},
		// PartiQL is not read.
		{`SELECT * FROM "Tickets" WHERE id = 'a91f'`, `<arg>:1:1: error: this looks like PartiQL (SELECT), which dynexpr reads from a .partiql file (dynexpr build -f q.partiql, or the statement alone as build's argument); in the DSL, write it as query Tickets key PARTITION = VALUE, or scan Tickets filter CONDITION`},
		{"get T1x key a = 1;\n  select subject from app.Tickets", `<arg>:2:3: error: this looks like PartiQL (SELECT), which dynexpr reads from a .partiql file (dynexpr build -f q.partiql, or the statement alone as build's argument); in the DSL, write it as query app.Tickets key PARTITION = VALUE, or scan app.Tickets filter CONDITION`},
		{`q: select * from`, `<arg>:1:4: error: this looks like PartiQL (SELECT), which dynexpr reads from a .partiql file (dynexpr build -f q.partiql, or the statement alone as build's argument); in the DSL, write it as query TABLE key PARTITION = VALUE, or scan TABLE filter CONDITION`},
		{`INSERT INTO "my table" VALUE {'id': 'a91f'}`, "<arg>:1:1: error: this looks like PartiQL (INSERT), which dynexpr reads from a .partiql file (dynexpr build -f q.partiql, or the statement alone as build's argument); in the DSL, write it as put `my table` item {ATTR: VALUE, ...}"},
		{`UPDATE "Tickets" SET status = 'done' WHERE id = 'a91f'`, `<arg>:1:1: error: this looks like PartiQL (UPDATE), which dynexpr reads from a .partiql file (dynexpr build -f q.partiql, or the statement alone as build's argument); in the DSL, write it as update Tickets key PARTITION = VALUE set ATTR = VALUE`},
		{`update Tickets set status = 'done' where id = 'a91f'`, `<arg>:1:1: error: this looks like PartiQL (UPDATE), which dynexpr reads from a .partiql file (dynexpr build -f q.partiql, or the statement alone as build's argument); in the DSL, write it as update Tickets key PARTITION = VALUE set ATTR = VALUE`},
		{`delete from "Tickets" where id = 'a91f'`, `<arg>:1:1: error: this looks like PartiQL (DELETE), which dynexpr reads from a .partiql file (dynexpr build -f q.partiql, or the statement alone as build's argument); in the DSL, write it as delete Tickets key PARTITION = VALUE`},
		// A $parameter is a whole name: it does not join with text.
		{`scan $table-dev`, `<arg>:1:6: error: $table-dev: a $parameter stands for a whole table or index name, and the DSL does not join it with other text; write $table and bind it to the full name, like -p table=Users-dev`},
		{"transact get {\n  get $stage.Users key id = 1 }", `<arg>:2:7: error: $stage.Users: a $parameter stands for a whole table or index name, and the DSL does not join it with other text; write $stage and bind it to the full name, like -p stage=Users-dev`},
		{`query T key a = 1 INDEX $ix-v2`, `<arg>:1:25: error: $ix-v2: a $parameter stands for a whole table or index name, and the DSL does not join it with other text; write $ix and bind it to the full name, like -p ix=by-email-v2`},
		// Near misses: DSL mistakes keep their own messages.
		{`scan T filter a = $x-1`, `<arg>:1:21: error: unexpected "-"; expected and, or, a clause of scan (index, filter, select, limit, consistent, segment, after, capacity) or ";"`},
		{`get T key id = 1 select $x.y`, `<arg>:1:25: error: unexpected "$x"; expected attribute names, or count, all or projected`},
		{`update T1x key id == 1`, `<arg>:1:19: error: "==" is not an operator here: write "="`},
		{`update T1x key id = 1 set a = 1 where b = 2`, `<arg>:1:33: error: unexpected "where"; expected "," and another set action, a clause of update (key, set, remove, add, delete, if, return, return_on_failure, capacity, metrics) or ";"`},
		{`delete from key id = 1 returns old`, `<arg>:1:24: error: unexpected "returns"; expected and, or, a clause of delete (key, if, return, return_on_failure, capacity, metrics) or ";"`},
		{`select: query T1x key a = 1 filter`, `<arg>:1:35: error: unexpected end of input; expected a condition, like attr = "value" or attribute_exists(attr)`},
	}
	checkParseErrors(t, cases)
}

func TestNumberProblem(t *testing.T) {
	cases := map[string]string{
		"0": "", "-0.000": "", "12345678901234567890123456789012345678": "",
		"1234567890123456789012345678901234567.8":      "",
		"123456789012345678901234567890123456789":      "Attempting to store more than 38 significant digits in a Number",
		"1000000000000000000000000000000000000000000":  "",
		"9.9999999999999999999999999999999999999E+125": "",
		"1E+126":   "Number overflow. Attempting to store a number with magnitude larger than supported range",
		"1E-130":   "",
		"0.1E-130": "Number underflow. Attempting to store a number with magnitude smaller than supported range",
		"1E-131":   "Number underflow. Attempting to store a number with magnitude smaller than supported range",
		"abc":      "The parameter cannot be converted to a numeric value: abc",
		"1.2.3":    "The parameter cannot be converted to a numeric value: 1.2.3",
	}
	for in, want := range cases {
		if got := NumberProblem(in); got != want {
			t.Errorf("NumberProblem(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBind(t *testing.T) {
	f, err := Parse("<arg>", `update Tickets key id = $id set priority = $p, tags = $tags, note = $note if openedAt > $since`)
	if err != nil {
		t.Fatal(err)
	}
	st := f.Statements[0]
	typeOf := func(_, attr string) ValueType {
		if attr == "priority" {
			return TypeN
		}
		return ""
	}
	params := Params{
		"id":    {Text: "a91f", Source: "-p id"},
		"p":     {Text: "3", Source: "-p p"},
		"tags":  {Text: `["a", 1.50, {"k": null}]`, JSON: true, Source: "-p tags"},
		"note":  {Text: `12345678901234567890123456789012345678`, JSON: true, Source: "-p note"},
		"since": {Text: "2026", Source: "-p since"},
	}
	used := map[string]bool{}
	if err := Bind(st, params, typeOf, used); err != nil {
		t.Fatal(err)
	}
	if err := CheckUnused(params, used); err != nil {
		t.Fatal(err)
	}
	got := Format(st)
	want := "update Tickets key id = \"a91f\"\n  set priority = 3, tags = [\"a\", 1.50, {k: null}], note = 12345678901234567890123456789012345678\n  if openedAt > \"2026\""
	if got != want {
		t.Errorf("bound statement:\n got: %s\nwant: %s", got, want)
	}
	if st.Sets[0].Left.Value.FromParam != "p" {
		t.Errorf("FromParam lost")
	}

	f, _ = Parse("<arg>", `get T1x key id = $missing`)
	err = Bind(f.Statements[0], Params{}, nil, map[string]bool{})
	if err == nil || !strings.Contains(err.Error(), "<arg>:1:18: error: parameter $missing is not bound") {
		t.Errorf("unbound: %v", err)
	}
	err = CheckUnused(Params{"x": {Source: "-p x"}}, map[string]bool{})
	if err == nil || err.Error() != "-p x: error: parameter $x is given but no statement uses it: remove it, or write $x where the value goes" {
		t.Errorf("unused: %v", err)
	}
	f, _ = Parse("<arg>", `update Tickets key id = "x" set priority = $p`)
	err = Bind(f.Statements[0], Params{"p": {Text: "high", Source: "-p p"}}, typeOf, map[string]bool{})
	if err == nil || !strings.Contains(err.Error(), `"high" is not a number, and the schema types this attribute as N`) {
		t.Errorf("typed param: %v", err)
	}
}

func BenchmarkParse(b *testing.B) {
	src := `update Tickets key id = "77de" remove openBucket set status = "RESOLVED", resolvedAt = "2026-11-04T10:00:00Z" if attribute_exists(openBucket) return updated_new`
	if _, err := Parse("<arg>", src); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Parse("<arg>", src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLex(b *testing.B) {
	src := `update Tickets key id = "77de" remove openBucket set status = "RESOLVED", resolvedAt = "2026-11-04T10:00:00Z" if attribute_exists(openBucket) return updated_new`
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		l := newLexer("<arg>", src)
		for {
			tok, err := l.Next()
			if err != nil {
				b.Fatal(err)
			}
			if tok.Type == tokEOF {
				break
			}
		}
	}
}

// TestKindOfCommand: each kind with a command is found by it, and nothing
// else is a command.
func TestKindOfCommand(t *testing.T) {
	for k := KindQuery; k < kindEnd; k++ {
		got, ok := KindOfCommand(k.Command())
		if k.Command() == "" {
			if ok {
				t.Errorf("the empty command is %v", got)
			}
			continue
		}
		if !ok || got != k {
			t.Errorf("KindOfCommand(%q) = %v, %v; want %v", k.Command(), got, ok, k)
		}
	}
	for _, c := range []string{"condition-check", "get", "transact write", "Query"} {
		if k, ok := KindOfCommand(c); ok {
			t.Errorf("KindOfCommand(%q) = %v; want none", c, k)
		}
	}
}
