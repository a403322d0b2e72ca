package cli

import (
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
	files []string
	vars  []string
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
}

// load reads the --schema files, or else the config's, with the --var
// values; nil when there are none.
func (f *schemaFlags) load(conf *config.Config, limit textfile.Limit) (*schema.Schema, error) {
	opt, err := f.options(limit)
	if err != nil {
		return nil, err
	}
	return loadSchema(f.files, conf, opt)
}

// options reads the --var values, and reads each schema file within limit. A name given twice is refused, as -p
// refuses a parameter given twice: which one was meant cannot be told.
func (f *schemaFlags) options(limit textfile.Limit) (schema.Options, error) {
	opt := schema.Options{MaxInput: limit}
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
