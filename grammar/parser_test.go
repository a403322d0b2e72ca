package grammar

import (
	"errors"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/google/go-cmp/cmp"
)

// agreeInputs are statements both parsers accept; each must give the same tree.
var agreeInputs = []string{
	// every statement kind, every clause
	`query Tickets key id = "a91f"`,
	`QUERY Tickets INDEX open-tickets-index KEY openBucket = "OPEN" ASC SELECT subject, priority`,
	`query T1x index by-x key a = 1 and b >= 2 filter c <> 3 select count desc limit 10 consistent after {a: 1, b: 2}`,
	`query T1x key a = 1 select all`,
	`query T1x key a = 1 select projected`,
	`query T1x key a = 1 select Count`,
	`query T1x key a = 1 after a = 1 and b = "x"`,
	`scan T1x`,
	`scan T1x segment 1 of 4 filter not (a = 1 or b <> 2) and c between -1 and 1.5e3 limit 5`,
	`scan my.table-name_v2 index idx.v1-x`,
	"scan `weird table` index `weird index`",
	`get T1x key id = 1`,
	`get T1x key id = 'a91f' select subject consistent`,
	`put T1x item {id: "x"} if attribute_not_exists(id) return old`,
	"put T1x item {id: \"x\", `a.b`: b\"SGVsbG8=\", l: [1, null, true], s: <<1, 2>>, m: {\"any name\": {}}} if attribute_not_exists(id) return old",
	`put T1x item {a: [], b: {}, c: <<>>, d: [[1], [2, [3]]], e: {f: {g: 'h'}}, 'single': $p}`,
	`update Tickets key id = $id remove openBucket set status = "RESOLVED"`,
	"update T1x key id = 1 set a = b - 1, c = if_not_exists(c, 0), `x.y`[2].z = list_append(l, [1]) add n 1 delete tags <<\"x\">>",
	`update T1x key id = 1 set a = -1, b = c -1, d = e + 2, f = -.5, g = 1e-3`,
	`update T1x key id = 1 set a = b+1`,
	`update T1x key id = 1 add n 1, m 2, s <<"a", "b">> delete t <<1>>, u <<b"AA==">>`,
	`update T1x key id = 1 remove a, b.c, d[0], e[1][2].f set x = y return updated_new`,
	`update T1x key id = 1 set a = 1 set b = 2 remove c remove d`,
	`delete T1x key id = 1 if a = 1 return old`,
	// add and delete of a negative number: "-" after a path is a minus sign
	`update T1x key a = 1 add m -2, n - 3 delete s <<1>>`,
	`delete T1x key id = 1 and sk = "x" if attribute_exists(id) and not contains(tags, "x")`,
	// labels and several statements, comments, a byte order mark
	"\ufeffa1: get T1x key id = 1; # after a byte order mark\nscan T1x",
	`lbl: query T1x key a = 1 and begins_with(b, "x") desc after {a: 1, b: "x"}`,
	"# a comment\nopen: query Tickets index open-tickets-index\n  key openBucket = \"OPEN\" and openedAt >= \"2026\"; scan Tickets limit 7 # trailing\n;",
	`query T1x key a = 1; scan T1x; get T1x key id = 2`,
	`;;query T1x key a = 1;;`,
	``,
	`;`,
	"  # only a comment\n",
	"query: query T1x key a = 1",
	"a1: get T1x key id = 1; b2: get T1x key id = 2;",
	"lbl\n: query T1x key a = 1",
	// operators, between, in, not, groups, functions
	`scan T1x filter a = 1 and b <> 2 and c < 3 and d <= 4 and e > 5 and f >= 6`,
	`scan T1x filter a between "a" and "z" or b in (1, 2, 3) or c in ("x")`,
	`scan T1x filter not not a = 1`,
	`scan T1x filter not (a = 1) and (b = 2 or (c = 3 and not d = 4))`,
	`scan T1x filter attribute_type(z, "SS") and size(y) >= 3 and contains(a.b[1], $x)`,
	`scan T1x filter f() and g(a, b, c, 1, "x", [1], {k: 1}, <<1>>, null, true, h(i))`,
	`scan T1x filter size(a) between size(b) and size(c)`,
	`scan T1x filter a in (b, c.d, e[0])`,
	`scan T1x filter a = b`,
	`scan T1x filter 1 = a`,
	`scan T1x filter "x" = a and [1] = b and {k: 1} = c and <<1>> = d and $p = e and null = f and false = g`,
	`scan T1x filter attribute_exists(a)`,
	`scan T1x filter a`,
	// keywords as attribute names, case variants, backticks
	"query T1x key `index` = 1 filter `and` = \"\\u00e9\\n\" index by-x",
	`query T1x key not = 1`,
	`query T1x key not`,
	`query T1x key not.x = 1`,
	`query T1x key and = 1`,
	`query T1x key key = 1 filter filter = 2 and select = 3 and limit = 4`,
	`scan T1x filter index = 1`,
	`scan T1x filter a = 1 and index = 2`,
	`scan T1x select index, key`,
	`scan T1x filter true(a) and null(b)`,
	`scan T1x filter TRUE = True and NULL = Null`,
	`Scan T1x Filter A = 1 AND B = 2 OR NOT C = 3 Limit 5 Consistent`,
	"scan T1x filter `a-b`.`c d`[3] = 1",
	"scan T1x filter a.`b`.c = 1",
	"update T1x key id = 1 remove `a.b`, `c`",
	// paths with steps, indexes, numbers
	`scan T1x filter a[0][1].b.c[2] = -1`,
	`scan T1x filter a[1.5] = 1`,
	`scan T1x filter a = 12345678901234567890123456789012345678`,
	`scan T1x filter a = -0.000 and b = .5 and c = 1E+10`,
	`update T1x key id = 1 add a ["x"]`,
	// index as attribute name vs clause
	`query T1x key a = 1 index x`,
	`query T1x key a = 1 and b = 2 index x-y.z`,
	`delete T1x key a = 1 return index index x`,
	`scan T1x consistent index x`,
	`scan T1x select count index x`,
	// after forms
	`scan T1x after {pk: "a", "sk": 1, ` + "`odd key`" + `: 2}`,
	`scan T1x after pk = "a"`,
	`scan T1x after {}`,
	// parameters and odd statements that parse (resolve reports them)
	`get T1x key id = $id select a, b.c, d[1]`,
	`put T1x item 1`,
	`scan T1x filter not`,
	`get T1x filter a = 1`,
	`update T1x key id = 1 return weird`,
	"put T1x item {a:1}\n;\nput T1x item {b:2}",
	// groups: every kind, head clauses, members of every kind (resolve
	// reports those a group does not take), empty members, labels,
	// braces of maps inside members
	`transact write { put T1x item {id: 1} if attribute_not_exists(id) return_on_failure old; update T1x key id = 2 set a = 1; delete T1x key id = 3; check T1x key id = 4 if a = 1 }`,
	`register: transact write token "req-7f3a" capacity indexes metrics { put Users item {pk: "U", put: {get: 1}} }`,
	`transact get capacity total { get T1x key id = 1 select a, b; get T2 key pk = "x" and sk = 2 }`,
	`batch get { get T1x key id = 1 select a consistent; get T1x key id = 2 select a consistent }`,
	`batch write metrics { put T1x item {id: 1}; delete T1x key id = 2; }`,
	`Transact Write{;put T1x item {id: 1};;check T1x key id = 1};scan T1x`,
	`batch get {}`,
	`batch write { query T1x key a = 1; update T1x key id = 1 set a = 1 }`,
	`transact write token $tok { put T1x item $item }`,
	`batch get { get T1x key id = 1 } ; transact get { get T1x key id = 1 }`,
	"transact write {\n  put `my table` item {a: 1} # comment\n  ;\n  delete x.y-z key a = 1\n}",
	`check T1x key id = 1 if a = 1`,
	`put T1x item {id: 1} capacity total metrics return_on_failure ALL_OLD`,
	`query T1x key a = 1 capacity INDEXES`,
	// participle's backtracking: "not" as a keyword or an attribute, calls
	// and paths, a path step or a list after add/delete
	`scan T1x filter not[5] = 1`,
	`scan T1x filter not [5]`,
	`scan T1x filter not.a between 1 and 2`,
	`scan T1x filter not in (1)`,
	`scan T1x filter not in`,
	`scan T1x filter not (a) or b`,
	`scan T1x filter not not`,
	`scan T1x filter not not not = 1`,
	`scan T1x filter ((a))`,
	`scan T1x filter f (1)`,
	`update T1x key id = 1 delete a [b"AA=="]`,
	`update T1x key id = 1 delete a.b[0] <<1>>`,
	`update T1x key id = 1 add a[0] 1`,
	`update T1x key id = 1 set a = b[0] + c[1], d = [1] + [2], e = true, f = null`,
	`update T1x key id = 1 set a = if_not_exists(a, 0) + 1`,
	`scan T1x after {a: 1, b: {c: 2}}`,
	`scan T1x after a = {b: 1}`,
	`scan T1x select counts`,
	`query T1x key a = 1 index x index y`,
	`query index index index key a = 1`,
	`query index key key = 1`,
	`get key key key = 1`,
	`put T item {}`,
	`put T item <<>>`,
	`scan T filter a = $b and $c = d and e <> b"AA==" and f < -1.5e-3`,
	`scan T segment 0 of 1 segment 1 of 2`,
	// table and index names as $parameters, bound by Bind; a backticked
	// `$t` is a name
	`query $table index $idx key pk = $pk select email`,
	`users: get $Users_1 key id = $Users_1`,
	`query T1x key a = 1 index $i`,
	"scan `$t` index `$i`",
	`transact write { put $t item {id: 1}; check $t2 key id = 1 if a = 1; delete T1x key id = $t }`,
	`batch get { get $users key pk = "x" select a; get $users key pk = "y" select a }`,
	`scan $index index $index`,
}

