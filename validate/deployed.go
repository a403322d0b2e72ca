package validate

import (
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// DeployedName makes st name its table as DynamoDB knows it: a statement
// may name a table by the source's own name (a CloudFormation logical ID,
// a CDK construct), and the request must carry the deployed name. Build,
// explain and lint all call it before anything reads st.Table.Name, so
// that the rules and the request see the same table. A table whose
// deployed name the schema cannot know is an error here, at the
// statement, rather than a request sent to a table that does not exist.
func DeployedName(st *grammar.Statement, sch *schema.Schema) error {
	if sch == nil {
		return nil
	}
	if st.Kind.IsGroup() {
		var errs diag.List
		for _, m := range st.Members {
			if err := DeployedName(m, sch); err != nil {
				errs = diag.Append(errs, err)
			}
		}
		return errs.Err()
	}
	if st.Table == nil {
		return nil
	}
	t := sch.Table(st.Table.Name)
	switch {
	case t == nil:
		return nil // unknown-table's
	case t.Unresolved != "":
		return diag.Errorf(st.Table.Pos, "cannot tell the name table %q has in DynamoDB: %s", st.Table.Name, t.Unresolved)
	case st.Table.Name == t.Logical:
		st.Table.Name = t.Name
	}
	return nil
}

// UnresolvedName is the finding lint reports for DeployedName's error: the
// request would go to a table that does not exist (unknown-table).
func UnresolvedName(d *diag.Error) Finding {
	return Finding{Pos: d.Pos, Rule: unknownTable.Name, Severity: unknownTable.Severity, Message: d.Msg}
}
