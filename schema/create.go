package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// CreateTableInput is what `aws dynamodb create-table --cli-input-json`
// takes to create one table of a schema, on demand (PAY_PER_REQUEST).
// Its fields marshal in this order; empty index lists are left out.
type CreateTableInput struct {
	TableName              string
	AttributeDefinitions   []AttributeDefinition
	KeySchema              []KeySchemaElement
	BillingMode            string
	GlobalSecondaryIndexes []SecondaryIndex `json:",omitempty"`
	LocalSecondaryIndexes  []SecondaryIndex `json:",omitempty"`
}

// AttributeDefinition gives a key attribute its type.
type AttributeDefinition struct {
	AttributeName string
	AttributeType Type
}

// KeySchemaElement is one attribute of a key: KeyType HASH (partition) or
// RANGE (sort).
type KeySchemaElement struct {
	AttributeName string
	KeyType       string
}

// SecondaryIndex is an element of GlobalSecondaryIndexes or
// LocalSecondaryIndexes.
type SecondaryIndex struct {
	IndexName  string
	KeySchema  []KeySchemaElement
	Projection Projection
}

// Projection is an index's projection; NonKeyAttributes only for INCLUDE.
type Projection struct {
	ProjectionType   ProjectionType
	NonKeyAttributes []string `json:",omitempty"`
}

// JSON returns the input as indented JSON (2 spaces), ending in a newline.
func (c CreateTableInput) JSON() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(c); err != nil { // strings and slices only: cannot fail
		panic(err)
	}
	return buf.Bytes()
}

// CreateTableInputs returns a create-table input for each table of s, in
// order. A key attribute without a declared type, or a local index DynamoDB
// would refuse, is an error.
//
// A multi-attribute global index key becomes one KeySchema element per
// attribute (HASH ones, then RANGE ones), the shape DynamoDB's API took in
// 2025; older local emulators may refuse it.
func CreateTableInputs(s *Schema) ([]CreateTableInput, error) {
	var out []CreateTableInput
	var errs diag.List
	for _, t := range s.Tables {
		in := CreateTableInput{
			TableName:   t.Name,
			KeySchema:   keySchema(t.Key),
			BillingMode: "PAY_PER_REQUEST",
		}
		if len(t.Key.Partition) != 1 || len(t.Key.Sort) > 1 {
			errs = append(errs, diag.Errorf(t.Pos, "table %q has %d partition and %d sort attributes: a table key has one partition attribute and at most one sort attribute",
				t.Name, len(t.Key.Partition), len(t.Key.Sort)))
		}
		typed := map[string]bool{}
		define := func(attrs []string, owner string, pos diag.Pos) {
			for _, a := range attrs {
				if typed[a] {
					continue
				}
				typ := t.AttrType(a)
				if typ == "" {
					errs = append(errs, diag.Errorf(pos, "key attribute %q of %s has no type: declare it as S, N or B", a, owner))
					continue
				}
				typed[a] = true
				in.AttributeDefinitions = append(in.AttributeDefinitions, AttributeDefinition{a, typ})
			}
		}
		define(t.Key.Attributes(), fmt.Sprintf("table %q", t.Name), t.Pos)
		for _, ix := range t.Indexes {
			define(ix.KeyAttributes(), fmt.Sprintf("index %q of table %q", ix.Name, t.Name), ix.Pos)
			si := SecondaryIndex{
				IndexName:  ix.Name,
				KeySchema:  keySchema(ix.Key),
				Projection: Projection{ProjectionType: ix.Projection},
			}
			if ix.Projection == ProjectInclude {
				si.Projection.NonKeyAttributes = ix.Include
			}
			if ix.Global {
				in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, si)
				continue
			}
			if msg := localIndexProblem(t, ix); msg != "" {
				errs = append(errs, diag.Errorf(ix.Pos, "%s", msg))
			}
			in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, si)
		}
		slices.SortFunc(in.AttributeDefinitions, func(a, b AttributeDefinition) int {
			return strings.Compare(a.AttributeName, b.AttributeName)
		})
		out = append(out, in)
	}
	if err := asError(errs); err != nil {
		return nil, err
	}
	return out, nil
}

func keySchema(k Key) []KeySchemaElement {
	var out []KeySchemaElement
	for _, a := range k.Partition {
		out = append(out, KeySchemaElement{a, "HASH"})
	}
	for _, a := range k.Sort {
		out = append(out, KeySchemaElement{a, "RANGE"})
	}
	return out
}