// failInputs are inputs both parsers must refuse.
var failInputs = []string{
	`frobnicate T1x`,
	`transact`,
	`transact read { get T1x key id = 1 }`,
	`batch write`,
	`batch write put T1x item {id: 1}`,
	`batch write { put T1x item {id: 1}`,
	`batch write { put T1x item {id: 1} put T1x item {id: 2} }`,
	`batch write { frob T1x }`,
	`batch get { get T1x key id = 1 } }`,
	`transact write { transact write { put T1x item {id: 1} } }`,
	`transact write token { put T1x item {id: 1} }`,
	`lbl: transact write { a: put T1x item {id: 1} }`,
	"get \ufeffT1x",
	"\ufeff\ufeffscan T1x",
	`query`,
	`query T1x key`,
	`query T1x key a =`,
	`query T1x key a = 1 and`,
	`query T1x key a between 1`,
	`query T1x key a between 1 and`,
	`query T1x key a in (1, 2`,
	`query T1x key a in 1`,
	`query T1x key a = 1 filter`,
	`query T1x key a = 1 select`,
	`query T1x key a = 1 limit x`,
	`query T1x key a = 1 foo`,
	`query T1x key a = 1 )`,
	`update T1x key a = 1 set`,
	`update T1x key a = 1 set a`,
	`update T1x key a = 1 set a = 1 +`,
	`update T1x key a = 1 set a = 1,`,
	`update T1x key a = 1 add a`,
	`update T1x key a = 1 add a b`,
	`update T1x key a = 1 add a [1]`,
	`put T1x item {a 1}`,
	`put T1x item {a: 1 b: 2}`,
	`put T1x item {a: 1,}`,
	`put T1x item [1 2]`,
	`put T1x item [1,]`,
	`put T1x item <<1 2>>`,
	`query T1x key a.`,
	`query T1x key a[`,
	`query T1x key a[1`,
	`query T1x key a[x]`,
	`query T1x key f(a`,
	`query T1x key f(a,`,
	`query T1x key f(a b)`,
	`scan T1x segment 1`,
	`scan T1x segment 1 of`,
	`scan T1x segment x`,
	`get T1x key a = 1 return`,
	`lbl:`,
	`lbl query T1x`,
	`query T1x key (a = 1`,
	`query T1x key (a`,
	`query T1x key not (a`,
	`query T1x key a = 1 after`,
	`query T1x key a = 1 after {a`,
	`query T1x index`,
	`query T1x index 1 2`,
	`get`,
	`get T1x key a = 1 a = 2`,
	`query T1x key a = 1 b`,
	`query T1x key null.x = 1`,
	`query T1x key not[1].x = 1`,
	`query T1x key not(a) = 1`,
	`scan T1x select count, a`,
	`scan T1x after {a: 1} = 1`,
	`query T1x key a == 1`,
	`query T1x key a = 1 @`,
	"query T1x key `a = 1",
	`query T1x key a = "\q"`,
	`put T1x item {a: b"!!"}`,
	`query T1x key a = 1e`,
	`query T1x key a = 1; 5`,
	`query T1x key a = 1 scan T1x`,
	`lbl: 5`,
	`query T1x key a = 1; lbl`,
	`5`,
	`"x"`,
	`query T1x key a <=> 1`,
	`query T1x key a << 1`,
	`scan T1x filter a = 1 or`,
	`query T1x limit x1`,
	`update T1x key a = 1 add m - x`,
	`scan T1x filter (`,
	`scan T1x filter ()`,
	`scan T1x index index index`,
	`update T1x key a = 1 set a = b - `,
	`query T1x key a = 1 index INDEX x`,
	`put T1x item {a: 1}} `,
	`scan T1x filter not between 1 and 2`,
	`scan T1x filter (a = 1) = 2`,
	`scan T1x filter f(1, 2, 3, 4 x) = 1`,
	`scan T1x filter f(1 x) = 1`,
	`update T1x key id = 1 add a [1] b`,
	`update T1x key id = 1 add a ["x"], b [1]`,
	`scan T1x after {a: 1}, b`,
	`scan T1x after {a: 1} and b = 2`,
	`scan T1x after {a: 1`,
	`scan T1x select count.x`,
	`get T1x key id = 1 select all, a`,
	`query T key a in ()`,
	`query T key a in (1,)`,
	`x: y: query T key a = 1`,
	"put T1x item {a: 1, b: 2, c: 3, d: 4, e: [5, 6, 7], f: {g: 8}, h: \"x}",
	"put T1x item {a: 1, b: 2, c: 3, d: 4, e: [5, 6, 7], f: {g: 8}, h: 9 i: 10}",
	`scan $t-dev`,
	`get $t.x key id = 1`,
	`query $ key a = 1`,
	`scan T index $i-x`,
	`transact write $t { put T1x item {id: 1} }`,
}

