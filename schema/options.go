package schema

import "github.com/dynexpr/dynexpr/internal/textfile"

// Options are what a schema source may need beyond its own text: the
// values of the variables a template or module leaves open.
type Options struct {
	// Vars are the NAME=VALUE pairs of --var: Terraform variables,
	// CloudFormation parameters, Serverless ${opt:NAME} and ${sls:stage}.
	// A source reads the names it knows and ignores the others.
	Vars map[string]string
	// VarFiles are the files of --var-file, Terraform variable files read
	// after the ones Terraform loads by itself and before Vars, in order.
	VarFiles []string

	// Env looks a name up in the environment a Serverless ${env:NAME}
	// reads, as the framework reads the process's; nil is an empty
	// environment. The command line gives os.LookupEnv.
	Env func(name string) (string, bool)

	// MaxInput caps each file read; 0 is textfile's default.
	MaxInput textfile.Limit

	// log collects the variables the sources declare (variables.go); set
	// by LoadWith and ParseWith, nil otherwise.
	log *varLog
	// cdkStack is the CDK stack in a Stage whose template is being read
	// (cdkout.go); nil for any other template.
	cdkStack *cdkStackInfo
	// notes collects the notes of the sources (notes.go), as log.
	notes *noteLog
}
