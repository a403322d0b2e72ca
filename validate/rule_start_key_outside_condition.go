package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

var startKeyOutsideCondition = &Rule{
	Name:     "start-key-outside-condition",
	Severity: Error,
	Title:    "a query's start key that lies outside what its key condition selects",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "a PartiQL statement has no start key: execute-statement pages with NextToken"},
	},
	Why: `A start key (after, ExclusiveStartKey) is where a query resumes: the
LastEvaluatedKey of an earlier page of the same query, so it lies inside what the
key condition selects. DynamoDB checks that before it reads. When the key
condition tests the sort key, the start key's sort key must pass that test
(a start key of at = 9 for at > 10 is refused); then its partition key must be
the partition queried, and without a sort key test that is the one check. A
query of an index checks the index's key the same way (the table's key
attributes in the start key only say where in the index's partition to resume).
Each case has its own message.`,
	DynamoMessages: []string{
		msgStartKeyOutside,
		msgStartKeyRange,
		msgStartKeyOneRow,
	},
	Bad:         `query TicketsByCustomer key customerId = "c1" after {customerId: "c2", id: "a91f"}`,
	Good:        `query TicketsByCustomer key customerId = "c1" after {customerId: "c1", id: "a91f"}`,
	AppliesTo:   "query with after (ExclusiveStartKey)",
	NeedsSchema: true,
	Kinds:       []grammar.Kind{grammar.KindQuery},
	check:       checkStartKeyOutside,
}

func checkStartKeyOutside(p *Pass) {
	st := p.Stmt
	if st.After == nil || st.Key == nil {
		return
	}
	key, _, ok := queriedKey(p)
	// A multi-attribute key's order across its attributes is not checked
	// here: only the one-attribute partition and sort key.
	if !ok || len(key.Partition) != 1 || len(key.Sort) > 1 {
		return
	}
	ks := readKeyCondition(st, st.Key)
	if len(ks.problems) > 0 || ks.unread {
		return // key-condition-invalid's: DynamoDB refuses the condition first
	}
	tests := map[string]*keyTest{}
	for i := range ks.tests {
		k := &ks.tests[i]
		if tests[k.attr] != nil || !key.Has(k.attr) {
			return
		}
		tests[k.attr] = k
	}
	start := readStartKey(p)
	if start == nil || len(start.bad) > 0 || len(start.terms) != len(start.required) {
		return // key-incomplete's: DynamoDB refuses the start key itself first
	}
	given := map[string]*grammar.Value{}
	for _, e := range start.terms {
		if !slices.Contains(start.required, e.attr) || given[e.attr] != nil || e.value == nil || e.value.Text == "" && e.value.Type != grammar.TypeN {
			return // an empty value is empty-key-value's: the start key itself is refused first
		}
		given[e.attr] = e.value
	}
	pk := key.Partition[0]
	pt, pv := tests[pk], given[pk]
	if pt == nil || pt.op != "=" || len(pt.values) != 1 || !comparable(pv, pt.values...) {
		return
	}
	samePartition := compareScalars(pv, pt.values[0]) == 0
	partitionFinding := func(msg string) {
		p.Reportf(pv.Pos, "the start key's %s is %s, and this query reads partition %s = %s; a start key is a LastEvaluatedKey of the same query, and DynamoDB answers %q. Start after a key of partition %s = %s, or drop the start key to start at the beginning",
			pk, valueShown(pv), pk, valueShown(pt.values[0]), msg, pk, valueShown(pt.values[0]))
	}
	var sk *keyTest
	if len(key.Sort) == 1 {
		sk = tests[key.Sort[0]]
	}
	if sk == nil {
		if !samePartition {
			partitionFinding(msgStartKeyOutside)
		}
		return
	}
	sv := given[sk.attr]
	if !comparable(sv, sk.values...) {
		return
	}
	if !passes(sk, sv) {
		p.Reportf(sv.Pos, "the start key's %s is %s, and this query's key condition takes %s only; a start key is a LastEvaluatedKey of the same query, and DynamoDB answers %q. Start after a key whose %s passes %s, or drop the start key to start at the beginning",
			sk.attr, valueShown(sv), testText(sk), msgStartKeyRange, sk.attr, testText(sk))
		return
	}
	if !samePartition {
		partitionFinding(msgStartKeyOneRow)
	}
}

// comparable reports whether v and the values it is held against are known
// scalars of one type (a parameter's value is not known; a type that
// differs is key-type-mismatch's).
func comparable(v *grammar.Value, against ...*grammar.Value) bool {
	scalar := func(v *grammar.Value) bool {
		return v != nil && (v.Type == grammar.TypeS || v.Type == grammar.TypeN || v.Type == grammar.TypeB)
	}
	if !scalar(v) || len(against) == 0 {
		return false
	}
	for _, a := range against {
		if !scalar(a) || a.Type != v.Type {
			return false
		}
	}
	return true
}

// passes reports whether v passes the sort key test k.
func passes(k *keyTest, v *grammar.Value) bool {
	c := func(i int) int { return compareScalars(v, k.values[i]) }
	switch k.op {
	case "=":
		return c(0) == 0
	case "<":
		return c(0) < 0
	case "<=":
		return c(0) <= 0
	case ">":
		return c(0) > 0
	case ">=":
		return c(0) >= 0
	case "between":
		return len(k.values) == 2 && c(0) >= 0 && c(1) <= 0
	case "begins_with":
		if v.Type == grammar.TypeB {
			have, ok1 := binaryBytes(v.Text)
			prefix, ok2 := binaryBytes(k.values[0].Text)
			return !ok1 || !ok2 || strings.HasPrefix(string(have), string(prefix))
		}
		return strings.HasPrefix(v.Text, k.values[0].Text)
	}
	return true
}

// testText writes a sort key test in the DSL: at > 10, begins_with(id, "x").
func testText(k *keyTest) string {
	switch k.op {
	case "between":
		return fmt.Sprintf("%s between %s and %s", k.attr, valueShown(k.values[0]), valueShown(k.values[1]))
	case "begins_with":
		return fmt.Sprintf("begins_with(%s, %s)", k.attr, valueShown(k.values[0]))
	}
	return fmt.Sprintf("%s %s %s", k.attr, k.op, valueShown(k.values[0]))
}
