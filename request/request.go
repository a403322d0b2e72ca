// Package request reads the request JSON that teams already keep — the
// `--cli-input-json` inputs of `aws dynamodb query|scan|get-item|put-item|
// update-item|delete-item` and of the transactions and batches
// (transact-write-items, transact-get-items, batch-get-item,
// batch-write-item), fixtures, requests logged from services — with
// the place of every member, so that the linter can point at the character
// of an expression inside a string, and `dynexpr import` can turn them into
// DSL statements.
package request

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// File is one request file: a JSON object, an array of objects, or JSON
// Lines of objects.
type File struct {
	Name     string
	Src      []byte
	Requests []*Request
	lines    []int // offsets of line starts, for positions
	// partial, for requests written from application code, is what the
	// code does not show (partial.go); nil for a request file.
	partial *Partial
	// Outside, for a file written for a place in another (a request of
	// application code), is where byte off stands there and that place's
	// line, for a message that names a second place ("at 12:9"); nil
	// when the file is its own.
	Outside func(off int) (pos diag.Pos, line string)
}

// Request is one request object.
type Request struct {
	File *File
	// Obj is the request's members: the object itself, or its "input"
	// member when it is wrapped as dynexpr's jsonl output writes it
	// ({"name": .., "command": .., "input": {..}}).
	Obj *Value
	// Command is the `aws dynamodb` subcommand: query, scan, get-item,
	// put-item, update-item, delete-item or one of GroupCommands; ""
	// when it cannot be told. A member of a group has the command of its
	// operation (put-item for a Put), "condition-check" for a
	// ConditionCheck.
	Command string
	// CommandGuessed says the command was inferred from the members present
	// rather than read from a "command" member.
	CommandGuessed bool
	// Name is the request's label: the wrapper's "name", else file:line.
	Name string
	// spans map a request Modernize wrote back to the original's file
	// (Origin).
	spans []span

	// A member of a group (group.go): the group, the member's object
	// (Part: Put, KeysAndAttributes, PutRequest, ...), where it stands
	// (Path, as the AWS CLI's messages write it:
	// TransactItems[2].Update), and for a member of RequestItems its
	// table, the name it is listed under.
	Group *Request
	Part  string
	Path  string
	Table *Value
	parts []*Request
	read  bool // parts are read

	converted *converted // Convert's, once made
}

// Commands are the operations of one request a request file may hold, and
// GroupCommands those whose requests hold other requests: the statement
// kinds' commands, in the kinds' order.
var Commands, GroupCommands = commands()

func commands() (single, groups []string) {
	for k := grammar.KindQuery; k <= grammar.KindBatchWrite; k++ {
		switch {
		case k.Command() == "":
		case k.IsGroup():
			groups = append(groups, k.Command())
		default:
			single = append(single, k.Command())
		}
	}
	return single, groups
}

