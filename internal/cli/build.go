package cli

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/cobra"
)

type buildFlags struct {
	statementFlags
	output  string
	compact bool
	noLint  bool
	split   bool
}

func newBuildCmd(e *env) *cobra.Command {
	var f buildFlags
	cmd := &cobra.Command{
		Use:   "build [STATEMENT | -f FILE...]",
		Short: "Print the request JSON for a statement",
		Long: `Print the request that 'aws dynamodb <command> --cli-input-json' takes.

Statements come from the arguments, from -f FILE (repeatable; - is standard
input), or from standard input. A file with several statements needs
--statement LABEL to pick one, or --output jsonl to print them all.

The schema comes from --schema (repeatable) or from the schemas of the config:
--config FILE, else .dynexpr.yaml found from the working folder upward, whose
rules: also set the severities of the lint rules run over what is built.
Their warnings go to standard error.

Exit status: 0 built; 1 a finding at error level, a request DynamoDB would
refuse (--no-lint builds anyway); 2 input it cannot use (a syntax error, an
unknown table, an unbound parameter, a bad flag, schema or config), with
nothing printed.

--output shell prints the whole command line, the command named for the
request: query, scan, get-item, put-item, update-item, delete-item, or for
the groups transact-write-items, transact-get-items, batch-get-item and
batch-write-item.

A batch write of more than 25 requests, or a batch get of more than 100
keys, is more than DynamoDB takes in one call (lint's batch-too-many-items):
--split prints it as several requests instead, each within the limit and
each short enough to be passed as one command-line argument ("$req": at
most 131071 bytes, Linux's limit), the members in the order written. With
--split every request is one line (compact JSON, or one command a line with
--output shell), and --output jsonl names the parts NAME#1, NAME#2, ...
Without --split such a batch is never printed whole, --no-lint or not.
--split cuts no other statement.

What --split or --output shell prints to be passed as one argument and is
longer than one argument carries is refused (exit status 2): build it into
a file and send it with --cli-input-json file://FILE.

--output partiql prints, for a get, query, scan, put, update or delete, the
request of 'aws dynamodb execute-statement' that does the same in PartiQL:
names double-quoted, every value a ? in the statement and an element of
Parameters. INSERT refuses an item that exists and UPDATE one that does not,
so a put needs if attribute_not_exists(KEY) and an update if
attribute_exists(KEY); what PartiQL cannot say (count, after, segment, add,
a return PartiQL has not) is an error naming it.

The lint rules run first (not with --no-lint). Without a schema (--schema,
--config or .dynexpr.yaml) build says once on standard error that key names,
key types and index projections were not checked.`,
		Example: `  dynexpr build 'get Tickets key id = "a91f" select subject'
  dynexpr build -p id="$ID" 'update Tickets key id = $id remove openBucket'
  aws dynamodb query --cli-input-json "$(dynexpr build -f examples/tickets.dx --statement open_tickets)"
  dynexpr build --split -f examples/bulk-load.dx | while IFS= read -r req; do aws dynamodb batch-write-item --cli-input-json "$req" || exit; done`,
		ValidArgsFunction: cobra.NoFileCompletions, // a statement, not a file: -f FILE
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.build(args, f)
		},
	}
	fl := cmd.Flags()
	f.register(fl, "build")
	fl.StringVarP(&f.output, "output", "o", "json", "output format: json, shell, jsonl or partiql")
	fl.BoolVar(&f.compact, "compact", false, "print JSON on one line")
	fl.BoolVar(&f.noLint, "no-lint", false, "build even when a lint rule finds an error")
	fl.BoolVar(&f.split, "split", false, "print a batch over DynamoDB's limit (25 writes, 100 keys) as several requests, one a line")
	registerAWSCLI(e, cmd, &f.awsCLI)
	f.registerCompletions(e, cmd)
	e.completeFlag(cmd, "output", completeWords(buildOutputs...))
	return cmd
}