func TestFastMatchesParticiple(t *testing.T) {
	if len(agreeInputs) < 60 {
		t.Fatalf("only %d inputs", len(agreeInputs))
	}
	for _, in := range agreeInputs {
		fast, ferr := parseFast("<arg>", in)
		slow, perr := parseParticiple("<arg>", in)
		if perr != nil {
			t.Errorf("participle refuses %q: %v", in, perr)
			continue
		}
		if ferr != nil {
			t.Errorf("parseFast refuses %q: %v", in, ferr)
			continue
		}
		if d := cmp.Diff(slow, fast); d != "" {
			t.Errorf("trees differ for %q (-participle +fast):\n%s", in, d)
		}
	}
	for _, in := range failInputs {
		fast, ferr := parseFast("<arg>", in)
		_, perr := parseParticiple("<arg>", in)
		if perr == nil {
			t.Errorf("participle accepts %q", in)
		}
		if ferr == nil {
			t.Errorf("parseFast accepts %q: %d statements", in, len(fast.Statements))
			continue
		}
		if err := sameLexError(ferr, perr); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}

// sameLexError checks that a lexical error is reported the same by both: as
// the lexer's *LexError by parseFast, converted by parseParticiple.
func sameLexError(fast, slow error) error {
	var le *LexError
	if errors.As(fast, &le) {
		want := (&diag.Error{Pos: le.Pos, Msg: le.Msg}).Error()
		if slow == nil || slow.Error() != want {
			return errors.New("lexical error " + want + ", participle says " + errString(slow))
		}
		return nil
	}
	var de *diag.Error
	if !errors.As(fast, &de) {
		return errors.New("parseFast error is neither *LexError nor *diag.Error: " + fast.Error())
	}
	if slow != nil && isLexMessage(slow) {
		return errors.New("participle reports a lexical error " + slow.Error() + ", parseFast " + fast.Error())
	}
	return nil
}

func errString(err error) string {
	if err == nil {
		return "nothing"
	}
	return err.Error()
}

// isLexMessage tells the lexer's messages from participle's, which all start
// "unexpected" once converted.
func isLexMessage(err error) bool {
	msg := err.Error()
	if i := strings.Index(msg, ": error: "); i >= 0 {
		msg = msg[i+len(": error: "):]
	}
	return !strings.HasPrefix(msg, "unexpected ") || strings.HasPrefix(msg, "unexpected character ")
}

// TestFastErrors checks the syntax messages of the fast parser.
func TestFastErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{`query T1x key a = 1 filter`, `<arg>:1:27: error: unexpected end of input; expected a condition, like attr = "value" or attribute_exists(attr)`},
		{`frobnicate T1x`, `<arg>:1:1: error: unexpected "frobnicate"; expected a statement: query, scan, get, put, update, delete, transact or batch (a label is written frobnicate: query ...)`},
		{`query T1x key a = 1; lbl query T1x`, `<arg>:1:22: error: unexpected "lbl"; expected a statement: query, scan, get, put, update, delete, transact or batch (a label is written lbl: query ...)`},
		{`lbl: frob T1x`, `<arg>:1:6: error: unexpected "frob"; expected a statement: query, scan, get, put, update, delete, transact or batch`},
		{`query`, `<arg>:1:6: error: unexpected end of input; expected a table name (bare, like my-table.v2, or in backticks)`},
		{`query T1x key a =`, `<arg>:1:18: error: unexpected end of input; expected a value ("text", 42, true, null, [..], {..}, <<..>>, $param) or an attribute name`},
		{`query T1x key a = 1 foo`, `<arg>:1:21: error: unexpected "foo"; expected and, or, a clause of query (index, key, filter, select, asc, desc, limit, consistent, after, capacity) or ";"`},
		{`update T1x key a = 1 set b = 2 c = 3`, `<arg>:1:32: error: unexpected "c"; expected "," and another set action, a clause of update (key, set, remove, add, delete, if, return, return_on_failure, capacity, metrics) or ";"`},
		{`get T1x key a = 1 consistent x`, `<arg>:1:30: error: unexpected "x"; expected a clause of get (key, select, consistent, capacity) or ";"`},
		{`query T1x key a between 1 2`, `<arg>:1:27: error: unexpected "2"; expected "and" and the upper bound, like between 1 and 9`},
		{`query T1x key a in 1`, `<arg>:1:20: error: unexpected "1"; expected "(" and a list, like in ("a", "b")`},
		{`query T1x key a in (1, 2`, `<arg>:1:25: error: unexpected end of input; expected "," or ")"`},
		{`query T1x key (a = 1`, `<arg>:1:21: error: unexpected end of input; expected ")"`},
		{`query T1x key a = 1 limit x`, `<arg>:1:27: error: unexpected "x"; expected a whole number, like limit 25`},
		{`scan T1x segment 1 x`, `<arg>:1:20: error: unexpected "x"; expected "of" and the number of segments, like segment 0 of 4`},
		{`update T1x key a = 1 set b`, `<arg>:1:27: error: unexpected end of input; expected "=" and the new value, like set status = "done"`},
		{`update T1x key a = 1 add b c`, `<arg>:1:28: error: unexpected "c"; expected the value to add: a number, or a set like <<"x">>`},
		// A list of one number after add or delete reads as an index: the
		// message says so, and what to write.
		{`update T1x key a = 1 add b [1]`, `<arg>:1:28: error: "add b [1]" reads as the path b[1], an element of the list b, with no value after it: add takes a number or a set (add b 1, add b <<1>>, add b <<"x">>), not a list; to append 1 to the list b, write set b = list_append(b, [1])`},
		{"update T1x key a = 1 add c 2, x.`y-z` [3] set d = 1", "<arg>:1:39: error: \"add x.`y-z` [3]\" reads as the path x.`y-z`[3], an element of the list x.`y-z`, with no value after it: add takes a number or a set (add x.`y-z` 1, add x.`y-z` <<1>>, add x.`y-z` <<\"x\">>), not a list; to append 3 to the list x.`y-z`, write set x.`y-z` = list_append(x.`y-z`, [3])"},
		{`update T1x key a = 1 delete b [1]`, `<arg>:1:31: error: "delete b [1]" reads as the path b[1], an element of the list b, with no value after it: delete takes a set, the elements to take out of a set (delete b <<1>>), not a list; to remove the element b[1] of the list, write remove b[1]`},
		{`update T1x key a = 1 add b[1]`, `<arg>:1:30: error: unexpected end of input; expected the value to add: a number, or a set like <<"x">>`},
		{`update T1x key a = 1 set b = 1,`, `<arg>:1:32: error: unexpected end of input; expected an assignment, like set status = "done"`},
		{`put T1x item {a 1}`, `<arg>:1:17: error: unexpected "1"; expected ":" and a value, like name: value`},
		{`put T1x item {a: 1 b: 2}`, `<arg>:1:20: error: unexpected "b"; expected "," or "}"`},
		{`put T1x item {a: 1,}`, `<arg>:1:20: error: unexpected "}"; expected a map entry, like name: value`},
		{`put T1x item [1 2]`, `<arg>:1:17: error: unexpected "2"; expected "," or "]"`},
		{`put T1x item`, `<arg>:1:13: error: unexpected end of input; expected the item as a map, like item {id: "a91f", subject: "printer"}`},
		{`query T1x key a[x] = 1`, `<arg>:1:17: error: unexpected "x"; expected a list index, like [2]`},
		{`query T1x key a. = 1`, "<arg>:1:18: error: unexpected \"=\"; expected an attribute name (bare, or in backticks: `my-name`)"},
		{`query T1x key f(a b)`, `<arg>:1:19: error: unexpected "b"; expected "," or ")"`},
		{`query T1x index`, `<arg>:1:16: error: unexpected end of input; expected an index name, like index open-tickets-index`},
		{`update T1x key a = 1 return`, `<arg>:1:28: error: unexpected end of input; expected what to return: none, old, new, updated_old or updated_new`},
		{`query T1x key a = 1 select`, `<arg>:1:27: error: unexpected end of input; expected attribute names, or count, all or projected`},
		{`query T1x key a = 1 after`, `<arg>:1:26: error: unexpected end of input; expected the key to start after: a map like {id: "a91f"}, or id = "a91f"`},
		// a lexical error anywhere wins, as it did with participle, which lexes first
		{`query T1x key a = = 1 @`, `<arg>:1:23: error: unexpected character '@': attribute names with such characters go in backticks, like ` + "`my-name`"},
		{"scan T filter " + strings.Repeat("(", 2000), "<arg>:1:1015: error: too deeply nested: more than 1000 levels of parentheses, brackets or calls"},
	}
	checkParseErrors(t, cases)
}

