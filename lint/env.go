package lint

import (
	"fmt"
	"strings"

	"github.com/dynexpr/dynexpr/appcode"
)

// Code that reads its table's name from the environment (appcode's
// Value.Env) is checked against the table the variable holds: the one
// Linter.Env names by hand, else the one the schema's functions are given
// (schema.EnvTable). A variable that holds no known table, or several,
// leaves the table unknown, and the site says why under -v.

// envTable is the name of the table variable holds for the code file
// file, or why it is not known.
func (l *Linter) envTable(variable, file string) (name, why string) {
	if t, ok := l.Env[variable]; ok {
		return t, ""
	}
	fix := fmt.Sprintf("say which table it holds with --env %s=NAME, or env: {%s: NAME} in .dynexpr.yaml", variable, variable)
	if l.Schema == nil {
		return "", fmt.Sprintf("read from environment variable %s, and there is no schema to tell its table: %s", variable, fix)
	}
	lk := l.Schema.EnvTable(variable, file)
	if lk.Table != nil {
		return lk.Table.Name, ""
	}
	if len(lk.Candidates) == 0 {
		return "", fmt.Sprintf("read from environment variable %s, which no function of the schema is given as a table: %s", variable, fix)
	}
	var each []string
	for _, e := range lk.Candidates {
		who := "every function"
		if e.Function != "" {
			who = "function " + e.Function
		}
		each = append(each, fmt.Sprintf("%s for %s (%s)", e.Table, who, e.Pos))
	}
	return "", fmt.Sprintf("read from environment variable %s, which is %s, and this file is the handler of none of them alone: %s",
		variable, strings.Join(each, " or "), fix)
}

// envSource sets src's resolution of environment variables, and returns
// the CodeSkip of each site whose table it leaves unknown, with the
// places of the TableName members that read one (appcode.Skip.Pos).
func (l *Linter) envSource(src *appcode.Source, sites []*appcode.Site) ([]CodeSkip, map[int]bool) {
	src.Env = func(variable string) (string, bool) {
		name, why := l.envTable(variable, src.Name)
		return name, why == ""
	}
	var skips []CodeSkip
	read := map[int]bool{}
	for _, site := range sites {
		for _, m := range site.Members {
			if m.Name != "TableName" || m.Value.Kind != appcode.Opaque || m.Value.Env == "" {
				continue
			}
			read[m.NamePos] = true
			if _, why := l.envTable(m.Value.Env, src.Name); why != "" {
				skips = append(skips, CodeSkip{Pos: src.Pos(m.Value.Start), Member: "TableName", Why: why})
			}
		}
	}
	return skips, read
}
