package schema

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"gopkg.in/yaml.v3"
)

// This file reads Terraform configuration (.tf in HCL, .tf.json) the way
// Terraform reads a module: every file of the folder, its variables
// decided by their defaults, then terraform.tfvars and *.auto.tfvars, then
// --var. Only what decides a table's name and keys is evaluated (tfres.go);
// what dynexpr cannot decide is an error at its place, never a guess.

// tfWorkspace is the name --var gives terraform.workspace by.
const tfWorkspace = "terraform.workspace"

// tfMissing is what every value dynexpr cannot decide tells the user to do.
const tfMissing = "or read what Terraform resolved: terraform show -json > show.json, then --schema show.json"

// isTerraformFile reports whether filename is Terraform configuration,
// which is told by its name as Terraform tells it.
func isTerraformFile(filename string) bool {
	f := strings.ToLower(filename)
	return strings.HasSuffix(f, ".tf") || strings.HasSuffix(f, ".tf.json")
}

// isTFVarsFile reports whether Terraform loads the file base by itself as
// variable values.
func isTFVarsFile(base string) bool {
	return base == "terraform.tfvars" || base == "terraform.tfvars.json" ||
		strings.HasSuffix(base, ".auto.tfvars") || strings.HasSuffix(base, ".auto.tfvars.json")
}

// tfDir is the dirFormat of a Terraform module folder.
var tfDir = dirFormat{
	name: "a Terraform module: *.tf or *.tf.json files",
	is:   hasTerraformFiles,
	read: loadTerraformDir,
}

// hasTerraformFiles reports whether dir holds Terraform configuration.
func hasTerraformFiles(dir string) bool {
	entries, _ := os.ReadDir(dir)
	return slices.ContainsFunc(entries, func(e os.DirEntry) bool { return !e.IsDir() && isTerraformFile(e.Name()) })
}

// tfSource is one file of a module, read.
type tfSource struct {
	file string
	data []byte
}

// loadTerraformDir reads the module in dir: its *.tf and *.tf.json files
// and the variable files Terraform loads by itself, in Terraform's order
// (the names sorted), not its subfolders.
func loadTerraformDir(opt Options, dir string) ([]*Table, diag.List) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: dir}, "cannot read the folder: %v", err)}
	}
	var config, tfvars []tfSource
	var errs diag.List
	for _, e := range entries { // ReadDir sorts by name
		base := e.Name()
		if e.IsDir() || !isTerraformFile(base) && !isTFVarsFile(base) {
			continue
		}
		path := filepath.Join(dir, base)
		data, err := opt.MaxInput.Read(path)
		if err != nil {
			errs = append(errs, &diag.Error{Pos: diag.Pos{File: path}, Msg: "cannot read the schema file: " + err.Error()})
			continue
		}
		if isTerraformFile(base) {
			config = append(config, tfSource{path, data})
		} else {
			tfvars = append(tfvars, tfSource{path, data})
		}
	}
	// terraform.tfvars before the *.auto.tfvars, as Terraform loads them.
	slices.SortStableFunc(tfvars, func(a, b tfSource) int {
		return cmp.Compare(strings.Count(filepath.Base(a.file), ".auto."), strings.Count(filepath.Base(b.file), ".auto."))
	})
	tables, more := readTerraform(opt, dir, config, tfvars, nil)
	return tables, append(errs, more...)
}

// parseTerraform reads one Terraform file given on its own: its variables
// have only their defaults and --var.
func parseTerraform(opt Options, filename string, data []byte) (*Schema, error) {
	tables, errs := readTerraform(opt, filename, []tfSource{{filename, data}}, nil, nil)
	s := &Schema{}
	for _, t := range tables {
		if e := s.add(opt, t); e != nil {
			errs = append(errs, e)
		}
	}
	if len(errs) > 0 {
		return nil, asError(errs)
	}
	return s, nil
}

// tfModule is a module being read.
type tfModule struct {
	opt   Options
	files []*tfFile
	// vars are the variables' values, from the declarations' defaults, the
	// tfvars files and --var, the last one read winning.
	vars map[string]cty.Value
	// locals are the module's locals, evaluated when a value needs them.
	locals map[string]*tfLocal
	// workspace is terraform.workspace: --var terraform.workspace=NAME,
	// else $TF_WORKSPACE, else "default", as Terraform decides it.
	workspace string
	// reported are the mistakes already reported (tfeval.go), by place
	// and message.
	reported map[string]bool
	// types are the variables' type constraints, with the defaults of
	// their optional attributes: a value is converted to its type, as
	// Terraform converts it (optional(string) makes the attribute null
	// where an object leaves it out).
	types map[string]tfVarType
	// child, for a module called by another, is what the call gives it;
	// nil for the module dynexpr was given.
	child *tfChild
	// expanded counts what count, for_each and dynamic blocks made, in this
	// module and those it calls (tfexpand.go); nil until one expands.
	expanded *int
	// inst is what count, each and a dynamic block's iterator stand for
	// while one instance is read (tfexpand.go); nil outside one.
	inst tfInstance
}