func (e *env) build(args []string, f buildFlags) error {
	if !slices.Contains(buildOutputs, f.output) {
		return fmt.Errorf("--output %q: choose json, shell, jsonl or partiql", f.output)
	}
	if f.output == "partiql" && f.split {
		return fmt.Errorf("--output partiql writes one execute-statement request a statement: --split has nothing to cut")
	}
	// With --split every request is one line, whatever its size: the loop
	// that reads the lines sends each as one request. Shell and jsonl
	// print one line a request anyway.
	indent := (f.output == "json" || f.output == "partiql") && !f.compact && !f.split
	// Each statement is linted and built as it is parsed, and only its
	// findings and its requests are kept. Nothing is written before
	// everything is built: on any error, standard output stays empty.
	var out spool
	var findings []validate.Finding
	var errs diag.List
	srcs, kind, err := e.readStatements(args, f.files, "build")
	if err != nil {
		return err
	}
	if kind == lint.PartiQL {
		return e.buildPartiQL(srcs, f)
	}
	in, err := e.eachStatement(srcs, f.statementFlags, "build", f.output == "jsonl", true, func(st *grammar.Statement, in *statementInput, ig *validate.Ignores) error {
		cli := in.cli
		// parts are the statement's requests: one, or with --split the
		// parts of a batch over DynamoDB's limits or over one argument.
		parts := []*grammar.Statement{st}
		if f.split {
			parts = builder.Split(st, cli)
		}
		if !f.noLint {
			skip := splitFindings([]*grammar.Statement{st}, [][]*grammar.Statement{parts})
			findings = append(findings, slices.DeleteFunc(check(in, st, ig), skip)...)
		}
		if f.output == "partiql" {
			req, err := builder.PartiQL(st, cli, keysOf(in.sch))
			if err != nil {
				errs = diag.Append(errs, err)
			} else if len(errs) == 0 {
				out.Write(req.JSON(indent))
				out.WriteByte('\n')
			}
			return nil
		}
		first := 0 // the index in st of the part's first member
		for j, part := range parts {
			req, err := builder.BuildFor(part, cli)
			var js []byte
			if err == nil {
				js = req.JSON(indent)
				err = oneArgument(st, part, first, req.Command, len(js), f)
			}
			if err != nil {
				errs = diag.Append(errs, err)
				break
			}
			if len(errs) == 0 {
				name := describeStatement(st)
				if len(parts) > 1 {
					name += "#" + strconv.Itoa(j+1)
				}
				writeRequest(&out, name, req, js, f.output)
			}
			first += len(part.Members)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !f.noLint {
		if err := e.lintBuilt(in, findings); err != nil {
			return err
		}
	}
	if len(errs) > 0 {
		return errs
	}
	_, err = out.WriteTo(e.stdout)
	return err
}

// oneArgument refuses a request --split or --output shell prints to be
// passed as one argument ("$req", the command's --cli-input-json) that
// is longer than one argument carries: the AWS CLI would never start
// ("Argument list too long"), and a loop that goes on past the failure
// would lose the request without a word. part is a part of st whose
// first member is st's member first, n the length of its compact JSON
// (what both print) and command its command.
func oneArgument(st, part *grammar.Statement, first int, command string, n int, f buildFlags) error {
	if !f.split && f.output != "shell" {
		return nil // printed for a file, which has no such limit
	}
	if n <= builder.MaxArgBytes {
		return nil
	}
	passed := "the command --output shell prints"
	if f.split {
		passed = "a loop that passes each line of --split as one argument"
	}
	if len(part.Members) == 1 && part != st {
		// Split made it a part of its own: no part can be shorter.
		m := part.Members[0]
		return diag.Errorf(m.Pos, "%s: its request alone is %d bytes of JSON, and one command-line argument carries at most %d (Linux's limit), so %s cannot send it (\"Argument list too long\"): "+
			"send this item in a request of its own, through a file (dynexpr build ... > req.json, then aws dynamodb %s --cli-input-json file://req.json), and leave it out of the batch",
			grammar.MemberName(first, m), n, builder.MaxArgBytes, passed, m.Kind.Command())
	}
	return diag.Errorf(st.Pos, "this request is %d bytes of JSON, and one command-line argument carries at most %d (Linux's limit), so %s cannot send it (\"Argument list too long\"): "+
		"build it into a file instead (dynexpr build ... > req.json, without %s) and send that: aws dynamodb %s --cli-input-json file://req.json",
		n, builder.MaxArgBytes, passed, map[bool]string{true: "--split", false: "--output shell"}[f.split], command)
}

// lintBuilt runs the lint rules over the statements about to be built:
// warnings go to standard error and the build goes on; a finding at error
// level stops it with exit status 1 (DynamoDB would refuse the request).
//
// Without a schema it says once what was left unchecked: the rules still
// refuse what no schema could make right, and the rest waits for one.
//
// findings are those of the statements, without what --split makes right.
func (e *env) lintBuilt(in *statementInput, findings []validate.Finding) error {
	if in.sch == nil {
		fmt.Fprintf(e.stderr, "dynexpr: no schema: key names, key types and index projections were not checked (--schema or %s)\n", config.FileName)
	}
	if len(findings) == 0 {
		return nil
	}
	color := isTerminal(e.stderr) && os.Getenv("NO_COLOR") == ""
	var lines lineIndex // findings come in file order: each file is indexed once
	p, err := validate.NewPrinter("text", e.stderr, validate.PrintOptions{
		Color: color, Caret: true,
		Line: func(file string, n int) string { return lines.line(file, e.sources[file], n) },
	})
	if err != nil {
		return err
	}
	failed, unusable := false, false
	for _, fd := range findings {
		failed = failed || fd.Severity == validate.Error
		unusable = unusable || fd.BadInput()
		p.Print(fd)
	}
	p.Close()
	if unusable {
		return &exitError{code: exitBadInput}
	}
	if failed {
		fmt.Fprintln(e.stderr, "dynexpr: not built: DynamoDB would refuse this request (fix it, or build anyway with --no-lint)")
		return &exitError{code: exitFindings}
	}
	return nil
}

// splitFindings says which findings --split makes right: the
// batch-too-many-items of a statement it cuts into parts.
func splitFindings(stmts []*grammar.Statement, parts [][]*grammar.Statement) func(validate.Finding) bool {
	return func(fd validate.Finding) bool {
		if fd.Rule != builder.RuleBatchTooMany {
			return false
		}
		for i, st := range stmts {
			if len(parts[i]) > 1 && fd.Pos.File == st.Pos.File &&
				st.Pos.Offset <= fd.Pos.Offset && fd.Pos.Offset <= st.EndPos.Offset {
				return true
			}
		}
		return false
	}
}

// typeOf gives parameter binding the schema's types of the tables'
// attributes.
func typeOf(sch *schema.Schema) grammar.TypeOf {
	if sch == nil {
		return nil
	}
	return func(table, attr string) grammar.ValueType {
		if t := sch.Table(table); t != nil {
			return grammar.ValueType(t.AttrType(attr))
		}
		return ""
	}
}

// writeRequest writes the request named name, its JSON js, in the output
// format.
func writeRequest(out *spool, name string, req *builder.Request, js []byte, format string) {
	switch format {
	case "json":
		out.Write(js)
		out.WriteByte('\n')
	case "shell":
		// A user's cli_binary_format = raw-in-base64-out would make v2 read
		// binary values as v1 does: the flag overrides it. v1 has no flag.
		binaryFormat := ""
		if req.CLI == builder.CLIv2 && req.HasBinary() {
			binaryFormat = " --cli-binary-format base64"
		}
		fmt.Fprintf(out, "aws dynamodb %s%s --cli-input-json %s\n", req.Command, binaryFormat, shellQuote(string(js)))
	case "jsonl":
		fmt.Fprintf(out, `{"name":%s,"command":%q,"input":%s}`+"\n", jsonString(name), req.Command, js)
	}
}

// shellQuote quotes s for a POSIX shell: single quotes, with each ' written '\”.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// describeStatement names a statement in jsonl output: its label, else
// where it starts. The parts --split cuts it into are named name#1,
// name#2, ...
func describeStatement(st *grammar.Statement) string {
	if st.Label != nil {
		return st.Label.Name
	}
	return fmt.Sprintf("%s:%d", st.Pos.File, st.Pos.Line)
}

// keysOf gives the PartiQL writer the key attributes the schema declares
// for a table or index; nil where a key has more attributes than a
// partition and a sort key, or nothing is known.
func keysOf(sch *schema.Schema) builder.KeysOf {
	if sch == nil {
		return nil
	}
	return func(table, index string) []string {
		t := sch.Table(table)
		if t == nil {
			return nil
		}
		k := t.Key
		if index != "" {
			i := t.Index(index)
			if i == nil {
				return nil
			}
			k = i.Key
		}
		if len(k.Partition) != 1 || len(k.Sort) > 1 {
			return nil
		}
		return k.Attributes()
	}
}
