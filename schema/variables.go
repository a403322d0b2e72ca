package schema

import (
	"slices"
	"sync"

	"github.com/dynexpr/dynexpr/diag"
)

// Variable is a value a schema source leaves open and --var may give: a
// Terraform variable, a CloudFormation parameter, a Serverless option. The
// command line checks every --var against the variables the sources
// declare, so a misspelt one (stgae=dev) is an error and not a request sent
// to the table the default names.
type Variable struct {
	Name string // as --var names it
	// Allowed are the values the source accepts (CloudFormation's
	// AllowedValues); nil when any value is accepted.
	Allowed []string
	Pos     diag.Pos // where the source declares it; zero when it has no place (sls:stage)
}

// varLog collects the variables the sources of one load declare. Options
// carries a pointer to it, so every reader of that load adds to one log;
// folders may be read on several goroutines, hence the lock.
type varLog struct {
	mu   sync.Mutex
	vars []Variable
}

// declare records that the source being read knows the variable name (with
// the values it allows, if it restricts them). Readers call it for every
// variable they declare or read, whether or not --var gives it. It is safe
// on Options whose log is nil (a Parse outside LoadWith).
func (o Options) declare(v Variable) {
	if o.log == nil {
		return
	}
	o.log.mu.Lock()
	defer o.log.mu.Unlock()
	o.log.vars = append(o.log.vars, v)
}

// variables returns the declared variables, each name once (its first
// declaration), sorted by name: byte-stable whatever order folders were
// read in.
func (l *varLog) variables() []Variable {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	out := slices.Clone(l.vars)
	slices.SortStableFunc(out, func(a, b Variable) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return slices.CompactFunc(out, func(a, b Variable) bool { return a.Name == b.Name })
}
