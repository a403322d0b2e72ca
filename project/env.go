package project

import (
	"strings"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
)

// envTables is the table each environment variable holds, by hand: the
// config's env:, then each --env NAME=TABLE, which wins. Code that reads
// its table's name from one of them is checked against that table.
func envTables(flags []string, conf *config.Config) (map[string]string, error) {
	out := map[string]string{}
	if conf != nil {
		for k, v := range conf.Env {
			out[k] = v
		}
	}
	given := map[string]string{}
	for _, arg := range flags {
		where := diag.Pos{File: "--env " + arg}
		name, table, ok := strings.Cut(arg, "=")
		if !ok || name == "" || table == "" {
			return nil, diag.Errorf(where, "an environment variable's table is given as --env NAME=TABLE, like --env BOOKINGS_TABLE=Bookings")
		}
		if prev, dup := given[name]; dup {
			return nil, diag.Errorf(where, "environment variable %s is given twice (--env %s=%s, then --env %s): give it once", name, name, prev, arg)
		}
		given[name], out[name] = table, table
	}
	return out, nil
}
