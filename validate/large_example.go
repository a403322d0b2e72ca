package validate

import (
	"fmt"
	"strconv"
	"strings"
)

// largeExample is the Bad example of a rule that only a large request
// breaks (over 100 members, over 4 MB). The tests check it whole; the docs
// show it abbreviated, its first two members and its last, worked out from
// the same members, so the two cannot disagree on how many it takes. It is
// plain data, written out only when asked for: nothing is built at start.
type largeExample struct {
	group string // "transact write", "batch write"
	n     int
	// Members are deletes of the keys "k0" to "k<n-1>", counted as what
	// says ("members", "requests"); with bodySize, puts of items of
	// bodies of that many bytes.
	what     string
	bodySize int
}

func (x *largeExample) whole() string {
	return groupOf(x.group, x.n, func(i int) string { return x.member(i, false) })
}

func (x *largeExample) abbreviated() string {
	return "# " + x.note() + "\n" + x.group + " {\n  " + x.member(0, true) + ";\n  " + x.member(1, true) +
		";\n  ...\n  " + x.member(x.n-1, true) + "\n}"
}

// note is the abbreviated example's first line: what makes it large.
func (x *largeExample) note() string {
	if x.bodySize == 0 {
		return fmt.Sprintf("%d %s", x.n, x.what)
	}
	tenthsMB := (x.n*x.bodySize + 50_000) / 100_000
	return fmt.Sprintf("%d puts of %d KB items: %d.%d MB in all", x.n, x.bodySize/1000, tenthsMB/10, tenthsMB%10)
}

// member writes member i; short, as the docs abbreviate it.
func (x *largeExample) member(i int, short bool) string {
	if x.bodySize == 0 {
		return fmt.Sprintf("delete Tickets key id = \"k%d\"", i)
	}
	body := fmt.Sprintf(`"...%d characters..."`, x.bodySize)
	if !short {
		body = strconv.Quote(strings.Repeat("x", x.bodySize))
	}
	return fmt.Sprintf("put Tickets item {id: \"k%d\", body: %s}", i, body)
}

// groupOf writes a group of n members, member i as member(i) writes it,
// one a line.
func groupOf(group string, n int, member func(i int) string) string {
	var b strings.Builder
	b.WriteString(group + " {\n")
	for i := range n {
		sep := ";"
		if i == n-1 {
			sep = ""
		}
		b.WriteString("  " + member(i) + sep + "\n")
	}
	b.WriteString("}")
	return b.String()
}

// badForDocs is r's Bad example as the docs show it.
func (r *Rule) badForDocs() string {
	if r.large != nil {
		return r.large.abbreviated()
	}
	return r.Bad
}
