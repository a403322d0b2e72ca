// Package project loads what every command works on besides its inputs: the
// .dynexpr.yaml found from a folder upward (or the one named), the tables'
// schema read from --schema or the config's schemas with the values of
// their variables (--var, --var-file, the environment), the rules'
// severities, the AWS CLI the request JSON is for, and the cap on every
// input read. The command line, the language server (one project a
// workspace folder) and shell completion all load it here, so that the
// editor, completion and `dynexpr lint` never read a project two ways.
package project

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/internal/textfile"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

// Options say where the project comes from: the command line's flags, or
// the language server's workspace folder.
type Options struct {
	// Dir is where the search for .dynexpr.yaml starts: "" is the working
	// folder. ConfigFile (--config), when set, is read instead.
	Dir, ConfigFile string
	// Schemas (--schema) are read instead of the config's schemas.
	Schemas []string
	// Vars are --var NAME=VALUE; VarFiles --var-file.
	Vars, VarFiles []string
	// AWSCLI is --aws-cli: "v1" or "v2", "" for the config's (v2 without).
	AWSCLI string
	// EnvTables are --env NAME=TABLE: the table an environment variable
	// the code reads its table's name from holds.
	EnvTables []string
	// MaxInput caps each file read: the config, every schema file, and
	// the inputs the project's linter reads.
	MaxInput textfile.Limit
	// Env looks up a Serverless ${env:NAME}; nil is the process's
	// environment, as the framework reads it when it deploys from the
	// same shell.
	Env func(string) (string, bool)
	// RegularOnly reads no schema source that is neither a regular file
	// nor a folder: shell completion must not wait on a named pipe's
	// writer. The command line reads what it is given (--schema <(...)).
	RegularOnly bool
}

// Project is what was loaded.
type Project struct {
	// Config is the .dynexpr.yaml read, nil when there is none.
	Config *config.Config
	// Schema is the tables read, nil when no schema was named.
	Schema *schema.Schema
	// Variables are the variables the schema sources declare, whether
	// their tables loaded or not (a Terraform variable without a default
	// is declared though its table waits for --var): completion offers
	// them.
	Variables []schema.Variable
	// Rules are the rules' severities (the config's rules:).
	Rules *validate.Config
	// AWSCLI is the AWS CLI request JSON is written for.
	AWSCLI builder.AWSCLI
	// MaxInput caps each input read.
	MaxInput textfile.Limit
	// EnvTables are the tables environment variables hold by hand: the
	// config's env:, then --env (env.go).
	EnvTables map[string]string
	// SchemaFiles are the schema sources named (files and folders), and
	// VarFiles the --var-file files, as given.
	SchemaFiles, VarFiles []string
	// ConfigCandidate is the config file read, or, when none was found,
	// where one would be found first (.dynexpr.yaml in the search's
	// folder): creating it changes the project.
	ConfigCandidate string
}

// Load loads the project opt describes. A flag that is malformed (--aws-cli
// v3, --var without =) is an error before anything is read. Then what does
// not load is an error at its place in the config or the schema, and the
// rest is still loaded: a config that does not read leaves default rules
// and no schema; a rule that is not known, the rules that are; a schema
// that does not load, none. The command line stops at the error; the
// language server lints with what did load and shows the error where it
// is. The Project is never nil.
func Load(opt Options) (*Project, error) {
	p := &Project{Rules: &validate.Config{Severities: map[string]validate.Severity{}}, AWSCLI: builder.CLIv2,
		MaxInput: opt.MaxInput, SchemaFiles: opt.Schemas, VarFiles: opt.VarFiles}
	cli, cliGiven, err := parseAWSCLI(opt.AWSCLI)
	if err != nil {
		return p, err
	}
	sopt, err := SchemaOptions(opt.Vars, opt.VarFiles, opt.MaxInput, opt.Env)
	if err != nil {
		return p, err
	}
	var errs diag.List
	add := func(err error) {
		if err != nil {
			errs = diag.Append(errs, err)
		}
	}
	conf, err := findConfig(opt)
	if err != nil {
		return p, err
	}
	p.Config = conf
	p.ConfigCandidate = filepath.Join(opt.Dir, config.FileName)
	if conf != nil {
		p.ConfigCandidate = conf.File
		p.AWSCLI = conf.AWSCLI
	} else if abs, err := filepath.Abs(p.ConfigCandidate); err == nil {
		p.ConfigCandidate = abs
	}
	if cliGiven {
		p.AWSCLI = cli
	}
	if p.EnvTables, err = envTables(opt.EnvTables, conf); err != nil {
		return p, err
	}
	rules, err := ruleConfig(conf)
	p.Rules = rules
	add(err)
	if len(opt.Schemas) == 0 && conf != nil {
		p.SchemaFiles = conf.Schemas
	}
	if opt.RegularOnly && !regularSources(p.SchemaFiles) {
		return p, errs.Err()
	}
	if sch, err := loadSchema(opt.Schemas, conf, sopt); err != nil {
		add(err)
		if len(p.SchemaFiles) > 0 {
			p.Variables = schema.DeclaredVariables(sopt, p.SchemaFiles...)
		}
	} else {
		p.Schema = sch
		if sch != nil {
			p.Variables = sch.Variables
		}
		add(CheckVars(opt.Vars, sch))
	}
	return p, errs.Err()
}

