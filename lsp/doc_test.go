package lsp

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The editor set-ups of docs/editor.md start this server, for the
// language id and extension its table of languages reads.
func TestEditorDocSnippets(t *testing.T) {
	data, err := os.ReadFile("../docs/editor.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```(lua|toml|elisp)\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	if len(blocks) != 4 {
		t.Fatalf("%d editor snippets, want Neovim's two, Helix's and Emacs's", len(blocks))
	}
	for _, b := range blocks {
		body := b[2]
		if !regexp.MustCompile(`"dynexpr",?\s*(args = \[)?"lsp"`).MatchString(body) && !strings.Contains(body, `command = "dynexpr"`) {
			t.Errorf("%s snippet does not start dynexpr lsp:\n%s", b[1], body)
		}
		if !strings.Contains(body, "dx") {
			t.Errorf("%s snippet does not name .dx files", b[1])
		}
	}
	if l := languageOf("", "dynexpr"); l == nil || l != languageOf("q.dx", "") {
		t.Errorf("the docs' language id dynexpr is not the .dx reader's")
	}
}
