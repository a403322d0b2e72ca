package schema

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// slsVar is the start of a framework variable: ${source:... or ${self:...
// (CloudFormation's own ${AWS::Region} and ${Param} in a !Sub are not).
// Compiled on first use: a build that reads no serverless.yml never does.
var slsVar = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9]*(\([^)]*\))?:[^:]`)
})

// serverless reads a Serverless Framework serverless.yml: its tables are
// the CloudFormation under resources (a fragment {Resources: ...}, or a
// list of them), read by the CloudFormation reader once the framework's
// variables in it are replaced by their values. A variable that cannot be
// known (an ${env:...}, an ${opt:...} without --var or default, a file the
// framework would read) stays unknown: it is an error where a key, an
// index or a type needs it (p.text), and makes the table's name unknown
// where it decides that (Table.Unresolved).
func (p *parser) serverless(root *yaml.Node) []*tableDecl {
	top := p.mapping(root, "the serverless.yml")
	if top == nil {
		return nil
	}
	rk, rv := top.get("resources")
	if rv == nil {
		p.errorf(root, "the serverless.yml has no resources: dynexpr reads the DynamoDB tables its resources.Resources declares")
		return nil
	}
	sv := &slsVars{p: p, root: root}
	p.opt.declare(Variable{Name: "stage"}) // the framework's stage (${sls:stage}), which every service has
	var fragments []*yaml.Node
	if rv = resolve(rv); rv.Kind == yaml.SequenceNode {
		fragments = rv.Content
	} else {
		fragments = []*yaml.Node{rv}
	}
	merged := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: rk.Line, Column: rk.Column}
	for _, fr := range fragments {
		fr = resolve(fr)
		if fr.Kind == yaml.ScalarNode && strings.Contains(fr.Value, "${") {
			p.errorf(fr, "dynexpr does not read the resources file %s: write the fragment's Resources in serverless.yml, or give dynexpr the file as a CloudFormation template", fr.Value)
			continue
		}
		f := p.mapping(fr, "a resources fragment")
		if f == nil {
			continue
		}
		if _, res := f.get("Resources"); res != nil {
			if m := p.mapping(res, "Resources"); m != nil {
				for i := range m.keys {
					sv.substitute(m.vals[i], 0)
					merged.Content = append(merged.Content, m.keys[i], m.vals[i])
				}
			}
		}
	}
	if len(merged.Content) == 0 && len(p.errs) > 0 {
		return nil // what stopped the fragments is said; "no table" would add nothing
	}
	p.slsEnvVars(top, sv)
	key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "Resources", Line: rk.Line, Column: rk.Column}
	return p.cfn(&yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: rk.Line, Column: rk.Column, Content: []*yaml.Node{key, merged}})
}

// slsVars resolves the framework's ${...} variables of one file.
type slsVars struct {
	p    *parser
	root *yaml.Node
}

// maxDepth bounds how deep variables may refer to variables: a cycle
// (${self:a} in a, ...) stops there.
const maxDepth = 20

// substitute replaces the variables in every scalar under n, in place. An
// unknown one is recorded in p.unknown with why.
func (sv *slsVars) substitute(n *yaml.Node, depth int) {
	n = resolve(n)
	switch n.Kind {
	case yaml.MappingNode:
		for i := 1; i < len(n.Content); i += 2 {
			sv.substitute(n.Content[i], depth)
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			sv.substitute(c, depth)
		}
	case yaml.ScalarNode:
		if !strings.Contains(n.Value, "${") {
			return
		}
		whole, s, why := sv.text(n.Value, depth)
		switch {
		case why != "":
			sv.p.unknownNode(n, why)
		case whole != nil && whole.Kind != yaml.ScalarNode: // a variable that stands for a mapping or a list
			*n = *whole
		default:
			n.Value = s
		}
	}
}

// text replaces the variables of s. When s is one variable, whole is the
// node it stands for (which may be a mapping or a list).
func (sv *slsVars) text(s string, depth int) (whole *yaml.Node, out string, why string) {
	if strings.HasPrefix(s, "${") && matchBrace(s, 2) == len(s)-1 && slsVar().MatchString(s[2:]) {
		return sv.variable(s[2:len(s)-1], depth)
	}
	var b strings.Builder
	rest := s
	for {
		i := strings.Index(rest, "${")
		if i < 0 {
			b.WriteString(rest)
			return nil, b.String(), ""
		}
		end := matchBrace(rest, i+2)
		if end < 0 || !slsVar().MatchString(rest[i+2:]) {
			b.WriteString(rest[:i+2]) // not the framework's: CloudFormation's, left as it is
			rest = rest[i+2:]
			continue
		}
		b.WriteString(rest[:i])
		node, val, why := sv.variable(rest[i+2:end], depth)
		if why != "" {
			return nil, "", why
		}
		if node != nil && node.Kind != yaml.ScalarNode {
			return nil, "", fmt.Sprintf("%s stands for %s, which cannot be part of a text", rest[i:end+1], kindName(node))
		}
		b.WriteString(val)
		rest = rest[end+1:]
	}
}

// matchBrace returns the index of the "}" that closes the "${" before
// from, or -1.
func matchBrace(s string, from int) int {
	level := 1
	for i := from; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "${"):
			level++
			i++
		case s[i] == '}':
			if level--; level == 0 {
				return i
			}
		}
	}
	return -1
}

// variable resolves one variable's text: a reference, then defaults after
// commas, tried in order.
func (sv *slsVars) variable(v string, depth int) (*yaml.Node, string, string) {
	if depth > maxDepth {
		return nil, "", "its variables refer to each other without end"
	}
	parts := splitTop(v)
	var firstWhy string
	for i, part := range parts {
		part = strings.TrimSpace(part)
		var node *yaml.Node
		var val, why string
		switch {
		case i > 0 && len(part) >= 2 && (part[0] == '\'' || part[0] == '"') && part[len(part)-1] == part[0]:
			val = part[1 : len(part)-1]
		case i > 0 && strings.HasPrefix(part, "${") && strings.HasSuffix(part, "}"):
			node, val, why = sv.variable(part[2:len(part)-1], depth+1)
		case i > 0 && !strings.Contains(part, ":"):
			if _, err := strconv.ParseFloat(part, 64); err != nil {
				why = fmt.Sprintf("its default %s is not a quoted text, a number or a variable", part)
			}
			val = part
		default:
			node, val, why = sv.reference(part, depth)
		}
		if why == "" {
			return node, val, ""
		}
		if i == 0 {
			firstWhy = why
		}
	}
	return nil, "", firstWhy
}

// splitTop splits at the commas outside ${...} and quotes.
func splitTop(s string) []string {
	var out []string
	level, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '{':
			level++
		case c == '}':
			level--
		case c == ',' && level == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// reference resolves source:address.
func (sv *slsVars) reference(ref string, depth int) (*yaml.Node, string, string) {
	source, addr, _ := strings.Cut(ref, ":")
	addr = strings.TrimSpace(addr)
	if strings.Contains(addr, "${") { // a nested variable: ${self:custom.names.${sls:stage}}
		_, resolved, why := sv.text(addr, depth+1)
		if why != "" {
			return nil, "", why
		}
		addr = resolved
	}
	vars := sv.p.opt.Vars
	switch source {
	case "self":
		n := sv.lookup(addr)
		if n == nil {
			return nil, "", fmt.Sprintf("${self:%s} is not in the file: write it, or give a default (${self:%s, 'VALUE'})", addr, addr)
		}
		return sv.value(n, depth)
	case "opt":
		sv.p.opt.declare(Variable{Name: addr})
		if v, ok := vars[addr]; ok {
			return nil, v, ""
		}
		return nil, "", fmt.Sprintf("${opt:%s} is a command-line option of the framework: pass --var %s=VALUE, or give a default (${opt:%s, 'VALUE'})", addr, addr, addr)
	case "sls":
		if addr != "stage" {
			return nil, "", fmt.Sprintf("dynexpr resolves ${sls:stage} only, not ${sls:%s}", addr)
		}
		// The framework's stage: --stage, else provider.stage, else dev.
		if v, ok := vars["stage"]; ok {
			return nil, v, ""
		}
		if n := sv.lookup("provider.stage"); n != nil {
			return sv.value(n, depth)
		}
		return nil, "dev", ""
	case "env":
		// The framework reads the process environment, an empty value
		// counting as none (then the default is tried).
		if env := sv.p.opt.Env; env != nil {
			if v, ok := env(addr); ok && v != "" {
				return nil, v, ""
			}
		}
		return nil, "", fmt.Sprintf("${env:%s} is not set in the environment: set %s, or give a default (${env:%s, 'VALUE'})", addr, addr, addr)
	}
	return nil, "", fmt.Sprintf("dynexpr does not resolve ${%s}, which the framework reads from outside the file: write the value, or give a default (${%s, 'VALUE'})", ref, ref)
}

// value is what a node a variable refers to stands for, its own variables
// replaced.
func (sv *slsVars) value(n *yaml.Node, depth int) (*yaml.Node, string, string) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode {
		return n, "", ""
	}
	if !strings.Contains(n.Value, "${") {
		return n, n.Value, ""
	}
	_, s, why := sv.text(n.Value, depth+1)
	return n, s, why
}

// lookup follows a dotted path from the file's root, or returns nil.
func (sv *slsVars) lookup(path string) *yaml.Node {
	n := resolve(sv.root)
	for seg := range strings.SplitSeq(path, ".") {
		var next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			next = field(n, seg)
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(seg); err == nil && i >= 0 && i < len(n.Content) {
				next = resolve(n.Content[i])
			}
		}
		if next == nil {
			return nil
		}
		n = next
	}
	return n
}
