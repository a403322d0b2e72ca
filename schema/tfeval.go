package schema

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// This file evaluates a module's expressions as Terraform does before it
// talks to AWS: variables (tf.go decides their values), locals,
// terraform.workspace and the functions of strings and collections that
// names are made of, which are hcl's own (cty's stdlib), not rewritten
// here. What only Terraform knows when it runs — data sources, other
// resources, module outputs, each and count, path — is never guessed.

// tfKind is why a value cannot be evaluated.
type tfKind int

const (
	tfNoValue tfKind = iota // a variable without a value, which --var gives
	tfRuntime               // what only Terraform knows when it runs
	tfNoFunc                // a function dynexpr does not evaluate
	tfNoLocal               // a local the module does not define
	tfBroken                // a mistake in the module, an error wherever it is needed
)

// tfProblem is why a value cannot be evaluated, at the place that decides
// it (which may be in a local of another file).
type tfProblem struct {
	f    *tfFile
	rng  hcl.Range
	kind tfKind
	ref  string // what the value depends on, as written: var.env, data.x.y.z, md5
	msg  string // a tfBroken's message
}

// tfFunctions are the functions dynexpr evaluates, by Terraform's names:
// those a name or a key is made of, from literals. Made on first use, not
// at start.
var tfFunctions = sync.OnceValue(func() map[string]function.Function {
	return map[string]function.Function{
		"lower": stdlib.LowerFunc, "upper": stdlib.UpperFunc, "title": stdlib.TitleFunc,
		"format": stdlib.FormatFunc, "formatlist": stdlib.FormatListFunc,
		"join": stdlib.JoinFunc, "split": stdlib.SplitFunc, "replace": tfReplace,
		"trimspace": stdlib.TrimSpaceFunc, "trim": stdlib.TrimFunc,
		"trimprefix": stdlib.TrimPrefixFunc, "trimsuffix": stdlib.TrimSuffixFunc,
		"substr": stdlib.SubstrFunc, "chomp": stdlib.ChompFunc,
		"coalesce": stdlib.CoalesceFunc, "concat": stdlib.ConcatFunc, "compact": stdlib.CompactFunc,
		"lookup": tfLookup, "merge": stdlib.MergeFunc, "element": stdlib.ElementFunc,
		"length": stdlib.LengthFunc, "contains": stdlib.ContainsFunc, "flatten": stdlib.FlattenFunc,
		"keys": stdlib.KeysFunc, "values": stdlib.ValuesFunc, "distinct": stdlib.DistinctFunc,
		"tostring": stdlib.MakeToFunc(cty.String), "tonumber": stdlib.MakeToFunc(cty.Number),
		"tobool": stdlib.MakeToFunc(cty.Bool), "tolist": stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"toset": stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)), "tomap": stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
	}
})

// tfLookup is Terraform's lookup, whose default may be null
// (lookup(each.value, "range_key", null), common in modules), which cty's
// refuses: null then stands for a missing key.
var tfLookup = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "inputMap", Type: cty.DynamicPseudoType, AllowMarked: true},
		{Name: "key", Type: cty.String},
	},
	VarParam: &function.Parameter{Name: "default", Type: cty.DynamicPseudoType, AllowNull: true, AllowDynamicType: true},
	Type: func(args []cty.Value) (cty.Type, error) {
		return cty.DynamicPseudoType, nil
	},
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		if len(args) == 3 && args[2].IsNull() {
			m, key := args[0], args[1].AsString()
			ty := m.Type()
			switch {
			case (ty.IsObjectType() && ty.HasAttribute(key)):
				return m.GetAttr(key), nil
			case ty.IsMapType() && m.HasIndex(args[1]).True():
				return m.Index(args[1]), nil
			}
			return cty.NullVal(cty.DynamicPseudoType), nil
		}
		return stdlib.LookupFunc.Call(args)
	},
})

// tfReplace is Terraform's replace: a substring written between slashes
// is a regular expression.
var tfReplace = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "str", Type: cty.String}, {Name: "substr", Type: cty.String}, {Name: "replace", Type: cty.String},
	},
	Type: function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		if sub := args[1].AsString(); len(sub) > 1 && sub[0] == '/' && sub[len(sub)-1] == '/' {
			return stdlib.RegexReplace(args[0], cty.StringVal(sub[1:len(sub)-1]), args[2])
		}
		return stdlib.Replace(args[0], args[1], args[2])
	},
})

