package request

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// The property `dynexpr import` promises: the statement it writes for a
// request builds a request DynamoDB treats the same. Two requests are
// compared by their normal form (Request.Normalize): every placeholder
// replaced by what it stands for, so that placeholder names do not count.

// buildRequest builds st and reads the result back as a request of its
// command.
func buildRequest(t *testing.T, st *grammar.Statement) (*Request, []byte) {
	t.Helper()
	req, err := builder.Build(st)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	data := req.JSON(true)
	f, err := Parse("built.json", data)
	if err != nil {
		t.Fatalf("the built request does not read back: %v\n%s", err, data)
	}
	r := f.Requests[0]
	r.Command = st.Kind.Command()
	return r, data
}

func normalize(t *testing.T, r *Request) string {
	t.Helper()
	n, err := r.Normalize()
	if err != nil {
		t.Fatalf("normalize: %v", err)
	}
	return n
}

// roundTrip imports r and builds the statement; the two requests must
// normalise alike. It returns the built JSON.
func roundTrip(t *testing.T, r *Request) []byte {
	t.Helper()
	st, r, err := importStatement(r)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	sameAsParsed(t, st)
	built, data := buildRequest(t, st)
	if got, want := normalize(t, built), normalize(t, r); got != want {
		t.Errorf("the imported statement builds another request\nstatement:\n%s\nrequest:\n%s\nbuilt:\n%s", grammar.Format(st), want, got)
	}
	return data
}

// TestRoundTripGolden: for every golden DSL case that builds, build →
// import → build gives the same request, byte for byte: what dynexpr
// prints, dynexpr reads back. The
// parameters, schemas and --statement of a case's args file are applied as
// `dynexpr build` applies them.
func TestRoundTripGolden(t *testing.T) {
	cases, err := filepath.Glob("../golden/*/*/input.dx")
	if err != nil {
		t.Fatal(err)
	}
	var covered, withArgs, skipped int
	for _, in := range cases {
		dir := filepath.Dir(in)
		if _, err := os.Stat(filepath.Join(dir, "request.json")); err != nil {
			skipped++ // the case fails to build: nothing to round-trip
			continue
		}
		name := strings.TrimPrefix(filepath.ToSlash(dir), "../")
		t.Run(name, func(t *testing.T) {
			args := readGoldenArgs(t, dir)
			if args.given {
				withArgs++
			}
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			f, err := grammar.Parse("input.dx", string(src))
			if err != nil {
				t.Fatal(err)
			}
			used := map[string]bool{}
			for _, st := range f.Statements {
				if args.statement != "" && (st.Label == nil || st.Label.Name != args.statement) {
					continue
				}
				if err := grammar.Bind(st, args.params, args.typeOf(), used); err != nil {
					t.Fatalf("bind: %v", err)
				}
				_, first := buildRequest(t, st)
				rf, err := Parse("request.json", first)
				if err != nil {
					t.Fatal(err)
				}
				r := rf.Requests[0]
				r.Command = st.Kind.Command()
				second := roundTrip(t, r)
				covered++
				if !bytes.Equal(first, second) {
					t.Errorf("build → import → build changed the request:\n%s\nthen:\n%s", first, second)
				}
			}
		})
	}
	if covered == 0 {
		t.Fatal("no golden case was round-tripped")
	}
	t.Logf("golden round trip: %d statements from %d cases with a request.json (%d of them with an args file); %d cases without one skipped",
		covered, len(cases)-skipped, withArgs, skipped)
}

// goldenArgs is what a golden case's args file says about building it.
type goldenArgs struct {
	given     bool
	params    grammar.Params
	statement string
	schema    *schema.Schema
}

// typeOf gives parameter binding the schema's types, as dynexpr build does.
func (a goldenArgs) typeOf() grammar.TypeOf {
	if a.schema == nil {
		return nil
	}
	return func(table, attr string) grammar.ValueType {
		if tb := a.schema.Table(table); tb != nil {
			return grammar.ValueType(tb.AttrType(attr))
		}
		return ""
	}
}

