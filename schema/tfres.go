package schema

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// This file reads an aws_dynamodb_table resource of a Terraform module
// (tf.go) into a table declaration, checked as every format's are
// (decl.go). Only the arguments that decide the table's name, keys,
// indexes and TTL are read; the others (billing, tags, replicas) are left
// alone, as Terraform's own checks are its business.

var tfWords = &dialect{
	declareType: "add an attribute block: attribute { name = %q, type = \"S\" } (or \"N\", \"B\")",
	partition:   "write hash_key = NAME",
	include:     "non_key_attributes",
	projection:  func(pt ProjectionType) string { return string(pt) },
}

var (
	tfTableSchema = &hcl.BodySchema{
		Attributes: []hcl.AttributeSchema{{Name: "name"}, {Name: "hash_key"}, {Name: "range_key"}, {Name: "count"}, {Name: "for_each"}},
		Blocks: []hcl.BlockHeaderSchema{
			{Type: "attribute"}, {Type: "global_secondary_index"}, {Type: "local_secondary_index"}, {Type: "ttl"},
			{Type: "dynamic", LabelNames: []string{"type"}},
		},
	}
	tfAttributeSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "name"}, {Name: "type"}}}
	tfIndexSchema     = &hcl.BodySchema{
		Attributes: []hcl.AttributeSchema{{Name: "name"}, {Name: "hash_key"}, {Name: "range_key"}, {Name: "projection_type"}, {Name: "non_key_attributes"}},
		Blocks:     []hcl.BlockHeaderSchema{{Type: "key_schema"}, {Type: "dynamic", LabelNames: []string{"type"}}},
	}
	tfKeySchemaSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "attribute_name"}, {Name: "key_type"}}}
	tfTTLSchema       = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "attribute_name"}, {Name: "enabled"}}}
)

// tfDecides are the blocks whose dynamic form would decide keys, indexes
// or the TTL, which dynexpr does not expand.
var tfDecides = map[string]string{
	"attribute":              "the key attributes' types",
	"global_secondary_index": "the global indexes",
	"local_secondary_index":  "the local indexes",
	"ttl":                    "the time-to-live attribute",
	"key_schema":             "the index's key",
}

// tables reads one aws_dynamodb_table resource: its table, or one for
// each instance of its count or for_each. A resource whose instances, or
// one of whose dynamic blocks, cannot be known is left out with a note
// that says why; a mistake is reported.
func (f *tfFile) tables(m *tfModule, b *hcl.Block) []*Table {
	logical := b.Labels[1]
	what := fmt.Sprintf("resource \"aws_dynamodb_table\" %q", logical)
	content, _, diags := b.Body.PartialContent(tfTableSchema)
	f.report(diags)
	if diags.HasErrors() {
		return nil
	}
	f.leftOut = ""
	insts, ok := f.instances(m, content.Attributes, what)
	var out []*Table
	if ok {
		for _, inst := range insts {
			m.inst = inst
			if t := f.table(m, b, content, what); t != nil {
				// Each instance has its address, as Terraform writes it.
				if each, ok := inst["each"]; ok && t.Unresolved == "" {
					t.Address = fmt.Sprintf("aws_dynamodb_table.%s[%s]", logical, tfKeyText(each.GetAttr("key")))
				} else if c, ok := inst["count"]; ok && t.Unresolved == "" {
					t.Address = fmt.Sprintf("aws_dynamodb_table.%s[%s]", logical, tfKeyText(c.GetAttr("index")))
				}
				out = append(out, t)
			}
			if f.leftOut != "" {
				out = nil
				break
			}
		}
		m.inst = nil
	}
	if f.leftOut != "" {
		m.opt.note(f.p.src.pos(f.node(f.leftOutAt, "")), fmt.Sprintf("%s is left out: %s; the module's other tables are read; %s", what, f.leftOut, tfResolvedExactly))
		f.leftOut = ""
		return nil
	}
	return out
}

