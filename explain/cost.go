package explain

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/capacity"
)

// Cost says in words what a request consumes (dynexpr explain --cost):
// its read and write units, each index's writes and why, the item's size
// when the request shows it, and why a figure is a range. Lines end with a
// newline, like Statement's.
func Cost(c capacity.Cost) string {
	var lines []string
	switch {
	case !c.Read.IsZero() && !c.Write.IsZero():
		lines = append(lines, fmt.Sprintf("Capacity: %s, %s.", units(c.Read, "read"), units(c.Write, "write")))
	case !c.Write.IsZero():
		lines = append(lines, fmt.Sprintf("Capacity: %s.", units(c.Write, "write")))
	default:
		lines = append(lines, fmt.Sprintf("Capacity: %s.", units(c.Read, "read")))
	}
	tables := map[string]bool{}
	for _, ic := range c.Indexes {
		tables[ic.Table] = true
	}
	for _, ic := range c.Indexes {
		where := "its own capacity"
		if !ic.Global {
			where = "the table's capacity"
		}
		name := ic.Index
		if len(tables) > 1 {
			name = ic.Table + "." + ic.Index
		}
		if ic.Units.IsZero() {
			lines = append(lines, fmt.Sprintf("Index %s: no write (the request %s).", name, ic.Effect))
			continue
		}
		lines = append(lines, fmt.Sprintf("Index %s: %s from %s (the request %s).", name, units(ic.Units, "write"), where, ic.Effect))
	}
	if c.ItemBytes != nil {
		lines = append(lines, fmt.Sprintf("Item size: %s (names and values, as DynamoDB counts them).", c.ItemBytes))
	}
	for _, n := range c.Notes {
		lines = append(lines, "Range: "+n+".")
	}
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return strings.Join(lines, "\n") + "\n"
}

// units writes "1 read unit", "0.5 to 50 read units".
func units(u capacity.Units, what string) string {
	s := u.String() + " " + what + " unit"
	if !(u.Known() && u.Min == 2) {
		s += "s"
	}
	return s
}
