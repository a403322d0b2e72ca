package schema

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// The CloudFormation resource types that are DynamoDB tables.
const (
	cfnTable       = "AWS::DynamoDB::Table"
	cfnGlobalTable = "AWS::DynamoDB::GlobalTable"
	cfnSimpleTable = "AWS::Serverless::SimpleTable"
)

// cfn reads the DynamoDB tables of a CloudFormation or SAM template, in YAML
// (short tags such as !Ref are kept on the nodes, never evaluated) or JSON.
// Other resources are not looked at.
func (p *parser) cfn(root *yaml.Node) []*tableDecl {
	top := p.mapping(root, "the template")
	if top == nil {
		return nil
	}
	rv := top.require("Resources", "list the template's resources, its DynamoDB tables among them, under Resources")
	if rv == nil {
		return nil
	}
	resources := p.mapping(rv, "Resources")
	if resources == nil {
		return nil
	}
	env := p.newCFNEnv(top)
	var out []*tableDecl
	found := false
	for i, k := range resources.keys {
		typ := resourceType(resources.vals[i])
		if typ != cfnTable && typ != cfnGlobalTable && typ != cfnSimpleTable {
			continue
		}
		found = true
		if k.Value == "" {
			// CloudFormation refuses it ("Template format error: Resources
			// ... logical ID must be alphanumeric"), and a table known by
			// no name could not be named by a statement.
			p.errorf(k, "a resource's logical ID is empty: CloudFormation requires an alphanumeric one (TicketsTable)")
			continue
		}
		what := fmt.Sprintf("resource %q", k.Value)
		rf := p.mapping(resources.vals[i], what)
		if rf == nil {
			continue
		}
		var props *fields
		if _, pv := rf.get("Properties"); !isNull(pv) {
			if props = p.mapping(pv, "the Properties of "+what); props == nil {
				continue
			}
		} else if typ != cfnSimpleTable {
			p.errorf(k, "%s has no Properties: a table needs at least KeySchema and AttributeDefinitions", what)
			continue
		}
		logical, address := cdkConstruct(rf, k.Value, p.opt.cdkStack)
		nm, unresolved, template := p.cfnTableName(props, k, logical, env)
		var d *tableDecl
		if typ == cfnSimpleTable {
			d = p.simpleTable(props, nm, k)
		} else {
			d = p.awsTable(props, nm)
			p.cfnTTL(props, d)
		}
		if d != nil {
			if nm.text != logical {
				d.logical = name{text: logical}
			}
			d.address, d.unresolved, d.template = address, unresolved, template
			out = append(out, d)
		}
	}
	p.cfnEnvVars(top, resources, env)
	if !found {
		p.errorf(rv, "the template has no DynamoDB table: dynexpr reads resources of Type %s",
			orList([]string{cfnTable, cfnGlobalTable, cfnSimpleTable}, "or"))
	}
	return out
}

// resourceType is the Type of a resource, or "" when it has none in plain
// text.
func resourceType(n *yaml.Node) string {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Kind == yaml.ScalarNode && k.Value == "Type" && v.Kind == yaml.ScalarNode {
			return v.Value
		}
	}
	return ""
}

// cfnTableName is Properties.TableName, evaluated (cfnname.go). Without
// one, CloudFormation makes a name up when it creates the table, which no
// template knows: --var LOGICAL=NAME gives it (LOGICAL the logical ID or
// the CDK construct). A name that cannot be known is the resource's
// logical ID, with why (unresolved) and what is known of it (template): a
// request for the table must say so.
func (p *parser) cfnTableName(props *fields, logicalID *yaml.Node, logical string, env *cfnEnv) (nm name, unresolved, template string) {
	if props != nil {
		if _, v := props.get("TableName"); v != nil {
			s, why := env.eval(v)
			if why == "" {
				return name{s, v}, "", ""
			}
			return name{logicalID.Value, logicalID}, fmt.Sprintf("its TableName at %s cannot be evaluated: %s", p.src.pos(v), why), nameTemplate(s)
		}
	}
	for _, n := range []string{logical, logicalID.Value} {
		p.opt.declare(Variable{Name: n, Pos: p.src.pos(logicalID)})
	}
	for _, n := range []string{logical, logicalID.Value} {
		if v, ok := env.vars[n]; ok {
			return name{v, logicalID}, "", ""
		}
	}
	return name{logicalID.Value, logicalID}, fmt.Sprintf("resource %q at %s has no TableName, so CloudFormation makes one up when it creates the table: "+
		"pin the name with TableName, or pass --var %s=NAME (its name in DynamoDB)", logicalID.Value, p.src.pos(logicalID), logical), ""
}

