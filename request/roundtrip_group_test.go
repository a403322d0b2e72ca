package request

import (
	"bytes"
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
)

// groupCorpus are statements of the four groups, and the request options
// of the single commands: build → import → build must give the same bytes.
var groupCorpus = []string{
	`transact write token "req-7f3a" capacity total metrics {
	  put Users item {pk: "USER#kp", email: "kp@example.com"} if attribute_not_exists(pk);
	  put Users item {pk: "EMAIL#kp@example.com", owner: "USER#kp"} if attribute_not_exists(pk)
	    return_on_failure old;
	  update Accounts key id = "acc-1" set balance = balance - 10 if balance >= 10;
	  delete Sessions key id = "s-1";
	  check Accounts key id = "acc-2" if attribute_exists(id)
	}`,
	`transact get { get Users key pk = "USER#kp" select email; get Accounts key id = "acc-1" }`,
	`transact get capacity indexes { get Users key pk = "USER#kp" and sk = 3 select email, name, status }`,
	`batch get { get Users key pk = "USER#1" select email; get Users key pk = "USER#2" select email }`,
	`batch get capacity total {
	  get Users key pk = "USER#1" select email, name consistent;
	  get Accounts key id = "acc-1";
	  get Users key pk = "USER#2" select email, name consistent
	}`,
	`batch write { put Users item {pk: "USER#3"}; delete Users key pk = "USER#9" }`,
	`batch write metrics capacity indexes {
	  put Users item {pk: "USER#3", tags: <<"a", "b">>, n: 1.50};
	  put Accounts item {id: "acc-3", balance: 0, blob: b"SGVsbG8="};
	  delete Users key pk = "USER#9"
	}`,
	`put Users item {pk: "USER#1"} if attribute_not_exists(pk) return_on_failure old capacity total metrics`,
	`update Accounts key id = "a" set balance = balance + 1 return updated_new capacity indexes metrics`,
	`delete Sessions key id = "s-1" if attribute_exists(id) return_on_failure old`,
	`query Users key pk = "USER#1" capacity total`,
	`get Users key pk = "USER#1" capacity indexes`,
}

// TestRoundTripGroups: every statement of groupCorpus builds, imports back
// to a statement that builds the same request, byte for byte, and that
// statement is what its text parses to.
func TestRoundTripGroups(t *testing.T) {
	for _, src := range groupCorpus {
		f, err := grammar.Parse("corpus.dx", src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		st := f.Statements[0]
		_, first := buildRequest(t, st)
		rf, err := Parse("request.json", first)
		if err != nil {
			t.Fatal(err)
		}
		r := rf.Requests[0]
		if r.Command != st.Kind.Command() {
			t.Errorf("%s: the built request is taken for a %s", src, r.Command)
		}
		second := roundTrip(t, r)
		if !bytes.Equal(first, second) {
			t.Errorf("build → import → build changed the request:\n%s\nthen:\n%s", first, second)
		}
	}
}
