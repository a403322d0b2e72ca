package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

var unknownTable = &Rule{
	Name:     "unknown-table",
	BadInput: true,
	Severity: Error,
	Title:    "a table the schema does not have",
	Why: `The statement names a table that none of the schema files defines. Either the
name is misspelt (names are case-sensitive), or the schema is missing the table;
DynamoDB answers a request for a table that does not exist with
ResourceNotFoundException, "Requested resource not found".

A DSL statement may name a table by the source's own name of it (a CloudFormation
logical ID, a CDK path), which build writes as the name DynamoDB knows. Request JSON,
PartiQL and the literals of application code are sent as they are written: there the
source's own name, or a name template such as "*-posts", is a request for a table that
does not exist (or for another one), and the finding names the table to write.`,
	DynamoMessages: []string{msgResourceNotFound + " (ResourceNotFoundException)"},
	Bad:            `get Ticket key id = "a91f"`,
	Good:           `get Tickets key id = "a91f"`,
	AppliesTo:      "every statement",
	NeedsSchema:    true,
	check:          checkUnknownTable,
	partiql:        true,
}

func checkUnknownTable(p *Pass) {
	st := p.Stmt
	if p.Schema == nil || st.Table == nil || st.Table.Unbound() {
		return
	}
	name := st.Table.Name
	if p.sent && st.Table.Env == "" {
		// The name is sent as written: the one reading of names says
		// whether DynamoDB knows a table by it (a DSL statement's name was
		// read so before the rules ran: DeployedName).
		n := tableNamed(name, p.Schema, true)
		switch {
		case n.ambiguous != "":
			p.ReportAt(Error, st.Table.Pos, "", "%s", n.ambiguous)
			return
		case n.problem != "" && n.deployed != "":
			p.ReportFix(Error, st.Table.Pos, n.deployed, renamed(st.Table, n.deployed, p.sent), "%s", n.problem)
			return
		case n.problem != "":
			p.ReportAt(Error, st.Table.Pos, "", "%s", n.problem)
			return
		case n.note != "":
			p.ReportAt(Info, st.Table.Pos, "", "%s", n.note)
		}
	}
	if p.Table != nil {
		return
	}
	if t, ok := schema.TableOfARN(name); ok {
		name = t
	}
	if tableNameProblem(name) != "" {
		return // invalid-name's: DynamoDB refuses the name before it looks for the table
	}
	if msg := p.Schema.Lookup(name).Ambiguous(name, p.Schema); msg != "" {
		p.ReportAt(Error, st.Table.Pos, "", "%s", msg)
		return
	}
	names := p.Schema.TableNames()
	if s := schema.Suggest(name, names); s != "" {
		p.ReportFix(Error, st.Table.Pos, s, renamed(st.Table, s, p.sent), "no table %q in the schema; DynamoDB answers %q (ResourceNotFoundException). Did you mean %s?",
			name, msgResourceNotFound, s)
		return
	}
	p.ReportAt(Error, st.Table.Pos, "", "no table %q in the schema (it has %s); DynamoDB answers %q (ResourceNotFoundException). Write one of those, or add the table to the schema",
		name, nameList(names), msgResourceNotFound)
}

// renamed is the edit that writes the table or index name ref names as
// name instead; none for a name written as a $parameter, which is the
// binding's to change. A name written in double quotes (a JSON string, a
// PartiQL identifier, and so the string literal code writes it in) keeps
// its quotes: the edit is of the text between them, and only for a name
// that every one of those writes as it is. A bare name in text sent as
// written is a PartiQL identifier, which takes quotes where it is more
// than letters, digits and '_'.
func renamed(ref *grammar.TableRef, name string, sent bool) []Edit {
	if ref.Param != "" {
		return nil
	}
	if q := ref.Raw; len(q) >= 2 && q[0] == '"' && q[len(q)-1] == '"' {
		if !plainName(name) {
			return nil
		}
		return []Edit{{Pos: after(ref.Pos, 1), End: after(ref.Pos, len(q)-1), Text: name, anyReader: true}}
	}
	if sent {
		if !plainName(name) {
			return nil
		}
		text := name
		if strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != "" || name[0] >= '0' && name[0] <= '9' {
			text = `"` + name + `"`
		}
		return []Edit{{Pos: ref.Pos, End: after(ref.Pos, len(ref.Raw)), Text: text, anyReader: true}}
	}
	return []Edit{{Pos: ref.Pos, End: after(ref.Pos, len(ref.Raw)), Text: grammar.TableName(name)}}
}

// plainName reports whether name is written the same in every language a
// name is quoted in: letters, digits, '_', '-' and '.', as DynamoDB's
// table and index names are.
func plainName(name string) bool {
	return name != "" && strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") == ""
}
