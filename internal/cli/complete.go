package cli

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/project"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/cobra"
)

// Shell completion: what `dynexpr completion bash|zsh|fish|powershell`
// scripts ask of `dynexpr __complete ARGS...`. A completion function runs
// with the flags of the partial command line parsed, reads what they name
// and offers what fits; it never fails: what it cannot read (a file that
// does not parse, a schema that does not load) offers nothing, and nothing
// but the completions reaches standard output.

// The words of the flags that take one of a few; the commands check the
// flags against the same lists.
var (
	buildOutputs   = []string{"json", "shell", "jsonl", "partiql"}
	failOnLevels   = []string{"error", "warning", "info"}
	colorModes     = []string{"auto", "always", "never"}
	awsCLIVersions = []string{"v1", "v2"}
	diffFormats    = []string{"text", "json"}
)

// The file names the flags and arguments that take a file expect, for the
// shell to complete (with folders): the inputs' from the one table of
// readers (lint.Readers), made only when completing.
var (
	jsonExts   = func() []string { return []string{"json"} }
	configExts = func() []string { return []string{"yaml", "yml"} }
	// statementExts: build's and explain's -f, the DSL and PartiQL.
	statementExts = readerExts(func(r *lint.Reader) bool { return r.Kind == lint.DSL || r.Kind == lint.PartiQL })
	formatExts    = readerExts(func(r *lint.Reader) bool { return r.Formats })
	requestExts   = readerExts(func(r *lint.Reader) bool { return r.Kind == lint.Request })
	// schemaExts: and folders, a cdk.out or a Terraform module.
	schemaExts = func() []string { return trimDots(lint.SchemaExtensions()) }
)

// readerExts are the extensions of the readers keep picks, as the shell
// filters them (no dot).
func readerExts(keep func(*lint.Reader) bool) func() []string {
	return func() []string {
		var out []string
		for _, r := range lint.Readers() {
			if keep(r) {
				out = append(out, trimDots(r.Exts)...)
			}
		}
		return out
	}
}

func trimDots(exts []string) []string {
	out := make([]string, len(exts))
	for i, e := range exts {
		out[i] = strings.TrimPrefix(e, ".")
	}
	return out
}

// maxCompletionRead is the largest file completion reads for its labels and
// parameters: a larger one offers nothing rather than keep the shell
// waiting.
const maxCompletionRead = 8 << 20

// isCompletion reports whether args ask for completions: cobra's hidden
// command, which the completion scripts run.
func isCompletion(args []string) bool {
	return len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd)
}

// completeFlag registers a flag's completion, only when completions are
// asked for: cobra keeps them in one map for the process, which every Run
// would otherwise grow, and a build need not pay for them. The flags are
// the command's own, so an error is a mistake in this package, which the
// completion tests meet.
func (e *env) completeFlag(cmd *cobra.Command, flag string, fn cobra.CompletionFunc) {
	if !e.completing {
		return
	}
	if err := cmd.RegisterFlagCompletionFunc(flag, fn); err != nil {
		panic(err)
	}
}

