//go:build e2e

package e2e

// The stories of the four group commands: a sign-up with a unique email
// (examples/registration.dx, one transact write) and a bulk load
// (examples/bulk-load.dx, a batch write too large for one request, which
// `dynexpr build --split` cuts), built by dynexpr and sent with AWS CLI v2.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The stories' files when examples/ does not have them yet: the same
// statements, parameters and table.
const (
	usersSchemaFallback = `tables:
  Users:
    key: {partition: pk}
    attributes: {pk: S, email: S, owner: S}
`
	registrationFallback = `register: transact write token $token {
  put Users item {pk: $user, email: $email} if attribute_not_exists(pk);
  put Users item {pk: $email_key, owner: $user}
    if attribute_not_exists(pk)
    return_on_failure old
};

whois: transact get {
  get Users key pk = $email_key select owner;
  get Users key pk = $user select email
}
`
)

// exampleOr returns examples/<name>, or a file of the run holding fallback
// when the examples folder has none yet.
func exampleOr(t *testing.T, name, fallback string) string {
	t.Helper()
	p := filepath.Join(repoRoot, "examples", name)
	if _, err := os.Stat(p); err == nil {
		return p
	}
	dir := filepath.Join(tmpDir, "examples-fallback")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p = filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(fallback), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("examples/%s not found: using the test's own copy of the story", name)
	return p
}

// buildAll builds with dynexpr and returns every jsonl line it prints (a
// --split prints several requests for one statement).
func buildAll(t testing.TB, args ...string) []BuiltStatement {
	t.Helper()
	args = append([]string{"build", "--output", "jsonl"}, args...)
	r := Dynexpr(t, "", args...)
	if r.Exit != 0 {
		t.Fatalf("dynexpr %s: exit %d\n%s", strings.Join(args, " "), r.Exit, r.Stderr)
	}
	var out []BuiltStatement
	for _, line := range strings.Split(strings.TrimSpace(r.Stdout), "\n") {
		var b BuiltStatement
		if err := json.Unmarshal([]byte(line), &b); err != nil {
			t.Fatalf("dynexpr %s: %v\n%s", strings.Join(args, " "), err, line)
		}
		var shown []string
		for _, a := range args[3:] {
			shown = append(shown, relRepo(a))
		}
		b.From = "dynexpr build " + strings.Join(shown, " ")
		out = append(out, b)
	}
	return out
}

// explainMemberRE is a member's line in `dynexpr explain` of a group:
// "- [1] put Users (examples/registration.dx:23)".
var explainMemberRE = regexp.MustCompile(`(?m)^\s*- \[(\d+)\] \w+ \S+ \((.+):(\d+)\)$`)

// explainMembers runs dynexpr explain on one statement and returns, for each
// member it numbers, the line of the file the member starts on.
func explainMembers(t *testing.T, schema, file, label string) map[int]int {
	t.Helper()
	r := Dynexpr(t, "", "explain", "--schema", schema, "-f", file, "--statement", label)
	if r.Exit != 0 {
		t.Fatalf("dynexpr explain %s: exit %d\n%s", label, r.Exit, r.Stderr)
	}
	lines := map[int]int{}
	for _, m := range explainMemberRE.FindAllStringSubmatch(r.Stdout, -1) {
		i, _ := strconv.Atoi(m[1])
		line, _ := strconv.Atoi(m[3])
		lines[i] = line
	}
	if len(lines) == 0 {
		t.Fatalf("dynexpr explain %s numbers no members:\n%s", label, r.Stdout)
	}
	return lines
}

