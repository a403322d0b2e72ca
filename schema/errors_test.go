package schema

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/google/go-cmp/cmp"
)

// TestErrors loads each file of testdata/errors and checks the exact
// messages, as `file:line:col: error: message` lines; the table leaves out
// the "file:" in front (so a problem with the whole file reads " error: ...").
func TestErrors(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{"cfn-intrinsics.json", []string{
			"6:33: error: write AttributeDefinitions as a list: dynexpr does not evaluate Fn::If",
			"7:41: error: write AttributeName as plain text: dynexpr does not evaluate Ref",
		}},
		{"cfn-intrinsics.yaml", []string{
			"8:27: error: write AttributeName as plain text: dynexpr does not evaluate !Ref",
			`9:18: error: write the KeySchema of table "Tickets" as a list: dynexpr does not evaluate !If`,
			"11:22: error: write IndexName as plain text: dynexpr does not evaluate !Sub",
		}},
		{"cfn-no-properties.yaml", []string{
			`2:3: error: resource "Tickets" has no Properties: a table needs at least KeySchema and AttributeDefinitions`,
		}},
		{"cfn-no-resources.yaml", []string{
			`1:1: error: the template has no "Resources": list the template's resources, its DynamoDB tables among them, under Resources`,
		}},
		{"cfn-no-tables.yaml", []string{
			`3:3: error: the template has no DynamoDB table: dynexpr reads resources of Type "AWS::DynamoDB::Table", "AWS::DynamoDB::GlobalTable" or "AWS::Serverless::SimpleTable"`,
		}},
		{"cfn-same-name.yaml", []string{
			`11:18: error: table "Tickets" is already defined at testdata/errors/cfn-same-name.yaml:5:18; remove one of the two definitions`,
		}},
		{"cfn-simple-all-at-once.yaml", []string{
			`5:18: error: table name "ab" is 2 characters long: DynamoDB names are 3 to 255 characters`,
			`6:36: error: unknown PrimaryKey Type "Integer": write String, Number or Binary`,
		}},
		{"cfn-simple.yaml", []string{
			`5:38: error: unknown PrimaryKey Type "Integer": write String, Number or Binary`,
			`9:20: error: unknown field "Nmae" in the PrimaryKey of resource "Sessions"; did you mean "Name"?`,
			`13:18: error: table name "ab" is 2 characters long: DynamoDB names are 3 to 255 characters`,
		}},
		{"comments.yaml", []string{
			` error: the schema file is empty: write project YAML (tables:), describe-table JSON ({"Table": ...}), describe-time-to-live JSON ({"TimeToLiveDescription": ...}), CloudFormation or SAM templates (Resources:), serverless.yml (service: and provider:), terraform show -json (format_version:) or pulumi stack export (deployment:)`,
		}},
		{"empty.yaml", []string{
			` error: the schema file is empty: write project YAML (tables:), describe-table JSON ({"Table": ...}), describe-time-to-live JSON ({"TimeToLiveDescription": ...}), CloudFormation or SAM templates (Resources:), serverless.yml (service: and provider:), terraform show -json (format_version:) or pulumi stack export (deployment:)`,
		}},
		{"json-duplicates.json", []string{
			`3:3: error: "TableName" appears twice in a table description (first at line 2): keep one`,
			`6:23: error: attribute "id" is defined twice in AttributeDefinitions (first at line 5): keep one`,
		}},
		{"json-hash-after-range.json", []string{
			`6:5: error: the KeySchema of table "Tickets" has a HASH element after a RANGE element: write the HASH elements first`,
		}},
		{"json-keytype.json", []string{
			`5:40: error: unknown KeyType "PRIMARY": write HASH (partition key) or RANGE (sort key)`,
		}},
		{"json-missing-types.json", []string{
			`3:35: error: key attribute "id" of table "Tickets" has no type: add an AttributeDefinitions element with AttributeName "id" and AttributeType S, N or B`,
			`8:27: error: key attribute "openBucket" of index "open-tickets-index" has no type: add an AttributeDefinitions element with AttributeName "openBucket" and AttributeType S, N or B`,
		}},
		{"json-nonascii-col.json", []string{
			`1:15: error: table name "Café" has a character DynamoDB does not allow: use only letters, digits, "_", "-" and "."`,
			`1:56: error: key attribute "é" of table "Café" has no type: add an AttributeDefinitions element with AttributeName "é" and AttributeType S, N or B`,
		}},
		{"json-nonkey-all.json", []string{
			`6:156: error: index "all-with-list" projects ALL, which takes no NonKeyAttributes: project INCLUDE, or remove the list`,
			`7:19: error: index "include-without-list" projects INCLUDE but lists no attributes: list them in NonKeyAttributes, or project KEYS_ONLY`,
		}},
		{"json-projection.json", []string{
			`3:115: error: unknown type "X" for attribute "b": write S (string), N (number) or B (binary)`,
			`6:5: error: index "no-projection" has no "Projection": add a Projection with ProjectionType ALL, KEYS_ONLY or INCLUDE`,
			`7:123: error: unknown projection "SOME" for index "bad-type": write ALL, KEYS_ONLY or INCLUDE`,
			`8:156: error: index "all-with-list" projects ALL, which takes no NonKeyAttributes: project INCLUDE, or remove the list`,
		}},
		{"json-same-index.json", []string{
			`12:19: error: table "Tickets" has two indexes called "same" (the first at line 9): rename one`,
		}},
		{"json-syntax.json", []string{
			"4:62: error: invalid JSON: invalid character ']' looking for beginning of value",
		}},
		{"json-table-two-hash.json", []string{
			`6:23: error: table "Tickets" has 2 partition attributes: a table key has one (several are for global indexes)`,
		}},
		{"json-typo.json", []string{
			`4:31: error: unknown field "AttributeNmae" in an AttributeDefinitions element; did you mean "AttributeName"?`,
			`7:8: error: an element of GlobalSecondaryIndexes has no "IndexName"; did you mean "IndexName" instead of "IndexNam"?`,
		}},
		{"json-wrong-kinds.json", []string{
			"3:18: error: expected text for TableName, found a list",
		}},
		{"json-wrong-kinds2.json", []string{
			`2:17: error: table name "A" is 1 characters long: DynamoDB names are 3 to 255 characters`,
			"2:46: error: expected a list for AttributeDefinitions, found a mapping",
			`2:84: error: expected a list for the KeySchema of table "A", found "id"`,
			`3:3: error: expected a mapping for a table description, found "B"`,
			`4:13: error: expected a mapping for "Table", found "C"`,
			`5:3: error: a table description has no "TableName": write the table's name in TableName`,
		}},
		{"list-of-strings.yaml", []string{
			`1:3: error: expected a mapping for a table description, found "one"`,
			`2:3: error: expected a mapping for a table description, found "two"`,
		}},
		{"nonascii-col.yaml", []string{
			`2:3: error: table name "Café-Tables" has a character DynamoDB does not allow: use only letters, digits, "_", "-" and "."`,
			`4:27: error: unknown type "string" for attribute "café": write S (string), N (number) or B (binary)`,
		}},
		// Every problem in one run: those found reading the file and those
		// found checking what was read, of every table.
		{"project-all-at-once.yaml", []string{
			`2:3: error: table name "Al" is 2 characters long: DynamoDB names are 3 to 255 characters`,
			`3:32: error: key attribute "s" of table "Al" has no type: declare its type under the table's attributes, e.g. s: S (or N, B)`,
			`5:5: error: unknown field "colour" in table "Al": the fields are "key", "attributes", "indexes", "ttl", "logical" and "item_size"`,
			`8:28: error: unknown type "Q" for attribute "n": write S (string), N (number) or B (binary)`,
			`10:61: error: unknown projection "bogus" for index "gsi": write all, keys_only or include`,
			`11:7: error: table "Bravo" has no sort key, which a local index needs ("Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"): give the table a sort key, or make index "lsi" global`,
		}},
		{"project-bad-type.yaml", []string{
			`4:22: error: unknown type "string" for attribute "id": write S (string), N (number) or B (binary)`,
		}},
		{"project-duplicate.yaml", []string{
			`9:7: error: "by-b" appears twice in the indexes of table "Orders" (first at line 6): keep one`,
		}},
		{"project-include.yaml", []string{
			`9:19: error: index "include-without-projection" projects all, which takes no include: project include, or remove the list`,
			`10:7: error: index "projection-without-include" projects include but lists no attributes: list them in include, or project keys_only`,
		}},
		{"project-index-type.yaml", []string{
			`6:7: error: index "no-type" has no type: write type: global or type: local`,
			`9:15: error: unknown index type "secondary" for index "odd-type": write global or local`,
			`14:21: error: unknown projection "some" for index "odd-projection": write all, keys_only or include`,
		}},
		{"project-list-on-local.yaml", []string{
			`8:42: error: the key of index "by-created" takes one sort attribute: write sort: NAME (a list of attributes is only for a global index)`,
		}},
		{"project-list-on-table.yaml", []string{
			`3:22: error: the key of table "Orders" takes one partition attribute: write partition: NAME (a list of attributes is only for a global index)`,
		}},
		{"project-local-hash-only.yaml", []string{
			`6:7: error: table "Tickets" has no sort key, which a local index needs ("Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"): give the table a sort key, or make index "by-opened" global`,
		}},
		{"project-local-partition.yaml", []string{
			`6:7: error: local index "by-opened" must have the table's partition key "customerId": use "customerId" as its partition key, or make the index global`,
		}},
		{"project-missing-type.yaml", []string{
			`8:26: error: key attribute "openBucket" of index "open-tickets-index" has no type: declare its type under the table's attributes, e.g. openBucket: S (or N, B)`,
		}},
		{"project-names.yaml", []string{
			`2:3: error: table name "T1" is 2 characters long: DynamoDB names are 3 to 255 characters`,
			`6:22: error: an attribute name of the key of table "Good" is empty: write the attribute's name`,
			`9:7: error: index name "open tickets" has a character DynamoDB does not allow: use only letters, digits, "_", "-" and "."`,
			`11:26: error: key attribute "a" of index "open tickets" has no type: declare its type under the table's attributes, e.g. a: S (or N, B)`,
		}},
		{"project-no-key.yaml", []string{
			`2:3: error: table "Tickets" has no partition key: write key: {partition: NAME}`,
			`5:10: error: table "Other" has no partition key: write key: {partition: NAME}`,
			`7:3: error: table "Third" is empty: give it a key and the key's types, e.g. key: {partition: id} and attributes: {id: S}`,
		}},
		{"project-repeated-key.yaml", []string{
			`3:31: error: "a" appears twice in the key of table "Orders": a key uses an attribute once`,
			`8:30: error: "b" appears twice in the key of index "twice": a key uses an attribute once`,
			`11:35: error: "b" appears twice in the key of index "across": a key uses an attribute once`,
		}},
		{"project-tag.yaml", []string{
			`3:22: error: write the partition key of table "Tickets" as plain text: dynexpr does not evaluate !Ref`,
		}},
		{"project-too-many.yaml", []string{
			`8:39: error: global index "wide" has 5 partition attributes: a key takes at most 4`,
			`8:62: error: global index "wide" has 5 sort attributes: a key takes at most 4`,
		}},
		{"project-top-level.yaml", []string{
			`1:1: error: unknown field "table" in the project schema; did you mean "tables"?`,
		}},
		{"project-unknown-field-far.yaml", []string{
			`3:11: error: unknown field "partiton" in the key of table "Tickets"; did you mean "partition"?`,
			`5:5: error: unknown field "colour" in table "Tickets": the fields are "key", "attributes", "indexes", "ttl", "logical" and "item_size"`,
		}},
		{"project-unknown-field.yaml", []string{
			`9:9: error: unknown field "projecton" in index "open-tickets-index"; did you mean "projection"?`,
		}},
		{"scalar.json", []string{
			`1:1: error: expected project YAML (tables:), describe-table JSON ({"Table": ...}), describe-time-to-live JSON ({"TimeToLiveDescription": ...}), CloudFormation or SAM templates (Resources:), serverless.yml (service: and provider:), terraform show -json (format_version:) or pulumi stack export (deployment:), found "just a string"`,
		}},
		{"unknown-format.yaml", []string{
			`1:1: error: cannot tell what kind of schema file this is: expected project YAML (tables:), describe-table JSON ({"Table": ...}), describe-time-to-live JSON ({"TimeToLiveDescription": ...}), CloudFormation or SAM templates (Resources:), serverless.yml (service: and provider:), terraform show -json (format_version:) or pulumi stack export (deployment:)`,
		}},
		{"yaml-syntax.yaml", []string{
			"2:3: error: invalid YAML: did not find expected ',' or '}'",
		}},
		{"yaml-two-docs.yaml", []string{
			`2:1: error: a schema file holds one YAML document: remove the "---" and what follows, or put it in another file`,
		}},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.file] = true
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", "errors", tt.file)
			s, err := Load(path)
			if err == nil {
				t.Fatalf("Load(%s) = %d tables, want an error", path, len(s.Tables))
			}
			checkErrorLines(t, path, err, tt.want)
			// One problem is a *diag.Error, several a diag.List.
			if _, isList := err.(diag.List); isList != (len(tt.want) > 1) {
				t.Errorf("Load(%s) returned a %T for %d problems", path, err, len(tt.want))
			}
		})
	}
	files, _ := filepath.Glob("testdata/errors/*")
	for _, f := range files {
		if !seen[filepath.Base(f)] {
			t.Errorf("%s has no expected error in TestErrors", f)
		}
	}
}

