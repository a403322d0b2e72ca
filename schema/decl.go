package schema

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// The readers of the three formats turn a file into table declarations:
// tables as written, every name with the node it came from. build checks a
// declaration against DynamoDB's rules, the same way whatever the format,
// and turns it into a Table.

// name is a name as written in the file, with its node (for positions).
type name struct {
	text string
	node *yaml.Node
}

type keyDecl struct {
	partition, sort []name
	node            *yaml.Node // where the key is declared
	bad             bool       // reading it reported a problem: not checked further
}

func (k keyDecl) key() Key {
	var out Key
	for _, n := range k.partition {
		out.Partition = append(out.Partition, n.text)
	}
	for _, n := range k.sort {
		out.Sort = append(out.Sort, n.text)
	}
	return out
}

type indexDecl struct {
	name       name
	global     bool
	key        keyDecl
	projection ProjectionType
	include    []name
	bad        bool // reading it reported a problem: not checked further
}

type tableDecl struct {
	name    name
	key     keyDecl
	attrs   map[string]Type // never nil
	indexes []*indexDecl
	words   *dialect
	ttl     name // the time-to-live attribute, text "" when none
	// ttlUnknown: the source cannot tell the TTL (Table.TTLUnknown).
	ttlUnknown bool
	// itemSize is Table.ItemSize: 0 when the source does not say.
	itemSize int64
	logical  name // the source's own name for the table, where it differs
	// unresolved says why name is not the table's deployed name
	// (Table.Unresolved), template what is known of it (Table.Template).
	unresolved, template string
	address              string // Table.Address
	// nameBad: reading the name reported a problem, so the stand-in (the
	// source's own name) is not checked as a name.
	nameBad bool
	// attrsBad: reading the attribute types reported a problem, so a key
	// attribute without a type is not reported again.
	attrsBad bool
}

// A reader keeps a declaration that had problems, with what it could read
// and these marks, so that build reports the other problems in the same
// run rather than after the first are fixed; the marked parts are not
// checked further, lest one mistake be reported twice.

// dialect is how a format spells what a message tells the user to write.
type dialect struct {
	declareType string                      // how to give an attribute a type: a format of its name
	partition   string                      // how to declare a partition key
	include     string                      // the field listing INCLUDE's attributes
	projection  func(ProjectionType) string // how a projection type is written
}

var projectWords = &dialect{
	declareType: "declare its type under the table's attributes, e.g. %s: S (or N, B)",
	partition:   "write key: {partition: NAME}",
	include:     "include",
	projection:  func(pt ProjectionType) string { return strings.ToLower(string(pt)) },
}

var awsWords = &dialect{
	declareType: "add an AttributeDefinitions element with AttributeName %q and AttributeType S, N or B",
	partition:   "add a KeySchema element with KeyType HASH",
	include:     "NonKeyAttributes",
	projection:  func(pt ProjectionType) string { return string(pt) },
}

// maxKeyAttrs is how many partition (and sort) attributes a global index
// key may have.
const maxKeyAttrs = 4

// validName reports whether s has only the characters DynamoDB allows in
// a table or index name: letters, digits, "_", "-" and ".". A loop rather
// than a regular expression, which would be compiled at every start of the
// command, whether or not it reads a schema.
func validName(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_', c == '.', c == '-':
		default:
			return false
		}
	}
	return true
}

// build checks d and returns its table, or nil after reporting what is wrong.
func (p *parser) build(d *tableDecl) *Table {
	before := len(p.errs)
	if d.unresolved == "" && !d.nameBad { // else the name is the source's own, not DynamoDB's
		p.checkName(d.name, "table")
	}
	beforeKey := len(p.errs)
	t := &Table{Name: d.name.text, Address: d.address, Unresolved: d.unresolved, Template: d.template,
		Key: d.key.key(), Attributes: d.attrs, Pos: p.src.pos(d.name.node), TTLUnknown: d.ttlUnknown && d.ttl.text == "", ItemSize: d.itemSize}
	owner := fmt.Sprintf("table %q", t.Name)
	// A source without YAML nodes (Terraform's HCL) checked the name itself.
	if d.ttl.text != "" && (d.ttl.node == nil || p.checkAttrName(d.ttl, "the ttl of "+owner)) {
		if msg := t.setTTL(d.ttl.text); msg != "" {
			p.errorf(orNode(d.ttl.node, d.name.node), "%s", msg)
		}
	}
	if d.logical.text != "" && d.logical.text != t.Name {
		t.Logical = d.logical.text
	}
	switch n := len(d.key.partition); {
	case d.key.bad:
	case n == 0:
		p.errorf(orNode(d.key.node, d.name.node), "%s has no partition key: %s", owner, d.words.partition)
	case n > 1:
		p.errorf(d.key.partition[1].node, "%s has %d partition attributes: a table key has one (several are for global indexes)", owner, n)
	}
	if n := len(d.key.sort); n > 1 {
		p.errorf(d.key.sort[1].node, "%s has %d sort attributes: a table key has at most one", owner, n)
	}
	p.checkKey(d, d.key, owner)
	tableKeyOK := len(p.errs) == beforeKey && !d.key.bad

	seen := map[string]*indexDecl{}
	for _, id := range d.indexes {
		p.checkName(id.name, "index")
		if first := seen[id.name.text]; first != nil {
			p.errorf(id.name.node, "%s has two indexes called %q (the first at line %d): rename one", owner, id.name.text, first.name.node.Line)
			continue
		}
		seen[id.name.text] = id
		if id.bad {
			continue
		}
		ix := &Index{
			Name:       id.name.text,
			Global:     id.global,
			Key:        id.key.key(),
			Projection: id.projection,
			Pos:        p.src.pos(id.name.node),
		}
		for _, n := range id.include {
			ix.Include = append(ix.Include, n.text)
		}
		what := fmt.Sprintf("index %q", ix.Name)
		if id.global {
			if len(id.key.partition) == 0 {
				p.errorf(orNode(id.key.node, id.name.node), "global %s has no partition key: %s", what, d.words.partition)
			}
			for kind, part := range map[string][]name{"partition": id.key.partition, "sort": id.key.sort} {
				if len(part) > maxKeyAttrs {
					p.errorf(part[maxKeyAttrs].node, "global %s has %d %s attributes: a key takes at most %d", what, len(part), kind, maxKeyAttrs)
				}
			}
		} else if tableKeyOK {
			if msg := localIndexProblem(t, ix); msg != "" {
				p.errorf(id.name.node, "%s", msg)
			}
		}
		p.checkKey(d, id.key, what)
		p.checkProjection(d, id, what)
		t.Indexes = append(t.Indexes, ix)
	}
	if len(p.errs) > before {
		return nil
	}
	return t
}

