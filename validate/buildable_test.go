package validate

import (
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/rogpeppe/go-internal/txtar"
)

// corpusText is one text of a test corpus that may hold statements, with
// the schema it is meant for (nil: none).
type corpusText struct {
	name, src string
	sch       *schema.Schema
}

// TestLintRefusesWhatBuildRefuses runs every statement of every corpus of
// the repository (golden inputs, examples, rule archives, docs, the cli's
// testscripts, the string literals of every Go test file: whatever parses)
// through lint and build: a statement build refuses must have a finding at
// error level, with its corpus's schema and without one. Parameters stay
// unbound (lint checks statements as written): build's refusal of an
// unbound parameter belongs to no rule and is left out.
func TestLintRefusesWhatBuildRefuses(t *testing.T) {
	texts := corpus(t)
	checked := 0
	for _, c := range texts {
		f, err := grammar.Parse(c.name, c.src)
		if err != nil {
			continue
		}
		for _, st := range f.Statements {
			refused := buildRefusals(st)
			if len(refused) == 0 {
				continue
			}
			checked++
			for _, r := range refused {
				if Lookup(r.Rule) == nil {
					t.Errorf("%s: the builder names rule %q for %q, and the catalog has none", c.name, r.Rule, r.Err.Msg)
				}
			}
			schemas := []*schema.Schema{nil}
			if c.sch != nil {
				schemas = append(schemas, c.sch)
			}
			for _, sch := range schemas {
				if !hasError(Check(st, sch, nil)) {
					t.Errorf("%s: lint (schema: %v) finds no error, build refuses: %s\n  %s", c.name, sch != nil, refused[0].Err, grammar.Format(st))
				}
			}
		}
	}
	t.Logf("%d texts, %d statements that build refuses", len(texts), checked)
	if checked < 20 {
		t.Errorf("only %d refused statements in the corpora: the corpus walk is broken", checked)
	}
}

// statementsOf is the statements of a file that parsed, none of one that
// did not.
func statementsOf(f *grammar.File, err error) []*grammar.Statement {
	if err != nil || f == nil {
		return nil
	}
	return f.Statements
}

func hasError(fs []Finding) bool {
	for _, f := range fs {
		if f.Severity == Error {
			return true
		}
	}
	return false
}

// buildRefusals is what build refuses in st, less unbound parameters.
func buildRefusals(st *grammar.Statement) []builder.Refusal {
	var out []builder.Refusal
	for _, r := range builder.Refusals(st) {
		if r.Rule != "" {
			out = append(out, r)
		}
	}
	return out
}

// corpus gathers the texts that may hold statements.
func corpus(t *testing.T) []corpusText {
	t.Helper()
	examples := exampleSchema(t)
	var out []corpusText
	add := func(name, src string, sch *schema.Schema) {
		out = append(out, corpusText{name, src, sch})
	}
	glob := func(pattern string) []string {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// Golden inputs, with their case's schema.
	for _, in := range glob("../golden/*/*/input.dx") {
		sch := examples
		if s, err := schema.Load(filepath.Join(filepath.Dir(in), "schema.yaml")); err == nil {
			sch = s
		}
		add(in, read(in), sch)
	}
	for _, in := range glob("../examples/*.dx") {
		add(in, read(in), examples)
	}
	// Rule archives, with their own schema or the examples'.
	for _, file := range glob("testdata/rules/*.txtar") {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sch := loadTestSchema(t, ar)
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".dx") {
				add(file+":"+f.Name, string(f.Data), sch)
			}
		}
	}
	// Testscripts: their .dx files and their quoted arguments.
	quoted := regexp.MustCompile(`'([^']+)'`)
	for _, file := range glob("../internal/cli/testdata/script/*.txtar") {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".dx") {
				add(file+":"+f.Name, string(f.Data), examples)
			}
		}
		for _, m := range quoted.FindAllStringSubmatch(string(ar.Comment), -1) {
			add(file, m[1], examples)
		}
	}
	// Docs: each line of a code block, and each block whole.
	for _, md := range append(glob("../docs/*.md"), "../README.md") {
		for _, line := range strings.Split(read(md), "\n") {
			add(md, line, examples)
			for _, m := range quoted.FindAllStringSubmatch(line, -1) {
				add(md, m[1], examples)
			}
		}
	}
	// Go test tables, the builder's and every other package's: every
	// string literal.
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".") && d.Name() != ".."):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, "_test.go"):
			return nil
		}
		for _, lit := range stringLiterals(read(path)) {
			add(path, lit, examples)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// stringLiterals are the string literals of a Go source file.
func stringLiterals(src string) []string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), nil, 0)
	var out []string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.STRING {
			if v, err := strconv.Unquote(lit); err == nil {
				out = append(out, v)
			}
		}
	}
}

func exampleSchema(t testing.TB) *schema.Schema {
	t.Helper()
	s, err := schema.Load("../examples/tickets.yaml", "../examples/events.yaml", "../examples/orders.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// FuzzLintRefusesWhatBuildRefuses: whatever parses, Check does not panic,
// with the examples' schema or without one, and finds an error wherever
// build refuses.
func FuzzLintRefusesWhatBuildRefuses(f *testing.F) {
	for _, s := range []string{
		`get Tickets key id = "a" or id = "b"`,
		`query App key begins_with(PK, "a") filter PK = 1 select PK.x`,
		`update Tickets key id = "a" set priority = customerId + "1", id = 2 add priority <<1>> delete customerId <<"x">>`,
		`put Tickets item {id: "", priority: "high", openBucket: 3}`,
		`scan Tickets filter contains(priority, 1) and attribute_type(priority, "S") and priority in ("1", 2) after {id: true}`,
		`transact write { put Tickets item {id: "a"} return old; check Tickets key id = "b" if attribute_exists(id) }`,
		`batch get { get Tickets key id = "a" select subject; get Tickets key id = "b" consistent }`,
		`transact write token "" { put Tickets item {id: "a"} return old; check Tickets key id = "a"; update TicketsByCustomer key customerId = $c and id = 1.0 set n = 1 capacity total }`,
		`batch write metrics { put Tickets item {id: "a"} if attribute_not_exists(id); delete Tickets key id = "a"; update Tickets key id = "b" set x = 1 }`,
		`batch get { get Tickets key id = "a" select subject; get Tickets key id = "a" consistent; get TicketsByCustomer key id = b"AA==" and customerId = "c" }`,
		`transact get { get Tickets key id = "a" consistent; get Tickets key id = "a" capacity indexes }`,
	} {
		f.Add(s)
	}
	schemas := []*schema.Schema{nil, exampleSchema(f)}
	f.Fuzz(func(t *testing.T, src string) {
		file, err := grammar.Parse("fuzz.dx", src)
		for _, st := range statementsOf(file, err) {
			refused := len(buildRefusals(st)) > 0
			for _, s := range schemas {
				if fs := Check(st, s, nil); refused && !hasError(fs) {
					t.Errorf("lint finds no error, build refuses: %s", grammar.Format(st))
				}
			}
		}
	})
}
