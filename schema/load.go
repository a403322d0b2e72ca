package schema

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"gopkg.in/yaml.v3"
)

// Load reads the schema files at paths, in order, and merges their tables.
// A table defined in two files is an error that names both places; a file
// given twice (./a.yaml and a.yaml, a link to it, a config's entry and a
// flag) is read once, or its tables would be "already defined" at
// themselves. The error, if any, is a *diag.Error for one problem or a
// diag.List for several; a file that cannot be read gives a *diag.Error
// with only File set.
func Load(paths ...string) (*Schema, error) { return LoadWith(Options{}, paths...) }

// LoadWith is Load with the values of opt for what the sources leave open.
// A folder is read as a whole (dir.go); any other path as one file.
func LoadWith(opt Options, paths ...string) (*Schema, error) {
	s, err := load(opt, paths)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// DeclaredVariables are the variables the sources at paths declare, read
// as LoadWith reads them, whether the tables load or not: a Terraform
// variable without a default is declared even though the table it names
// does not load until --var gives it a value. Shell completion offers them.
func DeclaredVariables(opt Options, paths ...string) []Variable {
	s, _ := load(opt, paths)
	return s.Variables
}

// load is LoadWith, but with an error it returns what it read too: the
// tables that loaded and every variable declared.
func load(opt Options, paths []string) (*Schema, error) {
	opt.log, opt.notes = &varLog{}, &noteLog{}
	s := &Schema{}
	var errs diag.List
	seen := map[string]bool{}
	var ttls []ttlEntry // joined once every file is read, in any order
	for _, path := range paths {
		id := fileIdentity(path)
		if seen[id] {
			continue
		}
		seen[id] = true
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			tables, err := loadDir(opt, path)
			errs = append(errs, err...)
			for _, t := range tables {
				if e := s.add(opt, t); e != nil {
					errs = append(errs, e)
				}
			}
			continue
		}
		data, err := opt.MaxInput.Read(path)
		if err != nil {
			reason := err.Error()
			if pe, ok := errors.AsType[*fs.PathError](err); ok {
				reason = pe.Err.Error()
			}
			errs = append(errs, &diag.Error{Pos: diag.Pos{File: path}, Msg: "cannot read the schema file: " + reason})
			continue
		}
		one, oneTTLs, err := parse(opt, path, data)
		if err != nil {
			errs = append(errs, flatten(err)...)
			continue
		}
		for _, t := range one.Tables {
			if e := s.add(opt, t); e != nil {
				errs = append(errs, e)
			}
		}
		ttls = append(ttls, oneTTLs...)
		s.Env = append(s.Env, one.Env...)
	}
	errs = append(errs, s.joinTTLs(ttls)...)
	s.Variables, s.Notes = opt.log.variables(), opt.notes.list()
	return s, asError(errs)
}

// fileIdentity is the path with links resolved, made absolute and clean:
// two paths of one file have the same. A path that cannot be resolved is
// only cleaned (reading it reports why).
func fileIdentity(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	return filepath.Clean(path)
}

// Parse reads one schema file. The format — project YAML, describe-table or
// create-table JSON, CloudFormation/SAM template in YAML or JSON — is told
// from the content. filename is used in positions; its extension matters
// only in that a .json file must be valid JSON.
func Parse(filename string, data []byte) (*Schema, error) {
	return ParseWith(Options{}, filename, data)
}

// ParseWith is Parse with the values of opt for what the file leaves open.
func ParseWith(opt Options, filename string, data []byte) (*Schema, error) {
	if opt.log == nil { // else a reader of a folder (cdk.out) parses its files into its load's log
		opt.log = &varLog{}
	}
	if opt.notes == nil {
		opt.notes = &noteLog{}
	}
	s, ttls, err := parse(opt, filename, data)
	if err != nil {
		return nil, err
	}
	if err := asError(s.joinTTLs(ttls)); err != nil {
		return nil, err
	}
	s.Variables, s.Notes = opt.log.variables(), opt.notes.list()
	return s, nil
}

