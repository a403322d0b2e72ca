package schema

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// This file holds the helpers every reader uses to walk a yaml.v3 node tree
// (YAML files, and JSON files turned into the same kind of tree), reporting
// problems at the node that has them.

// format is a kind of schema file.
type format int

const (
	formatUnknown    format = iota
	formatProject           // tables:
	formatCFN               // Resources:
	formatDescribe          // Table: / TableName: / a list of those
	formatTFShow            // format_version: with values: or planned_values:
	formatTTL               // TimeToLiveDescription:
	formatServerless        // service: and provider:
	formatTFJSON            // resource: Terraform configuration in JSON, in a file not named *.tf.json
	formatPulumi            // deployment: and version:, what pulumi stack export prints
	// Told by the file's or folder's name, not by content:
	formatTerraform // *.tf and *.tf.json files, and folders of them
	formatCDK       // a folder with manifest.json: a cdk.out cloud assembly
	formatLast      = formatCDK
)

// Source is a kind of schema source as help texts and messages name it:
// what the user gives and how dynexpr tells it.
type Source struct {
	// Name is what the user gives: "project YAML".
	Name string
	// Tells is what in its content makes it that source: "tables:"; ""
	// for the sources told by name (Terraform files, a cdk.out folder).
	Tells string
}

// sources names every format a user can give, by format: the one list of
// schema sources that help texts (Sources), the detection hint and the
// empty-file message read, so a new format cannot be left out of them
// (TestEverySourceNamed).
var sources = [...]Source{
	formatProject:    {"project YAML", "tables:"},
	formatDescribe:   {"describe-table JSON", `{"Table": ...}`},
	formatTTL:        {"describe-time-to-live JSON", `{"TimeToLiveDescription": ...}`},
	formatCFN:        {"CloudFormation or SAM templates", "Resources:"},
	formatServerless: {"serverless.yml", "service: and provider:"},
	formatCDK:        {"a CDK cdk.out folder", ""},
	formatTerraform:  {"Terraform .tf and .tf.json files or a module folder", ""},
	formatTFShow:     {"terraform show -json", "format_version:"},
	formatPulumi:     {"pulumi stack export", "deployment:"},
}

// Sources are the kinds of schema source dynexpr reads, in the order help
// lists them.
func Sources() []Source {
	order := [...]format{formatProject, formatDescribe, formatTTL, formatCFN, formatServerless, formatCDK, formatTerraform, formatTFShow, formatPulumi}
	out := make([]Source, 0, len(order))
	for _, f := range order {
		out = append(out, sources[f])
	}
	return out
}

// SourceList is Sources as help writes them: "project YAML, describe-table
// JSON, ... or pulumi stack export".
func SourceList() string {
	var names []string
	for _, s := range Sources() {
		names = append(names, s.Name)
	}
	return orJoin(names)
}

// contentHint lists the sources told by content, each with what tells it:
// what a file that is none of them is told to be.
func contentHint() string {
	var parts []string
	for _, s := range Sources() {
		if s.Tells != "" {
			parts = append(parts, s.Name+" ("+s.Tells+")")
		}
	}
	return orJoin(parts)
}

