package validate

import (
	"slices"
	"strings"
)

// The parity of the readers: a rule is about a request, whatever it is
// written in, so each reader that can write a request the rule fires on
// has a case of it that fires at its place (validate/testdata: rules/ for
// the DSL, requests/ for request JSON, partiql/ for PartiQL and its
// request JSON, code/ for application code), and each reader that cannot
// says why (Rule.CannotWrite, or its class's reason). docs/rules/README.md
// shows the matrix; the test of it fails on a cell that is neither.

// A Reader is one form requests are read in: a column of the matrix.
type Reader string

// The readers, in the matrix's order.
const (
	ReaderDSL        Reader = "DSL"
	ReaderJSON       Reader = "request JSON"
	ReaderPartiQL    Reader = "PartiQL"
	ReaderPython     Reader = "Python"
	ReaderJavaScript Reader = "JS/TS"
	ReaderGo         Reader = "Go"
	ReaderJVM        Reader = "Java/Kotlin"
)

// Readers are the matrix's columns.
var Readers = []Reader{ReaderDSL, ReaderJSON, ReaderPartiQL, ReaderPython, ReaderJavaScript, ReaderGo, ReaderJVM}

// requestReaders are the readers of request members as they are sent:
// request JSON, and the code that writes it.
var requestReaders = []Reader{ReaderJSON, ReaderPython, ReaderJavaScript, ReaderGo, ReaderJVM}

// Unwritable says why some readers cannot write a request a rule fires on
// (Rule.CannotWrite).
type Unwritable struct {
	Readers []Reader
	Why     string
}

// The reasons a class of rules shares.
const (
	// A request JSON rule (RequestOnly) in the DSL.
	dslWritesRequests = "the DSL writes the request itself — its members, placeholders, placeholder maps and DynamoDB expression syntax — so it cannot write this mistake"
	// A request JSON rule in a .partiql file.
	partiqlHasNoMembers = "a PartiQL statement has no request members, placeholder maps or DynamoDB expressions: its request JSON has only Statement and Parameters, which the request JSON column covers"
	// A PartiQL rule in the DSL.
	dslWritesNoPartiQL = "the DSL writes no PartiQL: a PartiQL statement is read from .partiql files, the Statement of request JSON and of code"
	// A rule of the ignore comments, in request JSON.
	jsonHasNoComments = "JSON has no comments, so no ignore comment"
)

// cannotWrite is why reader rd cannot write a request r fires on: the
// rule's own reason, else its class's; "" when rd can.
func (r *Rule) cannotWrite(rd Reader) string {
	for _, u := range r.CannotWrite {
		if slices.Contains(u.Readers, rd) {
			return u.Why
		}
	}
	partiqlRule := r.checkPartiQL != nil && r.check == nil && r.checkRequest == nil
	switch {
	case r.RequestOnly && rd == ReaderDSL:
		return dslWritesRequests
	case r.RequestOnly && rd == ReaderPartiQL:
		return partiqlHasNoMembers
	case partiqlRule && rd == ReaderDSL:
		return dslWritesNoPartiQL
	}
	return ""
}

// readersSection is the part of a rule's page that says which readers
// cannot write what it catches, and why.
func readersSection(r *Rule) string {
	var whys []string
	readers := map[string][]string{} // a reason, its readers
	for _, rd := range Readers {
		if why := r.cannotWrite(rd); why != "" {
			if readers[why] == nil {
				whys = append(whys, why)
			}
			readers[why] = append(readers[why], string(rd))
		}
	}
	if len(whys) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n## Readers that cannot write it\n\n")
	for _, why := range whys {
		b.WriteString("- " + strings.Join(readers[why], ", ") + ": " + why + "\n")
	}
	return b.String()
}
