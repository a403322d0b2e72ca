//go:build e2e

package e2e

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// GoldenCase is one folder golden/<group>/<case>/ (see README.md):
//
//	input.dx       one statement
//	args           optional: extra build arguments, one per line (blank lines ignored)
//	schema.yaml | schema.json | template.yaml   optional schema
//	request.json   the expected build output (present: the case builds cleanly)
//	error.txt      present: the build fails
//	command        optional: the aws dynamodb command (query, put-item, ...)
//	seed.json      optional: [{"table": T, "item": {DynamoDB JSON}}, ...] put first
//	expect.json    optional: the expected Items (query/scan, in order), Item
//	               (get-item) or Attributes (put/update/delete)
type GoldenCase struct {
	Dir         string
	Group, Name string
	Schema      string   // file name inside Dir, "" when none
	Args        []string // from args
	Command     string   // from command, "" when absent
	HasRequest  bool
	HasError    bool
	HasSeed     bool
	HasExpect   bool
}

// ID is group/name.
func (c GoldenCase) ID() string { return c.Group + "/" + c.Name }

// Eligible reports whether the case is sent to a server: it builds cleanly
// and has a schema to create tables from.
func (c GoldenCase) Eligible() bool { return c.HasRequest && c.Schema != "" }

// ForCLI reports whether the request is for the AWS CLI named cli: the
// one it was built for (--aws-cli in args, else v2), or any when it holds no
// binary value, the one thing the CLIs read differently.
func (c GoldenCase) ForCLI(cli string, request []byte) bool {
	want := "v2"
	if i := slices.Index(c.Args, "--aws-cli"); i >= 0 && i+1 < len(c.Args) {
		want = c.Args[i+1]
	}
	var doc any
	return cli == want || json.Unmarshal(request, &doc) == nil && !holdsBinary(doc)
}

// holdsBinary reports whether a decoded request holds a DynamoDB B or BS
// value anywhere.
func holdsBinary(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if len(x) == 1 && (k == "B" || k == "BS") || holdsBinary(e) {
				return true
			}
		}
	case []any:
		return slices.ContainsFunc(x, holdsBinary)
	}
	return false
}

var schemaFiles = []string{"schema.yaml", "schema.json", "template.yaml"}

// LoadGoldenCases finds every folder under root that holds an input.dx.
func LoadGoldenCases(root string) ([]GoldenCase, error) {
	var cases []GoldenCase
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if _, err := os.Stat(filepath.Join(p, "input.dx")); err != nil {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		c := GoldenCase{Dir: p}
		c.Group, c.Name, _ = strings.Cut(rel, "/")
		if c.Name == "" { // input.dx directly in golden/<group>/
			c.Name = c.Group
		}
		exists := func(name string) bool {
			_, err := os.Stat(filepath.Join(p, name))
			return err == nil
		}
		for _, s := range schemaFiles {
			if exists(s) {
				if c.Schema != "" {
					return fmt.Errorf("%s: two schema files, %s and %s", rel, c.Schema, s)
				}
				c.Schema = s
			}
		}
		c.HasRequest, c.HasError = exists("request.json"), exists("error.txt")
		c.HasSeed, c.HasExpect = exists("seed.json"), exists("expect.json")
		if b, err := os.ReadFile(filepath.Join(p, "args")); err == nil {
			c.Args = ParseArgsFile(string(b))
		}
		if b, err := os.ReadFile(filepath.Join(p, "command")); err == nil {
			c.Command = strings.TrimSpace(string(b))
		}
		cases = append(cases, c)
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].ID() < cases[j].ID() })
	return cases, err
}

// ParseArgsFile splits an args file: each line is one argument, as is (no
// shell quoting); blank lines are ignored, a trailing \r is dropped.
func ParseArgsFile(s string) []string {
	var args []string
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		args = append(args, line)
	}
	return args
}

var awsCommands = map[string]bool{
	"query": true, "scan": true, "get-item": true, "put-item": true, "update-item": true, "delete-item": true,
	"transact-write-items": true, "transact-get-items": true, "batch-get-item": true, "batch-write-item": true,
}

