package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/grammar/ddbexpr"
	"github.com/dynexpr/dynexpr/request"
)

var projectionPathOverlap = &Rule{
	Name:     "projection-path-overlap",
	Severity: Error,
	Title:    "select paths that repeat, overlap, or use one path as a list and as a map; a name AttributesToGet lists twice",
	Why: `A ProjectionExpression names each part of the item once. DynamoDB refuses one
that names a path twice (select subject, subject), a path and a path inside it
(select meta, meta.x: meta already returns meta.x), or one path as a list and as
a map (select hist[0], hist.b), since no item has both. Two elements of one list
(a[0], a[1]) and two keys of one map (a.b, a.c) are separate paths, and so is a
name that holds a dot or brackets (#mx standing for "meta.x" is one top-level
attribute, apart from meta).

DynamoDB reads the paths from the last to the first and answers about the first
one that meets a path after it, so of several clashes it names the one nearest
the end: in select b[1], b.a, a.b, a it names a.b and a. That path is "path one";
"path two" is the branch it finds under the place where the two meet, taking the
first child it stores at each level, which is not the order of the expression:
it answers select a, b, a with path one [a], path two [b]. dynexpr reports each
clash at its path one and quotes what DynamoDB answers once the clashes after it
are fixed.

AttributesToGet, the legacy form, lists attribute names, not paths: DynamoDB
refuses a name listed twice ("One or more parameter values were invalid:
Duplicate value in attribute name: subject"); meta and meta.x are two names.`,
	DynamoMessages: []string{
		"Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [meta], path two: [meta, x]",
		"Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [hist, [0]], path two: [hist, b]",
		"One or more parameter values were invalid: Duplicate value in attribute name: subject",
	},
	Bad:          `get Tickets key id = "77de" select subject, meta, meta.tag`,
	Good:         `get Tickets key id = "77de" select subject, meta`,
	AppliesTo:    "query, scan and get with select paths (ProjectionExpression, AttributesToGet)",
	check:        checkProjectionPathOverlap,
	checkRequest: checkRequestProjection,
}

func checkProjectionPathOverlap(p *Pass) {
	sel := p.Stmt.Select
	if sel == nil {
		return
	}
	projectionClashes(sel.Paths, p.place, func(at diag.Pos, msg string) { p.Reportf(at, "%s", msg) })
}

// projectionClashes reports each path of a projection that meets another,
// at the path DynamoDB names first; place writes the other path's place in
// a message ("again at 1:14").
func projectionClashes(all []*grammar.Path, place func(diag.Pos) string, report func(at diag.Pos, msg string)) {
	var paths []*grammar.Path
	for _, path := range all {
		if path != nil && len(path.Elems) > 0 {
			paths = append(paths, path)
		}
	}
	// DynamoDB files the paths from the last to the first and answers about
	// the first one that meets a path filed before it. A path reported here
	// is left out of the tree, as if it were removed: the next finding is
	// what DynamoDB answers once the ones after it are fixed.
	var tree projTree
	reported := map[*grammar.Path]bool{}
	for i := len(paths) - 1; i >= 0; i-- {
		one := paths[i]
		meet := tree.file(one)
		if meet.clash == clashNone {
			continue
		}
		reported[one] = true
		msg := msgPathOverlap
		if meet.clash == clashListMap {
			msg = msgPathConflict
		}
		dyn := "Invalid ProjectionExpression: " + fmt.Sprintf(msg, ddbPath(one), ddbPath(&grammar.Path{Elems: meet.two}))
		other, c, k := clashPartner(one, paths[i+1:], reported, meet.clash == clashListMap)
		if other == nil {
			report(one.Pos, fmt.Sprintf("%s meets another path of this select; DynamoDB answers %q. Write instead: select each part of the item once", grammar.FormatPath(one), dyn))
			continue
		}
		at := "(at " + place(other.Pos) + ")"
		o, l := grammar.FormatPath(one), grammar.FormatPath(other)
		var what, fix string
		switch c {
		case clashSame:
			what = fmt.Sprintf("%s is selected twice (again at %s)", o, place(other.Pos))
			fix = "select " + o + " once"
		case clashInside:
			what = fmt.Sprintf("%s returns %s whole, and %s %s is inside it", o, o, l, at)
			fix = "select " + o + " alone, or only the parts of it you need"
		case clashCovers:
			what = fmt.Sprintf("%s is inside %s %s, which this select already returns whole", o, l, at)
			fix = "select " + l + " alone, or only the parts of it you need"
		case clashListMap:
			what = fmt.Sprintf("%s reads %s as a %s, and %s %s reads it as a %s; no item has both", o, prefixString(one, k), containerWord(one.Elems[k]), l, at, containerWord(other.Elems[k]))
			fix = "select only one of the two"
		}
		report(one.Pos, fmt.Sprintf("%s; DynamoDB answers %q. Write instead: %s", what, dyn, fix))
	}
}