func orNode(n, otherwise *yaml.Node) *yaml.Node {
	if n != nil {
		return n
	}
	return otherwise
}

// checkName checks a table or index name against DynamoDB's pattern.
func (p *parser) checkName(n name, kind string) {
	switch {
	case len(n.text) < 3 || len(n.text) > 255:
		p.errorf(n.node, "%s name %q is %d characters long: DynamoDB names are 3 to 255 characters", kind, n.text, len(n.text))
	case !validName(n.text):
		p.errorf(n.node, "%s name %q has a character DynamoDB does not allow: use only letters, digits, \"_\", \"-\" and \".\"", kind, n.text)
	}
}

// checkAttrName checks the name of an attribute a key or a projection lists.
func (p *parser) checkAttrName(n name, what string) bool {
	switch {
	case n.text == "":
		p.errorf(n.node, "an attribute name of %s is empty: write the attribute's name", what)
	case len(n.text) > 255:
		p.errorf(n.node, "attribute name %.20q... of %s is %d bytes long: DynamoDB allows 255", n.text, what, len(n.text))
	default:
		return true
	}
	return false
}

// checkKey checks the attributes of a table's or an index's key: named,
// typed, each once.
func (p *parser) checkKey(d *tableDecl, k keyDecl, what string) {
	if k.bad {
		return
	}
	seen := map[string]bool{}
	for _, part := range [][]name{k.partition, k.sort} {
		for _, n := range part {
			if !p.checkAttrName(n, "the key of "+what) {
				continue
			}
			if seen[n.text] {
				p.errorf(n.node, "%q appears twice in the key of %s: a key uses an attribute once", n.text, what)
				continue
			}
			seen[n.text] = true
			if d.attrs[n.text] == "" && !d.attrsBad {
				p.errorf(n.node, "key attribute %q of %s has no type: %s", n.text, what, fmt.Sprintf(d.words.declareType, n.text))
			}
		}
	}
}

// checkProjection checks that INCLUDE, and only INCLUDE, lists attributes.
func (p *parser) checkProjection(d *tableDecl, id *indexDecl, what string) {
	switch {
	case id.projection == ProjectInclude && len(id.include) == 0:
		p.errorf(id.name.node, "%s projects %s but lists no attributes: list them in %s, or project %s",
			what, d.words.projection(ProjectInclude), d.words.include, d.words.projection(ProjectKeysOnly))
	case id.projection != ProjectInclude && len(id.include) > 0:
		p.errorf(id.include[0].node, "%s projects %s, which takes no %s: project %s, or remove the list",
			what, d.words.projection(id.projection), d.words.include, d.words.projection(ProjectInclude))
	}
	for _, n := range id.include {
		p.checkAttrName(n, "the projection of "+what)
	}
}

// localIndexProblem says why ix cannot be a local index of t, or "".
func localIndexProblem(t *Table, ix *Index) string {
	switch {
	case len(t.Key.Partition) != 1:
		return fmt.Sprintf("table %q has no valid partition key for local index %q", t.Name, ix.Name)
	case len(t.Key.Sort) == 0:
		return fmt.Sprintf("table %q has no sort key, which a local index needs (%q): give the table a sort key, or make index %q global",
			t.Name, "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex", ix.Name)
	case len(ix.Key.Partition) != 1 || ix.Key.Partition[0] != t.Key.Partition[0]:
		return fmt.Sprintf("local index %q must have the table's partition key %q: use %q as its partition key, or make the index global",
			ix.Name, t.Key.Partition[0], t.Key.Partition[0])
	case len(ix.Key.Sort) != 1:
		return fmt.Sprintf("local index %q has %d sort attributes: a local index has one sort attribute besides the table's partition key", ix.Name, len(ix.Key.Sort))
	}
	return ""
}