// TestScenarioRegistration is the unique-email sign-up on dynoxide (dynalite
// has no transactions): the first registration writes the user's and the
// email's items; a second user with the same email is cancelled with
// CancellationReasons ConditionalCheckFailed at the member dynexpr explain
// numbers for the email's put, None at the other, and writes nothing; a
// transact get reads the items back.
func TestScenarioRegistration(t *testing.T) {
	schema := exampleOr(t, "users.yaml", usersSchemaFallback)
	file := exampleOr(t, "registration.dx", registrationFallback)
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	srcLines := strings.Split(string(src), "\n")

	// The member that puts the email's item is the one whose line starts
	// "put Users item {pk: $email_key".
	members := explainMembers(t, schema, file, "register")
	emailAt := -1
	for i, line := range members {
		if line >= 1 && line <= len(srcLines) && strings.Contains(srcLines[line-1], "pk: $email_key") {
			emailAt = i
		}
	}
	if emailAt < 0 {
		t.Fatalf("dynexpr explain numbers no member at the email's put (members at lines %v of %s)", members, relRepo(file))
	}
	t.Logf("dynexpr explain: the email's put is member [%d] (%s:%d)", emailAt, relRepo(file), members[emailAt])

	register := func(token, user, email string) BuiltStatement {
		return buildStatement(t, "--schema", schema, "-f", file, "--statement", "register",
			"-p", "token="+token, "-p", "user="+user, "-p", "email="+email, "-p", "email_key=EMAIL#"+email)
	}
	whois := func(user, email string) BuiltStatement {
		return buildStatement(t, "--schema", schema, "-f", file, "--statement", "whois",
			"-p", "user="+user, "-p", "email_key=EMAIL#"+email)
	}
	s := newScenario(t, Dynoxide(t), AWSv2(t), "scenario/registration", schema)
	first := register("signup-kp-1", "USER#kp", "kp@example.com")
	if first.Command != "transact-write-items" {
		t.Fatalf("register builds %q, want transact-write-items", first.Command)
	}
	s.mustAccept("register_kp", first)

	second := register("signup-kp2-1", "USER#kp2", "kp@example.com")
	r := s.send("register_kp2", second)
	Agreement.Check(t, s.rule, "register_kp2", r, Accepted())
	reasons := CancellationReasons(r)
	want := make([]string, len(members))
	for i := range want {
		want[i] = "None"
	}
	want[emailAt] = "ConditionalCheckFailed"
	if r.Code != TransactionCanceled || !reflect.DeepEqual(reasons, want) {
		t.Errorf("second registration with the same email: got %s; want TransactionCanceledException with CancellationReasons %v (ConditionalCheckFailed at member [%d], as dynexpr explain numbers it)",
			r.Outcome(), want, emailAt)
	}

	// return_on_failure old: the cancelled member carries the email's item
	// as it is, naming its owner. The CLI prints only the reasons' codes,
	// so this one request goes straight to the server to read them whole.
	in, _, err := RenameTable(register("signup-kp2-2", "USER#kp2", "kp@example.com").Input, s.names)
	if err != nil {
		t.Fatal(err)
	}
	err = s.srv.API("TransactWriteItems", in, nil)
	var body struct {
		CancellationReasons []struct {
			Code string
			Item map[string]json.RawMessage
		}
	}
	ae, ok := err.(*APIError)
	if !ok || json.Unmarshal([]byte(ae.Body), &body) != nil || len(body.CancellationReasons) != len(members) {
		t.Errorf("TransactWriteItems straight to the server: want TransactionCanceledException with %d CancellationReasons, got %v", len(members), err)
	} else if got := body.CancellationReasons[emailAt]; got.Code != "ConditionalCheckFailed" ||
		CompareResponse("get-item", []byte(fmt.Sprintf(`{"Item":%s}`, mustJSON(got.Item))), []byte(`{"pk":{"S":"EMAIL#kp@example.com"},"owner":{"S":"USER#kp"}}`)) != nil {
		t.Errorf("CancellationReasons[%d] = %s %s; want ConditionalCheckFailed with the email's item (return_on_failure old)", emailAt, got.Code, mustJSON(got.Item))
	}

	// Both items of the first sign-up, read as one snapshot; the second
	// wrote neither (its user's item is absent).
	whoisReturns := func(step string, b BuiltStatement, want string) {
		r := s.mustAccept(step, b)
		if err := CompareResponse(b.Command, withoutKey(t, r.Stdout, "pk"), []byte(want)); err != nil {
			t.Errorf("%s: %v", step, err)
		}
	}
	whoisReturns("whois_kp", whois("USER#kp", "kp@example.com"),
		`[{"Item":{"owner":{"S":"USER#kp"}}},{"Item":{"email":{"S":"kp@example.com"}}}]`)
	whoisReturns("whois_kp2", whois("USER#kp2", "kp@example.com"),
		`[{"Item":{"owner":{"S":"USER#kp"}}},{}]`)
}