// Parse reads a request file. A syntax error is a *diag.Error at its place.
func Parse(name string, src []byte) (*File, error) {
	var reqs []*Request
	f, err := ParseEach(name, src, func(r *Request) error {
		reqs = append(reqs, r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	f.Requests = reqs
	return f, nil
}

// ParseEach reads a request file as Parse does, but gives fn each request
// as it is read, in order, and keeps none (the File's Requests stay
// empty): JSON Lines are read one line's tree at a time. The error is
// Parse's, which may come after fn has seen the requests before it, or the
// first error fn returns, which stops the reading.
func ParseEach(name string, src []byte, fn func(*Request) error) (*File, error) {
	f := &File{Name: name, Src: src}
	f.index()
	if err := f.eachTop(func(o *Value) error {
		if o.Kind != Object {
			return diag.Errorf(f.Pos(o.Start), "a request is a JSON object, not %s", o.Kind)
		}
		return fn(f.request(o))
	}); err != nil {
		return nil, err
	}
	return f, nil
}

// request is the request of the top-level object o: the object itself, or
// the input of dynexpr's own jsonl, {"name", "command", "input"}.
func (f *File) request(o *Value) *Request {
	r := &Request{File: f, Obj: o}
	if in := o.Get("input"); in != nil && in.Kind == Object && o.Get("TableName") == nil {
		r.Obj = in
		if n := o.Get("name"); n != nil && n.Kind == String {
			r.Name = n.Text
		}
		if c := o.Get("command"); c != nil && c.Kind == String {
			r.Command = NormalizeCommand(c.Text)
		}
	}
	if r.Command == "" {
		if c := r.Obj.Get("command"); c != nil && c.Kind == String {
			r.Command = NormalizeCommand(c.Text)
		}
	}
	if r.Command == "" {
		r.Command = guessGroup(r.Obj)
		if r.Command == "" {
			r.Command = GuessCommand(func(n string) bool { return r.Obj.Get(n) != nil })
		}
		r.CommandGuessed = true
	}
	if r.Name == "" {
		p := f.Pos(o.Start)
		r.Name = fmt.Sprintf("%s:%d", f.Name, p.Line)
	}
	return r
}

// eachTop gives fn the values of the file's top level, in order: one value
// (an object, or each element of an array of objects), or several values
// one after another (JSON Lines), each read when the one before is done
// with.
func (f *File) eachTop(fn func(*Value) error) error {
	n := 0
	off := 0
	for {
		off = skipSpace(f.Src, off)
		if off >= len(f.Src) {
			break
		}
		v, next, err := parseJSON(f.Src, off)
		if err != nil {
			se := err.(*SyntaxError)
			return diag.Errorf(f.Pos(se.Offset), "%s", se.Msg)
		}
		off = next
		if v.Kind == Array && n == 0 && skipSpace(f.Src, off) >= len(f.Src) {
			for _, e := range v.Elems {
				if err := fn(e); err != nil {
					return err
				}
			}
			return nil
		}
		n++
		if err := fn(v); err != nil {
			return err
		}
	}
	if n == 0 {
		return diag.Errorf(diag.Pos{File: f.Name}, "the file holds no request: write a JSON object like {\"TableName\": \"Tickets\", ...}")
	}
	return nil
}

func skipSpace(src []byte, off int) int {
	for off < len(src) && (src[off] == ' ' || src[off] == '\t' || src[off] == '\n' || src[off] == '\r') {
		off++
	}
	return off
}

func (f *File) index() {
	f.lines = diag.LineStarts(f.Src)
}

// Pos is the position of byte offset off in the file.
func (f *File) Pos(off int) diag.Pos {
	if off > len(f.Src) {
		off = len(f.Src)
	}
	line := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
	return diag.Pos{File: f.Name, Offset: off, Line: line + 1, Col: off - f.lines[line] + 1}
}

// Line returns line n (1-based) of the file, for carets.
func (f *File) Line(n int) string {
	if n < 1 || n > len(f.lines) {
		return ""
	}
	end := len(f.Src)
	if n < len(f.lines) {
		end = f.lines[n]
	}
	return diag.TrimLineEnd(string(f.Src[f.lines[n-1]:end]))
}

// RawLiteral returns the source text of a string value with its quotes,
// for mapping offsets inside the decoded string back to the file.
func (r *Request) RawLiteral(v *Value) string { return string(r.File.Src[v.Start:v.End]) }

// Pos is the position of byte offset off in the request's file.
func (r *Request) Pos(off int) diag.Pos { return r.File.Pos(off) }

// commandSeparators are what NormalizeCommand drops; built once (on first
// use), not on every call: code lint asks it of every site.
var commandSeparators = strings.NewReplacer("-", "", "_", "", " ", "")

// NormalizeCommand turns the text of a "command" member (query, get-item,
// GetItem, put, ...) into the aws dynamodb subcommand, or "" when it names
// none.
func NormalizeCommand(s string) string {
	k := strings.ToLower(commandSeparators.Replace(s))
	switch k {
	case "query":
		return "query"
	case "scan":
		return "scan"
	case "getitem", "get":
		return "get-item"
	case "putitem", "put":
		return "put-item"
	case "updateitem", "update":
		return "update-item"
	case "deleteitem", "delete":
		return "delete-item"
	case "transactwriteitems", "transactwrite":
		return "transact-write-items"
	case "transactgetitems", "transactget":
		return "transact-get-items"
	case "batchgetitem", "batchget":
		return "batch-get-item"
	case "batchwriteitem", "batchwrite":
		return "batch-write-item"
	case "executestatement":
		return "execute-statement"
	case "batchexecutestatement":
		return "batch-execute-statement"
	case "executetransaction":
		return "execute-transaction"
	}
	return ""
}

// GuessCommand tells the operation of a request without a "command" member
// from the members it has (KeyConditionExpression → query,
// UpdateExpression → update-item, ...); member reports whether a member of
// that name is present. "" when nothing tells.
func GuessCommand(member func(name string) bool) string {
	has := func(names ...string) bool {
		for _, n := range names {
			if member(n) {
				return true
			}
		}
		return false
	}
	switch {
	case has("TransactStatements"):
		return "execute-transaction"
	case has("Statements"):
		return "batch-execute-statement"
	case has("Statement"):
		return "execute-statement"
	case has("KeyConditionExpression", "KeyConditions", "ScanIndexForward", "QueryFilter"):
		return "query"
	case has("UpdateExpression", "AttributeUpdates"):
		return "update-item"
	case has("Item"):
		return "put-item"
	case has("Segment", "TotalSegments", "ScanFilter"):
		return "scan"
	case has("Key") && has("ConditionExpression", "ReturnValues", "Expected", "ExpressionAttributeValues", "ReturnItemCollectionMetrics",
		"ReturnValuesOnConditionCheckFailure"):
		return "delete-item"
	case has("Key"):
		return "get-item"
	case has("TableName"):
		return "scan"
	}
	return ""
}

// SureCommand is GuessCommand where only what is there tells: a member
// only one command takes (KeyConditionExpression: query; UpdateExpression:
// update-item; Item: put-item; Statement: execute-statement). It never
// tells a command from a member that is absent, as GuessCommand's
// delete-item (a Key without an UpdateExpression) does: for a request
// written from code, whose absent members may be given where they are not
// seen; "" when nothing tells.
func SureCommand(member func(name string) bool) string {
	switch g := GuessCommand(member); g {
	case "execute-transaction", "batch-execute-statement", "execute-statement", "query", "update-item", "put-item":
		return g
	case "scan":
		if member("Segment") || member("TotalSegments") || member("ScanFilter") {
			return g
		}
	}
	return ""
}

// LooksLikeRequest is a quick first look for --requests by content: JSON
// that mentions "TableName" somewhere. It also matches describe-table output
// and CloudFormation templates; a caller that must tell them apart parses
// the file and looks for TableName as a member of each request.
func LooksLikeRequest(src []byte) bool {
	t := bytes.TrimSpace(src)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[') && bytes.Contains(t, []byte(`"TableName"`))
}
