package schema

import (
	"fmt"
	"math/big"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// This file expands what Terraform repeats before it talks to AWS, as
// Terraform expands it: a resource's count (count.index) and for_each
// (each.key, each.value), and the dynamic blocks of a table (the
// iterator's key and value), over values dynexpr can evaluate: literals,
// variables with their values, locals. What depends on more (a data
// source, another resource) is not guessed: the table is left out, with a
// note that says why and that terraform show -json reads it exactly; the
// module's other tables are read.

// maxInstances bounds a count or for_each dynexpr expands: more is no
// table design, and a typo (count = 1e9) must not exhaust memory.
// maxExpanded bounds them all together, in a module and the modules it
// calls: expansions inside expansions multiply.
const (
	maxInstances = 1000
	maxExpanded  = 10000
)

// spend counts n more instances or blocks made by expansion, and reports
// whether the module stays within maxExpanded.
func (m *tfModule) spend(n int) bool {
	if m.expanded == nil {
		m.expanded = new(int)
	}
	*m.expanded += n
	return *m.expanded <= maxExpanded
}

// tfInstance is what count or each stands for in one instance of a
// resource, or an iterator in one element of a dynamic block: the
// variables an expression of it may read beyond var and local.
type tfInstance map[string]cty.Value

// leaveOut records why the table being read is left out (the first reason
// only) at rng; the table's reader then notes it instead of reading it.
func (f *tfFile) leaveOut(rng hcl.Range, format string, args ...any) {
	if f.leftOut == "" {
		f.leftOut = fmt.Sprintf(format, args...)
		f.leftOutAt = rng
	}
}

// problemText says what p is, for a note: why a value cannot be known.
func (p *tfProblem) text() string {
	switch p.kind {
	case tfNoValue:
		return fmt.Sprintf("var.%s has no value (give it a default, or pass --var %s=VALUE)", p.ref, p.ref)
	case tfNoLocal:
		return fmt.Sprintf("local.%s is not defined in the files read", p.ref)
	case tfNoFunc:
		return fmt.Sprintf("%s is a function of Terraform's that dynexpr does not evaluate", p.ref)
	case tfRuntime:
		return fmt.Sprintf("%s is known only when Terraform runs (%s)", p.ref, tfRefKind(p.ref))
	}
	return p.msg
}

// instances are the instances of a resource whose arguments are attrs, as
// Terraform makes them: one without count or for_each; count.index from 0
// for a count; each.key and each.value for each element of a for_each's
// map or set of strings. ok is false when they cannot be known (the
// resource is then left out, f.leftOut says why) or the module is wrong
// (reported).
func (f *tfFile) instances(m *tfModule, attrs hcl.Attributes, what string) (insts []tfInstance, ok bool) {
	if a := attrs["for_each"]; a != nil {
		v, p := m.value(f, a.Expr)
		switch {
		case p != nil && p.kind == tfBroken:
			m.report(p, "the for_each of "+what)
			return nil, false
		case p != nil:
			f.leaveOut(a.Expr.Range(), "its for_each cannot be evaluated: %s", p.text())
			return nil, false
		case v.IsNull():
			f.errorAt(a.Expr.Range(), "the for_each of %s is null, which Terraform refuses: write a map, or a set of strings", what)
			return nil, false
		}
		ty := v.Type()
		switch {
		case ty.IsMapType() || ty.IsObjectType():
		case ty.IsSetType() && ty.ElementType() == cty.String:
		default:
			f.errorAt(a.Expr.Range(), "the for_each of %s is a %s, which Terraform refuses: it takes a map, or a set of strings (toset([...]))", what, ty.FriendlyName())
			return nil, false
		}
		if v.LengthInt() > maxInstances || !m.spend(v.LengthInt()) {
			f.leaveOut(a.Expr.Range(), "its for_each has %d elements, more than dynexpr expands (%d, %d in all)", v.LengthInt(), maxInstances, maxExpanded)
			return nil, false
		}
		for it := v.ElementIterator(); it.Next(); {
			k, val := it.Element()
			insts = append(insts, tfInstance{"each": cty.ObjectVal(map[string]cty.Value{"key": k, "value": val})})
		}
		return insts, true
	}
	a := attrs["count"]
	if a == nil {
		return []tfInstance{nil}, true
	}
	v, p := m.value(f, a.Expr)
	switch {
	case p != nil && p.kind == tfBroken:
		m.report(p, "the count of "+what)
		return nil, false
	case p != nil:
		f.leaveOut(a.Expr.Range(), "its count cannot be evaluated: %s", p.text())
		return nil, false
	}
	n, err := convert.Convert(v, cty.Number)
	if err != nil || n.IsNull() {
		f.errorAt(a.Expr.Range(), "the count of %s is not a number, which Terraform refuses: write a whole number", what)
		return nil, false
	}
	bf := n.AsBigFloat()
	if !bf.IsInt() || bf.Sign() < 0 {
		f.errorAt(a.Expr.Range(), "the count of %s is %s, which Terraform refuses: write a whole number, 0 or more", what, bf.Text('f', -1))
		return nil, false
	}
	if bf.Cmp(big.NewFloat(maxInstances)) > 0 {
		f.leaveOut(a.Expr.Range(), "its count is %s, more than the %d dynexpr expands", bf.Text('f', -1), maxInstances)
		return nil, false
	}
	count, _ := bf.Int64()
	if !m.spend(int(count)) {
		f.leaveOut(a.Expr.Range(), "its count is %d, more than dynexpr expands in all (%d)", count, maxExpanded)
		return nil, false
	}
	for i := range count {
		insts = append(insts, tfInstance{"count": cty.ObjectVal(map[string]cty.Value{"index": cty.NumberIntVal(i)})})
	}
	return insts, true
}

var tfDynamicSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "for_each", Required: true}, {Name: "iterator"}, {Name: "labels"}},
	Blocks:     []hcl.BlockHeaderSchema{{Type: "content"}},
}

