//go:build e2e

package e2e

// The four multi-item commands: transact-write-items, transact-get-items,
// batch-get-item, batch-write-item. Their requests name tables inside
// (TransactItems[i].<Op>.TableName, the keys of RequestItems), not at the top.

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/dynexpr/dynexpr/request"
)

// transactCommands are the commands dynalite 4.0.0 does not implement: it
// answers UnknownOperationException (TestDynaliteHasNoTransactions).
var transactCommands = map[string]bool{"transact-write-items": true, "transact-get-items": true}

// transactionOps are the members of a TransactItems element.
var transactionOps = []string{"Put", "Update", "Delete", "ConditionCheck", "Get"}

// noTransactions says why a case cannot be sent to srv: dynalite has no
// transactions. "" when it can.
func noTransactions(srv *Server, command string) string {
	if srv.Kind == KindDynalite && transactCommands[command] {
		return "dynalite 4.0.0 has no " + command + " (it answers UnknownOperationException; TestDynaliteHasNoTransactions)"
	}
	return ""
}

// groupCommand tells a multi-item request's command from its members:
// TransactItems of Get members → transact-get-items, of other members →
// transact-write-items; RequestItems of lists (write requests) →
// batch-write-item, of objects (keys and attributes) → batch-get-item. ""
// when it is no group request.
func groupCommand(obj map[string]json.RawMessage) string {
	if raw, ok := obj["TransactItems"]; ok {
		var items []map[string]json.RawMessage
		if json.Unmarshal(raw, &items) == nil {
			for _, it := range items {
				if _, ok := it["Get"]; ok {
					return "transact-get-items"
				}
			}
		}
		return "transact-write-items"
	}
	if raw, ok := obj["RequestItems"]; ok {
		// The first table's value tells: a list, or an object.
		var tables map[string]json.RawMessage
		if json.Unmarshal(raw, &tables) == nil && len(tables) > 0 {
			first := tables[slices.Sorted(maps.Keys(tables))[0]]
			if !strings.HasPrefix(strings.TrimSpace(string(first)), "[") {
				return "batch-get-item"
			}
		}
		return "batch-write-item"
	}
	return ""
}

// normalizeCommand is request.NormalizeCommand, which knows the single-item
// commands, and the group commands' spellings.
func normalizeCommand(s string) string {
	if c := request.NormalizeCommand(s); c != "" {
		return c
	}
	return groupCommandName(s)
}

// groupCommandNames are the spellings of the group commands a "command"
// member may use (as request.NormalizeCommand spells the others).
func groupCommandName(s string) string {
	k := strings.ToLower(strings.NewReplacer("-", "", "_", "", " ", "").Replace(s))
	for _, c := range []string{"transact-write-items", "transact-get-items", "batch-get-item", "batch-write-item"} {
		if k == strings.ReplaceAll(c, "-", "") {
			return c
		}
	}
	return ""
}

// RequestTables lists the tables a request names, in the order they appear
// (RequestItems: sorted), each once: its TableName, or each transaction
// member's, or the keys of RequestItems.
func RequestTables(doc []byte) []string {
	var names []string
	_, _ = renameTables(doc, func(old string) (string, error) {
		if !slices.Contains(names, old) {
			names = append(names, old)
		}
		return old, nil
	})
	return names
}

// renameTables rewrites every table name of a request or create-table input
// through rename: the top-level TableName, TransactItems[i].<Op>.TableName and
// the keys of RequestItems. Values are kept as they are (json.RawMessage), so
// numbers keep their digits; members come out in Go's order (sorted).
func renameTables(doc []byte, rename func(old string) (string, error)) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		return nil, err
	}
	renamed := false
	if raw, ok := m["TableName"]; ok {
		var old string
		if err := json.Unmarshal(raw, &old); err != nil {
			return nil, fmt.Errorf("TableName is not a string in %s", doc)
		}
		nu, err := rename(old)
		if err != nil {
			return nil, err
		}
		m["TableName"], _ = json.Marshal(nu)
		renamed = true
	}
	if raw, ok := m["TransactItems"]; ok {
		var items []map[string]map[string]json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return nil, fmt.Errorf("TransactItems: %v", err)
		}
		for i, it := range items {
			for _, op := range transactionOps {
				member, ok := it[op]
				if !ok {
					continue
				}
				var old string
				if err := json.Unmarshal(member["TableName"], &old); err != nil {
					return nil, fmt.Errorf("TransactItems[%d].%s has no TableName", i, op)
				}
				nu, err := rename(old)
				if err != nil {
					return nil, err
				}
				member["TableName"], _ = json.Marshal(nu)
				renamed = true
			}
		}
		m["TransactItems"], _ = json.Marshal(items)
	}
	if raw, ok := m["RequestItems"]; ok {
		var tables map[string]json.RawMessage
		if err := json.Unmarshal(raw, &tables); err != nil {
			return nil, fmt.Errorf("RequestItems: %v", err)
		}
		out := map[string]json.RawMessage{}
		for _, old := range slices.Sorted(maps.Keys(tables)) {
			nu, err := rename(old)
			if err != nil {
				return nil, err
			}
			out[nu] = tables[old]
			renamed = true
		}
		m["RequestItems"], _ = json.Marshal(out)
	}
	if !renamed {
		return nil, fmt.Errorf("no TableName, TransactItems or RequestItems in %s", doc)
	}
	return json.Marshal(m)
}

