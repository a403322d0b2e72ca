package cli

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/internal/textfile"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/spf13/pflag"
)

// schemaFlags are the flags that say where the tables' schema comes from:
// --schema, and --var for what a source leaves open.
type schemaFlags struct {
	files    []string
	vars     []string
	varFiles []string
}

// register adds --schema, with the command's own help, and --var.
func (f *schemaFlags) register(fl *pflag.FlagSet, schemaHelp string) {
	fl.StringArrayVar(&f.files, "schema", nil, schemaHelp)
	f.registerVars(fl)
}

// registerVars adds --var alone, for the schema command, whose files are its
// arguments.
func (f *schemaFlags) registerVars(fl *pflag.FlagSet) {
	fl.StringArrayVar(&f.vars, "var", nil, "give a schema source's variable a value: `NAME=VALUE` (a Terraform variable, a CloudFormation parameter, a Serverless option); repeatable")
	fl.StringArrayVar(&f.varFiles, "var-file", nil, "read Terraform variable values from `FILE` (.tfvars or .tfvars.json), after terraform.tfvars and *.auto.tfvars and before --var; repeatable")
}

// load reads the --schema files, or else the config's, with the --var
// values; nil when there are none.
func (f *schemaFlags) load(conf *config.Config, limit textfile.Limit) (*schema.Schema, error) {
	opt, err := f.options(limit)
	if err != nil {
		return nil, err
	}
	sch, err := loadSchema(f.files, conf, opt)
	if err != nil {
		return nil, err
	}
	if err := f.checkVars(sch); err != nil {
		return nil, err
	}
	return sch, nil
}

// checkVars refuses each --var that no source of the schemas declares, and
// each that gives a value the source does not allow: a misspelt name
// (stgae=dev) would otherwise leave the variable at its default, and the
// requests would go to that table. The schemas are those the values were
// given to (schema diff's two sides); none when nothing was read.
func (f *schemaFlags) checkVars(schemas ...*schema.Schema) error {
	if len(f.vars) == 0 {
		return nil
	}
	declared := map[string]schema.Variable{}
	var names []string
	read := false
	for _, sch := range schemas {
		if sch == nil {
			continue
		}
		read = true
		for _, v := range sch.Variables {
			if _, dup := declared[v.Name]; !dup {
				declared[v.Name] = v
				names = append(names, v.Name)
			}
		}
	}
	slices.Sort(names)
	var errs diag.List
	for _, arg := range f.vars {
		name, value, _ := strings.Cut(arg, "=") // options has checked the form
		where := diag.Pos{File: "--var " + arg}
		v, ok := declared[name]
		switch {
		case !read:
			errs = append(errs, diag.Errorf(where, "no schema is read, so no variable takes a value: give the schema with --schema, or remove --var"))
		case !ok && len(names) == 0:
			errs = append(errs, diag.Errorf(where, "no schema source declares variable %q: the schemas read have no variables (Terraform variables, CloudFormation parameters, Serverless options); remove --var", name))
		case !ok:
			hint := ""
			if s := schema.Suggest(name, names); s != "" {
				hint = fmt.Sprintf("; did you mean %q", s)
				if a := declared[s].Allowed; a != nil {
					hint += " (one of " + quotedValues(a) + ")"
				}
				hint += "?"
			}
			errs = append(errs, diag.Errorf(where, "no schema source declares variable %q (they declare %s)%s", name, quotedValues(names), hint))
		case v.Allowed != nil && !slices.Contains(v.Allowed, value):
			errs = append(errs, diag.Errorf(where, "%s does not allow %q (its AllowedValues, at %s): give one of %s", name, value, v.Pos, quotedValues(v.Allowed)))
		}
	}
	return errs.Err()
}

// options reads the --var values; each schema file is read within limit.
// A name given twice is refused, as -p refuses a parameter given twice:
// which one was meant cannot be told.
func (f *schemaFlags) options(limit textfile.Limit) (schema.Options, error) {
	// A serverless.yml's ${env:NAME} reads the environment, as the
	// framework does when it deploys from the same shell.
	opt := schema.Options{Env: os.LookupEnv, VarFiles: f.varFiles, MaxInput: limit}
	for _, v := range f.vars {
		name, value, ok := strings.Cut(v, "=")
		where := diag.Pos{File: "--var " + v}
		if !ok || name == "" {
			return opt, diag.Errorf(where, "a variable is given as --var NAME=VALUE")
		}
		if prev, dup := opt.Vars[name]; dup {
			return opt, diag.Errorf(where, "variable %s is given twice (--var %s=%s, then --var %s): give it once", name, name, prev, v)
		}
		if opt.Vars == nil {
			opt.Vars = map[string]string{}
		}
		opt.Vars[name] = value
	}
	return opt, nil
}

// quotedValues are values, each quoted, for a message.
func quotedValues(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}
