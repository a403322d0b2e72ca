package lint

import (
	"cmp"
	"strconv"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/validate"
)

// Cache lints a DSL file again after an edit at the cost of what changed:
// the language server lints the buffer after every pause in typing, and a
// file of a thousand statements must not be checked whole each time.
//
// The file is cut into statements by grammar.Spans, and each piece is
// linted alone, as a file of its own text put at its place (after as many
// line ends and blanks), so that its positions and messages are the
// file's. What a piece gave is remembered by its text, with positions
// relative to where it starts, and moved to where the text stands now. Its
// column matters only where its first token is on the line the piece
// starts (after a ";" on the same line), and its line only where a
// message names a line ("first at 3:14", "line 7"): such a result is used
// at that line alone.
//
// Ignore comments look across statements: a comment is the next
// statement's, or the one's whose line it is on, and what it says of
// that statement (stale, stray, no reason) depends on the text between
// them. A piece with one is linted with the statements before and after
// it, up to the statement on each side: those are all it can be about.
//
// A lint where most pieces are new (the file just opened, a large paste)
// is one lint of the whole file, its findings kept per piece: putting
// each new piece at its place would cost padding that grows with the
// square of the file. A piece that does not parse is a piece like any
// other: its statements stand alone (grammar.ParseEachAlone), so its error
// is what a lint of the whole finds there. Either way the result is
// Linter.Text's (TestCacheEqualsText holds it to that).
//
// A Cache is for one document, and not for concurrent use.
type Cache struct {
	linter *Linter
	seen   map[cacheKey]*cached // what the last lint checked
	now    map[cacheKey]*cached // what this one used
	// checked counts the pieces the last Lint checked, not remembered.
	checked int
	// wholeAt is the padding (see place) from which a lint is of the
	// whole file; 0 for the file's length.
	wholeAt int
}

type cacheKey struct {
	text string // the piece's text
	col  int    // the byte column text starts at, 0 where that does not matter
	line int    // the line text starts on, for a result that names a line; else 0
}

// cached is what linting a piece found, positions relative to its start:
// offsets from it, lines counted from its first line as 1.
type cached struct {
	findings            []validate.Finding
	statements, unbound int
}

// Lint is l.Text(name, src, kind), from what the last Lint of the same
// document and linter found where the text has not changed.
func (c *Cache) Lint(l *Linter, name string, src []byte, kind Kind) Result {
	if kind != DSL {
		return l.Text(name, src, kind)
	}
	if c.linter != l {
		c.linter, c.seen = l, nil
	}
	c.now, c.checked = map[cacheKey]*cached{}, 0
	r := Result{Name: name, Src: string(src)}
	ps, padding := c.place(r.Src)
	if padding >= cmp.Or(c.wholeAt, len(r.Src)+1) {
		// Mostly new (the file just opened, a large paste): one lint of
		// the whole costs less than each new piece put at its place.
		c.whole(r, ps)
	}
	for i := range ps {
		p := &ps[i]
		if p.e == nil {
			p.e = c.check(name, r.Src[p.From:p.To], p.line, p.col)
			c.store(p, r.Src)
		}
		r.Statements += p.e.statements
		r.UnboundNames += p.e.unbound
		r.Findings = append(r.Findings, movedFindings(p.e.findings, p.From, p.line-1)...)
	}
	c.seen, c.now = c.now, nil
	return r
}

// placed is a piece of the file, where it stands, and what was found in
// it (nil until known).
type placed struct {
	grammar.Span
	line, col int // where it starts, the column counted as the lexer does
	key       cacheKey
	e         *cached
}

// place cuts src into pieces and finds what is remembered of each; padding
// is what putting the others at their places would cost, in bytes.
func (c *Cache) place(src string) (ps []placed, padding int) {
	bom := strings.HasPrefix(src, grammar.ByteOrderMark)
	line, lineStart, last := 1, 0, 0
	for _, sp := range pieces(src) {
		gap := src[last:sp.From]
		if n := diag.CountLineEnds(gap); n > 0 {
			line += n
			lineStart = last + diag.LastLineStart(gap)
		}
		last = sp.From
		p := placed{Span: sp, line: line, col: sp.From - lineStart + 1}
		if bom && line == 1 && sp.From > 0 {
			// The lexer counts line 1's columns after the mark.
			p.col -= len(grammar.ByteOrderMark)
		}
		text := src[sp.From:sp.To]
		p.key = cacheKey{text: text, col: p.col}
		if lineEndBeforeToken(text) {
			p.key.col = 0
		}
		if p.e = c.lookup(p.key, line); p.e == nil {
			padding += line - 1 + p.col - 1
		}
		ps = append(ps, p)
	}
	return ps, padding
}

// whole lints r's file whole and keeps what each piece not remembered
// gave.
func (c *Cache) whole(r Result, ps []placed) {
	l := c.linter
	fresh := make([]*cached, len(ps))
	in := func(i int) *cached {
		if fresh[i] == nil {
			fresh[i] = &cached{}
		}
		return fresh[i]
	}
	at := 0 // the piece the statement is in
	to := func(off int) *cached {
		for at < len(ps)-1 && off >= ps[at].To {
			at++
		}
		if ps[at].e != nil {
			return nil // remembered
		}
		return in(at)
	}
	ignores, _ := validate.EachStatementAlone(r.Name, r.Src, func(st *grammar.Statement, ignores *validate.Ignores) error {
		e := to(st.Pos.Offset)
		if e == nil {
			return nil
		}
		var one Result
		l.check(&one, st, ignores)
		e.statements++
		e.unbound += one.UnboundNames
		e.findings = append(e.findings, one.Findings...)
		return nil
	}, func(err error) {
		ds := diag.Append(nil, err)
		off := 0
		if len(ds) > 0 {
			off = ds[0].Pos.Offset
		}
		e := to(off)
		if e == nil {
			return
		}
		e.statements++
		for _, d := range ds {
			e.findings = append(e.findings, inputFinding(d))
		}
	})
	if last := len(ps) - 1; ps[last].e == nil {
		// Those of a file without statements, one piece.
		in(last).findings = append(in(last).findings, ignores.Loose(l.Rules)...)
	}
	for i := range ps {
		if p := &ps[i]; p.e == nil {
			p.e = in(i)
			p.e.findings = movedFindings(p.e.findings, -p.From, -(p.line - 1))
			c.store(p, r.Src)
		}
	}
}

