package appcode

import (
	"encoding/base64"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/request"
)

// A site becomes the request the rules read by being written as request
// JSON, as `aws dynamodb ... --cli-input-json` takes it, and read back by
// the request package, with what the code does not show recorded in a
// request.Partial: a member whose value the code computes is left out (and
// named Opaque), a computed value is written null (and named Computed), a
// map with a computed key is written without it (and named Incomplete).
// Every byte written remembers the byte of the code it stands for — each
// byte of a copied string the byte of the literal it was decoded from — so
// that a finding inside an expression points inside the literal in the
// code file (Request.Pos).

// Request is a site written as request JSON.
type Request struct {
	*request.Request
	Site *Site
	src  *Source
	// origin has, for each byte of the JSON, the offset in the code file of
	// what it stands for.
	origin []int
}

// Source is a code file: its name, its text and its lines, for positions.
type Source struct {
	Name string
	Src  []byte
	// Env, when set, is the name of the table an environment variable the
	// file reads holds, for the file's function; ok false when it is not
	// known (env.go).
	Env   func(variable string) (table string, ok bool)
	lines []int
}

// NewSource returns the source of a code file.
func NewSource(name string, src []byte) *Source { return &Source{Name: name, Src: src} }

// Pos is the position of byte off of the code file.
func (s *Source) Pos(off int) diag.Pos {
	if s.lines == nil {
		s.lines = diag.LineStarts(s.Src)
	}
	off = max(0, min(off, len(s.Src)))
	line := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	return diag.Pos{File: s.Name, Offset: off, Line: line + 1, Col: off - s.lines[line] + 1}
}

// lineOf is the 1-based line of byte off.
func (s *Source) lineOf(off int) int { return s.Pos(off).Line }

// Convert writes site as the request the rules read. A `dynexpr:table
// NAME` directive on the line before the site, or at the end of one of its
// lines, names its table where the code computes it. It fails only on a
// reader's mistake (JSON that does not read back), never on what the code
// holds.
func Convert(src *Source, site *Site, dirs []Directive) (*Request, error) {
	w := &jsonWriter{partial: request.NewPartial(), site: site}
	command := site.Command
	if command == "" {
		command = CommandOfCall(site.Call)
	}
	if command == "" {
		// What no call names, only a member that tells does: one the code
		// computes (UpdateExpression: f(x)) tells as well as a literal.
		command = request.SureCommand(func(n string) bool { return hasMember(site, n) })
	}
	w.object(site.Pos, func(obj int) {
		if command != "" {
			w.member(request.CommandMember, site.Pos)
			w.raw(strconv.Quote(command), site.Pos)
		}
		members := site.Members
		if m, ok := envTableName(src, members); ok && !request.IsGroup(command) {
			members = make([]Member, 0, len(site.Members))
			for _, old := range site.Members {
				if old.Name == m.Name {
					old = m
				}
				members = append(members, old)
			}
			w.partial.TableFrom(m.Value.Env)
		}
		w.members(obj, members)
		if !request.IsGroup(command) && !literal("TableName", members) {
			if name, at, ok := tableDirective(src, site, dirs); ok {
				w.member("TableName", at)
				w.str(Value{Kind: String, Start: at, Text: name, Offsets: constOffsets(name, at)})
			}
		}
	})
	f, err := request.ParsePartial(src.Name, w.b, w.partial)
	if err != nil {
		return nil, diag.Errorf(src.Pos(site.Pos), "the request written for this code does not read back (a dynexpr bug; please report it): %v", err)
	}
	if len(f.Requests) != 1 {
		return nil, diag.Errorf(src.Pos(site.Pos), "the request written for this code does not read back as one request (a dynexpr bug; please report it)")
	}
	return &Request{Request: f.Requests[0], Site: site, src: src, origin: w.origin}, nil
}

// Pos maps a position in the written request (a finding's) to the code
// file. The request is one line, so a position without its offset has it
// in its column.
func (r *Request) Pos(p diag.Pos) diag.Pos {
	if !p.IsValid() {
		return p
	}
	off := p.Offset
	if off == 0 && p.Col > 1 {
		off = p.Col - 1
	}
	if off >= len(r.origin) {
		off = len(r.origin) - 1
	}
	at := r.Site.Pos
	if off >= 0 {
		at = r.origin[off]
	}
	return r.src.Pos(at)
}

