package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/internal/textfile"
)

// parseParams reads -p name=value (a string, or the schema's type) and
// -p name:=JSON.
func parseParams(flags []string, files []string, limit textfile.Limit) (grammar.Params, error) {
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
		if isJSON && json.Valid([]byte(val)) {
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
