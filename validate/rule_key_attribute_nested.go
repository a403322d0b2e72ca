package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

var keyAttributeNested = &Rule{
	Name:     "key-attribute-nested",
	Severity: Error,
	Title:    "a nested path into a key attribute",
	Why: `Key attributes of the table and of every index are scalars (S, N or B):
DynamoDB refuses a path that looks inside one, id.x or id[0], wherever it stands:
in select, filter, condition or update. Without a schema, the attributes of a get,
update or delete key and of a query's key condition are still known to be keys.`,
	DynamoMessages: []string{
		"Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: id",
		"Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: openBucket",
	},
	Bad:             `update Tickets key id = "a91f" set openBucket.state = "OPEN"`,
	Good:            `update Tickets key id = "a91f" set openBucket = "OPEN"`,
	AppliesTo:       "select, filter, if and update paths",
	check:           checkKeyAttributeNested,
	checkSchemaless: checkNestedWrittenKey,
}

func checkKeyAttributeNested(p *Pass) {
	t, st := p.Table, p.Stmt
	queried, _, isQuery := queriedKey(p)
	isQuery = isQuery && st.Kind == grammar.KindQuery
	for _, pp := range p.statementPaths() {
		attr := topName(pp.path)
		if len(pp.path.Elems) < 2 || pp.place == inKey {
			continue // key conditions and item keys are other rules'
		}
		if isQuery && pp.place == inFilter && queried.Has(attr) {
			continue // filter-on-key's: DynamoDB answers with its message
		}
		if t.IsKey(attr) {
			if pp.target {
				continue // update-key-attribute's
			}
			p.Reportf(pp.path.Pos, "%s, a scalar: %q cannot look inside it; DynamoDB answers %q. Write %s",
				tableKeyRole(t, attr), grammar.FormatPath(pp.path), fmt.Sprintf(msgNestedKey, attr), grammar.Name(attr))
			continue
		}
		if ixs := t.IndexesWithKey(attr); len(ixs) > 0 {
			p.Reportf(pp.path.Pos, "%s, a scalar: %q cannot look inside it; DynamoDB answers %q. Write %s",
				keyRole(attr, ixs), grammar.FormatPath(pp.path), fmt.Sprintf(msgNestedIndexKey, attr), grammar.Name(attr))
		}
	}
}

// checkNestedWrittenKey is key-attribute-nested without a schema: the
// attributes the statement's key or key condition names are keys, of the
// table or (a query of an index) of the index.
func checkNestedWrittenKey(p *Pass) {
	st := p.Stmt
	keys := map[string]bool{}
	switch st.Kind {
	case grammar.KindGet, grammar.KindUpdate, grammar.KindDelete, grammar.KindCheck:
		terms, _ := itemKeyTerms(st, st.Key)
		for _, k := range terms {
			keys[k.attr] = true
		}
	case grammar.KindQuery:
		if st.Key != nil {
			for _, k := range readKeyCondition(st, st.Key).tests {
				keys[k.attr] = true
			}
		}
	}
	msg := msgNestedKey
	if st.Kind == grammar.KindQuery && st.Index != nil {
		msg = msgNestedIndexKey
	}
	for _, pp := range p.statementPaths() {
		attr := topName(pp.path)
		if len(pp.path.Elems) < 2 || pp.place == inKey || pp.target || !keys[attr] ||
			st.Kind == grammar.KindQuery && pp.place == inFilter {
			continue // the targets, a query's filter and key: other rules'
		}
		p.Reportf(pp.path.Pos, "%q is in this statement's key, so a key attribute, a scalar: %q cannot look inside it; DynamoDB answers %q. Write %s",
			attr, grammar.FormatPath(pp.path), fmt.Sprintf(msg, attr), grammar.Name(attr))
	}
}
