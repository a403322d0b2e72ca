package schema

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The tables of testdata/terraform/module and of testdata/terraform/plan.json.
func tfOrders(name string) *Table {
	return &Table{
		Name: name, Logical: "orders", TTL: "expiresAt",
		Key:        Key{Partition: []string{"orderId"}},
		Attributes: map[string]Type{"orderId": String, "tenantId": String, "region": String, "createdAt": Number, "expiresAt": Number},
		Indexes: []*Index{{
			Name: "by-tenant-region", Global: true,
			Key:        Key{Partition: []string{"tenantId", "region"}, Sort: []string{"createdAt"}},
			Projection: ProjectKeysOnly,
		}},
	}
}

var tfSessions = &Table{
	Name: "Sessions", Logical: "sessions",
	Key:        Key{Partition: []string{"user"}, Sort: []string{"started"}},
	Attributes: map[string]Type{"user": String, "started": Number, "device": String},
	Indexes: []*Index{{
		Name: "by-device", Key: Key{Partition: []string{"user"}, Sort: []string{"device"}},
		Projection: ProjectInclude, Include: []string{"ip"},
	}},
}

func TestTerraform(t *testing.T) {
	const module, plan = "testdata/terraform/module", "testdata/terraform/plan.json"
	tests := []struct {
		name string
		path string
		vars map[string]string
		want []*Table
	}{
		// x.auto.tfvars wins over terraform.tfvars; count = 0 makes no table.
		{"module", module, nil, []*Table{tfOrders("app-test-orders"), tfSessions}},
		// --var wins over every file.
		{"module --var", module, map[string]string{"stage": "prod"}, []*Table{tfOrders("app-prod-orders"), tfSessions}},
		// A file on its own: no tfvars, and only its own variables.
		{"tf.json file", module + "/sessions.tf.json", nil, []*Table{tfSessions}},
		// A plan: child modules read; one of a for_each's tables has no
		// Logical name (it would name every instance).
		{"plan", plan, nil, []*Table{tfOrders("app-prod-orders"), {
			Name: "acme-items", Key: Key{Partition: []string{"pk"}, Sort: []string{"sk"}},
			Attributes: map[string]Type{"pk": String, "sk": String, "updatedAt": Number},
			Indexes: []*Index{{
				Name: "by-updated", Key: Key{Partition: []string{"pk"}, Sort: []string{"updatedAt"}}, Projection: ProjectAll,
			}},
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := LoadWith(Options{Vars: tt.vars}, tt.path)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, s.Tables, ignorePos); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
			checkOffsets(t, s)
			// dynexpr schema prints it in project YAML, which reads back
			// the same, logical names and TTL included.
			var buf bytes.Buffer
			if err := WriteYAML(&buf, s); err != nil {
				t.Fatal(err)
			}
			back, err := Parse("written.yaml", buf.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(s.Tables, back.Tables, ignorePos); diff != "" {
				t.Errorf("Parse(WriteYAML(x)) != x (-x +back):\n%s", diff)
			}
		})
	}
	s, err := Load(module)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Table("orders"); got == nil || got.Name != "app-test-orders" {
		t.Errorf(`Table("orders") = %v, want the table the resource "orders" names`, got)
	}
	if got, want := s.Table("orders").Pos, at(module+"/main.tf", 2, 14); got.File != want.File || got.Line != want.Line || got.Col != want.Col {
		t.Errorf("orders declared at %v, want %v (where its name is written)", got, want)
	}
}

// checkOffsets checks that every position of s agrees with its offset.
func checkOffsets(t *testing.T, s *Schema) {
	t.Helper()
	for _, tb := range s.Tables {
		data, err := os.ReadFile(tb.Pos.File)
		if err != nil {
			t.Fatal(err)
		}
		if want := diag.PosAt(tb.Pos.File, data, tb.Pos.Offset); want != tb.Pos {
			t.Errorf("table %s at %+v, but its offset is at %+v", tb.Name, tb.Pos, want)
		}
	}
}

// TestTerraformExamples: the module and its terraform show -json describe
// the tables of examples/tickets.yaml and events.yaml, which a schema diff
// between them must find equal. Terraform types key attributes only, and
// keeps non_key_attributes as a set (sorted in show -json).
func TestTerraformExamples(t *testing.T) {
	yamls, err := Load("../examples/tickets.yaml", "../examples/events.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := normalTables(keyTypesOnly(yamls))
	logical := map[string]string{"Tickets": "tickets", "TicketsByCustomer": "tickets_by_customer", "WorkspaceEvents": "events"}
	for _, path := range []string{"../examples/terraform", "../examples/terraform/show.json"} {
		s, err := Load(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		checkOffsets(t, s)
		for _, tb := range s.Tables {
			if tb.Logical != logical[tb.Name] {
				t.Errorf("%s: table %s has the logical name %q, want %q", path, tb.Name, tb.Logical, logical[tb.Name])
			}
			tb.Logical = ""
		}
		if diff := cmp.Diff(want, normalTables(s), ignorePos); diff != "" {
			t.Errorf("%s: mismatch with the YAML examples (-yaml +terraform):\n%s", path, diff)
		}
	}
	dev, err := LoadWith(Options{Vars: map[string]string{"stage": "dev"}}, "../examples/terraform")
	if err != nil {
		t.Fatal(err)
	}
	if got := dev.TableNames(); !slices.Contains(got, "WorkspaceEvents-dev") {
		t.Errorf("--var stage=dev: tables %v, want WorkspaceEvents-dev among them", got)
	}
}

// normalTables sorts the tables by name and each index's Include list.
func normalTables(s *Schema) []*Table {
	out := slices.Clone(s.Tables)
	slices.SortFunc(out, func(a, b *Table) int { return strings.Compare(a.Name, b.Name) })
	for _, t := range out {
		for _, ix := range t.Indexes {
			slices.Sort(ix.Include)
		}
	}
	return out
}

// TestTerraformErrors loads each file of testdata/tferrors and checks the
// exact messages, as TestErrors does.
func TestTerraformErrors(t *testing.T) {
	tests := []struct {
		file string
		vars map[string]string
		want []string
	}{
		{"bad-type.tf", nil, []string{
			`6:12: error: unknown type "string" for attribute "id": write S (string), N (number) or B (binary)`,
		}},
		{"function.tf", nil, []string{
			`7:14: error: "md5" decides the hash_key of resource "aws_dynamodb_table" "orders", and dynexpr does not evaluate that function of Terraform's: write the value, ` + tfMissing,
		}},
		{"index.tf", nil, []string{
			`12:3: error: index "by-tenant" has no projection_type: write projection_type = "ALL" (or "KEYS_ONLY", "INCLUDE")`,
			`21:24: error: unknown key_type "PARTITION": write HASH (partition key) or RANGE (sort key)`,
			`29:23: error: table "Orders" has no sort key, which a local index needs ("Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"): give the table a sort key, or make index "lsi" global`,
		}},
		{"no-hash-key.tf", nil, []string{
			`1:1: error: table "Orders" has no partition key: write hash_key = NAME`,
		}},
		{"references.tf", nil, []string{
			`13:14: error: local.key, which decides the hash_key of resource "aws_dynamodb_table" "copy", is not defined in the module: define it in a locals block, ` + tfMissing,
		}},
		{"show-bad.json", nil, []string{
			`8:58: error: unknown type "STRING" for attribute "id": write S (string), N (number) or B (binary)`,
			`10:29: error: table "Orders" has no partition key: write hash_key = NAME`,
		}},
		{"syntax.tf", nil, []string{
			`3:14: error: invalid expression: expected the start of an expression, but found an invalid expression token`,
		}},
		{"unknown-variable.tf", nil, []string{
			`3:14: error: var.key, which decides the hash_key of resource "aws_dynamodb_table" "orders", has no value: give the variable a default, pass --var key=VALUE, ` + tfMissing,
		}},
		{"not-tf-json.json", nil, []string{
			`1:1: error: this looks like Terraform configuration in JSON, which Terraform reads only from files named *.tf.json: rename the file`,
		}},
		{"no-table.tf", nil, []string{
			` error: no aws_dynamodb_table resource here: dynexpr reads the tables Terraform declares with resource "aws_dynamodb_table" "NAME" { ... } and with the modules terraform-aws-modules/dynamodb-table/aws and cloudposse/dynamodb/aws`,
		}},
		{"typo.tf", nil, []string{
			`3:3: error: resource "aws_dynamodb_table" "orders" has no hash_key; did you mean "hash_key" instead of "hash_kye"?`,
			`11:5: error: attribute "at" has no type; did you mean "type" instead of "tpye"?`,
			`16:5: error: index "by-at" has no projection_type; did you mean "projection_type" instead of "projection_typ"?`,
		}},
		{"calls-module.tf", nil, []string{
			` error: no aws_dynamodb_table resource here: dynexpr reads the tables Terraform declares with resource "aws_dynamodb_table" "NAME" { ... } and with the modules terraform-aws-modules/dynamodb-table/aws and cloudposse/dynamodb/aws; module "db" (testdata/tferrors/calls-module.tf:1) is not followed: give its folder as the schema, ` + tfMissing,
		}},
		// A module call's arguments, each problem at its element where the
		// call writes it out, at the argument where it is a variable.
		{"module-call.tf", nil, []string{
			`8:14: error: var.key, which decides the hash_key of module "aws", has no value: give the variable a default, pass --var key=VALUE, ` + tfMissing,
			`10:27: error: unknown type "string" for attribute "id": write S (string), N (number) or B (binary)`,
			`11:5: error: attribute "x" has no type: write type = "S" (or "N", "B")`,
			`13:30: error: index "by-x" has no projection_type: write projection_type = "ALL" (or "KEYS_ONLY", "INCLUDE")`,
			`16:1: error: module "cp" has no table_name and no labels to build one from: write table_name = "TABLE" (or name = "NAME")`,
			`16:1: error: module "cp" has no hash_key: write hash_key = NAME`,
			`19:5: error: an index of the global_secondary_index_map of module "cp" has no name: write name = "INDEX"`,
		}},
		// A --var is text: where a count needs a number, it must read as one.
		{"count.tf", map[string]string{"copies": "two"}, []string{
			`4:14: error: the count of resource "aws_dynamodb_table" "orders" is not a number, which Terraform refuses: write a whole number`,
		}},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.file] = true
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", "tferrors", tt.file)
			s, err := LoadWith(Options{Vars: tt.vars}, path)
			if err == nil {
				t.Fatalf("Load(%s) = %d tables, want an error", path, len(s.Tables))
			}
			checkErrorLines(t, path, err, tt.want)
		})
	}
	files, _ := filepath.Glob("testdata/tferrors/*")
	for _, f := range files {
		if !seen[filepath.Base(f)] {
			t.Errorf("%s has no expected error in TestTerraformErrors", f)
		}
	}
}

