// Package dxtest reads DSL text in the tests of the packages that take
// parsed statements (builder, validate, explain), so that each does not
// write its own parse-and-check.
package dxtest

import (
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
)

// Statement parses src as the text of file, which must hold exactly one
// statement (a group counts as one), and returns it; anything else fails t.
func Statement(t testing.TB, file, src string) *grammar.Statement {
	t.Helper()
	f, err := grammar.Parse(file, src)
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	if len(f.Statements) != 1 {
		t.Fatalf("parse %q: %d statements, want 1", src, len(f.Statements))
	}
	return f.Statements[0]
}
