package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// group explains a transaction or a batch: the command and what it
// promises (all or nothing, or each request on its own, and what the
// caller must do with what comes back unprocessed), then each member,
// numbered from 0 as DynamoDB numbers CancellationReasons and Responses,
// with where it stands in the file. A member's lines are indented by two
// spaces under its number.
func group(st *grammar.Statement, sch *schema.Schema) string {
	e := &explainer{st: st}
	var names, unknown []string
	for _, m := range st.Members {
		name := m.Table.Name
		if slices.Contains(names, name) {
			continue
		}
		names = append(names, name)
		var t *schema.Table
		if sch != nil {
			t = sch.Table(name)
		}
		if t == nil {
			unknown = append(unknown, name)
		} else if m.Kind.Writes() {
			e.tables = append(e.tables, t)
		}
	}
	n := len(st.Members)
	switch st.Kind {
	case grammar.KindTransactWrite:
		e.say("TransactWriteItems (aws dynamodb transact-write-items): %s of %s, all or nothing: every member's write is made, or none is, and no read sees some made and others not. Each write costs two write units per KB, twice a plain write.", count(n, "member"), tablesOf(names))
		e.say("If a member's condition fails, or another transaction is changing one of its items, DynamoDB cancels it and writes nothing: TransactionCanceledException, whose CancellationReasons holds one entry a member in the order numbered here ([0] first), with a Code (ConditionalCheckFailed, TransactionConflict, ...) at the member that stopped it and None at the others.")
		e.token()
	case grammar.KindTransactGet:
		e.say("TransactGetItems (aws dynamodb transact-get-items): reads %s of %s as one snapshot: no item is read half-way through a transaction that writes it. Responses holds one entry a member in the order numbered here ([0] first), empty where there is no item. Each read costs two read units per 4 KB, twice a strongly consistent read.", count(n, "item"), tablesOf(names))
		e.say("If a transaction is writing one of the items, DynamoDB answers TransactionCanceledException, whose CancellationReasons holds one entry a member in the same order.")
	case grammar.KindBatchGet:
		e.say("BatchGetItem (aws dynamodb batch-get-item): reads %s of %s in one call, each on its own (not a snapshot, and not all or nothing). Each table takes one projection and one consistency for all its keys.", count(n, "item"), tablesOf(names))
		e.say("Responses holds the items found, by table, in no particular order (not the order numbered here), and leaves out a key that has no item: match the items by their key.")
		e.say("Keys DynamoDB did not get to (throttled, or past 16 MB of answer) come back in UnprocessedKeys, in the shape of RequestItems: the call still succeeds, so send those keys again, with a growing pause, until UnprocessedKeys is empty.")
	case grammar.KindBatchWrite:
		e.say("BatchWriteItem (aws dynamodb batch-write-item): %s of %s in one call, each applied on its own: not all or nothing, not in the order written, and without conditions (a put replaces any item with the same key; a delete of an item that is not there is not an error).", count(n, "request"), tablesOf(names))
		e.say("Requests DynamoDB did not get to (throttled) come back in UnprocessedItems, in the shape of RequestItems: the call still succeeds, so send those again, with a growing pause, until UnprocessedItems is empty.")
	}
	e.overLimit(n)
	if len(unknown) > 0 {
		e.say("(%s)", noSchemaNote(sch, unknown))
	}
	e.options()
	for i, m := range st.Members {
		me := newExplainer(m, sch)
		me.group, me.n, me.quiet = st.Kind, i, true
		me.request()
		e.say("[%d] %s %s (%s:%d)", i, m.Kind, m.Table.Name, m.Pos.File, m.Pos.Line)
		for _, l := range me.lines {
			e.lines = append(e.lines, "  "+l)
		}
	}
	return strings.Join(e.lines, "\n") + "\n"
}

// overLimit says what becomes of a group of n members over DynamoDB's
// limit for its command: a batch is split by build --split, a transaction
// cannot be without losing all or nothing. That DynamoDB refuses it as it
// is, lint says too.
func (e *explainer) overLimit(n int) {
	switch k := e.st.Kind; {
	case k.IsTransaction() && n > builder.MaxTransactItems:
		e.say("More than %d members: DynamoDB refuses the transaction as it is, and it cannot be cut in parts without losing all or nothing.", builder.MaxTransactItems)
	case k == grammar.KindBatchWrite && n > builder.MaxBatchWrites:
		e.say("More than %d requests: DynamoDB refuses this one as it is; dynexpr build --split prints it as %d requests, the members in the order written.", builder.MaxBatchWrites, len(builder.Split(e.st, builder.CLIv2)))
	case k == grammar.KindBatchGet && n > builder.MaxBatchGetKeys:
		e.say("More than %d keys: DynamoDB refuses this one as it is; dynexpr build --split prints it as %d requests, the members in the order written.", builder.MaxBatchGetKeys, len(builder.Split(e.st, builder.CLIv2)))
	}
}

// token says what a transaction's ClientRequestToken does, or that there is none.
func (e *explainer) token() {
	t := e.st.Token
	if t == nil {
		e.say("No token: the AWS CLI makes a ClientRequestToken for each call, so its own retries are safe, but running the command again is a new transaction; token \"...\" makes a rerun within 10 minutes safe.")
		return
	}
	e.say("Token %s (ClientRequestToken): sent again within 10 minutes with the same members, the transaction succeeds without writing twice; the same token with other members is refused (IdempotentParameterMismatchException).", grammar.FormatValue(t))
}

// count writes "1 member", "3 members".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// tablesOf writes "table Users" or "tables Users and Accounts".
func tablesOf(names []string) string {
	if len(names) == 1 {
		return "table " + names[0]
	}
	return "tables " + andList(names)
}
