package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/cobra"
)

type lintFlags struct {
	schemas  []string
	requests []string
	format   string
	failOn   string
	color    string
	config   string
}

func newLintCmd(e *env) *cobra.Command {
	var f lintFlags
	cmd := &cobra.Command{
		Use:   "lint [PATH...]",
		Short: "Check statements against DynamoDB's rules and the tables' schema",
		Long: `Check DSL files (*.dx) and request JSON files (*.json, *.jsonl: the inputs of
'aws dynamodb ... --cli-input-json') against every rule of the catalog ('dynexpr
rules' lists them) and the tables' schema. Folders are walked; a walked *.json
that is not request JSON (package.json, a schema) is skipped. --requests GLOB
(repeatable; ** for any folders) and the requests: patterns of .dynexpr.yaml
pick request files by pattern whatever their extension. - reads standard input
(request JSON or DSL, told by content). Ignore comments exist only in .dx files:
silence a rule in request files with rules: in .dynexpr.yaml.

The schema comes from --schema (repeatable) or from .dynexpr.yaml, found from
the working folder upward; without one, the rules that need it are skipped
with one notice. Exit status: 0 clean, 1 a finding at --fail-on level or
above (error by default), 2 an input that could not be used.`,
		Example: `  dynexpr lint --schema schema.yaml queries/
  dynexpr lint --schema schema.yaml requests/query-open.json
  dynexpr lint --requests 'fixtures/**/*.req' .
  dynexpr lint --format sarif . > dynexpr.sarif
  dynexpr lint --format github .`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.lint(args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&f.schemas, "schema", nil, "table schema `FILE`; repeatable (default: the schemas of .dynexpr.yaml)")
	fl.StringArrayVar(&f.requests, "requests", nil, "lint the files matching `GLOB` (** for any folders) as request JSON, whatever their extension; repeatable")
	fl.StringVar(&f.format, "format", "text", "output format: "+strings.Join(validate.Formats, ", "))
	fl.StringVar(&f.failOn, "fail-on", "error", "exit 1 on findings at this severity or above: error, warning or info")
	fl.StringVar(&f.color, "color", "auto", "colour and carets in text output: auto (on a terminal, unless NO_COLOR is set), always or never")
	fl.StringVar(&f.config, "config", "", "use this config `FILE` instead of looking for .dynexpr.yaml")
	return cmd
}

// lintRun is everything one lint run shares between its workers.
type lintRun struct {
	schema *schema.Schema
	cfg    *validate.Config
}

// fileResult is what linting one file produced.
type fileResult struct {
	name       string
	src        string
	findings   []validate.Finding
	statements int
	requests   int
	bad        bool // the file could not be used (unreadable, syntax error)
	skipped    bool // a walked *.json that is not request JSON
}

// inputKind says how lint reads a file.
type inputKind uint8

const (
	// asDSL: a .dx file.
	asDSL inputKind = iota
	// asRequest: named as request JSON (a *.json or *.jsonl argument, or a
	// match of --requests or the config's requests:); a file that is not
	// request JSON is reported.
	asRequest
	// maybeRequest: a *.json or *.jsonl met walking a folder; one that is
	// not request JSON (package.json, a schema, tsconfig) is skipped.
	maybeRequest
	// byContent: standard input, or a named file of another extension:
	// request JSON if it looks like it, else DSL.
	byContent
)

// lintInput is one file to lint and how to read it.
type lintInput struct {
	path string
	kind inputKind
}

func (e *env) lint(args []string, f lintFlags) error {
	if f.color != "auto" && f.color != "always" && f.color != "never" {
		return fmt.Errorf("--color %q: choose auto, always or never", f.color)
	}
	failOn, err := validate.ParseSeverity(f.failOn)
	if err != nil || failOn == validate.Off {
		return fmt.Errorf("--fail-on %q: choose error, warning or info", f.failOn)
	}
	conf, err := findConfig(f.config)
	if err != nil {
		return err
	}
	vcfg, err := ruleConfig(conf)
	if err != nil {
		return err
	}
	sch, err := loadSchema(f.schemas, conf)
	if err != nil {
		return err
	}
	files, err := lintFiles(args, f.requests, conf)
	if err != nil {
		return err
	}
	color := f.color == "always" || f.color == "auto" && isTerminal(e.stdout) && os.Getenv("NO_COLOR") == ""
	var current fileResult
	// Findings are written through a buffer flushed after each file: one
	// write per file rather than per finding, and still streaming.
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	printer, err := validate.NewPrinter(f.format, out, validate.PrintOptions{
		Color: color, Caret: color, Version: version,
		Line: func(file string, n int) string {
			if file != current.name {
				return ""
			}
			return sourceLine(current.src, n)
		},
	})
	if err != nil {
		return err
	}
	if sch == nil {
		if skipped := validate.NeedsSchema(vcfg); len(skipped) > 0 {
			fmt.Fprintf(e.stderr, "dynexpr: no schema given (--schema FILE or schemas: in %s): %d rules that need one were skipped\n", schema.ConfigName, len(skipped))
		}
	}
	// Lint allocates many short-lived trees over a live heap of a few
	// megabytes, so with Go's default the collector runs every few
	// megabytes, and on two cores its work ate the second core's gain
	// (100,000 statements: 1.1 s wall on one core and on two). Letting the
	// heap grow to eight times the live data (GOGC=800) runs it a quarter as
	// often: measured 0.69-0.81 s wall on two cores, peak RSS 43-61 MB, flat from
	// 10,000 to 100,000 statements since lint streams. A memory limit keeps a
	// large live heap (a huge file) from growing eightfold. GOGC and
	// GOMEMLIMIT in the environment still win.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(800)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(256 << 20)
	}
	run := &lintRun{schema: sch, cfg: vcfg}
	var counts [4]int
	bad, statements, requests, linted := false, 0, 0, 0
	err = run.each(e, files, func(r fileResult) error {
		if r.skipped {
			return nil
		}
		current = r
		linted++
		bad = bad || r.bad
		statements += r.statements
		requests += r.requests
		for _, fd := range r.findings {
			counts[fd.Severity]++
			// A finding that says the input cannot be used at all (an
			// unknown table, a syntax error) makes the status 2 (cli.md).
			if fd.BadInput() {
				bad = true
			}
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
	if f.format == "text" && counts[validate.Error]+counts[validate.Warning]+counts[validate.Info] > 0 {
		fmt.Fprintf(e.stderr, "%s in %s\n", countWords(counts), inputWords(statements, requests, linted))
	}
	switch {
	case bad:
		return &exitError{code: exitBadInput}
	case failing(counts, failOn):
		return &exitError{code: exitFindings}
	}
	return nil
}

func failing(counts [4]int, failOn validate.Severity) bool {
	for s := failOn; s <= validate.Error; s++ {
		if counts[s] > 0 {
			return true
		}
	}
	return false
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// inputWords says what was linted: "3 statements, 1 file", "2 requests, 1
// file", "3 statements, 2 requests, 2 files".
func inputWords(statements, requests, files int) string {
	var parts []string
	if statements > 0 || requests == 0 {
		parts = append(parts, plural(statements, "statement"))
	}
	if requests > 0 {
		parts = append(parts, plural(requests, "request"))
	}
	return strings.Join(append(parts, plural(files, "file")), ", ")
}

func countWords(c [4]int) string {
	var parts []string
	for _, s := range []validate.Severity{validate.Error, validate.Warning, validate.Info} {
		if c[s] > 0 {
			parts = append(parts, plural(c[s], s.String()))
		}
	}
	return strings.Join(parts, ", ")
}

// each lints files on every core and calls emit with the results in the
// order of files. At most a few files per worker are in memory at once, so
// memory does not grow with the number of files.
func (run *lintRun) each(e *env, files []lintInput, emit func(fileResult) error) error {
	workers := runtime.GOMAXPROCS(0)
	window := 4 * workers
	results := make([]chan fileResult, len(files))
	for i := range results {
		results[i] = make(chan fileResult, 1)
	}
	jobs := make(chan int)
	slots := make(chan struct{}, window)
	var stdin []byte
	var stdinErr error
	var once sync.Once
	readStdin := func() ([]byte, error) {
		once.Do(func() { stdin, stdinErr = io.ReadAll(e.stdin) })
		return stdin, stdinErr
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results[i] <- run.lintFile(files[i], readStdin)
			}
		}()
	}
	go func() {
		for i := range files {
			slots <- struct{}{}
			jobs <- i
		}
		close(jobs)
	}()
	var err error
	for i := range files {
		r := <-results[i]
		results[i] = nil
		<-slots
		if err == nil {
			err = emit(r)
		}
	}
	wg.Wait()
	return err
}

// lintFile reads, parses and checks one file.
func (run *lintRun) lintFile(in lintInput, readStdin func() ([]byte, error)) fileResult {
	var data []byte
	var err error
	name, display := in.path, in.path
	if name == "-" {
		display = stdinName
		data, err = readStdin()
	} else {
		data, err = os.ReadFile(name)
	}
	r := fileResult{name: display, src: string(data)}
	if err != nil {
		r.bad = true
		r.findings = []validate.Finding{validate.UnreadableInput(diag.Pos{File: display},
			"cannot read the file: "+unwrapPathError(err).Error())}
		return r
	}
	kind := in.kind
	if kind == byContent {
		// DSL never starts with "{" or "[": JSON does.
		kind = asDSL
		if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
			kind = asRequest
		}
	}
	if kind != asDSL {
		return run.lintRequests(r, data, kind)
	}
	f, err := grammar.Parse(display, r.src)
	if err != nil {
		r.bad = true
		for _, d := range appendErr(nil, err) {
			r.findings = append(r.findings, inputFinding(d))
		}
		return r
	}
	r.statements = len(f.Statements)
	for _, st := range f.Statements {
		r.findings = append(r.findings, validate.Check(st, run.schema, run.cfg)...)
	}
	r.findings = validate.ApplyIgnores(display, r.src, f.Statements, r.findings, run.cfg)
	return r
}

// lintRequests checks every request of a request file. JSON has no
// comments, and any member the AWS CLI does not know makes it refuse the
// file, so request files have no ignore comments: rules are silenced for a
// project with rules: in .dynexpr.yaml.
func (run *lintRun) lintRequests(r fileResult, data []byte, kind inputKind) fileResult {
	f, verdict, err := readRequests(r.name, data)
	switch {
	case kind == maybeRequest && verdict != requestJSON:
		// A walked *.json that is not a request: package.json, a
		// describe-table output, a CloudFormation template.
		return fileResult{name: r.name, skipped: true}
	case err != nil:
		r.bad = true
		for _, d := range appendErr(nil, err) {
			r.findings = append(r.findings, inputFinding(d))
		}
		return r
	case verdict == notRequest:
		r.bad = true
		r.findings = []validate.Finding{inputFinding(&diag.Error{Pos: diag.Pos{File: r.name},
			Msg: `this is not request JSON: a request is a JSON object with "TableName" (or an array or JSON Lines of them), like the output of 'aws dynamodb query --generate-cli-skeleton'; lint reads this file as one because it was named or matched --requests`})}
		return r
	}
	r.requests = len(f.Requests)
	for _, req := range f.Requests {
		r.findings = append(r.findings, validate.CheckRequest(req, run.schema, run.cfg)...)
	}
	return r
}

// How much a JSON file looks like request JSON.
type requestVerdict uint8

const (
	notRequest requestVerdict = iota
	// maybeRequestJSON: objects without TableName or "command" whose
	// members still tell an operation (KeyConditionExpression, Item, ...):
	// a request with a member missing, when the file was named.
	maybeRequestJSON
	// requestJSON: an object with TableName or "command" of its own.
	requestJSON
)

// readRequests parses a file as request JSON and says how much it is one.
// request.LooksLikeRequest looks for the text "TableName" anywhere, which
// describe-table outputs and CloudFormation templates hold too; here a
// request must have TableName (or dynexpr's "command") as its own member. A
// JSON syntax error is returned only for a file that mentions TableName.
func readRequests(name string, data []byte) (*request.File, requestVerdict, error) {
	f, err := request.Parse(name, data)
	if err != nil {
		if request.LooksLikeRequest(data) {
			return nil, requestJSON, err
		}
		return nil, notRequest, nil
	}
	verdict := notRequest
	for _, r := range f.Requests {
		switch {
		case r.Obj.Get("TableName") != nil || r.Obj.Get("command") != nil:
			return f, requestJSON, nil
		case r.Command != "":
			verdict = maybeRequestJSON
		}
	}
	return f, verdict, nil
}

// inputFinding reports an input that could not be used as a finding, so it
// shows in every output format (and makes the exit status 2).
func inputFinding(d *diag.Error) validate.Finding {
	return validate.SyntaxError(d.Pos, d.Msg)
}

func findConfig(path string) (*schema.Config, error) {
	if path != "" {
		return schema.LoadConfig(path)
	}
	return schema.FindConfig(".")
}

// ruleConfig turns the config's rule severities into the linter's, naming
// the place of an unknown rule or severity.
func ruleConfig(c *schema.Config) (*validate.Config, error) {
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
		vc.Severities[n] = sev
	}
	return vc, errs.Err()
}