// completeWords offers the words that start with what is typed, with no
// file names.
func completeWords(words ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, w := range words {
			if strings.HasPrefix(w, toComplete) {
				out = append(out, w)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeFiles lets the shell complete folders and files ending in one
// of exts.
func completeFiles(exts func() []string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return exts(), cobra.ShellCompDirectiveFilterFileExt
	}
}

// completeRules offers the rule names, each with its title.
func completeRules(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, r := range validate.All() {
		if strings.HasPrefix(r.Name, toComplete) {
			out = append(out, r.Name+"\t"+r.Title)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// registerCompletions adds the completions of the flags statementFlags
// registers: --statement labels and -p parameters from the statements
// given, --var names from the schema, files for the others.
func (f *statementFlags) registerCompletions(e *env, cmd *cobra.Command) {
	e.completeFlag(cmd, "file", completeFiles(statementExts))
	e.completeFlag(cmd, "statement", f.completeLabels)
	e.completeFlag(cmd, "param", f.completeParams)
	e.completeFlag(cmd, "params", completeFiles(jsonExts))
	e.completeFlag(cmd, "config", completeFiles(configExts))
	f.schemas.registerCompletions(e, cmd, &f.config, nil)
}

// registerCompletions adds --schema's and --var's completions; config is
// the command's --config (nil: .dynexpr.yaml only), argSchemas the schemas
// its arguments name, each a list of files read together (nil: the
// arguments name none).
func (f *schemaFlags) registerCompletions(e *env, cmd *cobra.Command, config *string, argSchemas func(args []string) [][]string) {
	if cmd.Flags().Lookup("schema") != nil {
		e.completeFlag(cmd, "schema", completeFiles(schemaExts))
	}
	e.completeFlag(cmd, "var", func(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		sides := [][]string{f.files}
		if argSchemas != nil {
			sides = argSchemas(args)
		}
		conf := ""
		if config != nil {
			conf = *config
		}
		var vars []schema.Variable
		for _, files := range sides {
			vars = append(vars, completionProject(files, conf).Variables...)
		}
		return f.completeVars(vars, toComplete)
	})
}

// completeVars offers NAME= for each variable the schema's sources declare
// and no --var gives yet, and after NAME= the values its source allows.
func (f *schemaFlags) completeVars(vars []schema.Variable, toComplete string) ([]string, cobra.ShellCompDirective) {
	name, _, valueGiven := strings.Cut(toComplete, "=")
	var out []string
	if valueGiven {
		for _, v := range vars {
			for _, a := range v.Allowed {
				if c := v.Name + "=" + a; v.Name == name && !slices.Contains(out, c) {
					out = append(out, c)
				}
			}
		}
		return describeCompletions(out), cobra.ShellCompDirectiveNoFileComp
	}
	var names []string
	for _, v := range vars {
		given := slices.ContainsFunc(f.vars, func(g string) bool { return strings.HasPrefix(g, v.Name+"=") })
		if !strings.HasPrefix(v.Name, toComplete) || given || slices.Contains(names, v.Name) {
			continue
		}
		names = append(names, v.Name)
		out = append(out, v.Name+"="+completionNote(v.Pos))
	}
	// NAME= waits for its value: no space after it.
	return describeCompletions(out), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// completionNote is "\tdeclared at FILE:LINE" for a place, "" for none.
func completionNote(p diag.Pos) string {
	if p.File == "" {
		return ""
	}
	return "\tdeclared at " + p.String()
}

// describeCompletions keeps each completion's text and its description
// (after a tab) on one line: a name with a control character, written in
// a file, cannot break the protocol's lines.
func describeCompletions(out []string) []string {
	for i, c := range out {
		text, about, _ := strings.Cut(c, "\t")
		out[i] = diag.Printable(text)
		if about != "" {
			out[i] += "\t" + diag.Printable(about)
		}
	}
	return out
}

// completionProject loads the project as the command would, with the
// --schema files (or else the config's) and no --var, reading no schema
// source that is not a regular file or a folder. What does not load
// offers nothing.
func completionProject(files []string, configFile string) *project.Project {
	p, _ := project.Load(project.Options{ConfigFile: configFile, Schemas: files, RegularOnly: true})
	return p
}

// completionSchema is the schema of completionProject; nil when there is
// none or it does not load.
func completionSchema(files []string, configFile string) *schema.Schema {
	return completionProject(files, configFile).Schema
}

// completionStatements parses the DSL statements of the arguments and the
// -f files (completionSources).
func completionStatements(args, files []string) []*grammar.Statement {
	stmts, _ := completionInputs(args, files)
	return stmts
}

// completionInputs parses the arguments and the -f files
// (completionSources): the DSL's statements, and PartiQL's scripts, whose
// statements' names are --statement's too.
func completionInputs(args, files []string) (stmts []*grammar.Statement, scripts []*partiql.Script) {
	for _, s := range completionSources(args, files) {
		switch kindOf(s) {
		case lint.DSL:
			if f, err := grammar.Parse(s.name, s.text); err == nil {
				stmts = append(stmts, f.Statements...)
			}
		case lint.PartiQL:
			if sc, err := partiql.ParseScript(s.name, s.text); err == nil {
				scripts = append(scripts, sc)
			}
		}
	}
	return stmts, scripts
}

// completionSources are the arguments and the -f files, leaving out
// standard input (it is the user's to type, not the shell's to read) and
// files that are not regular or too large; each is read as the table of
// readers says (kindOf), and what does not parse completes nothing.
func completionSources(args, files []string) []source {
	var srcs []source
	if len(args) > 0 && !(len(args) == 1 && args[0] == "-") {
		srcs = append(srcs, source{argName, strings.Join(args, " ")})
	}
	for i, file := range files {
		// cobra parses the partial command line's flags twice, and an
		// array flag keeps both: each file is read once.
		if slices.Contains(files[:i], file) {
			continue
		}
		if text, ok := readForCompletion(file); ok {
			srcs = append(srcs, source{file, text})
		}
	}
	return srcs
}

// readForCompletion reads a regular file of at most maxCompletionRead
// bytes: a named pipe or a device would keep the shell waiting (opening a
// pipe waits for its writer, so it is told before it is opened).
func readForCompletion(file string) (string, bool) {
	if st, err := os.Stat(file); file == "-" || err != nil || !st.Mode().IsRegular() {
		return "", false
	}
	fd, err := os.Open(file)
	if err != nil {
		return "", false
	}
	defer fd.Close()
	if st, err := fd.Stat(); err != nil || !st.Mode().IsRegular() || st.Size() > maxCompletionRead {
		return "", false
	}
	b, err := io.ReadAll(io.LimitReader(fd, maxCompletionRead+1))
	if err != nil || len(b) > maxCompletionRead {
		return "", false
	}
	return string(b), true
}

// completeLabels offers the labels of the statements given, each with what
// the statement is.
func (f *statementFlags) completeLabels(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	stmts, scripts := completionInputs(args, f.files)
	for _, st := range stmts {
		if st.Label == nil || !strings.HasPrefix(st.Label.Name, toComplete) {
			continue
		}
		about := st.Kind.String()
		if st.Table != nil {
			about += " " + st.Table.Raw
		}
		out = append(out, st.Label.Name+"\t"+about)
	}
	for _, sc := range scripts {
		for i, name := range sc.Names {
			if name != "" && strings.HasPrefix(name, toComplete) {
				about := "PartiQL"
				if w := strings.Fields(sc.Statements[i].Source); len(w) > 0 {
					about += " " + w[0]
				}
				out = append(out, name+"\t"+about)
			}
		}
	}
	return describeCompletions(out), cobra.ShellCompDirectiveNoFileComp
}

// completeParams offers NAME= for each $parameter of the statements given
// that no -p binds yet, and after NAME= of a parameter that names a table
// (query $table ...) or an index, the schema's tables or indexes.
func (f *statementFlags) completeParams(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	stmts := completionStatements(args, f.files)
	name, _, valueGiven := strings.Cut(toComplete, "=")
	if valueGiven {
		return f.completeParamValue(stmts, name), cobra.ShellCompDirectiveNoFileComp
	}
	var names []string
	for _, st := range stmts {
		grammar.Inspect(st, func(n grammar.Node) bool {
			p := ""
			switch n := n.(type) {
			case *grammar.TableRef:
				p = n.Param
			case *grammar.Value:
				if n.Param != nil {
					p = strings.TrimPrefix(*n.Param, "$")
				}
			}
			if p != "" && strings.HasPrefix(p, toComplete) && !slices.Contains(names, p) && !f.binds(p) {
				names = append(names, p)
			}
			return true
		})
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n + "="
	}
	return describeCompletions(out), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// binds reports whether a -p already binds the parameter.
func (f *statementFlags) binds(param string) bool {
	return slices.ContainsFunc(f.params, func(p string) bool {
		return strings.HasPrefix(p, param+"=") || strings.HasPrefix(p, param+":=")
	})
}

// completeParamValue offers, for a parameter that names the table or the
// index of a statement, NAME=TABLE for each table of the schema (or
// NAME=INDEX for each index of the statement's table, of every table when
// that too is a parameter).
func (f *statementFlags) completeParamValue(stmts []*grammar.Statement, name string) []string {
	var tables, indexes bool
	var indexTables []string
	var each func(st *grammar.Statement)
	each = func(st *grammar.Statement) {
		if st.Table != nil && st.Table.Param == name {
			tables = true
		}
		if st.Index != nil && st.Index.Param == name {
			indexes = true
			if st.Table != nil && st.Table.Param == "" {
				indexTables = append(indexTables, st.Table.Name)
			} else {
				indexTables = append(indexTables, "")
			}
		}
		for _, m := range st.Members {
			each(m)
		}
	}
	for _, st := range stmts {
		each(st)
	}
	if !tables && !indexes {
		return nil
	}
	sch := completionSchema(f.schemas.files, f.config)
	if sch == nil {
		return nil
	}
	var out []string
	add := func(value string) {
		if c := name + "=" + value; !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, t := range sch.Tables {
		if tables && t.Unresolved == "" { // else its name in DynamoDB is not known
			add(t.Name)
		}
		if indexes && slices.ContainsFunc(indexTables, func(n string) bool { return n == "" || sch.Table(n) == t }) {
			for _, ix := range t.Indexes {
				add(ix.Name)
			}
		}
	}
	return describeCompletions(out)
}

// completionShells are the shells cobra writes a completion script for,
// the subcommands of `dynexpr completion`.
var completionShells = []string{"bash", "zsh", "fish", "powershell"}

// refuseUnknownShells makes `dynexpr completion SHELL` an error for a shell
// it has no script for. Cobra's own completion command has no action of its
// own, so an unknown shell printed the help on standard output and exited
// 0, and `source <(dynexpr completion tcsh)` read the help as a script.
func refuseUnknownShells(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, cmd := range root.Commands() {
		if cmd.Name() != "completion" {
			continue
		}
		cmd.Args = cobra.ArbitraryArgs
		cmd.RunE = func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			return &exitError{code: exitBadInput, err: fmt.Errorf("completion: unknown shell %q: dynexpr writes completion scripts for %s", diag.Printable(args[0]), strings.Join(completionShells, ", "))}
		}
	}
}
