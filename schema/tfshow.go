package schema

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

type tfShowReader struct {
	p      *parser
	tables []tfShowTable
	count  map[string]int // resources of each name, across modules
}

type tfShowTable struct {
	decl    *tableDecl
	logical string
	indexed bool // one of several made by count or for_each
}

// tfShow reads what `terraform show -json` prints, of a state (values) or
// a plan (planned_values): the aws_dynamodb_table resources of the root
// module and of every child module. Terraform has resolved variables,
// modules, count and for_each, so nothing is evaluated here. The resource's
// name ("tickets" of aws_dynamodb_table.tickets) is the table's Logical
// name where one resource has it.
func (p *parser) tfShow(root *yaml.Node) []*tableDecl {
	top := p.mapping(root, "the terraform show output")
	if top == nil {
		return nil
	}
	_, vals := top.get("values")
	if isNull(vals) {
		_, vals = top.get("planned_values")
	}
	if isNull(vals) {
		p.errorf(root, "the terraform show output has no values: run terraform show -json on a state, or on a plan file")
		return nil
	}
	vf := p.mapping(vals, "the values")
	if vf == nil {
		return nil
	}
	_, rm := vf.get("root_module")
	if isNull(rm) {
		return nil // an empty state
	}
	r := &tfShowReader{p: p, count: map[string]int{}}
	r.module(rm, "the root module")
	var out []*tableDecl
	for _, t := range r.tables {
		if r.count[t.logical] == 1 && !t.indexed && t.logical != t.decl.name.text {
			t.decl.logical = name{text: t.logical}
		}
		out = append(out, t.decl)
	}
	return out
}

// module reads a module's resources and its child modules.
func (r *tfShowReader) module(n *yaml.Node, what string) {
	p := r.p
	f := p.mapping(n, what)
	if f == nil {
		return
	}
	if _, v := f.get("resources"); !isNull(v) {
		elems, _ := p.list(v, "the resources of "+what)
		for _, e := range elems {
			r.resource(e)
		}
	}
	if _, v := f.get("child_modules"); !isNull(v) {
		elems, _ := p.list(v, "the child_modules of "+what)
		for _, e := range elems {
			r.module(e, "a child module")
		}
	}
}

// resource reads one resource, if it is a managed aws_dynamodb_table.
func (r *tfShowReader) resource(n *yaml.Node) {
	p := r.p
	f := p.mapping(n, "a resource")
	if f == nil {
		return
	}
	if s, _ := showText(f, "type"); s.text != "aws_dynamodb_table" {
		return
	}
	if s, _ := showText(f, "mode"); s.text == "data" {
		return // a data source reads a table; the resource is declared elsewhere
	}
	addr, _ := showText(f, "address")
	res, _ := showText(f, "name")
	what := fmt.Sprintf("resource %q", addr.text)
	_, v := f.get("values")
	vf := p.mapping(v, "the values of "+what)
	if vf == nil {
		return
	}
	tn, ok := showText(vf, "name")
	if !ok {
		p.errorf(vf.node, "%s has no name in this output (a plan leaves a computed name unknown): run terraform show -json on the state after apply", what)
		return
	}
	d := &tableDecl{name: tn, attrs: map[string]Type{}, words: tfWords}
	d.key.node = tn.node
	if hk, ok := showText(vf, "hash_key"); ok {
		d.key.partition, d.key.node = []name{hk}, hk.node
	}
	if rk, ok := showText(vf, "range_key"); ok {
		d.key.sort = []name{rk}
	}
	before := len(p.errs)
	for _, e := range r.blocks(vf, "attribute", what) {
		an, ok1 := showText(e, "name")
		_, tv := e.get("type")
		if !ok1 || isNull(tv) {
			p.errorf(e.node, "an attribute of %s has no name or type: terraform show -json writes both", what)
			continue
		}
		if t, ok := p.attrType(tv, an.text); ok {
			d.attrs[an.text] = t
		}
	}
	d.attrsBad = len(p.errs) > before
	for _, kind := range []string{"global_secondary_index", "local_secondary_index"} {
		for _, e := range r.blocks(vf, kind, what) {
			if id := r.index(e, d, kind == "global_secondary_index"); id != nil {
				d.indexes = append(d.indexes, id)
			}
		}
	}
	for _, e := range r.blocks(vf, "ttl", what) {
		if _, ev := e.get("enabled"); !isNull(ev) && ev.Value == "true" {
			an, _ := showText(e, "attribute_name")
			d.ttl = an
		}
	}
	_, ik := f.get("index_key")
	r.count[res.text]++
	r.tables = append(r.tables, tfShowTable{decl: d, logical: res.text, indexed: !isNull(ik)})
}

// index reads one element of global_secondary_index or
// local_secondary_index; a global one's key is in hash_key and range_key,
// or in key_schema elements (a multi-attribute key).
func (r *tfShowReader) index(e *fields, d *tableDecl, global bool) *indexDecl {
	p := r.p
	in, ok := showText(e, "name")
	if !ok {
		p.errorf(e.node, "an index of table %q has no name: terraform show -json writes it", d.name.text)
		return nil
	}
	what := fmt.Sprintf("index %q", in.text)
	id := &indexDecl{name: in, global: global}
	id.key.node = in.node
	before := len(p.errs)
	defer func() { id.bad = len(p.errs) > before }()
	if ks := r.blocks(e, "key_schema", what); len(ks) > 0 {
		for _, k := range ks {
			an, ok1 := showText(k, "attribute_name")
			kt, ok2 := showText(k, "key_type")
			switch {
			case !ok1 || !ok2:
				p.errorf(k.node, "a key_schema element of %s needs attribute_name and key_type", what)
			case strings.EqualFold(kt.text, "HASH"):
				id.key.partition = append(id.key.partition, an)
			case strings.EqualFold(kt.text, "RANGE"):
				id.key.sort = append(id.key.sort, an)
			default:
				p.errorf(kt.node, "unknown key_type %q: write HASH (partition key) or RANGE (sort key)", kt.text)
			}
		}
	} else {
		if hk, ok := showText(e, "hash_key"); ok && global {
			id.key.partition = []name{hk}
		}
		if rk, ok := showText(e, "range_key"); ok {
			id.key.sort = []name{rk}
		}
	}
	if !global && len(d.key.partition) == 1 {
		id.key.partition = d.key.partition
	}
	if _, pt := e.get("projection_type"); !isNull(pt) {
		id.projection = p.projectionType(pt, what, tfWords)
	} else {
		p.errorf(e.node, "%s has no projection_type: terraform show -json writes it", what)
	}
	if _, v := e.get("non_key_attributes"); !isNull(v) {
		id.include = p.names(v, "the non_key_attributes of "+what)
	}
	return id
}

// blocks are the elements of a nested block's list (attribute, ttl, ...),
// each a mapping.
func (r *tfShowReader) blocks(f *fields, field, what string) []*fields {
	_, v := f.get(field)
	if isNull(v) {
		return nil
	}
	elems, _ := r.p.list(v, "the "+field+" of "+what)
	var out []*fields
	for _, e := range elems {
		if ef := r.p.mapping(e, "an element of the "+field+" of "+what); ef != nil {
			out = append(out, ef)
		}
	}
	return out
}

// showText is a field's text; false when it is absent, null, empty or not
// text (terraform show -json writes an unset string as "" or null).
func showText(f *fields, field string) (name, bool) {
	_, v := f.get(field)
	if isNull(v) || v.Kind != yaml.ScalarNode || v.Value == "" {
		return name{}, false
	}
	return name{v.Value, v}, true
}