// tableDirective finds the `dynexpr:table NAME` that names site's table,
// and where NAME stands.
func tableDirective(src *Source, site *Site, dirs []Directive) (name string, at int, ok bool) {
	first, last := src.lineOf(site.Pos), src.lineOf(site.End)
	for _, d := range dirs {
		if d.Verb != "table" || d.Args == "" {
			continue
		}
		if d.Trailing && d.Line >= first && d.Line <= last || !d.Trailing && d.Line == first-1 {
			name = strings.Fields(d.Args)[0]
			at = d.Pos
			if i := strings.Index(string(src.Src[d.Pos:]), name); i >= 0 {
				at += i
			}
			return name, at, true
		}
	}
	return "", 0, false
}

// jsonWriter writes request JSON and the origin of each byte.
type jsonWriter struct {
	b       []byte
	origin  []int
	partial *request.Partial
	site    *Site
	sep     []bool // per open object or array: an element was written
}

func (w *jsonWriter) raw(s string, at int) {
	w.b = append(w.b, s...)
	for range len(s) {
		w.origin = append(w.origin, at)
	}
}

// comma writes the separator before an element of the innermost object
// or array.
func (w *jsonWriter) comma(at int) {
	if n := len(w.sep); n > 0 {
		if w.sep[n-1] {
			w.raw(", ", at)
		}
		w.sep[n-1] = true
	}
}

func (w *jsonWriter) open(c string, at int) {
	w.raw(c, at)
	w.sep = append(w.sep, false)
}

func (w *jsonWriter) close(c string, at int) {
	w.sep = w.sep[:len(w.sep)-1]
	w.raw(c, at)
}

// object writes an object whose members body writes; obj is where it
// starts.
func (w *jsonWriter) object(at int, body func(obj int)) {
	obj := len(w.b)
	w.open("{", at)
	body(obj)
	w.close("}", at)
}

// member writes a member's name.
func (w *jsonWriter) member(name string, at int) {
	w.comma(at)
	w.raw(strconv.Quote(name)+": ", at)
}

