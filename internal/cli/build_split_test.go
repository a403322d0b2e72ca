package cli

import (
	"encoding/json"
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
		parts[i] = builder.Split(st, builder.CLIv2)
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

// bigBatchWrite is a batch write of n puts of items of about size bytes,
// one a line: puts[i] is item i as DynamoDB JSON.
func bigBatchWrite(n, size int) (src string, puts []string) {
	members := make([]string, n)
	for i := range members {
		bio := strings.Repeat(string(rune('a'+i%26)), size)
		members[i] = fmt.Sprintf(`  put Users item {pk: "U#%d", bio: "%s"}`, i, bio)
		puts = append(puts, fmt.Sprintf(`{"bio":{"S":"%s"},"pk":{"S":"U#%d"}}`, bio, i))
	}
	return "batch write {\n" + strings.Join(members, ";\n") + "\n}", puts
}

// TestSplitBySize: a batch write of 30 puts of 6 KB items, 180 KB in all,
// comes out of --split as lines each of which one command-line argument
// carries ("$req"), each one line of one valid request, and the lines
// together hold exactly the 30 puts, in the order written.
func TestSplitBySize(t *testing.T) {
	src, puts := bigBatchWrite(30, 6000)
	var stdout, stderr strings.Builder
	if code := Run([]string{"build", "--split", src}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("output does not end in a newline: %.80q", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var got []string
	for i, line := range lines {
		if len(line) > builder.MaxArgBytes {
			t.Errorf("line %d: %d bytes, more than one argument carries (%d)", i+1, len(line), builder.MaxArgBytes)
		}
		var req struct {
			RequestItems map[string][]struct {
				PutRequest struct{ Item json.RawMessage }
			}
		}
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil || dec.More() || len(req.RequestItems) != 1 {
			t.Fatalf("line %d is not one batch-write-item request of one table: %v: %.80s", i+1, err, line)
		}
		if n := len(req.RequestItems["Users"]); n > builder.MaxBatchWrites {
			t.Errorf("line %d: %d puts, more than one request takes", i+1, n)
		}
		for _, w := range req.RequestItems["Users"] {
			got = append(got, string(w.PutRequest.Item))
		}
	}
	if len(lines) < 2 {
		t.Errorf("%d line(s): 180 KB of items not cut by size", len(lines))
	}
	if strings.Join(got, "\n") != strings.Join(puts, "\n") {
		t.Errorf("the lines hold %d puts, not the 30 written, each once, in order", len(got))
	}
}

// TestSplitWithinLimitsOneLine: a batch within every limit comes out of
// --split as it is, on one line: a `while read -r req` loop sends it whole.
func TestSplitWithinLimitsOneLine(t *testing.T) {
	var split, compact, stderr strings.Builder
	src := batchWrite(3)
	if code := Run([]string{"build", "--split", src}, strings.NewReader(""), &split, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if code := Run([]string{"build", "--compact", src}, strings.NewReader(""), &compact, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if strings.Count(split.String(), "\n") != 1 || split.String() != compact.String() {
		t.Errorf("--split of a batch within the limits:\n%s\nwant the one line of --compact:\n%s", split.String(), compact.String())
	}
}

// TestOneArgumentRefused: what --split or --output shell would pass as one
// argument and one argument cannot carry is refused at the statement (a
// member of its own: at the member) with exit status 2 and nothing on
// standard output, naming the file:// form; json and jsonl without
// --split print it, for a file.
func TestOneArgumentRefused(t *testing.T) {
	huge := strings.Repeat("z", builder.MaxArgBytes)
	batch := fmt.Sprintf("batch write {\n  put Users item {pk: \"a\"};\n  put Users item {pk: \"b\", bio: \"%s\"}\n}", huge)
	put := fmt.Sprintf(`put Users item {pk: "b", bio: "%s"}`, huge)
	// The lengths of the requests, less the item's text.
	alone := len(huge) + len(`{"RequestItems":{"Users":[{"PutRequest":{"Item":{"bio":{"S":""},"pk":{"S":"b"}}}}]}}`)
	putItem := len(huge) + len(`{"Item":{"bio":{"S":""},"pk":{"S":"b"}},"TableName":"Users"}`)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--split", batch}, fmt.Sprintf(`<arg>:3:3: error: member 1 (put Users): its request alone is %d bytes of JSON, and one command-line argument carries at most 131071 (Linux's limit), so a loop that passes each line of --split as one argument cannot send it ("Argument list too long"): send this item in a request of its own, through a file (dynexpr build ... > req.json, then aws dynamodb put-item --cli-input-json file://req.json), and leave it out of the batch`, alone)},
		{[]string{"--split", "--output", "jsonl", put}, fmt.Sprintf(`<arg>:1:1: error: this request is %d bytes of JSON, and one command-line argument carries at most 131071 (Linux's limit), so a loop that passes each line of --split as one argument cannot send it ("Argument list too long"): build it into a file instead (dynexpr build ... > req.json, without --split) and send that: aws dynamodb put-item --cli-input-json file://req.json`, putItem)},
		{[]string{"--output", "shell", put}, fmt.Sprintf(`<arg>:1:1: error: this request is %d bytes of JSON, and one command-line argument carries at most 131071 (Linux's limit), so the command --output shell prints cannot send it ("Argument list too long"): build it into a file instead (dynexpr build ... > req.json, without --output shell) and send that: aws dynamodb put-item --cli-input-json file://req.json`, putItem)},
	} {
		var stdout, stderr strings.Builder
		code := Run(append([]string{"build"}, c.args...), strings.NewReader(""), &stdout, &stderr)
		if first, _, _ := strings.Cut(stderr.String()[strings.Index(stderr.String(), "\n")+1:], "\n"); code != exitBadInput || stdout.Len() > 0 || first != c.want {
			t.Errorf("build %s: exit %d, stdout %d bytes, stderr\n%.600s\nwant exit 2 and\n%s", c.args[:len(c.args)-1], code, stdout.Len(), stderr.String(), c.want)
		}
	}
	for _, args := range [][]string{{put}, {"--output", "jsonl", put}, {"--compact", batch}} {
		var stdout, stderr strings.Builder
		if code := Run(append([]string{"build"}, args...), strings.NewReader(""), &stdout, &stderr); code != 0 || stdout.Len() <= builder.MaxArgBytes {
			t.Errorf("build %s: exit %d, stdout %d bytes: a request for a file is printed whatever its size", args[:len(args)-1], code, stdout.Len())
		}
	}
}
