package schema

import (
	"io"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// WriteYAML writes s in the project's YAML format, canonically: tables and
// indexes in their order, attributes sorted by name, keys and lists in flow
// style, every field spelled out (projection included). Parse reads it back
// to the same tables, positions aside.
func WriteYAML(w io.Writer, s *Schema) error {
	tables := &yaml.Node{Kind: yaml.MappingNode}
	for _, t := range s.Tables {
		tm := &yaml.Node{Kind: yaml.MappingNode}
		addField(tm, "key", keyNode(t.Key))
		if len(t.Attributes) > 0 {
			attrs := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
			names := make([]string, 0, len(t.Attributes))
			for a := range t.Attributes {
				names = append(names, a)
			}
			slices.Sort(names)
			for _, a := range names {
				addField(attrs, a, strNode(string(t.Attributes[a])))
			}
			addField(tm, "attributes", attrs)
		}
		if t.Logical != "" {
			addField(tm, "logical", strNode(t.Logical))
		}
		if t.TTL != "" {
			addField(tm, "ttl", strNode(t.TTL))
		}
		if len(t.Indexes) > 0 {
			indexes := &yaml.Node{Kind: yaml.MappingNode}
			for _, ix := range t.Indexes {
				im := &yaml.Node{Kind: yaml.MappingNode}
				typ := "local"
				if ix.Global {
					typ = "global"
				}
				addField(im, "type", strNode(typ))
				addField(im, "key", keyNode(ix.Key))
				addField(im, "projection", strNode(strings.ToLower(string(ix.Projection))))
				if len(ix.Include) > 0 {
					addField(im, "include", listNode(ix.Include))
				}
				addField(indexes, ix.Name, im)
			}
			addField(tm, "indexes", indexes)
		}
		addField(tables, t.Name, tm)
	}
	if len(s.Tables) == 0 {
		tables.Style = yaml.FlowStyle
	}
	root := &yaml.Node{Kind: yaml.MappingNode}
	addField(root, "tables", tables)
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return err
	}
	return enc.Close()
}

// keyNode is {partition: A, sort: B}, with a list where a part has several
// attributes.
func keyNode(k Key) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	for _, part := range []struct {
		field string
		names []string
	}{{"partition", k.Partition}, {"sort", k.Sort}} {
		switch len(part.names) {
		case 0:
		case 1:
			addField(m, part.field, strNode(part.names[0]))
		default:
			addField(m, part.field, listNode(part.names))
		}
	}
	return m
}

func addField(m *yaml.Node, key string, val *yaml.Node) {
	m.Content = append(m.Content, strNode(key), val)
}

func strNode(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

func listNode(items []string) *yaml.Node {
	l := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, s := range items {
		l.Content = append(l.Content, strNode(s))
	}
	return l
}
