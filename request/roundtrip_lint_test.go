package request_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/importer"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/rogpeppe/go-internal/txtar"
)

// notImported are the request files of validate/testdata/requests that
// lint calls clean at error level but that say what the DSL has no form
// for, each with the reason (docs/import.md lists them).
var notImported = map[string]string{
	"invalid-attribute-value/good.json":           `the number "+7": the DSL writes decimal text without a plus sign`,
	"invalid-request-member/twice.json":           "a member given twice",
	"invalid-request-member/good.json":            "ReturnConsumedCapacity and legacy parameters",
	"missing-request-member/complete.json":        "a legacy parameter",
	"legacy-update-invalid/add-set-and-list.json": "ADD of a list in AttributeUpdates, which appends",
	"unchecked-request/legacy-add-list.json":      "ADD of a list in AttributeUpdates, which appends",
	"key-incomplete/keyonlygood.json":             "an update-item with no update, which the DSL's update cannot be",
	"key-type-mismatch/keyonlygood.json":          "an update-item with no update, which the DSL's update cannot be",
	"key-incomplete/legacy-empty-updates-ok.json": "an update-item whose AttributeUpdates is empty: no update, which the DSL's update cannot be",
	"key-type-mismatch/legacy-empty-ok.jsonl":     "an update-item whose AttributeUpdates is empty: no update, which the DSL's update cannot be",
	"unchecked-request/plus-sign.json":            `the number "+1"`,
	"function-misuse/unconverted-good.json":       `the number "+1"`,
}

// TestImportLintClean: every request of the request rules' cases that lint
// calls clean at error level imports (the importer proves the statement
// builds the same request), and what its statement builds goes through
// import and build again unchanged, byte for byte. Only the files of
// notImported are refused, and they must be. Every request lint finds an
// error in, import refuses.
func TestImportLintClean(t *testing.T) {
	files, err := filepath.Glob("../validate/testdata/requests/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	examples, err := schema.Load("../examples/tickets.yaml", "../examples/events.yaml", "../examples/orders.yaml")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var clean, refused int
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sch := examples // as the rule cases take it: the archive's schema.yaml, else the examples'
		for _, f := range ar.Files {
			if f.Name == "schema.yaml" {
				if sch, err = schema.Parse("schema.yaml", f.Data); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, f := range ar.Files {
			if ext := filepath.Ext(f.Name); ext != ".json" && ext != ".jsonl" {
				continue
			}
			key := strings.TrimSuffix(filepath.Base(file), ".txtar") + "/" + f.Name
			rf, err := request.Parse(f.Name, f.Data)
			if err != nil {
				continue // lint reports the file as a syntax error
			}
			for _, r := range rf.Requests {
				_, err := importer.Import(r, sch, nil)
				if hasError(validate.CheckRequest(r, sch, nil)) {
					refused++
					if err == nil {
						t.Errorf("%s: lint finds an error in %s, import takes it", key, r.Name)
					}
					continue
				}
				clean++
				if reason, ok := notImported[key]; ok {
					seen[key] = true
					if err == nil && len(rf.Requests) == 1 {
						t.Errorf("%s imports now: remove it from notImported (%s)", key, reason)
					}
					continue
				}
				if err != nil {
					t.Errorf("%s: lint calls it clean, import refuses it: %v", key, err)
					continue
				}
				rebuiltTwice(t, key, r)
			}
		}
	}
	for key := range notImported {
		if !seen[key] {
			t.Errorf("notImported lists %s, which is no clean request of the cases", key)
		}
	}
	t.Logf("%d requests lint calls clean at error level; %d files of them not importable, as listed; %d refused, as lint refuses them", clean, len(notImported), refused)
}

func hasError(fs []validate.Finding) bool {
	for _, f := range fs {
		if f.Severity == validate.Error {
			return true
		}
	}
	return false
}

// rebuiltTwice builds r's statement, imports what it built and builds that:
// the two builds must print the same bytes.
func rebuiltTwice(t *testing.T, key string, r *request.Request) {
	t.Helper()
	first := buildImported(t, key, r)
	if first == nil {
		return
	}
	bf, err := request.Parse("built.json", first)
	if err != nil {
		t.Fatalf("%s: the built request does not read back: %v", key, err)
	}
	b := bf.Requests[0]
	b.Command = r.Command
	if second := buildImported(t, key, b); second != nil && !bytes.Equal(first, second) {
		t.Errorf("%s: build → import → build changed the request:\n%s\nthen:\n%s", key, first, second)
	}
}

func buildImported(t *testing.T, key string, r *request.Request) []byte {
	t.Helper()
	st, err := importer.Statement(r)
	if err != nil {
		t.Errorf("%s: import: %v", key, err)
		return nil
	}
	built, err := builder.Build(st)
	if err != nil {
		t.Errorf("%s: build: %v", key, err)
		return nil
	}
	return built.JSON(true)
}
