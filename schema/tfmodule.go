package schema

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// This file reads the calls of the two registry modules most teams make
// their tables with, from the call's arguments, as the module passes them
// to its aws_dynamodb_table (the module's own files are not read: a
// registry module is not in the folder). The inputs read are pinned to the
// modules' published variables:
//
//   - terraform-aws-modules/dynamodb-table/aws v5.5.0 (variables.tf of
//     v5.5.0: name, hash_key, range_key, attributes, global_secondary_indexes
//     and local_secondary_indexes as lists, ttl_enabled, ttl_attribute_name,
//     create_table), with the inputs of its next major version: the
//     indexes as maps keyed by index name (the key is the name where the
//     element has none), ttl = {enabled, attribute_name}, create, and
//     standalone_global_secondary_indexes (index_name, key_schema with
//     attribute_type, projection).
//   - cloudposse/dynamodb/aws v0.37.0: table_name, or the name
//     cloudposse/label/null (0.25.0) builds from namespace, tenant,
//     environment, stage, name and attributes; hash_key, hash_key_type,
//     range_key, range_key_type, dynamodb_attributes,
//     global_secondary_index_map, local_secondary_index_map, ttl_enabled,
//     ttl_attribute (by default enabled, on "Expires"), enabled.
//
// Any other module is noted, not read: terraform show -json reads it.

// tfRegistryModules are the modules whose calls are read, by registry
// source.
var tfRegistryModules = map[string]func(f *tfFile, m *tfModule, c *tfCall) *Table{
	"terraform-aws-modules/dynamodb-table/aws": (*tfFile).awsModuleTable,
	"cloudposse/dynamodb/aws":                  (*tfFile).cloudposseTable,
}

// tfCall is a module block being read.
type tfCall struct {
	block *hcl.Block
	args  hcl.Attributes
	what  string // `module "orders"`
}

// registrySource is the registry name of a module source: as written
// (terraform-aws-modules/dynamodb-table/aws, with a registry host or not)
// or the module's GitHub repository (github.com/OWNER/terraform-PROVIDER-NAME,
// git::https://..., ?ref=..., //subfolder).
func registrySource(src string) string {
	s := strings.TrimPrefix(src, "git::")
	for _, p := range []string{"https://", "http://", "ssh://", "git@", "registry.terraform.io/", "registry.opentofu.org/", "github.com/", "github.com:"} {
		s = strings.TrimPrefix(s, p)
	}
	s, _, _ = strings.Cut(s, "?")
	s, _, _ = strings.Cut(s, "//")
	s = strings.TrimSuffix(s, ".git")
	parts := strings.Split(s, "/")
	if len(parts) == 2 { // OWNER/terraform-PROVIDER-NAME
		if rest, ok := strings.CutPrefix(parts[1], "terraform-"); ok {
			if provider, name, ok := strings.Cut(rest, "-"); ok {
				return parts[0] + "/" + name + "/" + provider
			}
		}
	}
	return s
}

// source is the source of module call b, "" when it is not text.
func (f *tfFile) source(m *tfModule, b *hcl.Block) string {
	content, _, _ := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "source"}}})
	if a := content.Attributes["source"]; a != nil {
		if v, p := m.value(f, a.Expr); p == nil && v.Type() == cty.String && !v.IsNull() {
			return v.AsString()
		}
	}
	return ""
}

