package validate

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/schema"
	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

// caseLang is one of the two languages the rule cases are written in (the
// DSL, request JSON): where their archives are, what their case files end
// in, how the findings of one rule on a case file are rendered, and which
// rules must have an archive.
type caseLang struct {
	dir      string   // testdata/rules or testdata/requests
	exts     []string // of the case files, the first as the messages name it
	findings func(t *testing.T, rule, name string, src []byte, sch *schema.Schema) string
	needs    func(*Rule) bool
}

// run runs each archive <dir>/<rule>.txtar as a subtest named after its rule:
// a case file with a NAME.findings beside it must give exactly those findings
// of the rule, one without (a near miss) none; each archive needs one of
// each. The schema is the archive's schema.yaml, or else the examples'; a
// case file named noschema-* is checked without one (what a rule decides
// with no schema). Every rule that needs an archive must have one.
func (l caseLang) run(t *testing.T) {
	tested := map[string]bool{}
	for _, a := range archives(t, filepath.Join(l.dir, "*.txtar")) {
		rule := strings.TrimSuffix(filepath.Base(a.path), ".txtar")
		tested[rule] = true
		t.Run(rule, func(t *testing.T) {
			if Lookup(rule) == nil {
				t.Fatalf("%s: no rule named %q in the catalog", a.path, rule)
			}
			sch := loadTestSchema(t, a.Archive)
			contents := map[string]string{}
			for _, f := range a.Files {
				contents[f.Name] = string(f.Data)
			}
			fired, clean := 0, 0
			files := a.cases(l.exts...)
			if l.exts[0] == ".dx" {
				for _, g := range generatedCases[rule] {
					files = append(files, txtar.File{Name: g.name, Data: []byte(g.src())})
				}
			}
			for _, f := range files {
				want, fires := contents[strings.TrimSuffix(f.Name, filepath.Ext(f.Name))+".findings"]
				caseSchema := sch
				if strings.HasPrefix(f.Name, "noschema-") {
					caseSchema = nil
				}
				got := l.findings(t, rule, f.Name, f.Data, caseSchema)
				if fires {
					fired++
				} else {
					clean++
				}
				if diff := cmp.Diff(strings.TrimSpace(want), strings.TrimSpace(got)); diff != "" {
					t.Errorf("%s: %s findings (-want +got):\n%s\ngot:\n%s", a.path, f.Name, diff, got)
				}
			}
			if fired == 0 || clean == 0 {
				t.Errorf("%s: needs at least one case that fires (x%s + x.findings) and one near miss (y%s alone); has %d and %d",
					a.path, l.exts[0], l.exts[0], fired, clean)
			}
		})
	}
	for _, r := range All() {
		if l.needs(r) && !tested[r.Name] {
			t.Errorf("rule %s has no %s/%s.txtar", r.Name, l.dir, r.Name)
		}
	}
}

// generatedCase is a DSL rule case too large to keep in an archive (a
// request over 4 MB): the archive holds its .findings, if it fires, and
// the case file is built here.
type generatedCase struct {
	name string
	src  func() string
}

var generatedCases = map[string][]generatedCase{
	"request-too-large": {
		{"transact11.dx", func() string { return bigPuts("transact write", 11) }},
		{"transact10.dx", func() string { return bigPuts("transact write", 10) }},
		{"updates.dx", func() string {
			puts := strings.TrimSuffix(bigPuts("transact write", 10), "\n}")
			return puts + ";\n  update Tickets key id = \"k10\" set body = \"" + strings.Repeat("x", 390000) + "\"\n}"
		}},
		{"batch44.dx", func() string { return bigPuts("batch write", 44) }},
		{"batch43.dx", func() string { return bigPuts("batch write", 43) }},
	},
}

// checkExamples checks a rule's own documentation: its Bad example, as a
// file of this language, fires it and its Good example does not.
func (l caseLang) checkExamples(t *testing.T, r *Rule, sch *schema.Schema) {
	t.Helper()
	bad := r.Bad
	if r.large != nil {
		bad = r.large.whole()
	}
	if got := l.findings(t, r.Name, "bad"+l.exts[0], []byte(bad), sch); got == "" {
		t.Errorf("%s: its Bad example does not fire it: %s", r.Name, r.badForDocs())
	}
	if got := l.findings(t, r.Name, "good"+l.exts[0], []byte(r.Good), sch); got != "" {
		t.Errorf("%s: its Good example fires it:\n%s", r.Name, got)
	}
}

// ruleFindings checks each statement or request of a file and renders the
// findings of rule, one per line.
func ruleFindings[T any](rule string, parts []T, check func(T) []Finding) string {
	var lines []string
	for _, p := range parts {
		for _, fd := range check(p) {
			if fd.Rule == rule {
				lines = append(lines, fd.String())
			}
		}
	}
	return strings.Join(lines, "\n")
}

// archive is one parsed rule archive and the path it was read from.
type archive struct {
	path string
	*txtar.Archive
}

// archives parses the archives matching pattern, in name order.
func archives(tb testing.TB, pattern string) []archive {
	tb.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil {
		tb.Fatal(err)
	}
	var out []archive
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, archive{p, ar})
	}
	return out
}

// cases returns the archive's files whose names end in one of exts.
func (a archive) cases(exts ...string) []txtar.File {
	var out []txtar.File
	for _, f := range a.Files {
		if slices.Contains(exts, filepath.Ext(f.Name)) {
			out = append(out, f)
		}
	}
	return out
}

// bigPuts is a group of n puts of 390 KB items: 4 MB and more from 11 on.
func bigPuts(group string, n int) string {
	return (&largeExample{group: group, n: n, bodySize: 390000}).whole()
}
