package schema

import (
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// A CDK cloud assembly (cdk.out, what `cdk synth` writes) is a folder whose
// manifest.json lists its artifacts; each CloudFormation stack among them
// names its template, which is read as any template is (its tables named
// by their CDK constructs, cfn.go). A CDK Stage synthesizes into a nested
// assembly: an artifact of type cdk:cloud-assembly whose directoryName
// (assembly-Prod) is a folder with a manifest of its own, read the same way,
// its stacks beside the top-level ones.
var cdkOut = dirFormat{
	name: "a CDK cloud assembly (cdk.out, with manifest.json)",
	is: func(dir string) bool {
		_, err := os.Stat(filepath.Join(dir, "manifest.json"))
		return err == nil
	},
	read: readCDKOut,
}

// The types of the artifacts dynexpr follows.
const (
	cdkStack    = "aws:cloudformation:stack"
	cdkAssembly = "cdk:cloud-assembly"
)

// cdkManifest is what dynexpr reads of a manifest.json.
type cdkManifest struct {
	Artifacts map[string]struct {
		Type        string `json:"type"`
		DisplayName string `json:"displayName"` // a stack's construct path: Prod/Api
		Properties  struct {
			TemplateFile  string `json:"templateFile"`  // a stack's
			StackName     string `json:"stackName"`     // a stack's, when it is not the artifact's ID
			DirectoryName string `json:"directoryName"` // a nested assembly's
			DisplayName   string `json:"displayName"`   // a nested assembly's: its Stage's path
		} `json:"properties"`
	} `json:"artifacts"`
}

// cdkStackInfo is what a template's tables take from the stack that holds
// them, when it is in a Stage.
type cdkStackInfo struct {
	// path is the stack's construct path (Prod/Api). In a Stage a table's
	// logical name is its construct's whole path (Prod/Api/Table): two
	// Stages of one app hold the same stacks and constructs, and the
	// construct's own name would name a table in each.
	path string
}

// cdkReader reads one cloud assembly and the assemblies nested in it.
type cdkReader struct {
	opt    Options
	seen   map[string]bool // the assemblies read, by fileIdentity: a manifest naming its own folder is read once
	stacks int
}

func readCDKOut(opt Options, dir string) ([]*Table, diag.List) {
	r := &cdkReader{opt: opt, seen: map[string]bool{}}
	tables, errs := r.assembly(dir, "")
	if r.stacks == 0 && len(errs) == 0 {
		return nil, diag.List{diag.Errorf(diag.Pos{File: filepath.Join(dir, "manifest.json")},
			"the CDK manifest lists no stack (no artifact of type %q, in it or in an assembly nested in it): run cdk synth, or name the templates with --schema", cdkStack)}
	}
	return tables, errs
}

// assembly reads the stacks of the assembly in dir, then the assemblies
// nested in it, in the order of their artifacts' IDs (a JSON object has no
// order a program may rely on). stage is the path of the Stage the
// assembly is, "" for the top-level one.
func (r *cdkReader) assembly(dir, stage string) ([]*Table, diag.List) {
	path := filepath.Join(dir, "manifest.json")
	id := fileIdentity(dir)
	if r.seen[id] {
		return nil, nil
	}
	r.seen[id] = true
	data, err := r.opt.MaxInput.Read(path)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: path}, "cannot read the CDK manifest: %v", err)}
	}
	var m cdkManifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: path}, "cannot read the CDK manifest: %v", err)}
	}
	var stacks, nested []string
	for id, a := range m.Artifacts {
		switch a.Type {
		case cdkStack:
			stacks = append(stacks, id)
		case cdkAssembly:
			nested = append(nested, id)
		}
	}
	slices.Sort(stacks)
	slices.Sort(nested)
	var tables []*Table
	var errs diag.List
	for _, id := range stacks {
		r.stacks++
		a := m.Artifacts[id]
		file := a.Properties.TemplateFile
		if file == "" {
			errs = append(errs, diag.Errorf(diag.Pos{File: path}, "stack %q of the CDK manifest has no properties.templateFile: run cdk synth again", id))
			continue
		}
		tpath := filepath.Join(dir, file)
		tdata, err := r.opt.MaxInput.Read(tpath)
		if err != nil {
			errs = append(errs, diag.Errorf(diag.Pos{File: path}, "cannot read the template of stack %q: %v", id, err))
			continue
		}
		opt := r.opt
		if stage != "" {
			opt.cdkStack = &cdkStackInfo{path: cmp.Or(a.DisplayName, stage+"/"+id)}
		}
		// parse, not ParseWith: the variables the template declares join
		// this load's (opt.log).
		s, _, err := parse(opt, tpath, tdata)
		if err != nil {
			errs = append(errs, flatten(err)...)
			continue
		}
		stackName := cmp.Or(a.Properties.StackName, id)
		for _, t := range s.Tables {
			if t.Unresolved != "" {
				// The name stands for one CloudFormation makes up, which
				// starts with the stack's name: without it two stacks
				// (two Stages) would hold tables of the same name.
				t.Name = stackName + "-" + t.Name
			}
		}
		tables = append(tables, s.Tables...)
	}
	for _, id := range nested {
		a := m.Artifacts[id]
		sub := a.Properties.DirectoryName
		if sub == "" {
			errs = append(errs, diag.Errorf(diag.Pos{File: path}, "nested assembly %q of the CDK manifest has no properties.directoryName: run cdk synth again", id))
			continue
		}
		more, moreErrs := r.assembly(filepath.Join(dir, sub), cmp.Or(a.Properties.DisplayName, strings.TrimPrefix(id, "assembly-")))
		tables = append(tables, more...)
		errs = append(errs, moreErrs...)
	}
	return tables, errs
}