func orJoin(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// tableReaders are the readers of the formats that define tables, by
// format. (A TTL file gives its tables' time-to-live attributes instead;
// Terraform's HCL is told by the file's name before any YAML is read, and
// its JSON form in a file of another name is refused by detect.)
var tableReaders = [...]func(*parser, *yaml.Node) []*tableDecl{
	formatProject:    (*parser).project,
	formatCFN:        (*parser).cfn,
	formatDescribe:   (*parser).describe,
	formatTFShow:     (*parser).tfShow,
	formatServerless: (*parser).serverless,
	formatPulumi:     (*parser).pulumi,
}

// msgEmpty is what an empty schema file is told.
func msgEmpty() string { return "the schema file is empty: write " + contentHint() }

// FormatOf names the schema format whose top-level members these are
// (has reports whether a member is present): "project schema",
// "CloudFormation template", "describe-table output", "create-table
// input", "terraform show -json output", "pulumi stack export output" or
// "Terraform configuration" (a .tf.json); "" when they are no schema's. It is what lint asks to leave a
// walked schema file alone, so it names only members no request has.
func FormatOf(has func(member string) bool) string {
	_, name := formatOf(has)
	return name
}

// formatOf is FormatOf with the format detect reads the file as; a format
// is told by its top-level members in one place, here.
func formatOf(has func(member string) bool) (format, string) {
	switch {
	case has("tables"):
		return formatProject, "project schema"
	case has("service") && has("provider"):
		return formatServerless, "Serverless service"
	case has("Resources"), has("AWSTemplateFormatVersion"):
		return formatCFN, "CloudFormation template"
	case has("TimeToLiveDescription"):
		return formatTTL, "describe-time-to-live output"
	case has("Table"):
		return formatDescribe, "describe-table output"
	case has("KeySchema"), has("AttributeDefinitions"):
		return formatDescribe, "create-table input"
	case has("format_version") && (has("values") || has("planned_values")):
		return formatTFShow, "terraform show -json output"
	case has("deployment") && has("version"):
		return formatPulumi, "pulumi stack export output"
	case has("resource"):
		return formatTFJSON, "Terraform configuration"
	}
	return formatUnknown, ""
}

// detect tells the format from the root node's fields.
func detect(root *yaml.Node) (format, string) {
	hint := contentHint()
	root = resolve(root)
	switch root.Kind {
	case yaml.SequenceNode:
		return formatDescribe, ""
	case yaml.MappingNode:
		has := map[string]bool{}
		for i := 0; i+1 < len(root.Content); i += 2 {
			if k := resolve(root.Content[i]); k.Kind == yaml.ScalarNode {
				has[k.Value] = true
			}
		}
		switch f, _ := formatOf(func(name string) bool { return has[name] }); {
		case f == formatTFJSON:
			return formatUnknown, "this looks like Terraform configuration in JSON, which Terraform reads only from files named *.tf.json: rename the file"
		case f != formatUnknown:
			return f, ""
		case has["TableName"]:
			// A create-table input with its keys missing: read as one, so
			// that the reader says what is missing.
			return formatDescribe, ""
		}
		return formatUnknown, "cannot tell what kind of schema file this is: expected " + hint
	}
	return formatUnknown, fmt.Sprintf("expected %s, found %s", hint, kindName(root))
}

// resolve follows aliases to the node they name.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// isNull reports whether n is absent or an explicit null (`key:` with no value).
func isNull(n *yaml.Node) bool {
	n = resolve(n)
	return n == nil || n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// tagFunction returns the short tag n carries ("!Ref", "!Sub", ...), or "".
func tagFunction(n *yaml.Node) string {
	n = resolve(n)
	if n != nil && strings.HasPrefix(n.Tag, "!") && !strings.HasPrefix(n.Tag, "!!") && n.Tag != "!" {
		return n.Tag
	}
	return ""
}

// intrinsic returns the CloudFormation function n stands for, as a short
// tag ("!Ref") or in JSON form ({"Fn::Sub": ...}), or "".
func intrinsic(n *yaml.Node) string {
	n = resolve(n)
	if f := tagFunction(n); f != "" {
		return f
	}
	if n != nil && n.Kind == yaml.MappingNode && len(n.Content) == 2 {
		if k := resolve(n.Content[0]); k.Kind == yaml.ScalarNode && (k.Value == "Ref" || strings.HasPrefix(k.Value, "Fn::")) {
			return k.Value
		}
	}
	return ""
}

// kindName says what n is, for "found ..." in messages.
func kindName(n *yaml.Node) string {
	n = resolve(n)
	if f := intrinsic(n); f != "" {
		return f
	}
	switch {
	case isNull(n):
		return "nothing"
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Kind == yaml.ScalarNode:
		return fmt.Sprintf("%q", n.Value)
	}
	return "an alias"
}

// fields is a mapping node's entries, keys checked to be unique plain text.
type fields struct {
	p    *parser
	node *yaml.Node
	what string // what the mapping is, for messages: `index "x"`
	keys []*yaml.Node
	vals []*yaml.Node
}

// mapping reads n as a mapping, or reports that it is not one (nil).
func (p *parser) mapping(n *yaml.Node, what string) *fields {
	n = resolve(n)
	if f := tagFunction(n); f != "" {
		p.errorf(n, "write %s as a mapping: dynexpr does not evaluate %s", what, f)
		return nil
	}
	if n == nil || n.Kind != yaml.MappingNode {
		p.errorf(n, "expected a mapping for %s, found %s", what, kindName(n))
		return nil
	}
	f := &fields{p: p, node: n, what: what}
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Kind != yaml.ScalarNode || isNull(k) {
			p.errorf(k, "expected a name in %s, found %s", what, kindName(k))
			continue
		}
		if first := seen[k.Value]; first != nil {
			p.errorf(k, "%q appears twice in %s (first at line %d): keep one", k.Value, what, first.Line)
			continue
		}
		seen[k.Value] = k
		f.keys = append(f.keys, k)
		f.vals = append(f.vals, v)
	}
	return f
}

// get returns the key and value nodes of the field called name, or nils.
func (f *fields) get(name string) (key, val *yaml.Node) {
	for i, k := range f.keys {
		if k.Value == name {
			return k, f.vals[i]
		}
	}
	return nil, nil
}

// only reports every field not in allowed, suggesting the closest one, and
// says whether there was none.
func (f *fields) only(allowed ...string) bool {
	ok := true
	for _, k := range f.keys {
		if slices.Contains(allowed, k.Value) {
			continue
		}
		ok = false
		if s := Suggest(k.Value, allowed); s != "" {
			f.p.errorf(k, "unknown field %q in %s; did you mean %q?", k.Value, f.what, s)
		} else {
			f.p.errorf(k, "unknown field %q in %s: the fields are %s", k.Value, f.what, orList(allowed, "and"))
		}
	}
	return ok
}

// require returns the value of a field that must be present, or reports it
// missing, with hint (what to write), at a present field that looks like a
// misspelling of it if there is one.
func (f *fields) require(name, hint string) *yaml.Node {
	if _, v := f.get(name); v != nil {
		return v
	}
	for _, k := range f.keys {
		if Suggest(name, []string{k.Value}) != "" {
			f.p.errorf(k, "%s has no %q; did you mean %q instead of %q?", f.what, name, name, k.Value)
			return nil
		}
	}
	f.p.errorf(f.node, "%s has no %q: %s", f.what, name, hint)
	return nil
}

// twoFields reads n as a mapping of exactly the fields a and b, both
// required (aHint and bHint say what to write where one is missing): an
// AttributeDefinitions or KeySchema element, a SimpleTable's PrimaryKey. It
// returns their values, or nils after reporting what is wrong.
func (p *parser) twoFields(n *yaml.Node, what, a, aHint, b, bHint string) (av, bv *yaml.Node) {
	f := p.mapping(n, what)
	if f == nil || !f.only(a, b) {
		return nil, nil
	}
	av, bv = f.require(a, aHint), f.require(b, bHint)
	if av == nil || bv == nil {
		return nil, nil
	}
	return av, bv
}

// text reads a scalar written as plain text: a name or a word.
func (p *parser) text(n *yaml.Node, what string) (string, bool) {
	n = resolve(n)
	switch why := p.unknown[n]; {
	case why != "":
		p.errorf(n, "the value of %s cannot be known: %s", what, why)
	case intrinsic(n) != "":
		p.errorf(n, "write %s as plain text: dynexpr does not evaluate %s", what, intrinsic(n))
	case isNull(n) || n.Kind != yaml.ScalarNode:
		p.errorf(n, "expected text for %s, found %s", what, kindName(n))
	default:
		return n.Value, true
	}
	return "", false
}

// list reads a sequence node's elements.
func (p *parser) list(n *yaml.Node, what string) ([]*yaml.Node, bool) {
	n = resolve(n)
	if n == nil || n.Kind != yaml.SequenceNode || tagFunction(n) != "" {
		if f := intrinsic(n); f != "" {
			p.errorf(n, "write %s as a list: dynexpr does not evaluate %s", what, f)
		} else {
			p.errorf(n, "expected a list for %s, found %s", what, kindName(n))
		}
		return nil, false
	}
	out := make([]*yaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = resolve(c)
	}
	return out, true
}

// orList joins quoted words: `"a", "b" or "c"`.
func orList(words []string, conj string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = fmt.Sprintf("%q", w)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " " + conj + " " + q[len(q)-1]
}

// mergeKeys resolves YAML's merge keys in every mapping of the tree under
// root, in place, as YAML defines them (https://yaml.org/type/merge.html):
// `<<: *base` or `<<: [*a, *b]` puts the entries of the mappings named
// where the `<<` stands, an entry the mapping writes itself winning over a
// merged one, and of several merged mappings the earlier winning. It runs
// once on a YAML file's tree, before any reader sees it, so that every
// format reads merged mappings as plain ones. (JSON has no merge keys: a
// "<<" member there is a name like any other.)
func (p *parser) mergeKeys(root *yaml.Node) {
	m := &merger{p: p, state: map[*yaml.Node]mergeState{}}
	m.walk(root)
}

type mergeState int

const (
	unmerged mergeState = iota
	merging             // the node's descendants are being merged
	merged
)

type merger struct {
	p     *parser
	state map[*yaml.Node]mergeState
}

// walk merges the mappings under n, the deepest first, so that a mapping
// merged into another has its own merge keys resolved already. An alias
// that stands for a node containing it (&r {x: *r}), which no schema needs
// and every reader would follow without end, is reported and replaced by
// nothing: the tree the readers see has no cycle.
func (m *merger) walk(n *yaml.Node) {
	if r := resolve(n); n != nil && n.Kind == yaml.AliasNode && m.state[r] == merging {
		m.p.errorf(n, "the alias *%s stands for a node that contains it: YAML that contains itself is no schema", n.Value)
		*n = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: n.Line, Column: n.Column}
		return
	}
	n = resolve(n)
	if n == nil || m.state[n] != unmerged {
		return
	}
	m.state[n] = merging
	for i, c := range n.Content {
		if n.Kind == yaml.MappingNode && i%2 == 1 && isMergeKey(resolve(n.Content[i-1])) {
			m.walkMerged(c)
			continue
		}
		m.walk(c)
	}
	if n.Kind == yaml.MappingNode {
		m.merge(n)
	}
	m.state[n] = merged
}

