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
			"10:29: error: the value of AttributeName cannot be known: ${env:PK} is not set in the environment: set PK, or give a default (${env:PK, 'VALUE'})",
			"12:29: error: the value of AttributeName cannot be known: ${env:PK} is not set in the environment: set PK, or give a default (${env:PK, 'VALUE'})",
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

// TestServerlessNestedVariables: testdata/serverless/nested.yml names its
// tables through a variable inside a variable (${self:custom.names.${...}}),
// an option whose default is another variable, and the environment with a
// default (${env:TABLE_PREFIX, 'desk'}), which the framework reads from
// the process and dynexpr from Options.Env: an empty value counts as none.
func TestServerlessNestedVariables(t *testing.T) {
	env := func(vars map[string]string) func(string) (string, bool) {
		return func(name string) (string, bool) { v, ok := vars[name]; return v, ok }
	}
	for _, tt := range []struct {
		vars, env map[string]string
		want      []string
	}{
		{nil, nil, []string{"tickets-dev", "desk-dev-archive"}},
		{map[string]string{"stage": "prod"}, nil, []string{"tickets", "desk-prod-archive"}},
		{map[string]string{"stage": "prod"}, map[string]string{"TABLE_PREFIX": "acme"}, []string{"tickets", "acme-prod-archive"}},
		{nil, map[string]string{"TABLE_PREFIX": ""}, []string{"tickets-dev", "desk-dev-archive"}},
	} {
		s, err := LoadWith(Options{Vars: tt.vars, Env: env(tt.env)}, "testdata/serverless/nested.yml")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, s.TableNames()); diff != "" {
			t.Errorf("vars %v, env %v (-want +got):\n%s", tt.vars, tt.env, diff)
		}
	}
}

// TestServerlessVariableForms: each form of variable alone, as the
// framework resolves it.
func TestServerlessVariableForms(t *testing.T) {
	for _, tt := range []struct {
		name, custom string
		vars, env    map[string]string
		want         string // the table's name, or its Unresolved
	}{
		{"${self:custom.names.${sls:stage}}", "{names: {beta: t-beta, prod: t-prod}}", nil, nil, "t-beta"},
		{"${self:custom.names.${sls:stage}}", "{names: {beta: t-beta, prod: t-prod}}", map[string]string{"stage": "prod"}, nil, "t-prod"},
		{"${self:custom.names.${opt:region}}", "{names: {a: t-a}}", nil, nil,
			"its TableName at IN:4:195 cannot be evaluated: ${opt:region} is a command-line option of the framework: pass --var region=VALUE, or give a default (${opt:region, 'VALUE'})"},
		{"t-${opt:stage, self:provider.stage}", "{}", nil, nil, "t-beta"},
		{"t-${opt:stage, self:provider.stage}", "{}", map[string]string{"stage": "prod"}, nil, "t-prod"},
		{"${env:NAME, 'fallback'}", "{}", nil, nil, "fallback"},
		{"${env:NAME, 'fallback'}", "{}", nil, map[string]string{"NAME": "from-env"}, "from-env"},
		{"${env:NAME}", "{}", nil, nil,
			"its TableName at IN:4:195 cannot be evaluated: ${env:NAME} is not set in the environment: set NAME, or give a default (${env:NAME, 'VALUE'})"},
	} {
		src := "service: s\nprovider: {name: aws, stage: beta}\ncustom: " + tt.custom + "\n" +
			"resources: {Resources: {Table: {Type: AWS::DynamoDB::Table, Properties: {AttributeDefinitions: [{AttributeName: k, AttributeType: S}], KeySchema: [{AttributeName: k, KeyType: HASH}], TableName: \"" + tt.name + "\"}}}}\n"
		s, err := ParseWith(Options{Vars: tt.vars, Env: func(n string) (string, bool) { v, ok := tt.env[n]; return v, ok }}, "IN", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		got := s.Tables[0].Name
		if s.Tables[0].Unresolved != "" {
			got = s.Tables[0].Unresolved
		}
		if got != tt.want {
			t.Errorf("%s (vars %v, env %v): got %s, want %s", tt.name, tt.vars, tt.env, got, tt.want)
		}
	}
}
