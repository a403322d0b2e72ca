package schema

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// A template's TableName is often computed: !Sub "app-${Stage}-tickets",
// !Ref TableNameParam, !Join ["-", [...]]. DynamoDB knows the table only by
// what that evaluates to, so dynexpr evaluates the few functions a name is
// made of, from the template's parameters (their Default) and --var, and
// nothing else. What it cannot evaluate leaves the name unknown, which is
// an error only when a request names the table (Table.Unresolved).

// cfnEnv is what a template's names are evaluated with.
type cfnEnv struct {
	params map[string]*yaml.Node // parameter name -> its Default, nil without one
	vars   map[string]string     // --var
	opt    Options               // where the parameters the names read are declared
	// unknown are values the source computes from what cannot be known
	// (parser.unknown).
	unknown map[*yaml.Node]string
}

// newCFNEnv reads the template's Parameters (a malformed section is
// treated as none: a name that needs a parameter then says it is missing),
// and declares each, with its AllowedValues, as a variable --var may set.
func (p *parser) newCFNEnv(top *fields) *cfnEnv {
	env := &cfnEnv{params: map[string]*yaml.Node{}, vars: p.opt.Vars, opt: p.opt, unknown: p.unknown}
	_, pv := top.get("Parameters")
	pv = resolve(pv)
	if pv == nil || pv.Kind != yaml.MappingNode {
		return env
	}
	for i := 0; i+1 < len(pv.Content); i += 2 {
		if k := resolve(pv.Content[i]); k.Kind == yaml.ScalarNode {
			env.params[k.Value] = field(pv.Content[i+1], "Default")
			p.opt.declare(Variable{Name: k.Value, Allowed: allowedValues(pv.Content[i+1]), Pos: p.src.pos(k)})
		}
	}
	return env
}

// allowedValues is a parameter's AllowedValues, its values written as
// text; nil without a list of them.
func allowedValues(param *yaml.Node) []string {
	av := field(param, "AllowedValues")
	if av == nil || av.Kind != yaml.SequenceNode {
		return nil
	}
	var out []string
	for _, v := range av.Content {
		if v = resolve(v); v.Kind == yaml.ScalarNode && intrinsic(v) == "" {
			out = append(out, v.Value)
		}
	}
	return out
}

// field is the value of the mapping n's field called name, or nil (n not
// a mapping, or without it), for what a reader looks at without checking.
func field(n *yaml.Node, name string) *yaml.Node {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := resolve(n.Content[i]); k.Kind == yaml.ScalarNode && k.Value == name {
			return resolve(n.Content[i+1])
		}
	}
	return nil
}

// eval returns the text n evaluates to, or why it cannot be known (a
// clause that says what to pass) with the text as far as it is known, each
// part that is not written templateAny (nameTemplate). Every part is
// evaluated, known or not, so that every parameter a name reads is
// declared (Options.declare), whichever part stops it.
func (env *cfnEnv) eval(n *yaml.Node) (string, string) {
	n = resolve(n)
	f := intrinsic(n)
	arg := n
	switch {
	case n != nil && n.Kind == yaml.MappingNode && f != "":
		arg = resolve(n.Content[1])
	case f != "": // a short tag: its argument is the node without it
		plain := *n
		plain.Tag = ""
		arg = &plain
	}
	if why := env.unknown[n]; why != "" {
		return templateAny, why
	}
	switch f {
	case "":
		if n == nil || n.Kind != yaml.ScalarNode || isNull(n) {
			return templateAny, "it is " + kindName(n) + ", not text"
		}
		return n.Value, ""
	case "!Ref", "Ref":
		if arg.Kind != yaml.ScalarNode {
			return templateAny, "its Ref names " + kindName(arg) + ", not a parameter"
		}
		return env.ref(arg.Value)
	case "!Sub", "Fn::Sub":
		return env.sub(arg)
	case "!Join", "Fn::Join":
		return env.join(arg)
	}
	return templateAny, "dynexpr does not evaluate " + f + " in a name"
}