// moduleTables reads the module call b: the table of a module dynexpr
// reads, one for each instance of its count or for_each; none for a
// module it does not read (noted), a count of 0, a call whose instances
// cannot be known (left out, noted), or a problem (reported).
func (f *tfFile) moduleTables(m *tfModule, b *hcl.Block) []*Table {
	what := fmt.Sprintf("module %q", b.Labels[0])
	src := f.source(m, b)
	read := tfRegistryModules[registrySource(src)]
	if read == nil && isLocalSource(src) {
		m.opt.note(f.p.src.pos(f.node(b.DefRange, "")), fmt.Sprintf("%s (source %q) is not read: its folder %s holds no Terraform files, or is not there: %s", what, src, filepath.Join(filepath.Dir(f.p.src.file), filepath.FromSlash(src)), tfResolvedExactly))
		return nil
	}
	if read == nil {
		m.opt.note(f.p.src.pos(f.node(b.DefRange, "")), fmt.Sprintf("%s (source %q) is not read: dynexpr reads the tables of resource \"aws_dynamodb_table\" and of the modules terraform-aws-modules/dynamodb-table/aws and cloudposse/dynamodb/aws; "+
			"to read the tables it makes, give its folder as a schema, or read what Terraform resolved, exactly: terraform show -json > show.json, then --schema show.json", what, src))
		return nil
	}
	args, diags := b.Body.JustAttributes()
	f.report(diags)
	if diags.HasErrors() {
		return nil
	}
	f.leftOut = ""
	insts, ok := f.instances(m, args, what)
	if !ok {
		if f.leftOut != "" {
			m.opt.note(f.p.src.pos(f.node(f.leftOutAt, "")), fmt.Sprintf("%s is left out: %s; the module's other tables are read; %s", what, f.leftOut, tfResolvedExactly))
			f.leftOut = ""
		}
		return nil
	}
	var out []*Table
	for _, inst := range insts {
		m.inst = inst
		if t := read(f, m, &tfCall{block: b, args: args, what: what}); t != nil {
			out = append(out, t)
		}
	}
	m.inst = nil
	return out
}

// tfArg is a value a module call passes, with where it is written: expr
// while its syntax can be read element by element (each at its own
// place), else val, evaluated as a whole at rng.
type tfArg struct {
	expr hcl.Expression
	val  cty.Value
	rng  hcl.Range
	key  string // the element's key, of a map
}

func argOf(a *hcl.Attribute) tfArg {
	if a == nil {
		return tfArg{val: cty.NullVal(cty.DynamicPseudoType)}
	}
	return tfArg{expr: a.Expr, rng: a.Expr.Range()}
}

// evaluated is a with its value; false when it cannot be known (reported).
func (f *tfFile) evaluated(m *tfModule, a tfArg, what string) (tfArg, bool) {
	if a.expr == nil {
		return a, true
	}
	v, p := m.value(f, a.expr)
	if p != nil {
		m.report(p, what)
		return a, false
	}
	return tfArg{val: v, rng: a.rng, key: a.key}, true
}

// elements are the elements of a list, or the entries of a map (with
// their keys); none for null.
func (f *tfFile) elements(m *tfModule, a tfArg, what string) []tfArg {
	var out []tfArg
	if a.expr != nil {
		if elems, diags := hcl.ExprList(a.expr); !diags.HasErrors() {
			for _, e := range elems {
				out = append(out, tfArg{expr: e, rng: e.Range()})
			}
			return out
		}
		if pairs, diags := hcl.ExprMap(a.expr); !diags.HasErrors() {
			for _, p := range pairs {
				k, ok := f.key(m, p.Key, what)
				if !ok {
					continue
				}
				out = append(out, tfArg{expr: p.Value, rng: p.Value.Range(), key: k})
			}
			return out
		}
	}
	a, ok := f.evaluated(m, a, what)
	if !ok || a.val.IsNull() {
		return nil
	}
	t := a.val.Type()
	if !a.val.CanIterateElements() {
		f.errorAt(a.rng, "expected a list or a map for %s, found %s", what, t.FriendlyName())
		return nil
	}
	keyed := t.IsMapType() || t.IsObjectType()
	for it := a.val.ElementIterator(); it.Next(); {
		k, v := it.Element()
		e := tfArg{val: v, rng: a.rng}
		if keyed {
			e.key = k.AsString()
		}
		out = append(out, e)
	}
	return out
}

// key is the text of a map key, a bare word or an expression.
func (f *tfFile) key(m *tfModule, k hcl.Expression, what string) (string, bool) {
	if w := hcl.ExprAsKeyword(k); w != "" {
		return w, true
	}
	n, ok := f.str(m, k, "a key of "+what)
	return n.text, ok
}

