package schema

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
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
		if t.ItemSize > 0 {
			addField(tm, "item_size", strNode(strconv.FormatInt(t.ItemSize, 10)))
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
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	_, err := w.Write(escapeHidden(out.Bytes()))
	return err
}

// escapeHidden writes as \uXXXX every diag.Hidden character yaml.v3 left
// raw (it escapes controls and U+2028, not bidi controls, zero-width or
// no-break spaces), so that the YAML shows every name as it is. Only a
// double-quoted scalar can hold such a character, strNode sees to it, and
// there the escape reads back as the character.
func escapeHidden(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); {
		r, w := utf8.DecodeRune(b[i:])
		if r == '\n' || !diag.Hidden(r) {
			if out != nil {
				out = append(out, b[i:i+w]...)
			}
			i += w
			continue
		}
		if out == nil {
			out = append(make([]byte, 0, len(b)+16), b[:i]...)
		}
		if r > 0xffff {
			out = fmt.Appendf(out, `\U%08x`, r)
		} else {
			out = fmt.Appendf(out, `\u%04x`, r)
		}
		i += w
	}
	if out == nil {
		return b
	}
	return out
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

// strNode is a string scalar; one that holds a diag.Hidden character is
// double-quoted, where its escape can stand (escapeHidden).
func strNode(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if strings.IndexFunc(s, diag.Hidden) >= 0 {
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

func listNode(items []string) *yaml.Node {
	l := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, s := range items {
		l.Content = append(l.Content, strNode(s))
	}
	return l
}
