package lint

import (
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
// What the rules find in a statement is a function of its text and its
// place: the checks are remembered by the text, with positions relative to
// where it starts, and moved to where the text stands now. A statement's
// column matters only where its first token is on the line its text starts
// (after a ";" on the same line), and its line only where a message names
// a place ("first at 3:14"): a remembered result that names one is used
// at that line alone.
//
// A file without ignore comments is cut into statements by grammar.Spans
// and only the statements not seen before are parsed. Ignore comments
// look across statements (a comment is the next statement's, or its line's
// one's; an ignore that silences nothing is reported), so a file with any
// is parsed whole, and only the checks are remembered; the ignores are
// applied afresh. A file that does not parse is parsed whole too, for the
// error a whole parse gives. Either way the result is Text's.
//
// A Cache is for one document, and not for concurrent use.
type Cache struct {
	linter *Linter
	seen   map[cacheKey]*cached // what the last lint checked
	now    map[cacheKey]*cached // what this one used
	// checked counts the texts the last Lint checked, not remembered.
	checked int
}

type cacheKey struct {
	text string // a span's text, or a statement's Source
	col  int    // the byte column text starts at, 0 where that does not matter
	line int    // the line text starts on, for a result that names a place; else 0
	span bool   // text is a span (with its statements' ignores applied) rather than one statement's
}

// cached is what was found in a text: each of its statements', with
// positions relative to the text's start (offset and line).
type cached struct {
	stmts []statementFindings
}

// Lint is l.Text(name, src, kind), from what the last Lint of the same
// document and linter found where the text has not changed.
func (c *Cache) Lint(l *Linter, name string, src []byte, kind Kind) Result {
	if kind != DSL || isPartiQLFile(name) {
		return l.Text(name, src, kind)
	}
	if c.linter != l {
		c.linter, c.seen = l, nil
	}
	c.now, c.checked = map[cacheKey]*cached{}, 0
	r := Result{Name: name, Src: string(src)}
	var ok bool
	if strings.Contains(r.Src, "dynexpr:ignore") {
		r, ok = c.whole(r)
	} else {
		r, ok = c.spans(r)
	}
	if !ok {
		// Kept for the text once it parses again.
		return r
	}
	c.seen, c.now = c.now, nil
	return r
}

// spans lints r's file statement by statement, by grammar.Spans; false if
// a statement does not parse (r is then the whole file's error).
func (c *Cache) spans(r Result) (Result, bool) {
	src := r.Src
	line, lineStart, last := 1, 0, 0
	for _, sp := range grammar.Spans(src) {
		if gap := src[last:sp.From]; gap != "" {
			if n := diag.CountLineEnds(gap); n > 0 {
				line += n
				lineStart = last + diag.LastLineStart(gap)
			}
			last = sp.From
		}
		text := src[sp.From:sp.To]
		col := sp.From - lineStart + 1
		keyCol := col
		if lineEndBeforeToken(text) {
			keyCol = 0
		}
		e := c.lookup(cacheKey{text: text, col: keyCol, span: true}, line)
		if e == nil {
			var ok bool
			if e, ok = c.checkSpan(r.Name, text, line, col, sp.From); !ok {
				return c.notParsed(r), false
			}
			c.store(cacheKey{text: text, col: keyCol, span: true}, e, line, line+diag.CountLineEnds(text))
		}
		for _, sf := range e.stmts {
			r.Statements++
			c.linter.add(&r, nil, sf.moved(sp.From, line-1), nil)
		}
	}
	return r, true
}

// lineEndBeforeToken reports whether text starts with a line end before
// its first token (after blanks and comments), so that where its first
// line starts does not move anything the rules see.
func lineEndBeforeToken(text string) bool {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ' ', '\t':
		case '\n', '\r':
			return true
		case '#':
			for i < len(text) && text[i] != '\n' && text[i] != '\r' {
				i++
			}
			i--
		default:
			return false
		}
	}
	return false
}

// checkSpan parses and checks text, a span of the file that starts at
// line:col, offset from; false if it does not parse. The text is parsed
// after as many line ends and blanks as put it at line:col, so that
// positions and messages are the file's.
func (c *Cache) checkSpan(name, text string, line, col, from int) (*cached, bool) {
	pad := line - 1 + col - 1
	padded := strings.Repeat("\n", line-1) + strings.Repeat(" ", col-1) + text
	e := &cached{}
	err := grammar.ParseEach(name, padded, func(st *grammar.Statement) error {
		e.stmts = append(e.stmts, c.linter.statement(st).moved(-pad, -(line-1)))
		return nil
	})
	return e, err == nil
}

// whole lints r's file parsed whole, its ignore comments applied, the
// checks of each statement remembered by its text; false if it does not
// parse.
func (c *Cache) whole(r Result) (Result, bool) {
	l := c.linter
	ignores, err := validate.EachStatement(r.Name, r.Src, func(st *grammar.Statement, ignores *validate.Ignores) error {
		r.Statements++
		key := cacheKey{text: st.Source, col: st.Pos.Col}
		e := c.lookup(key, st.Pos.Line)
		if e == nil {
			e = &cached{stmts: []statementFindings{l.statement(st).moved(-st.Pos.Offset, -(st.Pos.Line - 1))}}
			c.store(key, e, st.Pos.Line, st.EndPos.Line)
		}
		l.add(&r, st, e.stmts[0].moved(st.Pos.Offset, st.Pos.Line-1), ignores)
		return nil
	})
	if err != nil {
		return notParsed(r, err), false
	}
	r.Findings = append(r.Findings, ignores.Loose(l.Rules)...)
	return r, true
}

// notParsed is r for a file a statement of which does not parse alone:
// the whole file's error, as Text gives it.
func (c *Cache) notParsed(r Result) Result {
	if err := grammar.ParseEach(r.Name, r.Src, func(*grammar.Statement) error { return nil }); err != nil {
		return notParsed(r, err)
	}
	// Spans cut it where the parser does not: the whole file it is.
	return c.linter.Text(r.Name, []byte(r.Src), DSL)
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

// store remembers e, the findings of key's text on lines first to last:
// for that first line alone if a message names one of them.
func (c *Cache) store(key cacheKey, e *cached, first, last int) {
	if e.namesLine(first, last) {
		key.line = first
	}
	c.now[key] = e
	c.checked++
}

// namesLine reports whether a message or suggestion of e names a line
// from first to last, as a place ("3:14") names it.
func (e *cached) namesLine(first, last int) bool {
	for _, sf := range e.stmts {
		for _, fs := range [][]validate.Finding{sf.notes, sf.checks} {
			for _, f := range fs {
				for n := first; n <= last; n++ {
					at := strconv.Itoa(n) + ":"
					if strings.Contains(f.Message, at) || strings.Contains(f.Suggestion, at) {
						return true
					}
				}
			}
		}
	}
	return false
}

// moved is sf with its positions moved by off bytes and lines lines, in
// new slices.
func (sf statementFindings) moved(off, lines int) statementFindings {
	sf.notes = movedFindings(sf.notes, off, lines)
	sf.checks = movedFindings(sf.checks, off, lines)
	return sf
}

func movedFindings(fs []validate.Finding, off, lines int) []validate.Finding {
	if fs == nil {
		return nil
	}
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
