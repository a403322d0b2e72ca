package report_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/clitest"
	"github.com/dynexpr/dynexpr/internal/goldenfile"
)

// generatedRequests is the size of the generated repository.
const generatedRequests = 1000

// writeGenerated writes, into dir, a repository of n requests on the
// examples' Tickets table, a quarter in each reader: the DSL (q.dx),
// request JSON (requests.jsonl), PartiQL (q.partiql) and Python (app.py,
// a boto3 client with literal table names). Each reader cycles through a
// get, an index query, an update that moves an index key, and a scan with
// a filter, so every report rule but the index ones of other tables fires.
// The same n writes the same bytes.
func writeGenerated(t testing.TB, dir string, n int) {
	t.Helper()
	var dx, js, pq, py strings.Builder
	py.WriteString("import boto3\n\nclient = boto3.client(\"dynamodb\")\n\n\ndef handler(event, context):\n")
	for i := range n {
		k := fmt.Sprintf("t%04d", i)
		switch reader, shape := i%4, i/4%4; reader {
		case 0:
			switch shape {
			case 0:
				fmt.Fprintf(&dx, "g%d: get Tickets key id = %q select subject;\n", i, k)
			case 1:
				fmt.Fprintf(&dx, "q%d: query Tickets index open-tickets-index key openBucket = \"OPEN\" select id, subject;\n", i)
			case 2:
				fmt.Fprintf(&dx, "u%d: update Tickets key id = %q set openBucket = \"OPEN\";\n", i, k)
			case 3:
				fmt.Fprintf(&dx, "s%d: scan Tickets filter priority > %d;\n", i, i)
			}
		case 1:
			switch shape {
			case 0:
				fmt.Fprintf(&js, `{"command": "get-item", "TableName": "Tickets", "Key": {"id": {"S": %q}}, "ProjectionExpression": "subject"}`+"\n", k)
			case 1:
				js.WriteString(`{"command": "query", "TableName": "Tickets", "IndexName": "open-tickets-index", "KeyConditionExpression": "openBucket = :o", "ExpressionAttributeValues": {":o": {"S": "OPEN"}}, "ProjectionExpression": "id, subject"}` + "\n")
			case 2:
				fmt.Fprintf(&js, `{"command": "update-item", "TableName": "Tickets", "Key": {"id": {"S": %q}}, "UpdateExpression": "SET openBucket = :o", "ExpressionAttributeValues": {":o": {"S": "OPEN"}}}`+"\n", k)
			case 3:
				fmt.Fprintf(&js, `{"command": "scan", "TableName": "Tickets", "FilterExpression": "priority > :p", "ExpressionAttributeValues": {":p": {"N": "%d"}}}`+"\n", i)
			}
		case 2:
			switch shape {
			case 0:
				fmt.Fprintf(&pq, "SELECT subject FROM \"Tickets\" WHERE id = '%s';\n", k)
			case 1:
				pq.WriteString("SELECT id, subject FROM \"Tickets\".\"open-tickets-index\" WHERE openBucket = 'OPEN';\n")
			case 2:
				fmt.Fprintf(&pq, "UPDATE \"Tickets\" SET openBucket = 'OPEN' WHERE id = '%s';\n", k)
			case 3:
				fmt.Fprintf(&pq, "SELECT id FROM \"Tickets\" WHERE priority > %d;\n", i)
			}
		case 3:
			switch shape {
			case 0:
				fmt.Fprintf(&py, "    client.get_item(TableName=\"Tickets\", Key={\"id\": {\"S\": %q}}, ProjectionExpression=\"subject\")\n", k)
			case 1:
				py.WriteString("    client.query(TableName=\"Tickets\", IndexName=\"open-tickets-index\", KeyConditionExpression=\"openBucket = :o\", ExpressionAttributeValues={\":o\": {\"S\": \"OPEN\"}}, ProjectionExpression=\"id, subject\")\n")
			case 2:
				fmt.Fprintf(&py, "    client.update_item(TableName=\"Tickets\", Key={\"id\": {\"S\": %q}}, UpdateExpression=\"SET openBucket = :o\", ExpressionAttributeValues={\":o\": {\"S\": \"OPEN\"}})\n", k)
			case 3:
				fmt.Fprintf(&py, "    client.scan(TableName=\"Tickets\", FilterExpression=\"priority > :p\", ExpressionAttributeValues={\":p\": {\"N\": \"%d\"}})\n", i)
			}
		}
	}
	for name, text := range map[string]string{"q.dx": dx.String(), "requests.jsonl": js.String(), "q.partiql": pq.String(), "app.py": py.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// generatedArgs runs report on the generated repository with the
// examples' schema.
func generatedArgs(t testing.TB, cmd string) []string {
	sch, err := filepath.Abs(filepath.Join("..", "examples", "tickets.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return []string{cmd, "--schema", sch, "--code", "app.py", "q.dx", "requests.jsonl", "q.partiql", "app.py"}
}

// TestGeneratedReport holds the report of the generated repository of
// 1,000 requests to its golden (go test ./report -update rewrites it).
func TestGeneratedReport(t *testing.T) {
	dir := t.TempDir()
	writeGenerated(t, dir, generatedRequests)
	res := clitest.Run(t, dir, "", generatedArgs(t, "report")...)
	if res.Code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", res.Code, res.Stderr)
	}
	out := strings.ReplaceAll(res.Stdout, dir+string(filepath.Separator), "")
	abs, _ := filepath.Abs(filepath.Join("..", "examples"))
	out = strings.ReplaceAll(out, abs+string(filepath.Separator), "examples/")
	goldenfile.Check(t, filepath.Join("testdata", "golden", "generated.txt"), out)
}

// BenchmarkReport is the report of the generated repository beside lint
// of the same files (the reference: report reads them through lint's
// engine): compare the two ns/op.
func BenchmarkReport(b *testing.B) {
	dir := b.TempDir()
	writeGenerated(b, dir, generatedRequests)
	for _, cmd := range []string{"lint", "report"} {
		b.Run(cmd, func(b *testing.B) {
			args := generatedArgs(b, cmd)
			b.ReportAllocs()
			for b.Loop() {
				clitest.Run(b, dir, "", args...)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/generatedRequests, "ns/request")
		})
	}
}
