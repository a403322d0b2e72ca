//go:build realcode

package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/appcode"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"gopkg.in/yaml.v3"
)

// The real-code collection: application files taken whole from public
// repositories (testdata/realcode/<project>/), each read by hand into an
// answer key in testdata/realcode/manifest.yaml: the problems DynamoDB
// would refuse or its user would regret, at their lines, and the lines of
// the expressions the file writes as literals. TestRealCode holds lint to
// that key.
//
// The files are public repositories' code, not ours, so they are not
// committed: only the key is. The build tag keeps the test out of
// `go test ./...`; to run it, put each file the manifest lists at its
// place under testdata/realcode (its repository, path and commit are in
// the manifest) and run `go test -tags realcode ./lint`. A file missing
// fails the test: nothing is skipped.

// realFile is one file of the collection and its answer key.
type realFile struct {
	File    string `yaml:"file"` // under testdata/realcode
	Repo    string `yaml:"repo"`
	Path    string `yaml:"path"`
	Commit  string `yaml:"commit"`
	License string `yaml:"license"`
	Schema  string `yaml:"schema"` // the table definitions the repository ships, if any
	// Fix, for the version of a file just before a commit that fixed a
	// DynamoDB bug, names that commit and says what it fixed.
	Fix string `yaml:"fix"`
	// Expressions are the lines where the file gives a request an
	// expression or a PartiQL statement whose text is fixed when the code
	// is written (a literal, a constant or a local assigned one once, a
	// concatenation of such), at the line of the member's name; Computed
	// counts those it builds at run time, which no linter reads.
	Expressions []int         `yaml:"expressions"`
	Computed    int           `yaml:"computed"`
	Problems    []realProblem `yaml:"problems"`
	// FalseAlarms are findings lint reports on correct code: the file is
	// out of the required set while any is listed, and each must still
	// occur (once fixed, the entry goes).
	FalseAlarms []realProblem `yaml:"false_alarms"`
	Note        string        `yaml:"note"`
}

// realProblem is an answer-key entry: a rule at a line. Why says what is
// wrong (a problem) or why the finding is false (a false alarm); Miss, on a
// problem, says why lint cannot find it yet.
type realProblem struct {
	Line int    `yaml:"line"`
	Rule string `yaml:"rule"`
	Why  string `yaml:"why"`
	Miss string `yaml:"miss"`
}

type realManifest struct {
	// MinCoverage is the share of the key's literal expressions lint must
	// check: a ratchet, raised as the readers learn more shapes.
	MinCoverage float64    `yaml:"min_coverage"`
	Files       []realFile `yaml:"files"`
}

const realDir = "testdata/realcode"