// ref is the value of a parameter or pseudo parameter: --var first, then
// the parameter's Default. Pseudo parameters (AWS::StackName, AWS::Region,
// ...) have no Default: only deploying or --var gives them a value. A name
// that is no parameter is declared here, as the template reads it (its
// Parameters are declared as newCFNEnv reads them).
func (env *cfnEnv) ref(name string) (string, string) {
	def, isParam := env.params[name]
	if !isParam {
		env.opt.declare(Variable{Name: name})
	}
	if v, ok := env.vars[name]; ok {
		return v, ""
	}
	if strings.HasPrefix(name, "AWS::") {
		return templateAny, fmt.Sprintf("%s is only known when the stack is deployed: pass --var %s=VALUE", name, name)
	}
	switch {
	case !isParam:
		return templateAny, fmt.Sprintf("%q is not a parameter of the template (a resource's name is only known once deployed): pass --var %s=VALUE", name, name)
	case def == nil:
		return templateAny, fmt.Sprintf("parameter %q has no Default: pass --var %s=VALUE", name, name)
	case def.Kind != yaml.ScalarNode || intrinsic(def) != "":
		return templateAny, fmt.Sprintf("the Default of parameter %q is not text: pass --var %s=VALUE", name, name)
	}
	return def.Value, ""
}

// sub evaluates a Sub: a string, or [string, {NAME: value}].
func (env *cfnEnv) sub(arg *yaml.Node) (string, string) {
	local := map[string]*yaml.Node{}
	if arg.Kind == yaml.SequenceNode {
		if len(arg.Content) != 2 || resolve(arg.Content[1]).Kind != yaml.MappingNode {
			return templateAny, "its Sub is not [TEXT, {NAME: VALUE}]"
		}
		m := resolve(arg.Content[1])
		for i := 0; i+1 < len(m.Content); i += 2 {
			local[resolve(m.Content[i]).Value] = m.Content[i+1]
		}
		arg = resolve(arg.Content[0])
	}
	if arg.Kind != yaml.ScalarNode || intrinsic(arg) != "" {
		return templateAny, "its Sub text is " + kindName(arg)
	}
	var out strings.Builder
	var firstWhy string // the first part that cannot be known; the others are still read
	s := arg.Value
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			out.WriteString(s)
			return out.String(), firstWhy
		}
		out.WriteString(s[:i])
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return templateAny, "its Sub text has a \"${\" without its \"}\""
		}
		v := s[i+2 : i+end]
		s = s[i+end+1:]
		var val, why string
		switch {
		case strings.HasPrefix(v, "!"): // ${!Literal} is the text ${Literal}
			val = "${" + v[1:] + "}"
		case local[v] != nil:
			if val, why = env.eval(local[v]); why != "" {
				why = fmt.Sprintf("${%s}: %s", v, why)
			}
		case strings.Contains(v, ".") && !strings.HasPrefix(v, "AWS::"):
			val, why = templateAny, fmt.Sprintf("${%s} is a resource's attribute, only known once deployed", v)
		default:
			val, why = env.ref(v)
		}
		out.WriteString(val)
		if firstWhy == "" {
			firstWhy = why
		}
	}
}

// join evaluates a Join: [delimiter, [parts]].
func (env *cfnEnv) join(arg *yaml.Node) (string, string) {
	if arg.Kind != yaml.SequenceNode || len(arg.Content) != 2 {
		return templateAny, "its Join is not [DELIMITER, [PARTS]]"
	}
	delim, parts := resolve(arg.Content[0]), resolve(arg.Content[1])
	if delim.Kind != yaml.ScalarNode || parts.Kind != yaml.SequenceNode || intrinsic(parts) != "" {
		return templateAny, "its Join is not [DELIMITER, [PARTS]]"
	}
	var out []string
	var firstWhy string // the first part that cannot be known; the others are still read
	for _, part := range parts.Content {
		v, why := env.eval(part)
		if firstWhy == "" {
			firstWhy = why
		}
		out = append(out, v)
	}
	return strings.Join(out, delim.Value), firstWhy
}
