package lint

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/appcode"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/validate"
)

// Application code: the requests a source file writes as literals
// (package appcode), each written as request JSON and checked by
// validate.CheckRequest, its findings moved back into the code file.

// CodeSkip is a request member that code computes where the rules would
// read an expression or a placeholder map: not checked, listed by lint -v.
type CodeSkip struct {
	Pos    diag.Pos
	Member string
	Why    string
}

// CodeCoverage is what a team watches of the expressions in its code:
// how many the rules checked (literals, in a request that was read) and
// how many they could not, by why ("a variable", "an f-string").
type CodeCoverage struct {
	Checked int
	Skipped map[string]int
}

// Add adds o's counts to c.
func (c *CodeCoverage) Add(o CodeCoverage) {
	c.Checked += o.Checked
	for why, n := range o.Skipped {
		if c.Skipped == nil {
			c.Skipped = map[string]int{}
		}
		c.Skipped[why] += n
	}
}

// Total is the number of expressions met.
func (c CodeCoverage) Total() int {
	n := c.Checked
	for _, k := range c.Skipped {
		n += k
	}
	return n
}

// String says it in words: "5 of 7 expressions checked (1 a variable, 1 a
// concatenation)"; "" when no expression was met.
func (c CodeCoverage) String() string {
	total := c.Total()
	if total == 0 {
		return ""
	}
	s := fmt.Sprintf("%d of %s checked", c.Checked, diag.Plural(total, "expression"))
	if len(c.Skipped) == 0 {
		return s
	}
	whys := make([]string, 0, len(c.Skipped))
	for why := range c.Skipped {
		whys = append(whys, why)
	}
	// The most frequent reason first, then by name: a stable line.
	sort.Slice(whys, func(i, j int) bool {
		if a, b := c.Skipped[whys[i]], c.Skipped[whys[j]]; a != b {
			return a > b
		}
		return whys[i] < whys[j]
	})
	for i, why := range whys {
		whys[i] = fmt.Sprintf("%d %s", c.Skipped[why], why)
	}
	return s + " (not: " + strings.Join(whys, ", ") + ")"
}

// isExpression reports whether a member (Update.ConditionExpression in a
// group) is one coverage counts: an expression, or PartiQL's Statement.
func isExpression(member string) bool {
	base := member[strings.LastIndexByte(member, '.')+1:]
	return strings.HasSuffix(base, "Expression") || base == "Statement"
}

// reason is a skip's why without the name it quotes: "a variable
// (filter)" counts as "a variable".
func reason(why string) string {
	if i := strings.Index(why, " ("); i > 0 {
		return why[:i]
	}
	return why
}

// mentions is the prefilter: a file none of whose bytes spell a request's
// expression member (KeyConditionExpression, Java's
// keyConditionExpression, PartiQL's Statement) nor an item write (a
// TableName, a boto3 Table's put_item) holds no site, and is not
// parsed. It passes over a file that has none twice, not three times:
// "xpression" is found where either spelling is, and checked for it.
func mentions(src []byte) bool {
	for rest := src; ; {
		i := bytes.Index(rest, []byte("xpression"))
		if i < 0 {
			break
		}
		if i > 0 && (rest[i-1] == 'E' || rest[i-1] == 'e') {
			return true
		}
		rest = rest[i+len("xpression"):]
	}
	if bytes.Contains(src, []byte("Statement")) {
		return true
	}
	// An item write without an expression is a request too: it names
	// its table (TableName, Java's tableName) or is a boto3 Table's
	// put_item, get_item or delete_item.
	if bytes.Contains(src, []byte("ableName")) {
		return true
	}
	for rest := src; ; {
		i := bytes.Index(rest, []byte("_item("))
		if i < 0 {
			return false
		}
		head := rest[:i]
		if bytes.HasSuffix(head, []byte("put")) || bytes.HasSuffix(head, []byte("get")) || bytes.HasSuffix(head, []byte("delete")) {
			return true
		}
		rest = rest[i+len("_item("):]
	}
}

// code checks the requests of a code file.
func (l *Linter) code(r Result, data []byte) Result {
	lang, ok := appcode.LangOf(r.Name)
	if !ok || !mentions(data) {
		return r
	}
	found := appcode.Read(lang, data)
	src := appcode.NewSource(r.Name, data)
	envSkips, envRead := l.envSource(src, found.Sites)
	r.CodeSkips = append(r.CodeSkips, envSkips...)
	for _, s := range found.Skipped {
		if envRead[s.Pos] {
			continue // said by envSource: the table it holds, or why not
		}
		r.CodeSkips = append(r.CodeSkips, CodeSkip{Pos: src.Pos(s.Pos), Member: s.Member, Why: s.Why})
		if isExpression(s.Member) {
			if r.Coverage.Skipped == nil {
				r.Coverage.Skipped = map[string]int{}
			}
			r.Coverage.Skipped[reason(s.Why)]++
		}
	}
	// checked counts the literal expressions of a site the rules ran on.
	count := func(site *appcode.Site) {
		for _, m := range site.Members {
			if m.Value.Kind == appcode.String && isExpression(m.Name) {
				r.Coverage.Checked++
				r.Checked = append(r.Checked, src.Pos(m.Value.Start))
			}
			checkedParts(src, m, &r)
		}
	}
	var findings []validate.Finding
	var spans [][2]int // each site's lines, for the ignores
	for _, site := range found.Sites {
		if stmt, ok := appcode.StatementOf(site); ok {
			fs, checked, acc := l.partiqlSite(src, site, stmt)
			r.Accesses = append(r.Accesses, acc...)
			findings = append(findings, fs...)
			if checked {
				count(site)
				r.Sites++
				spans = append(spans, siteLines(src, site))
			}
			continue
		}
		req, err := appcode.Convert(src, site, found.Directives)
		if err != nil && l.Accesses { // a request not read: its table is not known
			r.Accesses = append(r.Accesses, Access{Pos: src.Pos(site.Pos)})
		}
		if err != nil {
			for _, d := range diag.Append(nil, err) {
				findings = append(findings, inputFinding(d))
			}
			continue
		}
		r.Sites++
		count(site)
		spans = append(spans, siteLines(src, site))
		if l.Accesses {
			a := requestAccess(req.Request, src.Pos(site.Pos))
			a.At = req.Pos
			r.Accesses = append(r.Accesses, a)
		}
		move := requestRelocation(src, req)
		req.File.Outside = move.Place
		for _, f := range validate.CheckRequest(req.Request, l.Schema, l.Rules) {
			findings = append(findings, move.Finding(f))
		}
	}
	var igs []validate.CodeIgnore
	for _, d := range found.Directives {
		if d.Verb != "ignore" {
			continue
		}
		igs = append(igs, codeIgnore(src, d, spans))
	}
	r.Findings = validate.ApplyCodeIgnores(igs, findings, l.Rules)
	return r
}