// fields are the attributes of an object; false when it is absent or
// null (reported by the caller, which knows whether it may be) or
// reported.
func (f *tfFile) fields(m *tfModule, a tfArg, what string) (map[string]tfArg, bool) {
	out := map[string]tfArg{}
	if a.expr != nil {
		if pairs, diags := hcl.ExprMap(a.expr); !diags.HasErrors() {
			for _, p := range pairs {
				if k, ok := f.key(m, p.Key, what); ok {
					out[k] = tfArg{expr: p.Value, rng: p.Value.Range()}
				}
			}
			return out, true
		}
	}
	a, ok := f.evaluated(m, a, what)
	if !ok {
		return nil, false
	}
	if a.val.IsNull() {
		return nil, false
	}
	if t := a.val.Type(); !t.IsObjectType() && !t.IsMapType() {
		f.errorAt(a.rng, "expected an object for %s, found %s", what, t.FriendlyName())
		return nil, false
	}
	for it := a.val.ElementIterator(); it.Next(); {
		k, v := it.Element()
		out[k.AsString()] = tfArg{val: v, rng: a.rng}
	}
	return out, true
}

// argText is a as text; present is false when it is absent or null, ok false
// when it is reported.
func (f *tfFile) argText(m *tfModule, a tfArg, what string) (n name, present, ok bool) {
	a, ok = f.evaluated(m, a, what)
	if !ok {
		return name{}, true, false
	}
	if a.val.IsNull() {
		return name{}, false, true
	}
	n, ok = f.asText(a.val, a.rng, what)
	return n, true, ok
}

// needArg is field of object fs (at where) as text, or reports it missing
// with hint.
func (f *tfFile) needArg(m *tfModule, fs map[string]tfArg, where hcl.Range, field, what, hint string) (name, bool) {
	n, present, ok := f.argText(m, fs[field], "the "+field+" of "+what)
	if !present {
		f.errorAt(where, "%s has no %s: %s", what, field, hint)
		return name{}, false
	}
	return n, ok && n.text != ""
}

// optArg is field of fs as text: false when absent, empty or reported.
func (f *tfFile) optArg(m *tfModule, fs map[string]tfArg, field, what string) (name, bool) {
	n, _, ok := f.argText(m, fs[field], "the "+field+" of "+what)
	return n, ok && n.text != ""
}

// names is a list of names (non_key_attributes).
func (f *tfFile) names(m *tfModule, a tfArg, what string) []name {
	var out []name
	for _, e := range f.elements(m, a, what) {
		if n, _, ok := f.argText(m, e, "each name in "+what); ok {
			out = append(out, n)
		}
	}
	return out
}

// flag is a as true or false, dflt when absent.
func (f *tfFile) flag(m *tfModule, a tfArg, what string, dflt bool) (bool, bool) {
	a, ok := f.evaluated(m, a, what)
	if !ok {
		return false, false
	}
	if a.val.IsNull() {
		return dflt, true
	}
	b, err := convert.Convert(a.val, cty.Bool)
	if err != nil {
		f.errorAt(a.rng, "expected true or false for %s, found %s", what, a.val.Type().FriendlyName())
		return false, false
	}
	return b.True(), true
}

// args is the call's arguments as an object's fields.
func (c *tfCall) fields() map[string]tfArg {
	out := map[string]tfArg{}
	for k, a := range c.args {
		out[k] = argOf(a)
	}
	return out
}

// attributes reads a list of {name, type} objects into d's types;
// repeat says whether one may repeat an attribute with the same type.
func (f *tfFile) attributes(m *tfModule, a tfArg, d *tableDecl, repeat bool, what string) {
	before := len(f.p.errs)
	defer func() { d.attrsBad = d.attrsBad || len(f.p.errs) > before }()
	for _, e := range f.elements(m, a, what) {
		fs, ok := f.fields(m, e, "an attribute of "+what)
		if !ok {
			continue
		}
		an, ok1 := f.needArg(m, fs, e.rng, "name", "an attribute of "+what, `write name = "ATTRIBUTE"`)
		if !ok1 {
			continue
		}
		if tv, ok := f.needArg(m, fs, e.rng, "type", fmt.Sprintf("attribute %q", an.text), `write type = "S" (or "N", "B")`); ok {
			f.declareAttr(d, an, tv, repeat, "keep one element for it in "+what)
		}
	}
}

