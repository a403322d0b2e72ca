package cli

import (
	"bufio"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/lint"
	"github.com/dynexpr/dynexpr/pricing"
	"github.com/dynexpr/dynexpr/report"
	"github.com/dynexpr/dynexpr/validate"
	"github.com/spf13/cobra"
)

type reportFlags struct {
	readFlags
	format   string
	cost     bool
	rates    []string
	rateFile string
	region   string
	itemSize string
	sample   string
	items    int64
}

func newReportCmd(e *env) *cobra.Command {
	var f reportFlags
	cmd := &cobra.Command{
		Use:   "report [PATH...]",
		Short: "Gather the requests per table and index: reads, writes, unused indexes",
		Long: `Read everything dynexpr lint reads (the same paths, .dynexpr.yaml, --requests,
--code and schema) and gather the requests per table and per index: the
requests that read each (file:line, label, the index, the attributes they
use), the writes and what each does to each index of its table (puts an
entry, changes its key, takes the item out, changes projected attributes
only, touches nothing it holds), and the findings that follow:

  unused-index                 no request reads the index (warning)
  possibly-unused-index        none dynexpr could read does, but a request
                               whose table or index the code computes may
  projection-wider-than-reads  the index projects attributes its reads never use
  index-key-rewrite            an update sets an index key: two index writes
  full-scan                    a Scan, or a PartiQL SELECT that runs as one (warning)
  filtered-read                a Query or Scan that reads and pays for what its
                               filter discards

A request whose table the code computes is listed as unresolved: no index
is called unused while such a request may read it.

--cost, with --rate LABEL=N (requests a second of the requests labelled
LABEL, repeatable) or --rates FILE (a YAML map of label to requests a
second), adds the units each table and global index consumes in a month and
what they cost, on demand and provisioned, Standard and Standard-IA, by
the dated price table of --region (us-east-1); a price the table has not
(Standard-IA's today) is said to be not in the price table. --item-size, --sample and
--items narrow the units as for explain --cost.

--format text, markdown (a pull-request comment), json or sarif.

Exit status: 0 no finding at --fail-on level or above (error by default,
which no report rule reaches: pass warning or info to fail CI on them); 1
such findings; 2 report could not run as asked.`,
		Example: `  dynexpr report --schema examples/tickets.yaml examples/tickets.dx
  dynexpr report --format markdown . > access-patterns.md
  dynexpr report --format json --fail-on warning .
  dynexpr report --cost --rate open_tickets=50 --rate resolve_77de=2 --item-size 1KB --schema examples/tickets.yaml examples/tickets.dx`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.accessReport(args, f)
		},
	}
	f.readFlags.register(e, cmd, "read")
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "text", "output format: "+strings.Join(report.Formats, ", "))
	fl.BoolVar(&f.cost, "cost", false, "add the units a month of the requests given a rate, and what they cost")
	fl.StringArrayVar(&f.rates, "rate", nil, "with --cost: `LABEL=N`, the requests labelled LABEL are sent N times a second; repeatable")
	fl.StringVar(&f.rateFile, "rates", "", "with --cost: the rates in `FILE`, a YAML map of label to requests a second")
	fl.StringVar(&f.region, "region", "us-east-1", "with --cost: the `REGION` whose prices to use: "+strings.Join(pricing.Regions(), ", "))
	registerItemFlags(fl, &f.itemSize, &f.sample, &f.items)
	e.completeFlag(cmd, "format", completeWords(report.Formats...))
	e.completeFlag(cmd, "region", completeWords(pricing.Regions()...))
	e.completeFlag(cmd, "rates", completeFiles(configExts))
	e.completeFlag(cmd, "sample", completeFiles(jsonExts))
	return cmd
}

