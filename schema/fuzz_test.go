package schema

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/google/go-cmp/cmp"
)

// FuzzParse feeds Parse anything, as a .json or a .yaml file. It must not
// panic; its errors must be positioned diag errors with lower-case
// messages; every position must agree with its offset; and what it loads
// must survive WriteYAML and CreateTableInputs.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.*")
	examples, _ := filepath.Glob("../examples/*.*")
	for _, file := range append(files, examples...) {
		if fi, err := os.Stat(file); err == nil && fi.IsDir() {
			continue // a folder source (cdk.out): its files are in the glob's next level
		}
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, strings.HasSuffix(file, ".json"))
	}
	f.Add([]byte("\xef\xbb\xbftables: {T1x: {key: {partition: a}, attributes: {a: S}}}"), false)
	f.Add([]byte("tables:\r  Tbl:\u2028    key: {partition: \"é\"}\x85    attributes: {\"é\": S}\r\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, isJSON bool) {
		file := "fuzz.yaml"
		if isJSON {
			file = "fuzz.json"
		}
		checkParse(t, file, data, Options{})
	})
}

// checkParse is what the fuzz targets check of one input, read with opt:
// checkParsed, then that the schema prints as project YAML that reads back
// the same (but for what project YAML does not record, ignoreOrigin) and
// makes create-table inputs.
func checkParse(t *testing.T, file string, data []byte, opt Options) {
	t.Helper()
	s, err := ParseWith(opt, file, data)
	if !checkParsed(t, file, data, s, err) {
		return
	}
	var buf bytes.Buffer
	if err := WriteYAML(&buf, s); err != nil {
		t.Fatalf("WriteYAML: %v", err)
	}
	back, err := Parse("written.yaml", buf.Bytes())
	if err != nil {
		t.Fatalf("Parse(WriteYAML(x)): %v\n%s", err, buf.Bytes())
	}
	if diff := cmp.Diff(s, back, ignorePos, ignoreOrigin); diff != "" {
		t.Fatalf("Parse(WriteYAML(x)) != x (-x +back):\n%s", diff)
	}
	if _, err := CreateTableInputs(s); err != nil {
		t.Fatalf("CreateTableInputs refuses a loaded schema: %v", err)
	}
}

// checkParsed checks what Parse made of data, as file: an error is a
// positioned diag error (a diag.List of two or more) with lower-case
// messages, and every position, of errors and of tables, agrees with its
// offset. It reports whether Parse returned a schema.
func checkParsed(t *testing.T, file string, data []byte, s *Schema, err error) bool {
	t.Helper()
	checkPos := func(what string, p diag.Pos) {
		if p.File != file {
			t.Fatalf("%s: position %+v names another file", what, p)
		}
		if p.IsValid() && diag.PosAt(file, data, p.Offset) != p {
			t.Fatalf("%s: position %+v, but its offset is at %+v", what, p, diag.PosAt(file, data, p.Offset))
		}
	}
	if err != nil {
		if s != nil {
			t.Fatal("Parse returned a schema and an error")
		}
		var list diag.List
		switch e := err.(type) {
		case *diag.Error:
			list = diag.List{e}
		case diag.List:
			if len(e) < 2 {
				t.Fatalf("a diag.List of %d errors", len(e))
			}
			list = e
		default:
			t.Fatalf("error of type %T: %v", err, err)
		}
		for _, e := range list {
			checkPos(e.Msg, e.Pos)
			if r, _ := utf8.DecodeRuneInString(e.Msg); e.Msg == "" || unicode.IsUpper(r) {
				t.Fatalf("message %q is not lower-case", e.Msg)
			}
		}
		return false
	}
	for _, tb := range s.Tables {
		checkPos("table "+tb.Name, tb.Pos)
		for _, ix := range tb.Indexes {
			checkPos("index "+ix.Name, ix.Pos)
		}
	}
	return true
}
