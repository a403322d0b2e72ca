package schema

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/goldenfile"
	"github.com/google/go-cmp/cmp"
)

// The sources as repositories write them, each with what `dynexpr schema`
// prints for it kept in testdata/sources/NAME.yaml (go test -update
// rewrites them; review with git diff).
var sourceCases = []struct {
	name string
	path string
	vars map[string]string
	env  map[string]string
}{
	{name: "cdk-stages", path: "testdata/cdk/stages.out"},
	{name: "cdk-stage-only", path: "testdata/cdk/stageonly.out"},
	{name: "serverless-nested", path: "testdata/serverless/nested.yml"},
	{name: "serverless-nested-prod", path: "testdata/serverless/nested.yml",
		vars: map[string]string{"stage": "prod"}, env: map[string]string{"TABLE_PREFIX": "acme"}},
	{name: "pulumi-autonamed", path: "testdata/pulumi/autonamed.json"},
	{name: "pulumi-example", path: "../examples/desk.pulumi.json"},
	{name: "merge-project", path: "testdata/project/merge.yaml"},
	{name: "merge-cfn", path: "testdata/cfn/merge.yaml"},
}

// lookupIn is an Options.Env of the variables given.
func lookupIn(vars map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	}
}

func TestSourcesGolden(t *testing.T) {
	for _, tt := range sourceCases {
		t.Run(tt.name, func(t *testing.T) {
			s, err := LoadWith(Options{Vars: tt.vars, Env: lookupIn(tt.env)}, tt.path)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := WriteYAML(&b, s); err != nil {
				t.Fatal(err)
			}
			goldenfile.Check(t, filepath.Join("testdata", "sources", tt.name+".yaml"), b.String())
		})
	}
}

// TestSourcesAgainstDeployed: `schema diff` of each source against the
// describe-table output of the tables it deployed (testdata/deployed).
func TestSourcesAgainstDeployed(t *testing.T) {
	for _, tt := range []struct {
		source   string
		vars     map[string]string
		env      map[string]string
		deployed string
		want     []string
	}{
		// A CDK Stage, its table without a TableName given the name
		// CloudFormation made up.
		{"testdata/cdk/stageonly.out", map[string]string{"Prod/ApiStack/History": "Prod-ApiStack-History24A0CCCB-1Q2W3E4R5T6Y"}, nil,
			"testdata/deployed/cdk-prod.describe.json", nil},
		// The other Stage of the same app is other tables.
		{"testdata/cdk/stages.out/assembly-Beta", nil, nil, "testdata/deployed/cdk-prod.describe.json", []string{
			"table beta-tickets: only in A",
			`table Beta-ApiStack-History24A0CCCB: not compared: A cannot tell its name in DynamoDB: resource "History24A0CCCB" at testdata/cdk/stages.out/assembly-Beta/BetaApiStack0C3B9F21.template.json:29:5 has no TableName, so CloudFormation makes one up when it creates the table: pin the name with TableName, or pass --var History=NAME (its name in DynamoDB)`,
			"table prod-tickets: only in B",
			"table Prod-ApiStack-History24A0CCCB-1Q2W3E4R5T6Y: only in B",
		}},
		{"testdata/serverless/nested.yml", map[string]string{"stage": "prod"}, map[string]string{"TABLE_PREFIX": "acme"},
			"testdata/deployed/serverless-prod.describe.json", nil},
		// The environment decides a name: without it, the default.
		{"testdata/serverless/nested.yml", map[string]string{"stage": "prod"}, nil,
			"testdata/deployed/serverless-prod.describe.json", []string{
				"table desk-prod-archive: only in A",
				"table acme-prod-archive: only in B",
			}},
		// The deployed index projects more than the stack says: drift.
		{"testdata/pulumi/autonamed.json", nil, nil, "testdata/deployed/pulumi.describe.json", []string{
			"table billing-log-91f3c7d: index by-g: projection KEYS_ONLY vs ALL",
		}},
	} {
		a, err := LoadWith(Options{Vars: tt.vars, Env: lookupIn(tt.env)}, tt.source)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Load(tt.deployed)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range Diff(a, b) {
			got = append(got, d.String())
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("diff %s %s (-want +got):\n%s", tt.source, tt.deployed, diff)
		}
	}
}

// TestPulumi: the tables of a stack export, by their deployed names; a
// resource's name is the table's logical name where no other table has
// it; a table Pulumi replaced and has yet to delete is not read.
func TestPulumi(t *testing.T) {
	s, err := Load("testdata/pulumi/autonamed.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"sessions-7c1e9f3", "sessions", "",
		"audit-log-5d0b6e2", "", "", // two resources are called log
		"billing-log-91f3c7d", "", "",
	}
	if diff := cmp.Diff(want, origins(s)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if tb := s.Table("sessions"); tb == nil || tb.Name != "sessions-7c1e9f3" {
		t.Errorf("Table(sessions) = %+v", tb)
	}
}

func TestPulumiErrors(t *testing.T) {
	const head = `{"version": 3, "deployment": {"resources": [{"urn": "urn:pulumi:dev::p::aws:dynamodb/table:Table::t", "type": "aws:dynamodb/table:Table", "outputs": `
	for _, tt := range []struct{ outputs, want string }{
		{`{"hashKey": "id", "attributes": [{"name": "id", "type": "S"}]}`,
			`IN:1:150: error: resource "urn:pulumi:dev::p::aws:dynamodb/table:Table::t" has no name in this output (pulumi stack export writes a created table's name among its outputs, unless the name is a secret): give dynexpr the deployed table's describe-table output instead`},
		{`{"name": "tbl", "hashKey": "id", "attributes": []}`,
			`IN:1:177: error: key attribute "id" of table "tbl" has no type: add an element {name: "id", type: "S"} (or "N", "B") to the table's attributes`},
		{`{"name": "tbl", "hashKey": "id", "attributes": [{"name": "id", "type": "S"}], "globalSecondaryIndexes": [{"name": "gsi1", "hashKey": "id"}]}`,
			`IN:1:255: error: index "gsi1" has no projectionType: pulumi stack export writes it`},
		{`{"name": "tbl", "hashKey": "id", "attributes": [{"name": "id", "type": "S"}], "globalSecondaryIndexes": [{"name": "gsi", "keySchemas": [{"attributeName": "id"}], "projectionType": "ALL"}]}`,
			`IN:1:286: error: a keySchemas element of index "gsi" needs attributeName and keyType`},
	} {
		_, err := Parse("IN", []byte(head+tt.outputs+"}]}}"))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("outputs %s: got %v, want %s", tt.outputs, err, tt.want)
		}
	}
}
