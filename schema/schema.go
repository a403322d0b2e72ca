// Package schema holds the shape of DynamoDB tables — keys, declared
// attribute types, secondary indexes and what they project — and answers the
// questions the builder and the linter ask about it.
//
// A schema is read from the project's own YAML, from the JSON that
// `aws dynamodb describe-table` prints (or a create-table input), from a
// CloudFormation/SAM template, from Terraform (a .tf or .tf.json file, a
// module folder, terraform show -json); the format is told from the
// content, Terraform's files from their names. Every
// problem in a schema file is reported as a *diag.Error (several as a
// diag.List) at the line and column of the offending value.
package schema

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Type is the declared type of an attribute: "S", "N" or "B" (the types a key
// attribute may have). The empty Type means the type is not known.
type Type string

// The attribute types a schema can declare.
const (
	String Type = "S"
	Number Type = "N"
	Binary Type = "B"
)

// ProjectionType says which attributes a secondary index holds besides the
// table's and the index's key attributes.
type ProjectionType string

// The projection types of DynamoDB.
const (
	ProjectAll      ProjectionType = "ALL"
	ProjectKeysOnly ProjectionType = "KEYS_ONLY"
	ProjectInclude  ProjectionType = "INCLUDE"
)

// Key is a table's or an index's primary key. A table key has one partition
// attribute and zero or one sort attribute; a global index may have up to 4
// of each (multi-attribute keys), listed in key order.
type Key struct {
	Partition []string
	Sort      []string
}

// Attributes returns the key's attribute names, partition ones first.
func (k Key) Attributes() []string {
	out := make([]string, 0, len(k.Partition)+len(k.Sort))
	return append(append(out, k.Partition...), k.Sort...)
}

// Has reports whether attr is one of the key's attributes.
func (k Key) Has(attr string) bool {
	return slices.Contains(k.Partition, attr) || slices.Contains(k.Sort, attr)
}

// Index is a global or local secondary index.
type Index struct {
	Name       string
	Global     bool // false for a local secondary index
	Key        Key
	Projection ProjectionType
	Include    []string // the NonKeyAttributes of an INCLUDE projection, nil otherwise
	Pos        diag.Pos // where the index is declared
}

// Table is one DynamoDB table.
type Table struct {
	// Name is the table's name in DynamoDB: what a request's TableName
	// carries.
	Name string
	// Logical is the short name the source gives the table where it
	// differs from Name (a CloudFormation logical ID, a CDK construct, a
	// Terraform resource's name); a statement may name the table by either.
	// Several tables may have one Logical (two templates, two stacks): a
	// statement naming it is then ambiguous (Lookup).
	Logical string
	// Address is the resource's full address where it says more than
	// Logical: "StackA/Table" (a CDK construct's path in its stack),
	// "aws_dynamodb_table.events" (Terraform); a statement may name the
	// table by it too. "" when the source has none.
	Address string
	// Unresolved says why Name is not the table's name in DynamoDB (then
	// the source's own name): the source computes it from what only
	// deploying knows, and a request for the table must not carry a guess.
	// It names what would resolve it (the --var to pass).
	Unresolved string
	// Template is, when Unresolved, the name as far as the source knows
	// it, each part it cannot know written "*": "*-users" for !Sub
	// "${AWS::StackName}-users". A statement may name the table by a
	// deployed name that fits it (MatchTemplate). "" when no part of the
	// name is known (no TableName at all).
	Template string
	// TTL is the attribute DynamoDB's time to live reads, "" when the
	// source names none.
	TTL string
	// TTLUnknown: the source cannot tell the TTL, so TTL "" is not "none".
	// describe-table output and a create-table input say nothing of time
	// to live (it is describe-time-to-live's to say); a source that
	// declares the table whole (project YAML, a template, Terraform)
	// says "none" by naming no TTL.
	TTLUnknown bool
	// ItemSize is the size in bytes of the table's items as the project
	// YAML states it (item_size), for capacity figures; 0 when not stated.
	ItemSize int64
	Key      Key
	// Attributes has the type of every attribute whose type the schema
	// declares: key attributes always, others where the project YAML says.
	Attributes map[string]Type
	Indexes    []*Index // in declaration order
	Pos        diag.Pos // where the table is declared
}

// Schema is a set of tables, from one or more schema files.
type Schema struct {
	Tables []*Table // in load order
	// Variables are the variables the sources declare (variables.go), by
	// name: what --var may set.
	Variables []Variable
	// Notes are what the sources hold that dynexpr did not read (notes.go).
	Notes []Note
	// Env are the environment variables the sources give their functions
	// (env.go), in load order: what code reading its table's name from
	// the environment names (EnvTable).
	Env []EnvVar
}

// Table returns the one table name stands for (Lookup: its name, its ARN,
// a name the source gives it, a deployed name fitting its template), or
// nil when it stands for none or for several.
func (s *Schema) Table(name string) *Table { return s.Lookup(name).Table }

// TableNames returns the names of the tables, in load order.
func (s *Schema) TableNames() []string { return namesOf(s.Tables) }

// add appends t, or says where a table of the same name in DynamoDB was
// defined first: a name in DynamoDB is one table's. Two tables may share a
// source's name (a logical ID in two templates), which a statement naming
// it must then say more of (Lookup). A source's name of one table that is
// another's name in DynamoDB (a migration: resource "users" named
// "users-v2" beside resource "users_legacy" named "users") is no error:
// the name in DynamoDB picks its table, as Lookup does, and a note says
// that the source's name does not reach the other table.
func (s *Schema) add(opt Options, t *Table) *diag.Error {
	for _, prev := range s.Tables {
		if prev.Unresolved == "" && t.Unresolved == "" && prev.Name == t.Name {
			return diag.Errorf(t.Pos, "table %q is already defined at %s; remove one of the two definitions", t.Name, prev.Pos)
		}
	}
	for _, prev := range s.Tables {
		for _, pair := range [2][2]*Table{{prev, t}, {t, prev}} {
			if by := pair[0].shadows(pair[1]); by != "" {
				shadowed := pair[1]
				opt.note(shadowed.Pos, fmt.Sprintf("table %s is also called %q by its source, which is the name in DynamoDB of table %q at %s: a statement naming %q gets that table; name this one %s",
					shadowed.describe(), by, pair[0].Name, pair[0].Pos, by, shadowed.otherNames(by)))
			}
		}
	}
	s.Tables = append(s.Tables, t)
	return nil
}

// shadows is the name of other's source that is t's name in DynamoDB, or
// "": a statement writing it gets t.
func (t *Table) shadows(other *Table) string {
	if t.Unresolved != "" {
		return ""
	}
	switch t.Name {
	case other.Logical, other.Address:
		return t.Name
	}
	if other.Unresolved != "" && other.Name == t.Name {
		return t.Name
	}
	return ""
}

// describe names t for a note: its name, and the source's where it has one.
func (t *Table) describe() string {
	if t.Unresolved != "" {
		return fmt.Sprintf("%q (its name in DynamoDB unknown)", t.Name)
	}
	if t.Address != "" {
		return fmt.Sprintf("%q (%s)", t.Name, t.Address)
	}
	return fmt.Sprintf("%q", t.Name)
}

// otherNames are the names of t a statement may write but taken, quoted.
func (t *Table) otherNames(taken string) string {
	var names []string
	for _, n := range []string{t.Name, t.Address, t.Logical} {
		if n != "" && n != taken && (n != t.Name || t.Unresolved == "") && !slices.Contains(names, strconv.Quote(n)) {
			names = append(names, strconv.Quote(n))
		}
	}
	if len(names) == 0 {
		return "by the name it has in DynamoDB, once it is known (--var)"
	}
	return strings.Join(names, " or ")
}

// Index returns the table's index called name, or nil.
func (t *Table) Index(name string) *Index { return byName(t.Indexes, name) }

// IndexNames returns the names of the table's indexes, in declaration order.
func (t *Table) IndexNames() []string { return namesOf(t.Indexes) }

// named is a table or an index: a schema's tables, and a table's indexes,
// are looked up and listed by name.
type named interface{ nameOf() string }

func (t *Table) nameOf() string  { return t.Name }
func (ix *Index) nameOf() string { return ix.Name }

// byName returns the element of xs called name, or the zero value (nil).
func byName[T named](xs []T, name string) T {
	for _, x := range xs {
		if x.nameOf() == name {
			return x
		}
	}
	var none T
	return none
}

// namesOf returns the names of xs, in order.
func namesOf[T named](xs []T) []string {
	names := make([]string, len(xs))
	for i, x := range xs {
		names[i] = x.nameOf()
	}
	return names
}

// AttrType returns the declared type of the attribute, or "" if the schema
// does not declare one.
func (t *Table) AttrType(name string) Type { return t.Attributes[name] }

// IsKey reports whether attr is the table's partition or sort attribute.
func (t *Table) IsKey(attr string) bool { return t.Key.Has(attr) }

// IndexesWithKey returns the indexes whose key includes attr, in declaration
// order. An item without attr is in none of them (a sparse index).
func (t *Table) IndexesWithKey(attr string) []*Index {
	var out []*Index
	for _, ix := range t.Indexes {
		if ix.Key.Has(attr) {
			out = append(out, ix)
		}
	}
	return out
}

// KeyAttributes returns the index's key attributes, partition ones first.
func (ix *Index) KeyAttributes() []string { return ix.Key.Attributes() }

// Projects reports whether the index holds attr: an index always holds the
// table's key attributes (of t, which may be nil) and its own; ALL holds
// every attribute and INCLUDE adds the Include list.
func (ix *Index) Projects(attr string, t *Table) bool {
	switch {
	case ix.Key.Has(attr), t != nil && t.IsKey(attr):
		return true
	case ix.Projection == ProjectAll:
		return true
	case ix.Projection == ProjectInclude:
		return slices.Contains(ix.Include, attr)
	}
	return false
}
