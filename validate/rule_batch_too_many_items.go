package validate

import (
	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/grammar"
)

var batchTooManyItems = &Rule{
	Name:     "batch-too-many-items",
	Severity: Error,
	Title:    "a batch write of more than 25 requests, or a batch get of more than 100 keys",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "in PartiQL the same mistake is partiql-group-too-many's"},
	},
	Why: `BatchWriteItem takes at most 25 put and delete requests, and BatchGetItem at
most 100 keys, counted over all the tables of the request. DynamoDB refuses a
longer one whole: when one table's list is too long, that list fails its length
constraint (a validation error at requestItems that says the member must have
length less than or equal to 25, or 100); when only the total over several
tables is, it answers that too many items were requested. dynexpr build --split
writes such a batch as several requests of at most 25 writes (100 keys) each,
one a line, for the loop that sends them.`,
	DynamoMessages: []string{
		msgBatchWriteTableTooMany,
		msgBatchWriteTooMany,
		msgBatchGetTableTooMany,
		msgBatchGetTooMany,
	},
	large: &largeExample{group: "batch write", n: builder.MaxBatchWrites + 1, what: "requests"},
	Good: `batch write {
  delete Tickets key id = "k0";
  delete Tickets key id = "k1"
}`,
	Kinds: []grammar.Kind{grammar.KindBatchWrite, grammar.KindBatchGet},
	check: checkBatchTooManyItems,
}

func checkBatchTooManyItems(p *Pass) {
	st := p.Stmt
	limit, what, tableMsg, totalMsg := builder.MaxBatchWrites, "requests", msgBatchWriteTableTooMany, msgBatchWriteTooMany
	if st.Kind == grammar.KindBatchGet {
		limit, what, tableMsg, totalMsg = builder.MaxBatchGetKeys, "keys", msgBatchGetTableTooMany, msgBatchGetTooMany
	}
	if len(st.Members) <= limit {
		return
	}
	// One table over the limit fails its list's constraint, which DynamoDB
	// checks before it counts over the tables.
	msg := totalMsg
	perTable := map[string]int{}
	for _, m := range st.Members {
		if m.Table == nil {
			continue
		}
		perTable[m.Table.Name]++
		if perTable[m.Table.Name] > limit {
			msg = tableMsg
		}
	}
	p.Reportf(st.Members[limit].Pos, "this %s has %d %s, and DynamoDB takes at most %d in one request; it answers %q (%s is the first over). Split it: dynexpr build --split writes it as %d requests, one a line",
		st.Kind, len(st.Members), what, limit, msg, grammar.MemberName(limit, st.Members[limit]), len(builder.Split(st, builder.CLIv2)))
}
