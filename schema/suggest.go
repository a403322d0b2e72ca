package schema

import (
	"strings"
	"unicode/utf8"
)

// Suggest returns the candidate closest to name by edit distance, ignoring
// case, for a "did you mean" hint; "" when none is close enough. Of equally
// close candidates the first wins.
func Suggest(name string, candidates []string) string {
	if name == "" || len(name) > 256 {
		return ""
	}
	n := utf8.RuneCountInString(name)
	limit := max(1, (n+1)/3)
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if c == name {
			return c
		}
		if len(c) > 256 {
			continue
		}
		d := distance(strings.ToLower(name), strings.ToLower(c))
		if d < bestDist && d < utf8.RuneCountInString(c) {
			best, bestDist = c, d
		}
	}
	return best
}

// distance is the edit distance between a and b in runes, a swap of two
// neighbouring runes counting as one edit (optimal string alignment).
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	older := make([]int, len(rb)+1) // row i-2
	prev := make([]int, len(rb)+1)  // row i-1
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], older[j-2]+1)
			}
		}
		older, prev, cur = prev, cur, older
	}
	return prev[len(rb)]
}
