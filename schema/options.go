package schema

import "github.com/dynexpr/dynexpr/internal/textfile"

// Options are what a schema source may need beyond its own text: the
// values of the variables a template or module leaves open.
type Options struct {
	// Vars are the NAME=VALUE pairs of --var: Terraform variables,
	// CloudFormation parameters, Serverless ${opt:NAME} and ${sls:stage}.
	// A source reads the names it knows and ignores the others.
	Vars map[string]string

	// MaxInput caps each file read; 0 is textfile's default.
	MaxInput textfile.Limit

	// log collects the variables the sources declare (variables.go); set
	// by LoadWith and ParseWith, nil otherwise.
	log *varLog
}