// lintFiles expands the arguments into the files to lint: files as given,
// folders walked for *.dx, *.json and *.jsonl (filtered by the config's
// include and exclude), "-" for standard input, and the files the --requests
// globs match. Files matching a --requests glob or the config's requests:
// patterns are request JSON whatever their extension. No argument means the
// working folder, unless --requests names the files.
func lintFiles(args, requestGlobs []string, c *schema.Config) ([]lintInput, error) {
	var out []lintInput
	index := map[string]int{}
	add := func(p string, kind inputKind) {
		key := p
		if p != "-" {
			key = filepath.Clean(p)
		}
		if i, ok := index[key]; ok {
			if kind == asRequest {
				out[i].kind = asRequest
			}
			return
		}
		index[key] = len(out)
		out = append(out, lintInput{p, kind})
	}
	for _, g := range requestGlobs {
		matches, err := expandGlob(g)
		if err != nil {
			return nil, err
		}
		for _, m := range matches {
			add(m, asRequest)
		}
	}
	if len(args) == 0 && len(requestGlobs) == 0 {
		args = []string{"."}
	}
	isRequest := func(p string) bool {
		return matchesAny(requestGlobs, filepath.ToSlash(filepath.Clean(p))) || configRequest(p, c)
	}
	for _, a := range args {
		if a == "-" {
			add(a, byContent)
			continue
		}
		fi, err := os.Stat(a)
		if err != nil {
			return nil, diag.Errorf(diag.Pos{File: a}, "cannot read: %v", unwrapPathError(err))
		}
		if !fi.IsDir() {
			switch {
			case strings.HasSuffix(a, ".dx"):
				add(a, asDSL)
			case isRequestExt(a) || isRequest(a):
				add(a, asRequest)
			default:
				add(a, byContent)
			}
			continue
		}
		var found []lintInput
		err = walkTree(a, func(p string) {
			switch {
			case isRequest(p) && !excluded(p, c):
				found = append(found, lintInput{p, asRequest})
			case strings.HasSuffix(p, ".dx") && selected(p, c):
				found = append(found, lintInput{p, asDSL})
			case isRequestExt(p) && selected(p, c):
				found = append(found, lintInput{p, maybeRequest})
			}
		})
		if err != nil {
			return nil, err
		}
		sort.Slice(found, func(i, j int) bool { return found[i].path < found[j].path })
		for _, f := range found {
			add(f.path, f.kind)
		}
	}
	return out, nil
}