// expandDynamic calls fn with each block a dynamic block b makes, as
// Terraform makes them: its content, once for each element of its
// for_each, with the iterator (the block's type, or its iterator
// argument) standing for the element's key and value. When the for_each
// cannot be evaluated, the table is left out (f.leftOut).
func (f *tfFile) expandDynamic(m *tfModule, b *hcl.Block, what string, fn func(*hcl.Block)) {
	typ := b.Labels[0]
	content, diags := b.Body.Content(tfDynamicSchema)
	f.report(diags)
	if diags.HasErrors() {
		return
	}
	iter := typ
	if a := content.Attributes["iterator"]; a != nil {
		tr, diags := hcl.AbsTraversalForExpr(a.Expr)
		if diags.HasErrors() || len(tr) != 1 {
			f.errorAt(a.Expr.Range(), "the iterator of a dynamic %q block is a name: write iterator = NAME", typ)
			return
		}
		iter = tr.RootName()
	}
	if len(content.Blocks) != 1 {
		f.errorAt(b.DefRange, "a dynamic %q block has one content block: write content { ... }", typ)
		return
	}
	body := content.Blocks[0].Body
	fe := content.Attributes["for_each"]
	v, p := m.value(f, fe.Expr)
	switch {
	case p != nil && p.kind == tfBroken:
		m.report(p, fmt.Sprintf("the for_each of a dynamic %q block of %s", typ, what))
		return
	case p != nil:
		f.leaveOut(fe.Expr.Range(), "its dynamic %q block cannot be expanded: %s", typ, p.text())
		return
	case v.IsNull():
		return // no blocks, as Terraform makes none
	case !v.CanIterateElements():
		f.errorAt(fe.Expr.Range(), "the for_each of a dynamic %q block is a %s, which Terraform refuses: it takes a list, a set or a map", typ, v.Type().FriendlyName())
		return
	case v.LengthInt() > maxInstances || !m.spend(v.LengthInt()):
		f.leaveOut(fe.Expr.Range(), "its dynamic %q block has %d elements, more than dynexpr expands (%d, %d in all)", typ, v.LengthInt(), maxInstances, maxExpanded)
		return
	}
	saved := m.inst
	defer func() { m.inst = saved }()
	for it := v.ElementIterator(); it.Next(); {
		k, val := it.Element()
		inst := tfInstance{}
		for name, v := range saved {
			inst[name] = v
		}
		inst[iter] = cty.ObjectVal(map[string]cty.Value{"key": k, "value": val})
		m.inst = inst
		fn(&hcl.Block{Type: typ, Body: body, DefRange: b.DefRange, TypeRange: b.TypeRange})
	}
}
