package explain

import (
	"strconv"

	"github.com/dynexpr/dynexpr/grammar"
)

// The request options a statement or a group may add: what DynamoDB
// returns beside the answer (consumed capacity, item collection metrics)
// and what a failed condition returns.

// options says what capacity and metrics ask for; a group's are the
// group's, a member has none of its own (lint says so if one is written).
func (e *explainer) options() {
	st := e.st
	if c := st.Capacity; c != nil {
		switch c.Name {
		case "total":
			e.say("Returns the capacity it consumed (ReturnConsumedCapacity TOTAL) in ConsumedCapacity%s.", e.perTable())
		case "indexes":
			e.say("Returns the capacity it consumed, the table's and each index's share (ReturnConsumedCapacity INDEXES) in ConsumedCapacity%s.", e.perTable())
		case "none":
			e.say("Returns no consumed capacity (ReturnConsumedCapacity NONE, the default).")
		}
	}
	if st.Metrics != nil {
		e.say("Returns the size of each item collection it writes to (ReturnItemCollectionMetrics SIZE) in ItemCollectionMetrics: an estimate, in GB, of the items that share the item's partition key in the table and its local secondary indexes. Only a table with a local secondary index has item collections; for another the answer holds none.")
		if no := e.withoutLSI(); len(no) > 0 {
			if len(no) == 1 {
				e.say("Table %s has no local secondary index: no metrics come back for it.", no[0])
			} else {
				e.say("Tables %s have no local secondary index: no metrics come back for them.", andList(no))
			}
		}
	}
}

// perTable is what a group's ConsumedCapacity holds: one entry a table.
func (e *explainer) perTable() string {
	if e.st.Kind.IsGroup() {
		return ", one entry for each table"
	}
	return ""
}

// withoutLSI lists the tables the statement writes that the schema
// describes without a local secondary index, once each.
func (e *explainer) withoutLSI() []string {
	var out []string
	for _, t := range e.tables {
		lsi := false
		for _, ix := range t.Indexes {
			lsi = lsi || !ix.Global
		}
		if !lsi {
			out = append(out, t.Name)
		}
	}
	return out
}

// returnOnFailure says what a failed condition returns.
func (e *explainer) returnOnFailure() {
	r := e.st.ReturnOnFailure
	if r == nil {
		return
	}
	if e.st.If == nil && e.st.Kind != grammar.KindCheck {
		e.say("return_on_failure %s: there is no condition to fail, so it never applies.", r.Name)
		return
	}
	where := "ConditionalCheckFailedException carries"
	if e.group == grammar.KindTransactWrite {
		where = "CancellationReasons[" + strconv.Itoa(e.n) + "] carries, as Item,"
	}
	switch r.Name {
	case "old":
		e.say("If the condition fails, %s the item as it was (ReturnValuesOnConditionCheckFailure ALL_OLD), without a read of its own.", where)
	case "none":
		e.say("If the condition fails, the error carries no item (ReturnValuesOnConditionCheckFailure NONE, the default).")
	}
}