// withoutKey removes the key attribute from each item of a transact get's
// Responses. dynoxide adds the key attributes to every projected item of
// TransactGetItems (its transact_get_items.rs does so on purpose, unlike
// its GetItem); whether DynamoDB does is not on record, so the story
// compares the attributes it selects and lets the key be there or not.
func withoutKey(t *testing.T, stdout, key string) []byte {
	t.Helper()
	var resp struct {
		Responses []map[string]map[string]json.RawMessage
	}
	if err := json.Unmarshal([]byte(stdout), &resp); err != nil {
		t.Fatalf("transact get answer: %v\n%s", err, stdout)
	}
	for _, r := range resp.Responses {
		delete(r["Item"], key)
	}
	b, _ := json.Marshal(resp)
	return b
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// TestScenarioBulkLoad is the bulk load on each server: the batch write of
// examples/bulk-load.dx holds more puts than one BatchWriteItem takes;
// `dynexpr build --split` prints it as several requests of at most 25,
// every one accepted with nothing left unprocessed; then a batch get
// built by dynexpr for every key returns exactly the items put.
func TestScenarioBulkLoad(t *testing.T) {
	schema := exampleOr(t, "users.yaml", usersSchemaFallback)
	var fallback strings.Builder
	fallback.WriteString("load_users: batch write {\n")
	for i := 0; i < 30; i++ {
		sep := ";"
		if i == 29 {
			sep = ""
		}
		fmt.Fprintf(&fallback, "  put Users item {pk: \"USER#u%02d\", email: \"u%02d@example.com\"}%s\n", i, i, sep)
	}
	fallback.WriteString("}\n")
	file := exampleOr(t, "bulk-load.dx", fallback.String())

	parts := buildAll(t, "--schema", schema, "-f", file, "--statement", "load_users", "--split")
	var items []map[string]json.RawMessage
	for i, p := range parts {
		var in struct {
			RequestItems map[string][]struct {
				PutRequest struct{ Item map[string]json.RawMessage }
			}
		}
		if err := json.Unmarshal(p.Input, &in); err != nil || p.Command != "batch-write-item" || len(in.RequestItems["Users"]) == 0 {
			t.Fatalf("--split request %d: want a batch-write-item of puts into Users, got %s %s (%v)", i+1, p.Command, p.Input, err)
		}
		if n := len(in.RequestItems["Users"]); n > 25 {
			t.Errorf("--split request %d holds %d write requests; BatchWriteItem takes at most 25", i+1, n)
		}
		for _, w := range in.RequestItems["Users"] {
			items = append(items, w.PutRequest.Item)
		}
	}
	if len(items) <= 25 || len(parts) != (len(items)+24)/25 {
		t.Fatalf("--split: %d requests for %d puts; want more than 25 puts in %d requests", len(parts), len(items), (len(items)+24)/25)
	}
	t.Logf("dynexpr build --split: %d puts in %d batch-write-item requests", len(items), len(parts))

	// A batch get of every key put, built by dynexpr too.
	sort.Slice(items, func(i, j int) bool { return string(items[i]["pk"]) < string(items[j]["pk"]) })
	var get strings.Builder
	get.WriteString("check_load: batch get {\n")
	for i, it := range items {
		var pk struct{ S string }
		_ = json.Unmarshal(it["pk"], &pk)
		sep := ";"
		if i == len(items)-1 {
			sep = ""
		}
		fmt.Fprintf(&get, "  get Users key pk = %s%s\n", strconv.Quote(pk.S), sep)
	}
	get.WriteString("}\n")
	getFile := filepath.Join(tmpDir, "bulk-load-check.dx")
	if err := os.WriteFile(getFile, []byte(get.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	check := buildStatement(t, "--schema", schema, "-f", getFile, "--statement", "check_load")
	wantItems, _ := json.Marshal(items)

	onEachServer(t, "scenario/bulk-load", schema, nil, nil, func(t *testing.T, s *scenario) {
		for i, p := range parts {
			r := s.mustAccept(fmt.Sprintf("load_users[%d]", i), p)
			var out struct{ UnprocessedItems map[string]json.RawMessage }
			r.JSON(t, &out)
			if len(out.UnprocessedItems) != 0 {
				t.Errorf("load_users[%d]: %s left UnprocessedItems %s", i, s.srv.Kind, mustJSON(out.UnprocessedItems))
			}
		}
		r := s.mustAccept("check_load", check)
		var out struct {
			Responses       map[string][]map[string]json.RawMessage
			UnprocessedKeys map[string]json.RawMessage
		}
		r.JSON(t, &out)
		got := out.Responses[s.names["Users"]]
		sort.Slice(got, func(i, j int) bool { return string(got[i]["pk"]) < string(got[j]["pk"]) })
		gotItems, _ := json.Marshal(got)
		if err := CompareResponse("scan", []byte(fmt.Sprintf(`{"Items":%s}`, gotItems)), wantItems); err != nil || len(out.UnprocessedKeys) != 0 {
			t.Errorf("check_load on %s: the batch get does not return the %d items loaded (unprocessed %s): %v", s.srv.Kind, len(items), mustJSON(out.UnprocessedKeys), err)
		}
	})
}
