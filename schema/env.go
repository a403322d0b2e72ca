package schema

import (
	"path/filepath"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"gopkg.in/yaml.v3"
)

// In a serverless repository the code seldom writes its table's name: it
// reads it from an environment variable (process.env.BOOKINGS_TABLE,
// os.environ["TABLE_NAME"]) that the template gives the function
// (Environment.Variables: {BOOKINGS_TABLE: !Ref BookingsTable}). The
// readers record each such variable of each function (EnvVar), with the
// files its handler is in, and EnvTable is the one reading of a variable
// as a table, for lint and report alike.

// EnvVar is an environment variable a function of the source is given.
type EnvVar struct {
	// Name is the variable's name.
	Name string
	// Table is what the variable holds, as a name Lookup reads: a table's
	// logical ID (!Ref Table, !GetAtt Table.Arn) or its name as written.
	// "" when the source computes it from what cannot be known.
	Table string
	// Function is the logical ID of the function given it; "" for a
	// variable every function is given (SAM's Globals).
	Function string
	// Handlers are the paths, without extension, that the function's
	// handler file may have (CodeUri + the module of Handler); nil when
	// the source does not tell.
	Handlers []string
	// Pos is where the variable is set.
	Pos diag.Pos
}

// EnvLookup is what an environment variable read by a code file holds.
type EnvLookup struct {
	// Table is the one table it holds; nil when none, or several.
	Table *Table
	// Var is the setting that says so.
	Var *EnvVar
	// Candidates are the settings naming different tables when the code
	// file does not tell which one its function is given.
	Candidates []*EnvVar
}

// EnvTable is the table that variable, read by the code file file, holds:
// the one table every function given the variable has in it, else the one
// of the function whose handler is file, else (for a file that is no
// function's handler) the one every function is given (Globals). Several
// left are Candidates: never a guess.
func (s *Schema) EnvTable(variable, file string) EnvLookup {
	var all []*EnvVar
	for i := range s.Env {
		e := &s.Env[i]
		if e.Name == variable && e.Table != "" && s.Lookup(e.Table).Table != nil {
			all = append(all, e)
		}
	}
	if l, ok := s.oneTable(all); ok {
		return l
	}
	var byFile, global []*EnvVar
	for _, e := range all {
		if e.Function == "" {
			global = append(global, e)
		}
		if file != "" && e.handles(file) {
			byFile = append(byFile, e)
		}
	}
	if l, ok := s.oneTable(byFile); ok {
		return l
	}
	if len(byFile) == 0 {
		if l, ok := s.oneTable(global); ok {
			return l
		}
	}
	if len(byFile) > 1 {
		all = byFile
	}
	return EnvLookup{Candidates: all}
}

// oneTable is the lookup of settings that all name one table; ok is false
// for none, or for several tables.
func (s *Schema) oneTable(es []*EnvVar) (EnvLookup, bool) {
	if len(es) == 0 {
		return EnvLookup{}, false
	}
	t := s.Lookup(es[0].Table).Table
	for _, e := range es[1:] {
		if s.Lookup(e.Table).Table != t {
			return EnvLookup{}, false
		}
	}
	return EnvLookup{Table: t, Var: es[0]}, true
}

