package builder

import (
	"slices"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/diag"
)

// refusalSources are statements Build accepts and refuses, each refusal
// of a kind: keys, functions, sets, an unbound parameter.
var refusalSources = []string{
	`update Tbl key id = 1 set a = a + 1, b = list_append(b, [1]) remove c if attribute_exists(id) and size(d) > 2`,
	`query Tbl key pk = 1 and begins_with(sk, "a") filter contains(tags, "x") select a, b.c[0] limit 5`,
	`get Tbl key id = 1 or id = 2`,
	`scan Tbl filter begins_with("a", "b") and frobnicate(c) and d`,
	`update Tbl key id = $id set s = <<"a", 1>>`,
	`scan Tbl filter attribute_type(a, N)`,
	`transact write { put Tbl item {a: 1} return old; update Tbl key id = 1 set s = <<"a", 1>> capacity total }`,
	`batch write { put Tbl item {a: 1} if a = 1; update Tbl key id = 1 set b = 2 }`,
	`batch get { get Tbl key id = 1 select a; get Tbl key id = $id select b consistent }`,
}

// TestRefusalsAreBuildErrors: Refusals, which skips the placeholder stage,
// refuses exactly what Build refuses, and names a rule for each but an
// unbound parameter.
func TestRefusalsAreBuildErrors(t *testing.T) {
	for _, src := range refusalSources {
		st := parseOne(t, src)
		var built []string
		if _, err := Build(st); err != nil {
			for _, e := range diag.Append(nil, err) {
				built = append(built, e.Error())
			}
		}
		var refused []string
		for _, r := range Refusals(st) {
			refused = append(refused, r.Err.Error())
			if r.Rule == ruleNone && !strings.HasPrefix(r.Err.Msg, "parameter $") {
				t.Errorf("%s: %q has no rule", src, r.Err.Msg)
			}
		}
		slices.Sort(built)
		slices.Sort(refused)
		if !slices.Equal(built, refused) {
			t.Errorf("%s:\nBuild refuses    %q\nRefusals returns %q", src, built, refused)
		}
	}
}
