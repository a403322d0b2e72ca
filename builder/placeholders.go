package builder

import (
	"strconv"
	"strings"
)

// maxPlaceholder is the longest placeholder DynamoDB takes, in bytes, with
// its # or :.
const maxPlaceholder = 255

// expressions gives the references (#id, :id) of the statement's
// expressions their readable placeholders (package documentation,
// Placeholders) and writes the expressions and the placeholder maps into r.
func (b *builder) expressions(r *Request, e *exprs) {
	p := placeholders{
		b:          b,
		nameHolder: make([]string, len(b.names)),
		valHolder:  make([]string, len(b.vals)),
		taken:      make(map[string]bool, len(b.names)+len(b.vals)),
		ean:        make(map[string]string, len(b.names)),
		eav:        make(map[string]Value, len(b.vals)),
	}
	// The order placeholders are given in: see the package documentation.
	r.KeyConditionExpression = p.rewrite(e.keyCondition)
	r.FilterExpression = p.rewrite(e.filter)
	r.ConditionExpression = p.rewrite(e.condition)
	r.ProjectionExpression = p.rewrite(e.projection)
	r.UpdateExpression = p.rewrite(e.update)
	if len(p.ean) > 0 {
		r.ExpressionAttributeNames = p.ean
	}
	if len(p.eav) > 0 {
		r.ExpressionAttributeValues = p.eav
	}
}

// placeholders gives the references of the expressions readable
// placeholders, in order of first appearance.
type placeholders struct {
	b *builder
	// nameHolder and valHolder hold the placeholders given to name and
	// value ids.
	nameHolder, valHolder []string
	taken                 map[string]bool
	ean                   map[string]string
	eav                   map[string]Value
}

// rewrite replaces the references of one expression with placeholders.
// Nothing else in an expression is # or : followed by a digit: the builder
// writes only its own keywords, punctuation and list indexes around them.
func (p *placeholders) rewrite(src string) string {
	if src == "" {
		return ""
	}
	var out strings.Builder
	out.Grow(len(src) + len(src)/2)
	for i := 0; i < len(src); {
		c := src[i]
		if (c == '#' || c == ':') && i+1 < len(src) && isDigit(src[i+1]) {
			j := i + 1
			id := 0
			for ; j < len(src) && isDigit(src[j]); j++ {
				id = id*10 + int(src[j]-'0')
			}
			if c == '#' {
				out.WriteString(p.name(id))
			} else {
				out.WriteString(p.value(id))
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

// name is the placeholder of the builder's name id.
func (p *placeholders) name(id int) string {
	if h := p.nameHolder[id]; h != "" {
		return h
	}
	name := p.b.names[id]
	h := p.give('#', name, "n")
	p.nameHolder[id] = h
	p.ean[h] = name
	return h
}

// value is the placeholder of the builder's value id.
func (p *placeholders) value(id int) string {
	if h := p.valHolder[id]; h != "" {
		return h
	}
	v := p.b.vals[id]
	h := p.give(':', v.hint, "v")
	p.valHolder[id] = h
	p.eav[h] = v.val
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
