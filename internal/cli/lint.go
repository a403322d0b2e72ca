package cli

import (
	"bufio"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/cobra"
)

type lintFlags struct {
	readFlags
	format  string
	color   string
	verbose bool
}

// readFlags are the flags of what lint reads, which report reads too: the
// same inputs, config, schema and environment.
type readFlags struct {
	schemas  schemaFlags
	requests []string
	code     []string
	failOn   string
	config   string
	awsCLI   string
	env      []string
}

// register adds the flags of what is read to cmd; verb says what is done
// with the files ("lint", "read").
func (f *readFlags) register(e *env, cmd *cobra.Command, verb string) {
	fl := cmd.Flags()
	f.schemas.register(fl, schemaFlagHelp(" (default: the schemas of .dynexpr.yaml)"))
	fl.StringArrayVar(&f.requests, "requests", nil, verb+" the files matching `GLOB` (** for any folders) as request JSON, whatever their extension; repeatable")
	fl.StringArrayVar(&f.code, "code", nil, verb+" the DynamoDB requests of the application code files (Go, Python, JavaScript/TypeScript, Java, Kotlin) matching `GLOB`, and of those in walked folders; repeatable")
	fl.StringVar(&f.failOn, "fail-on", "error", "exit 1 on findings at this severity or above: error, warning or info")
	fl.StringVar(&f.config, "config", "", "use this config `FILE` instead of looking for .dynexpr.yaml")
	fl.StringArrayVar(&f.env, "env", nil, "say which table an environment variable the code reads its TableName from holds: `NAME=TABLE` (wins over the config's env: and the schema's functions); repeatable")
	registerAWSCLI(e, cmd, &f.awsCLI)
	f.schemas.registerCompletions(e, cmd, &f.config, nil)
	e.completeFlag(cmd, "fail-on", completeWords(failOnLevels...))
	e.completeFlag(cmd, "config", completeFiles(configExts))
}

func newLintCmd(e *env) *cobra.Command {
	var f lintFlags
	cmd := &cobra.Command{
		Use:   "lint [PATH...]",
		Short: "Check statements against DynamoDB's rules and the tables' schema",
		Long: wrapHelp(`Check DSL files (*.dx), PartiQL scripts (*.partiql) and request JSON files
(*.json, *.jsonl: the inputs of 'aws dynamodb ... --cli-input-json',
transactions and batches too, each member checked as the request alone)
against every rule of the catalog ('dynexpr rules' lists them) and the
tables' schema. Folders are walked for all three; a walked *.json
is linted only when it is recognisably request JSON (a "command" naming an aws
dynamodb command, or members only requests have): schema files (what --schema
reads), IAM and KMS policies, answers of aws dynamodb saved to a file
({"Item": ...}, Items and Count), package.json and other JSON are
skipped, and so is what is not a regular file (a named pipe, a socket); -v
says which and why. A *.json named on the command line is linted as request
JSON whatever it holds. A path, a folder, a schema or an include, requests or
--requests pattern that matches no file is an error. --requests GLOB
(repeatable; ** for any folders) and the requests: patterns of .dynexpr.yaml
pick request files by pattern whatever their extension. Application code
(*.go, *.py, *.js, *.ts, *.java, *.kt: the requests its SDK calls write as
literals, docs/code.md) is read when named, when --code GLOB (repeatable)
matches it, or in a walked folder when the code: patterns of .dynexpr.yaml
or --code match it; -v lists the members code computes, which are not
checked. - reads standard input
(request JSON, PartiQL or DSL, told by content). -v ends with what was read
of each kind: files, statements and requests. ` + ignoreHelp() + `

The schema comes from --schema (repeatable) or from .dynexpr.yaml, found from
the working folder upward; without one, the rules that need it are skipped
with one notice. lint binds no $parameter: a statement whose table or index
is one is checked without the schema, and one notice says how many.

Exit status: 0 no finding at --fail-on level or above (error by default); 1
findings, syntax errors, unknown tables and indexes included; 2 lint could not
run as asked: a path given that cannot be read (or a file found that cannot),
a bad flag, a bad schema or config, a pattern that matches no file.`),
		Example: `  dynexpr lint --schema schema.yaml queries/
  dynexpr lint --schema schema.yaml requests/query-open.json
  dynexpr lint --requests 'fixtures/**/*.req' .
  dynexpr lint --format sarif . > dynexpr.sarif
  dynexpr lint --format github .`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.lint(args, f)
		},
	}
	f.readFlags.register(e, cmd, "lint")
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "text", "output format: "+strings.Join(validate.Formats, ", "))
	fl.StringVar(&f.color, "color", "auto", "colour in text output: auto (on a terminal, unless NO_COLOR is set), always or never")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "say on standard error which files were skipped and why, what code computes, and at the end what was read of each kind")
	e.completeFlag(cmd, "format", completeWords(validate.Formats...))
	e.completeFlag(cmd, "color", completeWords(colorModes...))
	return cmd
}

