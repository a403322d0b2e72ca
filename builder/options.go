package builder

import (
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
)

// The request options every command has beside its item and expressions:
// what to return about the capacity consumed, the item collections, the
// item a failed condition found, and a transaction's idempotency token.
// The grammar has checked the words; a word it did not (a tree made
// elsewhere) is refused here rather than written.

// capacity is ReturnConsumedCapacity: capacity total, indexes or none.
func (b *builder) capacity(st *grammar.Statement, r *Request) {
	if st.Capacity == nil {
		return
	}
	switch w := strings.ToLower(st.Capacity.Name); w {
	case "total", "indexes", "none":
		r.ReturnConsumedCapacity = strings.ToUpper(w)
	default:
		b.fail(st.Capacity.Pos, "capacity takes total, indexes or none, not %q", st.Capacity.Name)
	}
}

// metrics is ReturnItemCollectionMetrics SIZE, on the kinds that take it.
func (b *builder) metrics(st *grammar.Statement, r *Request) {
	if st.Metrics == nil {
		return
	}
	switch st.Kind {
	case grammar.KindPut, grammar.KindUpdate, grammar.KindDelete, grammar.KindTransactWrite, grammar.KindBatchWrite:
		r.ReturnItemCollectionMetrics = "SIZE"
	default:
		b.fail(st.Metrics.Pos, "metrics is not a clause of %s: only writes return item collection metrics", st.Kind)
	}
}

// returnOnFailure is ReturnValuesOnConditionCheckFailure: old or none.
func (b *builder) returnOnFailure(st *grammar.Statement, r *Request) {
	if st.ReturnOnFailure == nil {
		return
	}
	switch strings.ToLower(st.ReturnOnFailure.Name) {
	case "old", "all_old":
		r.ReturnValuesOnConditionCheckFailure = "ALL_OLD"
	case "none":
		r.ReturnValuesOnConditionCheckFailure = "NONE"
	default:
		b.fail(st.ReturnOnFailure.Pos, "return_on_failure takes old or none, not %q", st.ReturnOnFailure.Name)
	}
}

// token is a transact write's ClientRequestToken: a string, or a $param
// grammar.Bind has bound to one.
func (b *builder) token(st *grammar.Statement, r *Request) {
	v := st.Token
	switch {
	case v == nil:
	case v.Type == grammar.TypeParam:
		b.unbound(v)
	case v.Type != grammar.TypeS:
		b.fail(v.Pos, `token takes a string, like token "req-7f3a", not %s`, grammar.TypeWord(v.Type))
	case v.Text == "":
		// Left out of the JSON, an empty token would be a request without
		// one: not what was written, which DynamoDB refuses.
		b.refuse(RuleTokenTooLong, v.Pos, `the token is empty, and DynamoDB takes 1 to 36 characters: write a UUID, or leave token out`)
	default:
		b.checkUTF8(v.Pos, v.Text, "string")
		r.ClientRequestToken = v.Text
	}
}