// indexes reads a list of indexes, or a map of them by name, in the
// aws_dynamodb_table's own words (name, hash_key, range_key,
// projection_type, non_key_attributes).
func (f *tfFile) indexes(m *tfModule, a tfArg, d *tableDecl, global bool, what string) {
	for _, e := range f.elements(m, a, what) {
		fs, ok := f.fields(m, e, "an index of "+what)
		if !ok {
			continue
		}
		in, ok := f.optArg(m, fs, "name", "an index of "+what)
		if !ok && e.key != "" {
			in, ok = name{e.key, f.node(e.rng, e.key)}, true
		}
		if !ok {
			f.errorAt(e.rng, "an index of %s has no name: write name = \"INDEX\"", what)
			continue
		}
		iw := fmt.Sprintf("index %q", in.text)
		id := &indexDecl{name: in, global: global}
		before := len(f.p.errs)
		id.key.node = f.node(e.rng, "")
		if global {
			if hk, ok := f.needArg(m, fs, e.rng, "hash_key", iw, "write hash_key = NAME"); ok {
				id.key.partition = []name{hk}
			}
		} else if len(d.key.partition) == 1 {
			id.key.partition = d.key.partition
		}
		if rk, ok := f.optArg(m, fs, "range_key", iw); ok {
			id.key.sort = []name{rk}
		}
		if pt, ok := f.needArg(m, fs, e.rng, "projection_type", iw, `write projection_type = "ALL" (or "KEYS_ONLY", "INCLUDE")`); ok {
			id.projection = f.p.projectionType(pt.node, iw, tfWords)
		}
		id.include = f.names(m, fs["non_key_attributes"], "the non_key_attributes of "+iw)
		id.bad = len(f.p.errs) > before
		d.indexes = append(d.indexes, id)
	}
}

// awsModuleTable reads a call of terraform-aws-modules/dynamodb-table/aws.
func (f *tfFile) awsModuleTable(m *tfModule, c *tfCall) *Table {
	fs := c.fields()
	for _, create := range []string{"create_table", "create"} {
		if on, ok := f.flag(m, fs[create], "the "+create+" of "+c.what, true); !ok || !on {
			return nil
		}
	}
	before := len(f.p.errs)
	d := &tableDecl{attrs: map[string]Type{}, words: tfWords}
	f.tableName(m, d, c.block, c.args["name"], c.what, "module."+c.block.Labels[0])
	d.key.node = f.node(c.block.DefRange, "")
	if hk, ok := f.optArg(m, fs, "hash_key", c.what); ok {
		d.key.partition = []name{hk}
	} else if fs["hash_key"].expr != nil {
		d.key.bad = true
	}
	if rk, ok := f.optArg(m, fs, "range_key", c.what); ok {
		d.key.sort = []name{rk}
	}
	f.attributes(m, fs["attributes"], d, false, "the attributes of "+c.what)
	f.indexes(m, fs["global_secondary_indexes"], d, true, "the global_secondary_indexes of "+c.what)
	f.indexes(m, fs["local_secondary_indexes"], d, false, "the local_secondary_indexes of "+c.what)
	f.standaloneIndexes(m, fs["standalone_global_secondary_indexes"], d, "the standalone_global_secondary_indexes of "+c.what)
	// ttl_enabled and ttl_attribute_name (v5), or ttl = {enabled, attribute_name}.
	ttlOn, ttlAttr := fs["ttl_enabled"], fs["ttl_attribute_name"]
	if a := fs["ttl"]; a.expr != nil {
		if tf, ok := f.fields(m, a, "the ttl of "+c.what); ok {
			ttlOn, ttlAttr = tf["enabled"], tf["attribute_name"]
		}
	}
	if on, ok := f.flag(m, ttlOn, "the ttl_enabled of "+c.what, false); ok && on {
		if n, ok := f.optArg(m, map[string]tfArg{"attribute_name": ttlAttr}, "attribute_name", "the ttl of "+c.what); ok {
			d.ttl = n
		}
	}
	return f.build(d, before)
}

