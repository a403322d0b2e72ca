package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

// helpOf is what `dynexpr ARGS... --help` prints, on one line (the help
// is wrapped, so a name may break across lines).
func helpOf(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := Run(append(args, "--help"), strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("dynexpr %s --help: exit status %d: %s", strings.Join(args, " "), code, stderr.String())
	}
	return strings.Join(strings.Fields(stdout.String()), " ")
}

// TestHelpListsEverySource: the help of every command that reads a schema
// names every source schema.Sources lists (Pulumi included), so that a new
// format cannot be left out of the help.
func TestHelpListsEverySource(t *testing.T) {
	for _, cmd := range [][]string{{"build"}, {"explain"}, {"lint"}, {"import"}, {"schema"}} {
		help := helpOf(t, cmd...)
		for _, s := range schema.Sources() {
			if !strings.Contains(help, s.Name) {
				t.Errorf("dynexpr %s --help does not name %q", cmd[0], s.Name)
			}
		}
	}
}

// TestHelpListsIgnoreForms: lint's help says how every input that takes
// ignore comments writes one (.partiql included), and not that only .dx
// files have them.
func TestHelpListsIgnoreForms(t *testing.T) {
	help := helpOf(t, "lint")
	for _, f := range validate.IgnoreForms {
		if want := "'" + f.Comment + " dynexpr:ignore RULE -- why' in " + f.Input; !strings.Contains(help, want) {
			t.Errorf("dynexpr lint --help does not say %q", want)
		}
	}
	for _, want := range []string{"*.partiql", "request JSON has none"} {
		if !strings.Contains(help, want) {
			t.Errorf("dynexpr lint --help does not say %q", want)
		}
	}
	if strings.Contains(help, "only in .dx files") {
		t.Errorf("dynexpr lint --help still says ignore comments exist only in .dx files")
	}
}
