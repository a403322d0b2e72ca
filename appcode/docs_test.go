package appcode

import (
	"os"
	"strings"
	"testing"
)

// TestDocsCode keeps docs/code.md true: each example under "Forms
// recognised" gives a site with a literal expression; each line of an
// example under "What is skipped and why" gives no literal expression and
// one skip, whose reason is the line's trailing comment (up to a colon).
func TestDocsCode(t *testing.T) {
	page, err := os.ReadFile("../docs/code.md")
	if err != nil {
		t.Fatal(err)
	}
	langs := map[string]Lang{"python": Python, "typescript": JavaScript, "java": Java, "kotlin": Kotlin}
	lines := strings.Split(string(page), "\n")
	heading, blocks := "", 0
	for i := 0; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "### ") {
			heading = lines[i]
		}
		lang, ok := langs[strings.TrimPrefix(lines[i], "```")]
		if !ok || !strings.HasPrefix(lines[i], "```") {
			continue
		}
		start := i + 1
		for i++; i < len(lines) && lines[i] != "```"; i++ {
		}
		block := lines[start:i]
		blocks++
		switch heading {
		case "### Forms recognised":
			src := []byte(strings.Join(block, "\n"))
			if !hasLiteralExpression(Read(lang, src)) {
				t.Errorf("code.md:%d: no literal expression read in the %s example", start, lang)
			}
		case "### What is skipped and why":
			comment := map[Lang]string{Python: "#", JavaScript: "//", Java: "//", Kotlin: "//"}[lang]
			for n, line := range block {
				code, why, _ := strings.Cut(line, "  "+comment+" ")
				why, _, _ = strings.Cut(strings.TrimSpace(why), ":")
				r := Read(lang, []byte(code))
				if hasLiteralExpression(r) || len(r.Skipped) != 1 || r.Skipped[0].Why != why {
					t.Errorf("code.md:%d: %s: skipped %+v, want one skip for %q", start+n+1, code, r.Skipped, why)
				}
			}
		default:
			t.Errorf("code.md:%d: an example under %q, which this test does not check", start, heading)
		}
	}
	if blocks < 8 {
		t.Errorf("%d examples found in code.md, want 2 for each of 4 languages", blocks)
	}
}

func hasLiteralExpression(r *Result) bool {
	for _, s := range r.Sites {
		for _, m := range s.Members {
			if triggers(m) && m.Value.Kind == String {
				return true
			}
		}
	}
	return false
}
