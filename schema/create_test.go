package schema

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/internal/goldenfile"
	"github.com/google/go-cmp/cmp"
)

// TestCreateTableInputs compares the create-table inputs of each example
// with testdata/NAME.create.json: one JSON document per table, one after
// the other. `go test ./schema -update` rewrites them.
func TestCreateTableInputs(t *testing.T) {
	for _, name := range []string{"tickets", "events", "orders"} {
		t.Run(name, func(t *testing.T) {
			inputs := loadInputs(t, "../examples/"+name+".yaml")
			var got bytes.Buffer
			for _, in := range inputs {
				got.Write(in.JSON())
			}
			goldenfile.Check(t, filepath.Join("testdata", name+".create.json"), got.String())

			// The describe-table form of the same tables gives the same
			// inputs: nothing in them depends on the format.
			other := "../examples/" + name + ".describe.json"
			if _, err := os.Stat(other); err == nil {
				if diff := cmp.Diff(inputs, loadInputs(t, other)); diff != "" {
					t.Errorf("%s gives other inputs (-yaml +describe):\n%s", other, diff)
				}
			}
		})
	}
}

// loadInputs loads a schema file and returns its create-table inputs.
func loadInputs(t *testing.T, path string) []CreateTableInput {
	t.Helper()
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	inputs, err := CreateTableInputs(s)
	if err != nil {
		t.Fatal(err)
	}
	return inputs
}

// TestCreateTableInputJSON checks the document's shape: field order,
// NonKeyAttributes only with INCLUDE, no empty index lists, each attribute
// defined once.
func TestCreateTableInputJSON(t *testing.T) {
	s, err := Parse("t.yaml", []byte(`tables:
  T1x:
    key: {partition: pk, sort: sk}
    attributes: {pk: S, sk: N, g: B, other: S}
    indexes:
      g-index:
        type: global
        key: {partition: g, sort: sk}
        projection: keys_only
`))
	if err != nil {
		t.Fatal(err)
	}
	inputs, err := CreateTableInputs(s)
	if err != nil {
		t.Fatal(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, inputs[0].JSON()); err != nil {
		t.Fatal(err)
	}
	const want = `{"TableName":"T1x",` +
		`"AttributeDefinitions":[{"AttributeName":"g","AttributeType":"B"},{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],` +
		`"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],` +
		`"BillingMode":"PAY_PER_REQUEST",` +
		`"GlobalSecondaryIndexes":[{"IndexName":"g-index","KeySchema":[{"AttributeName":"g","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}]}`
	if diff := cmp.Diff(want, compact.String()); diff != "" {
		t.Errorf("JSON mismatch (-want +got):\n%s", diff)
	}
	if out := string(inputs[0].JSON()); !strings.HasPrefix(out, "{\n  \"TableName\": \"T1x\",\n") || !strings.HasSuffix(out, "}\n") {
		t.Errorf("JSON is not indented by 2 spaces with a final newline:\n%s", out)
	}
}

// TestCreateTableInputsErrors uses schemas built in code, which no loader
// would return.
func TestCreateTableInputsErrors(t *testing.T) {
	pos := diag.Pos{File: "s.yaml", Line: 3, Col: 5}
	hashOnly := func(ix *Index) *Schema {
		return &Schema{Tables: []*Table{{
			Name: "Tickets", Key: Key{Partition: []string{"id"}},
			Attributes: map[string]Type{"id": String, "openedAt": String},
			Indexes:    []*Index{ix}, Pos: pos,
		}}}
	}
	withSort := func(ix *Index) *Schema {
		s := hashOnly(ix)
		s.Tables[0].Key.Sort = []string{"openedAt"}
		return s
	}
	tests := []struct {
		name   string
		schema *Schema
		want   string
	}{
		{
			"local index on a table without sort key",
			hashOnly(&Index{Name: "by-opened", Key: Key{Partition: []string{"id"}, Sort: []string{"openedAt"}}, Projection: ProjectKeysOnly, Pos: pos}),
			`s.yaml:3:5: error: table "Tickets" has no sort key, which a local index needs ("Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"): give the table a sort key, or make index "by-opened" global`,
		},
		{
			"local index with another partition key",
			withSort(&Index{Name: "by-opened", Key: Key{Partition: []string{"openedAt"}, Sort: []string{"id"}}, Projection: ProjectAll, Pos: pos}),
			`s.yaml:3:5: error: local index "by-opened" must have the table's partition key "id": use "id" as its partition key, or make the index global`,
		},
		{
			"local index without sort key",
			withSort(&Index{Name: "by-opened", Key: Key{Partition: []string{"id"}}, Projection: ProjectAll, Pos: pos}),
			`s.yaml:3:5: error: local index "by-opened" has 0 sort attributes: a local index has one sort attribute besides the table's partition key`,
		},
		{
			"index key without type",
			hashOnly(&Index{Name: "open", Global: true, Key: Key{Partition: []string{"openBucket"}}, Projection: ProjectAll, Pos: pos}),
			`s.yaml:3:5: error: key attribute "openBucket" of index "open" of table "Tickets" has no type: declare it as S, N or B`,
		},
		{
			"table key",
			&Schema{Tables: []*Table{{Name: "Bad", Key: Key{Partition: []string{"a", "b"}}, Attributes: map[string]Type{"a": String, "b": String}, Pos: pos}}},
			`s.yaml:3:5: error: table "Bad" has 2 partition and 0 sort attributes: a table key has one partition attribute and at most one sort attribute`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := CreateTableInputs(tt.schema)
			if err == nil {
				t.Fatal("no error")
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}
