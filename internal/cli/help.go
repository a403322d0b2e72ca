package cli

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/schema"
	"github.com/dynexpr/dynexpr/validate"
)

// Help texts that list what a table decides are written from that table,
// so they cannot fall behind it: the schema sources from schema.Sources,
// the inputs that take ignore comments from validate.IgnoreForms
// (TestHelpListsEverySource, TestHelpListsIgnoreForms).

// schemaFlagHelp is the help of --schema: FILE, and which sources it may
// be; rest follows (what it defaults to).
func schemaFlagHelp(rest string) string {
	return "table schema `FILE` or folder: " + schema.SourceList() + "; repeatable" + rest
}

// ignoreHelp says where ignore comments are written, and how, for lint's
// help.
func ignoreHelp() string {
	var forms []string
	for _, f := range validate.IgnoreForms {
		forms = append(forms, "'"+f.Comment+" "+validate.IgnoreDirective+" RULE -- why' in "+f.Input)
	}
	return "An ignore comment silences a finding: " + strings.Join(forms[:len(forms)-1], ", ") + " and " + forms[len(forms)-1] +
		"; request JSON has none (JSON has no comments): silence a rule there with rules: in .dynexpr.yaml."
}

// wrapHelp fills each paragraph of s (paragraphs are separated by a blank
// line) into lines of at most 80 columns, as the hand-written help is.
func wrapHelp(s string) string {
	paras := strings.Split(s, "\n\n")
	for i, p := range paras {
		paras[i] = diag.Wrap(p, 80)
	}
	return strings.Join(paras, "\n\n")
}