// table reads one instance of an aws_dynamodb_table resource, whose
// content is content, or returns nil after reporting what is wrong.
func (f *tfFile) table(m *tfModule, b *hcl.Block, content *hcl.BodyContent, what string) *Table {
	before := len(f.p.errs)
	d := &tableDecl{attrs: map[string]Type{}, words: tfWords}
	f.tableName(m, d, b, content.Attributes["name"], what, "aws_dynamodb_table."+b.Labels[1])
	d.key.node = f.node(b.DefRange, "")
	errsBefore := len(f.p.errs)
	if hk, ok := f.optStr(m, content.Attributes["hash_key"], "the hash_key of "+what); ok {
		d.key.partition = []name{hk}
		d.key.node = hk.node
	} else if len(f.p.errs) > errsBefore || f.misspelt(b, "hash_key", what) {
		d.key.bad = true // reported
	}
	if rk, ok := f.optStr(m, content.Attributes["range_key"], "the range_key of "+what); ok {
		d.key.sort = []name{rk}
	}
	ttl := ""
	var block func(blk *hcl.Block)
	block = func(blk *hcl.Block) {
		switch blk.Type {
		case "attribute":
			f.attribute(m, blk, d)
		case "global_secondary_index", "local_secondary_index":
			if id := f.index(m, blk, d); id != nil {
				d.indexes = append(d.indexes, id)
			}
		case "ttl":
			ttl = f.ttl(m, blk, what)
		case "dynamic":
			if _, decides := tfDecides[blk.Labels[0]]; decides && blk.Labels[0] != "key_schema" {
				f.expandDynamic(m, blk, what, block)
			}
		}
	}
	for _, blk := range content.Blocks {
		block(blk)
	}
	d.ttl = name{text: ttl}
	return f.build(d, before)
}

// build checks d, read from f, and returns its table, or nil when reading
// or checking it reported a problem (the errors since before).
func (f *tfFile) build(d *tableDecl, before int) *Table {
	if t := f.p.build(d); t != nil && len(f.p.errs) == before {
		t.Template = tfNameTemplate(d.template)
		return t
	}
	return nil
}

// tableName reads the name of the table of block b (a resource, a module
// call) into d. A name that cannot be evaluated leaves the table known by
// the block's label (short), its address and its name template, with why
// (Table.Unresolved). A name that is missing or wrong is reported, and the
// rest is still read, under the label, to report its problems in the same
// run.
func (f *tfFile) tableName(m *tfModule, d *tableDecl, b *hcl.Block, a *hcl.Attribute, what, address string) {
	short := b.Labels[len(b.Labels)-1]
	d.name, d.nameBad = name{short, f.node(b.DefRange, short)}, true
	if a == nil {
		if !f.misspelt(b, "name", what) {
			f.errorAt(b.DefRange, "%s has no name: write name = \"TABLE\", the table's name in DynamoDB", what)
		}
		return
	}
	v, p := m.value(f, a.Expr)
	if p == nil && v.IsNull() {
		if tr, diags := hcl.AbsTraversalForExpr(a.Expr); !diags.HasErrors() && len(tr) == 2 && tr.RootName() == "var" {
			p = &tfProblem{f: f, rng: a.Expr.Range(), kind: tfNoValue, ref: strings.TrimPrefix(f.raw(a.Expr.Range()), "var.")}
		}
	}
	switch {
	case p != nil && p.unknowable():
		d.nameBad = false
		d.template = m.template(f, a.Expr)
		d.name.node = f.node(a.Expr.Range(), short)
		d.logical = name{text: address}
		d.unresolved = p.unresolved(d.template, f.p.src.pos(d.name.node).String())
		return
	case p != nil:
		m.report(p, "the name of "+what)
		return
	case v.IsNull():
		f.errorAt(a.Expr.Range(), "the name of %s is null: write name = \"TABLE\", the table's name in DynamoDB", what)
		return
	}
	if n, ok := f.asText(v, a.Expr.Range(), "the name of "+what); ok {
		d.name, d.nameBad = n, false
		if n.text != short {
			d.logical = name{text: short}
		}
	}
}

// attribute reads an attribute { name type } block into d's types.
func (f *tfFile) attribute(m *tfModule, b *hcl.Block, d *tableDecl) {
	content, _, diags := b.Body.PartialContent(tfAttributeSchema)
	f.report(diags)
	if diags.HasErrors() {
		d.attrsBad = true
		return
	}
	before := len(f.p.errs)
	defer func() { d.attrsBad = d.attrsBad || len(f.p.errs) > before }()
	an, ok := f.required(m, b, content, "name", "an attribute block", "write name = \"ATTRIBUTE\"")
	if !ok {
		return
	}
	tv, ok := f.required(m, b, content, "type", fmt.Sprintf("attribute %q", an.text), "write type = \"S\" (or \"N\", \"B\")")
	if !ok {
		return
	}
	f.declareAttr(d, an, tv, false, "keep one attribute block")
}