// checkedParts counts the literal expressions of a group's members
// (TransactItems[0].Update.ConditionExpression) that m holds.
func checkedParts(src *appcode.Source, m appcode.Member, r *Result) {
	if m.Name != "TransactItems" && m.Name != "RequestItems" {
		return
	}
	var walk func(v appcode.Value, depth int)
	walk = func(v appcode.Value, depth int) {
		if depth > 8 {
			return
		}
		for _, e := range v.Elems {
			walk(e, depth+1)
		}
		for _, e := range v.Entries {
			if e.Key.Kind == appcode.String && e.Value.Kind == appcode.String && isExpression(e.Key.Text) {
				r.Coverage.Checked++
				r.Checked = append(r.Checked, src.Pos(e.Value.Start))
				continue
			}
			walk(e.Value, depth+1)
		}
	}
	walk(m.Value, 0)
}

// requestRelocation moves the findings of the request JSON written for a
// site of code into the code file: each byte of the request stands for a
// byte of the code (appcode.Request.Pos). The request is one line, so a
// place without its offset has it in its column.
func requestRelocation(src *appcode.Source, req *appcode.Request) *validate.Relocation {
	f := req.File
	return &validate.Relocation{
		Inner: string(f.Src),
		In: func(p diag.Pos) (int, bool) {
			if !p.IsValid() || p.File != f.Name {
				return 0, false
			}
			off := p.Offset
			if off == 0 && p.Col > 1 {
				off = p.Col - 1
			}
			return off, true
		},
		Host:   src.Src,
		Offset: func(i int) int { return req.Pos(f.Pos(i)).Offset },
		Pos:    src.Pos,
	}
}

// siteLines are the first and last lines of site, for the ignore on the
// line before it: to its End, or where the reader leaves End unset, to
// the end of its last member.
func siteLines(src *appcode.Source, site *appcode.Site) [2]int {
	end := site.End
	for _, m := range site.Members {
		end = max(end, m.Value.End)
	}
	return [2]int{src.Pos(site.Pos).Line, src.Pos(end).Line}
}

// codeIgnore is the ignore of directive d: it covers the findings on its
// own line when it ends a line of code, else those on the next line, and
// those of a site starting on that line.
func codeIgnore(src *appcode.Source, d appcode.Directive, spans [][2]int) validate.CodeIgnore {
	line, what := d.Line+1, "the next line"
	if d.Trailing {
		line, what = d.Line, "this line"
	}
	from, to := line, line
	for _, s := range spans {
		if s[0] == line {
			to, what = max(to, s[1]), "the request on "+what
		}
	}
	comment := "//"
	if lang, _ := appcode.LangOf(src.Name); lang == appcode.Python {
		comment = "#"
	}
	return validate.CodeIgnore{
		Pos:     src.Pos(d.Pos),
		Args:    d.Args,
		Comment: comment,
		Target:  what,
		Covers:  func(f validate.Finding) bool { return f.Pos.Line >= from && f.Pos.Line <= to },
	}
}

// codeFolders are the folders a walk reads no code in unless a pattern
// names them: dependencies, build output, virtual environments.
var codeFolders = []string{"node_modules", "vendor", ".git", "dist", "build", ".venv"}

// namesFolder reports whether pattern names folder dir literally, as one
// of its parts ("vendor/acme/**/*.go" names vendor).
func namesFolder(pattern, dir string) bool {
	for _, part := range strings.Split(pattern, "/") {
		if part == dir {
			return true
		}
	}
	return false
}

// inCodeFolder reports whether path p lies in one of codeFolders that
// none of patterns names.
func inCodeFolder(p string, patterns []string) bool {
	parts := strings.Split(strings.ReplaceAll(p, "\\", "/"), "/")
	for _, part := range parts[:len(parts)-1] {
		for _, f := range codeFolders {
			if part != f {
				continue
			}
			named := false
			for _, pat := range patterns {
				named = named || namesFolder(pat, f)
			}
			if !named {
				return true
			}
		}
	}
	return false
}
