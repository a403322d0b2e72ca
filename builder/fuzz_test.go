package builder

import (
	"errors"
	"strconv"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// FuzzBuild builds whatever parses: Build must not panic, must return a
// positioned input error or a request of the right shape (checkRequest), and
// must give the same bytes twice.
//
//	go test ./builder -fuzz FuzzBuild -fuzztime 60s
func FuzzBuild(f *testing.F) {
	for _, s := range stableSources {
		f.Add(s)
	}
	for _, s := range benchSources {
		f.Add(s.src)
	}
	for _, s := range []string{
		`query Tbl key pk = 1 and sk between 2 and 3 filter a = [1, {x: b"AA=="}] select a, b.c[1] after pk = 1`,
		`query Tbl key tenantId = "t" and region = "eu" and createdAt = "x" and begins_with(orderId, "o")`,
		"scan Tbl filter `x[1]` = 1 or not attribute_type(`a.b`, SS) and size(c) in (1, 2) segment 1 of 3",
		`get Tbl key id = "a" and sk = 1 select a, b consistent`,
		`put Tbl item {s: <<"a">>, n: <<1>>, b: <<b"AA==">>, l: [], m: {}, z: null} if attribute_not_exists(id) return old`,
		`update Tbl key id = 1 set a = if_not_exists(a, 0) + 1, b = list_append(b, [1]) remove c add d 1 delete e <<"x">> return updated_new`,
		`delete Tbl key id = 1 if a <> b and contains(c, "x")`,
		`scan Tbl filter attribute_exists("x") and frob(a)`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, err := grammar.Parse("<fuzz>", src)
		if err != nil {
			return
		}
		for _, st := range file.Statements {
			r, err := Build(st)
			if err != nil {
				var de *diag.Error
				var dl diag.List
				if !errors.As(err, &de) && !errors.As(err, &dl) {
					t.Fatalf("%q: error %T is not a diag error: %v", src, err, err)
				}
				continue
			}
			again, err := Build(st)
			if err != nil || string(again.JSON(true)) != string(r.JSON(true)) {
				t.Fatalf("%q: a second build differs (%v)", src, err)
			}
			// Table names are the linter's business; the shape is ours.
			switch {
			case r.TransactItems != nil:
				for _, m := range r.TransactItems {
					m.Request.TableName = "Tbl"
				}
			case r.RequestItems != nil:
				renamed := make(map[string]*TableRequests, len(r.RequestItems))
				for i, name := range sortedKeys(r.RequestItems) {
					renamed["Tbl"+strconv.Itoa(i)] = r.RequestItems[name]
				}
				r.RequestItems = renamed
			default:
				r.TableName = "Tbl"
				if r.IndexName != "" {
					r.IndexName = "Idx"
				}
			}
			checkRequest(t, src, r)
		}
	})
}
