package partiql

import "testing"

func TestParseSimple(t *testing.T) {
	for _, src := range []string{
		`SELECT * FROM "Tickets" WHERE id = 'a91f'`,
		`SELECT a, b.c, d[0] FROM "Tickets"."open-index" WHERE pk = ? AND sk BETWEEN 1 AND 9 ORDER BY sk DESC`,
		`INSERT INTO "T" VALUE {'pk': 'a', 'n': -1.5e3, 's': <<'x','y'>>, 'l': [1, TRUE, NULL], 'm': {'k': ?}}`,
		`UPDATE "T" SET a = a + 1, b = list_append(b, [1]) REMOVE c WHERE pk = 'x' RETURNING ALL NEW *`,
		`DELETE FROM T WHERE pk = 'x' AND sk = 2 RETURNING ALL OLD *`,
		`EXISTS(SELECT * FROM "T" WHERE pk = 'x' AND x IS NOT MISSING)`,
		`select * from t where begins_with(sk, 'a') or not (x in [1,2] and size(y) > 3)`,
	} {
		if _, err := Parse("<arg>", src); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}