// pieces are src cut where a lint of each piece alone finds what a lint
// of the whole does: its statements (grammar.Spans, each with the ";"
// that ends it but the last), but a statement with an ignore comment with
// the statements before and after it that the comment could be about.
func pieces(src string) []grammar.Span {
	spans := grammar.Spans(src)
	for i := range spans[:len(spans)-1] {
		spans[i].To++ // its ";"
	}
	if !strings.Contains(src, validate.IgnoreDirective) {
		return spans
	}
	has := func(i int, what func(string) bool) bool { return what(src[spans[i].From:spans[i].To]) }
	directive := func(s string) bool { return strings.Contains(s, validate.IgnoreDirective) }
	var out []grammar.Span
	for i := 0; i < len(spans); i++ {
		from, to := i, i
		for j := i; j <= to; j++ {
			if !has(j, directive) {
				continue
			}
			// Back to the statement before (the comment may stand on its
			// last line), on to the one after.
			f := j - 1
			for f > 0 && !has(f, hasToken) {
				f--
			}
			t := j + 1
			for t < len(spans)-1 && !has(t, hasToken) {
				t++
			}
			from, to = max(0, min(from, f)), min(len(spans)-1, max(to, t))
		}
		// A piece before that the statement before is in joins this one.
		start := spans[from].From
		for len(out) > 0 && out[len(out)-1].To > start {
			start = min(start, out[len(out)-1].From)
			out = out[:len(out)-1]
		}
		out = append(out, grammar.Span{From: start, To: spans[to].To})
		i = to
	}
	return out
}

// hasToken reports whether text, a span with its ";", holds more than
// blanks and comments.
func hasToken(text string) bool {
	return grammar.SkipTrivia(text, 0) < len(strings.TrimSuffix(text, ";"))
}

// lineEndBeforeToken reports whether text starts with a line end before
// its first token (after blanks and comments), so that where its first
// line starts moves nothing the rules see.
func lineEndBeforeToken(text string) bool {
	return strings.ContainsAny(text[:grammar.SkipTrivia(text, 0)], "\r\n")
}

// check lints text, a piece of the file name that starts at line:col, as
// a file put at its place.
func (c *Cache) check(name, text string, line, col int) *cached {
	pad := line - 1 + col - 1
	padded := strings.Repeat("\n", line-1) + strings.Repeat(" ", col-1) + text
	r := c.linter.dsl(Result{Name: name, Src: padded})
	return &cached{movedFindings(r.Findings, -pad, -(line - 1)), r.Statements, r.UnboundNames}
}

// lookup is what was found in key's text at any line, or at line.
func (c *Cache) lookup(key cacheKey, line int) *cached {
	e := c.seen[key]
	if e == nil {
		e = c.now[key]
	}
	if e == nil {
		key.line = line
		if e = c.seen[key]; e == nil {
			e = c.now[key]
		}
	}
	if e != nil {
		c.now[key] = e
	}
	return e
}

// store remembers what was found in p of src: for its first line alone
// if a message names one of its lines.
func (c *Cache) store(p *placed, src string) {
	key := p.key
	if p.e.namesLine(p.line, p.line+diag.CountLineEnds(src[p.From:p.To])) {
		key.line = p.line
	}
	// Its own copy: a slice of the file's text would keep that version
	// of the whole file alive while the piece is remembered.
	key.text = strings.Clone(key.text)
	c.now[key] = p.e
	c.checked++
}

// namesLine reports whether a message or suggestion of e holds a number
// from first to last, as a place ("3:14", "line 3") names a line.
func (e *cached) namesLine(first, last int) bool {
	for _, f := range e.findings {
		for _, s := range []string{f.Message, f.Suggestion} {
			for i := 0; i < len(s); {
				if s[i] < '0' || s[i] > '9' {
					i++
					continue
				}
				j := i
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
				if n, err := strconv.Atoi(s[i:j]); err == nil && first <= n && n <= last {
					return true
				}
				i = j
			}
		}
	}
	return false
}

// movedFindings are fs with their positions moved by off bytes and lines
// lines, in a new slice.
func movedFindings(fs []validate.Finding, off, lines int) []validate.Finding {
	out := make([]validate.Finding, len(fs))
	for i, f := range fs {
		f.Pos, f.End = movedPos(f.Pos, off, lines), movedPos(f.End, off, lines)
		if f.Fix != nil {
			fix := make([]validate.Edit, len(f.Fix))
			for j, e := range f.Fix {
				e.Pos, e.End = movedPos(e.Pos, off, lines), movedPos(e.End, off, lines)
				fix[j] = e
			}
			f.Fix = fix
		}
		out[i] = f
	}
	return out
}

// movedPos is p moved; a position without a line (the whole file) stays.
func movedPos(p diag.Pos, off, lines int) diag.Pos {
	if p.IsValid() {
		p.Offset += off
		p.Line += lines
	}
	return p
}