// clashPartner returns the first of the later paths (those not reported)
// that one clashes with, preferring a clash of the kind DynamoDB met
// (conflict when listMap, else overlap), and how they clash.
func clashPartner(one *grammar.Path, later []*grammar.Path, reported map[*grammar.Path]bool, listMap bool) (*grammar.Path, pathClash, int) {
	var alt *grammar.Path
	var altClash pathClash
	var altK int
	for _, q := range later {
		if reported[q] {
			continue
		}
		c, k := clashOf(one, q)
		if c == clashNone {
			continue
		}
		if (c == clashListMap) == listMap {
			return q, c, k
		}
		if alt == nil {
			alt, altClash, altK = q, c, k
		}
	}
	return alt, altClash, altK
}

// checkRequestProjection checks AttributesToGet, and keeps the
// ProjectionExpression's clashes for a request the catalog cannot check as
// a statement (a value the DSL cannot write): the statement's check reports
// them otherwise.
func checkRequestProjection(c *requestPass) {
	checkAttributesToGetRepeats(c)
	for x := range c.parsedExpressions() {
		if x.param != "ProjectionExpression" || x.e.Projection == nil {
			continue
		}
		var paths []*grammar.Path
		for _, rp := range x.e.Projection.Paths {
			gp, ok := c.requestPath(x, rp)
			if !ok {
				return // an undefined #name: undefined-placeholder's
			}
			paths = append(paths, gp)
		}
		projectionClashes(paths, func(at diag.Pos) string { return c.place(at.Offset) }, func(at diag.Pos, msg string) {
			c.later = append(c.later, Finding{Pos: at, Rule: c.rule.Name, Severity: c.rule.Severity, Message: msg})
		})
	}
}

// requestPath is a request expression's document path in the DSL's terms,
// its #names resolved, at its place in the file.
func (c *requestPass) requestPath(x *reqExpr, rp *ddbexpr.Path) (*grammar.Path, bool) {
	gp := &grammar.Path{Pos: c.reqPos(x, rp.Start)}
	for _, s := range rp.Segments {
		e := grammar.PathElem{Pos: c.reqPos(x, s.Start), Name: s.Name}
		switch s.Kind {
		case ddbexpr.IndexSegment:
			e.IsIndex, e.Index, e.Name = true, s.Index, ""
		case ddbexpr.NamePlaceholder:
			v := c.names.Get(s.Name)
			if v == nil || v.Kind != request.String {
				return nil, false
			}
			e.Name = v.Text
		case ddbexpr.ValueSegment:
			return nil, false
		}
		gp.Elems = append(gp.Elems, e)
	}
	return gp, true
}

// checkAttributesToGetRepeats reports a name AttributesToGet lists twice.
// Its names are attribute names, not paths: "meta.x" is an attribute of
// that name, apart from meta. Beside a ProjectionExpression,
// legacy-parameters-mixed reports the request.
func checkAttributesToGetRepeats(c *requestPass) {
	m := c.member("AttributesToGet")
	if m == nil || m.Value.Kind != request.Array || c.given("ProjectionExpression") {
		return
	}
	seen := map[string]*request.Value{}
	for _, v := range m.Value.Elems {
		if v.Kind != request.String {
			continue
		}
		first := seen[v.Text]
		if first == nil {
			seen[v.Text] = v
			continue
		}
		c.report(c.rule, c.rule.Severity, v.Start, v.End, "",
			"%q is named twice in AttributesToGet (first at %s); DynamoDB answers %q. Write instead: name each attribute once",
			v.Text, c.place(first.Start), msgDuplicateAttributeName+v.Text)
	}
}