// TestTerraformDirKinds: a folder without Terraform files says which kinds
// of folder were tried.
func TestTerraformDirKinds(t *testing.T) {
	_, err := Load("testdata/load")
	if err == nil || !strings.Contains(err.Error(), "a Terraform module: *.tf or *.tf.json files") {
		t.Errorf("Load(folder of YAML) = %v, want the kinds of folder tried", err)
	}
}

// TestTerraformUnresolved: a name that cannot be evaluated leaves the table
// read under its resource's name, known by its address, with its name as
// written (what is known evaluated, the rest left as written) and why; the
// variables read are declared, terraform.workspace among them, for --var
// to be checked against.
func TestTerraformUnresolved(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main.tf", `variable "env" {}
locals {
  app = lower("Shop")
}
resource "aws_dynamodb_table" "orders" {
  name     = "${local.app}-${var.env}-${terraform.workspace}"
  hash_key = "id"
  attribute {
    name = "id"
    type = "S"
  }
}
`)
	write("events.tf.json", `{"resource": {"aws_dynamodb_table": {"events": {"name": "${var.env}-events", "hash_key": "id", "attribute": [{"name": "id", "type": "S"}]}}}}`)
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []*Table{
		{Name: "events", Logical: "aws_dynamodb_table.events", Template: "*-events", Key: Key{Partition: []string{"id"}}, Attributes: map[string]Type{"id": String}},
		{Name: "orders", Logical: "aws_dynamodb_table.orders", Template: "shop-*-default", Key: Key{Partition: []string{"id"}}, Attributes: map[string]Type{"id": String}},
	}
	if diff := cmp.Diff(want, s.Tables, ignorePos, cmpopts.IgnoreFields(Table{}, "Unresolved")); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	for _, tb := range s.Tables {
		if !strings.Contains(tb.Unresolved, "pass --var env=VALUE") {
			t.Errorf("table %s: Unresolved %q does not say to pass --var env=VALUE", tb.Name, tb.Unresolved)
		}
	}
	if s.Table("aws_dynamodb_table.orders") == nil {
		t.Error(`Table("aws_dynamodb_table.orders") = nil, want the table by its address`)
	}
	var names []string
	for _, v := range s.Variables {
		names = append(names, v.Name)
	}
	if want := []string{"env", "terraform.workspace"}; !slices.Equal(names, want) {
		t.Errorf("variables %v, want %v", names, want)
	}
	// --var resolves it, terraform.workspace too.
	s, err = LoadWith(Options{Vars: map[string]string{"env": "qa", "terraform.workspace": "blue"}}, dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.TableNames(); !slices.Equal(got, []string{"qa-events", "shop-qa-blue"}) {
		t.Errorf("tables %v, want [qa-events shop-qa-blue]", got)
	}
}

// TestTerraformExpands reads count, for_each and dynamic blocks as
// Terraform expands them, and leaves out, with a note, the resource whose
// for_each only Terraform knows.
func TestTerraformExpands(t *testing.T) {
	s, err := Load("testdata/terraform/expand")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"dev-app", "dev-orgs-lookup", "dev-users-lookup", "dev-shard-0", "dev-shard-1", "shop-carts", "shop-orders", "dev-carts-history", "dev-orders-history"}
	if diff := cmp.Diff(want, s.TableNames()); diff != "" {
		t.Errorf("tables (-want +got):\n%s", diff)
	}
	app := s.Table("dev-app")
	if app == nil || app.TTL != "expiresAt" || len(app.Indexes) != 1 || app.Indexes[0].Name != "gsi1" || app.AttrType("gsi1sk") != String {
		t.Errorf("dev-app from its dynamic blocks: %+v", app)
	}
	if len(s.Notes) != 1 || !strings.Contains(s.Notes[0].Msg, `resource "aws_dynamodb_table" "regional" is left out`) {
		t.Errorf("notes %+v, want the one of regional", s.Notes)
	}
	if carts := s.Table("shop-carts"); carts == nil || len(carts.Key.Sort) != 0 {
		t.Errorf("shop-carts: an optional range_key left out is no sort key: %+v", carts)
	}
}
