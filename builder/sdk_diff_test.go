package builder

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

// The differential tests: every statement Build accepts must get from the
// builder's own expression writer exactly what the SDK oracle
// (sdk_oracle_test.go) builds: the same five expressions, the same name
// map, and values equal by their canonical JSON.

// sdkDisagreement builds st both ways and says how they differ, "" when
// they agree. built is false when Build refuses st (nothing to compare).
func sdkDisagreement(st *grammar.Statement) (diff string, built bool) {
	r, err := Build(st)
	if err != nil {
		return "", false
	}
	if !st.Kind.IsGroup() {
		return sdkCompare(st, r), true
	}
	// A group: each member against the oracle, as the statement alone;
	// in a batch get, a table's projection is its first get's (the others
	// select the same attributes, maybe in another order).
	var out []string
	first := map[string]*grammar.Statement{}
	for i, m := range st.Members {
		if st.Kind == grammar.KindBatchGet {
			if f := first[m.Table.Name]; f != nil {
				m = f
			} else {
				first[m.Table.Name] = m
			}
		}
		if d := sdkCompare(m, memberExpressions(st, r, i)); d != "" {
			out = append(out, fmt.Sprintf("member %d: %s", i, d))
		}
	}
	return strings.Join(out, "\n"), true
}

// memberExpressions is the request that holds member i's expressions and
// placeholder maps in the group request r: its TransactItems element, its
// table's KeysAndAttributes, or nothing (a batch write has none).
func memberExpressions(st *grammar.Statement, r *Request, i int) *Request {
	switch st.Kind {
	case grammar.KindTransactWrite, grammar.KindTransactGet:
		return r.TransactItems[i].Request
	case grammar.KindBatchGet:
		t := r.RequestItems[st.Members[i].Table.Name]
		return &Request{ProjectionExpression: t.ProjectionExpression, ExpressionAttributeNames: t.ExpressionAttributeNames}
	}
	return &Request{}
}

// sdkCompare says how the expressions of r, built from st, differ from
// the oracle's.
func sdkCompare(st *grammar.Statement, r *Request) string {
	want, err := sdkBuild(st)
	if err != nil {
		return fmt.Sprintf("Build accepts it, the SDK oracle does not: %v", err)
	}
	var out []string
	for _, e := range []struct{ kind, got, want string }{
		{"KeyConditionExpression", r.KeyConditionExpression, want.KeyCondition},
		{"FilterExpression", r.FilterExpression, want.Filter},
		{"ConditionExpression", r.ConditionExpression, want.Condition},
		{"ProjectionExpression", r.ProjectionExpression, want.Projection},
		{"UpdateExpression", r.UpdateExpression, want.Update},
	} {
		if e.got != e.want {
			out = append(out, fmt.Sprintf("%s:\n  builder %q\n  SDK     %q", e.kind, e.got, e.want))
		}
	}
	if len(r.ExpressionAttributeNames)+len(want.Names) > 0 && !cmp.Equal(r.ExpressionAttributeNames, want.Names) {
		out = append(out, "ExpressionAttributeNames (-SDK +builder):\n"+cmp.Diff(want.Names, r.ExpressionAttributeNames))
	}
	got := map[string]string{}
	for k, v := range r.ExpressionAttributeValues {
		got[k] = canonicalJSON((&Request{Item: map[string]Value{"v": v}}).JSON(false))
	}
	sdk := map[string]string{}
	for k, av := range want.Values {
		data, err := json.Marshal(map[string]any{"Item": map[string]any{"v": sdkJSON(av)}})
		if err != nil {
			return err.Error()
		}
		sdk[k] = canonicalJSON(data)
	}
	if !cmp.Equal(got, sdk) {
		out = append(out, "ExpressionAttributeValues (-SDK +builder):\n"+cmp.Diff(sdk, got))
	}
	return strings.Join(out, "\n")
}

// canonicalJSON rewrites a JSON document with encoding/json's spelling:
// keys sorted, compact.
func canonicalJSON(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return "invalid JSON: " + err.Error()
	}
	out, err := json.Marshal(x)
	if err != nil {
		return err.Error()
	}
	return string(out)
}

// sdkJSON is an SDK AttributeValue as DynamoDB JSON, for encoding/json.
func sdkJSON(av types.AttributeValue) any {
	b64 := base64.StdEncoding.EncodeToString
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return map[string]any{"S": v.Value}
	case *types.AttributeValueMemberN:
		return map[string]any{"N": v.Value}
	case *types.AttributeValueMemberB:
		return map[string]any{"B": b64(v.Value)}
	case *types.AttributeValueMemberBOOL:
		return map[string]any{"BOOL": v.Value}
	case *types.AttributeValueMemberNULL:
		return map[string]any{"NULL": v.Value}
	case *types.AttributeValueMemberL:
		list := []any{}
		for _, it := range v.Value {
			list = append(list, sdkJSON(it))
		}
		return map[string]any{"L": list}
	case *types.AttributeValueMemberM:
		m := map[string]any{}
		for k, it := range v.Value {
			m[k] = sdkJSON(it)
		}
		return map[string]any{"M": m}
	case *types.AttributeValueMemberSS:
		return map[string]any{"SS": append([]string{}, v.Value...)}
	case *types.AttributeValueMemberNS:
		return map[string]any{"NS": append([]string{}, v.Value...)}
	case *types.AttributeValueMemberBS:
		list := []string{}
		for _, b := range v.Value {
			list = append(list, b64(b))
		}
		return map[string]any{"BS": list}
	}
	return nil
}