// walkMerged walks the value of a merge key, but for a mapping that
// contains it, which merge reports in its own words (merging removes the
// merge key, and with it the cycle).
func (m *merger) walkMerged(v *yaml.Node) {
	elems := []*yaml.Node{v}
	if r := resolve(v); r != nil && r.Kind == yaml.SequenceNode {
		elems = r.Content
	}
	for _, e := range elems {
		if m.state[resolve(e)] != merging {
			m.walk(e)
		}
	}
}

// merge replaces the merge keys of the mapping n by the entries they name.
func (m *merger) merge(n *yaml.Node) {
	own := map[string]bool{} // the keys n writes itself
	hasMerge := false
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch k := resolve(n.Content[i]); {
		case isMergeKey(k):
			hasMerge = true
		case k.Kind == yaml.ScalarNode:
			own[k.Value] = true
		}
	}
	if !hasMerge {
		return
	}
	taken := map[string]bool{}
	var out []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !isMergeKey(resolve(k)) {
			out = append(out, k, v)
			continue
		}
		for _, src := range m.sources(v) {
			for j := 0; j+1 < len(src.Content); j += 2 {
				sk := resolve(src.Content[j])
				if sk.Kind == yaml.ScalarNode && (own[sk.Value] || taken[sk.Value]) {
					continue
				}
				taken[sk.Value] = true
				out = append(out, src.Content[j], src.Content[j+1])
			}
		}
	}
	n.Content = out
}

// sources are the mappings a merge key's value names: a mapping, or a list
// of mappings. Anything else is reported and merges nothing.
func (m *merger) sources(v *yaml.Node) []*yaml.Node {
	elems := []*yaml.Node{v}
	if r := resolve(v); r.Kind == yaml.SequenceNode {
		elems = r.Content
	}
	var out []*yaml.Node
	for _, e := range elems { // reported where written: at the alias, not at its anchor
		switch r := resolve(e); {
		case r.Kind != yaml.MappingNode:
			m.p.errorf(e, "a merge key (<<) takes a mapping or a list of mappings, such as *base or [*a, *b], found %s", kindName(r))
		case m.state[r] == merging:
			m.p.errorf(e, "this merge key (<<) merges a mapping into itself: merge a mapping that does not contain it")
		default:
			out = append(out, r)
		}
	}
	return out
}

// isMergeKey reports whether k is YAML's merge key: a plain << (a quoted
// "<<" is a name).
func isMergeKey(k *yaml.Node) bool {
	return k != nil && k.Kind == yaml.ScalarNode && k.Tag == "!!merge"
}
