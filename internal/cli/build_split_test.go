package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/validate"
)

// batchWrite is a batch write of n puts, one a line.
func batchWrite(n int) string {
	members := make([]string, n)
	for i := range members {
		members[i] = fmt.Sprintf(`  put Users item {pk: "U#%d"}`, i)
	}
	return "batch write {\n" + strings.Join(members, ";\n") + "\n}"
}

// TestSplitFindings: --split drops only the batch-too-many-items of a
// statement it cuts, wherever inside the statement lint puts it.
func TestSplitFindings(t *testing.T) {
	f, err := grammar.Parse("f.dx", batchWrite(30)+";\n"+batchWrite(3)+";\nget Users key pk = \"a\"")
	if err != nil {
		t.Fatal(err)
	}
	stmts := f.Statements
	parts := make([][]*grammar.Statement, len(stmts))
	for i, st := range stmts {
		parts[i] = builder.Split(st)
	}
	skip := splitFindings(stmts, parts)
	big, small := stmts[0], stmts[1]
	for _, c := range []struct {
		rule string
		at   diag.Pos
		want bool
	}{
		{builder.RuleBatchTooMany, big.Pos, true},
		{builder.RuleBatchTooMany, big.Members[25].Pos, true},
		{builder.RuleBatchTooMany, big.EndPos, true},
		{"sparse-key-blanked", big.Members[25].Pos, false},
		{builder.RuleBatchTooMany, small.Pos, false}, // not cut: nothing to make right
		{builder.RuleBatchTooMany, stmts[2].Pos, false},
		{builder.RuleBatchTooMany, diag.Pos{File: "other.dx", Offset: big.Pos.Offset, Line: 1, Col: 1}, false},
	} {
		if got := skip(validate.Finding{Rule: c.rule, Pos: c.at}); got != c.want {
			t.Errorf("%s at %v: skipped %v, want %v", c.rule, c.at, got, c.want)
		}
	}
}

// TestSplitLint: without --split, a batch over the limit is lint's error
// and build refuses it; with --split it builds, in parts.
func TestSplitLint(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := Run([]string{"build", batchWrite(26)}, strings.NewReader(""), &stdout, &stderr); code != exitFindings || stdout.Len() > 0 ||
		!strings.Contains(stderr.String(), "("+builder.RuleBatchTooMany+")") {
		t.Errorf("without --split: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := Run([]string{"build", "--split", batchWrite(26)}, strings.NewReader(""), &stdout, &stderr); code != 0 ||
		strings.Count(stdout.String(), "\n") != 2 || strings.Contains(stderr.String(), builder.RuleBatchTooMany) {
		t.Errorf("with --split: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}
