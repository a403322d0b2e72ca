package validate

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Markdown is a rule's documentation page (docs/rules/NAME.md), generated
// from the catalog.
func Markdown(r *Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", r.Name)
	fmt.Fprintf(&b, "%s.\n\n", strings.TrimSuffix(upperFirst(r.Title), "."))
	fmt.Fprintf(&b, "- Severity: %s\n", r.Severity)
	fmt.Fprintf(&b, "- Applies to: %s\n", r.appliesTo())
	schema := "no"
	if r.NeedsSchema {
		schema = "yes (skipped, with one notice, when no schema is given)"
		if r.ReportOnly {
			schema = "yes (without one, the report knows no index to judge)"
		}
	}
	fmt.Fprintf(&b, "- Needs the schema: %s\n", schema)
	if r.RequestOnly {
		b.WriteString("- Only in request JSON files: the DSL cannot express this mistake\n")
	}
	if r.ReportOnly {
		b.WriteString("- Reported by `dynexpr report`, across every request it reads; `dynexpr lint` does not run it\n")
	}
	fmt.Fprintf(&b, "\n## Why\n\n%s\n", oneParagraph(r.Why))
	if len(r.DynamoMessages) > 0 {
		fmt.Fprintf(&b, "\nDynamoDB answers:\n\n```\n%s\n```\n", strings.Join(r.DynamoMessages, "\n"))
	}
	if bad := r.badForDocs(); bad != "" {
		fmt.Fprintf(&b, "\n## Bad\n\n```\n%s\n```\n", bad)
	}
	if r.Good != "" {
		fmt.Fprintf(&b, "\n## Good\n\n```\n%s\n```\n", r.Good)
	}
	b.WriteString(readersSection(r))
	if r.ReportOnly {
		// The report judges requests together: no one request's comment
		// can silence what many requests make.
		fmt.Fprintf(&b, "\n## Silence it\n\nIn `.dynexpr.yaml`, which `dynexpr report` reads as lint does: turn the rule off, or give it another severity (`--fail-on` counts that one):\n\n```yaml\nrules:\n  %s: off\n```\n", r.Name)
	} else if r.Unsilenceable != "" {
		fmt.Fprintf(&b, "\n## Silence it\n\nIt cannot be silenced: %s\n", oneParagraph(r.Unsilenceable))
	} else if r.RequestOnly {
		// JSON has no comments, and the AWS CLI refuses a request with any
		// member it does not know: request files are silenced per project.
		fmt.Fprintf(&b, "\n## Silence it\n\nRequest files have no ignore comments (JSON has none, and the AWS CLI refuses unknown members); turn the rule off for a project in `.dynexpr.yaml`:\n\n```yaml\nrules:\n  %s: off\n```\n", r.Name)
	} else {
		fmt.Fprintf(&b, "\n## Silence it\n\nOn the line before the statement:\n\n```\n# dynexpr:ignore %s -- why this is fine here\n```\n\nor for a whole project, in `.dynexpr.yaml`:\n\n```yaml\nrules:\n  %s: off\n```\n", r.Name, r.Name)
	}
	return b.String()
}

// HelpText is a rule's documentation as plain text, for `dynexpr rules NAME`
// and SARIF's help.
func HelpText(r *Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s\n\n%s\n", r.Name, r.Severity, r.Title, diag.Wrap(oneParagraph(r.Why), 78))
	if len(r.DynamoMessages) > 0 {
		fmt.Fprintf(&b, "\nDynamoDB answers:\n  %s\n", strings.Join(r.DynamoMessages, "\n  "))
	}
	if bad := r.badForDocs(); bad != "" {
		fmt.Fprintf(&b, "\nBad:\n%s\n", indent(bad, "  "))
	}
	if r.Good != "" {
		fmt.Fprintf(&b, "\nGood:\n%s\n", indent(r.Good, "  "))
	}
	fmt.Fprintf(&b, "\nApplies to: %s\n", r.appliesTo())
	if r.ReportOnly {
		b.WriteString("Reported by dynexpr report, across every request it reads; not by lint.\n")
	}
	if r.NeedsSchema {
		b.WriteString("Needs the schema (--schema or .dynexpr.yaml).\n")
	}
	if r.Unsilenceable != "" {
		fmt.Fprintf(&b, "\n%s\n", diag.Wrap("It cannot be silenced: "+r.WhyNotSilenced(), 78))
	}
	return b.String()
}

// ProjectURL is where dynexpr's repository is published.
const ProjectURL = "https://github.com/dynexpr/dynexpr"

// DocURL is the address of the page of the rule called name, its
// docs/rules/NAME.md on the repository's main branch (what an editor links
// a finding's rule to).
func DocURL(name string) string { return ProjectURL + "/blob/main/docs/rules/" + name + ".md" }

// Index is docs/rules/README.md: every rule with its severity and title.
func Index() string {
	var b strings.Builder
	b.WriteString("# Lint rules\n\nGenerated from dynexpr's rule catalog (`dynexpr rules` prints the same). Severity `error`: DynamoDB refuses the request; `warning`: DynamoDB accepts it and you get what you did not mean; `info`: advice.\n\n| rule | severity | schema | what |\n|---|---|---|---|\n")
	for _, r := range All() {
		schema := ""
		if r.NeedsSchema {
			schema = "yes"
		}
		what := strings.ReplaceAll(r.Title, "|", `\|`)
		if r.ReportOnly {
			what += " (`dynexpr report`)"
		}
		fmt.Fprintf(&b, "| [%s](%s.md) | %s | %s | %s |\n", r.Name, r.Name, r.Severity, schema, what)
	}
	return b.String()
}

// appliesTo is what the docs say r applies to: its AppliesTo, or else the
// statements its check runs on (Kinds), in their order.
func (r *Rule) appliesTo() string {
	if r.AppliesTo != "" {
		return r.AppliesTo
	}
	words := make([]string, len(r.Kinds))
	for i, k := range r.Kinds {
		words[i] = k.String()
	}
	return strings.Join(words, ", ")
}

// indent puts prefix before every line of s.
func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
