package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

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
	name := st.Table.Name
	l := sch.Lookup(name)
	t := l.Table
	switch {
	case l.Candidates != nil:
		return nil, diag.Errorf(st.Table.Pos, "%s", l.Ambiguous(name, sch))
	case t == nil:
		return nil, nil // unknown-table's
	case l.ByTemplate:
		return []Finding{{Pos: st.Table.Pos, Rule: unknownTable.Name, Severity: Info,
			Message: fmt.Sprintf("%q is taken for table %q (%s), whose name in DynamoDB the schema leaves unknown: it fits the name's template %q",
				name, t.Name, t.Pos, t.Template)}}, nil
	case t.Unresolved != "":
		return nil, diag.Errorf(st.Table.Pos, "cannot tell the name table %q has in DynamoDB: %s", name, t.Unresolved)
	case name == t.Logical || name == t.Address:
		st.Table.Name = t.Name
	}
	return nil, nil
}

// UnresolvedName is the finding lint reports for DeployedName's error: the
// request would go to a table that does not exist, or to another than the
// one meant (unknown-table).
func UnresolvedName(d *diag.Error) Finding {
	return Finding{Pos: d.Pos, Rule: unknownTable.Name, Severity: unknownTable.Severity, Message: d.Msg}
}
