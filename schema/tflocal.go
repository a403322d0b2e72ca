package schema

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// A module call whose source is a local path (./modules/table) is read as
// Terraform reads it: the module's folder, its variables given by the
// call's arguments, evaluated where the call stands, over their defaults;
// no tfvars file nor --var reaches a called module. A call's count and
// for_each make instances as a resource's do. A registry or remote module
// that dynexpr does not know stays a note (tfmodule.go).

// maxModuleDepth bounds modules calling modules.
const maxModuleDepth = 10

// tfChild is what a module call gives the module it calls.
type tfChild struct {
	args map[string]cty.Value
	// unknown are the arguments whose value cannot be known where the
	// call stands, with why: a value that reads one is not known either.
	unknown map[string]string
	// address is the call's address, module.NAME (module.a.module.b for a
	// call in a called module).
	address string
	// dirs are the folders of the modules on the way here, against a
	// module that calls itself.
	dirs []string
	// expanded is the caller's count of what expansions made.
	expanded *int
}

// tfMeta are the arguments of a module call that are Terraform's own, not
// the module's variables.
var tfMeta = []string{"source", "version", "count", "for_each", "providers", "depends_on"}

// isLocalSource reports whether a module source is a local path, as
// Terraform tells one: it starts with ./ or ../.
func isLocalSource(src string) bool {
	return strings.HasPrefix(src, "./") || strings.HasPrefix(src, "../")
}

// localModule reads the tables of the module the call b makes from its
// folder src (relative to the calling file's). ok is false when the
// folder is not there: the call is then left to the notes of module calls
// dynexpr does not read.
func (f *tfFile) localModule(m *tfModule, b *hcl.Block, src string) (tables []*Table, errs diag.List, ok bool) {
	dir := filepath.Join(filepath.Dir(f.p.src.file), filepath.FromSlash(src))
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() || !hasTerraformFiles(dir) {
		return nil, nil, false
	}
	what := fmt.Sprintf("module %q", b.Labels[0])
	address := "module." + b.Labels[0]
	var dirs []string
	if m.child != nil {
		address = m.child.address + "." + address
		dirs = m.child.dirs
	}
	abs, _ := filepath.Abs(dir)
	if slices.Contains(dirs, abs) || len(dirs) >= maxModuleDepth {
		f.errorAt(b.DefRange, "%s calls %s, which is already being read (a module that calls itself), or modules nest more than %d deep", what, src, maxModuleDepth)
		return nil, nil, true
	}
	attrs, diags := b.Body.JustAttributes()
	f.report(diags)
	if diags.HasErrors() {
		return nil, nil, true
	}
	f.leftOut = ""
	insts, instOK := f.instances(m, attrs, what)
	if !instOK {
		if f.leftOut != "" {
			m.opt.note(f.p.src.pos(f.node(f.leftOutAt, "")), fmt.Sprintf("%s (source %q) is left out: %s; the module's other tables are read; %s", what, src, f.leftOut, tfResolvedExactly))
			f.leftOut = ""
		}
		return nil, nil, true
	}
	config, more := readTFFolder(m.opt, dir)
	errs = append(errs, more...)
	for _, inst := range insts {
		m.inst = inst
		child := &tfChild{args: map[string]cty.Value{}, unknown: map[string]string{}, address: address, dirs: append(slices.Clone(dirs), abs)}
		if key, ok := inst["each"]; ok {
			child.address += fmt.Sprintf("[%s]", tfKeyText(key.GetAttr("key")))
		} else if c, ok := inst["count"]; ok {
			child.address += fmt.Sprintf("[%s]", tfKeyText(c.GetAttr("index")))
		}
		for name, a := range attrs {
			if slices.Contains(tfMeta, name) {
				continue
			}
			v, p := m.value(f, a.Expr)
			switch {
			case p != nil && p.kind == tfBroken:
				m.report(p, fmt.Sprintf("the argument %s of %s", name, what))
			case p != nil:
				child.unknown[name] = fmt.Sprintf("%s's argument %s, where %s", child.address, name, p.text())
			default:
				child.args[name] = v
			}
		}
		if m.expanded == nil {
			m.expanded = new(int)
		}
		child.expanded = m.expanded
		got, more := readTerraform(m.opt, dir, config, nil, child)
		errs = append(errs, more...)
		for _, t := range got {
			if t.Address == "" || !strings.HasPrefix(t.Address, "module.") {
				t.Address = child.address + "." + strings.TrimPrefix(cmpOr(t.Address, "aws_dynamodb_table."+cmpOr(t.Logical, t.Name)), child.address+".")
			}
		}
		if len(got) == 1 && got[0].Unresolved == "" && got[0].Name != b.Labels[0] && len(insts) == 1 {
			got[0].Logical = b.Labels[0] // the call's name: what the caller calls its one table
		}
		tables = append(tables, got...)
	}
	m.inst = nil
	return tables, errs, true
}

// tfResolvedExactly is what a note of what dynexpr left out ends with.
const tfResolvedExactly = "read what Terraform resolved, exactly: terraform show -json > show.json, then --schema show.json"

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// tfKeyText writes an instance key as Terraform's addresses do: "key" or 0.
func tfKeyText(k cty.Value) string {
	if k.Type() == cty.String {
		return fmt.Sprintf("%q", k.AsString())
	}
	return k.AsBigFloat().Text('f', -1)
}

// readTFFolder reads the configuration files of a module folder (not its
// variable files, which Terraform reads only for the root module).
func readTFFolder(opt Options, dir string) ([]tfSource, diag.List) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: dir}, "cannot read the folder: %v", err)}
	}
	var config []tfSource
	var errs diag.List
	for _, e := range entries {
		if e.IsDir() || !isTerraformFile(e.Name()) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := opt.MaxInput.Read(path)
		if err != nil {
			errs = append(errs, &diag.Error{Pos: diag.Pos{File: path}, Msg: "cannot read the schema file: " + err.Error()})
			continue
		}
		config = append(config, tfSource{path, data})
	}
	return config, errs
}
