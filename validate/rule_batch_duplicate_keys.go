package validate

import "github.com/dynexpr/dynexpr/grammar"

var batchDuplicateKeys = &Rule{
	Name:     "batch-duplicate-keys",
	Severity: Error,
	Title:    "the same key twice in a batch get or batch write",
	Why: `A batch names each item once: BatchGetItem refuses a Keys list with the same
key twice, and BatchWriteItem two requests on one item (two puts, or a put and
a delete), whatever the order: DynamoDB refuses the whole batch. Drop the
repeated get; of two writes of one item keep the one that should win. With the
schema, the key is the table's key attributes (a put's from its item); without
one, the attributes of a get's or delete's key clause, and a put's key is not
known.`,
	DynamoMessages: []string{msgBatchDuplicates},
	Bad: `batch get {
  get Tickets key id = "a91f" select subject;
  get Tickets key id = "a91f" select subject
}`,
	Good: `batch get {
  get Tickets key id = "a91f" select subject;
  get Tickets key id = "b02c" select subject
}`,
	Kinds: []grammar.Kind{grammar.KindBatchGet, grammar.KindBatchWrite},
	check: checkBatchDuplicateKeys,
}

func checkBatchDuplicateKeys(p *Pass) {
	// An update or a check in a batch write is batch-write-not-plain's.
	plain := func(m *grammar.Statement) bool {
		return m.Kind == grammar.KindGet || m.Kind == grammar.KindPut || m.Kind == grammar.KindDelete
	}
	fix := "Drop one"
	if p.Stmt.Kind == grammar.KindBatchWrite {
		fix = "Keep the one that should win"
	}
	p.reportSameItems(plain, msgBatchDuplicates, fix)
}