// parse is ParseWith with the TTLs of a describe-time-to-live file not yet
// given to their tables, which other files define.
func parse(opt Options, filename string, data []byte) (*Schema, []ttlEntry, error) {
	if isTerraformFile(filename) { // HCL is no YAML: told by the name, as Terraform does
		s, err := parseTerraform(opt, filename, data)
		return s, nil, err
	}
	p := &parser{src: newSource(filename, data), opt: opt}
	root := p.decode()
	if root == nil {
		return nil, nil, asError(p.errs)
	}
	var decls []*tableDecl
	var ttls []ttlEntry
	s := &Schema{}
	switch format, what := detect(root); {
	case format == formatTTL:
		ttls = p.describeTTL(root)
	case int(format) < len(tableReaders) && tableReaders[format] != nil:
		decls = tableReaders[format](p, root)
	default:
		p.errorf(root, "%s", what)
	}
	for _, d := range decls {
		t := p.build(d)
		if t == nil {
			continue
		}
		if e := s.add(opt, t); e != nil {
			p.errs = append(p.errs, e)
		}
	}
	s.Env = p.env
	if len(p.errs) > 0 {
		slices.SortStableFunc(p.errs, func(a, b *diag.Error) int {
			return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
		})
		return nil, nil, asError(p.errs)
	}
	return s, ttls, nil
}

// asError turns a list into the error the package returns: nil, the one
// *diag.Error, or the diag.List.
func asError(l diag.List) error {
	switch len(l) {
	case 0:
		return nil
	case 1:
		return l[0]
	}
	return l
}

// flatten is the inverse of asError.
func flatten(err error) diag.List {
	if l, ok := errors.AsType[diag.List](err); ok {
		return l
	}
	if e, ok := errors.AsType[*diag.Error](err); ok {
		return diag.List{e}
	}
	return diag.List{{Msg: err.Error()}}
}

// parser reads one file's node tree into table declarations, collecting
// every problem it meets.
type parser struct {
	src  *source
	opt  Options
	errs diag.List
	// unknown are the values a source computes from what dynexpr cannot
	// know (a Serverless ${env:...}), with why: an error where one is
	// needed as text.
	unknown map[*yaml.Node]string
	// env are the environment variables of the file's functions (env.go).
	env []EnvVar
}

// unknownNode records that n's value cannot be known, and why.
func (p *parser) unknownNode(n *yaml.Node, why string) {
	if p.unknown == nil {
		p.unknown = map[*yaml.Node]string{}
	}
	p.unknown[n] = why
}

func (p *parser) errorf(n *yaml.Node, format string, args ...any) {
	p.errs = append(p.errs, diag.Errorf(p.src.pos(n), format, args...))
}

// decode parses the file into a node tree and returns its root, or nil after
// reporting why it cannot. Valid JSON is read as JSON (yaml.v3 does not know
// every JSON escape); a .json file must be valid JSON; anything else is read
// as YAML.
func (p *parser) decode() *yaml.Node {
	data := p.src.content()
	if len(bytes.TrimSpace(data)) == 0 {
		p.errorf(nil, "%s", msgEmpty())
		return nil
	}
	if json.Valid(data) {
		return p.decodeJSON()
	}
	if strings.EqualFold(filepath.Ext(p.src.file), ".json") {
		p.jsonSyntaxError()
		return nil
	}
	root, yerr := p.decodeYAML()
	if yerr == nil {
		p.mergeKeys(root)
		return root
	}
	if trimmed := bytes.TrimLeft(data, " \t\r\n"); trimmed[0] == '{' || trimmed[0] == '[' {
		p.jsonSyntaxError() // broken JSON more likely than flow-style YAML
	} else {
		p.errs = append(p.errs, yerr)
	}
	return nil
}

// cutYAMLLine splits a yaml.v3 error of the form "yaml: line N: message"
// into N and the message; ok is false for an error of another form. N is 0
// when it is too large to be a line.
func cutYAMLLine(e string) (line int, msg string, ok bool) {
	rest, ok := strings.CutPrefix(e, "yaml: line ")
	if !ok {
		return 0, "", false
	}
	digits, msg, ok := strings.Cut(rest, ": ")
	if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" || strings.Contains(msg, "\n") {
		return 0, "", false
	}
	if line, err := strconv.Atoi(digits); err == nil {
		return line, msg, true
	}
	return 0, msg, true
}

