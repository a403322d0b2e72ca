package appcode

import (
	"bytes"
	"fmt"
	"github.com/dynexpr/dynexpr/validate"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// firstValue is the value of the first member of the first site a reader
// finds in src.
func firstValue(t *testing.T, lang Lang, src string) Value {
	t.Helper()
	r := Read(lang, []byte(src))
	checkInvariants(t, []byte(src), r)
	if len(r.Sites) == 0 || len(r.Sites[0].Members) == 0 {
		t.Fatalf("no member found in %q", src)
	}
	return r.Sites[0].Members[0].Value
}

// TestStringLiterals decodes each language's literals: the text, and for
// each byte of it the byte of the file it comes from (an escape's bytes
// come from its backslash on), then the byte the last offset is at (the
// closing quote).
func TestStringLiterals(t *testing.T) {
	for _, c := range []struct {
		name     string
		lang     Lang
		src      string
		text     string
		from     string // the file's bytes at Offsets[:len(Text)]
		endsAt   byte   // the file's byte at the last offset
		startsAt byte   // the file's byte at Value.Start
	}{
		{"python escapes", Python, `t.query(KeyConditionExpression="a\tb\u00e9")`, "a\tbé", `a\b\u`, '"', '"'},
		{"python raw", Python, `t.query(KeyConditionExpression=r"\d\"")`, `\d\"`, `\d\"`, '"', 'r'},
		{"python triple with CRLF", Python, "t.query(KeyConditionExpression=\"\"\"a\r\nb\"\"\")", "a\nb", "a\rb", '"', '"'},
		{"python line continuation", Python, "t.query(KeyConditionExpression=\"a\\\nb\")", "ab", "ab", '"', '"'},
		{"python implicit concatenation", Python, "t.query(KeyConditionExpression=(\"#a = :a\"\n   ' AND b'))", "#a = :a AND b", "#a = :a AND b", '\'', '"'},
		{"python octal and hex", Python, `t.query(KeyConditionExpression="\101\x42")`, "AB", `\\`, '"', '"'},
		{"python unknown escape kept", Python, `t.query(KeyConditionExpression="a\qb")`, `a\qb`, `a\qb`, '"', '"'},
		{"javascript code point", JavaScript, `x({KeyConditionExpression: "\u{1F600}x"})`, "\U0001F600x", `\u{1x`, '"', '"'},
		{"javascript surrogate pair", JavaScript, `x({KeyConditionExpression: '\uD83D\uDE00'})`, "\U0001F600", `\uD8`, '\'', '\''},
		{"javascript template", JavaScript, "x({KeyConditionExpression: `a\\`b\r\nc`})", "a`b\nc", "a\\b\rc", '`', '`'},
		{"javascript string key", JavaScript, `x({"KeyConditionExpression": "a = :a"})`, "a = :a", "a = :a", '"', '"'},
		{"java escapes", Java, `QueryRequest.builder().keyConditionExpression("a\"b\u0041\101\s");`, `a"bAA `, `a\b\\\`, '"', '"'},
		{"java text block", Java, "QueryRequest.builder().filterExpression(\"\"\"\n    a \\\n    b\\s\n    \"\"\");", "a b \n", "a b\\\n", '"', '"'},
		{"java text block closing on the last line", Java, "QueryRequest.builder().filterExpression(\"\"\"\n      a = :a\n    AND b\"\"\");", "  a = :a\nAND b", "  a = :a\nAND b", '"', '"'},
		{"kotlin escapes", Kotlin, "QueryRequest { keyConditionExpression = \"a\\$b\\t\" }", "a$b\t", `a\b\`, '"', '"'},
		{"kotlin raw trimIndent", Kotlin, "QueryRequest { keyConditionExpression = \"\"\"\n        a = :a\n          AND b\n    \"\"\".trimIndent() }", "a = :a\n  AND b", "a = :a\n  AND b", '"', '"'},
		{"kotlin raw keeps backslashes", Kotlin, "QueryRequest { keyConditionExpression = \"\"\"a\\tb\"\"\"\" }", "a\\tb\"", "a\\tb\"", '"', '"'},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := firstValue(t, c.lang, c.src)
			if v.Kind != String {
				t.Fatalf("value is %s (%s), want a string", dumpValue(v), v.Why)
			}
			if v.Text != c.text {
				t.Errorf("text %q, want %q", v.Text, c.text)
			}
			var from []byte
			for _, o := range v.Offsets[:len(v.Text)] {
				from = append(from, c.src[o])
			}
			if string(from) != c.from {
				t.Errorf("text comes from %q, want %q (offsets %v)", from, c.from, v.Offsets)
			}
			if end := c.src[v.Offsets[len(v.Text)]]; end != c.endsAt {
				t.Errorf("last offset at %q, want %q", end, c.endsAt)
			}
			if c.src[v.Start] != c.startsAt || v.End > len(c.src) {
				t.Errorf("value at [%d,%d) starting %q, want it to start at %q", v.Start, v.End, c.src[v.Start], c.startsAt)
			}
		})
	}
}

// TestOpaqueValues: what the code computes is opaque, and says what it is.
func TestOpaqueValues(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		src  string
		why  string
	}{
		{Python, `t.query(KeyConditionExpression=f"{k} = :v")`, "an f-string"},
		{Python, `t.query(KeyConditionExpression=f"{d['x']} = :v")`, "an f-string"},
		{Python, `t.query(KeyConditionExpression="a = :a" "b" f"{x}")`, "an f-string"},
		{Python, `t.query(KeyConditionExpression=b"a = :a")`, "a bytes literal"},
		{Python, `t.query(KeyConditionExpression="%s = :v" % k)`, "a formatted string"},
		{Python, `t.query(KeyConditionExpression="{} = :v".format(k))`, "a formatted string"},
		{Python, `t.query(KeyConditionExpression="a = :a" if x else "b = :b")`, "a conditional"},
		{Python, `t.query(KeyConditionExpression="\N{BULLET} = :v")`, `a \N{...} escape`},
		{Python, "t.query(KeyConditionExpression=\"a = :a\n)", "an unterminated string"},
		{JavaScript, "x({KeyConditionExpression: `${k} = :v`})", "an interpolated template"},
		{JavaScript, "x({KeyConditionExpression: String.raw`a = :a`})", "a tagged template"},
		{JavaScript, `x({KeyConditionExpression: ["a", "b"].join(" AND ")})`, "a call"},
		{JavaScript, `x({KeyConditionExpression: cond ? "a = :a" : "b = :b"})`, "a conditional"},
		{Java, `QueryRequest.builder().keyConditionExpression("a = " + v);`, "a concatenation"},
		{Java, `QueryRequest.builder().keyConditionExpression("a = " + ":a" + v);`, "a concatenation"},
		{Python, "K = 'a = :a'\nK = 'b = :b'\nt.query(KeyConditionExpression=K)", "a variable"},
		{Python, "def f(K):\n    t.query(KeyConditionExpression=K)\nK = 'a = :a'", "a variable"},
		{Python, "def f():\n    K = 'a = :a'\ndef g():\n    t.query(KeyConditionExpression=K)", "a variable"},
		{Python, "class C:\n    K = 'a = :a'\n    def f(self):\n        t.query(KeyConditionExpression=K)", "a variable"},
		{Python, "for K in ks:\n    pass\nK = 'a = :a'\nt.query(KeyConditionExpression=K)", "a variable"},
		{Python, "from m import K\nK = 'a = :a'\nt.query(KeyConditionExpression=K)", "a variable"},
		{Python, "K = 'a = :a'\nK += ' AND b = :b'\nt.query(KeyConditionExpression=K)", "a variable"},
		{Python, "K, J = 'a = :a', 'b'\nt.query(KeyConditionExpression=K)", "a variable"},
		{Python, "K = 'a = :a'\nf = lambda K: t.query(KeyConditionExpression=K)", "a variable"},
		{Python, "K = 'a = :a'\nwith open(p) as K:\n    t.query(KeyConditionExpression=K)", "a variable"},
		{Python, "K = 'a = :a'\ndef f():\n    global K\n    K = 'b'\nt.query(KeyConditionExpression=K)", "a variable"},
		{Python, "def f():\n    K = 'a = :a'\n    def g(K):\n        t.query(KeyConditionExpression=K)", "a variable"},
		{JavaScript, "let k = 'a = :a'; k = 'b = :b'; x({KeyConditionExpression: k})", "a variable"},
		{JavaScript, "const k = 'a = :a'; function f(k) { x({KeyConditionExpression: k}) }", "a variable"},
		{JavaScript, "function f() { const k = 'a = :a' } x({KeyConditionExpression: k})", "a variable"},
		{JavaScript, "const { k } = o; const k2 = 'a'; x({KeyConditionExpression: k})", "a variable"},
		{JavaScript, "xs.map(k => x({KeyConditionExpression: k})); const k = 'a = :a'", "a variable"},
		{Java, `class A { String K = "a = :a"; void f() { QueryRequest.builder().keyConditionExpression(K); } }`, "a variable"},
		{Kotlin, "class A { var k = \"a = :a\"\n fun f() { QueryRequest { keyConditionExpression = k } } }", "a variable"},
		{Java, `QueryRequest.builder().keyConditionExpression(KEY);`, "a variable"},
		{Java, `QueryRequest.builder().keyConditionExpression(String.format("%s = :v", k));`, "a call"},
		{Kotlin, `QueryRequest { keyConditionExpression = "$k = :v" }`, "a string template"},
		{Kotlin, `QueryRequest { keyConditionExpression = "${k.name} = :v" }`, "a string template"},
		{Kotlin, `QueryRequest { keyConditionExpression = """a = :a""".trimMargin() }`, "a call"},
	} {
		v := firstValue(t, c.lang, c.src)
		if v.Kind != Opaque || v.Why != c.why {
			t.Errorf("%s: %s: got %s, want opaque(%s)", c.lang, c.src, dumpValue(v), c.why)
		}
	}
}

// TestBoundNames reads a name bound once, in scope, as its literal, and a
// concatenation of literals as the string it makes.
func TestBoundNames(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		src  string
		want string
	}{
		{Python, "K = 'a = :a'\ndef f():\n    t.query(KeyConditionExpression=K)", `"a = :a"`},
		{Python, "def f():\n    k = 'a = :a'\n    t.query(KeyConditionExpression=k)", `"a = :a"`},
		{Python, "P = 'pk'\nt.query(KeyConditionExpression=P + ' = :a')", `"pk = :a"`},
		{Python, "class C:\n    K = 'a = :a'\n    t.query(KeyConditionExpression=K)", `"a = :a"`},
		{Python, "K: str = 'a = :a'\nt.query(KeyConditionExpression=K)", `"a = :a"`},
		{JavaScript, "const k = 'a = :a'; x({KeyConditionExpression: k})", `"a = :a"`},
		{JavaScript, "const KeyConditionExpression = 'a = :a'; x({KeyConditionExpression})", `"a = :a"`},
		{JavaScript, "x({KeyConditionExpression: 'a = :a ' + 'AND b = :b'})", `"a = :a AND b = :b"`},
		{Java, `class A { static final String K = "a = :a"; void f() { QueryRequest.builder().keyConditionExpression(K); } }`, `"a = :a"`},
		{Java, `class A { void f() { String k = "a = :a"; QueryRequest.builder().keyConditionExpression(k); } }`, `"a = :a"`},
		{Java, `class A { static final String V = "v"; void f() { QueryRequest.builder().keyConditionExpression("attribute_not_exists(" + A.V + ")"); } }`, `"attribute_not_exists(v)"`},
		{Kotlin, "const val K = \"a = :a\"\nfun f() = QueryRequest { keyConditionExpression = K }", `"a = :a"`},
	} {
		v := firstValue(t, c.lang, c.src)
		if got := dumpValue(v); got != c.want {
			t.Errorf("%s: %q: got %s, want %s", c.lang, c.src, got, c.want)
		}
	}
}

// TestDirectives reads dynexpr: comments in each comment syntax, telling
// a comment that ends a line of code from one on a line of its own.
func TestDirectives(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		src  string
		want string
	}{
		{Python, "# dynexpr:table Tickets\nt.query(KeyConditionExpression='a = :a')  # dynexpr:ignore reserved-word -- fine\n",
			"site 2:1 query unknown\n  KeyConditionExpression 2:9 = \"a = :a\"\n" +
				"directive 1:1 line 1 table \"Tickets\" trailing=false\ndirective 2:43 line 2 ignore \"reserved-word -- fine\" trailing=true\n"},
		{Python, "s = '# dynexpr:table Tickets'\n", ""},
		{JavaScript, "/* dynexpr:table Tickets */\nx(); // dynexpr:ignore r -- why\n",
			"directive 1:1 line 1 table \"Tickets\" trailing=false\ndirective 2:6 line 2 ignore \"r -- why\" trailing=true\n"},
		{JavaScript, "const s = `${/* dynexpr:table T */ x}`;\n", ""},
		{Java, "/**\n * dynexpr:table Tickets\n */\n", ""},
		{Kotlin, "/* outer /* dynexpr:table T */ */\n// dynexpr:table Tickets\n",
			"directive 2:1 line 2 table \"Tickets\" trailing=false\n"},
	} {
		src := []byte(c.src)
		if got := dump(src, Read(c.lang, src)); got != c.want {
			t.Errorf("%s: %q:\ngot:\n%s\nwant:\n%s", c.lang, c.src, got, c.want)
		}
	}
}

// TestBoundedWork reads inputs built to be slow — brackets nested a
// hundred thousand deep, a long file of members, unterminated strings and
// comments — within a time that only linear work meets.
func TestBoundedWork(t *testing.T) {
	deep := func(open, close, member string) []byte {
		var b bytes.Buffer
		b.WriteString(member)
		for i := 0; i < 20000; i++ {
			b.WriteString(open)
		}
		for i := 0; i < 20000; i++ {
			b.WriteString(close)
		}
		return b.Bytes()
	}
	// chain binds each name to the one before it twice, and uses the last:
	// read naively, the last is 2^n reads of the first.
	chain := func(def, use string) []byte {
		var b bytes.Buffer
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(def, "a%d + a%d", "'x'"), "%d", "0"))
		for i := 1; i < 3000; i++ {
			fmt.Fprintf(&b, def, i, i-1, i-1)
		}
		fmt.Fprintf(&b, use, 2999)
		return b.Bytes()
	}
	inputs := map[string]struct {
		lang Lang
		src  []byte
	}{
		"python nested":      {Python, deep("[", "]", "t.query(KeyConditionExpression=\"a\", Key=")},
		"javascript nested":  {JavaScript, deep("{a:", "}", "x({KeyConditionExpression: \"a\", Key: ")},
		"java nested":        {Java, deep("Map.of(\"a\",", ")", "QueryRequest.builder().keyConditionExpression(\"a\").key(")},
		"kotlin nested":      {Kotlin, deep("mapOf(\"a\" to ", ")", "QueryRequest { keyConditionExpression = \"a\"\n key = ")},
		"python unclosed":    {Python, bytes.Repeat([]byte("t.query(KeyConditionExpression=(\"a\", "), 4000)},
		"javascript members": {JavaScript, append([]byte("x({"), bytes.Repeat([]byte("KeyConditionExpression: `a`, FilterExpression: {"), 4000)...)},
		"java chain":         {Java, bytes.Repeat([]byte(".keyConditionExpression(\"a\")"), 10000)},
		"kotlin templates":   {Kotlin, bytes.Repeat([]byte("\"${\"${"), 4000)},
		"python f-strings":   {Python, bytes.Repeat([]byte("f'{f\"{"), 4000)},
		"python names":       {Python, bytes.Repeat([]byte("def f():\n    params = {\"KeyConditionExpression\": K}\n    t.query(**params)\nK = 'a'\n"), 3000)},
		"python self":        {Python, append([]byte("class C:\n"), bytes.Repeat([]byte("    def f(self):\n        self.t = x.Table('T')\n        self.t.query(KeyConditionExpression='a')\n"), 3000)...)},
		"javascript chain":   {JavaScript, chain("const a%d = a%d + a%d;\n", "x({KeyConditionExpression: a%d});\n")},
		"kotlin chain":       {Kotlin, chain("val a%d = a%d + a%d\n", "QueryRequest { keyConditionExpression = a%d }\n")},
	}
	// The reference: as many bytes of plain members, read in the same
	// run (the machine may be shared). Reading a value costs at most
	// maxDepth visits of each token, so a nested input may cost that many
	// times more, and a quadratic one would cost thousands.
	plain := map[Lang][]byte{
		Python:     []byte(`t.query(KeyConditionExpression="a = :a", Limit=1)` + "\n"),
		JavaScript: []byte(`x({ KeyConditionExpression: "a = :a", Limit: 1 });` + "\n"),
		Java:       []byte(`QueryRequest.builder().keyConditionExpression("a = :a").limit(1);` + "\n"),
		Kotlin:     []byte(`QueryRequest { keyConditionExpression = "a = :a"; limit = 1 }` + "\n"),
	}
	for name, in := range inputs {
		ref := bytes.Repeat(plain[in.lang], len(in.src)/len(plain[in.lang])+1)
		start := time.Now()
		Read(in.lang, ref)
		base := time.Since(start)
		start = time.Now()
		r := Read(in.lang, in.src)
		d := time.Since(start)
		checkInvariants(t, in.src, r)
		t.Logf("%s: %d bytes in %v (plain members: %v)", name, len(in.src), d, base)
		if d > 4*maxDepth*base+100*time.Millisecond {
			t.Errorf("%s: %d bytes read in %v, against %v for plain members", name, len(in.src), d, base)
		}
	}
}

// fuzzRead is each reader's fuzz target: no panic, and the invariants of
// checkInvariants on whatever the input.
func fuzzRead(f *testing.F, lang Lang, ext string) {
	// Seeds of what the binder reads: names bound once and twice, in
	// nested scopes, a literal passed later with members set after it.
	for _, seed := range bindSeeds[lang] {
		f.Add([]byte(seed))
	}
	names, _ := filepath.Glob("testdata/read/*" + ext)
	for _, name := range names {
		if src, err := os.ReadFile(name); err == nil && !strings.HasSuffix(name, ".want") {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		r := Read(lang, src)
		checkInvariants(t, src, r)
		// Every site reads back as request JSON, and every finding on it
		// points inside the file.
		s := NewSource("f"+ext, src)
		for _, site := range r.Sites {
			req, err := Convert(s, site, r.Directives)
			if err != nil {
				t.Fatalf("a site does not read back: %v", err)
			}
			for _, fd := range validate.CheckRequest(req.Request, nil, &validate.Config{}) {
				if p := req.Pos(fd.Pos); p.Offset < 0 || p.Offset > len(src) || p.Line < 1 {
					t.Fatalf("finding outside the file: %v", p)
				}
			}
		}
	})
}

var bindSeeds = map[Lang][]string{
	Python: {"K = 'a = :a'\nclass C:\n    T = 'x'\n    def __init__(self):\n        self.t = r.Table('T')\n    def f(self, k):\n        p = {'KeyConditionExpression': K + ' AND b = :b', 'Key': {k: 1}}\n        p['FilterExpression'] = 'c = :c'\n        return self.t.query(**p)\n",
		"def f():\n    global K\n    K = 'x'\n    for a, b in c:\n        t.query(KeyConditionExpression=K)\n"},
	JavaScript: {"const K = 'a = :a';\nfunction f(k) {\n  const p = { KeyConditionExpression: K + ' AND b = :b', Key: { [k]: 1, ...o } };\n  p.FilterExpression = 'c = :c';\n  return doc.query(p).promise();\n}\nconst doc = new AWS.DynamoDB.DocumentClient();\n"},
	Java:       {"class A { static final String K = \"a\"; void f(String k) { String c = K + \" = :a\"; ddb.query(QueryRequest.builder().keyConditionExpression(c).key(Map.of(k, v)).build()); } }"},
	Kotlin:     {"const val K = \"a\"\nsuspend fun f(k: String) { val c = K + \" = :a\"\n ddb.query(QueryRequest { keyConditionExpression = c\n key = mapOf(k to v) }) }\n"},
}

func FuzzReadPython(f *testing.F)     { fuzzRead(f, Python, ".py") }
func FuzzReadJavaScript(f *testing.F) { fuzzRead(f, JavaScript, "s") }
func FuzzReadJava(f *testing.F)       { fuzzRead(f, Java, ".java") }
func FuzzReadKotlin(f *testing.F)     { fuzzRead(f, Kotlin, ".kt") }

// BenchmarkRead measures each reader's throughput on the test sources,
// repeated to about a megabyte.
func BenchmarkRead(b *testing.B) {
	for _, c := range []struct {
		lang Lang
		ext  string
	}{{Python, ".py"}, {JavaScript, "s"}, {Java, ".java"}, {Kotlin, ".kt"}} {
		names, _ := filepath.Glob("testdata/read/*" + c.ext)
		var one []byte
		for _, name := range names {
			src, _ := os.ReadFile(name)
			one = append(one, src...)
			one = append(one, '\n')
		}
		src := bytes.Repeat(one, 1<<20/len(one)+1)
		b.Run(string(c.lang), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				Read(c.lang, src)
			}
		})
	}
}

// BenchmarkReadGo is Go's reader over goSample, its functions repeated to
// about a megabyte in one file.
func BenchmarkReadGo(b *testing.B) {
	at := strings.Index(goSample, "func")
	src := append([]byte(goSample[:at]), bytes.Repeat([]byte(goSample[at:]), 1<<20/(len(goSample)-at)+1)...)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Read(Go, src)
	}
}

// TestUnclosedInterpolation: an interpolation left open in a one-line
// string ends with its line, so the code after it is still read.
func TestUnclosedInterpolation(t *testing.T) {
	for lang, src := range map[Lang]string{
		Python: "x = f\"{a\nt.query(KeyConditionExpression=\"a = :a\")\n",
		Kotlin: "val x = \"${a\nQueryRequest { keyConditionExpression = \"a = :a\" }\n",
	} {
		if v := firstValue(t, lang, src); v.Text != "a = :a" {
			t.Errorf("%s: got %s", lang, dumpValue(v))
		}
	}
}

// TestOperatorLen: the table's short cut gives what trying each operator
// gives, for every operator and every pair of bytes.
func TestOperatorLen(t *testing.T) {
	longest := func(b []byte) int {
		for _, op := range operators {
			if bytes.HasPrefix(b, []byte(op)) {
				return len(op)
			}
		}
		return charLen(b)
	}
	for _, op := range operators {
		if got := operatorLen([]byte(op + "x")); got != len(op) {
			t.Errorf("operatorLen(%q) = %d", op+"x", got)
		}
	}
	for a := range 256 {
		for b := range 256 {
			for _, src := range [][]byte{{byte(a)}, {byte(a), byte(b)}, {byte(a), byte(b), '='}} {
				if got, want := operatorLen(src), longest(src); got != want {
					t.Fatalf("operatorLen(%q) = %d, want %d", src, got, want)
				}
			}
		}
	}
}

// TestTokenSize: a file's tokens are about ten times its size in memory;
// the fields are ordered so that no padding makes it twelve.
func TestTokenSize(t *testing.T) {
	if n := unsafe.Sizeof(token{}); n > 40 {
		t.Errorf("a token is %d bytes, want 40", n)
	}
}