// value evaluates expr of file f, or says why it cannot; it reports
// nothing.
func (m *tfModule) value(f *tfFile, expr hcl.Expression) (cty.Value, *tfProblem) {
	vars, locals, terraform, inst := map[string]cty.Value{}, map[string]cty.Value{}, map[string]cty.Value{}, map[string]cty.Value{}
	for _, tr := range expr.Variables() {
		root, attr := tr.RootName(), ""
		if len(tr) > 1 {
			if a, isAttr := tr[1].(hcl.TraverseAttr); isAttr {
				attr = a.Name
			}
		}
		ref := &tfProblem{f: f, rng: tr.SourceRange(), ref: f.raw(tr.SourceRange())}
		switch {
		case root == "var" && attr != "" && m.child != nil && m.child.unknown[attr] != "":
			ref.kind, ref.ref = tfRuntime, m.child.unknown[attr]
			return cty.NilVal, ref
		case root == "var" && attr != "":
			v, known := m.vars[attr]
			if !known {
				ref.kind, ref.ref = tfNoValue, attr
				return cty.NilVal, ref
			}
			vars[attr] = v
		case root == "local" && attr != "":
			l := m.locals[attr]
			if l == nil {
				ref.kind, ref.ref = tfNoLocal, attr
				return cty.NilVal, ref
			}
			v, p := m.local(l, attr)
			if p != nil {
				return cty.NilVal, p
			}
			locals[attr] = v
		case root == "terraform" && attr == "workspace":
			terraform[attr] = cty.StringVal(m.workspace)
		case m.inst[root] != cty.NilVal:
			inst[root] = m.inst[root]
		default:
			ref.kind = tfRuntime
			return cty.NilVal, ref
		}
	}
	ctx := &hcl.EvalContext{
		Variables: map[string]cty.Value{"var": cty.ObjectVal(vars), "local": cty.ObjectVal(locals), "terraform": cty.ObjectVal(terraform)},
		Functions: tfFunctions(),
	}
	for name, v := range inst {
		ctx.Variables[name] = v
	}
	v, diags := expr.Value(ctx)
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		rng := rangeOf(d.Subject)
		if d.Summary == "Call to unknown function" {
			return cty.NilVal, &tfProblem{f: f, rng: rng, kind: tfNoFunc, ref: f.raw(rng)}
		}
		msg := lowerFirst(strings.TrimSuffix(d.Summary, "."))
		if d.Detail != "" {
			msg += ": " + lowerFirst(strings.TrimSuffix(d.Detail, "."))
		}
		return cty.NilVal, &tfProblem{f: f, rng: rng, kind: tfBroken, msg: msg}
	}
	if !v.IsWhollyKnown() {
		return cty.NilVal, &tfProblem{f: f, rng: expr.Range(), kind: tfRuntime, ref: f.raw(expr.Range())}
	}
	return v, nil
}

// local evaluates a local value once.
func (m *tfModule) local(l *tfLocal, name string) (cty.Value, *tfProblem) {
	switch l.state {
	case 1:
		return cty.NilVal, &tfProblem{f: l.f, rng: l.attr.Expr.Range(), kind: tfBroken,
			msg: fmt.Sprintf("local.%s is defined in terms of itself: write its value", name)}
	case 2:
		return l.val, l.problem
	}
	l.state = 1
	v, p := m.value(l.f, l.attr.Expr)
	l.state, l.val, l.problem = 2, v, p
	return v, p
}

// eval evaluates expr, whose value decides what (`the name of table
// "tickets"`), and reports at its place why it cannot.
func (m *tfModule) eval(f *tfFile, expr hcl.Expression, what string) (cty.Value, bool) {
	v, p := m.value(f, expr)
	if p != nil {
		m.report(p, what)
		return cty.NilVal, false
	}
	if v.IsNull() {
		f.errorAt(expr.Range(), "%s is null: write the value", what)
		return cty.NilVal, false
	}
	return v, true
}

// report reports p as the error it is where its value decides what; a
// mistake in a local, which many values may need, once.
func (m *tfModule) report(p *tfProblem, what string) {
	switch p.kind {
	case tfNoValue:
		p.f.errorAt(p.rng, "var.%s, which decides %s, has no value: give the variable a default, pass --var %s=VALUE, %s", p.ref, what, p.ref, tfMissing)
	case tfRuntime:
		p.f.errorAt(p.rng, "%q decides %s, and dynexpr does not evaluate %s: write the value, %s", p.ref, what, tfRefKind(p.ref), tfMissing)
	case tfNoLocal:
		p.f.errorAt(p.rng, "local.%s, which decides %s, is not defined in the module: define it in a locals block, %s", p.ref, what, tfMissing)
	case tfNoFunc:
		p.f.errorAt(p.rng, "%q decides %s, and dynexpr does not evaluate that function of Terraform's: write the value, %s", p.ref, what, tfMissing)
	default:
		key := fmt.Sprintf("%s:%d:%s", p.rng.Filename, p.rng.Start.Byte, p.msg)
		if m.reported[key] {
			return
		}
		m.reported[key] = true
		p.f.errorAt(p.rng, "%s", p.msg)
	}
}

