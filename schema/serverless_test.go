package schema

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestServerlessExample: examples/serverless.yml describes the tables of
// tickets.yaml and events.yaml, as `dynexpr schema` prints them (key types
// only: CloudFormation declares no others).
func TestServerlessExample(t *testing.T) {
	_, want := printedKeyTypes(t, "../examples/tickets.yaml", "../examples/events.yaml")
	if _, got := printedKeyTypes(t, "../examples/serverless.yml"); got != want {
		diff := cmp.Diff(want, got)
		t.Errorf("serverless.yml differs from tickets.yaml + events.yaml (-want +got):\n%s", diff)
	}
}

func TestServerlessVariables(t *testing.T) {
	const file = "testdata/serverless/stage.yml"
	for _, tt := range []struct {
		vars map[string]string
		want []string // Name, Logical, Unresolved of each table
	}{
		{nil, []string{
			"desk-dev-tickets", "TicketsTable", "",
			"AuditTable", "", "its TableName at testdata/serverless/stage.yml:22:20 cannot be evaluated: AWS::StackName is only known when the stack is deployed: pass --var AWS::StackName=VALUE",
		}},
		{map[string]string{"stage": "prod", "AWS::StackName": "desk-prod"}, []string{
			"desk-prod-tickets", "TicketsTable", "",
			"desk-prod-audit", "AuditTable", "",
		}},
	} {
		s, err := LoadWith(Options{Vars: tt.vars}, file)
		if err != nil {
			t.Fatal(err)
		}
		got := origins(s)
		for _, tb := range s.Tables {
			if diff := cmp.Diff(Key{Partition: []string{tb.Key.Partition[0]}}, tb.Key); diff != "" || !strings.Contains("id pk", tb.Key.Partition[0]) {
				t.Errorf("%s: key %v, want id or pk", tb.Name, tb.Key)
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("vars %v: (-want +got):\n%s", tt.vars, diff)
		}
	}
}

func TestServerlessErrors(t *testing.T) {
	for file, want := range map[string][]string{
		"unknown-key.yml": {
			"10:29: error: the value of AttributeName cannot be known: dynexpr does not resolve ${env:PK}, which the framework reads from outside the file: write the value, or give a default (${env:PK, 'VALUE'})",
			"12:29: error: the value of AttributeName cannot be known: dynexpr does not resolve ${env:PK}, which the framework reads from outside the file: write the value, or give a default (${env:PK, 'VALUE'})",
		},
		"file-resources.yml": {
			"4:5: error: dynexpr does not read the resources file ${file(resources/dynamodb.yml)}: write the fragment's Resources in serverless.yml, or give dynexpr the file as a CloudFormation template",
		},
		"no-resources.yml": {
			"1:1: error: the serverless.yml has no resources: dynexpr reads the DynamoDB tables its resources.Resources declares",
		},
		"cycle.yml": {
			"11:48: error: the value of AttributeName cannot be known: its variables refer to each other without end",
		},
	} {
		path := filepath.Join("testdata", "serverless", "errors", file)
		_, err := Load(path)
		if err == nil {
			t.Errorf("Load(%s) succeeded, want an error", path)
			continue
		}
		for i := range want {
			want[i] = path + ":" + want[i]
		}
		if diff := cmp.Diff(want, strings.Split(err.Error(), "\n")); diff != "" {
			t.Errorf("Load(%s) (-want +got):\n%s", path, diff)
		}
	}
}

// FuzzServerless feeds the Serverless reader variants of serverless.yml
// files, with a stage given, and checks what FuzzParse checks.
func FuzzServerless(f *testing.F) {
	files, _ := filepath.Glob("testdata/serverless/*.yml")
	more, _ := filepath.Glob("testdata/serverless/errors/*.yml")
	for _, file := range append(append(files, more...), "../examples/serverless.yml") {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("service: s\nprovider: {}\ncustom: {n: '${self:custom.n}x'}\nresources: {Resources: {T: {Type: AWS::DynamoDB::Table, Properties: {TableName: '${self:custom.n, \"abc\"}', AttributeDefinitions: [{AttributeName: '${opt:k, ${self:service}}', AttributeType: S}], KeySchema: [{AttributeName: s, KeyType: HASH}]}}}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkParse(t, "fuzz.yaml", data, Options{Vars: map[string]string{"stage": "prod"}})
	})
}

// origins lists the Name, Logical and Unresolved of every table.
func origins(s *Schema) []string {
	var out []string
	for _, tb := range s.Tables {
		out = append(out, tb.Name, tb.Logical, tb.Unresolved)
	}
	return out
}

// printedKeyTypes loads paths and prints them as `dynexpr schema` does,
// with only the key attributes' types (keyTypesOnly).
func printedKeyTypes(t *testing.T, paths ...string) (*Schema, string) {
	t.Helper()
	s, err := Load(paths...)
	if err != nil {
		t.Fatal(err)
	}
	// The sources name the tables their own way (logical IDs, construct
	// names): what must agree is the tables.
	printed := &Schema{}
	for _, t := range keyTypesOnly(s).Tables {
		c := *t
		c.Logical = ""
		printed.Tables = append(printed.Tables, &c)
	}
	var b bytes.Buffer
	if err := WriteYAML(&b, printed); err != nil {
		t.Fatal(err)
	}
	return s, b.String()
}
