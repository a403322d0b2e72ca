// Command gencorpus writes a benchmark corpus: FILES files of STMTS
// statements each, over the example tables, a mix of clean statements and
// ones that trip rules (bench/corpus). The output is the same for the same
// arguments. With -builds, only statements build accepts, for measuring
// build and explain.
//
//	go run ./bench/gencorpus [-builds] DIR [FILES [STMTS]]
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/dynexpr/dynexpr/bench/corpus"
)

func main() {
	args := os.Args[1:]
	builds := len(args) > 0 && args[0] == "-builds"
	if builds {
		args = args[1:]
	}
	if len(args) < 1 {
		fmt.Fprintln(os.Stderr, "usage: gencorpus [-builds] DIR [FILES [STMTS]]")
		os.Exit(2)
	}
	dir := args[0]
	files, stmts := 1000, 100
	if len(args) > 1 {
		files, _ = strconv.Atoi(args[1])
	}
	if len(args) > 2 {
		stmts, _ = strconv.Atoi(args[2])
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	n := 0
	for f := 0; f < files; f++ {
		name := filepath.Join(dir, fmt.Sprintf("q%04d.dx", f))
		var text string
		text, n = corpus.File(n, stmts, builds)
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
