package schema

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

type tfShowReader struct {
	p      *parser
	w      *stateWords
	tables []tfShowTable
	count  map[string]int // resources of each name, across modules
}

// stateWords are how an output of deployed resources spells a table: the
// same attributes in terraform show -json and in pulumi stack export, since
// Pulumi's aws provider is Terraform's, bridged (snake_case names become
// camelCase, a list of blocks takes a plural name, a single block is an
// object).
type stateWords struct {
	tool   string // what writes the output, for messages: "terraform show -json"
	words  *dialect
	spell  func(string) string // Terraform's name of a field -> the output's; nil where they are the same
	noName string              // why a table may have no name in the output, and what to do
}

var tfShowWords = &stateWords{
	tool:   "terraform show -json",
	words:  tfWords,
	noName: "a plan leaves a computed name unknown): run terraform show -json on the state after apply",
}

// f is the output's name of the field Terraform calls name.
func (w *stateWords) f(name string) string {
	if w.spell == nil {
		return name
	}
	return w.spell(name)
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
	r := &tfShowReader{p: p, w: tfShowWords, count: map[string]int{}}
	r.module(rm, "the root module")
	return r.decls()
}

// decls are the tables read, each with its resource's name as its logical
// name where no other resource has that name.
func (r *tfShowReader) decls() []*tableDecl {
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
	_, ik := f.get("index_key")
	r.table(f, "values", fmt.Sprintf("resource %q", addr.text), res.text, !isNull(ik))
}

// table reads the attributes of a deployed table, the member field of the
// resource f, as Terraform's aws provider has them.
func (r *tfShowReader) table(f *fields, field, what, logical string, indexed bool) {
	p, w := r.p, r.w
	_, v := f.get(field)
	vf := p.mapping(v, "the "+field+" of "+what)
	if vf == nil {
		return
	}
	tn, ok := showText(vf, "name")
	if !ok {
		p.errorf(vf.node, "%s has no name in this output (%s", what, w.noName)
		return
	}
	d := &tableDecl{name: tn, attrs: map[string]Type{}, words: w.words}
	d.key.node = tn.node
	if hk, ok := showText(vf, w.f("hash_key")); ok {
		d.key.partition, d.key.node = []name{hk}, hk.node
	}
	if rk, ok := showText(vf, w.f("range_key")); ok {
		d.key.sort = []name{rk}
	}
	before := len(p.errs)
	for _, e := range r.blocks(vf, w.f("attribute"), what) {
		an, ok1 := showText(e, "name")
		_, tv := e.get("type")
		if !ok1 || isNull(tv) {
			p.errorf(e.node, "an attribute of %s has no name or type: %s writes both", what, w.tool)
			continue
		}
		if t, ok := p.attrType(tv, an.text); ok {
			d.attrs[an.text] = t
		}
	}
	d.attrsBad = len(p.errs) > before
	for _, kind := range []string{"global_secondary_index", "local_secondary_index"} {
		for _, e := range r.blocks(vf, w.f(kind), what) {
			if id := r.index(e, d, kind == "global_secondary_index"); id != nil {
				d.indexes = append(d.indexes, id)
			}
		}
	}
	for _, e := range r.blocks(vf, "ttl", what) {
		if _, ev := e.get("enabled"); !isNull(ev) && ev.Value == "true" {
			an, _ := showText(e, w.f("attribute_name"))
			d.ttl = an
		}
	}
	r.count[logical]++
	r.tables = append(r.tables, tfShowTable{decl: d, logical: logical, indexed: indexed})
}

// index reads one element of global_secondary_index or
// local_secondary_index; a global one's key is in hash_key and range_key,
// or in key_schema elements (a multi-attribute key).
func (r *tfShowReader) index(e *fields, d *tableDecl, global bool) *indexDecl {
	p, w := r.p, r.w
	in, ok := showText(e, "name")
	if !ok {
		p.errorf(e.node, "an index of table %q has no name: %s writes it", d.name.text, w.tool)
		return nil
	}
	what := fmt.Sprintf("index %q", in.text)
	id := &indexDecl{name: in, global: global}
	id.key.node = in.node
	before := len(p.errs)
	defer func() { id.bad = len(p.errs) > before }()
	if ks := r.blocks(e, w.f("key_schema"), what); len(ks) > 0 {
		for _, k := range ks {
			an, ok1 := showText(k, w.f("attribute_name"))
			kt, ok2 := showText(k, w.f("key_type"))
			switch {
			case !ok1 || !ok2:
				p.errorf(k.node, "a %s element of %s needs %s and %s", w.f("key_schema"), what, w.f("attribute_name"), w.f("key_type"))
			case strings.EqualFold(kt.text, "HASH"):
				id.key.partition = append(id.key.partition, an)
			case strings.EqualFold(kt.text, "RANGE"):
				id.key.sort = append(id.key.sort, an)
			default:
				p.errorf(kt.node, "unknown key_type %q: write HASH (partition key) or RANGE (sort key)", kt.text)
			}
		}
	} else {
		if hk, ok := showText(e, w.f("hash_key")); ok && global {
			id.key.partition = []name{hk}
		}
		if rk, ok := showText(e, w.f("range_key")); ok {
			id.key.sort = []name{rk}
		}
	}
	if !global && len(d.key.partition) == 1 {
		id.key.partition = d.key.partition
	}
	if _, pt := e.get(w.f("projection_type")); !isNull(pt) {
		id.projection = p.projectionType(pt, what, w.words)
	} else {
		p.errorf(e.node, "%s has no %s: %s writes it", what, w.f("projection_type"), w.tool)
	}
	if _, v := e.get(w.f("non_key_attributes")); !isNull(v) {
		id.include = p.names(v, "the "+w.f("non_key_attributes")+" of "+what)
	}
	return id
}

// blocks are the elements of a nested block's list (attribute, ttl, ...),
// each a mapping; a single block may be written as the mapping alone (as
// Pulumi writes ttl).
func (r *tfShowReader) blocks(f *fields, field, what string) []*fields {
	_, v := f.get(field)
	if isNull(v) {
		return nil
	}
	var elems []*yaml.Node
	if v.Kind == yaml.MappingNode && intrinsic(v) == "" {
		elems = []*yaml.Node{v}
	} else {
		elems, _ = r.p.list(v, "the "+field+" of "+what)
	}
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