// decodeYAML returns the root node of the file's one YAML document.
func (p *parser) decodeYAML() (root *yaml.Node, err *diag.Error) {
	p.src.countYAMLLines()
	defer func() {
		if r := recover(); r != nil { // yaml.v3 must not take the program down
			root, err = nil, diag.Errorf(diag.Pos{File: p.src.file}, "cannot read the file as YAML: %v", r)
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(p.src.content()))
	var doc yaml.Node
	if e := dec.Decode(&doc); e != nil {
		return nil, p.yamlError(e)
	}
	var next yaml.Node
	switch e := dec.Decode(&next); {
	case e == nil:
		return nil, diag.Errorf(p.src.pos(&next), "a schema file holds one YAML document: remove the \"---\" and what follows, or put it in another file")
	case e != io.EOF:
		return nil, p.yamlError(e)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, &diag.Error{Pos: diag.Pos{File: p.src.file}, Msg: msgEmpty()}
	}
	return doc.Content[0], nil
}

// yamlError positions a yaml.v3 error, which only knows its line, at the
// line's first non-blank character.
func (p *parser) yamlError(e error) *diag.Error {
	if e == io.EOF { // only comments
		return &diag.Error{Pos: diag.Pos{File: p.src.file}, Msg: msgEmpty()}
	}
	msg := strings.TrimPrefix(e.Error(), "yaml: ")
	pos := diag.Pos{File: p.src.file}
	if line, rest, ok := cutYAMLLine(e.Error()); ok {
		msg = rest
		if line >= 1 && line <= len(p.src.yamlLines) {
			off := p.src.yamlLines[line-1]
			for off < len(p.src.data) && (p.src.data[off] == ' ' || p.src.data[off] == '\t') {
				off++
			}
			pos = p.src.posAt(off)
		}
	}
	return diag.Errorf(pos, "invalid YAML: %s", msg)
}

func (p *parser) jsonSyntaxError() {
	var v any
	err := json.Unmarshal(p.src.content(), &v)
	off := len(p.src.data)
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		off = p.src.body + max(int(se.Offset)-1, 0)
	}
	msg := "invalid JSON"
	if err != nil {
		msg += ": " + strings.TrimPrefix(err.Error(), "json: ")
	}
	p.errs = append(p.errs, diag.Errorf(p.src.posAt(off), "%s", msg))
}

// decodeJSON builds a yaml.v3 node tree from valid JSON, so that the readers
// see one kind of tree, with each node at the byte where its token starts.
func (p *parser) decodeJSON() *yaml.Node {
	dec := json.NewDecoder(bytes.NewReader(p.src.content()))
	dec.UseNumber()
	b := &jsonBuilder{src: p.src, dec: dec}
	n, err := b.value()
	if err != nil { // cannot happen after json.Valid, but never trust that
		p.jsonSyntaxError()
		return nil
	}
	return n
}

type jsonBuilder struct {
	src *source
	dec *json.Decoder
}

// next is an empty node at the start of the next token.
func (b *jsonBuilder) next() *yaml.Node {
	off := b.src.body + int(b.dec.InputOffset())
	for off < len(b.src.data) {
		switch b.src.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return b.src.at(off)
}

func (b *jsonBuilder) value() (*yaml.Node, error) {
	n := b.next()
	tok, err := b.dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			n.Kind, n.Tag = yaml.MappingNode, "!!map"
			for b.dec.More() {
				k, err := b.value()
				if err != nil {
					return nil, err
				}
				v, err := b.value()
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, k, v)
			}
		} else {
			n.Kind, n.Tag = yaml.SequenceNode, "!!seq"
			for b.dec.More() {
				v, err := b.value()
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, v)
			}
		}
		if _, err := b.dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return n, nil
	case string:
		n.Tag, n.Value, n.Style = "!!str", t, yaml.DoubleQuotedStyle
	case json.Number:
		n.Tag, n.Value = "!!float", t.String()
		if _, err := strconv.ParseInt(n.Value, 10, 64); err == nil {
			n.Tag = "!!int"
		}
	case bool:
		n.Tag, n.Value = "!!bool", strconv.FormatBool(t)
	case nil:
		n.Tag, n.Value = "!!null", "null"
	default:
		return nil, fmt.Errorf("unexpected JSON token %v", tok)
	}
	n.Kind = yaml.ScalarNode
	return n, nil
}
