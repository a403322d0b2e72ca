package cli

import (
	"io"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/importer"
	"github.com/dynexpr/dynexpr/request"
	"github.com/spf13/cobra"
)

func newImportCmd(e *env) *cobra.Command {
	var awsCLIFlag string
	var schemas schemaFlags
	cmd := &cobra.Command{
		Use:   "import FILE...",
		Short: "Turn request JSON files into DSL statements",
		Long: `Read request JSON files — the inputs of 'aws dynamodb <command> --cli-input-json',
one object, an array of them, JSON Lines, or dynexpr's own jsonl output — and
print one DSL statement per request, each under a comment naming the request
(# FILE:LINE (COMMAND)) and labelled with its name where it has one. - reads
standard input.

Placeholders are resolved: #name becomes the attribute name, :value the
value written inline. Every request is linted first, as 'dynexpr lint' does
(against --schema or the config's schemas, with the config's severities),
and every statement is checked before it is printed: it must build the
request it came from (up to placeholder names), so that 'dynexpr build' of
the output asks DynamoDB for the same thing. A request lint finds an error
in, or that the DSL cannot say (a legacy parameter inside a batch get), is
an error at its place: the other requests are still printed, and the exit
status is 2.

Legacy parameters (KeyConditions, QueryFilter, ScanFilter, Expected,
AttributeUpdates, AttributesToGet, ConditionalOperator) are written as the
expressions that replaced them, and the statement gets a second comment line,
# imported from legacy parameters ...; ADD of a list in AttributeUpdates, which
appends, has no plain counterpart and is an error that says how to write it.

A file written for AWS CLI v1 holds binary values as text, which v1 sends as
its UTF-8 bytes: read it with --aws-cli v1 (or aws_cli: v1 in .dynexpr.yaml).`,
		Example: `  dynexpr import requests/open-tickets.json > queries.dx
  dynexpr import requests/*.json > queries.dx && dynexpr build -f queries.dx --output jsonl
  dynexpr build -f queries.dx --output jsonl | dynexpr import -`,
		Args:              cobra.MinimumNArgs(1),
		ValidArgsFunction: completeFiles(requestExts),
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.importRequests(args, awsCLIFlag, schemas)
		},
	}
	registerAWSCLI(e, cmd, &awsCLIFlag)
	schemas.register(cmd.Flags(), schemaFlagHelp(", that the requests are linted against (default: the schemas of .dynexpr.yaml)"))
	schemas.registerCompletions(e, cmd, nil, nil)
	return cmd
}

func (e *env) importRequests(args []string, awsCLIFlag string, schemas schemaFlags) error {
	proj, err := e.loadProject("", schemas, awsCLIFlag)
	if err != nil {
		return err
	}
	cli, vcfg, sch := proj.AWSCLI, proj.Rules, proj.Schema
	// Each request's statement is written as it is made, and dropped.
	var out request.ImportWriter
	var errs diag.List
	for _, a := range args {
		in, err := e.readInput(a)
		if err != nil {
			if a == "-" {
				return err
			}
			errs = diag.Append(errs, err)
			continue
		}
		// One request at a time: its JSON tree and its statement are
		// dropped once it is written. A file that turns out not to read
		// (a syntax error after some requests) takes back what was
		// written of it.
		mark, errsBefore := out.Mark(), len(errs)
		_, err = request.ParseEach(in.name, []byte(in.text), func(r *request.Request) error {
			if cli == builder.CLIv1 {
				r.FromCLIv1()
			}
			st, err := importer.Import(r, sch, vcfg)
			if err != nil {
				errs = diag.Append(errs, err)
				return nil
			}
			out.Add(r, st)
			return nil
		})
		if err != nil {
			out.Rewind(mark)
			errs = diag.Append(errs[:errsBefore], err)
		}
	}
	// A request that cannot be imported does not hold back the others: they
	// are printed, and its error makes the exit status 2.
	if _, err := io.WriteString(e.stdout, out.String()); err != nil {
		return err
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