// standaloneIndexes reads standalone_global_secondary_indexes: index_name,
// key_schema [{attribute_name, attribute_type, key_type}], projection
// {projection_type, non_key_attributes}. A key attribute's type is its
// attribute_type where the table's attributes do not declare one.
func (f *tfFile) standaloneIndexes(m *tfModule, a tfArg, d *tableDecl, what string) {
	for _, e := range f.elements(m, a, what) {
		fs, ok := f.fields(m, e, "an index of "+what)
		if !ok {
			continue
		}
		in, ok := f.needArg(m, fs, e.rng, "index_name", "an index of "+what, `write index_name = "INDEX"`)
		if !ok {
			continue
		}
		iw := fmt.Sprintf("index %q", in.text)
		id := &indexDecl{name: in, global: true}
		before := len(f.p.errs)
		id.key.node = f.node(e.rng, "")
		for _, ke := range f.elements(m, fs["key_schema"], "the key_schema of "+iw) {
			kf, ok := f.fields(m, ke, "the key_schema of "+iw)
			if !ok {
				continue
			}
			an, ok1 := f.needArg(m, kf, ke.rng, "attribute_name", "a key_schema element of "+iw, `write attribute_name = "ATTRIBUTE"`)
			kt, ok2 := f.needArg(m, kf, ke.rng, "key_type", "a key_schema element of "+iw, `write key_type = "HASH" (or "RANGE")`)
			if !ok1 || !ok2 {
				continue
			}
			if at, ok := f.optArg(m, kf, "attribute_type", "a key_schema element of "+iw); ok {
				if _, declared := d.attrs[an.text]; !declared {
					f.declareAttr(d, an, at, false, "")
				}
			}
			f.keyPart(id, an, kt, ke.rng, iw)
		}
		if pf, ok := f.fields(m, fs["projection"], "the projection of "+iw); !ok && fs["projection"].val.IsNull() && fs["projection"].expr == nil {
			f.errorAt(e.rng, "%s has no projection: write projection = { projection_type = \"ALL\" } (or \"KEYS_ONLY\", \"INCLUDE\")", iw)
		} else if ok {
			if pt, ok := f.needArg(m, pf, fs["projection"].rng, "projection_type", "the projection of "+iw, `write projection_type = "ALL" (or "KEYS_ONLY", "INCLUDE")`); ok {
				id.projection = f.p.projectionType(pt.node, iw, tfWords)
			}
			id.include = f.names(m, pf["non_key_attributes"], "the non_key_attributes of "+iw)
		}
		id.bad = len(f.p.errs) > before
		d.indexes = append(d.indexes, id)
	}
}

// tfLabelOrder is the order in which cloudposse/label/null (0.25.0) joins
// its labels into an id, by default.
var tfLabelOrder = []string{"namespace", "environment", "stage", "name", "attributes"}

// cloudposseTable reads a call of cloudposse/dynamodb/aws.
func (f *tfFile) cloudposseTable(m *tfModule, c *tfCall) *Table {
	fs := c.fields()
	if on, ok := f.flag(m, fs["enabled"], "the enabled of "+c.what, true); !ok || !on {
		return nil
	}
	before := len(f.p.errs)
	d := &tableDecl{attrs: map[string]Type{}, words: cloudposseWords}
	f.cloudposseName(m, d, c, fs)
	d.key.node = f.node(c.block.DefRange, "")
	keyType := func(field string) name {
		if t, ok := f.optArg(m, fs, field, c.what); ok {
			return t
		}
		return name{"S", f.node(c.block.DefRange, "S")} // the module's default
	}
	if hk, ok := f.needArg(m, fs, c.block.DefRange, "hash_key", c.what, "write hash_key = NAME"); ok {
		d.key.partition = []name{hk}
		f.declareAttr(d, hk, keyType("hash_key_type"), false, "")
	} else {
		d.key.bad = true
	}
	if rk, ok := f.optArg(m, fs, "range_key", c.what); ok {
		d.key.sort = []name{rk}
		f.declareAttr(d, rk, keyType("range_key_type"), false, "")
	}
	// The module adds the key attributes to dynamodb_attributes, as a set.
	f.attributes(m, fs["dynamodb_attributes"], d, true, "the dynamodb_attributes of "+c.what)
	f.indexes(m, fs["global_secondary_index_map"], d, true, "the global_secondary_index_map of "+c.what)
	f.indexes(m, fs["local_secondary_index_map"], d, false, "the local_secondary_index_map of "+c.what)
	if on, ok := f.flag(m, fs["ttl_enabled"], "the ttl_enabled of "+c.what, true); ok && on {
		ttl := name{"Expires", f.node(c.block.DefRange, "Expires")}
		if n, present, ok := f.argText(m, fs["ttl_attribute"], "the ttl_attribute of "+c.what); present {
			ttl = n
			if !ok {
				ttl = name{}
			}
		}
		d.ttl = ttl
	}
	return f.build(d, before)
}

