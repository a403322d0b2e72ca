package config

import (
	"github.com/dynexpr/dynexpr/diag"
	"gopkg.in/yaml.v3"
)

// Rate is one entry of a rates file (report --rates): a request's label
// and the text of its rate, with where the rate is written.
type Rate struct {
	Label string
	Text  string
	Pos   diag.Pos
}

// ReadRates reads a rates file, a YAML map of label to requests a second
// (`get: 10`), in the order written; what each rate means is the caller's.
// A value that is not a plain scalar, and a label given twice, are errors
// at their place.
func ReadRates(name string, data []byte) ([]Rate, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, diag.Errorf(diag.Pos{File: name}, "the rates are not YAML: %v", err)
	}
	pos := func(n *yaml.Node) diag.Pos { return diag.Pos{File: name, Line: n.Line, Col: n.Column} }
	if len(root.Content) == 0 {
		return nil, nil // an empty file: no rates
	}
	doc := root.Content[0]
	if doc.Kind != yaml.MappingNode {
		return nil, diag.Errorf(pos(doc), "the rates are a map of label to requests a second, one \"label: N\" a line")
	}
	var out []Rate
	seen := map[string]diag.Pos{}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		if at, twice := seen[k.Value]; twice {
			return nil, diag.Errorf(pos(k), "%s has a rate already (%s): give it once", k.Value, at)
		}
		seen[k.Value] = pos(k)
		if k.Kind != yaml.ScalarNode || v.Kind != yaml.ScalarNode || k.Value == "" {
			return nil, diag.Errorf(pos(k), "a rate is written LABEL: N, N requests a second such as 50 or 0.2, one a line")
		}
		out = append(out, Rate{Label: k.Value, Text: v.Value, Pos: pos(v)})
	}
	return out, nil
}