// FuzzParsersAgree checks parseFast against participle: for any input, both
// fail, or both succeed with the same tree; a lexical error is the same error.
func FuzzParsersAgree(f *testing.F) {
	for _, s := range agreeInputs {
		f.Add(s)
	}
	for _, s := range failInputs {
		f.Add(s)
	}
	addExamples(f)
	f.Fuzz(func(t *testing.T, src string) {
		fast, ferr := parseFast("<fuzz>", src)
		slow, perr := parseParticiple("<fuzz>", src)
		switch {
		case ferr == nil && perr != nil:
			t.Fatalf("parseFast accepts %q, participle says %v", src, perr)
		case ferr != nil && perr == nil:
			t.Fatalf("participle accepts %q, parseFast says %v", src, ferr)
		case ferr != nil:
			if err := sameLexError(ferr, perr); err != nil {
				t.Fatalf("%q: %v", src, err)
			}
		default:
			if d := cmp.Diff(slow, fast); d != "" {
				t.Fatalf("trees differ for %q (-participle +fast):\n%s", src, d)
			}
		}
	})
}

func BenchmarkParseParticiple(b *testing.B) {
	src := `update Tickets key id = "77de" remove openBucket set status = "RESOLVED", resolvedAt = "2026-11-04T10:00:00Z" if attribute_exists(openBucket) return updated_new`
	parse := func() error {
		f, err := parseParticiple("<arg>", src)
		if err != nil {
			return err
		}
		for _, st := range f.Statements {
			if errs := resolveStatement(st, src); len(errs) > 0 {
				return errs
			}
		}
		return nil
	}
	if err := parse(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := parse(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseFastOnly is the parser alone, without resolve.
func BenchmarkParseFastOnly(b *testing.B) {
	src := `update Tickets key id = "77de" remove openBucket set status = "RESOLVED", resolvedAt = "2026-11-04T10:00:00Z" if attribute_exists(openBucket) return updated_new`
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := parseFast("<arg>", src); err != nil {
			b.Fatal(err)
		}
	}
}
