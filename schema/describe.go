package schema

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// describe reads what `aws dynamodb describe-table` prints ({"Table": {...}}),
// the bare table description, a create-table input, or a list of those.
func (p *parser) describe(root *yaml.Node) []*tableDecl {
	root = resolve(root)
	elems := []*yaml.Node{root}
	if root.Kind == yaml.SequenceNode {
		elems, _ = p.list(root, "the list of tables")
	}
	var out []*tableDecl
	for _, n := range elems {
		f := p.mapping(n, "a table description")
		if f == nil {
			continue
		}
		if _, t := f.get("Table"); t != nil {
			if f = p.mapping(t, `"Table"`); f == nil {
				continue
			}
		}
		nv := f.require("TableName", "write the table's name in TableName")
		if nv == nil {
			continue
		}
		if s, ok := p.text(nv, "TableName"); ok {
			if d := p.awsTable(f, name{s, nv}); d != nil {
				// describe-table (and a create-table input) says nothing
				// of time to live: describe-time-to-live output, read
				// beside it, tells it.
				d.ttlUnknown = true
				out = append(out, d)
			}
		}
	}
	return out
}

// awsTable reads the fields DynamoDB's API, describe-table and CloudFormation
// share: AttributeDefinitions, KeySchema, GlobalSecondaryIndexes and
// LocalSecondaryIndexes. Other fields are not looked at. The parts it
// reported problems in are marked (see tableDecl).
func (p *parser) awsTable(f *fields, nm name) *tableDecl {
	d := &tableDecl{name: nm, attrs: map[string]Type{}, words: awsWords}
	what := fmt.Sprintf("table %q", nm.text)
	if _, v := f.get("AttributeDefinitions"); !isNull(v) {
		before := len(p.errs)
		p.attributeDefinitions(v, d.attrs)
		d.attrsBad = len(p.errs) > before
	}
	if _, v := f.get("KeySchema"); !isNull(v) {
		d.key = p.keySchema(v, what)
	}
	for _, kind := range []struct {
		field  string
		global bool
	}{{"GlobalSecondaryIndexes", true}, {"LocalSecondaryIndexes", false}} {
		_, v := f.get(kind.field)
		if isNull(v) {
			continue
		}
		elems, _ := p.list(v, kind.field)
		for _, e := range elems {
			if id := p.awsIndex(e, kind.field, kind.global); id != nil {
				d.indexes = append(d.indexes, id)
			}
		}
	}
	return d
}

func (p *parser) attributeDefinitions(n *yaml.Node, attrs map[string]Type) {
	first := map[string]*yaml.Node{}
	p.attributeList(n, "AttributeDefinitions", "an AttributeDefinitions element", "name the attribute in AttributeName",
		"AttributeType", "write AttributeType S, N or B", func(_, nv, tv *yaml.Node) {
			attr, ok := p.text(nv, "AttributeName")
			if !ok {
				return
			}
			if prev := first[attr]; prev != nil {
				p.errorf(nv, "attribute %q is defined twice in AttributeDefinitions (first at line %d): keep one", attr, prev.Line)
				return
			}
			first[attr] = nv
			if t, ok := p.attrType(tv, attr); ok {
				attrs[attr] = t
			}
		})
}

// attributeList reads a list (what) whose elements (elem) are mappings of
// exactly AttributeName and field, as AttributeDefinitions and KeySchema
// are: each gets an element and the values of its two fields, for every
// element that has both (the hints say what to write where one is missing).
func (p *parser) attributeList(n *yaml.Node, what, elem, nameHint, field, fieldHint string, each func(e, nv, fv *yaml.Node)) {
	elems, _ := p.list(n, what)
	for _, e := range elems {
		if nv, fv := p.twoFields(e, elem, "AttributeName", nameHint, field, fieldHint); nv != nil {
			each(e, nv, fv)
		}
	}
}

// keySchema reads a KeySchema list: HASH elements, then RANGE ones (several
// of each for a multi-attribute global index key).
func (p *parser) keySchema(n *yaml.Node, what string) (k keyDecl) {
	k = keyDecl{node: resolve(n)}
	before := len(p.errs)
	defer func() { k.bad = len(p.errs) > before }()
	p.attributeList(n, "the KeySchema of "+what, "a KeySchema element", "name the key attribute in AttributeName",
		"KeyType", "write KeyType HASH (partition key) or RANGE (sort key)", func(e, nv, tv *yaml.Node) {
			attr, ok1 := p.text(nv, "AttributeName")
			kt, ok2 := p.text(tv, "KeyType")
			if !ok1 || !ok2 {
				return
			}
			switch strings.ToUpper(kt) {
			case "HASH":
				if len(k.sort) > 0 {
					p.errorf(e, "the KeySchema of %s has a HASH element after a RANGE element: write the HASH elements first", what)
				}
				k.partition = append(k.partition, name{attr, nv})
			case "RANGE":
				k.sort = append(k.sort, name{attr, nv})
			default:
				p.errorf(tv, "unknown KeyType %q: write HASH (partition key) or RANGE (sort key)", kt)
			}
		})
	return k
}

// awsIndex reads one element of GlobalSecondaryIndexes or
// LocalSecondaryIndexes.
func (p *parser) awsIndex(n *yaml.Node, field string, global bool) *indexDecl {
	f := p.mapping(n, "an element of "+field)
	if f == nil {
		return nil
	}
	nv := f.require("IndexName", "name the index in IndexName")
	if nv == nil {
		return nil
	}
	s, ok := p.text(nv, "IndexName")
	if !ok {
		return nil
	}
	id := &indexDecl{name: name{s, nv}, global: global}
	before := len(p.errs)
	defer func() { id.bad = len(p.errs) > before }()
	what := fmt.Sprintf("index %q", s)
	f.what = what
	if v := f.require("KeySchema", "list the index's key attributes in KeySchema"); v != nil {
		id.key = p.keySchema(v, what)
	}
	v := f.require("Projection", "add a Projection with ProjectionType ALL, KEYS_ONLY or INCLUDE")
	if v == nil {
		return nil
	}
	pf := p.mapping(v, "the Projection of "+what)
	if pf == nil {
		return nil
	}
	if !pf.only("ProjectionType", "NonKeyAttributes") {
		return nil
	}
	if tv := pf.require("ProjectionType", "write ProjectionType ALL, KEYS_ONLY or INCLUDE"); tv != nil {
		id.projection = p.projectionType(tv, what, awsWords)
	}
	if _, v := pf.get("NonKeyAttributes"); !isNull(v) {
		id.include = p.names(v, "the NonKeyAttributes of "+what)
	}
	return id
}