// declareAttr gives attribute an the type tv in d, once (or again with
// the same type, where repeat allows it); keep is how to write it once.
func (f *tfFile) declareAttr(d *tableDecl, an, tv name, repeat bool, keep string) {
	if t, dup := d.attrs[an.text]; dup {
		if repeat && strings.EqualFold(string(t), tv.text) {
			return
		}
		f.p.errorf(an.node, "attribute %q is declared twice in table %q: %s", an.text, d.name.text, keep)
		return
	}
	if t, ok := f.p.attrType(tv.node, an.text); ok {
		d.attrs[an.text] = t
	}
}

// index reads a global_secondary_index or local_secondary_index block.
func (f *tfFile) index(m *tfModule, b *hcl.Block, d *tableDecl) *indexDecl {
	global := b.Type == "global_secondary_index"
	content, _, diags := b.Body.PartialContent(tfIndexSchema)
	f.report(diags)
	if diags.HasErrors() {
		return nil
	}
	in, ok := f.required(m, b, content, "name", "a "+b.Type+" block", "write name = \"INDEX\"")
	if !ok {
		return nil
	}
	what := fmt.Sprintf("index %q", in.text)
	id := &indexDecl{name: in, global: global}
	before := len(f.p.errs)
	defer func() { id.bad = len(f.p.errs) > before }()
	id.key.node = f.node(b.DefRange, "")
	if global {
		if hk, ok := f.optStr(m, content.Attributes["hash_key"], "the hash_key of "+what); ok {
			id.key.partition = []name{hk}
		}
	} else if len(d.key.partition) == 1 {
		id.key.partition = d.key.partition // a local index shares the table's partition key
	}
	if rk, ok := f.optStr(m, content.Attributes["range_key"], "the range_key of "+what); ok {
		id.key.sort = []name{rk}
	}
	var keySchemas []*hcl.Block
	for _, blk := range content.Blocks {
		switch {
		case blk.Type == "key_schema":
			keySchemas = append(keySchemas, blk)
		case blk.Type == "dynamic" && blk.Labels[0] == "key_schema":
			f.expandDynamic(m, blk, what, func(ks *hcl.Block) { keySchemas = append(keySchemas, ks) })
		}
	}
	for _, ks := range keySchemas {
		switch {
		case !global:
			f.errorAt(ks.DefRange, "%s is a local index, whose key is the table's hash_key and its range_key: write range_key = NAME instead of key_schema blocks", what)
			return id
		case content.Attributes["hash_key"] != nil || content.Attributes["range_key"] != nil:
			f.errorAt(ks.DefRange, "%s has both hash_key/range_key and key_schema blocks: write its key one way", what)
			return id
		}
		f.keySchemaBlock(m, ks, id, what)
	}
	if pt, ok := f.required(m, b, content, "projection_type", what, "write projection_type = \"ALL\" (or \"KEYS_ONLY\", \"INCLUDE\")"); ok {
		id.projection = f.p.projectionType(pt.node, what, tfWords)
	}
	if a := content.Attributes["non_key_attributes"]; a != nil {
		id.include = f.strList(m, a.Expr, "the non_key_attributes of "+what)
	}
	return id
}

// keySchemaBlock reads a key_schema { attribute_name key_type } block: the
// HASH ones, then the RANGE ones, of a multi-attribute key.
func (f *tfFile) keySchemaBlock(m *tfModule, b *hcl.Block, id *indexDecl, what string) {
	content, _, diags := b.Body.PartialContent(tfKeySchemaSchema)
	f.report(diags)
	if diags.HasErrors() {
		return
	}
	an, ok1 := f.required(m, b, content, "attribute_name", "a key_schema block of "+what, "write attribute_name = \"ATTRIBUTE\"")
	kt, ok2 := f.required(m, b, content, "key_type", "a key_schema block of "+what, "write key_type = \"HASH\" (or \"RANGE\")")
	if !ok1 || !ok2 {
		return
	}
	f.keyPart(id, an, kt, b.DefRange, what)
}

// keyPart adds attribute an to the key of id as key_type kt says, a
// key_schema element at rng.
func (f *tfFile) keyPart(id *indexDecl, an, kt name, rng hcl.Range, what string) {
	switch strings.ToUpper(kt.text) {
	case "HASH":
		if len(id.key.sort) > 0 {
			f.errorAt(rng, "the key_schema of %s has a HASH element after a RANGE element: write the HASH elements first", what)
		}
		id.key.partition = append(id.key.partition, an)
	case "RANGE":
		id.key.sort = append(id.key.sort, an)
	default:
		f.p.errorf(kt.node, "unknown key_type %q: write HASH (partition key) or RANGE (sort key)", kt.text)
	}
}

