package lint

import "testing"

func TestReaderOf(t *testing.T) {
	for path, want := range map[string]string{
		"q.dx": "DSL", "Q.DX": "DSL", "r.json": "request JSON", "r.jsonl": "request JSON",
		"s.partiql": "PartiQL", "a.go": "Go", "a.py": "Python", "a.tsx": "JavaScript/TypeScript",
		"A.java": "Java", "b.kts": "Kotlin", "schema.yaml": "", "main.tf": "", "README": "", "-": "",
	} {
		got := ""
		if r := ReaderOf(path); r != nil {
			got = r.Name
		}
		if got != want {
			t.Errorf("ReaderOf(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestKindOfText(t *testing.T) {
	for text, want := range map[string]Kind{
		`{"TableName": "T"}`:             Request,
		"\n  [{}]":                       Request,
		`SELECT * FROM "T" WHERE id = 1`: PartiQL,
		"-- name: x\nupdate \"T\" set a = 1 where k = 2": PartiQL,
		`get T key id = "a"`:                             DSL,
		"# a comment\nscan T":                            DSL,
		"":                                               DSL,
	} {
		if got := KindOfText([]byte(text)); got != want {
			t.Errorf("KindOfText(%q) = %v, want %v", text, got, want)
		}
	}
}