// unknowable says whether p is a value only deploying knows (what --var
// gives, what Terraform decides when it runs), or one the files read do
// not define (a local of a file not given), not a mistake.
func (p *tfProblem) unknowable() bool {
	return p.kind != tfBroken
}

// unresolved is why a name that depends on p is not known, and what
// would resolve it (Table.Unresolved).
func (p *tfProblem) unresolved(template, at string) string {
	why := fmt.Sprintf("its name %q (%s) depends on ", template, at)
	switch p.kind {
	case tfNoValue:
		return why + fmt.Sprintf("var.%s, which has no value: pass --var %s=VALUE, or set it in a --var-file or terraform.tfvars", p.ref, p.ref)
	case tfNoLocal:
		return why + fmt.Sprintf("local.%s, which the files read do not define: give the module's folder, which defines it", p.ref)
	case tfNoFunc:
		return why + fmt.Sprintf("%s, a function of Terraform's that dynexpr does not evaluate: %s", p.ref, tfResolved)
	}
	return why + fmt.Sprintf("%s, which only Terraform knows (%s): %s", p.ref, tfRefKind(p.ref), tfResolved)
}

// tfResolved is how to read a value only Terraform knows.
const tfResolved = "read what Terraform resolved: terraform show -json > show.json, then --schema show.json"

// template is expr written as a name template: its literal parts and the
// parts dynexpr can evaluate as text, the others as written in ${...}.
func (m *tfModule) template(f *tfFile, expr hcl.Expression) string {
	switch e := expr.(type) {
	case *hclsyntax.TemplateExpr:
		var b strings.Builder
		for _, part := range e.Parts {
			if v, p := m.value(f, part); p == nil && v.Type() == cty.String && !v.IsNull() {
				b.WriteString(v.AsString())
				continue
			}
			b.WriteString("${" + f.raw(part.Range()) + "}")
		}
		return b.String()
	case *hclsyntax.TemplateWrapExpr:
		return "${" + f.raw(e.Wrapped.Range()) + "}"
	case hclsyntax.Expression:
		return "${" + f.raw(expr.Range()) + "}"
	}
	// A .tf.json string is a template as written.
	var s string
	if json.Unmarshal([]byte(f.raw(expr.Range())), &s) == nil {
		return s
	}
	return "${" + f.raw(expr.Range()) + "}"
}

// tfNameTemplate is a name template as Terraform writes it
// ("${var.env}-posts") as Table.Template has it: each interpolation, a part
// only deploying knows, is templateAny ("*-posts").
func tfNameTemplate(written string) string {
	var b strings.Builder
	for {
		i := strings.Index(written, "${")
		if i < 0 {
			b.WriteString(written)
			break
		}
		b.WriteString(written[:i])
		b.WriteString(templateAny)
		depth, j := 0, i+2
		for ; j < len(written); j++ {
			if written[j] == '{' {
				depth++
			} else if written[j] == '}' {
				if depth == 0 {
					break
				}
				depth--
			}
		}
		if j >= len(written) {
			break // an interpolation left open: the rest is unknown too
		}
		written = written[j+1:]
	}
	return nameTemplate(b.String())
}

// raw is the source text of rng in f.
func (f *tfFile) raw(rng hcl.Range) string {
	data := f.p.src.data
	if rng.Start.Byte < 0 || rng.End.Byte > len(data) || rng.Start.Byte >= rng.End.Byte {
		return ""
	}
	return string(data[rng.Start.Byte:rng.End.Byte])
}

// tfRefKind names what a reference that is neither var. nor local. is.
func tfRefKind(ref string) string {
	root, _, _ := strings.Cut(ref, ".")
	switch root {
	case "each", "count":
		return "for_each and count"
	case "data":
		return "data sources"
	case "module":
		return "module outputs"
	case "path", "terraform":
		return "path and terraform values"
	}
	return "references to other resources"
}