// maxTokenLen is the longest ClientRequestToken DynamoDB takes.
const maxTokenLen = 36

// tokensSent holds the ClientRequestTokens sent so far, by server.
var tokensSent sync.Map // server kind + "\x00" + token -> true

// freshToken returns the request to send to srv: as it is, unless its
// ClientRequestToken was sent to srv before, in this run. DynamoDB refuses a
// token reused on another request within ten minutes
// (IdempotentParameterMismatchException), and the suite sends one request
// to several table sets, renamed for each send, and archives share tokens;
// so a token met again is made unique (uniqueToken). The first send of a
// token goes as written: the token may be the case.
func freshToken(srv *Server, in []byte, tag string) []byte {
	var m struct{ ClientRequestToken *string }
	if json.Unmarshal(in, &m) != nil || m.ClientRequestToken == nil {
		return in
	}
	if _, seen := tokensSent.LoadOrStore(srv.Kind+"\x00"+*m.ClientRequestToken, true); !seen {
		return in
	}
	return uniqueToken(in, tag)
}

// uniqueToken ends a transaction's ClientRequestToken with tag, keeping its
// length in characters. A token over 36 characters is a case of
// token-too-long and stays as it is, like a request without one.
func uniqueToken(in []byte, tag string) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(in, &m) != nil {
		return in
	}
	var tok string
	if json.Unmarshal(m["ClientRequestToken"], &tok) != nil || tok == "" {
		return in
	}
	runes := []rune(tok)
	if len(runes) > maxTokenLen || len(tag) >= maxTokenLen {
		return in
	}
	if len(runes) >= len(tag) {
		tok = string(runes[:len(runes)-len(tag)]) + tag
	} else {
		tok += tag
	}
	m["ClientRequestToken"], _ = json.Marshal(tok)
	out, err := json.Marshal(m)
	if err != nil {
		return in
	}
	return out
}

// CancellationReason is one entry of a TransactionCanceledException's
// CancellationReasons.
type CancellationReason struct {
	Code    string `json:"Code"`
	Message string `json:"Message,omitempty"`
}

// transactionOperations are the API names of the transaction commands.
var transactionOperations = map[string]string{"transact-write-items": "TransactWriteItems", "transact-get-items": "TransactGetItems", "execute-transaction": "ExecuteTransaction"}

// readReasons fills r.Reasons when r is a transaction cancelled for a
// ValidationError: the CLI prints the reasons' codes only, and which
// message DynamoDB gave a member is the case, so the same request is sent
// again straight to the server to read them (a cancelled transaction
// wrote nothing; the token, if any, is the same one).
func readReasons(srv *Server, r *Result) {
	op := transactionOperations[r.Command]
	if op == "" || !slices.Contains(CancellationReasons(*r), "ValidationError") {
		return
	}
	var ae *APIError
	if !errors.As(srv.API(op, r.Input, nil), &ae) {
		return
	}
	var body struct{ CancellationReasons []CancellationReason }
	if json.Unmarshal([]byte(ae.Body), &body) == nil {
		r.Reasons = body.CancellationReasons
	}
}

// refusedTable returns the first of tables the server refused to create,
// with its answer ("" when none was refused).
func refusedTable(tables []string, refused map[string]string) (string, string) {
	for _, t := range tables {
		if why, ok := refused[t]; ok {
			return t, why
		}
	}
	return "", ""
}
