package appcode

import (
	"testing"
)

// An environment variable's read, in the forms code writes it, is an
// Opaque value naming the variable; anything else stays what it was.
func TestEnvRead(t *testing.T) {
	for _, tc := range []struct {
		lang Lang
		src  string
		env  string // "" for a value that reads no variable
	}{
		{JavaScript, `ddb.send(new QueryCommand({TableName: process.env.ORDERS, KeyConditionExpression: "a = :a"}))`, "ORDERS"},
		{JavaScript, `ddb.send(new QueryCommand({TableName: process.env["ORDERS"], KeyConditionExpression: "a = :a"}))`, "ORDERS"},
		{JavaScript, `ddb.send(new QueryCommand({TableName: process.env?.ORDERS, KeyConditionExpression: "a = :a"}))`, "ORDERS"},
		{JavaScript, `ddb.send(new QueryCommand({TableName: process.env.ORDERS || "x", KeyConditionExpression: "a = :a"}))`, ""},
		{JavaScript, `ddb.send(new QueryCommand({TableName: process.env[name], KeyConditionExpression: "a = :a"}))`, ""},
		{JavaScript, `ddb.send(new QueryCommand({TableName: config.env.ORDERS, KeyConditionExpression: "a = :a"}))`, ""},
		{Python, `client.query(TableName=os.environ["ORDERS"], KeyConditionExpression="a = :a")`, "ORDERS"},
		{Python, `client.query(TableName=os.environ.get("ORDERS"), KeyConditionExpression="a = :a")`, "ORDERS"},
		{Python, `client.query(TableName=os.environ.get('ORDERS', 'dev-orders'), KeyConditionExpression="a = :a")`, "ORDERS"},
		{Python, `client.query(TableName=os.getenv("ORDERS"), KeyConditionExpression="a = :a")`, "ORDERS"},
		{Python, `client.query(TableName=environ["ORDERS"], KeyConditionExpression="a = :a")`, "ORDERS"},
		{Python, `client.query(TableName=getenv("ORDERS"), KeyConditionExpression="a = :a")`, "ORDERS"},
		{Python, `client.query(TableName=os.environ["ORDERS"] + "-v2", KeyConditionExpression="a = :a")`, ""},
		{Python, `client.query(TableName=os.getenv(name), KeyConditionExpression="a = :a")`, ""},
		{Python, `client.query(TableName=settings.environ["ORDERS"], KeyConditionExpression="a = :a")`, ""},
		{Java, `QueryRequest.builder().tableName(System.getenv("ORDERS")).keyConditionExpression("a = :a").build();`, "ORDERS"},
		{Java, `QueryRequest.builder().tableName(System.getenv(name)).keyConditionExpression("a = :a").build();`, ""},
		{Kotlin, `QueryRequest { tableName = System.getenv("ORDERS"); keyConditionExpression = "a = :a" }`, "ORDERS"},
	} {
		res := Read(tc.lang, []byte(tc.src))
		if len(res.Sites) != 1 {
			t.Errorf("%s: %d sites, want 1", tc.src, len(res.Sites))
			continue
		}
		seen := false
		for _, m := range res.Sites[0].Members {
			if m.Name != "TableName" {
				continue
			}
			seen = true
			if m.Value.Kind != Opaque || m.Value.Env != tc.env {
				t.Errorf("%s: TableName is kind %d, Env %q; want Opaque, Env %q", tc.src, m.Value.Kind, m.Value.Env, tc.env)
			}
		}
		if !seen {
			t.Errorf("%s: no TableName member", tc.src)
		}
	}
}

// Convert writes the table the environment variable holds as TableName,
// at the read's place, and says the name is the environment's; a variable
// Source.Env does not know stays computed.
func TestConvertEnvTable(t *testing.T) {
	code := []byte(`ddb.send(new QueryCommand({TableName: process.env.ORDERS, KeyConditionExpression: "a = :a"}))`)
	site := Read(JavaScript, code).Sites[0]

	src := NewSource("app.js", code)
	src.Env = func(v string) (string, bool) { return "OrdersTable", v == "ORDERS" }
	req, err := Convert(src, site, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := req.Obj.Member("TableName"); got == nil || got.Value.Text != "OrdersTable" {
		t.Fatalf("TableName = %+v, want OrdersTable", got)
	}
	if req.TableEnv() != "ORDERS" {
		t.Errorf("TableEnv() = %q, want ORDERS", req.TableEnv())
	}
	if at := req.Pos(req.File.Pos(req.Obj.Member("TableName").Value.Start + 1)); at.Col != 39 {
		t.Errorf("the table's name maps to column %d of the code, want 39 (process.env.ORDERS)", at.Col)
	}

	src = NewSource("app.js", code)
	src.Env = func(string) (string, bool) { return "", false }
	req, err = Convert(src, site, nil)
	if err != nil {
		t.Fatal(err)
	}
	if req.Obj.Member("TableName") != nil || req.TableEnv() != "" || !req.MayHave("TableName") {
		t.Errorf("an unknown variable: TableName %+v, TableEnv %q; want it computed", req.Obj.Member("TableName"), req.TableEnv())
	}
}
