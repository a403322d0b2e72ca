package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A .partiql file and application code are served as `dynexpr lint` reads
// them: the findings of the PartiQL rules, and of the requests the code
// writes, at their places inside the code's literals.
func TestPartiQLAndCodeDiagnostics(t *testing.T) {
	c, dir, _ := session(t)
	pq := uriOf(filepath.Join(dir, "q.partiql"))
	c.open(pq, "partiql", "SELECT * FROM \"Tickets\" WHERE subject = 'x';\n")
	ds := c.diagnostics(pq)
	if !slices.Equal(codes(ds), []string{"partiql-full-scan"}) || ds[0].Range.Start != (position{0, 0}) {
		t.Errorf(".partiql diagnostics: %+v", ds)
	}
	var h hover
	c.result("textDocument/hover", posParams(pq, 0, 3), &h)
	if !strings.Contains(h.Contents.Value, "Scan") {
		t.Errorf("hover: %q", h.Contents.Value)
	}

	py := uriOf(filepath.Join(dir, "app.py"))
	c.open(py, "python", "import boto3\nc = boto3.client(\"dynamodb\")\n"+
		"c.execute_statement(Statement=\"SELECT * FROM Tickets WHERE id = ?\", Parameters=[{\"S\": \"a\"}, {\"S\": \"b\"}])\n"+
		"c.query(TableName=\"Tickets\", KeyConditionExpression=\"id = :i AND size > :z\", ExpressionAttributeValues={\":i\": {\"S\": \"a\"}, \":z\": {\"N\": \"1\"}})\n")
	ds = c.diagnostics(py)
	if !slices.Contains(codes(ds), "partiql-parameter-count") || !slices.Contains(codes(ds), "reserved-word") {
		t.Fatalf(".py diagnostics: %+v", ds)
	}
	for _, d := range ds {
		if d.Code == "partiql-parameter-count" && d.Range.Start != (position{2, 92}) {
			t.Errorf("parameter count at %+v, want 2:92 (the second parameter)", d.Range.Start)
		}
	}

	// Code with no request in it has no diagnostics, and a file of
	// another language is not read.
	other := uriOf(filepath.Join(dir, "util.py"))
	c.open(other, "python", "def f(x):\n    return x + 1\n")
	if ds := c.diagnostics(other); len(ds) != 0 {
		t.Errorf("util.py: %+v", ds)
	}
	c.stop()
}
