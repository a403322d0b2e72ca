package grammar

import "testing"

// TestKeywordsFitLowerWord checks that the lexer's lower-casing buffer
// holds every word it looks up.
func TestKeywordsFitLowerWord(t *testing.T) {
	for _, m := range []map[string]bool{verbs, keywordsBeforeOperand, keywords} {
		for w := range m {
			if len(w) > maxKeyword {
				t.Errorf("%q is longer than maxKeyword (%d)", w, maxKeyword)
			}
		}
	}
	var buf [maxKeyword]byte
	if got := string(lowerWord(buf[:0], "IndeX_9")); got != "index_9" {
		t.Errorf("lowerWord: %q", got)
	}
}