func isRequestExt(p string) bool {
	return strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".jsonl")
}

// expandGlob lists the files a --requests pattern matches, sorted: ** stands
// for any number of folders, the rest is path.Match syntax, relative to the
// working folder unless absolute. A pattern that matches nothing is an
// error, so that a typo does not pass CI silently.
func expandGlob(pattern string) ([]string, error) {
	pat := filepath.ToSlash(filepath.Clean(pattern))
	parts := strings.Split(pat, "/")
	root := ""
	for len(parts) > 1 && !strings.ContainsAny(parts[0], "*?[") {
		root = pathJoin(root, parts[0])
		parts = parts[1:]
	}
	if !strings.ContainsAny(parts[0], "*?[") {
		// No pattern at all: a file.
		p := pathJoin(root, parts[0])
		if fi, err := os.Stat(filepath.FromSlash(p)); err != nil || fi.IsDir() {
			return nil, diag.Errorf(diag.Pos{File: pattern}, "--requests %q: no such file", pattern)
		}
		return []string{filepath.FromSlash(p)}, nil
	}
	start := root
	if start == "" {
		start = "."
	}
	if fi, err := os.Stat(filepath.FromSlash(start)); err != nil || !fi.IsDir() {
		return nil, diag.Errorf(diag.Pos{File: pattern}, "--requests %q matches no file: there is no folder %s", pattern, start)
	}
	var out []string
	err := filepath.WalkDir(filepath.FromSlash(start), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(p)
		if d.IsDir() {
			if rel != start && strings.HasPrefix(d.Name(), ".") && !strings.HasPrefix(pat, ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if globMatch(pat, rel) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, diag.Errorf(diag.Pos{File: pattern}, "--requests %q: %v", pattern, unwrapPathError(err))
	}
	if len(out) == 0 {
		return nil, diag.Errorf(diag.Pos{File: pattern}, "--requests %q matches no file", pattern)
	}
	sort.Strings(out)
	return out, nil
}

func pathJoin(a, b string) string {
	switch {
	case a == "":
		return b
	case strings.HasSuffix(a, "/"):
		return a + b
	}
	return a + "/" + b
}

// matchesAny matches a slash-separated path against --requests patterns.
func matchesAny(patterns []string, p string) bool {
	for _, pat := range patterns {
		if globMatch(filepath.ToSlash(filepath.Clean(pat)), p) {
			return true
		}
	}
	return false
}

// configRequest reports whether p matches the config's requests: patterns,
// relative to the config's folder.
func configRequest(p string, c *schema.Config) bool {
	if c == nil || len(c.Requests) == 0 {
		return false
	}
	rel := configRel(p, c)
	for _, pat := range c.Requests {
		if globMatch(pat, rel) {
			return true
		}
	}
	return false
}

// excluded applies the config's exclude patterns.
func excluded(p string, c *schema.Config) bool {
	if c == nil || len(c.Exclude) == 0 {
		return false
	}
	rel := configRel(p, c)
	for _, pat := range c.Exclude {
		if globMatch(pat, rel) {
			return true
		}
	}
	return false
}

// configRel is p relative to the config's folder, slash-separated.
func configRel(p string, c *schema.Config) string {
	rel := p
	if abs, err := filepath.Abs(p); err == nil {
		if r, err := filepath.Rel(c.Dir, abs); err == nil {
			rel = r
		}
	}
	return filepath.ToSlash(rel)
}

// selected applies the config's include and exclude patterns, relative to
// the config's folder.
func selected(p string, c *schema.Config) bool {
	if c == nil || len(c.Include) == 0 && len(c.Exclude) == 0 {
		return true
	}
	rel := configRel(p, c)
	for _, pat := range c.Exclude {
		if globMatch(pat, rel) {
			return false
		}
	}
	if len(c.Include) == 0 {
		return true
	}
	for _, pat := range c.Include {
		if globMatch(pat, rel) {
			return true
		}
	}
	return false
}

// globMatch matches a slash-separated path against a pattern where ** stands
// for any number of folders and the rest is path.Match syntax.
func globMatch(pattern, name string) bool {
	return matchParts(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

func matchParts(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if matchParts(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := filepath.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// walkTree calls visit for every file below the folder root, skipping the
// folders a project does not write its queries in: hidden ones (.git),
// node_modules and vendor (root itself is walked whatever its name).
func walkTree(root string, visit func(path string)) error {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		visit(p)
		return nil
	})
	if err != nil {
		return diag.Errorf(diag.Pos{File: root}, "cannot walk the folder: %v", err)
	}
	return nil
}
