package cli

import (
	"github.com/dynexpr/dynexpr/project"
)

// loadProject loads the project a command works on (package project, the
// one loader the language server and completion use too): --config or the
// .dynexpr.yaml found from the working folder upward, --schema with --var
// and --var-file or the config's schemas, the rules, --aws-cli, and
// --max-input-size; for the commands that read code, --env.
func (e *env) loadProject(configFile string, s schemaFlags, awsCLI string, envTables ...string) (*project.Project, error) {
	opt := e.projectOptions(configFile, s, awsCLI)
	opt.EnvTables = envTables
	return project.Load(opt)
}

// projectOptions are the flags as the loader takes them.
func (e *env) projectOptions(configFile string, s schemaFlags, awsCLI string) project.Options {
	return project.Options{ConfigFile: configFile, Schemas: s.files, Vars: s.vars, VarFiles: s.varFiles, AWSCLI: awsCLI, MaxInput: e.limit}
}
