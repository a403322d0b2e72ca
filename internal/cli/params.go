package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/internal/textfile"
	"github.com/dynexpr/dynexpr/request"
)

// parseParams reads -p name=value (a string, or the schema's type) and
// -p name:=JSON, and the --params files within limit. Each -p's value is
// kept in sources under the name its messages give it ("-p name"), for the
// caret under a problem in it.
func parseParams(flags []string, files []string, sources map[string]string, limit textfile.Limit) (grammar.Params, error) {
	params := grammar.Params{}
	given := map[string]string{} // name -> the -p that gave it
	for _, f := range flags {
		eq := strings.IndexByte(f, '=')
		if eq <= 0 {
			return nil, diag.Errorf(diag.Pos{File: "-p " + f}, "a parameter is written -p name=value or -p name:=JSON")
		}
		name, val, isJSON := f[:eq], f[eq+1:], false
		if strings.HasSuffix(name, ":") {
			name, isJSON = strings.TrimSuffix(name, ":"), true
		}
		name = strings.TrimPrefix(name, "$")
		if !grammar.IsParamName(name) {
			return nil, diag.Errorf(diag.Pos{File: "-p " + f}, "parameter name %q: use letters, digits and _", name)
		}
		if prev, dup := given[name]; dup {
			return nil, diag.Errorf(diag.Pos{File: "-p " + name}, "parameter $%s is given twice (-p %s, then -p %s): give it once", name, prev, f)
		}
		given[name] = f
		sources["-p "+name] = val
		if at := notUTF8(val); !isJSON && at >= 0 {
			// The builder's JSON would carry U+FFFD in its place.
			return nil, diag.Errorf(diag.PosAt("-p "+name, []byte(val), at), "this byte is not UTF-8, which DynamoDB requires: give the value as UTF-8")
		}
		if isJSON && json.Valid([]byte(val)) {
			if err := checkJSONText("-p "+name, []byte(val)); err != nil {
				return nil, err
			}
			if key, _, _, dup := duplicateKey([]byte(val)); dup {
				return nil, diag.Errorf(diag.Pos{File: "-p " + name}, "%q is given twice in this object: JSON objects take each name once", key)
			}
		}
		params[name] = grammar.Param{Text: val, JSON: isJSON, Source: "-p " + name}
	}
	for _, file := range files {
		if err := readParamsFile(file, params, limit); err != nil {
			return nil, err
		}
	}
	return params, nil
}

// readParamsFile reads --params FILE: a JSON object whose members bind
// parameters by name, each value taken as JSON (as -p name:=JSON).
func readParamsFile(file string, params grammar.Params, limit textfile.Limit) error {
	b, err := limit.Read(file)
	if err != nil {
		return diag.Errorf(diag.Pos{File: file}, "cannot read the parameters file: %v", config.Cause(err))
	}
	var obj map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&obj); err != nil {
		pos := diag.Pos{File: file}
		reason := "it is not valid JSON"
		switch e := err.(type) {
		case *json.SyntaxError:
			pos = diag.PosAt(file, b, int(e.Offset))
			reason = e.Error()
		case *json.UnmarshalTypeError:
			reason = "it holds " + e.Value
		}
		return diag.Errorf(pos, "a parameters file is one JSON object, like {\"id\": \"a91f\", \"n\": 5}; %s", reason)
	}
	if err := checkJSONText(file, b); err != nil {
		return err
	}
	if key, off, depth, dup := duplicateKey(b); dup {
		msg := fmt.Sprintf("%q is given twice in this object: JSON objects take each name once", key)
		if depth == 1 {
			msg = fmt.Sprintf("parameter %q is given twice in the parameters file: give it once", key)
		}
		return diag.Errorf(diag.PosAt(file, b, off), "%s", msg)
	}
	names := make([]string, 0, len(obj))
	for n := range obj {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if !grammar.IsParamName(n) {
			return diag.Errorf(diag.Pos{File: file}, "parameter name %q: use letters, digits and _", n)
		}
		if _, dup := params[n]; dup {
			continue // -p on the command line wins over the file
		}
		params[n] = grammar.Param{Text: string(obj[n]), JSON: true, Source: file}
	}
	return nil
}

// checkJSONText refuses in valid JSON what encoding/json lets through by
// writing U+FFFD in its place, a byte that is not UTF-8 and half a
// surrogate pair (\ud800), as request files are refused: with the
// reader of request files, at the place in src (named name).
func checkJSONText(name string, src []byte) error {
	_, err := request.ParseValue(name, src)
	return err
}

// notUTF8 is the offset of the first byte of s that is not UTF-8, or -1.
func notUTF8(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n <= 1 {
				return i
			}
		}
	}
	return -1
}
