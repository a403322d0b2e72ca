package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"sort"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// readParamsFile reads --params FILE: a JSON object whose members bind
// parameters by name, each value taken as JSON (as -p name:=JSON).
func readParamsFile(file string, params grammar.Params) error {
	b, err := os.ReadFile(file)
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
	names := make([]string, 0, len(obj))
	for n := range obj {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if !validParamName(n) {
			return diag.Errorf(diag.Pos{File: file}, "parameter name %q: use letters, digits and _", n)
		}
		if _, dup := params[n]; dup {
			continue // -p on the command line wins over the file
		}
		params[n] = grammar.Param{Text: string(obj[n]), JSON: true, Source: file}
	}
	return nil
}
