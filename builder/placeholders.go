package builder

import (
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/dynexpr/dynexpr/grammar"
)

// maxPlaceholder is the longest placeholder DynamoDB takes, in bytes, with
// its # or :.
const maxPlaceholder = 255

// expressions builds the statement's expressions with the SDK and writes
// them into r with readable placeholders (see the package documentation).
func (b *builder) expressions(st *grammar.Statement, r *Request, e *exprs) {
	x, err := e.builder.Build()
	if err != nil {
		b.fail(st.Pos, "cannot build the expressions of this %s: %v", st.Kind, err)
		return
	}
	p := placeholders{b: b}
	if !p.index(x.Names(), x.Values()) {
		b.fail(st.Pos, "cannot build the expressions of this %s: the SDK returned placeholders dynexpr did not give it", st.Kind)
		return
	}
	keyCond, cond := x.KeyCondition(), x.Condition()
	if e.keyAsCondition {
		keyCond, cond = cond, nil
	}
	// The order placeholders are given in: see the package documentation.
	r.KeyConditionExpression = p.rewrite(keyCond)
	r.FilterExpression = p.rewrite(x.Filter())
	r.ConditionExpression = p.rewrite(cond)
	r.ProjectionExpression = p.rewrite(x.Projection())
	r.UpdateExpression = p.rewrite(x.Update())
	if p.bad {
		b.fail(st.Pos, "cannot build the expressions of this %s: the SDK wrote placeholders it did not define", st.Kind)
		return
	}
	if len(p.ean) > 0 {
		r.ExpressionAttributeNames = p.ean
	}
	if len(p.eav) > 0 {
		r.ExpressionAttributeValues = p.eav
	}
}

// placeholders replaces the SDK's numbered placeholders (#0, :0) with
// readable ones, given in order of first appearance.
type placeholders struct {
	b *builder
	// nameOf and valOf map the SDK's placeholder numbers to name and value
	// ids; nameHolder and valHolder hold the placeholders given to ids.
	nameOf, valOf         []int
	nameHolder, valHolder []string
	taken                 map[string]bool
	ean                   map[string]string
	eav                   map[string]types.AttributeValue
	bad                   bool
}

// index reads the SDK's placeholder maps: each name is a stand-in (a name
// id), each value the AttributeValue pointer the builder gave it, or a
// string made of a sentinel.
func (p *placeholders) index(names map[string]string, values map[string]types.AttributeValue) bool {
	b := p.b
	ids := make([]int, len(names)+len(values))
	p.nameOf, p.valOf = ids[:len(names)], ids[len(names):]
	for k, v := range names {
		i, err1 := strconv.Atoi(k[1:])
		id, err2 := strconv.Atoi(v)
		if err1 != nil || err2 != nil || i < 0 || i >= len(names) || id < 0 || id >= len(b.names) {
			return false
		}
		p.nameOf[i] = id
	}
	for k, av := range values {
		i, err := strconv.Atoi(k[1:])
		if err != nil || i < 0 || i >= len(values) {
			return false
		}
		id, ok := b.valID[av]
		if !ok {
			s, isS := av.(*types.AttributeValueMemberS)
			if !isS || !strings.HasPrefix(s.Value, sentinelPrefix) {
				return false
			}
			if id, err = strconv.Atoi(s.Value[len(sentinelPrefix):]); err != nil || id < 0 || id >= len(b.vals) {
				return false
			}
		}
		p.valOf[i] = id
	}
	holders := make([]string, len(b.names)+len(b.vals))
	p.nameHolder, p.valHolder = holders[:len(b.names)], holders[len(b.names):]
	p.taken = make(map[string]bool, len(names)+len(values))
	p.ean = make(map[string]string, len(names))
	p.eav = make(map[string]types.AttributeValue, len(values))
	return true
}

