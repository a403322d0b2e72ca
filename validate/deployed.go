package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// A request names its table by what DynamoDB knows it as. A DSL statement
// may also name it by the source's own name (a CloudFormation logical ID,
// a CDK path, a Terraform resource), which build writes as the deployed
// name; request JSON, PartiQL and the literals of application code are
// sent as they are written, so there the source's own name is a request
// for a table that does not exist (or for another one). tableNamed is the
// one reading of a table's name, for every reader: DeployedName reads it
// for the DSL, the unknown-table rule for the others.

// named is what the table name a request carries stands for.
type named struct {
	// table is the table meant: nil when the name stands for none, or for
	// several (ambiguous).
	table *schema.Table
	// deployed is the name to send for table; "" when the schema cannot
	// tell it.
	deployed string
	// ambiguous, when the name stands for several tables, says which and
	// how to name each alone.
	ambiguous string
	// problem says why the name cannot be sent as written: the table's
	// deployed name cannot be told (for every reader), or, for a name sent
	// verbatim, the name is the source's, not DynamoDB's.
	problem string
	// note says what was taken on trust: a deployed name that fits the
	// name template of a table whose name the source leaves unknown.
	note string
}

// tableNamed reads name, as written in a request, against sch. sent says
// that the name is sent to DynamoDB as written (request JSON, PartiQL,
// code); a DSL statement's is resolved to the deployed name first.
func tableNamed(name string, sch *schema.Schema, sent bool) named {
	l := sch.Lookup(name)
	t := l.Table
	if l.Candidates != nil {
		return named{ambiguous: l.Ambiguous(name, sch)}
	}
	if arn, ok := schema.TableOfARN(name); ok {
		name = arn
	}
	switch {
	case t == nil:
		if sent {
			if tt := templateNamed(name, sch); tt != nil {
				return named{problem: fmt.Sprintf("%q is the name template of table %q (%s), not a name: DynamoDB knows the table by a name the schema leaves unknown (%s); write that name",
					name, tt.Name, tt.Pos, tt.Unresolved)}
			}
		}
		return named{}
	case l.ByTemplate:
		return named{table: t, deployed: name, note: fmt.Sprintf("%q is taken for table %q (%s), whose name in DynamoDB the schema leaves unknown: it fits the name's template %q",
			name, t.Name, t.Pos, t.Template)}
	case t.Unresolved != "":
		if sent {
			return named{table: t, problem: fmt.Sprintf("%q is the schema's name of a table (%s), not the one DynamoDB knows it by, which the schema cannot tell: %s",
				name, t.Pos, t.Unresolved)}
		}
		return named{table: t, problem: fmt.Sprintf("cannot tell the name table %q has in DynamoDB: %s", name, t.Unresolved)}
	case name != t.Name && sent:
		return named{table: t, deployed: t.Name, problem: fmt.Sprintf("%q is the schema's own name of table %q (%s); the request is sent as written, and DynamoDB knows this table as %q; write %q",
			name, t.Name, t.Pos, t.Name, t.Name)}
	}
	return named{table: t, deployed: t.Name}
}

// templateNamed is the table whose name template name is, written as a
// name ("*-posts"); nil when there is none, or several.
func templateNamed(name string, sch *schema.Schema) *schema.Table {
	var found *schema.Table
	for _, t := range sch.Tables {
		if t.Unresolved != "" && t.Template != "" && t.Template == name {
			if found != nil {
				return nil
			}
			found = t
		}
	}
	return found
}

// DeployedName makes st name its table as DynamoDB knows it: a statement
// may name a table by the source's own name (a CloudFormation logical ID,
// a CDK construct, a Terraform resource), and the request must carry the
// deployed name. Build, explain and lint all call it before anything reads
// st.Table.Name, so that the rules and the request see the same table. A
// name that stands for several tables, and a table whose deployed name the
// schema cannot know, are errors here, at the statement, rather than a
// request sent to the wrong table or to one that does not exist.
//
// The notes say what it took on trust: a deployed name that fits the name
// template of a table whose name the source leaves unknown.
func DeployedName(st *grammar.Statement, sch *schema.Schema) (notes []Finding, err error) {
	if sch == nil {
		return nil, nil
	}
	if st.Kind.IsGroup() {
		var errs diag.List
		for _, m := range st.Members {
			n, err := DeployedName(m, sch)
			notes = append(notes, n...)
			if err != nil {
				errs = diag.Append(errs, err)
			}
		}
		return notes, errs.Err()
	}
	if st.Table == nil {
		return nil, nil
	}
	n := tableNamed(st.Table.Name, sch, false)
	switch {
	case n.ambiguous != "":
		return nil, diag.Errorf(st.Table.Pos, "%s", n.ambiguous)
	case n.problem != "":
		return nil, diag.Errorf(st.Table.Pos, "%s", n.problem)
	case n.note != "":
		return []Finding{{Pos: st.Table.Pos, Rule: unknownTable.Name, Severity: Info, Message: n.note}}, nil
	case n.table != nil && st.Table.Name != n.deployed && !isARN(st.Table.Name):
		st.Table.Name = n.deployed
	}
	return nil, nil
}

// isARN reports whether name is a table's ARN, which names the table as
// DynamoDB knows it.
func isARN(name string) bool {
	_, ok := schema.TableOfARN(name)
	return ok
}

// UnresolvedName is the finding lint reports for DeployedName's error: the
// request would go to a table that does not exist, or to another than the
// one meant (unknown-table).
func UnresolvedName(d *diag.Error) Finding {
	return Finding{Pos: d.Pos, Rule: unknownTable.Name, Severity: unknownTable.Severity, Message: d.Msg}
}