// ttl reads a ttl { attribute_name enabled } block: the attribute, when
// enabled (Terraform's default is disabled).
func (f *tfFile) ttl(m *tfModule, b *hcl.Block, what string) string {
	content, _, diags := b.Body.PartialContent(tfTTLSchema)
	f.report(diags)
	if diags.HasErrors() {
		return ""
	}
	enabled := false
	if a := content.Attributes["enabled"]; a != nil {
		v, ok := m.eval(f, a.Expr, "the ttl of "+what)
		if !ok {
			return ""
		}
		bv, err := convert.Convert(v, cty.Bool)
		if err != nil {
			f.errorAt(a.Expr.Range(), "expected true or false for the ttl's enabled, found %s", v.Type().FriendlyName())
			return ""
		}
		enabled = bv.True()
	}
	an, ok := f.optStr(m, content.Attributes["attribute_name"], "the ttl of "+what)
	if !enabled || !ok {
		if enabled {
			f.errorAt(b.DefRange, "the ttl of %s is enabled but names no attribute: write attribute_name = \"ATTRIBUTE\"", what)
		}
		return ""
	}
	return an.text
}

// required evaluates the argument field of block b as text, or reports
// it missing from what, with hint.
func (f *tfFile) required(m *tfModule, b *hcl.Block, c *hcl.BodyContent, field, what, hint string) (name, bool) {
	a := c.Attributes[field]
	if a == nil {
		if !f.misspelt(b, field, what) {
			f.errorAt(b.DefRange, "%s has no %s: %s", what, field, hint)
		}
		return name{}, false
	}
	return f.str(m, a.Expr, "the "+field+" of "+what)
}

// misspelt reports, where block b has no argument field, an argument that
// looks like a misspelling of it, and says whether there was one. Only HCL
// syntax is looked at: the JSON form keeps its unread members unparsed.
func (f *tfFile) misspelt(b *hcl.Block, field, what string) bool {
	body, ok := b.Body.(*hclsyntax.Body)
	if !ok {
		return false
	}
	for _, a := range body.Attributes {
		if a.Name != field && Suggest(field, []string{a.Name}) != "" {
			f.errorAt(a.NameRange, "%s has no %s; did you mean %q instead of %q?", what, field, field, a.Name)
			return true
		}
	}
	return false
}

// optStr evaluates an optional argument as text; false when it is absent,
// empty, or reported.
func (f *tfFile) optStr(m *tfModule, a *hcl.Attribute, what string) (name, bool) {
	if a == nil {
		return name{}, false
	}
	if v, p := m.value(f, a.Expr); p == nil && v.IsNull() {
		return name{}, false // null is the argument left out, as Terraform reads it
	}
	n, ok := f.str(m, a.Expr, what)
	return n, ok && n.text != ""
}

// str evaluates expr as text.
func (f *tfFile) str(m *tfModule, expr hcl.Expression, what string) (name, bool) {
	v, ok := m.eval(f, expr, what)
	if !ok {
		return name{}, false
	}
	return f.asText(v, expr.Range(), what)
}

func (f *tfFile) asText(v cty.Value, rng hcl.Range, what string) (name, bool) {
	if v.Type().IsPrimitiveType() {
		if s, err := convert.Convert(v, cty.String); err == nil && s.IsKnown() && !s.IsNull() {
			return name{s.AsString(), f.node(rng, s.AsString())}, true
		}
	}
	f.errorAt(rng, "expected text for %s, found %s", what, v.Type().FriendlyName())
	return name{}, false
}

// strList evaluates a list of names, each at its own place where the list
// is written out.
func (f *tfFile) strList(m *tfModule, expr hcl.Expression, what string) []name {
	var out []name
	if elems, diags := hcl.ExprList(expr); !diags.HasErrors() {
		for _, e := range elems {
			if n, ok := f.str(m, e, "each name in "+what); ok {
				out = append(out, n)
			}
		}
		return out
	}
	v, p := m.value(f, expr)
	switch {
	case p != nil:
		m.report(p, what)
		return nil
	case v.IsNull():
		return nil // null is the argument left out, as Terraform reads it
	}
	if !v.CanIterateElements() || v.Type().IsMapType() || v.Type().IsObjectType() {
		f.errorAt(expr.Range(), "expected a list for %s, found %s", what, v.Type().FriendlyName())
		return nil
	}
	for it := v.ElementIterator(); it.Next(); {
		_, ev := it.Element()
		if n, ok := f.asText(ev, expr.Range(), "each name in "+what); ok {
			out = append(out, n)
		}
	}
	return out
}
