package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/schema"
)

// The schema of the quick-fix files: the tickets of the other tests,
// which the schema also calls TicketsTable (as a CloudFormation template's
// logical ID).
var quickFixSchema = strings.Replace(ticketsSchema, "  Tickets:\n", "  Tickets:\n    logical: TicketsTable\n", 1)

// quickFixFiles are a file of each language the server serves, each with
// the findings that offer fixes: a misspelt table and index, the schema's
// own name of a table sent as written, "" written into an index key, and a
// misspelt name written with an escape, which no edit of the host can fix
// exactly. wantFixes is how many fixes each must offer at least.
var quickFixFiles = []struct {
	name      string
	lang      string
	wantFixes int
	text      string
}{
	{"q.dx", "dynexpr", 4, `get Tickes key id = "a";
query Tickets index open-ticket-index key openBucket = "OPEN";
update Tickets key id = "77de" set priority = 2, openBucket = "";
update Tickets key id = "77df" set openBucket = ""
`},
	{"q.json", "json", 3, `[
  {"TableName": "Tickes", "Key": {"id": {"S": "a"}}},
  {"TableName": "Tickets", "IndexName": "open-ticket-index", "KeyConditionExpression": "openBucket = :b", "ExpressionAttributeValues": {":b": {"S": "OPEN"}}},
  {"TableName": "TicketsTable", "Key": {"id": {"S": "a"}}},
  {"TableName": "Tickets", "Key": {"id": {"S": "a"}}, "UpdateExpression": "SET priority = :p, openBucket = :e", "ExpressionAttributeValues": {":p": {"N": "2"}, ":e": {"S": ""}}},
  {"TableName": "Tick\u0065s", "Key": {"id": {"S": "a"}}}
]
`},
	{"statement.json", "json", 2, `[
  {"Statement": "SELECT * FROM \"Tickes\" WHERE id = 'a'"},
  {"Statement": "SELECT * FROM \"TicketsTable\" WHERE id = ?", "Parameters": [{"S": "a"}]}
]
`},
	{"q.partiql", "partiql", 4, `SELECT * FROM "Tickes" WHERE id = 'a';
SELECT * FROM Tickes WHERE id = 'a';
SELECT * FROM "Tickets"."open-ticket-index" WHERE openBucket = 'OPEN';
SELECT * FROM "TicketsTable" WHERE id = 'a';
UPDATE "Tickets" SET openBucket = '' WHERE id = 'a'
`},
	{"app.py", "python", 4, `import boto3
client = boto3.client("dynamodb")
client.update_item(
    TableName="Tickets",
    Key={"id": {"S": "a"}},
    UpdateExpression="SET priority = :p, openBucket = :e",
    ExpressionAttributeValues={":p": {"N": "2"}, ":e": {"S": ""}},
)
client.query(
    TableName="Tickets",
    IndexName='open-ticket-index',
    KeyConditionExpression="openBucket = :b",
    ExpressionAttributeValues={":b": {"S": "OPEN"}},
)
client.get_item(TableName="TicketsTable", Key={"id": {"S": "a"}}, ProjectionExpression="id")
client.get_item(TableName="Tickes", Key={"id": {"S": "a"}}, ProjectionExpression="id")
client.get_item(TableName="Tick\x65s", Key={"id": {"S": "a"}}, ProjectionExpression="id")
client.execute_statement(Statement='SELECT * FROM "Tickes" WHERE id = \'a\'')
`},
	{"app.ts", "typescript", 4, `import { DynamoDBClient, QueryCommand, UpdateItemCommand, ExecuteStatementCommand } from "@aws-sdk/client-dynamodb";
const client = new DynamoDBClient({});
export async function run() {
  await client.send(new UpdateItemCommand({
    TableName: "Tickets",
    Key: { id: { S: "a" } },
    UpdateExpression: "SET priority = :p, openBucket = :e",
    ExpressionAttributeValues: { ":p": { N: "2" }, ":e": { S: "" } },
  }));
  await client.send(new QueryCommand({
    TableName: "Tickets",
    IndexName: "open-ticket-index",
    KeyConditionExpression: "openBucket = :b",
    ExpressionAttributeValues: { ":b": { S: "OPEN" } },
  }));
  await client.send(new QueryCommand({
    TableName: "Tickes",
    KeyConditionExpression: "id = :id",
    ExpressionAttributeValues: { ":id": { S: "a" } },
  }));
  await client.send(new QueryCommand({
    TableName: "TicketsTable",
    KeyConditionExpression: "id = :id",
    ExpressionAttributeValues: { ":id": { S: "a" } },
  }));
  await client.send(new ExecuteStatementCommand({ Statement: "SELECT * FROM Tickes WHERE id = 'a'" }));
}
`},
	{"store.go", "go", 3, "package store\n\n" + `import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func run(ctx context.Context, c *dynamodb.Client) {
	c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:        aws.String("Tickets"),
		Key:              map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: "a"}},
		UpdateExpression: aws.String("SET priority = :p, openBucket = :e"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":p": &types.AttributeValueMemberN{Value: "2"},
			":e": &types.AttributeValueMemberS{Value: ""},
		},
	})
	c.Query(ctx, &dynamodb.QueryInput{
		TableName:              aws.String("Tickets"),
		IndexName:              aws.String("open-ticket-index"),
		KeyConditionExpression: aws.String("openBucket = :b"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":b": &types.AttributeValueMemberS{Value: "OPEN"},
		},
	})
	c.Query(ctx, &dynamodb.QueryInput{
		TableName:              aws.String("Tickes"),
		KeyConditionExpression: aws.String("id = :id"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":id": &types.AttributeValueMemberS{Value: "a"},
		},
	})
	c.Query(ctx, &dynamodb.QueryInput{
		TableName:              aws.String(` + "`TicketsTable`" + `),
		KeyConditionExpression: aws.String("id = :id"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":id": &types.AttributeValueMemberS{Value: "a"},
		},
	})
}
`},
	{"TicketStore.java", "java", 3, `import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

class TicketStore {
    private final DynamoDbClient ddb = DynamoDbClient.create();

    void run() {
        ddb.updateItem(UpdateItemRequest.builder()
            .tableName("Tickets")
            .key(Map.of("id", AttributeValue.fromS("a")))
            .updateExpression("SET priority = :p, openBucket = :e")
            .expressionAttributeValues(Map.of(":p", AttributeValue.fromN("2"), ":e", AttributeValue.fromS("")))
            .build());
    }

    void open() {
        ddb.query(QueryRequest.builder()
            .tableName("Tickets")
            .indexName("open-ticket-index")
            .keyConditionExpression("openBucket = :b")
            .expressionAttributeValues(Map.of(":b", AttributeValue.fromS("OPEN")))
            .build());
    }

    void misspelt() {
        ddb.getItem(GetItemRequest.builder()
            .tableName("Tickes")
            .key(Map.of("id", AttributeValue.fromS("a")))
            .projectionExpression("id")
            .build());
    }

    void logical() {
        ddb.getItem(GetItemRequest.builder()
            .tableName("TicketsTable")
            .key(Map.of("id", AttributeValue.fromS("a")))
            .projectionExpression("id")
            .build());
    }
}
`},
	{"TicketStore.kt", "kotlin", 3, `import aws.sdk.kotlin.services.dynamodb.DynamoDbClient
import aws.sdk.kotlin.services.dynamodb.model.AttributeValue
import aws.sdk.kotlin.services.dynamodb.model.GetItemRequest
import aws.sdk.kotlin.services.dynamodb.model.QueryRequest
import aws.sdk.kotlin.services.dynamodb.model.UpdateItemRequest

class TicketStore(private val ddb: DynamoDbClient) {
    suspend fun run() {
        ddb.updateItem(UpdateItemRequest {
            tableName = "Tickets"
            key = mapOf("id" to AttributeValue.S("a"))
            updateExpression = "SET priority = :p, openBucket = :e"
            expressionAttributeValues = mapOf(":p" to AttributeValue.N("2"), ":e" to AttributeValue.S(""))
        })
    }

    suspend fun open() {
        ddb.query(QueryRequest {
            tableName = "Tickets"
            indexName = "open-ticket-index"
            keyConditionExpression = "openBucket = :b"
            expressionAttributeValues = mapOf(":b" to AttributeValue.S("OPEN"))
        })
    }

    suspend fun misspelt() {
        ddb.getItem(GetItemRequest {
            tableName = "Tickes"
            key = mapOf("id" to AttributeValue.S("a"))
            projectionExpression = "id"
        })
    }

    suspend fun logical() {
        ddb.getItem(GetItemRequest {
            tableName = "TicketsTable"
            key = mapOf("id" to AttributeValue.S("a"))
            projectionExpression = "id"
        })
    }
}
`},
}