var cloudposseWords = &dialect{
	declareType: "add it to dynamodb_attributes: { name = %q, type = \"S\" } (or \"N\", \"B\")",
	partition:   "write hash_key = NAME",
	include:     "non_key_attributes",
	projection:  func(pt ProjectionType) string { return string(pt) },
}

// cloudposseName is the module's table name: table_name, else the id
// cloudposse/label/null builds from the labels in label_order, each
// stripped of all but letters, digits and "-" and lower-cased, joined by
// delimiter (the module's defaults). A context (module.this.context), a
// label_value_case, regex_replace_chars or id_length_limit, which
// dynexpr does not follow, leave the name unresolved, as a label that
// cannot be evaluated does.
func (f *tfFile) cloudposseName(m *tfModule, d *tableDecl, c *tfCall, fs map[string]tfArg) {
	address := "module." + c.block.Labels[0]
	if a := c.args["table_name"]; a != nil {
		if v, p := m.value(f, a.Expr); p != nil || !v.IsNull() && !(v.Type() == cty.String && v.AsString() == "") {
			f.tableName(m, d, c.block, a, c.what, address)
			return
		}
	}
	short := c.block.Labels[0]
	d.name = name{short, f.node(c.block.DefRange, short)}
	delim := "-"
	if n, present, ok := f.argText(m, fs["delimiter"], "the delimiter of "+c.what); present && ok {
		delim = n.text
	}
	order := tfLabelOrder
	if fs["label_order"].expr != nil {
		order = nil
		for _, n := range f.names(m, fs["label_order"], "the label_order of "+c.what) {
			order = append(order, n.text)
		}
	}
	var parts []string
	var problem *tfProblem
	at := c.block.DefRange // where the name is decided: the first label it cannot evaluate
	if a := c.args["context"]; a != nil {
		parts = append(parts, "${"+f.raw(a.Expr.Range())+"}")
	}
	label := func(a tfArg) string {
		if a.expr == nil {
			return ""
		}
		v, p := m.value(f, a.expr)
		if p != nil {
			if problem == nil {
				problem, at = p, a.expr.Range()
			}
			return m.template(f, a.expr)
		}
		if s, ok := f.asText(v, a.rng, "a label of "+c.what); ok && !v.IsNull() {
			return labelValue(s.text)
		}
		return ""
	}
	for _, l := range order {
		if l != "attributes" {
			if s := label(fs[l]); s != "" {
				parts = append(parts, s)
			}
			continue
		}
		var attrs []string
		for _, e := range f.elements(m, fs["attributes"], "the attributes of "+c.what) {
			if s := label(e); s != "" {
				attrs = append(attrs, s)
			}
		}
		if len(attrs) > 0 {
			parts = append(parts, strings.Join(attrs, delim))
		}
	}
	id := strings.Join(parts, delim)
	var followed []string
	for _, arg := range []string{"context", "label_value_case", "regex_replace_chars", "id_length_limit"} {
		if c.args[arg] != nil {
			followed = append(followed, arg)
		}
	}
	d.name.node = f.node(at, short)
	where := f.p.src.pos(d.name.node).String()
	switch {
	case len(followed) > 0:
		d.template, d.logical = id, name{text: address}
		d.unresolved = fmt.Sprintf("its name %q (%s) is the id cloudposse/label/null builds with %s, which dynexpr does not follow: pass table_name, or %s",
			id, where, orList(followed, "and"), tfResolved)
	case problem != nil && problem.unknowable():
		d.template, d.logical = id, name{text: address}
		d.unresolved = problem.unresolved(id, where)
	case problem != nil:
		d.nameBad = true
		m.report(problem, "the name of "+c.what)
	case id == "":
		d.nameBad = true
		f.errorAt(c.block.DefRange, "%s has no table_name and no labels to build one from: write table_name = \"TABLE\" (or name = \"NAME\")", c.what)
	default:
		d.name = name{id, f.node(c.block.DefRange, id)}
		if id != short {
			d.logical = name{text: short}
		}
	}
}

// labelValue is a label as cloudposse/label/null puts it in an id, by
// default: only letters, digits and "-" kept (regex_replace_chars
// "/[^-a-zA-Z0-9]/"), lower-cased (label_value_case "lower").
func labelValue(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '-' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			b.WriteRune(r)
		}
	}
	return strings.ToLower(b.String())
}