// tfFile is one file of the module, with the parser its problems and
// positions go through.
type tfFile struct {
	p    *parser
	body hcl.Body
	// leftOut, while a table is read, says why it is left out (what
	// dynexpr cannot expand), at leftOutAt; "" while it is read.
	leftOut   string
	leftOutAt hcl.Range
}

// tfVarType is a variable's type constraint.
type tfVarType struct {
	ty       cty.Type
	defaults *typeexpr.Defaults
}

// typed is v converted to variable name's type, as Terraform converts a
// variable's value; v as it is when the variable has no type, or v does
// not convert (Terraform's error, which what reads the value reports in
// its own terms).
func (m *tfModule) typed(name string, v cty.Value) cty.Value {
	t, ok := m.types[name]
	if !ok || v.IsNull() {
		return v
	}
	if t.defaults != nil {
		v = t.defaults.Apply(v)
	}
	if c, err := convert.Convert(v, t.ty); err == nil {
		return c
	}
	return v
}

type tfLocal struct {
	f       *tfFile
	attr    *hcl.Attribute
	state   int // 0 not evaluated, 1 being evaluated, 2 done
	val     cty.Value
	problem *tfProblem // why val could not be evaluated
}

var tfTopSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "resource", LabelNames: []string{"type", "name"}},
	{Type: "variable", LabelNames: []string{"name"}},
	{Type: "locals"},
	{Type: "module", LabelNames: []string{"name"}},
}}

