package schema

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCDKOutExample: --schema examples/cdk.out follows manifest.json to
// the stack's template, which describes the tables of tickets.yaml and
// events.yaml (key types only), each also known by its construct's name.
func TestCDKOutExample(t *testing.T) {
	_, want := printedKeyTypes(t, "../examples/tickets.yaml", "../examples/events.yaml")
	s, got := printedKeyTypes(t, "../examples/cdk.out")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cdk.out differs from tickets.yaml + events.yaml (-want +got):\n%s", diff)
	}
	for construct, name := range map[string]string{"TicketsTable": "Tickets", "ByCustomerTable": "TicketsByCustomer", "EventsTable": "WorkspaceEvents"} {
		if tb := s.Table(construct); tb == nil || tb.Name != name {
			t.Errorf("Table(%q) = %+v, want table %q", construct, tb, name)
		}
	}
}

func TestCDKConstructNames(t *testing.T) {
	const file = "testdata/cdk/history.json"
	for _, tt := range []struct {
		vars map[string]string
		want []string // Name, Logical, Unresolved
	}{
		{nil, []string{
			"HistoryTable24A0CCCB", "HistoryTable", `resource "HistoryTable24A0CCCB" at testdata/cdk/history.json:3:5 has no TableName, so CloudFormation makes one up when it creates the table: pin the name with TableName, or pass --var HistoryTable=NAME (its name in DynamoDB)`,
			"audit", "Log", "",
		}},
		{map[string]string{"HistoryTable": "HistoryStack-HistoryTable24A0CCCB-1X2Y3Z"}, []string{
			"HistoryStack-HistoryTable24A0CCCB-1X2Y3Z", "HistoryTable", "",
			"audit", "Log", "",
		}},
	} {
		s, err := LoadWith(Options{Vars: tt.vars}, file)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, origins(s)); diff != "" {
			t.Errorf("vars %v (-want +got):\n%s", tt.vars, diff)
		}
	}
}

func TestCDKOutErrors(t *testing.T) {
	_, err := Load("testdata/cdk/nostack.out")
	want := `testdata/cdk/nostack.out/manifest.json: error: the CDK manifest lists no stack (no artifact of type "aws:cloudformation:stack", in it or in an assembly nested in it): run cdk synth, or name the templates with --schema`
	if err == nil || err.Error() != want {
		t.Errorf("Load(nostack.out) = %v, want %s", err, want)
	}
}

// TestCDKStages: the stacks of a CDK Stage are in a nested assembly
// (assembly-Prod/, an artifact of type cdk:cloud-assembly), read with the
// top-level stacks. Two Stages hold the same stacks and constructs: their
// tables are named by the construct's whole path, and a name CloudFormation
// makes up starts with the stack's, so neither hides the other.
func TestCDKStages(t *testing.T) {
	const beta = "testdata/cdk/stages.out/assembly-Beta/BetaApiStack0C3B9F21.template.json"
	const prod = "testdata/cdk/stages.out/assembly-Prod/ProdApiStackE1D3A6C5.template.json"
	for _, tt := range []struct {
		vars map[string]string
		want []string // Name, Logical, Unresolved
	}{
		{nil, []string{
			"shared-config", "Config", "",
			"beta-tickets", "Beta/ApiStack/Tickets", "",
			"Beta-ApiStack-History24A0CCCB", "Beta/ApiStack/History", `resource "History24A0CCCB" at ` + beta + `:29:5 has no TableName, so CloudFormation makes one up when it creates the table: pin the name with TableName, or pass --var Beta/ApiStack/History=NAME (its name in DynamoDB)`,
			"prod-tickets", "Prod/ApiStack/Tickets", "",
			"Prod-ApiStack-History24A0CCCB", "Prod/ApiStack/History", `resource "History24A0CCCB" at ` + prod + `:29:5 has no TableName, so CloudFormation makes one up when it creates the table: pin the name with TableName, or pass --var Prod/ApiStack/History=NAME (its name in DynamoDB)`,
		}},
		{map[string]string{"Prod/ApiStack/History": "Prod-ApiStack-History24A0CCCB-1Q2W3E4R5T6Y"}, []string{
			"shared-config", "Config", "",
			"beta-tickets", "Beta/ApiStack/Tickets", "",
			"Beta-ApiStack-History24A0CCCB", "Beta/ApiStack/History", `resource "History24A0CCCB" at ` + beta + `:29:5 has no TableName, so CloudFormation makes one up when it creates the table: pin the name with TableName, or pass --var Beta/ApiStack/History=NAME (its name in DynamoDB)`,
			"prod-tickets", "Prod/ApiStack/Tickets", "",
			"Prod-ApiStack-History24A0CCCB-1Q2W3E4R5T6Y", "Prod/ApiStack/History", "",
		}},
	} {
		s, err := LoadWith(Options{Vars: tt.vars}, "testdata/cdk/stages.out")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, origins(s)); diff != "" {
			t.Errorf("vars %v (-want +got):\n%s", tt.vars, diff)
		}
		if tb := s.Table("Prod/ApiStack/Tickets"); tb == nil || tb.Name != "prod-tickets" {
			t.Errorf("Table(Prod/ApiStack/Tickets) = %+v, want prod-tickets", tb)
		}
	}
}

// TestCDKStageOnly: a cloud assembly whose stacks are all in Stages is read
// through its nested assemblies, not refused as having no stack.
func TestCDKStageOnly(t *testing.T) {
	s, err := Load("testdata/cdk/stageonly.out")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.TableNames(), []string{"prod-tickets", "Prod-ApiStack-History24A0CCCB"}; !slices.Equal(got, want) {
		t.Errorf("tables %v, want %v", got, want)
	}
}

func TestCDKNestedErrors(t *testing.T) {
	for _, tt := range []struct {
		manifest, want string
	}{
		{`{"artifacts": {"assembly-Prod": {"type": "cdk:cloud-assembly", "properties": {}}}}`,
			`DIR/manifest.json: error: nested assembly "assembly-Prod" of the CDK manifest has no properties.directoryName: run cdk synth again`},
		{`{"artifacts": {"assembly-Prod": {"type": "cdk:cloud-assembly", "properties": {"directoryName": "assembly-Prod"}}}}`,
			`DIR/assembly-Prod/manifest.json: error: cannot read the CDK manifest: open DIR/assembly-Prod/manifest.json: no such file or directory`},
		// A manifest that names its own folder is read once.
		{`{"artifacts": {"self": {"type": "cdk:cloud-assembly", "properties": {"directoryName": "."}}}}`,
			`DIR/manifest.json: error: the CDK manifest lists no stack (no artifact of type "aws:cloudformation:stack", in it or in an assembly nested in it): run cdk synth, or name the templates with --schema`},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(tt.manifest), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(dir)
		if want := strings.ReplaceAll(tt.want, "DIR", dir); err == nil || err.Error() != want {
			t.Errorf("manifest %s: Load = %v, want %s", tt.manifest, err, want)
		}
	}
}