// TestEveryQuickFixApplied drives the server as an editor does: for each
// finding of each file it asks for the code actions, applies every quick
// fix offered, and lints the result again. The file must still read as
// its language (JSON still JSON, no syntax error, code still writing as
// many requests), and the finding must be gone.
func TestEveryQuickFixApplied(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".dynexpr.yaml"), "schemas: [schema.yaml]\n")
	write(t, filepath.Join(dir, "schema.yaml"), quickFixSchema)
	sch, err := schema.Load(filepath.Join(dir, "schema.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	linter := &lint.Linter{Schema: sch}
	c := startServer(t, Options{})
	c.initialize(dir)
	for _, file := range quickFixFiles {
		t.Run(file.name, func(t *testing.T) {
			path := filepath.Join(dir, file.name)
			uri := uriOf(path)
			c.open(uri, file.lang, file.text)
			before := c.diagnostics(uri)
			sites := linter.Text(path, []byte(file.text), lintKind(file.name)).Sites
			fixes := 0
			for _, dg := range before {
				var as []codeAction
				c.result("textDocument/codeAction", map[string]any{
					"textDocument": map[string]any{"uri": uri},
					"range":        dg.Range,
					"context":      map[string]any{"diagnostics": []any{dg}},
				}, &as)
				for _, a := range as {
					if a.Kind != "quickfix" || !sameDiagnostic(a.Diagnostics, dg) {
						continue
					}
					fixes++
					fixed := applyEdits(file.text, a.Edit.Changes[uri])
					what := fmt.Sprintf("%q on %s at %d:%d", a.Title, dg.Code, dg.Range.Start.Line+1, dg.Range.Start.Character+1)
					if fixed == file.text {
						t.Errorf("%s changes nothing", what)
						continue
					}
					after := linter.Text(path, []byte(fixed), lintKind(file.name))
					for _, f := range after.Findings {
						if f.Rule == "syntax-error" || f.Rule == "unreadable-input" {
							t.Errorf("%s leaves a file that does not read: %s\n%s", what, f, fixed)
						}
					}
					if strings.HasSuffix(file.name, ".json") && !json.Valid([]byte(fixed)) {
						t.Errorf("%s leaves invalid JSON:\n%s", what, fixed)
					}
					if after.Sites != sites {
						t.Errorf("%s leaves %d requests read from the code, not %d:\n%s", what, after.Sites, sites, fixed)
					}
					if n, m := count(linter, path, file.text, dg), count(linter, path, fixed, dg); m >= n {
						t.Errorf("%s leaves the finding (%d of its kind, %d before):\n%s", what, m, n, fixed)
					}
				}
			}
			t.Logf("%d quick fixes applied to %d diagnostics", fixes, len(before))
			if fixes < file.wantFixes {
				t.Errorf("%d quick fixes offered, want at least %d; diagnostics: %+v", fixes, file.wantFixes, before)
			}
		})
	}
	c.stop()
}

// lintKind is how lint reads a test file, by its extension.
func lintKind(name string) lint.Kind {
	switch filepath.Ext(name) {
	case ".dx":
		return lint.DSL
	case ".json":
		return lint.Request
	case ".partiql":
		return lint.PartiQL
	}
	return lint.Code
}

// sameDiagnostic reports whether an action is for diagnostic dg.
func sameDiagnostic(ds []diagnostic, dg diagnostic) bool {
	for _, d := range ds {
		if d.Code == dg.Code && d.Range == dg.Range && d.Message == dg.Message {
			return true
		}
	}
	return false
}

// count is how many findings of text have dg's rule and message: a fix
// moves the text after it, so the finding is told by what it says.
func count(l *lint.Linter, path, text string, dg diagnostic) int {
	n := 0
	for _, f := range l.Text(path, []byte(text), lintKind(path)).Findings {
		if f.Rule == dg.Code && strings.HasPrefix(dg.Message, f.Message) {
			n++
		}
	}
	return n
}