// readGoldenArgs reads a case's args file (one argument a line, # comments)
// and schema files.
func readGoldenArgs(t *testing.T, dir string) goldenArgs {
	t.Helper()
	a := goldenArgs{params: grammar.Params{}}
	var schemas []string
	for _, n := range []string{"schema.yaml", "schema.json", "template.yaml", "template.json"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			schemas = append(schemas, filepath.Join(dir, n))
		}
	}
	var list []string
	if b, err := os.ReadFile(filepath.Join(dir, "args")); err == nil {
		a.given = true
		for _, line := range strings.Split(string(b), "\n") {
			if line = strings.TrimRight(line, "\r"); line != "" && !strings.HasPrefix(line, "#") {
				list = append(list, line)
			}
		}
	}
	var paramFiles []string
	for i := 0; i < len(list); i++ {
		next := func() string {
			i++
			if i >= len(list) {
				t.Fatalf("args: %s needs a value", list[i-1])
			}
			return list[i]
		}
		switch arg := list[i]; arg {
		case "-p", "--param":
			p := next()
			eq := strings.IndexByte(p, '=')
			if eq <= 0 {
				t.Fatalf("args: -p %s", p)
			}
			n, v, isJSON := p[:eq], p[eq+1:], false
			if strings.HasSuffix(n, ":") {
				n, isJSON = strings.TrimSuffix(n, ":"), true
			}
			n = strings.TrimPrefix(n, "$")
			a.params[n] = grammar.Param{Text: v, JSON: isJSON, Source: "-p " + n}
		case "--params":
			paramFiles = append(paramFiles, filepath.Join(dir, next()))
		case "--schema":
			schemas = append(schemas, filepath.Join(dir, next()))
		case "--statement":
			a.statement = next()
		case "-o", "--output":
			next()
		}
	}
	for _, pf := range paramFiles {
		b, err := os.ReadFile(pf)
		if err != nil {
			t.Fatal(err)
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(b, &obj); err != nil {
			t.Fatalf("%s: %v", pf, err)
		}
		for n, v := range obj {
			if _, dup := a.params[n]; !dup {
				a.params[n] = grammar.Param{Text: string(v), JSON: true, Source: pf}
			}
		}
	}
	if len(schemas) > 0 {
		sch, err := schema.Load(schemas...)
		if err != nil {
			t.Fatalf("schema: %v", err)
		}
		a.schema = sch
	}
	return a
}

// requestFiles lists the request JSON files of request/testdata and
// golden/import.
func requestFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, root := range []string{"testdata", "../golden/import"} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) {
					return filepath.SkipDir
				}
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".json") && !strings.Contains(filepath.ToSlash(p), "/fuzz/") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// TestRoundTripRequestFiles: for every request file, import then build
// gives a request DynamoDB treats the same. Files whose case expects only
// errors (want.err beside them, no want.dx) must be refused; a case with
// both refuses some requests and round-trips the others.
func TestRoundTripRequestFiles(t *testing.T) {
	var files, requests, refused int
	for _, path := range requestFiles(t) {
		_, statErr := os.Stat(filepath.Join(filepath.Dir(path), "want.err"))
		_, dxErr := os.Stat(filepath.Join(filepath.Dir(path), "want.dx"))
		wantErr, partial := statErr == nil, statErr == nil && dxErr == nil
		files++
		t.Run(filepath.ToSlash(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Parse(path, src)
			if err != nil {
				if !wantErr {
					t.Fatal(err)
				}
				refused++
				return
			}
			for _, r := range f.Requests {
				if partial {
					if _, _, err := importStatement(r); err != nil {
						refused++
						continue
					}
				} else if wantErr {
					if _, _, err := importStatement(r); err == nil {
						t.Errorf("%s: imported, want an error", r.Name)
					}
					refused++
					continue
				}
				roundTrip(t, r)
				requests++
			}
		})
	}
	if requests == 0 {
		t.Fatal("no request was round-tripped")
	}
	t.Logf("request files round trip: %d requests from %d files; %d refused as their case expects", requests, files, refused)
}
