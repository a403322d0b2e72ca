package schema

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// project reads the project's own YAML:
//
//	tables:
//	  NAME:
//	    key: {partition: A, sort: B}
//	    attributes: {A: S, B: N}
//	    ttl: C
//	    item_size: 2KB  # the size of an item, for capacity (dynexpr explain --cost)
//	    logical: OTHER  # the source's own name for it (a CloudFormation logical ID)
//	    indexes:
//	      NAME: {type: global, key: {partition: [A, B], sort: C}, projection: include, include: [D]}
func (p *parser) project(root *yaml.Node) []*tableDecl {
	top := p.mapping(root, "the project schema")
	if top == nil {
		return nil
	}
	top.only("tables")
	_, v := top.get("tables")
	if isNull(v) {
		return nil
	}
	tables := p.mapping(v, "tables")
	if tables == nil {
		return nil
	}
	var out []*tableDecl
	for i, k := range tables.keys {
		if d := p.projectTable(k, tables.vals[i]); d != nil {
			out = append(out, d)
		}
	}
	return out
}

// projectTable reads one table, or returns nil after reporting problems.
func (p *parser) projectTable(k, v *yaml.Node) *tableDecl {
	before := len(p.errs)
	d := &tableDecl{name: name{k.Value, k}, attrs: map[string]Type{}, words: projectWords}
	what := fmt.Sprintf("table %q", k.Value)
	if isNull(v) {
		p.errorf(k, "%s is empty: give it a key and the key's types, e.g. key: {partition: id} and attributes: {id: S}", what)
		return nil
	}
	f := p.mapping(v, what)
	if f == nil {
		return nil
	}
	f.only("key", "attributes", "indexes", "ttl", "logical", "item_size")
	if _, sv := f.get("item_size"); !isNull(sv) {
		if s, ok := p.text(sv, "the item_size of "+what); ok {
			if n, err := ParseSize(s); err != nil {
				p.errorf(sv, "the item_size of %s: %v", what, err)
			} else {
				d.itemSize = n
			}
		}
	}
	for _, opt := range []struct {
		field string
		to    *name
	}{{"ttl", &d.ttl}, {"logical", &d.logical}} {
		if _, v := f.get(opt.field); !isNull(v) {
			if s, ok := p.text(v, "the "+opt.field+" of "+what); ok {
				*opt.to = name{s, v}
			}
		}
	}
	if _, kv := f.get("key"); kv != nil {
		d.key = p.projectKey(kv, what, false)
	}
	beforeAttrs := len(p.errs)
	if _, av := f.get("attributes"); !isNull(av) {
		if attrs := p.mapping(av, "the attributes of "+what); attrs != nil {
			for i, ak := range attrs.keys {
				if t, ok := p.attrType(attrs.vals[i], ak.Value); ok {
					d.attrs[ak.Value] = t
				}
			}
		}
	}
	d.attrsBad = len(p.errs) > beforeAttrs
	if _, iv := f.get("indexes"); !isNull(iv) {
		if indexes := p.mapping(iv, "the indexes of "+what); indexes != nil {
			for i, ik := range indexes.keys {
				if id := p.projectIndex(ik, indexes.vals[i]); id != nil {
					d.indexes = append(d.indexes, id)
				}
			}
		}
	}
	if len(p.errs) > before {
		// A missing key or attributes is likelier the misspelt field
		// already reported ("kee:") than a second mistake.
		_, kv := f.get("key")
		_, av := f.get("attributes")
		d.key.bad = d.key.bad || kv == nil
		d.attrsBad = d.attrsBad || av == nil
	}
	return d
}

func (p *parser) projectIndex(k, v *yaml.Node) *indexDecl {
	id := &indexDecl{name: name{k.Value, k}, projection: ProjectAll}
	what := fmt.Sprintf("index %q", k.Value)
	f := p.mapping(v, what)
	if f == nil {
		return nil
	}
	before := len(p.errs)
	defer func() { id.bad = len(p.errs) > before }()
	f.only("type", "key", "projection", "include")
	local := false
	if _, tv := f.get("type"); tv == nil {
		p.errorf(k, "%s has no type: write type: global or type: local", what)
	} else if s, ok := p.text(tv, "the type of "+what); ok {
		switch strings.ToLower(s) {
		case "global":
			id.global = true
		case "local":
			local = true
		default:
			p.errorf(tv, "unknown index type %q for %s: write global or local", s, what)
		}
	}
	if _, kv := f.get("key"); kv != nil {
		id.key = p.projectKey(kv, what, !local) // without a type, the type is the problem
	}
	if _, pv := f.get("projection"); pv != nil {
		id.projection = p.projectionType(pv, what, projectWords)
	}
	if _, iv := f.get("include"); iv != nil {
		id.include = p.names(iv, "the include list of "+what)
	}
	return id
}

// projectKey reads `{partition: A, sort: B}`, where A and B may be lists
// (of up to 4 names) when lists is true.
func (p *parser) projectKey(n *yaml.Node, what string, lists bool) (k keyDecl) {
	k = keyDecl{node: resolve(n)}
	before := len(p.errs)
	defer func() { k.bad = len(p.errs) > before }()
	f := p.mapping(n, "the key of "+what)
	if f == nil {
		return k
	}
	f.only("partition", "sort")
	for _, part := range []struct {
		field string
		names *[]name
	}{{"partition", &k.partition}, {"sort", &k.sort}} {
		_, v := f.get(part.field)
		switch {
		case v == nil:
		case v.Kind == yaml.SequenceNode && !lists:
			p.errorf(v, "the key of %s takes one %s attribute: write %s: NAME (a list of attributes is only for a global index)", what, part.field, part.field)
		case v.Kind == yaml.SequenceNode:
			*part.names = p.names(v, fmt.Sprintf("the %s key of %s", part.field, what))
			if len(v.Content) == 0 {
				p.errorf(v, "the %s key of %s is an empty list: write at least one attribute name", part.field, what)
			}
		default:
			if s, ok := p.text(v, fmt.Sprintf("the %s key of %s", part.field, what)); ok {
				*part.names = []name{{s, v}}
			}
		}
	}
	return k
}

// names reads a list of attribute names.
func (p *parser) names(n *yaml.Node, what string) []name {
	elems, ok := p.list(n, what)
	if !ok {
		return nil
	}
	var out []name
	for _, e := range elems {
		if s, ok := p.text(e, "each name in "+what); ok {
			out = append(out, name{s, e})
		}
	}
	return out
}

// attrType reads an attribute type: S, N or B, in either case.
func (p *parser) attrType(n *yaml.Node, attr string) (Type, bool) {
	s, ok := p.text(n, fmt.Sprintf("the type of attribute %q", attr))
	if !ok {
		return "", false
	}
	switch t := Type(strings.ToUpper(s)); t {
	case String, Number, Binary:
		return t, true
	}
	p.errorf(n, "unknown type %q for attribute %q: write S (string), N (number) or B (binary)", s, attr)
	return "", false
}

// projectionType reads ALL, KEYS_ONLY or INCLUDE, in either case, or
// reports what it found and returns "".
func (p *parser) projectionType(n *yaml.Node, what string, words *dialect) ProjectionType {
	s, ok := p.text(n, "the projection of "+what)
	if !ok {
		return ""
	}
	switch pt := ProjectionType(strings.ToUpper(s)); pt {
	case ProjectAll, ProjectKeysOnly, ProjectInclude:
		return pt
	}
	p.errorf(n, "unknown projection %q for %s: write %s, %s or %s", s, what,
		words.projection(ProjectAll), words.projection(ProjectKeysOnly), words.projection(ProjectInclude))
	return ""
}
