package cli

import "testing"

func TestDuplicateKey(t *testing.T) {
	cases := []struct {
		json  string
		name  string
		off   int
		depth int
	}{
		{`{"a": 1, "b": 2}`, "", 0, 0},
		{`[{"a": 1}, {"a": 2}]`, "", 0, 0}, // different objects
		{`{"a": {"x": 1}, "b": {"x": 2}}`, "", 0, 0},
		{`{"a": {"x": 1}, "a": 2}`, "a", 16, 1},
		{`{"a": [1, {"b": 1, "b": 2}]}`, "b", 19, 3},
		{`{"a": 1,` + "\n  " + `"a": 2}`, "a", 11, 1},
		{`"a"`, "", 0, 0},
	}
	for _, c := range cases {
		name, off, depth, found := duplicateKey([]byte(c.json))
		if found != (c.name != "") || name != c.name || off != c.off || depth != c.depth {
			t.Errorf("duplicateKey(%s) = %q at %d depth %d (%v), want %q at %d depth %d", c.json, name, off, depth, found, c.name, c.off, c.depth)
		}
	}
}