// readTerraform reads a module's configuration files and variable files
// into tables; where (the folder, or the one file) is the place of a
// problem with the whole.
func readTerraform(opt Options, where string, config, tfvars []tfSource, child *tfChild) ([]*Table, diag.List) {
	m := &tfModule{opt: opt, vars: map[string]cty.Value{}, locals: map[string]*tfLocal{}, reported: map[string]bool{}, child: child}
	if child != nil {
		m.expanded = child.expanded
	}
	m.workspace = cmp.Or(opt.Vars[tfWorkspace], os.Getenv("TF_WORKSPACE"), "default")
	opt.declare(Variable{Name: tfWorkspace})
	type resource struct {
		f     *tfFile
		block *hcl.Block
	}
	var resources, calls []resource
	for _, src := range config {
		f := m.parseFile(src)
		if f == nil {
			continue
		}
		content, _, diags := f.body.PartialContent(tfTopSchema)
		f.report(diags)
		for _, b := range content.Blocks {
			switch b.Type {
			case "resource":
				if b.Labels[0] == "aws_dynamodb_table" {
					resources = append(resources, resource{f, b})
				}
			case "variable":
				m.declare(f, b)
			case "module":
				calls = append(calls, resource{f, b})
			case "locals":
				attrs, diags := b.Body.JustAttributes()
				f.report(diags)
				for name, a := range attrs {
					m.locals[name] = &tfLocal{f: f, attr: a}
				}
			}
		}
	}
	// terraform.workspace is Terraform's own: a name may read it.
	opt.declare(Variable{Name: "terraform.workspace"})
	if child != nil {
		// A module called: its variables are the call's arguments (over
		// their defaults); no tfvars file nor --var reaches it.
		for name, v := range child.args {
			m.vars[name] = v
		}
		tfvars = nil
	}
	for _, src := range tfvars {
		m.readTFVars(src)
	}
	for _, path := range opt.VarFiles {
		if child != nil {
			break
		}
		data, err := opt.MaxInput.Read(path)
		if err != nil {
			m.files = append(m.files, &tfFile{p: &parser{src: newSource(path, nil), errs: diag.List{
				diag.Errorf(diag.Pos{File: "--var-file " + path}, "cannot read the variable file: %v", err)}}})
			continue
		}
		m.readTFVars(tfSource{path, data})
	}
	for name, v := range opt.Vars {
		if child == nil {
			m.vars[name] = cty.StringVal(v)
		}
	}
	for name, v := range m.vars {
		m.vars[name] = m.typed(name, v)
	}
	var tables []*Table
	for _, r := range resources {
		tables = append(tables, r.f.tables(m, r.block)...)
	}
	read := 0 // module calls read as tables
	var errs diag.List
	for _, c := range calls {
		src := c.f.source(m, c.block)
		if isLocalSource(src) {
			got, more, ok := c.f.localModule(m, c.block, src)
			tables, errs = append(tables, got...), append(errs, more...)
			if ok {
				read++
				continue
			}
		}
		if _, ok := tfRegistryModules[registrySource(src)]; ok {
			read++
		}
		tables = append(tables, c.f.moduleTables(m, c.block)...)
	}
	for _, f := range m.files {
		errs = append(errs, f.p.errs...)
	}
	if len(resources) == 0 && read == 0 && len(errs) == 0 && child == nil {
		msg := "no aws_dynamodb_table resource here: dynexpr reads the tables Terraform declares with resource \"aws_dynamodb_table\" \"NAME\" { ... }" +
			" and with the modules terraform-aws-modules/dynamodb-table/aws and cloudposse/dynamodb/aws"
		if len(calls) > 0 {
			r := calls[0].block.DefRange
			msg += fmt.Sprintf("; module %q (%s:%d) is not followed: give its folder as the schema, %s", calls[0].block.Labels[0], r.Filename, r.Start.Line, tfMissing)
		}
		errs = append(errs, diag.Errorf(diag.Pos{File: where}, "%s", msg))
	}
	slices.SortStableFunc(errs, func(a, b *diag.Error) int {
		return cmp.Or(cmp.Compare(a.Pos.File, b.Pos.File), cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	if len(errs) > 0 {
		return nil, errs
	}
	return tables, nil
}

// parseFile parses src as HCL (or JSON, for a .json file) and adds it to
// the module; nil when it cannot be parsed.
func (m *tfModule) parseFile(src tfSource) *tfFile {
	f := &tfFile{p: &parser{src: newSource(src.file, src.data), opt: m.opt}}
	m.files = append(m.files, f)
	var file *hcl.File
	var diags hcl.Diagnostics
	if strings.HasSuffix(strings.ToLower(src.file), ".json") {
		file, diags = hcljson.Parse(src.data, src.file)
	} else {
		file, diags = hclsyntax.ParseConfig(src.data, src.file, hcl.InitialPos)
	}
	if diags.HasErrors() || file == nil {
		f.report(diags)
		return nil
	}
	f.body = file.Body
	return f
}

// declare records a variable block's default, and the variable as one
// --var may set.
func (m *tfModule) declare(f *tfFile, b *hcl.Block) {
	if m.child == nil { // a called module's variables are its call's, not --var's
		m.opt.declare(Variable{Name: b.Labels[0], Pos: f.p.src.posAt(b.DefRange.Start.Byte)})
	}
	attrs, _ := b.Body.JustAttributes() // blocks (validation) are not ours to read
	if ta := attrs["type"]; ta != nil {
		if ty, defaults, diags := typeexpr.TypeConstraintWithDefaults(ta.Expr); !diags.HasErrors() {
			if m.types == nil {
				m.types = map[string]tfVarType{}
			}
			m.types[b.Labels[0]] = tfVarType{ty, defaults}
		}
	}
	a := attrs["default"]
	if a == nil {
		return
	}
	v, diags := a.Expr.Value(nil)
	if diags.HasErrors() {
		f.report(diags)
		return
	}
	// A null default is the value null, which coalesce passes over; as a
	// name, it is a name still to be given (tfres.go).
	m.vars[b.Labels[0]] = v
}

// readTFVars reads a variable file: NAME = VALUE lines, constant values.
func (m *tfModule) readTFVars(src tfSource) {
	f := m.parseFile(src)
	if f == nil {
		return
	}
	attrs, diags := f.body.JustAttributes()
	f.report(diags)
	names := make([]string, 0, len(attrs))
	for n := range attrs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		v, diags := attrs[n].Expr.Value(nil)
		if diags.HasErrors() {
			f.report(diags)
			continue
		}
		m.vars[n] = v
	}
}

// report adds HCL's diagnostics, at their ranges, as errors.
func (f *tfFile) report(diags hcl.Diagnostics) {
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		msg := lowerFirst(strings.TrimSuffix(d.Summary, "."))
		if d.Detail != "" {
			msg += ": " + lowerFirst(strings.TrimSuffix(d.Detail, "."))
		}
		f.errorAt(rangeOf(d.Subject), "%s", msg)
	}
}

func rangeOf(r *hcl.Range) hcl.Range {
	if r == nil {
		return hcl.Range{}
	}
	return *r
}

func lowerFirst(s string) string {
	r, w := utf8.DecodeRuneInString(s)
	if w == 0 || !unicode.IsUpper(r) || strings.HasPrefix(s, "HCL") {
		return s
	}
	// "JSON", "TTL": a word in capitals stays as it is.
	if r2, _ := utf8.DecodeRuneInString(s[w:]); unicode.IsUpper(r2) {
		return s
	}
	return string(unicode.ToLower(r)) + s[w:]
}

// node is a yaml node that carries rng's start and the text s, so that the
// checks the formats share (decl.go, project.go) report at rng.
func (f *tfFile) node(rng hcl.Range, s string) *yaml.Node {
	n := f.p.src.at(rng.Start.Byte)
	if rng.Filename == "" {
		n = &yaml.Node{}
	}
	n.Kind, n.Tag, n.Value = yaml.ScalarNode, "!!str", s
	return n
}

func (f *tfFile) errorAt(rng hcl.Range, format string, args ...any) {
	f.p.errorf(f.node(rng, ""), format, args...)
}
