package cli

import (
	"strings"
	"testing"
)

// TestParamsNotUTF8: a byte that is not UTF-8, in a plain -p value or in
// the JSON of -p name:=JSON, is refused at its place: the builder's JSON
// would carry U+FFFD instead, as encoding/json reads it.
func TestParamsNotUTF8(t *testing.T) {
	for flag, want := range map[string]string{
		"v=ab\xffc":      "-p v:1:3: error: this byte is not UTF-8",
		"v:=\"ab\xffc\"": "-p v:1:4: error: this byte is not UTF-8",
		`v:="ab\udfffc"`: `-p v:1:4: error: \udfff is half of a UTF-16 surrogate pair`,
	} {
		sources := map[string]string{}
		_, err := parseParams([]string{flag}, nil, sources, 0)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("-p %q: %v, want %s", flag, err, want)
		}
		if sources["-p v"] != flag[strings.IndexByte(flag, '=')+1:] {
			t.Errorf("-p %q: the caret's source is %q", flag, sources["-p v"])
		}
	}
	if _, err := parseParams([]string{"v=café", `w:="\u00e9\ud83d\ude00"`}, nil, map[string]string{}, 0); err != nil {
		t.Errorf("UTF-8: %v", err)
	}
}