// Linter is a linter of the project's files.
func (p *Project) Linter() *lint.Linter {
	return &lint.Linter{Schema: p.Schema, Rules: p.Rules, AWSCLI: p.AWSCLI, MaxInput: p.MaxInput, Env: p.EnvTables}
}

// Sources are the files and folders whose change changes the project: the
// config (or where it would be created), each schema source, each
// --var-file. The language server watches them.
func (p *Project) Sources() []string {
	out := []string{p.ConfigCandidate}
	for _, f := range append(slices.Clone(p.SchemaFiles), p.VarFiles...) {
		if abs, err := filepath.Abs(f); err == nil {
			f = abs
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// regularSources reports whether each file is a regular file or a folder.
func regularSources(files []string) bool {
	for _, f := range files {
		if st, err := os.Stat(f); err != nil || !st.Mode().IsRegular() && !st.IsDir() {
			return false
		}
	}
	return true
}

// findConfig reads the --config file, or else the .dynexpr.yaml found from
// the search's folder upward; nil when there is none.
func findConfig(opt Options) (*config.Config, error) {
	if opt.ConfigFile != "" {
		return config.Load(opt.ConfigFile, opt.MaxInput)
	}
	dir := opt.Dir
	if dir == "" {
		dir = "."
	}
	return config.Find(dir, opt.MaxInput)
}

// loadSchema reads the --schema files, or else the config's schemas; nil
// when there are none. A schema that names no file is an error with a
// did-you-mean, at its place in the config when the config names it.
func loadSchema(files []string, conf *config.Config, opt schema.Options) (*schema.Schema, error) {
	if len(files) == 0 && conf != nil {
		if err := conf.MissingSchemas(); err != nil {
			return nil, err
		}
		files = conf.Schemas
	}
	if len(files) == 0 {
		return nil, nil
	}
	var errs diag.List
	for _, f := range files {
		if _, err := os.Stat(f); errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, diag.Errorf(diag.Pos{File: f}, "cannot read the schema file: %s", config.NoSuchPath(f, err)))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return schema.LoadWith(opt, files...)
}

// parseAWSCLI reads --aws-cli; given is false for "".
func parseAWSCLI(flag string) (cli builder.AWSCLI, given bool, err error) {
	if flag == "" {
		return builder.CLIv2, false, nil
	}
	if c, err := builder.ParseAWSCLI(flag); err == nil {
		return c, true, nil
	}
	return builder.CLIv2, false, fmt.Errorf("--aws-cli %q: choose v1 or v2", flag)
}

// ruleConfig turns the config's rule severities into the linter's, naming
// the place of an unknown rule or severity; the rules that are right are
// set even so.
func ruleConfig(c *config.Config) (*validate.Config, error) {
	vc := &validate.Config{Severities: map[string]validate.Severity{}}
	if c == nil {
		return vc, nil
	}
	names := make([]string, 0, len(c.Rules))
	for n := range c.Rules {
		names = append(names, n)
	}
	sort.Strings(names)
	var errs diag.List
	for _, n := range names {
		pos := c.RulePos[n]
		if _, err := validate.RuleNamed(n); err != nil {
			errs = append(errs, diag.Errorf(pos, "%v ('dynexpr rules' lists them)", err))
			continue
		}
		sev, err := validate.ParseSeverity(c.Rules[n])
		if err != nil {
			errs = append(errs, diag.Errorf(pos, "rule %s: %v", n, err))
			continue
		}
		if r, _ := validate.RuleNamed(n); r.Unsilenceable != "" && sev != r.Severity {
			errs = append(errs, diag.Errorf(pos, "rule %s cannot be set to %s: %s", n, c.Rules[n], r.WhyNotSilenced()))
			continue
		}
		vc.Severities[n] = sev
	}
	return vc, errs.Err()
}

// SchemaOptions are the schema.Options of --var and --var-file: each
// schema file is read within limit, and env (nil: the process's) is what a
// Serverless ${env:NAME} reads. A name given twice is refused, as -p
// refuses a parameter given twice: which one was meant cannot be told.
func SchemaOptions(vars, varFiles []string, limit textfile.Limit, env func(string) (string, bool)) (schema.Options, error) {
	if env == nil {
		env = os.LookupEnv
	}
	opt := schema.Options{Env: env, VarFiles: varFiles, MaxInput: limit}
	for _, v := range vars {
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

// CheckVars refuses each --var that no source of the schemas declares, and
// each that gives a value the source does not allow: a misspelt name
// (stgae=dev) would otherwise leave the variable at its default, and the
// requests would go to that table. The schemas are those the values were
// given to (schema diff's two sides); none when nothing was read.
func CheckVars(vars []string, schemas ...*schema.Schema) error {
	if len(vars) == 0 {
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
	for _, arg := range vars {
		name, value, _ := strings.Cut(arg, "=") // SchemaOptions has checked the form
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

// quotedValues are values, each quoted, for a message.
func quotedValues(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}
