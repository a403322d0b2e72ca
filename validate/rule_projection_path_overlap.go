package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

var projectionPathOverlap = &Rule{
	Name:     "projection-path-overlap",
	Severity: Error,
	Title:    "select paths that repeat, overlap, or use one path as a list and as a map",
	Why: `A ProjectionExpression names each part of the item once. DynamoDB refuses one
that names a path twice (select subject, subject), a path and a path inside it
(select meta, meta.x: meta already returns meta.x), or one path as a list and as
a map (select hist[0], hist.b), since no item has both. Two elements of one list
(a[0], a[1]) and two keys of one map (a.b, a.c) are separate paths.`,
	DynamoMessage: "Invalid ProjectionExpression: " + fmt.Sprintf(msgPathOverlap, "[meta]", "[meta, x]") + "; Invalid ProjectionExpression: " + fmt.Sprintf(msgPathConflict, "[hist, [0]]", "[hist, b]"),
	Bad:           `get Tickets key id = "77de" select subject, meta, meta.tag`,
	Good:          `get Tickets key id = "77de" select subject, meta`,
	AppliesTo:     "query, scan and get with select paths",
	check:         checkProjectionPathOverlap,
}

func checkProjectionPathOverlap(p *Pass) {
	sel := p.Stmt.Select
	if sel == nil {
		return
	}
	var paths []*grammar.Path
	for _, path := range sel.Paths {
		if path != nil && len(path.Elems) > 0 {
			paths = append(paths, path)
		}
	}
	for j, later := range paths {
		for _, first := range paths[:j] {
			c, k := clashOf(first, later)
			if c == clashNone {
				continue
			}
			msg := msgPathOverlap
			if c == clashListMap {
				msg = msgPathConflict
			}
			// DynamoDB reads the list from its end: path one is the
			// earlier of the two.
			dyn := "Invalid ProjectionExpression: " + fmt.Sprintf(msg, ddbPath(first), ddbPath(later))
			at := "(at " + p.place(first.Pos) + ")"
			f, l := grammar.FormatPath(first), grammar.FormatPath(later)
			var what, fix string
			switch c {
			case clashSame:
				what = fmt.Sprintf("%s is selected twice (first at %s)", l, p.place(first.Pos))
				fix = "select " + l + " once"
			case clashInside:
				what = fmt.Sprintf("%s is inside %s, which this select already returns whole %s", l, f, at)
				fix = "select " + f + " alone, or only the parts of it you need"
			case clashCovers:
				what = fmt.Sprintf("%s returns %s whole, and %s %s is inside it", l, l, f, at)
				fix = "select " + l + " alone, or only the parts of it you need"
			case clashListMap:
				what = fmt.Sprintf("%s reads %s as a %s, and %s %s reads it as a %s; no item has both", l, prefixString(later, k), containerWord(later.Elems[k]), f, at, containerWord(first.Elems[k]))
				fix = "select only one of the two"
			}
			p.Reportf(later.Pos, "%s; DynamoDB answers %q. Write instead: %s", what, dyn, fix)
			break
		}
	}
}
