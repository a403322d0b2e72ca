package validate

import (
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
)

// TestKeyConditionCountWithoutSchema: a table's key has two attributes at
// most, so a query of a table with three tests is refused whatever the
// schema; an index's key may have more (multi-attribute keys), so without
// a schema a query of an index is left alone.
func TestKeyConditionCountWithoutSchema(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{`query Tickets key id = "a" and openedAt = "b" and subject = "c"`, true},
		{`query Orders index by-tenant-region key tenantId = "t1" and region = "eu" and createdAt = "2026"`, false},
		{`query Tickets key id = "a" and openedAt = "b"`, false},
	} {
		f, err := grammar.Parse("q.dx", tc.src)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, fd := range Check(f.Statements[0], nil, nil) {
			if fd.Rule == keyConditionInvalid.Name {
				got = append(got, fd.Message)
			}
		}
		fired := len(got) == 1 && strings.Contains(got[0], "Conditions can be of length 1 or 2 only")
		if fired != tc.want || len(got) > 1 {
			t.Errorf("%s: findings %q, want the count finding: %v", tc.src, got, tc.want)
		}
	}
}
