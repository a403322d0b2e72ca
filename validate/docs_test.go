package validate

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

var updateDocs = flag.Bool("update", false, "rewrite docs/rules from the catalog")

// TestRuleDocs fails when docs/rules is not what the catalog generates:
// one page per rule and the index. `go test ./validate -update` rewrites it.
func TestRuleDocs(t *testing.T) {
	dir := filepath.Join("..", "docs", "rules")
	want := map[string]string{"README.md": Index() + parityMarkdown(parityMatrix(t))}
	for _, r := range All() {
		want[r.Name+".md"] = Markdown(r)
	}
	if *updateDocs {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		old, _ := filepath.Glob(filepath.Join(dir, "*.md"))
		for _, p := range old {
			if _, keep := want[filepath.Base(p)]; !keep {
				os.Remove(p)
			}
		}
		for name, text := range want {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	have, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	sort.Strings(have)
	for _, p := range have {
		if _, ok := want[filepath.Base(p)]; !ok {
			t.Errorf("%s: no rule of that name; go test ./validate -update removes it", p)
		}
	}
	for name, text := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != text {
			t.Errorf("docs/rules/%s is stale; go test ./validate -update rewrites it", name)
		}
	}
}

func TestCatalogIsComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range All() {
		switch {
		case seen[r.Name]:
			t.Errorf("rule %s is in the catalog twice", r.Name)
		case r.Title == "" || r.Why == "" || r.appliesTo() == "":
			t.Errorf("rule %s lacks a title, why or applies-to", r.Name)
		case r.Severity == Off:
			t.Errorf("rule %s has no severity", r.Name)
		case r.Severity == Error && len(r.DynamoMessages) == 0 && r.check != nil && !r.RequestOnly && !r.BadInput && r.Name != "invalid-name":
			t.Errorf("rule %s is an error but quotes no DynamoDB message", r.Name)
		case r.badForDocs() == "" || r.Good == "":
			t.Errorf("rule %s lacks a bad or good example", r.Name)
		}
		seen[r.Name] = true
	}
	// The README, the docs and users' ignore comments and configs name these;
	// they must exist under these names.
	for _, name := range []string{
		"sparse-key-blanked", "empty-key-value", "unprojected-attribute", "select-all-on-index",
		"consistent-read-on-gsi", "filter-instead-of-index", "limit-with-filter", "key-type-mismatch",
		"key-condition-invalid", "filter-on-key", "key-incomplete", "update-key-attribute",
		"update-path-overlap", "update-operand-type", "invalid-set", "number-out-of-range",
		"expression-limit", "function-misuse", "unknown-table", "unknown-index",
	} {
		if Lookup(name) == nil {
			t.Errorf("the docs name %s, which the catalog lacks", name)
		}
	}
}

// TestRuleExamples checks the documentation's own examples: each rule's Bad
// example fires it and its Good example does not (with the examples'
// schemas), so the docs cannot teach something the linter contradicts.
func TestRuleExamples(t *testing.T) {
	sch := loadTestSchema(t, &txtar.Archive{})
	for _, r := range All() {
		if r.check == nil || r.RequestOnly {
			continue
		}
		dslCases.checkExamples(t, r, sch)
	}
}
