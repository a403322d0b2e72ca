package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/schema"
)

// A handler (testdata/env/SOURCES.md) reads its table's name from
// the environment its template gives it: with the template the request is
// checked against that table and its TableName is no member lint could
// not check; without the variable in any function, it is, and says why.
func TestEnvRealHandler(t *testing.T) {
	dir := filepath.Join("testdata", "env", "apigw-websocket-mapping-template-authorizer")
	sch, err := schema.Load(filepath.Join(dir, "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "src", "sendmessage.mjs")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}

	r := (&Linter{Schema: sch}).Text(file, data, Code)
	if r.Sites != 1 {
		t.Fatalf("%d sites, want the scan of line 9", r.Sites)
	}
	for _, s := range r.CodeSkips {
		if s.Member == "TableName" {
			t.Errorf("TableName not checked: %s", s.Why)
		}
	}
	if len(r.Findings) != 0 {
		t.Errorf("findings on a request DynamoDB accepts: %v", r.Findings)
	}

	// The schema without the template's functions names no table for it.
	bare := &schema.Schema{Tables: sch.Tables}
	r = (&Linter{Schema: bare}).Text(file, data, Code)
	var why []string
	for _, s := range r.CodeSkips {
		if s.Member == "TableName" {
			why = append(why, s.Pos.String()+": "+s.Why)
		}
	}
	want := file + ":10:16: read from environment variable TABLE_NAME, which no function of the schema is given as a table"
	if len(why) != 1 || !strings.HasPrefix(why[0], want) {
		t.Errorf("TableName skips = %q, want one starting %q", why, want)
	}

}
