package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// parityGapsFile lists the cells of the parity matrix that have neither a
// case nor a reason yet, one "rule<TAB>reader" a line: what remains to do,
// shown as missing in docs/rules/README.md. `go test ./validate -update`
// removes a line once its cell has a case or a reason, and never adds one:
// a new rule comes with its cases, or its reasons.
const parityGapsFile = "testdata/parity-gaps.txt"

// caseDirs are where each reader's cases are (caseLang's archives, and
// code/ for application code, which TestCodeRules runs), and the
// extensions of its case files.
var caseDirs = map[Reader][]struct {
	dir  string
	exts []string
}{
	ReaderDSL:        {{"testdata/rules", []string{".dx"}}},
	ReaderJSON:       {{"testdata/requests", []string{".json", ".jsonl"}}, {"testdata/partiql", []string{".json"}}},
	ReaderPartiQL:    {{"testdata/partiql", []string{".partiql"}}},
	ReaderPython:     {{"testdata/code", []string{".py"}}},
	ReaderJavaScript: {{"testdata/code", []string{".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts"}}},
	ReaderGo:         {{"testdata/code", []string{".go"}}},
	ReaderJVM:        {{"testdata/code", []string{".java", ".kt", ".kts"}}},
}

// hasCase reports whether rule has a case in reader rd that fires: a case
// file beside a .findings that is not empty (the reader's case test checks
// that it gives exactly those findings).
func hasCase(t *testing.T, rule string, rd Reader) bool {
	for _, d := range caseDirs[rd] {
		path := filepath.Join(d.dir, rule+".txtar")
		if _, err := os.Stat(path); err != nil {
			continue
		}
		a := archives(t, path)[0]
		findings := map[string]bool{}
		for _, f := range a.Files {
			if strings.HasSuffix(f.Name, ".findings") && strings.TrimSpace(string(f.Data)) != "" {
				findings[strings.TrimSuffix(f.Name, ".findings")] = true
			}
		}
		names := []string{}
		for _, f := range a.cases(d.exts...) {
			names = append(names, f.Name)
		}
		if rd == ReaderDSL {
			for _, g := range generatedCases[rule] {
				names = append(names, g.name)
			}
		}
		for _, n := range names {
			if slices.Contains(d.exts, filepath.Ext(n)) && findings[strings.TrimSuffix(n, filepath.Ext(n))] {
				return true
			}
		}
	}
	return false
}

// parityCell is one cell of the matrix.
type parityCell int

const (
	cellMissing parityCell = iota
	cellCase
	cellCannot
)

// parityMatrix is each rule's cells, in the catalog's order.
func parityMatrix(t *testing.T) map[string][]parityCell {
	m := map[string][]parityCell{}
	for _, r := range catalog {
		cells := make([]parityCell, len(Readers))
		for i, rd := range Readers {
			switch {
			case hasCase(t, r.Name, rd) && r.cannotWrite(rd) != "":
				t.Errorf("rule %s has a case in %s and says %s cannot write it: %s", r.Name, rd, rd, r.cannotWrite(rd))
			case hasCase(t, r.Name, rd):
				cells[i] = cellCase
			case r.cannotWrite(rd) != "":
				cells[i] = cellCannot
			}
		}
		m[r.Name] = cells
	}
	return m
}

// parityMarkdown is the matrix as docs/rules/README.md shows it.
func parityMarkdown(m map[string][]parityCell) string {
	var b strings.Builder
	b.WriteString("\n## Parity of the readers\n\nFor each rule and each reader: ✓ a case written in that reader fires the rule at its place " +
		"(`validate/testdata/`: `rules/` DSL, `requests/` request JSON, `partiql/` PartiQL and its request JSON, `code/` application code); " +
		"– the reader cannot write what the rule catches (the rule's page says why); **missing**: no case yet.\n\n|rule")
	for _, rd := range Readers {
		b.WriteString(" | " + string(rd))
	}
	b.WriteString(" |\n|---")
	for range Readers {
		b.WriteString("|:-:")
	}
	b.WriteString("|\n")
	counts := make([][3]int, len(Readers))
	for _, r := range catalog {
		fmt.Fprintf(&b, "| [%s](%s.md)", r.Name, r.Name)
		for i, c := range m[r.Name] {
			b.WriteString(" | " + [...]string{"**missing**", "✓", "–"}[c])
			counts[i][c]++
		}
		b.WriteString(" |\n")
	}
	b.WriteString("| cases, cannot, missing")
	for _, c := range counts {
		fmt.Fprintf(&b, " | %d, %d, %d", c[cellCase], c[cellCannot], c[cellMissing])
	}
	b.WriteString(" |\n")
	return b.String()
}

// readGaps reads parityGapsFile.
func readGaps(t *testing.T) map[string]bool {
	data, err := os.ReadFile(parityGapsFile)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	gaps := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			gaps[line] = true
		}
	}
	return gaps
}

// TestParity fails on a cell of the matrix that has neither a case nor a
// reason and is not a known gap, and on a known gap that is filled.
func TestParity(t *testing.T) {
	m := parityMatrix(t)
	gaps := readGaps(t)
	var keep []string
	for _, r := range catalog {
		for i, rd := range Readers {
			key := r.Name + "\t" + string(rd)
			switch c := m[r.Name][i]; {
			case c == cellMissing && !gaps[key]:
				t.Errorf("rule %s has no case in %s (%s/%s.txtar) and no reason why %s cannot write it (Rule.CannotWrite)", r.Name, rd, caseDirs[rd][0].dir, r.Name, rd)
			case c != cellMissing && gaps[key] && !*updateDocs:
				t.Errorf("%s lists %s in %s, which has a case or a reason now: go test ./validate -update removes it", parityGapsFile, r.Name, rd)
			case c == cellMissing:
				keep = append(keep, key)
			}
			delete(gaps, key)
		}
	}
	for g := range gaps {
		if !*updateDocs {
			t.Errorf("%s lists %q, no rule and reader of the catalog: go test ./validate -update removes it", parityGapsFile, g)
		}
	}
	if *updateDocs {
		text := "# The cells of the rules' parity matrix that have neither a case nor a reason yet\n# (rule, tab, reader): go test ./validate -update removes the filled ones and adds none.\n" + strings.Join(keep, "\n") + "\n"
		if err := os.WriteFile(parityGapsFile, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
