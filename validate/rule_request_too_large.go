package validate

import (
	"fmt"

	"github.com/dynexpr/dynexpr/grammar"
)

// The most a transact write and a batch write may write, as DynamoDB counts
// items; MB read as 2^20 bytes, the larger reading, so that a finding is
// certain.
const (
	maxTransactionBytes = 4 << 20
	maxBatchWriteBytes  = 16 << 20
)

var requestTooLarge = &Rule{
	Name:     "request-too-large",
	Severity: Error,
	Title:    "a transact write over 4 MB, or a batch write over 16 MB",
	Why: `The items of one TransactWriteItems may add up to 4 MB, and those of one
BatchWriteItem to 16 MB, each counted as DynamoDB counts an item: every
attribute's name and value. DynamoDB refuses a larger transaction whole,
before running it, and a larger batch write likewise. dynexpr counts what the
request itself writes, a lower bound of what DynamoDB counts: each put's item,
and each update's key and the values its set actions write as they are (the
rest of an updated item, and the keys of deletes and checks, are left out). A
batch write of at most 25 items, each within the 400 KB item limit, stays
under 16 MB: that limit is reached with more requests than a batch takes,
or items that are themselves too large (batch-too-many-items and
expression-limit say so too). Split the writes into several transactions
where atomicity allows, or keep large values in S3 and store their keys.`,
	DynamoMessages: []string{msgTransactionTooLarge},
	large:          &largeExample{group: "transact write", n: 11, bodySize: 390000},
	Good: `transact write {
  put Tickets item {id: "k0", body: "a short body"};
  put Tickets item {id: "k1", body: "another"}
}`,
	Kinds: []grammar.Kind{grammar.KindTransactWrite, grammar.KindBatchWrite},
	check: checkRequestTooLarge,
}

func checkRequestTooLarge(p *Pass) {
	st := p.Stmt
	limit, what, answer := maxTransactionBytes, "4 MB", fmt.Sprintf("; DynamoDB answers %q", msgTransactionTooLarge)
	if st.Kind == grammar.KindBatchWrite {
		limit, what, answer = maxBatchWriteBytes, "16 MB", ", which DynamoDB refuses"
	}
	total := 0
	for i, m := range st.Members {
		total += writtenItemBytes(m, func(int, string, *grammar.Value) bool { return true })
		if total > limit {
			p.Reportf(m.Pos, "with %s this %s writes items of at least %d bytes (names and values, as DynamoDB counts them), over its limit of %s (%d bytes)%s. Split it into several requests, or keep large values in S3 and store their keys",
				grammar.MemberName(i, m), st.Kind, total, what, limit, answer)
			return
		}
	}
}