func TestRealCode(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(realDir, "manifest.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var m realManifest
	if err := yaml.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	type tally struct{ files, checked, exprs, problems, found, misses, alarms int }
	byLang := map[appcode.Lang]*tally{}
	projects := map[appcode.Lang]map[string]bool{}
	total := &tally{}
	var excluded []string
	examples := 0 // files from AWS's own example repositories
	for _, rf := range m.Files {
		if strings.HasPrefix(rf.Repo, "aws-samples/") || strings.HasPrefix(rf.Repo, "awsdocs/") {
			examples++
		}
		if listed[rf.File] {
			t.Errorf("%s: listed twice in the manifest", rf.File)
		}
		listed[rf.File] = true
		if rf.Repo == "" || rf.Path == "" || len(rf.Commit) != 40 {
			t.Errorf("%s: the manifest must give its repo, path and commit", rf.File)
		}
		lang, ok := appcode.LangOf(rf.File)
		if !ok {
			t.Errorf("%s: not a code file", rf.File)
			continue
		}
		tl := byLang[lang]
		if tl == nil {
			tl = &tally{}
			byLang[lang] = tl
			projects[lang] = map[string]bool{}
		}
		projects[lang][strings.Split(rf.File, "/")[0]] = true
		tl.files++
		total.files++

		findings, checkedLines := lintRealFile(t, rf)
		if len(rf.FalseAlarms) > 0 {
			var what []string
			for _, fa := range rf.FalseAlarms {
				what = append(what, fmt.Sprintf("line %d %s", fa.Line, fa.Rule))
			}
			excluded = append(excluded, rf.File+" ("+strings.Join(what, ", ")+")")
		}

		// Every finding is in the key: a problem, or a listed false alarm.
		expected := map[string]*realProblem{}
		for i := range rf.Problems {
			p := &rf.Problems[i]
			expected[fmt.Sprintf("%d %s", p.Line, p.Rule)] = p
		}
		alarms := map[string]bool{}
		for _, fa := range rf.FalseAlarms {
			alarms[fmt.Sprintf("%d %s", fa.Line, fa.Rule)] = false
		}
		got := map[string]bool{}
		for _, f := range findings {
			k := fmt.Sprintf("%d %s", f.Pos.Line, f.Rule)
			got[k] = true
			if _, ok := expected[k]; ok {
				continue
			}
			if _, ok := alarms[k]; ok {
				alarms[k] = true
				continue
			}
			t.Errorf("%s:%d:%d: %s [%s]: not in the answer key (no problems entry {line: %d, rule: %s}): a false alarm, or a problem the key lacks",
				rf.File, f.Pos.Line, f.Pos.Col, f.Message, f.Rule, f.Pos.Line, f.Rule)
		}
		for k, seen := range alarms {
			if !seen {
				t.Errorf("%s: the false alarm %q the manifest lists is no longer reported: drop it from false_alarms", rf.File, k)
			}
		}
		for _, p := range rf.Problems {
			if _, err := validate.RuleNamed(p.Rule); err != nil && p.Miss == "" {
				t.Errorf("%s:%d: the answer key names no rule of the catalog: %v", rf.File, p.Line, err)
			}
			k := fmt.Sprintf("%d %s", p.Line, p.Rule)
			tl.problems++
			total.problems++
			switch {
			case got[k] && p.Miss != "":
				t.Errorf("%s:%d: %s is now found: drop its miss (%q) from the answer key", rf.File, p.Line, p.Rule, p.Miss)
			case got[k]:
				tl.found++
				total.found++
			case p.Miss != "":
				tl.misses++
				total.misses++
			default:
				t.Errorf("%s:%d: the answer key expects %s (%s); lint did not report it", rf.File, p.Line, p.Rule, p.Why)
			}
		}
		tl.alarms += len(rf.FalseAlarms)
		total.alarms += len(rf.FalseAlarms)

		// Coverage: each literal expression of the key checked, and
		// nothing checked that the key does not list.
		keyLines := map[int]bool{}
		for _, line := range rf.Expressions {
			keyLines[line] = true
			tl.exprs++
			total.exprs++
			if checkedLines[line] {
				tl.checked++
				total.checked++
			} else {
				t.Logf("not checked: %s:%d", rf.File, line)
			}
		}
		alarmLines := map[int]bool{}
		for _, fa := range rf.FalseAlarms {
			alarmLines[fa.Line] = true
		}
		for line := range checkedLines {
			if !keyLines[line] && !alarmLines[line] {
				t.Errorf("%s:%d: lint checked a literal expression here that the answer key does not list under expressions", rf.File, line)
			}
		}
	}

	// Every file of the collection is in the manifest.
	err = filepath.WalkDir(realDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, realDir+string(filepath.Separator)))
		if _, ok := appcode.LangOf(rel); ok && !listed[rel] {
			t.Errorf("%s: a code file the manifest does not list", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	langs := make([]string, 0, len(byLang))
	for l := range byLang {
		langs = append(langs, string(l))
	}
	sort.Strings(langs)
	all := map[string]bool{}
	for _, l := range langs {
		tl := byLang[appcode.Lang(l)]
		for p := range projects[appcode.Lang(l)] {
			all[p] = true
		}
		t.Logf("%-10s %3d files, %2d projects; literal expressions checked %3d/%3d (%s); problems %d (found %d, known misses %d); false alarms %d",
			l, tl.files, len(projects[appcode.Lang(l)]), tl.checked, tl.exprs, percent(tl.checked, tl.exprs), tl.problems, tl.found, tl.misses, tl.alarms)
	}
	t.Logf("%-10s %3d files, %2d projects; literal expressions checked %3d/%3d (%s); problems %d (found %d, known misses %d); false alarms %d",
		"total", total.files, len(all), total.checked, total.exprs, percent(total.checked, total.exprs), total.problems, total.found, total.misses, total.alarms)
	t.Logf("required set: %d of %d files; out of it for false alarms: %d %v", total.files-len(excluded), total.files, len(excluded), excluded)
	t.Logf("from AWS's example repositories: %d of %d files", examples, total.files)
	if 4*examples > total.files {
		t.Errorf("%d of %d files come from AWS's example repositories: at most a quarter may", examples, total.files)
	}
	if total.exprs > 0 && float64(total.checked)/float64(total.exprs) < m.MinCoverage {
		t.Errorf("coverage %s is below the manifest's min_coverage %.4f", percent(total.checked, total.exprs), m.MinCoverage)
	}
}

func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

// lintRealFile lints one file of the collection as `dynexpr lint` does
// (against the schema its repository ships, if any) and tells the lines
// of the literal expressions the linter checked.
func lintRealFile(t *testing.T, rf realFile) ([]validate.Finding, map[int]bool) {
	t.Helper()
	path := filepath.Join(realDir, filepath.FromSlash(rf.File))
	l := &Linter{Rules: &validate.Config{}}
	if rf.Schema != "" {
		sch, err := schema.Load(filepath.Join(realDir, filepath.FromSlash(rf.Schema)))
		if err != nil {
			t.Errorf("%s: schema %s: %v", rf.File, rf.Schema, err)
		}
		l.Schema = sch
	}
	var findings []validate.Finding
	err := l.Run([]Input{{Path: path, Kind: Code}}, func(r Result) error {
		if r.Unreadable || r.Skipped {
			t.Errorf("%s: not linted: %s", rf.File, r.Why)
		}
		findings = append(findings, r.Findings...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return findings, checkedExpressions(t, l, path)
}

// checkedExpressions tells the lines of the literal expressions (and
// PartiQL statements) of a code file that lint checks: those of the sites
// it converts into requests, at the line where the code gives the member
// (`KeyConditionExpression=`, `.keyConditionExpression(`), wherever the
// literal itself is written (a constant, a local).
func checkedExpressions(t *testing.T, l *Linter, path string) map[int]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := map[int]bool{}
	lang, _ := appcode.LangOf(path)
	if !mentions(data) {
		return lines
	}
	found := appcode.Read(lang, data)
	src := appcode.NewSource(path, data)
	mark := func(at int) { lines[src.Pos(at).Line] = true }
	for _, site := range found.Sites {
		if stmt, ok := appcode.StatementOf(site); ok {
			if _, checked, _ := l.partiqlSite(src, site, stmt); checked {
				mark(stmt.NamePos)
			}
			continue
		}
		if _, err := appcode.Convert(src, site, found.Directives); err != nil {
			continue
		}
		for _, mem := range site.Members {
			if expressionMember[mem.Name] && mem.Value.Kind == appcode.String {
				mark(mem.NamePos)
			}
			nestedExpressions(mem.Value, mark)
		}
	}
	return lines
}

var expressionMember = map[string]bool{
	"KeyConditionExpression": true, "FilterExpression": true, "ConditionExpression": true,
	"UpdateExpression": true, "ProjectionExpression": true,
}

// nestedExpressions marks the literal expressions inside a member's value:
// the members of a transaction's or a batch's requests.
func nestedExpressions(v appcode.Value, mark func(int)) {
	for _, e := range v.Elems {
		nestedExpressions(e, mark)
	}
	for _, e := range v.Entries {
		if e.Key.Kind == appcode.String && expressionMember[e.Key.Text] && e.Value.Kind == appcode.String {
			mark(e.Key.Start)
		}
		nestedExpressions(e.Value, mark)
	}
}
