// Package docs holds the user's manual. Its test keeps the examples of
// language.md and cookbook.md true: every ```dx block that is followed by an
// output block is run through the real `dynexpr build` (its command line,
// in-process), and the output block
// must be exactly what it prints.
//
// The blocks that directly follow a ```dx block (only blank lines between)
// are its outputs, at most one of each stream:
//
//	```json or ```sh   standard output (the build must succeed)
//	```text            standard error (what the build says: an error, or lint warnings)
//
// A line `<!-- args: ARGS -->` right before the ```dx block gives more
// arguments for `dynexpr build`, split like a shell would (single and double
// quotes), with paths relative to docs/. The statement goes in on standard
// input (`-f -`), so messages name it <stdin>.
//
// `go test ./docs -update` rewrites the output blocks from what dynexpr
// prints; review the change with git diff.
package docs

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dynexpr/dynexpr/internal/clitest"
	"github.com/dynexpr/dynexpr/internal/goldenfile"
)

// pages are the documents whose examples are checked.
var pages = []string{"language.md", "cookbook.md", "partiql.md"}

// minExamples is how many dx examples with a json output the pages must hold
// at least: a parser that silently stopped finding them must not pass.
const minExamples = 30

// block is one fenced code block of a page.
type block struct {
	lang       string
	start, end int // line indexes of the opening and closing fences
	body       string
}

// example is a dx block with its arguments and output blocks.
type example struct {
	line    int // 1-based line of the ```dx fence
	args    []string
	dx      block
	outputs []block
}

func TestExamples(t *testing.T) {
	total, withJSON := 0, 0
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		examples, err := parseExamples(lines)
		if err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		repl := map[int]string{}
		for _, ex := range examples {
			if len(ex.outputs) == 0 {
				continue
			}
			total++
			for _, o := range ex.outputs {
				if o.lang == "json" {
					withJSON++
					break
				}
			}
			name := fmt.Sprintf("%s:%d", page, ex.line)
			stdout, stderr, code := runBuild(t, name, ex)
			for _, o := range ex.outputs {
				got := stdout
				if o.lang == "text" {
					got = stderr
				} else if code != 0 {
					t.Errorf("%s: dynexpr build %s exits %d:\n%s", name, strings.Join(ex.args, " "), code, stderr)
					continue
				}
				if got == o.body {
					continue
				}
				if *goldenfile.Update {
					repl[o.start] = got
					continue
				}
				t.Errorf("%s: the ```%s block at line %d differs from what dynexpr build prints (go test ./docs -update rewrites it)\n--- doc\n%s--- dynexpr\n%s",
					name, o.lang, o.start+1, o.body, got)
			}
		}
		if len(repl) > 0 {
			blocks, _ := parseBlocks(lines)
			if err := os.WriteFile(page, []byte(rewrite(lines, blocks, repl)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if withJSON < minExamples {
		t.Errorf("found %d dx examples with a json output in %s, want at least %d", withJSON, strings.Join(pages, " and "), minExamples)
	}
	t.Logf("%d examples checked, %d with a json output", total, withJSON)
}

// rewrite returns the page with the bodies of the blocks that start at the
// line indexes of repl replaced.
func rewrite(lines []string, blocks []block, repl map[int]string) string {
	var out []string
	next := 0
	for _, b := range blocks {
		body, ok := repl[b.start]
		if !ok {
			continue
		}
		out = append(out, lines[next:b.start+1]...)
		if body != "" {
			out = append(out, strings.Split(strings.TrimSuffix(body, "\n"), "\n")...)
		}
		next = b.end
	}
	out = append(out, lines[next:]...)
	return strings.Join(out, "\n")
}

// parseExamples finds the dx blocks of a page, their args comments and their
// output blocks.
func parseExamples(lines []string) ([]example, error) {
	blocks, err := parseBlocks(lines)
	if err != nil {
		return nil, err
	}
	var out []example
	for i := 0; i < len(blocks); i++ {
		b := blocks[i]
		if b.lang != "dx" {
			continue
		}
		ex := example{line: b.start + 1, dx: b}
		if j := prevNonBlank(lines, b.start); j >= 0 {
			l := strings.TrimSpace(lines[j])
			if strings.HasPrefix(l, "<!-- args:") && strings.HasSuffix(l, "-->") {
				a, err := splitArgs(strings.TrimSuffix(strings.TrimPrefix(l, "<!-- args:"), "-->"))
				if err != nil {
					return nil, fmt.Errorf("line %d: %v", j+1, err)
				}
				ex.args = a
			}
		}
		// At most one block for standard output and one for standard error.
		end, stdout, stderr := b.end, false, false
		for i+1 < len(blocks) && onlyBlank(lines[end+1:blocks[i+1].start]) {
			next := blocks[i+1]
			if next.lang == "text" && !stderr {
				stderr = true
			} else if (next.lang == "json" || next.lang == "sh") && !stdout {
				stdout = true
			} else {
				break
			}
			ex.outputs = append(ex.outputs, next)
			end = next.end
			i++
		}
		out = append(out, ex)
	}
	return out, nil
}

func parseBlocks(lines []string) ([]block, error) {
	var blocks []block
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if !strings.HasPrefix(l, "```") {
			continue
		}
		b := block{lang: strings.TrimSpace(strings.TrimPrefix(l, "```")), start: i}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "```") {
			j++
		}
		if j == len(lines) {
			return nil, fmt.Errorf("line %d: the ``` block is not closed", i+1)
		}
		b.end = j
		if j > i+1 {
			b.body = strings.Join(lines[i+1:j], "\n") + "\n"
		}
		blocks = append(blocks, b)
		i = j
	}
	return blocks, nil
}

func prevNonBlank(lines []string, i int) int {
	for i--; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			return i
		}
	}
	return -1
}

func onlyBlank(lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

// splitArgs splits s into words like a POSIX shell: blanks separate words,
// '...' keeps everything, "..." keeps everything but \" and \\.
func splitArgs(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed ' in args")
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("unclosed \" in args")
			}
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}

func runBuild(t *testing.T, name string, ex example) (string, string, int) {
	t.Helper()
	args := append(append([]string{"build"}, ex.args...), "-f", "-")
	r := clitest.Run(t, "", ex.dx.body, args...)
	return r.Stdout, r.Stderr, r.Code
}
