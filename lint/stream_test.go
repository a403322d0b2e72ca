package lint

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/heappeak"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/validate"
)

// TestRequestsKeepNoTree checks that lint reads a request file one request
// at a time: while it lints JSON Lines of 5,000 requests, the heap never
// holds much more than the file's bytes (its text twice, the findings),
// where keeping every request's tree held over twenty times them.
func TestRequestsKeepNoTree(t *testing.T) {
	var b strings.Builder
	for i := range 5_000 {
		fmt.Fprintf(&b, `{"name": "s%d", "command": "query", "input": {"TableName": "Tickets", "KeyConditionExpression": "#id = :id", "FilterExpression": "#p <= :p AND attribute_exists(#o)", "ExpressionAttributeNames": {"#id": "id", "#p": "priority", "#o": "openBucket"}, "ExpressionAttributeValues": {":id": {"S": "t%d"}, ":p": {"N": "%d"}}, "Limit": %d}}`+"\n", i, i, i%30, i%30+1)
	}
	src := []byte(b.String())
	l := &Linter{Rules: &validate.Config{}}
	// A collection at every 5% of growth: the heap sampled is about what
	// is live.
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	peak := heappeak.Sample()
	r := l.Text("q.jsonl", src, Request)
	held := peak()
	t.Logf("%d bytes of requests: %d bytes of heap at most (%.1f times)", len(src), held, float64(held)/float64(len(src)))
	if r.Requests != 5_000 {
		t.Fatalf("%d requests linted, want 5000 (findings %v)", r.Requests, r.Findings)
	}
	if limit := uint64(6 * len(src)); held > limit {
		t.Errorf("lint of %d bytes of requests held %d bytes of heap at once (%.1f times the file), want at most %d",
			len(src), held, float64(held)/float64(len(src)), limit)
	}
}

// TestRequestsDecidedAtTheEnd checks what is known only once every request
// of a file is read, one at a time: a walked file is request JSON when any
// of its objects is a request, and a file with a syntax error has no other
// finding, however many requests came before it.
func TestRequestsDecidedAtTheEnd(t *testing.T) {
	const bad = `{"TableName": "Tickets", "KeyConditionExpression": "id = :id"}`
	l := &Linter{Rules: &validate.Config{}}
	rules := func(r Result) (out []string) {
		for _, f := range r.Findings {
			out = append(out, fmt.Sprintf("%d:%s", f.Pos.Line, f.Rule))
		}
		return out
	}

	// Every object of a request file is checked as a request, in order.
	r := l.Text("walked.jsonl", []byte(`{"name": "x"}`+"\n"+bad+"\n"+bad+"\n"), MaybeRequest)
	want := "1:missing-request-member 1:unknown-request-member 2:undefined-placeholder 3:undefined-placeholder"
	if got := strings.Join(rules(r), " "); r.Skipped || r.Requests != 3 || got != want {
		t.Errorf("a walked file whose second object is a request: skipped %v (%s), %d requests, findings %s; want linted, 3 requests, %s",
			r.Skipped, r.Why, r.Requests, got, want)
	}

	r = l.Text("walked.jsonl", []byte(`{"name": "x"}`+"\n"+`{"Bucket": "b", "Key": "k"}`+"\n"), MaybeRequest)
	if !r.Skipped || r.Why != whyNotOneOf(t, `{"name": "x"}`) {
		t.Errorf("a walked file of no request: skipped %v, why %q; want skipped for its first object", r.Skipped, r.Why)
	}

	r = l.Text("named.jsonl", []byte(bad+"\n"+bad+"\n"+`{"TableName": `+"\n"), Request)
	want = "4:syntax-error"
	if got := strings.Join(rules(r), " "); r.Requests != 0 || got != want {
		t.Errorf("requests before a syntax error: %d requests, findings %s; want none but %s", r.Requests, got, want)
	}
}

// whyNotOneOf is why the one object src is not a request.
func whyNotOneOf(t *testing.T, src string) string {
	var why string
	if _, err := request.ParseEach("x.json", []byte(src), func(r *request.Request) error {
		why = whyNotOne(r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return why
}
