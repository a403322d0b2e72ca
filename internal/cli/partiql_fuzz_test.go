package cli

import (
	"os"
	"strconv"
	"testing"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
)

// FuzzBuildPartiQL runs build's path over whatever parses as a PartiQL
// script: each request it sends bound (every ? given a value, alternately
// a plain string and JSON), built and linted as build lints it. Nothing may
// panic; what builds must lint without a
// syntax error (it parsed) and with each finding inside the file.
//
//	go test ./internal/cli -run '^$' -fuzz FuzzBuildPartiQL -fuzztime 5m
func FuzzBuildPartiQL(f *testing.F) {
	data, err := os.ReadFile("../../examples/tickets.yaml")
	if err != nil {
		f.Fatal(err)
	}
	sch, err := schema.Parse("tickets.yaml", data)
	if err != nil {
		f.Fatal(err)
	}
	if ex, err := os.ReadFile("../../examples/tickets.partiql"); err == nil {
		f.Add(string(ex))
	}
	for _, s := range []string{
		`SELECT * FROM "Tickets" WHERE id = ?`,
		`SELECT a, b[1]."c d" FROM "Tickets"."open-tickets-index" WHERE openBucket = ? AND openedAt BETWEEN ? AND ? ORDER BY openedAt DESC`,
		"-- dynexpr:batch\nSELECT * FROM \"Tickets\" WHERE id = ?;\nSELECT * FROM \"Tickets\" WHERE id IN [?, ?]",
		"-- dynexpr:transaction\n-- dynexpr:ignore partiql-group-mixed -- fine\nEXISTS(SELECT * FROM \"Tickets\" WHERE id = ? AND priority > ?);\nUPDATE \"Tickets\" SET a = a + ?, b = list_append(b, [?]) REMOVE c WHERE id = ?",
		`INSERT INTO "Tickets" VALUE {'id': ?, 'openBucket': '', 's': <<'a', ?>>, 'm': {'x': [1, ?, NULL, MISSING]}}`,
		`DELETE FROM "Tickets" WHERE id = ? AND size(x) > ? RETURNING ALL OLD *`,
		`UPDATE "TicketsByCustomer" SET x = set_add(x, <<?>>) WHERE customerId = ? AND id = ? RETURNING MODIFIED NEW *`,
		`SELECT * FROM "Tickets" WHERE '?' = ? OR NOT begins_with("a", ?) AND attribute_type(a, ?)`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sc, err := partiql.ParseScript("f.partiql", src)
		if err != nil {
			return
		}
		params := grammar.Params{}
		for i := 1; i <= 64; i++ {
			name := strconv.Itoa(i)
			params[name] = grammar.Param{Text: "7"}
			if i%2 == 0 {
				params[name] = grammar.Param{Text: `["a", 1]`, JSON: true}
			}
		}
		n := 0
		for _, r := range scriptRequests(sc, "") {
			stmts, err := bindPartiQL(r.stmts, params, sch, map[string]bool{}, &n)
			if err != nil {
				return // more ?s than bound, or a value the ? cannot take
			}
			req, err := builder.BuildPartiQL(r.command, stmts, builder.CLIv2)
			if err != nil {
				continue
			}
			_ = req.JSON(false)
			for _, fd := range lintPartiQL(r, stmts, sch, nil) {
				if fd.Rule == "syntax-error" {
					t.Fatalf("%q built, and lint finds a syntax error: %s", src, fd.Message)
				}
				if fd.Pos.Offset < 0 || fd.Pos.Offset > len(src) {
					t.Fatalf("%q: a finding outside the file: %v %s", src, fd.Pos, fd.Message)
				}
			}
		}
	})
}