// checkErrorLines checks that err, of loading path, is the lines want,
// each without the "path:" in front.
func checkErrorLines(t *testing.T, path string, err error, want []string) {
	t.Helper()
	lines := make([]string, len(want))
	for i, w := range want {
		lines[i] = path + ":" + w
	}
	if diff := cmp.Diff(lines, strings.Split(err.Error(), "\n")); diff != "" {
		t.Errorf("Load(%s) error mismatch (-want +got):\n%s", path, diff)
	}
}

func TestLoadErrors(t *testing.T) {
	_, err := Load("testdata/load/a.yaml", "testdata/load/b.json", "testdata/load/c.json", "testdata/load/missing.yaml", "testdata/load")
	want := []string{
		`testdata/load/c.json:3:17: error: table "Tickets" is already defined at testdata/load/a.yaml:2:3; remove one of the two definitions`,
		`testdata/load/missing.yaml: error: cannot read the schema file: no such file or directory`,
		`testdata/load: error: this folder is none of the kinds of folder dynexpr reads as a schema (a CDK cloud assembly (cdk.out, with manifest.json); a Terraform module: *.tf or *.tf.json files): name the schema files in it instead`,
	}
	if err == nil {
		t.Fatal("Load succeeded, want errors")
	}
	if diff := cmp.Diff(want, strings.Split(err.Error(), "\n")); diff != "" {
		t.Errorf("Load error mismatch (-want +got):\n%s", diff)
	}

	// An unreadable file is a *diag.Error with only File set.
	_, err = Load("testdata/load/missing.yaml")
	var de *diag.Error
	if !errors.As(err, &de) || de.Pos != (diag.Pos{File: "testdata/load/missing.yaml"}) {
		t.Errorf("Load(missing) = %#v, want a *diag.Error with only File set", err)
	}
	if _, statErr := os.Stat("testdata/load/missing.yaml"); statErr == nil {
		t.Fatal("testdata/load/missing.yaml must not exist")
	}
}