// str writes a string value, each byte standing where the code has it.
func (w *jsonWriter) str(v Value) {
	exact := len(v.Offsets) == len(v.Text)+1
	at := func(i int) int {
		if exact {
			return v.Offsets[i]
		}
		return v.Start
	}
	w.raw(`"`, v.Start)
	for i := 0; i < len(v.Text); {
		c := v.Text[i]
		r, n := utf8.DecodeRuneInString(v.Text[i:])
		switch {
		case c == '"' || c == '\\':
			w.raw(`\`+string(c), at(i))
		case c < 0x20:
			w.raw(`\u00`+strconv.FormatUint(uint64(c)>>4, 16)+strconv.FormatUint(uint64(c)&15, 16), at(i))
		case r == utf8.RuneError && n == 1:
			w.raw(`\ufffd`, at(i)) // not UTF-8: what the SDK's JSON encoder sends
		default:
			w.raw(v.Text[i:i+n], at(i))
			for k := 1; k < n; k++ {
				w.origin[len(w.origin)-n+k] = at(i + k)
			}
		}
		i += n
	}
	end := v.Start
	if exact {
		end = v.Offsets[len(v.Text)]
	}
	w.raw(`"`, end)
}

// literal reports whether members give name a literal value.
func literal(name string, members []Member) bool {
	for _, m := range members {
		if m.Name == name && m.Value.Kind != Opaque {
			return true
		}
	}
	return false
}

// members writes the members of a request object (the site, or a member
// of a group) written at obj, recording what is unknown.
func (w *jsonWriter) members(obj int, ms []Member) {
	if w.site.Whole && !w.site.Partial {
		w.partial.Shown(obj)
	}
	for _, m := range ms {
		if m.Value.Kind == Opaque {
			w.partial.Opaque(obj, m.Name)
			continue
		}
		w.member(m.Name, m.NamePos)
		w.memberValue(m.Name, m.Value)
	}
}

// memberValue writes the value of a request member called name.
func (w *jsonWriter) memberValue(name string, v Value) {
	switch name {
	case "Key", "Item", "ExclusiveStartKey", "ExpressionAttributeValues":
		w.attributes(v)
	case "ExpressionAttributeNames":
		known := v
		known.Entries = nil
		for _, e := range v.Entries {
			if e.Value.Kind == Opaque {
				e.Key = Value{Kind: Opaque} // a name the code computes: the map is incomplete
			}
			known.Entries = append(known.Entries, e)
		}
		// A literal that is not a string (12, None) is written as it is,
		// and judged as in a request file.
		w.entries(known, w.plain)
	case "Keys":
		w.open("[", v.Start)
		for _, e := range v.Elems {
			w.comma(e.Start)
			w.attributes(e)
		}
		w.close("]", v.End)
	case "TransactItems", "RequestItems":
		w.group(v)
	default:
		w.plain(v)
	}
}

// attributes writes a map of attribute values: an item, a key, the
// placeholders' values. A computed key or a spread drops its entry and
// makes the map incomplete, never empty: the rules that read one entry
// judge the others, those that need them all (a key's missing attribute,
// an unused placeholder) do not run.
func (w *jsonWriter) attributes(v Value) {
	if v.Kind != Map {
		w.null(v)
		return
	}
	w.entries(v, w.attribute)
}

// entries writes map v as an object, each entry's value by value; an
// entry whose key the code computes is left out, and the object is then
// incomplete.
func (w *jsonWriter) entries(v Value, value func(Value)) {
	start := len(w.b)
	w.open("{", v.Start)
	for _, e := range v.Entries {
		if e.Key.Kind != String {
			w.partial.Incomplete(start)
			continue
		}
		w.comma(e.Key.Start)
		w.str(e.Key)
		w.raw(": ", e.Key.Start)
		value(e.Value)
	}
	w.close("}", v.End)
}

// null writes a value the code computes.
func (w *jsonWriter) null(v Value) {
	w.partial.Computed(len(w.b))
	w.raw("null", v.Start)
}

// typeLetters are DynamoDB's attribute types.
var typeLetters = map[string]bool{"S": true, "N": true, "B": true, "BOOL": true, "NULL": true, "L": true, "M": true, "SS": true, "NS": true, "BS": true}

// attribute writes one attribute value as DynamoDB JSON: typed by the code
// (v.Type), in DynamoDB JSON already ({"S": "x"}: the low-level clients),
// or a plain value whose type its shape tells (the document clients).
func (w *jsonWriter) attribute(v Value) {
	t, inner, wrapped := attrValueType(w.site.Style, v)
	switch {
	case t == "":
		w.null(v)
	case wrapped:
		// Low-level: {"S": "x"} as the code writes it.
		if t == "B" && inner.Type != "B" {
			t = "b64" // a string, base64 already; bytes ([]byte("x")) are Type B
		}
		w.open("{", v.Start)
		w.typed(t, inner, v.Entries[0].Key.Start)
		w.close("}", v.End)
	case t == "plain":
		w.plain(v) // not DynamoDB JSON: the rules say so, as the SDK's service does
	default:
		w.open("{", v.Start)
		w.typed(t, v, v.Start)
		w.close("}", v.End)
	}
}

// attrValueType is the DynamoDB type of attribute value v as a site of
// style writes it, and the value holding its contents: typed by the code
// (v.Type), DynamoDB JSON ({"S": "x"}: wrapped, inner is "x"), or a plain
// value whose shape tells (the document clients). It is "" for a value the
// code computes, and "plain" for a plain value where the client takes
// DynamoDB JSON.
func attrValueType(style ValueStyle, v Value) (t string, inner Value, wrapped bool) {
	if v.Kind == Opaque || !known(v) {
		return "", v, false
	}
	if v.Type != "" {
		return v.Type, v, false
	}
	if v.Kind == Map && len(v.Entries) == 1 && v.Entries[0].Key.Kind == String && typeLetters[v.Entries[0].Key.Text] && style != StyleDocument {
		if v.Entries[0].Value.Kind == Opaque {
			// {"S": name}: the type is the code's, the value is not
			// known; the value is computed whole, as a plain one is.
			return "", v, false
		}
		return v.Entries[0].Key.Text, v.Entries[0].Value, true
	}
	if style == StyleLowLevel {
		return "plain", v, false
	}
	return map[Kind]string{String: "S", Number: "N", Bool: "BOOL", Null: "NULL", List: "L", Map: "M"}[v.Kind], v, false
}

// known reports whether a typed value's contents are all literal: a map
// with a computed key, a set with a computed element is computed whole.
func known(v Value) bool {
	for _, e := range v.Entries {
		if e.Key.Kind != String {
			return false
		}
	}
	if strings.HasSuffix(v.Type, "S") && len(v.Type) == 2 {
		for _, e := range v.Elems {
			if e.Kind == Opaque {
				return false
			}
		}
	}
	return true
}

// typed writes "T": value, the member of a DynamoDB JSON value of type t.
func (w *jsonWriter) typed(t string, v Value, at int) {
	letter := t
	if t == "b64" {
		letter = "B"
	}
	w.member(letter, at)
	switch t {
	case "S", "N", "b64":
		if v.Kind == String || v.Kind == Number {
			w.str(v)
		} else {
			w.plain(v)
		}
	case "B":
		if v.Kind == String {
			w.raw(strconv.Quote(base64.StdEncoding.EncodeToString([]byte(v.Text))), v.Start)
		} else {
			w.plain(v)
		}
	case "NULL":
		if v.Kind == Null {
			w.raw("true", v.Start) // the type alone says null: {"NULL": true}
		} else {
			w.plain(v)
		}
	case "BOOL":
		w.plain(v)
	case "L":
		w.open("[", v.Start)
		for _, e := range v.Elems {
			w.comma(e.Start)
			w.attribute(e)
		}
		w.close("]", v.End)
	case "M":
		if v.Kind != Map {
			w.plain(v)
			return
		}
		w.open("{", v.Start)
		for _, e := range v.Entries {
			w.comma(e.Key.Start)
			w.str(e.Key)
			w.raw(": ", e.Key.Start)
			w.attribute(e.Value)
		}
		w.close("}", v.End)
	case "SS", "NS", "BS":
		w.open("[", v.Start)
		for _, e := range v.Elems {
			w.comma(e.Start)
			if t == "BS" && e.Type == "B" {
				w.raw(strconv.Quote(base64.StdEncoding.EncodeToString([]byte(e.Text))), e.Start)
				continue
			}
			w.plain(e)
		}
		w.close("]", v.End)
	default:
		w.plain(v)
	}
}

// group writes a transaction's TransactItems or a batch's RequestItems:
// each member request's object is written as a request's members.
func (w *jsonWriter) group(v Value) {
	switch v.Kind {
	case List: // TransactItems, or a table's WriteRequests
		w.open("[", v.Start)
		for _, e := range v.Elems {
			if e.Kind != Map {
				continue // computed: the group's other members are still checked
			}
			w.comma(e.Start)
			w.group(e)
		}
		w.close("]", v.End)
	case Map: // {"Put": {...}}, or RequestItems by table
		start := len(w.b)
		w.open("{", v.Start)
		for _, e := range v.Entries {
			if e.Key.Kind != String || e.Value.Kind == Opaque {
				// A table the code names by a variable, or its requests
				// computed: not checked, and the map is not empty.
				w.partial.Incomplete(start)
				continue
			}
			w.comma(e.Key.Start)
			w.str(e.Key)
			w.raw(": ", e.Key.Start)
			switch {
			case e.Value.Kind == List:
				w.group(e.Value)
			case e.Value.Kind == Map:
				w.object(e.Value.Start, func(obj int) { w.members(obj, entriesAsMembers(e.Value)) })
			default:
				w.plain(e.Value)
			}
		}
		w.close("}", v.End)
	default:
		w.plain(v)
	}
}

// entriesAsMembers reads a map literal of a member request (a struct's
// fields, an object's keys) as its members.
func entriesAsMembers(v Value) []Member {
	out := make([]Member, 0, len(v.Entries))
	for _, e := range v.Entries {
		if e.Key.Kind == String {
			out = append(out, Member{Name: e.Key.Text, NamePos: e.Key.Start, Value: e.Value})
		}
	}
	return out
}

// plain writes a value as plain JSON (a string member, a list of names, a
// number); a computed value inside is null.
func (w *jsonWriter) plain(v Value) {
	switch v.Kind {
	case String:
		w.str(v)
	case Number:
		if jsonNumber(v.Text) {
			w.raw(v.Text, v.Start)
		} else {
			w.str(v)
		}
	case Bool:
		if v.Text == "true" {
			w.raw("true", v.Start)
		} else {
			w.raw("false", v.Start)
		}
	case Null:
		w.raw("null", v.Start)
	case List:
		w.open("[", v.Start)
		for _, e := range v.Elems {
			w.comma(e.Start)
			w.plain(e)
		}
		w.close("]", v.End)
	case Map:
		if len(v.Entries) == 1 && v.Entries[0].Key.Kind == String && typeLetters[v.Entries[0].Key.Text] && v.Entries[0].Value.Kind == Opaque {
			// {S: aws.String(f(x))} in a legacy member's value list: an
			// attribute value the code computes, whole.
			w.null(v)
			return
		}
		w.entries(v, w.plain)
	default:
		w.null(v)
	}
}

// jsonNumber reports whether s is a JSON number.
func jsonNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