// rewrite replaces the placeholders of one SDK expression and normalises
// its spacing: the SDK ends each UpdateExpression clause with a newline;
// the result has single spaces and none at either end.
func (p *placeholders) rewrite(s *string) string {
	if s == nil {
		return ""
	}
	src := *s
	var out strings.Builder
	out.Grow(len(src) + len(src)/2)
	space := false // a space is due before the next character
	for i := 0; i < len(src); {
		c := src[i]
		if c == ' ' || c == '\n' || c == '\t' || c == '\r' {
			space = out.Len() > 0
			i++
			continue
		}
		if space {
			out.WriteByte(' ')
			space = false
		}
		if (c == '#' || c == ':') && i+1 < len(src) && isDigit(src[i+1]) {
			j := i + 1
			for j < len(src) && isDigit(src[j]) {
				j++
			}
			n, _ := strconv.Atoi(src[i+1 : j])
			if c == '#' {
				out.WriteString(p.name(n))
			} else {
				out.WriteString(p.value(n))
			}
			i = j
			continue
		}
		out.WriteByte(c)
		i++
	}
	return out.String()
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// name is the placeholder of the SDK's name #n.
func (p *placeholders) name(n int) string {
	if n >= len(p.nameOf) {
		p.bad = true
		return "#"
	}
	return p.nameByID(p.nameOf[n])
}

// nameByID is the placeholder of the builder's name id.
func (p *placeholders) nameByID(id int) string {
	if h := p.nameHolder[id]; h != "" {
		return h
	}
	name := p.b.names[id].name
	h := p.give('#', name, "n")
	p.nameHolder[id] = h
	p.ean[h] = name
	return h
}

// value is the placeholder of the SDK's value :n.
func (p *placeholders) value(n int) string {
	if n >= len(p.valOf) {
		p.bad = true
		return ":"
	}
	id := p.valOf[n]
	if h := p.valHolder[id]; h != "" {
		return h
	}
	v := p.b.vals[id]
	if v.operand != nil {
		h := p.operandText(v.operand)
		p.valHolder[id] = h
		return h
	}
	h := p.give(':', v.hint, "v")
	p.valHolder[id] = h
	p.eav[h] = v.av
	return h
}

// give makes a new placeholder from a hint: sign + the hint with every
// character outside [A-Za-z0-9_] as _, cut to fit 255 bytes, numbered _2,
// _3, ... when taken.
func (p *placeholders) give(sign byte, hint, empty string) string {
	base := sanitize(hint)
	if base == "" {
		base = empty
	}
	for k := 1; ; k++ {
		suffix := ""
		if k > 1 {
			suffix = "_" + strconv.Itoa(k)
		}
		stem := base
		if max := maxPlaceholder - 1 - len(suffix); len(stem) > max {
			stem = stem[:max]
		}
		h := string(sign) + stem + suffix
		if !p.taken[h] {
			p.taken[h] = true
			return h
		}
	}
}

// sanitize replaces each character outside [A-Za-z0-9_] with _.
func sanitize(s string) string {
	ok := true
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i]) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for _, r := range s {
		if r < 0x80 && isWordByte(byte(r)) {
			sb.WriteRune(r)
		} else {
			sb.WriteByte('_')
		}
	}
	return sb.String()
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// operandText writes a path or size(path) that stood in for a value
// (builder.operandStandIn) with its name placeholders, as the SDK writes
// them: #a.#b[2], size (#a).
func (p *placeholders) operandText(o *grammar.Operand) string {
	if o.Path == nil {
		return "size (" + p.placeholderPath(o.Call.Args[0].Path) + ")"
	}
	return p.placeholderPath(o.Path)
}

// placeholderPath writes a path with its name placeholders: #a.#b[2].
func (p *placeholders) placeholderPath(path *grammar.Path) string {
	var sb strings.Builder
	for i, e := range path.Elems {
		switch {
		case e.IsIndex:
			sb.WriteString("[" + strconv.Itoa(e.Index) + "]")
		default:
			if i > 0 {
				sb.WriteByte('.')
			}
			sb.WriteString(p.nameByID(p.b.nameID[e.Name]))
		}
	}
	return sb.String()
}