// commandOf returns the case's aws dynamodb command: the command file, or the
// "command" of `dynexpr build --output jsonl`.
func commandOf(t *testing.T, c GoldenCase) string {
	t.Helper()
	cmd := c.Command
	if cmd == "" {
		args := []string{"build", "--schema", c.Schema}
		args = append(args, c.Args...)
		args = append(args, "--output", "jsonl", "-f", "input.dx")
		r := Dynexpr(t, c.Dir, args...)
		if r.Exit != 0 {
			t.Fatalf("dynexpr %s: exit %d\n%s", strings.Join(args, " "), r.Exit, r.Stderr)
		}
		lines := strings.Split(strings.TrimSpace(r.Stdout), "\n")
		if len(lines) != 1 {
			t.Fatalf("dynexpr %s: want one jsonl line, got %d:\n%s", strings.Join(args, " "), len(lines), r.Stdout)
		}
		var l struct{ Command string }
		if err := json.Unmarshal([]byte(lines[0]), &l); err != nil {
			t.Fatalf("dynexpr --output jsonl: %v\n%s", err, lines[0])
		}
		cmd = l.Command
	}
	if !awsCommands[cmd] {
		t.Fatalf("command %q is not one of query, scan, get-item, put-item, update-item, delete-item, transact-write-items, transact-get-items, batch-get-item, batch-write-item", cmd)
	}
	return cmd
}

func goldenRoot() string {
	if *flagGolden != "" {
		return *flagGolden
	}
	return filepath.Join(repoRoot, "golden")
}

// TestGolden sends every golden case that builds cleanly and has a schema to
// dynoxide with the AWS CLI (v2, and v1 where present): the schema's tables
// are created fresh from `dynexpr schema --create-table`, seed.json is put,
// request.json must be accepted, and the response must match expect.json.
func TestGolden(t *testing.T) {
	root := goldenRoot()
	all, err := LoadGoldenCases(root)
	if err != nil {
		t.Fatalf("reading golden cases: %v", err)
	}
	var cases []GoldenCase
	for _, c := range all {
		if c.Eligible() {
			cases = append(cases, c)
		}
	}
	if len(cases) == 0 {
		t.Fatalf("no golden cases found: no folder under %s has input.dx, request.json and a schema (%s); %d case folders in all",
			root, strings.Join(schemaFiles, ", "), len(all))
	}
	t.Logf("%d of %d golden cases are sent to dynoxide", len(cases), len(all))
	srv := Dynoxide(t)
	clis := CLIs(t)
	for _, c := range cases {
		t.Run(c.ID(), func(t *testing.T) {
			t.Parallel()
			runGolden(t, c, srv, clis)
		})
	}
}

func runGolden(t *testing.T, c GoldenCase, srv *Server, clis []*CLI) {
	request, err := os.ReadFile(filepath.Join(c.Dir, "request.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(request) {
		t.Fatalf("request.json is not valid JSON")
	}
	var seeds []Seed
	if c.HasSeed {
		b, err := os.ReadFile(filepath.Join(c.Dir, "seed.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &seeds); err != nil {
			t.Fatalf("seed.json: %v", err)
		}
	}
	var expect []byte
	if c.HasExpect {
		if expect, err = os.ReadFile(filepath.Join(c.Dir, "expect.json")); err != nil {
			t.Fatal(err)
		}
	}
	command := commandOf(t, c)

	// The schema's --var are the build's: the tables are created with the
	// names the request carries.
	schemaArgs := []string{"schema", "--create-table"}
	for i := 0; i+1 < len(c.Args); i++ {
		if c.Args[i] == "--var" {
			schemaArgs = append(schemaArgs, c.Args[i], c.Args[i+1])
		}
	}
	sr := Dynexpr(t, c.Dir, append(schemaArgs, c.Schema)...)
	if sr.Exit != 0 {
		t.Fatalf("dynexpr schema --create-table %s: exit %d\n%s", c.Schema, sr.Exit, sr.Stderr)
	}
	creates, err := DecodeJSONStream([]byte(sr.Stdout))
	if err != nil || len(creates) == 0 {
		t.Fatalf("dynexpr schema --create-table %s: want create-table inputs, got %v\n%s", c.Schema, err, sr.Stdout)
	}

	for _, cli := range clis {
		if !c.ForCLI(cli.Name, request) {
			continue
		}
		t.Run(cli.Name, func(t *testing.T) {
			t.Parallel()
			suffix := uniqueSuffix()
			names := CreateTables(t, cli, srv, creates, suffix)
			PutSeeds(t, srv, seeds, names)
			req, _, err := RenameTable(request, names)
			if err != nil {
				t.Fatalf("request.json: %v", err)
			}
			req = freshToken(srv, req, suffix)
			r := cli.Run(t, srv, command, req)
			t.Logf("aws %s dynamodb %s: %s (%v)", cli.Name, command, r.Outcome(), r.Took.Round(1e6))
			if Agreement.Check(t, "golden/"+c.Group, c.Name, r, Accepted()) != AcceptedAsExpected {
				return
			}
			if expect != nil {
				if err := CompareResponse(command, []byte(r.Stdout), expect); err != nil {
					t.Error(err)
				}
			}
		})
	}
}
