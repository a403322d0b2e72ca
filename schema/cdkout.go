package schema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"

	"github.com/dynexpr/dynexpr/diag"
)

// A CDK cloud assembly (cdk.out, what `cdk synth` writes) is a folder whose
// manifest.json lists its artifacts; each CloudFormation stack among them
// names its template, which is read as any template is (its tables named
// by their CDK constructs, cfn.go).
var cdkOut = dirFormat{
	name: "a CDK cloud assembly (cdk.out, with manifest.json)",
	is: func(dir string) bool {
		_, err := os.Stat(filepath.Join(dir, "manifest.json"))
		return err == nil
	},
	read: readCDKOut,
}

const cdkStack = "aws:cloudformation:stack"

func readCDKOut(opt Options, dir string) ([]*Table, diag.List) {
	path := filepath.Join(dir, "manifest.json")
	data, err := opt.MaxInput.Read(path)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: path}, "cannot read the CDK manifest: %v", err)}
	}
	var m struct {
		Artifacts map[string]struct {
			Type       string `json:"type"`
			Properties struct {
				TemplateFile string `json:"templateFile"`
			} `json:"properties"`
		} `json:"artifacts"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: path}, "cannot read the CDK manifest: %v", err)}
	}
	names := make([]string, 0, len(m.Artifacts))
	for name, a := range m.Artifacts {
		if a.Type == cdkStack {
			names = append(names, name)
		}
	}
	slices.Sort(names) // a JSON object has no order a program may rely on
	if len(names) == 0 {
		return nil, diag.List{diag.Errorf(diag.Pos{File: path}, "the CDK manifest lists no stack (no artifact of type %q): run cdk synth, or name the templates with --schema", cdkStack)}
	}
	var tables []*Table
	var errs diag.List
	for _, name := range names {
		file := m.Artifacts[name].Properties.TemplateFile
		if file == "" {
			errs = append(errs, diag.Errorf(diag.Pos{File: path}, "stack %q of the CDK manifest has no properties.templateFile: run cdk synth again", name))
			continue
		}
		tpath := filepath.Join(dir, file)
		tdata, err := opt.MaxInput.Read(tpath)
		if err != nil {
			errs = append(errs, diag.Errorf(diag.Pos{File: path}, "cannot read the template of stack %q: %v", name, err))
			continue
		}
		s, err := ParseWith(opt, tpath, tdata)
		if err != nil {
			errs = append(errs, flatten(err)...)
			continue
		}
		tables = append(tables, s.Tables...)
	}
	return tables, errs
}