func (e *env) lint(args []string, f lintFlags) error {
	if !slices.Contains(colorModes, f.color) {
		return fmt.Errorf("--color %q: choose auto, always or never", f.color)
	}
	failOn, err := validate.ParseSeverity(f.failOn)
	if err != nil || failOn == validate.Off {
		return fmt.Errorf("--fail-on %q: choose error, warning or info", f.failOn)
	}
	proj, err := e.loadProject(f.config, f.schemas, f.awsCLI, f.env...)
	if err != nil {
		return err
	}
	conf, sch, vcfg := proj.Config, proj.Schema, proj.Rules
	files, notRead, err := lint.Inputs(args, f.requests, f.code, conf)
	if err != nil {
		return err
	}
	color := f.color == "always" || f.color == "auto" && isTerminal(e.stdout) && os.Getenv("NO_COLOR") == ""
	var current lint.Result
	var lines lineIndex
	// Findings are written through a buffer flushed after each file: one
	// write per file rather than per finding, and still streaming.
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	var toolVersion string // SARIF names the tool's version; read only for it
	if f.format == "sarif" {
		toolVersion = buildVersion().Version
	}
	printer, err := validate.NewPrinter(f.format, out, validate.PrintOptions{
		// The line and its caret off a terminal too: a CI log is read
		// as much as a terminal.
		Color: color, Caret: true, Version: toolVersion,
		Line: func(file string, n int) string {
			if file != current.Name {
				return ""
			}
			return lines.line(current.Name, current.Src, n)
		},
	})
	if err != nil {
		return err
	}
	if sch == nil {
		if skipped := validate.NeedsSchema(vcfg); len(skipped) > 0 {
			fmt.Fprintf(e.stderr, "dynexpr: no schema given (--schema FILE or schemas: in %s): %d rules that need one were skipped\n", config.FileName, len(skipped))
		}
	}
	// Lint allocates many short-lived trees over a live heap of a few
	// megabytes, so with Go's default the collector runs every few
	// megabytes, and on two cores its work ate the second core's gain
	// (100,000 statements: 1.1 s wall on one core and on two). Letting the
	// heap grow to five times the live data (GOGC=400) runs it a quarter as
	// often. A file is linted one statement at a time, so what one file keeps
	// live is about three times its size (its text, its token ends for the
	// ignore comments, its findings: 44 MB for 100,000 statements, 14 MB):
	// five times that keeps the peak within twenty times the input, where
	// GOGC=800 went to 400 MB. A memory limit keeps a large live heap from
	// growing fivefold; it must stay well above what one file keeps live, or
	// the collector runs without pause. GOGC and GOMEMLIMIT in the
	// environment still win. Both are put back after the run, for the
	// callers of Run that go on (the tests run it in-process).
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 30))
	}
	linter := proj.Linter()
	linter.ReadStdin = e.readStdin
	t := tally{notRead: notRead}
	err = linter.Run(files, func(r lint.Result) error {
		if r.Skipped {
			t.skip()
			if f.verbose {
				fmt.Fprintf(e.stderr, "dynexpr: skipped %s: %s\n", r.Name, r.Why)
			}
			return nil
		}
		current = r
		t.add(r)
		if f.verbose {
			for _, s := range r.CodeSkips {
				fmt.Fprintf(e.stderr, "dynexpr: not checked %s: %s is %s\n", s.Pos, s.Member, diag.Printable(s.Why))
			}
			if cov := r.Coverage.String(); cov != "" {
				fmt.Fprintf(e.stderr, "dynexpr: coverage %s: %s\n", r.Name, diag.Printable(cov))
			}
		}
		for _, fd := range r.Findings {
			if err := printer.Print(fd); err != nil {
				return err
			}
		}
		return out.Flush()
	})
	if cerr := printer.Close(); err == nil {
		err = cerr
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if sch != nil && t.unboundNames > 0 {
		// Without a schema, the notice above already says it.
		fmt.Fprintf(e.stderr, "dynexpr: %s\n", t.unboundNote())
	}
	if f.format == "text" && t.found() {
		fmt.Fprintf(e.stderr, "%s in %s\n", t.countWords(), t.inputWords())
	}
	if f.verbose {
		for _, line := range t.readLines() {
			fmt.Fprintf(e.stderr, "dynexpr: %s\n", diag.Printable(line))
		}
	}
	switch {
	case t.unreadable:
		return &exitError{code: exitBadInput}
	case t.failing(failOn):
		return &exitError{code: exitFindings}
	}
	return nil
}
