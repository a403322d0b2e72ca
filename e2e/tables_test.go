//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
)

// DecodeJSONStream splits a stream of JSON documents (one after another,
// separated by white space, as `dynexpr schema --create-table` prints them).
func DecodeJSONStream(data []byte) ([]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var docs []json.RawMessage
	for {
		var d json.RawMessage
		err := dec.Decode(&d)
		if err == io.EOF {
			return docs, nil
		}
		if err != nil {
			return docs, fmt.Errorf("document %d: %v", len(docs)+1, err)
		}
		docs = append(docs, d)
	}
}

// RenameTable returns doc (a request or create-table input) with its table
// names replaced through names (old name -> new name): the top-level
// TableName, or every transaction member's and every key of RequestItems.
// The first old name is returned too. It is an error when the document names
// no table or names does not know one.
func RenameTable(doc []byte, names map[string]string) ([]byte, string, error) {
	first := ""
	out, err := renameTables(doc, func(old string) (string, error) {
		if first == "" {
			first = old
		}
		nu, ok := names[old]
		if !ok || old == "" {
			known := make([]string, 0, len(names))
			for k := range names {
				known = append(known, k)
			}
			sort.Strings(known)
			return "", fmt.Errorf("table %q is not one of the schema's tables %v", old, known)
		}
		return nu, nil
	})
	return out, first, err
}

// CreateTables creates the tables of createTableInputs on srv with cli (the
// create-table inputs go through the real CLI), each renamed with suffix so
// that every case has its own, and waits until they are ACTIVE. It returns the
// mapping from the documents' names to the created ones; a table the server
// refuses fails the test.
func CreateTables(t testing.TB, cli *CLI, srv *Server, createTableInputs []json.RawMessage, suffix string) map[string]string {
	t.Helper()
	names, refused := createTablesTolerant(t, cli, srv, createTableInputs, suffix)
	for _, old := range slices.Sorted(maps.Keys(refused)) {
		t.Fatalf("create-table %s refused: %s", old, refused[old])
	}
	return names
}

// createTablesTolerant is CreateTables, except that a table the server
// refuses to create is returned with the server's answer instead of failing
// the test (orders.yaml's multi-attribute GSI key is new to DynamoDB).
func createTablesTolerant(t testing.TB, cli *CLI, srv *Server, docs []json.RawMessage, suffix string) (names map[string]string, refused map[string]string) {
	t.Helper()
	names, refused = map[string]string{}, map[string]string{}
	for _, doc := range docs {
		var d struct{ TableName string }
		if err := json.Unmarshal(doc, &d); err != nil || d.TableName == "" {
			t.Fatalf("create-table input without TableName: %s", doc)
		}
		names[d.TableName] = d.TableName + suffix
	}
	for _, doc := range docs {
		in, old, err := RenameTable(doc, names)
		if err != nil {
			t.Fatal(err)
		}
		// The first time a CLI meets a document, it goes through the CLI (that
		// is what users do with it); after that, straight to the server (a CLI
		// call costs about a second).
		key := cli.Name + "\x00" + srv.Kind + "\x00" + string(doc)
		if _, seen := createdViaCLI.LoadOrStore(key, true); seen {
			if err := srv.API("CreateTable", in, nil); err != nil {
				refused[old] = err.Error()
				continue
			}
		} else {
			r := cli.Run(t, srv, "create-table", in)
			if !r.OK() {
				refused[old] = r.Outcome()
				continue
			}
		}
		srv.WaitActive(t, names[old])
	}
	return names, refused
}

// createdViaCLI holds the create-table documents already sent through a CLI.
var createdViaCLI sync.Map

// Seed is one item put before a golden case's request (seed.json is an array).
type Seed struct {
	Table string          `json:"table"`
	Item  json.RawMessage `json:"item"`
}

// PutSeeds puts the seed items into the renamed tables (directly, not through
// the CLI: seeds are test data, not dynexpr's output).
func PutSeeds(t testing.TB, srv *Server, seeds []Seed, names map[string]string) {
	t.Helper()
	for i, s := range seeds {
		table, ok := names[s.Table]
		if !ok {
			t.Fatalf("seed %d: table %q is not in the schema", i+1, s.Table)
		}
		in := map[string]any{"TableName": table, "Item": s.Item}
		if err := srv.API("PutItem", in, nil); err != nil {
			t.Fatalf("seed %d (%s): %v", i+1, s.Table, err)
		}
	}
}

// ResponseField is the part of a response that expect.json holds.
func ResponseField(command string) string {
	switch command {
	case "query", "scan":
		return "Items"
	case "get-item":
		return "Item"
	case "transact-get-items", "batch-get-item":
		return "Responses"
	case "batch-write-item":
		return "UnprocessedItems"
	default: // put-item, update-item, delete-item with ReturnValues
		return "Attributes"
	}
}

// CompareResponse compares the expected part of a response with want (the
// contents of expect.json). For query/scan a missing Items is []; for the
// others a missing field is null. Set members (SS, NS, BS) compare in any order.
func CompareResponse(command string, stdout []byte, want []byte) error {
	field := ResponseField(command)
	var resp map[string]json.RawMessage
	if err := json.Unmarshal(stdout, &resp); err != nil {
		return fmt.Errorf("response is not a JSON object: %v\n%s", err, stdout)
	}
	got, ok := resp[field]
	if !ok {
		got = json.RawMessage("null")
		if field == "Items" {
			got = json.RawMessage("[]")
		}
	}
	g, err := normalJSON(got)
	if err != nil {
		return fmt.Errorf("response %s: %v", field, err)
	}
	w, err := normalJSON(want)
	if err != nil {
		return fmt.Errorf("expect.json: %v", err)
	}
	if reflect.DeepEqual(g, w) {
		return nil
	}
	gi, _ := json.MarshalIndent(g, "", "  ")
	wi, _ := json.MarshalIndent(w, "", "  ")
	return fmt.Errorf("response %s differs from expect.json\n--- got ---\n%s\n--- want ---\n%s", field, gi, wi)
}

// normalJSON decodes data keeping numbers as text and sorting the members of
// DynamoDB sets, so that two documents compare with reflect.DeepEqual.
func normalJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return sortSets(v), nil
}

func sortSets(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = sortSets(e)
		}
		if len(x) == 1 {
			for k, e := range x {
				if k == "SS" || k == "NS" || k == "BS" {
					if l, ok := e.([]any); ok {
						sort.Slice(l, func(i, j int) bool { return fmt.Sprint(l[i]) < fmt.Sprint(l[j]) })
					}
				}
			}
		}
		return x
	case []any:
		for i, e := range x {
			x[i] = sortSets(e)
		}
		return x
	default:
		return v
	}
}

// itemNames lists an item's attribute names, sorted (for messages).
func itemNames(item map[string]json.RawMessage) string {
	var n []string
	for k := range item {
		n = append(n, k)
	}
	sort.Strings(n)
	return strings.Join(n, ",")
}
