package request

import (
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

// The converter's groups: a transact-write-items, transact-get-items,
// batch-get-item or batch-write-item request becomes a group statement
// whose members are converted exactly as requests alone are (request), each
// from its object in the file, so that their places are inside it.

// group converts a group request: its own members (the list, capacity,
// metrics, token), then each member request.
func (c *converter) group() *grammar.Statement {
	r, obj := c.r, c.r.Obj
	kind, _ := kindOf(r.Command)
	verb, mode, _ := strings.Cut(kind.String(), " ")
	st := &grammar.Statement{
		Pos:    c.pos(obj.Start),
		EndPos: c.pos(obj.End),
		Verb:   verb,
		Mode:   &grammar.Ident{Pos: c.pos(obj.Start), Name: mode},
		Kind:   kind,
		Source: string(c.src[obj.Start:obj.End]),
	}
	c.st = st
	if name := r.Label(); name != "" {
		st.Label = &grammar.Ident{Pos: st.Pos, Name: name}
	}
	c.members(Members(r.Command), "")
	list := "TransactItems"
	if strings.HasPrefix(r.Command, "batch") {
		list = "RequestItems"
	}
	lm := obj.Member(list)
	if lm == nil {
		c.failAt(obj.Start, "a %s request needs %s", r.Command, list)
	}
	st.Open = c.pos(lm.Value.Start)
	clause := c.clauseFunc()
	if m := obj.Member("ClientRequestToken"); m != nil {
		if m.Value.Kind != String {
			c.failAt(m.Value.Start, "ClientRequestToken is a string, not %s", m.Value.Kind)
		}
		q := grammar.Quote(m.Value.Text)
		st.Token = &grammar.Value{Pos: c.pos(m.Value.Start), String: &q, Type: grammar.TypeS, Text: m.Value.Text}
		clause(m, grammar.ClauseToken)
	}
	c.options(clause)
	if list == "TransactItems" {
		c.transactItems(lm.Value)
	} else {
		c.requestItems(lm.Value)
	}
	if len(st.Members) == 0 {
		c.failAt(lm.Value.Start, "%s is empty: a %s request needs at least one member", list, r.Command)
	}
	return st
}

// transactItems checks the shape of TransactItems: an array of objects,
// each with exactly one member request.
func (c *converter) transactItems(v *Value) {
	if v.Kind != Array {
		c.failAt(v.Start, "TransactItems is an array of objects like {\"Put\": {...}}, not %s", v.Kind)
	}
	entry := Entry(c.r.Command)
	for i, e := range v.Elems {
		c.entry(e, entry, "TransactItems["+strconv.Itoa(i)+"]")
	}
	c.parts()
}

// requestItems checks the shape of RequestItems: an object of tables, each
// with its KeysAndAttributes (a batch get) or its array of PutRequest and
// DeleteRequest objects (a batch write).
func (c *converter) requestItems(v *Value) {
	if v.Kind != Object {
		c.failAt(v.Start, "RequestItems is an object of table names, like {\"Users\": ...}, not %s", v.Kind)
	}
	for _, t := range v.Members {
		at := "RequestItems." + t.Name
		switch {
		case t.Repeated:
			c.failAt(t.NamePos, "the table %q is given twice in RequestItems; DynamoDB reads only one", t.Name)
		case c.r.Command == "batch-get-item":
			if t.Value.Kind != Object {
				c.failAt(t.Value.Start, "%s is an object like {\"Keys\": [...]}, not %s", at, t.Value.Kind)
			}
			keys := t.Value.Get("Keys")
			if keys == nil || keys.Kind != Array || len(keys.Elems) == 0 {
				c.failAt(t.Value.Start, "%s needs Keys, an array of the keys of the items to read", at)
			}
		case t.Value.Kind != Array:
			c.failAt(t.Value.Start, "%s is an array of objects like {\"PutRequest\": {...}}, not %s", at, t.Value.Kind)
		default:
			if len(t.Value.Elems) == 0 {
				c.failAt(t.Value.Start, "%s is empty: list at least one PutRequest or DeleteRequest", at)
			}
			for i, e := range t.Value.Elems {
				c.entry(e, "WriteRequest", at+"["+strconv.Itoa(i)+"]")
			}
		}
	}
	c.parts()
}

// entry checks one entry of a list: an object with exactly one member of
// the shape's.
func (c *converter) entry(e *Value, shape, at string) {
	allowed := Members(shape)
	switch {
	case e.Kind != Object:
		c.failAt(e.Start, "%s is an object with one of %s, not %s", at, orWords(allowed), e.Kind)
	case len(e.Members) == 0:
		c.failAt(e.Start, "%s is empty: give it one of %s", at, orWords(allowed))
	case len(e.Members) > 1:
		c.failAt(e.Members[1].NamePos, "%s has both %s and %s: each entry holds one request", at, e.Members[0].Name, e.Members[1].Name)
	case !contains(allowed, e.Members[0].Name):
		c.failAt(e.Members[0].NamePos, "%q is not a member of %s; it takes %s", e.Members[0].Name, at, orWords(allowed))
	case e.Members[0].Value.Kind != Object:
		c.failAt(e.Members[0].Value.Start, "%s.%s is an object, not %s", at, e.Members[0].Name, e.Members[0].Value.Kind)
	}
}

// parts converts the member requests, once their shape is checked: each
// entry a member, each key of a batch get's table a get member.
func (c *converter) parts() {
	for _, p := range c.r.Parts() {
		if p.Part != "KeysAndAttributes" {
			sub := &converter{r: p, src: c.src, out: c.out}
			c.st.Members = append(c.st.Members, sub.request())
			continue
		}
		for _, k := range p.Obj.Get("Keys").Elems {
			sub := &converter{r: p, src: c.src, out: c.out, key: &Member{Name: "Key", NamePos: k.Start, Value: k}}
			c.st.Members = append(c.st.Members, sub.request())
		}
	}
}
