package request

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestParseRefusesWhatJSONReplaces: half a surrogate pair, and a byte that
// is not UTF-8, are errors at their place; encoding/json would read each as
// U+FFFD and DynamoDB refuses them.
func TestParseRefusesWhatJSONReplaces(t *testing.T) {
	for _, c := range []struct{ src, at, msg string }{
		{`{"TableName": "App", "Key": {"id": {"S": "x\ud800y"}}}`, `\ud800`, `\ud800 is half of a UTF-16 surrogate pair`},
		{`{"TableName": "App", "Key": {"id": {"B": "a\udcffb"}}}`, `\udcff`, `\udcff is half`},
		{`{"TableName": "App", "Key": {"id": {"BS": ["ok", "\ud800"]}}}`, `\ud800`, `\ud800 is half`},
		{`{"TableName": "App", "Key": {"id": {"S": "\ud83d\\ude00"}}}`, `\ud83d`, `\ud83d is half`},
		{`{"TableName": "App", "Key": {"id": {"S": "\ud83dx"}}}`, `\ud83d`, `\ud83d is half`},
		{`{"TableName": "App", "Key": {"id": {"S": "\ud83d\ud83d\ude00"}}}`, `\ud83d`, `\ud83d is half`},
		{`{"TableName": "App", "Key": {"\uDFFF": {"S": "a"}}}`, `\uDFFF`, `\uDFFF is half`},
		{"{\"TableName\": \"App\", \"Key\": {\"id\": {\"S\": \"caf\xe9\"}}}", "\xe9", "this byte is not UTF-8"},
		{"{\"TableName\": \"App\", \"Key\": {\"id\": {\"S\": \"\\n caf\xe9\"}}}", "\xe9", "this byte is not UTF-8"},
		{`{"TableName": "App", "Key": {"id": {"S": "a\x"}}}`, `\x`, "a JSON string with an invalid escape"},
	} {
		_, err := Parse("req.json", []byte(c.src))
		want := "req.json:1:" + strconv.Itoa(strings.Index(c.src, c.at)+1) + ": error: " + c.msg
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %s", c.src, err, want)
		}
	}
	for _, ok := range []string{`"\ud83d\ude00"`, `"\u00e9\n\t\/\\\""`, `"é"`, `"\uD83D\uDE00x"`} {
		f, err := Parse("req.json", []byte(`{"TableName": "App", "Key": {"id": {"S": `+ok+`}}}`))
		if err != nil {
			t.Errorf("%s: %v", ok, err)
			continue
		}
		var want string
		_ = json.Unmarshal([]byte(ok), &want)
		if got := f.Requests[0].Obj.Get("Key").Get("id").Get("S").Text; got != want {
			t.Errorf("%s: decoded %q, want %q", ok, got, want)
		}
	}
}

// FuzzDecodeString holds the string decoder against encoding/json, which
// turns each byte that is not UTF-8 and each unpaired surrogate escape into
// U+FFFD: in a string that holds no U+FFFD otherwise, the decoder refuses
// one exactly when encoding/json's text has U+FFFD, at a surrogate escape
// or a bad byte, and decodes the rest to the same text.
func FuzzDecodeString(f *testing.F) {
	for _, s := range []string{`"a"`, `"\ud83d\ude00"`, `"\udcff"`, `"\ud800x"`, `"\ud83d\\ude00"`, `"\ud83d\ud83d\ude00"`, `"\u00e9\n"`, `"\ud800\u0041"`, "\"caf\xe9\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		var s string
		if json.Unmarshal([]byte(raw), &s) != nil || len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' ||
			strings.Contains(raw, "\ufffd") || strings.Contains(strings.ToLower(raw), `\ufffd`) {
			return
		}
		got, at, msg := decodeString([]byte(raw[1 : len(raw)-1]))
		if (msg != "") != strings.ContainsRune(s, '\ufffd') {
			t.Fatalf("decodeString(%s) = %q, %d, %q; encoding/json decoded %q", raw, got, at, msg, s)
		}
		if msg == "" && got != s {
			t.Fatalf("decodeString(%s) = %q, encoding/json %q", raw, got, s)
		}
		rest := raw[1+at:]
		if r, _ := utf8.DecodeRuneInString(rest); msg != "" && !strings.HasPrefix(strings.ToLower(rest), `\ud`) && r != utf8.RuneError {
			t.Fatalf("decodeString(%s) at %d, neither a surrogate escape nor a bad byte", raw, at)
		}
	})
}
