package cli

import (
	"github.com/dynexpr/dynexpr/internal/textfile"
	"github.com/dynexpr/dynexpr/project"
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

// options reads the --var and --var-file values; each schema file is read
// within limit.
func (f *schemaFlags) options(limit textfile.Limit) (schema.Options, error) {
	return project.SchemaOptions(f.vars, f.varFiles, limit, nil)
}

// checkVars refuses each --var that no source of the schemas declares, or
// whose value the source does not allow (project.CheckVars).
func (f *schemaFlags) checkVars(schemas ...*schema.Schema) error {
	return project.CheckVars(f.vars, schemas...)
}
