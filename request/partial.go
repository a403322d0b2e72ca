package request

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// A request file shows the whole request. A request read from application
// code (package appcode writes it as request JSON) shows only what the code
// writes as literals: a member may be computed (TableName:
// aws.String(table)), a value of a map computed (":id": id), a key of a
// map computed, or a member given elsewhere (a field assigned later, a
// keyword argument spread from a dict). Partial records what the code does
// not show, so that the rules judge only what it does: what is unknown is
// neither missing nor wrong.
//
// The rules read it through the Request's methods below: MayHave (an
// absent member is unknown, not missing), Computed (a value is unknown),
// PlaceholdersKnown (whether the undefined and unused placeholder rules can
// tell), Unknowns (whether anything at all is unknown). The converter turns
// an unknown value into an unbound $parameter, which the catalog's rules
// already take as unknown, and an unknown table or index name into an
// unbound $parameter too, so that the schema rules do not run for it.

// Partial is what a request written from application code does not show.
// Offsets are those of the request JSON written for it.
type Partial struct {
	computed   map[int]bool     // values (written as null) the code computes
	incomplete map[int]bool     // objects one of whose keys the code computes
	opaque     map[int][]string // request objects -> members given a computed value
	shown      map[int]bool     // request objects whose every member the code shows
	// tableEnv is the environment variable the code reads the table's
	// name from, when the TableName written is the table the schema says
	// the variable holds (TableFrom).
	tableEnv string
}

// NewPartial returns a Partial that knows nothing unknown yet.
func NewPartial() *Partial {
	return &Partial{computed: map[int]bool{}, incomplete: map[int]bool{}, opaque: map[int][]string{}, shown: map[int]bool{}}
}

// Computed records that the value written at off (as null) is one the
// code computes.
func (p *Partial) Computed(off int) { p.computed[off] = true }

// Incomplete records that the object written at off lacks entries whose
// keys the code computes.
func (p *Partial) Incomplete(off int) { p.incomplete[off] = true }

// Opaque records that the request object written at off has member, whose
// value the code computes (and which is not written).
func (p *Partial) Opaque(off int, member string) { p.opaque[off] = append(p.opaque[off], member) }

// Shown records that the code shows every member of the request object
// written at off: one it does not give is absent, not unknown (a struct
// literal passed straight to the client's call).
func (p *Partial) Shown(off int) { p.shown[off] = true }

// TableFrom records that the code reads the request's table name from
// the environment variable variable, and that the TableName written is
// the schema's name of the table the variable holds: the name sent is
// what the function's environment holds, not the one written.
func (p *Partial) TableFrom(variable string) { p.tableEnv = variable }

// TableEnv is the environment variable the code reads the request's table
// name from, when the schema says which table it holds; "" otherwise.
func (r *Request) TableEnv() string {
	if r.File.partial == nil {
		return ""
	}
	return r.File.partial.tableEnv
}

// ParsePartial reads request JSON written for code, with what the code
// does not show.
func ParsePartial(name string, src []byte, p *Partial) (*File, error) {
	f, err := Parse(name, src)
	if err == nil {
		f.partial = p
		for _, r := range f.Requests {
			if r.CommandGuessed && !IsGroup(r.Command) {
				// Code shows what it sends, not what it leaves out: only
				// a member that tells is taken (SureCommand).
				r.Command = SureCommand(func(n string) bool { return r.Obj.Get(n) != nil })
			}
			r.CommandGuessed = false // the code's own call says, or the members that tell
		}
	}
	return f, err
}

// Partial reports whether the request was written from code, which may
// not show all of it.
func (r *Request) Partial() bool { return r.File.partial != nil }

// MayHave reports whether member name, absent from the request, may still
// be given: the code computes it, or gives members the reader cannot see.
func (r *Request) MayHave(name string) bool {
	p := r.File.partial
	if p == nil || r.Obj.Get(name) != nil {
		return false
	}
	return !p.shown[r.Obj.Start] || contains(p.opaque[r.Obj.Start], name)
}

// Incomplete reports whether object v has entries whose keys the code
// computes (a computed key, a spread), which it does not show: a rule that
// needs every entry cannot judge it, one that reads an entry still can.
func (r *Request) Incomplete(v *Value) bool {
	return r.File.partial != nil && v != nil && r.File.partial.incomplete[v.Start]
}

// Computed reports whether v stands for a value the code computes.
func (r *Request) Computed(v *Value) bool {
	return r.File.partial != nil && v != nil && r.File.partial.computed[v.Start]
}

// PlaceholdersKnown reports whether every key of the placeholder map of
// values (value) or of names is known, and every expression that could use
// one: only then can a placeholder be told undefined or unused.
func (r *Request) PlaceholdersKnown(value bool) bool {
	p := r.File.partial
	if p == nil {
		return true
	}
	if !r.PlaceholderMapKnown(value) {
		return false
	}
	for _, e := range ExpressionMembers(r.Shape()) {
		if r.MayHave(e) {
			return false
		}
	}
	return true
}

// PlaceholderMapKnown reports whether every key of the placeholder map of
// values (value) or of names is known: the map is absent, or written
// whole.
func (r *Request) PlaceholderMapKnown(value bool) bool {
	p := r.File.partial
	if p == nil {
		return true
	}
	name := "ExpressionAttributeNames"
	if value {
		name = "ExpressionAttributeValues"
	}
	m := r.Obj.Get(name)
	return !(m != nil && p.incomplete[m.Start] || r.MayHave(name))
}

// Unknowns reports whether the request, written from code, has anything
// the code does not show: then a statement that cannot be made may lack
// only what is unknown.
func (r *Request) Unknowns() bool {
	p := r.File.partial
	return p != nil && (len(p.computed)+len(p.incomplete)+len(p.opaque) > 0 || !p.shown[r.Obj.Start])
}

// unknownName is a table or index name the code computes: an unbound
// $parameter (what names it: "table", "index"), for which the schema
// rules do not run.
func (c *converter) unknownName(what string) *grammar.TableRef {
	return &grammar.TableRef{Pos: c.pos(c.r.Obj.Start), Raw: "$" + what, Name: "$" + what, Param: what}
}

// unknownValue is a value the code computes, standing at at: an unbound
// $parameter, which the catalog's rules take as any value. what names it
// (":id", "Key.id"); the parameter's name is made of its letters.
func (c *converter) unknownValue(at diag.Pos, what string) *grammar.Value {
	name := strings.Map(func(r rune) rune {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, what)
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		name = "v" + name
	}
	raw := "$" + name
	return &grammar.Value{Pos: at, Param: &raw, Type: grammar.TypeParam, FromParam: name}
}
