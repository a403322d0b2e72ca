package schema

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// pulumiTable is the type of a DynamoDB table of Pulumi's aws provider.
const pulumiTable = "aws:dynamodb/table:Table"

// pulumiWords: Pulumi's aws provider is Terraform's, bridged, so a table's
// outputs are the attributes terraform show -json has (tfshow.go), in
// Pulumi's spelling.
var pulumiWords = &stateWords{
	tool: "pulumi stack export",
	words: &dialect{
		declareType: "add an element {name: %q, type: \"S\"} (or \"N\", \"B\") to the table's attributes",
		partition:   "give the table a hashKey",
		include:     "nonKeyAttributes",
		projection:  func(pt ProjectionType) string { return string(pt) },
	},
	spell: func(tf string) string {
		switch tf {
		case "attribute":
			return "attributes"
		case "global_secondary_index":
			return "globalSecondaryIndexes"
		case "local_secondary_index":
			return "localSecondaryIndexes"
		case "key_schema":
			return "keySchemas"
		}
		return snakeToCamel(tf) // hash_key -> hashKey, non_key_attributes -> nonKeyAttributes, ...
	},
	noName: "pulumi stack export writes a created table's name among its outputs, unless the name is a secret): give dynexpr the deployed table's describe-table output instead",
}

// snakeToCamel is Pulumi's name of a Terraform attribute: range_key -> rangeKey.
func snakeToCamel(s string) string {
	var b strings.Builder
	upper := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '_':
			upper = true
		case upper && 'a' <= c && c <= 'z':
			b.WriteByte(c - 'a' + 'A')
			upper = false
		default:
			b.WriteByte(c)
			upper = false
		}
	}
	return b.String()
}

// pulumi reads what `pulumi stack export` prints: the stack's deployment,
// whose resources of type aws:dynamodb/table:Table carry what was deployed
// in their outputs (the table's name in DynamoDB among them, with the
// suffix Pulumi's auto-naming adds). As with terraform show -json, nothing
// is evaluated. The resource's name (the last part of its URN, "tickets"
// of urn:pulumi:dev::desk::aws:dynamodb/table:Table::tickets) is the
// table's logical name where no other table has it. A resource Pulumi
// replaced and has yet to delete ("delete": true) is not read: its
// replacement is the table.
func (p *parser) pulumi(root *yaml.Node) []*tableDecl {
	top := p.mapping(root, "the pulumi stack export")
	if top == nil {
		return nil
	}
	_, dv := top.get("deployment") // there: it is how the format is told
	dep := p.mapping(dv, "the deployment")
	if dep == nil {
		return nil
	}
	_, rv := dep.get("resources")
	if isNull(rv) {
		return nil // a stack with nothing deployed
	}
	elems, _ := p.list(rv, "the resources of the deployment")
	r := &tfShowReader{p: p, w: pulumiWords, count: map[string]int{}}
	for _, e := range elems {
		f := p.mapping(e, "a resource of the deployment")
		if f == nil {
			continue
		}
		if typ, _ := showText(f, "type"); typ.text != pulumiTable {
			continue
		}
		if _, del := f.get("delete"); !isNull(del) && del.Value == "true" {
			continue
		}
		urn, _ := showText(f, "urn")
		res := "" // the URN's last part
		if i := strings.LastIndex(urn.text, "::"); i >= 0 {
			res = urn.text[i+2:]
		}
		r.table(f, "outputs", fmt.Sprintf("resource %q", urn.text), res, false)
	}
	return r.decls()
}
