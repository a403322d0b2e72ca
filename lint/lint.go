// Package lint is the engine behind `dynexpr lint`: it reads the files to
// lint (DSL, request JSON, or standard input told by content), runs the
// catalog's rules over them on every core, and hands back each file's
// findings in the order the files were given, streaming, so that memory does
// not grow with the number of files. Printing, counting and the exit status
// are the command's.
package lint

import (
	"runtime"
	"sync"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/internal/textfile"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

// StdinName is how findings name standard input.
const StdinName = "<stdin>"

// Linter is what every file of one lint run is checked against.
type Linter struct {
	Schema *schema.Schema // nil: the rules that need one are skipped
	Rules  *validate.Config
	// ReadStdin returns standard input, for the input "-"; it is called at
	// most once per "-", possibly from several goroutines.
	ReadStdin func() ([]byte, error)
	// AWSCLI is the CLI the request files are for: a v1 file holds binary
	// values as text.
	AWSCLI builder.AWSCLI
	// MaxInput caps each file read (standard input is ReadStdin's).
	MaxInput textfile.Limit
	// Env names, by hand, the table an environment variable holds where
	// code reads its table's name from one (env.go); it wins over what
	// the schema's functions are given.
	Env map[string]string
	// Accesses keeps in each Result the requests its file holds, as the
	// rules read them (dynexpr report's input).
	Accesses bool
}

// Result is what linting one file produced.
type Result struct {
	Name       string // as findings name it: the path, or StdinName
	Kind       Kind   // how it was read: never ByContent, which the text tells
	Src        string // the file's text, for carets
	Findings   []validate.Finding
	Statements int
	Requests   int
	// Sites counts the requests of a code file; CodeSkips are the members
	// it computes where the rules would read an expression or a
	// placeholder map, for -v.
	Sites     int
	CodeSkips []CodeSkip
	// Coverage counts the literal expressions of a code file checked, and
	// those not checked by why; Checked are the places of the ones
	// checked.
	Coverage   CodeCoverage
	Checked    []diag.Pos
	Unreadable bool   // the file could not be read: lint could not do as asked
	Skipped    bool   // not linted: a walked *.json that is not request JSON, or not a regular file
	Why        string // why it was skipped, for -v

	// Accesses are the file's requests, when Linter.Accesses asks, in the
	// order of the file.
	Accesses []Access

	// UnboundNames counts the statements that name a table or index (of
	// theirs or of a member) by a $parameter, which lint does not bind:
	// validate.Check ran them without the schema.
	UnboundNames int
}

// Run lints files on every core and calls emit with the results in the
// order of files; it stops calling emit after emit's first error, and
// returns it. At most a few files per worker are in memory at once.
func (l *Linter) Run(files []Input, emit func(Result) error) error {
	workers := runtime.GOMAXPROCS(0)
	window := 4 * workers
	// Each file's result has a slot of a ring as long as the window: at
	// most window files are out at once, so memory does not grow with the
	// number of files.
	results := make([]chan Result, window)
	for i := range results {
		results[i] = make(chan Result, 1)
	}
	jobs := make(chan int)
	slots := make(chan struct{}, window)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte // the code files the prefilter drops are read into it
			for i := range jobs {
				results[i%window] <- l.file(files[i], &buf)
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
		r := <-results[i%window]
		<-slots
		if err == nil {
			err = emit(r)
		}
	}
	wg.Wait()
	return err
}
