package cli

import (
	"bytes"
	"encoding/json"
)

// encoding/json keeps the last of two members of the same name silently,
// and so would a parameter's value: {"a": 1, "a": 2} binds {"a": 2}. The
// DSL refuses {a: 1, a: 2}; parameters are refused the same way.

// duplicateKey finds the first member of a JSON object whose name an
// earlier member of the same object has: its name, the byte offset of its
// opening quote, and the depth of its object (1 for the top level). data
// must be valid JSON (what follows a syntax error is not looked at).
func duplicateKey(data []byte) (name string, off, depth int, found bool) {
	type frame struct {
		keys      map[string]bool // nil for an array
		expectKey bool
	}
	var stack []*frame
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].keys != nil {
			stack[n-1].expectKey = true
		}
	}
	for {
		start := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return "", 0, 0, false
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &frame{keys: map[string]bool{}, expectKey: true})
			case '[':
				stack = append(stack, &frame{})
			default:
				stack = stack[:len(stack)-1]
				valueDone()
			}
		case string:
			if top := len(stack) - 1; top >= 0 && stack[top].keys != nil && stack[top].expectKey {
				if stack[top].keys[t] {
					return t, keyStart(data, start), len(stack), true
				}
				stack[top].keys[t] = true
				stack[top].expectKey = false
				continue
			}
			valueDone()
		default:
			valueDone()
		}
		if len(stack) == 0 && !dec.More() {
			return "", 0, 0, false
		}
	}
}

// keyStart skips what separates a name from the token before it.
func keyStart(data []byte, off int) int {
	for off < len(data) && bytes.IndexByte([]byte(" \t\r\n,"), data[off]) >= 0 {
		off++
	}
	return off
}