// cdkConstruct is the name the CDK gave the resource, from its
// Metadata."aws:cdk:path" (MyStack/HistoryTable/Resource -> HistoryTable),
// with the path that names it in the app (MyStack/HistoryTable), or the
// logical ID and "" when it has none: the CDK's logical IDs carry a hash
// (HistoryTable24A0CCCB) that no one writes in a statement, and two stacks
// may each have a construct of one name, which the path tells apart. In a
// stack of a CDK Stage (stack, nil elsewhere) the construct's name is its
// whole path (Prod/Api/HistoryTable).
func cdkConstruct(rf *fields, logicalID string, stack *cdkStackInfo) (construct, path string) {
	_, md := rf.get("Metadata")
	v := field(md, "aws:cdk:path")
	if stack != nil {
		// Every Stage has the same constructs: the whole path is the
		// construct's name, which no other Stage's table shares.
		if v != nil && v.Kind == yaml.ScalarNode && strings.HasPrefix(v.Value, stack.path+"/") {
			return strings.TrimSuffix(v.Value, "/Resource"), ""
		}
		return stack.path + "/" + logicalID, ""
	}
	if v != nil && v.Kind == yaml.ScalarNode {
		parts := strings.Split(v.Value, "/")
		if n := len(parts); n >= 2 && parts[n-1] == "Resource" && parts[n-2] != "" && validName(parts[n-2]) {
			return parts[n-2], strings.Join(parts[:n-1], "/")
		}
	}
	return logicalID, ""
}

// simpleTable reads an AWS::Serverless::SimpleTable: a table with a single
// partition key, PrimaryKey {Name, Type: String|Number|Binary}, by default
// a String called "id".
func (p *parser) simpleTable(props *fields, nm name, logicalID *yaml.Node) *tableDecl {
	d := &tableDecl{name: nm, attrs: map[string]Type{}, words: awsWords}
	pk, typ, ok := name{"id", logicalID}, String, true
	if props != nil {
		if _, v := props.get("PrimaryKey"); !isNull(v) {
			pk, typ, ok = p.primaryKey(v, logicalID)
		}
	}
	if !ok {
		d.key.bad = true // reported; the table's name is still checked
		return d
	}
	d.key = keyDecl{partition: []name{pk}, node: pk.node}
	d.attrs[pk.text] = typ
	return d
}

// primaryKey reads a SimpleTable's PrimaryKey {Name, Type}; ok is false
// after reporting a problem.
func (p *parser) primaryKey(v, logicalID *yaml.Node) (pk name, typ Type, ok bool) {
	nv, tv := p.twoFields(v, fmt.Sprintf("the PrimaryKey of resource %q", logicalID.Value),
		"Name", "write the partition key's name, e.g. Name: id", "Type", "write Type: String, Number or Binary")
	if nv == nil {
		return pk, typ, false
	}
	if pk.text, ok = p.text(nv, "the PrimaryKey Name"); !ok {
		return pk, typ, false
	}
	pk.node = nv
	s, ok := p.text(tv, "the PrimaryKey Type")
	if !ok {
		return pk, typ, false
	}
	switch s {
	case "String":
		return pk, String, true
	case "Number":
		return pk, Number, true
	case "Binary":
		return pk, Binary, true
	}
	p.errorf(tv, "unknown PrimaryKey Type %q: write String, Number or Binary", s)
	return pk, typ, false
}
