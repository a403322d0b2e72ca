// Package goldenfile compares what a test computes with a file kept in the
// repository (the create-table inputs of a schema, what an import prints,
// the errors it reports), and under `go test -update` rewrites the file
// instead. The packages whose tests keep such files take their -update
// flag from here, so that it means the same everywhere.
package goldenfile

import (
	"errors"
	"flag"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Update is the -update flag: rewrite the files instead of comparing them.
var Update = flag.Bool("update", false, "rewrite the expected files from what the tests compute (review them with git diff)")

// Check compares got with the file at path, an absent file standing for
// empty output. With -update it writes the file instead, or removes it
// when got is empty.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *Update {
		if got == "" {
			if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Fatal(err)
			}
			return
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(Read(t, path), got); diff != "" {
		t.Errorf("%s differs (-want +got; go test -update rewrites it, review with git diff):\n%s", path, diff)
	}
}

// Read returns the text of the file at path, "" when there is none.
func Read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return string(b)
}
