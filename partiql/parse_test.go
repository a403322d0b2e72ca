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

// TestParseErrors checks the messages and places of syntax errors, with
// their hints.
func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{`SELECT * FROM "T" WHERE a = 1 LIMIT 10`, `<arg>:1:31: error: DynamoDB's PartiQL has no LIMIT: the request's Limit member bounds the items read (aws dynamodb execute-statement --limit N), and NextToken pages on`},
		{`SELECT * FROM "T" JOIN "U"`, `<arg>:1:19: error: DynamoDB's PartiQL reads one table a statement: it has no JOIN`},
		{`SELECT COUNT(*) FROM "T"`, "<arg>:1:8: error: DynamoDB's PartiQL has no COUNT(...): SELECT returns items; for a count, the DSL's `select count` on a query or scan returns one"},
		{`SELECT * FROM my-table`, `<arg>:1:17: error: a name with "-" in it is written in double quotes, like "my-table"`},
		{`query Tickets key id = 1`, `<arg>:1:1: error: this looks like a dynexpr DSL statement (query), not PartiQL: put it in a .dx file, or pass it to dynexpr build on the command line`},
		{`open: SELECT * FROM "T"`, "<arg>:1:1: error: PartiQL statements have no labels: name a statement with a `-- name: open` comment line before it"},
		{`SELECT * FROM "T" WHERE value = 1`, `<arg>:1:25: error: "value" is a keyword of PartiQL: a name spelled like it is written in double quotes, "value"`},
		{`SELECT * FROM "T" WHERE a = {"k": 1}`, `<arg>:1:30: error: a tuple's key is a 'single-quoted' string: write 'k'`},
		{`SELECT * FROM "T" WHERE attribute_exists(a)`, `<arg>:1:25: error: "attribute_exists" is not a function of DynamoDB's PartiQL, which has attribute_type, begins_with, contains, list_append, set_add, set_delete, size: write attr IS NOT MISSING`},
		{"SELECT * FROM \"T\"\nWHERE", `<arg>:2:6: error: unexpected end of input; expected a value ('text', 12, TRUE, NULL, MISSING, [..], {..}, <<..>>, ?), an attribute or a function`},
		{`UPDATE "T" SET a = 1`, `<arg>:1:21: error: unexpected end of input; expected SET, REMOVE, or WHERE and the item's primary key, like WHERE pk = 'x'`},
		{`DELETE FROM "T" WHERE a = 1 RETURNING ALL`, `<arg>:1:42: error: unexpected end of input; expected ALL OLD *, MODIFIED OLD *, ALL NEW * or MODIFIED NEW *`},
		{"SELECT * FROM \"T\" WHERE a = `x`", `<arg>:1:29: error: unexpected character ` + "`" + `: a name is written in "double quotes", a string in 'single quotes'`},
		{`SELECT * FROM "T" WHERE a = 'open`, `<arg>:1:29: error: this string has no closing ': end it with ' (a ' inside is written '')`},
		{`SELECT * FROM "T" WHERE a IN (1, 2`, `<arg>:1:35: error: unexpected end of input; expected "," or ")"`},
		{`SELECT * FROM "T" WHERE a = 1 SELECT`, `<arg>:1:31: error: unexpected "SELECT"; expected AND, OR, ORDER BY or ";"`},
	}
	for _, c := range cases {
		_, err := Parse("<arg>", c.in)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s\n got: %v\nwant: %s", c.in, err, c.want)
		}
	}
}

func TestReturning(t *testing.T) {
	for in, want := range map[string]string{"ALL OLD": "ALL_OLD", "MODIFIED OLD": "UPDATED_OLD", "ALL NEW": "ALL_NEW", "modified new": "UPDATED_NEW"} {
		st, err := ParseStatement("<arg>", `UPDATE "T" SET a = 1 WHERE pk = 'x' RETURNING `+in+` *`)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Returning.ReturnValues(); got != want {
			t.Errorf("%s: ReturnValues %s, want %s", in, got, want)
		}
	}
}