// setCost gives b the rates, the prices and the items' sizes of --cost.
func (e *env) setCost(b *report.Builder, f reportFlags) error {
	if !f.cost {
		if len(f.rates) > 0 || f.rateFile != "" {
			return fmt.Errorf("--rate and --rates say what to cost: add --cost")
		}
		return nil
	}
	if len(f.rates) == 0 && f.rateFile == "" {
		return fmt.Errorf("--cost needs rates: --rate LABEL=N (requests a second), or --rates FILE")
	}
	prices, err := pricing.ForRegion(f.region)
	if err != nil {
		return fmt.Errorf("--region: %v", err)
	}
	hints, err := itemHints(e, f.itemSize, f.sample, f.items)
	if err != nil {
		return err
	}
	rates := map[string]*big.Rat{}
	for _, r := range f.rates {
		label, n, ok := strings.Cut(r, "=")
		rate, good := parseRate(n)
		if !ok || label == "" || !good {
			return fmt.Errorf("--rate %q: write LABEL=N, N requests a second such as 50 or 0.2", r)
		}
		rates[label] = rate
	}
	if f.rateFile != "" {
		text, err := e.limit.Read(f.rateFile)
		if err != nil {
			return diag.Errorf(diag.Pos{File: f.rateFile}, "cannot read the rates: %v", config.Cause(err))
		}
		list, err := config.ReadRates(f.rateFile, text)
		if err != nil {
			return err
		}
		for _, r := range list {
			rate, good := parseRate(r.Text)
			if !good {
				return diag.Errorf(r.Pos, "%q is no rate: a rate is written LABEL: N, N requests a second such as 50 or 0.2", r.Text)
			}
			rates[r.Label] = rate
		}
	}
	b.SetCost(prices, rates, hints)
	return nil
}

// parseRate reads a rate: decimal digits with an optional fraction, more
// than nothing.
func parseRate(s string) (*big.Rat, bool) {
	whole, frac, _ := strings.Cut(s, ".")
	if whole+frac == "" || strings.Trim(whole+frac, "0123456789") != "" || len(whole)+len(frac) > 30 {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok && r.Sign() > 0
}

// relToWorkingFolder returns what names an absolute path under the
// working folder relatively, as the paths the user gives are named.
func relToWorkingFolder() func(string) string {
	wd, wdErr := os.Getwd()
	return func(name string) string {
		if !filepath.IsAbs(name) || wdErr != nil {
			return name
		}
		if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
		return name
	}
}

func (e *env) accessReport(args []string, f reportFlags) error {
	if !slices.Contains(report.Formats, f.format) {
		return fmt.Errorf("--format %q: choose %s", f.format, strings.Join(report.Formats, ", "))
	}
	failOn, err := validate.ParseSeverity(f.failOn)
	if err != nil || failOn == validate.Off {
		return fmt.Errorf("--fail-on %q: choose error, warning or info", f.failOn)
	}
	// The project as lint reads it (the one loader), and lint's inputs.
	proj, err := e.loadProject(f.config, f.schemas, f.awsCLI, f.env...)
	if err != nil {
		return err
	}
	sch := proj.Schema
	files, _, err := lint.Inputs(args, f.requests, f.code, proj.Config)
	if err != nil {
		return err
	}
	linter := proj.Linter()
	linter.ReadStdin, linter.Accesses = e.readStdin, true
	b := report.NewBuilder(sch)
	b.SetRules(proj.Rules)
	if err := e.setCost(b, f); err != nil {
		return err
	}
	unreadable := false
	err = linter.Run(files, func(r lint.Result) error {
		if r.Skipped {
			return nil
		}
		unreadable = unreadable || r.Unreadable
		for _, a := range r.Accesses {
			b.Add(a)
		}
		// A file that does not read hides its requests: they are not
		// known, and no index is called unused for want of them.
		for _, fd := range r.Findings {
			if fd.Rule == "syntax-error" || fd.Rule == "unreadable-input" {
				b.Add(lint.Access{Pos: fd.Pos})
				fmt.Fprintf(e.stderr, "dynexpr: %s: %s: its requests are not in the report\n", fd.Pos, fd.Message)
				break
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	rep := b.Report(relToWorkingFolder())
	out := bufio.NewWriter(e.stdout)
	var version string
	if f.format == "sarif" {
		version = buildVersion().Version
	}
	if err := rep.Write(out, f.format, validate.PrintOptions{Version: version}); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if unreadable {
		return &exitError{code: exitBadInput}
	}
	for _, fd := range rep.Findings {
		if fd.Severity >= failOn {
			return &exitError{code: exitFindings}
		}
	}
	return nil
}