// handles reports whether file is the handler's file of e's function.
func (e *EnvVar) handles(file string) bool {
	stem := absPath(strings.TrimSuffix(file, filepath.Ext(file)))
	for _, h := range e.Handlers {
		if absPath(h) == stem {
			return true
		}
	}
	return false
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

// handlerFiles are the paths without extension a Lambda handler's file
// may have: dir/codeURI/module, the module of "src/app.handler" being
// src/app; in Python a dotted module is a package path too
// (handlers.orders.get -> handlers/orders).
func handlerFiles(dir, codeURI, handler string) []string {
	i := strings.LastIndexByte(handler, '.')
	if i <= 0 {
		return nil
	}
	module := handler[:i]
	switch filepath.Ext(codeURI) {
	case ".js", ".mjs", ".cjs", ".ts", ".py":
		// CodeUri may name the handler's file itself (CodeUri:
		// src/function.js, Handler: function.handler).
		return []string{filepath.Join(dir, strings.TrimSuffix(codeURI, filepath.Ext(codeURI)))}
	}
	out := []string{filepath.Join(dir, codeURI, module)}
	if strings.Contains(module, ".") {
		out = append(out, filepath.Join(dir, codeURI, strings.ReplaceAll(module, ".", "/")))
	}
	return out
}

// The CloudFormation resource types that are functions with an
// environment.
const (
	cfnFunction    = "AWS::Lambda::Function"
	cfnSAMFunction = "AWS::Serverless::Function"
)

// cfnEnvVars reads the environment variables of a template's functions
// and of SAM's Globals.Function. A value the template computes from what
// cannot be known is kept with no Table: the variable is set, to nothing
// dynexpr can name.
func (p *parser) cfnEnvVars(top *fields, resources *fields, env *cfnEnv) {
	dir := filepath.Dir(p.src.file)
	_, globals := top.get("Globals")
	gf := field(globals, "Function")
	globalCode := textOf(field(gf, "CodeUri"))
	p.envVariables(field(field(gf, "Environment"), "Variables"), "", nil, env)
	for i, k := range resources.keys {
		typ := resourceType(resources.vals[i])
		if typ != cfnFunction && typ != cfnSAMFunction {
			continue
		}
		props := field(resources.vals[i], "Properties")
		var handlers []string
		if h := textOf(field(props, "Handler")); h != "" {
			code := textOf(field(props, "CodeUri"))
			if code == "" {
				code = globalCode
			}
			if typ == cfnSAMFunction {
				handlers = handlerFiles(dir, code, h)
			}
		}
		p.envVariables(field(field(props, "Environment"), "Variables"), k.Value, handlers, env)
	}
}

// envVariables records the variables of one Environment.Variables.
func (p *parser) envVariables(vars *yaml.Node, function string, handlers []string, env *cfnEnv) {
	if vars == nil || vars.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(vars.Content); i += 2 {
		k := resolve(vars.Content[i])
		if k.Kind != yaml.ScalarNode {
			continue
		}
		p.env = append(p.env, EnvVar{Name: k.Value, Table: env.tableOf(vars.Content[i+1]),
			Function: function, Handlers: handlers, Pos: p.src.pos(k)})
	}
}

// tableOf is the table a variable's value names, as Lookup reads it: !Ref
// and !GetAtt of a resource give its logical ID (a table's Ref is its
// name, its Arn its ARN: either is a TableName), anything else what it
// evaluates to; "" when that cannot be known.
func (env *cfnEnv) tableOf(v *yaml.Node) string {
	v = resolve(v)
	f := intrinsic(v)
	arg := v
	if v != nil && v.Kind == yaml.MappingNode && f != "" {
		arg = resolve(v.Content[1])
	}
	switch f {
	case "!Ref", "Ref":
		if arg.Kind == yaml.ScalarNode {
			if _, isParam := env.params[arg.Value]; !isParam && !strings.HasPrefix(arg.Value, "AWS::") {
				return arg.Value
			}
		}
	case "!GetAtt", "Fn::GetAtt":
		switch {
		case arg.Kind == yaml.ScalarNode:
			if res, att, ok := strings.Cut(arg.Value, "."); ok && att == "Arn" {
				return res
			}
		case arg.Kind == yaml.SequenceNode && len(arg.Content) == 2:
			if att := resolve(arg.Content[1]); att.Kind == yaml.ScalarNode && att.Value == "Arn" {
				return textOf(arg.Content[0])
			}
		}
		return ""
	case "!Sub", "Fn::Sub":
		// "${BookingsTable}" alone is the resource's Ref.
		if arg.Kind == yaml.ScalarNode && strings.HasPrefix(arg.Value, "${") && strings.HasSuffix(arg.Value, "}") &&
			strings.Count(arg.Value, "${") == 1 {
			name := arg.Value[2 : len(arg.Value)-1]
			if _, isParam := env.params[name]; !isParam && !strings.ContainsAny(name, ".:!") {
				return name
			}
		}
	}
	s, why := env.eval(v)
	if why != "" {
		return ""
	}
	return s
}

// textOf is the plain text of n, or "".
func textOf(n *yaml.Node) string {
	n = resolve(n)
	if n == nil || n.Kind != yaml.ScalarNode || intrinsic(n) != "" || isNull(n) {
		return ""
	}
	return n.Value
}

// slsEnvVars reads the environment variables of a serverless.yml: the
// provider's, which every function is given, and each function's, whose
// handler (src/orders.list) names its file from the service's folder.
// The framework's variables in them are replaced first.
func (p *parser) slsEnvVars(top *fields, sv *slsVars) {
	dir := filepath.Dir(p.src.file)
	env := p.newCFNEnv(top)
	env.unknown = p.unknown
	_, provider := top.get("provider")
	if vars := field(provider, "environment"); vars != nil {
		sv.substitute(vars, 0)
		env.unknown = p.unknown
		p.envVariables(vars, "", nil, env)
	}
	_, functions := top.get("functions")
	functions = resolve(functions)
	if functions == nil || functions.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(functions.Content); i += 2 {
		k, fn := resolve(functions.Content[i]), functions.Content[i+1]
		vars := field(fn, "environment")
		if k.Kind != yaml.ScalarNode || vars == nil {
			continue
		}
		sv.substitute(vars, 0)
		env.unknown = p.unknown
		var handlers []string
		if h := field(fn, "handler"); h != nil {
			sv.substitute(h, 0)
			handlers = handlerFiles(dir, "", textOf(h))
		}
		p.envVariables(vars, k.Value, handlers, env)
	}
}
