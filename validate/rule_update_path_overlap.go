package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

var updatePathOverlap = &Rule{
	Name:     "update-path-overlap",
	Severity: Error,
	Title:    "two update actions on the same path, on paths inside one another, or on one path as a list and as a map",
	Why: `An update changes each document path once. DynamoDB refuses an update whose
actions, within one of set, remove, add and delete or across them, name the same
path twice (set a = 1 remove a), a path and a path inside it (set a = {},
a.b = 2; remove a, a.b), or use one path as a list in one action and as a map in
another (set a[0] = 1, a.b = 2): no item can have both. Two elements of one list
(a[0], a[1]) and two keys of one map (a.b, a.c) are separate paths.`,
	DynamoMessages: []string{
		"Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]",
		"Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [hist, [0]], path two: [hist, b]",
	},
	Bad:       `update Tickets key id = "77de" set meta = {}, meta.tag = "urgent"`,
	Good:      `update Tickets key id = "77de" set meta = {tag: "urgent"}`,
	AppliesTo: "update (set, remove, add and delete actions)",
	check:     checkUpdatePathOverlap,
}

func checkUpdatePathOverlap(p *Pass) {
	ts := updateTargets(p.Stmt)
	for j, later := range ts {
		for _, first := range ts[:j] {
			c, k := clashOf(first.path, later.path)
			if c == clashNone {
				continue
			}
			// DynamoDB names the paths in the order of the expression.
			one, two := first, later
			if later.exprBefore(first) {
				one, two = later, first
			}
			msg := msgPathOverlap
			if c == clashListMap {
				msg = msgPathConflict
			}
			dyn := "Invalid UpdateExpression: " + fmt.Sprintf(msg, ddbPath(one.path), ddbPath(two.path))
			at := "(at " + p.place(first.path.Pos) + ")"
			var what, fix string
			switch c {
			case clashSame:
				what = fmt.Sprintf("%s and %s %s both update %s", later, first, at, grammar.FormatPath(later.path))
				fix = "update each path once: drop one of the two actions"
			case clashInside:
				what = fmt.Sprintf("%s changes a part of %s, which %s %s already updates as a whole", later, grammar.FormatPath(first.path), first, at)
				fix = nestedUpdateFix(first)
			case clashCovers:
				what = fmt.Sprintf("%s updates %s as a whole, and %s %s changes a part of it", later, grammar.FormatPath(later.path), first, at)
				fix = nestedUpdateFix(later)
			case clashListMap:
				what = fmt.Sprintf("%s uses %s as a %s, and %s %s uses it as a %s; no item has both", later, prefixString(later.path, k), containerWord(later.path.Elems[k]), first, at, containerWord(first.path.Elems[k]))
				fix = "drop one of the two actions"
			}
			p.Reportf(later.path.Pos, "%s; DynamoDB answers %q. Write instead: %s", what, dyn, fix)
			break
		}
	}
}

// nestedUpdateFix says what to write when the action whole updates a path
// whole and another action a part of it.
func nestedUpdateFix(whole updateTarget) string {
	w := grammar.FormatPath(whole.path)
	switch whole.verb {
	case "remove":
		return fmt.Sprintf("drop one of the two actions (%s takes away everything inside %s)", whole, w)
	case "set":
		return fmt.Sprintf("put the part into the value that set %s writes, or drop one of the two actions", w)
	}
	return "drop one of the two actions"
}

// exprBefore reports whether t comes before b in the UpdateExpression.
func (t updateTarget) exprBefore(b updateTarget) bool {
	if t.clause != b.clause {
		return t.clause < b.clause
	}
	return t.path.Pos.Offset < b.path.Pos.Offset
}
