package schema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Positions are compared by file, line and column; TestOffsets checks the
// offsets against those.
var ignoreOffset = cmpopts.IgnoreFields(diag.Pos{}, "Offset")

func at(file string, line, col int) diag.Pos { return diag.Pos{File: file, Line: line, Col: col} }

func TestParseFormats(t *testing.T) {
	const (
		features = "testdata/project/features.yaml"
		anchors  = "testdata/project/anchors.yaml"
		bare     = "testdata/describe/bare.json"
		create   = "testdata/describe/create-input.json"
		multi    = "testdata/describe/multi.json"
		escapes  = "testdata/describe/escapes.json"
		sam      = "testdata/cfn/sam.yaml"
		tags     = "testdata/cfn/tags.yaml"
		names    = "testdata/cfn/names.yaml"
		namesJS  = "testdata/cfn/names.json"
	)
	idKey := func(file string, line, col int, name string) *Table {
		return &Table{Name: name, Key: Key{Partition: []string{"id"}}, Attributes: map[string]Type{"id": String}, Pos: at(file, line, col)}
	}
	logical := func(t *Table, name string) *Table { t.Logical = name; return t }
	unresolved := func(t *Table, why string) *Table { t.Unresolved = why; return t }
	templated := func(t *Table, template string) *Table { t.Template = template; return t }
	tests := []struct {
		file string
		want []*Table
	}{
		{features, []*Table{
			{
				Name: "Orders",
				Key:  Key{Partition: []string{"orderId"}},
				Attributes: map[string]Type{
					"orderId": String, "tenantId": String, "region": String, "createdAt": String,
					"total": Number, "receipt": Binary, "odd name": String,
				},
				Indexes: []*Index{
					{
						Name: "by-tenant-region", Global: true,
						Key:        Key{Partition: []string{"tenantId", "region"}, Sort: []string{"createdAt", "orderId"}},
						Projection: ProjectKeysOnly, Pos: at(features, 14, 7),
					},
					{
						Name: "by-total", Global: true,
						Key:        Key{Partition: []string{"tenantId"}, Sort: []string{"total"}},
						Projection: ProjectAll, Pos: at(features, 20, 7),
					},
					{
						Name: "by-odd", Global: true,
						Key:        Key{Partition: []string{"odd name"}},
						Projection: ProjectInclude, Include: []string{"total", "odd name"}, Pos: at(features, 24, 7),
					},
				},
				Pos: at(features, 3, 3),
			},
			{Name: "Empty.Table_1", Key: Key{Partition: []string{"p"}}, Attributes: map[string]Type{"p": Number}, Pos: at(features, 29, 3)},
		}},
		{anchors, []*Table{
			{
				Name: "Audit", Key: Key{Partition: []string{"pk"}, Sort: []string{"sk"}},
				Attributes: map[string]Type{"pk": String, "sk": String, "gpk": String},
				Indexes: []*Index{{Name: "by-g", Global: true, Key: Key{Partition: []string{"gpk"}, Sort: []string{"sk"}},
					Projection: ProjectKeysOnly, Pos: at(anchors, 7, 7)}},
				Pos: at(anchors, 3, 3),
			},
			{
				Name: "Audit2", Key: Key{Partition: []string{"pk"}, Sort: []string{"sk"}},
				Attributes: map[string]Type{"pk": String, "sk": String, "gpk": String},
				Indexes: []*Index{{Name: "local-sk", Key: Key{Partition: []string{"pk"}, Sort: []string{"gpk"}},
					Projection: ProjectKeysOnly, Pos: at(anchors, 15, 7)}},
				Pos: at(anchors, 11, 3),
			},
		}},
		{"testdata/project/empty.yaml", nil},
		{bare, []*Table{{
			Name: "Events", Key: Key{Partition: []string{"pk"}, Sort: []string{"ts"}},
			Attributes: map[string]Type{"pk": String, "ts": Number}, Pos: at(bare, 2, 16),
		}}},
		{create, []*Table{{
			Name: "Files", Key: Key{Partition: []string{"hash"}},
			Attributes: map[string]Type{"hash": Binary, "owner": String, "size": Number},
			Indexes: []*Index{{Name: "by-owner", Global: true, Key: Key{Partition: []string{"owner"}, Sort: []string{"size"}},
				Projection: ProjectKeysOnly, Pos: at(create, 11, 20)}},
			Pos: at(create, 2, 16),
		}}},
		{multi, []*Table{{
			Name: "Orders", Key: Key{Partition: []string{"orderId"}},
			Attributes: map[string]Type{"orderId": String, "tenantId": String, "region": String, "createdAt": String},
			Indexes: []*Index{{
				Name: "by-tenant-region", Global: true,
				Key:        Key{Partition: []string{"tenantId", "region"}, Sort: []string{"createdAt", "orderId"}},
				Projection: ProjectKeysOnly, Pos: at(multi, 13, 22),
			}},
			Pos: at(multi, 3, 18),
		}}},
		// JSON escapes are JSON's: \u00e9, \/, \t, surrogate pairs.
		{escapes, []*Table{{
			Name: "Cafes.tbl", Key: Key{Partition: []string{"café"}, Sort: []string{"a/b\tc"}},
			Attributes: map[string]Type{"café": String, "a/b\tc": Number},
			Indexes: []*Index{{
				Name: "emoji", Key: Key{Partition: []string{"café"}, Sort: []string{"a/b\tc"}},
				Projection: ProjectInclude, Include: []string{"😀", `"quoted"`, `back\slash`, "é"}, Pos: at(escapes, 3, 43),
			}},
			Pos: at(escapes, 1, 25),
		}}},
		{sam, []*Table{
			unresolved(idKey(sam, 4, 3, "Sessions"), `resource "Sessions" at testdata/cfn/sam.yaml:4:3 has no TableName, so CloudFormation makes one up when it creates the table: pin the name with TableName, or pass --var Sessions=NAME (its name in DynamoDB)`),
			{Name: "page-counters", Logical: "Counters", Key: Key{Partition: []string{"page"}}, Attributes: map[string]Type{"page": Number}, Pos: at(sam, 9, 18)},
			{Name: "Blobs", Unresolved: "its TableName at testdata/cfn/sam.yaml:16:18 cannot be evaluated: AWS::StackName is only known when the stack is deployed: pass --var AWS::StackName=VALUE",
				Template: "*-blobs", Key: Key{Partition: []string{"digest"}}, Attributes: map[string]Type{"digest": Binary}, Pos: at(sam, 13, 3)},
		}},
		{tags, []*Table{{Name: "tagged", Logical: "Table", Key: Key{Partition: []string{"k"}}, Attributes: map[string]Type{"k": String}, Pos: at(tags, 15, 18)}}},
		{names, []*Table{
			logical(idKey(names, 7, 18, "plain-name"), "Plain"),
			logical(idKey(names, 13, 18, "literal-name"), "SubLiteral"),
			templated(unresolved(idKey(names, 16, 3, "SubStack"), "its TableName at testdata/cfn/names.yaml:19:18 cannot be evaluated: AWS::StackName is only known when the stack is deployed: pass --var AWS::StackName=VALUE"), "*-x"),
			unresolved(idKey(names, 22, 3, "FromParam"), `its TableName at testdata/cfn/names.yaml:25:18 cannot be evaluated: "NameParam" is not a parameter of the template (a resource's name is only known once deployed): pass --var NameParam=VALUE`),
			unresolved(idKey(names, 28, 3, "NoName"), `resource "NoName" at testdata/cfn/names.yaml:28:3 has no TableName, so CloudFormation makes one up when it creates the table: pin the name with TableName, or pass --var NoName=NAME (its name in DynamoDB)`),
			{
				Name: "replicated", Logical: "Replicated", Key: Key{Partition: []string{"pk"}, Sort: []string{"sk"}},
				Attributes: map[string]Type{"pk": String, "sk": String, "lsk": Number},
				Indexes: []*Index{{Name: "by-lsk", Key: Key{Partition: []string{"pk"}, Sort: []string{"lsk"}},
					Projection: ProjectKeysOnly, Pos: at(names, 48, 22)}},
				Pos: at(names, 36, 18),
			},
		}},
		{namesJS, []*Table{
			logical(idKey(namesJS, 6, 22, "json-literal"), "FnSubLiteral"),
			logical(idKey(namesJS, 14, 22, "x-t"), "FnSubStack"), // Fn::Sub's own variables
			unresolved(idKey(namesJS, 19, 5, "RefName"), `its TableName at testdata/cfn/names.json:22:22 cannot be evaluated: "NameParam" is not a parameter of the template (a resource's name is only known once deployed): pass --var NameParam=VALUE`),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			s, err := Load(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, s.Tables, ignoreOffset, cmpopts.IgnoreFields(Table{}, "TTLUnknown")); diff != "" {
				t.Errorf("Load(%s) mismatch (-want +got):\n%s", tt.file, diff)
			}
		})
	}
}

// TestOffsets checks that every position's Offset, Line and Col agree, the
// column counted in bytes (diag.PosAt is the reference).
func TestOffsets(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.*")
	examples, _ := filepath.Glob("../examples/*.*")
	for _, file := range append(files, examples...) {
		if fi, err := os.Stat(file); err == nil && fi.IsDir() {
			continue // a folder source (cdk.out): not one file's offsets
		}
		s, err := Load(file)
		if err != nil {
			continue // the error cases have their own test
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string, p diag.Pos) {
			if want := diag.PosAt(file, data, p.Offset); want != p {
				t.Errorf("%s: position %+v, but its offset is at %+v", what, p, want)
			}
		}
		for _, tb := range s.Tables {
			check("table "+tb.Name, tb.Pos)
			for _, ix := range tb.Indexes {
				check("index "+ix.Name, ix.Pos)
			}
		}
	}
}
