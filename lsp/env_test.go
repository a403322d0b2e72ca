package lsp

import (
	"path/filepath"
	"slices"
	"testing"
)

// The editor reads a table named through the environment as lint does:
// env: in .dynexpr.yaml says which table process.env.TICKETS holds, and
// the request is checked against it.
func TestEnvTableFromConfig(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "schema.yml"), ticketsSchema)
	write(t, filepath.Join(dir, ".dynexpr.yaml"), "schemas: [schema.yml]\nenv: {TICKETS: Nope}\n")
	c := startServer(t, Options{})
	c.initialize(dir)
	uri := uriOf(filepath.Join(dir, "app.js"))
	c.open(uri, "javascript", `import { QueryCommand } from "@aws-sdk/client-dynamodb";
export const handler = async () => client.send(new QueryCommand({
  TableName: process.env.TICKETS,
  KeyConditionExpression: "id = :id",
  ExpressionAttributeValues: { ":id": { S: "a" } },
}));
`)
	if ds := c.diagnostics(uri); !slices.Equal(codes(ds), []string{"unknown-table"}) {
		t.Errorf("with env: {TICKETS: Nope}: %v, want unknown-table", codes(ds))
	}
	c.stop()
}