// corpusSource is a text that may hold statements, or statements already
// made (by `dynexpr import` from a request file), and where it is from.
type corpusSource struct {
	where, text string
	made        []*grammar.Statement
}

// statements are the statements of a source.
func (c corpusSource) statements() []*grammar.Statement {
	if c.made != nil {
		return c.made
	}
	return corpusStatements(c.text)
}

// sdkCorpus gathers the repository's statements: the golden inputs, the
// examples, the .dx files of the rule tests, the lines of the docs, every
// string literal of every Go test file (the test tables of builder,
// grammar, validate, request, ...), and the statements `dynexpr import`
// makes of every JSON request file (golden requests, import cases), which
// are built by request's converter rather than the parser. Most literals
// are not statements; what does not parse is dropped later.
func sdkCorpus(t testing.TB) []corpusSource {
	t.Helper()
	root := ".."
	var out []corpusSource
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		switch {
		case strings.HasSuffix(rel, ".dx"), strings.HasSuffix(rel, ".md"):
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out = append(out, corpusSource{where: rel, text: string(data)})
		case strings.HasSuffix(rel, ".json") && !strings.HasPrefix(d.Name(), "package"):
			if made := importedStatements(path); len(made) > 0 {
				out = append(out, corpusSource{where: rel, made: made})
			}
		case strings.HasSuffix(rel, ".txtar"):
			a, err := txtar.ParseFile(path)
			if err != nil {
				return err
			}
			for _, f := range a.Files {
				if strings.HasSuffix(f.Name, ".dx") {
					out = append(out, corpusSource{where: rel + ":" + f.Name, text: string(f.Data)})
				}
			}
		case strings.HasSuffix(rel, "_test.go"):
			lits, err := stringLiterals(path)
			if err != nil {
				return err
			}
			for _, l := range lits {
				out = append(out, corpusSource{where: rel, text: l})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// importedStatements are the statements import makes of the requests of
// a JSON file; none when it holds no requests it can import.
func importedStatements(path string) []*grammar.Statement {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	f, err := request.Parse(path, data)
	if err != nil {
		return nil
	}
	var out []*grammar.Statement
	for _, r := range f.Requests {
		if st, err := r.Statement(); err == nil {
			out = append(out, st)
		}
	}
	return out
}

// stringLiterals are the string constants of a Go file.
func stringLiterals(path string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil {
				out = append(out, s)
			}
		}
		return true
	})
	return out, nil
}

// corpusStatements parses a source whole, or line by line when it does not
// parse whole (a file of statements with errors, a doc page).
func corpusStatements(text string) []*grammar.Statement {
	if f, err := grammar.Parse("<corpus>", text); err == nil {
		return f.Statements
	}
	var out []*grammar.Statement
	if !strings.Contains(text, "\n") {
		return nil
	}
	for _, line := range strings.Split(text, "\n") {
		if f, err := grammar.Parse("<corpus>", strings.TrimSpace(line)); err == nil {
			out = append(out, f.Statements...)
		}
	}
	return out
}

// TestSDKAgreement builds every statement of the repository both ways.
func TestSDKAgreement(t *testing.T) {
	seen := map[string]bool{}
	compared, groups := 0, 0
	var failures []string
	for _, src := range sdkCorpus(t) {
		for _, st := range src.statements() {
			text := grammar.Format(st)
			// An imported statement is made by request's converter, not
			// the parser: its tree may differ where its text does not.
			key := text
			if src.made != nil {
				key = "import: " + text
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			diff, built := sdkDisagreement(st)
			if !built {
				continue
			}
			compared++
			if st.Kind.IsGroup() {
				groups++
			}
			if diff != "" {
				failures = append(failures, fmt.Sprintf("%s: %s\n%s", src.where, text, diff))
			}
		}
	}
	sort.Strings(failures)
	for i, f := range failures {
		if i == 20 {
			t.Errorf("... and %d more", len(failures)-20)
			break
		}
		t.Error(f)
	}
	// The corpus must not quietly shrink to nothing (a moved folder).
	if compared < 500 {
		t.Errorf("only %d statements compared; the corpus is smaller than it should be", compared)
	}
	if groups < 5 {
		t.Errorf("only %d groups compared member by member", groups)
	}
	t.Logf("%d distinct statements built both ways, %d of them groups", compared, groups)
}

// FuzzSDKAgreement does the same on statements the fuzzer derives from the
// corpus.
//
//	go test ./builder -run XXX -fuzz FuzzSDKAgreement -fuzztime 60s
func FuzzSDKAgreement(f *testing.F) {
	seen := map[string]bool{}
	for _, src := range sdkCorpus(f) {
		for _, st := range src.statements() {
			if text := grammar.Format(st); !seen[text] {
				seen[text] = true
				f.Add(text)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, st := range corpusStatements(src) {
			if diff, _ := sdkDisagreement(st); diff != "" {
				t.Fatalf("%q:\n%s", src, diff)
			}
		}
	})
}
