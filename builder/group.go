package builder

import (
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// The lint rules of the refusals of groups (the catalog's names, fixed for
// the builder, validate and request-JSON lint alike).
const (
	// RuleMemberClause is a clause a member may not have in its group.
	RuleMemberClause = "member-clause-not-allowed"
	// RuleBatchWriteNotPlain is a condition, an update or a check in a
	// batch write.
	RuleBatchWriteNotPlain = "batch-write-not-plain"
	// RuleBatchGetDisagree is two gets of one table in a batch get with
	// different projections or consistency.
	RuleBatchGetDisagree = "batch-get-tables-disagree"
	// RuleBatchTooMany is a batch of more requests than one call takes,
	// which build --split cuts into calls that take them (Split).
	RuleBatchTooMany = "batch-too-many-items"
	// RuleTokenTooLong is a ClientRequestToken of other than 1 to 36
	// characters; the builder refuses the empty one, which it would
	// otherwise leave out.
	RuleTokenTooLong = "token-too-long"
)

// DynamoDB's limits on the number of requests in a group, in one place:
// what build --split cuts a batch into, what lint's rules on counts and
// explain hold a group to.
const (
	MaxTransactItems = 100
	MaxBatchWrites   = 25
	MaxBatchGetKeys  = 100
)

// group builds a transact write, transact get, batch get or batch write.
// Each member is built by a builder of its own, exactly as the same
// statement alone (its placeholders are its own, since each member carries
// its own ExpressionAttributeNames and Values), less what its group does
// not let it say, which is refused at the clause.
func (b *builder) group(st *grammar.Statement) *Request {
	r := b.envelope(st)
	if len(st.Members) == 0 {
		b.fail(st.Open, "%s needs at least one member inside { }", st.Kind)
		return r
	}
	members := b.members(st)
	if members == nil {
		return r
	}
	if size := splitSize(st); size > 0 && len(st.Members) > size {
		// No one request can carry it: what it is, build --split prints.
		b.refuse(RuleBatchTooMany, st.Members[size].Pos,
			"%s: this %s has %d members, and one request takes at most %d; dynexpr build --split prints it as %d requests",
			grammar.MemberName(size, st.Members[size]), st.Kind, len(st.Members), size, len(Split(st, b.cli)))
	}
	switch st.Kind {
	case grammar.KindTransactWrite, grammar.KindTransactGet:
		r.TransactItems = make([]Member, len(members))
		for i, mr := range members {
			r.TransactItems[i] = Member{Op: MemberOp(st.Kind, st.Members[i].Kind), Request: mr}
		}
	case grammar.KindBatchGet, grammar.KindBatchWrite:
		r.RequestItems = b.requestItems(st.Kind, st.Members, members)
	}
	return r
}

// envelope is a group's request without its members: its command and
// the clauses of the whole group.
func (b *builder) envelope(st *grammar.Statement) *Request {
	r := &Request{Command: st.Kind.Command(), CLI: b.cli}
	b.capacity(st, r)
	if st.Kind == grammar.KindTransactWrite || st.Kind == grammar.KindBatchWrite {
		b.metrics(st, r)
	}
	if st.Kind == grammar.KindTransactWrite {
		b.token(st, r)
	}
	return r
}

// members builds each member of group st, its refusals named after the
// member; nil when a member is of a kind the group has no place for.
func (b *builder) members(st *grammar.Statement) []*Request {
	members := make([]*Request, len(st.Members))
	for i, m := range st.Members {
		if !takesMember(st.Kind, m.Kind) {
			// The parser allows no such member; a tree made elsewhere may.
			b.fail(m.Pos, "%s is not a member of %s", m.Kind, st.Kind)
			return nil
		}
		mb := newBuilder()
		mb.cli, mb.memberOf, mb.refusalsOnly = b.cli, st.Kind, b.refusalsOnly
		members[i] = mb.statement(m)
		for j, e := range mb.errs {
			// Numbered as CancellationReasons and explain number them
			// (not an unbound parameter: a fact of the command line).
			if mb.rules[j] != ruleNone {
				e.Msg = grammar.MemberName(i, m) + ": " + e.Msg
			}
		}
		b.errs = append(b.errs, mb.errs...)
		b.rules = append(b.rules, mb.rules...)
	}
	return members
}

// requestItems is a batch's RequestItems: the requests (members, built of
// ms) by table.
func (b *builder) requestItems(g grammar.Kind, ms []*grammar.Statement, members []*Request) map[string]*TableRequests {
	if g == grammar.KindBatchGet {
		return b.batchGet(ms, members)
	}
	tables := make(map[string]*TableRequests)
	for i, mr := range members {
		t := tables[mr.TableName]
		if t == nil {
			t = &TableRequests{}
			tables[mr.TableName] = t
		}
		w := Member{Op: MemberOp(g, ms[i].Kind), Request: &Request{Item: mr.Item}}
		if ms[i].Kind != grammar.KindPut {
			w.Request = &Request{Key: mr.Key}
		}
		t.Writes = append(t.Writes, w)
	}
	return tables
}

// takesMember reports whether a group has a place for a member of kind m:
// a batch write's update or check is refused by memberClauses, under the
// rule that says why.
func takesMember(g, m grammar.Kind) bool {
	switch g {
	case grammar.KindTransactWrite, grammar.KindBatchWrite:
		return m == grammar.KindPut || m == grammar.KindUpdate || m == grammar.KindDelete || m == grammar.KindCheck
	}
	return m == grammar.KindGet
}

// MemberOp is the key a member of kind m is written under in a group of
// kind g: Put, Update, Delete, ConditionCheck or Get in a transaction's
// TransactItems, PutRequest or DeleteRequest in a batch write's list; ""
// where the group has no place for it (a batch get's keys have no key).
func MemberOp(g, m grammar.Kind) string {
	switch {
	case g == grammar.KindBatchWrite && m == grammar.KindPut:
		return "PutRequest"
	case g == grammar.KindBatchWrite && m == grammar.KindDelete:
		return "DeleteRequest"
	case !g.IsTransaction():
		return ""
	}
	switch m {
	case grammar.KindPut:
		return "Put"
	case grammar.KindUpdate:
		return "Update"
	case grammar.KindDelete:
		return "Delete"
	case grammar.KindCheck:
		return "ConditionCheck"
	case grammar.KindGet:
		return "Get"
	}
	return ""
}

// batchGet gathers a batch get's keys by table. BatchGetItem takes one
// projection and one consistency per table, so the gets of one table must
// agree on both: the first get of a table says them, and a get that says
// otherwise is refused, since one of the two would be silently ignored.
func (b *builder) batchGet(ms []*grammar.Statement, members []*Request) map[string]*TableRequests {
	tables := make(map[string]*TableRequests)
	first := make(map[string]int) // the first get of each table
	for i, mr := range members {
		m := ms[i]
		t := tables[mr.TableName]
		if t == nil {
			tables[mr.TableName] = &TableRequests{
				Keys:                     []map[string]Value{mr.Key},
				ProjectionExpression:     mr.ProjectionExpression,
				ExpressionAttributeNames: mr.ExpressionAttributeNames,
				ConsistentRead:           mr.ConsistentRead,
			}
			first[mr.TableName] = i
			continue
		}
		t.Keys = append(t.Keys, mr.Key)
		j := first[mr.TableName]
		f := ms[j]
		this, that := grammar.MemberName(i, m), grammar.MemberName(j, f)
		where := diag.AtIn(b.st.Source, b.st.Pos, f.Pos)
		if sel, fsel := selectText(m), selectText(f); sel != fsel {
			b.refuse(RuleBatchGetDisagree, clauseAt(m, grammar.ClauseSelect, m.Pos),
				"%s %s, and %s (at %s) %s: a batch get reads table %s with one ProjectionExpression for all its keys. "+
					"Give both the same select, or read one in a get of its own",
				this, selectWords(sel), that, where, selectWords(fsel), grammar.TableName(mr.TableName))
		}
		if (m.Consistent != nil) != (f.Consistent != nil) {
			b.refuse(RuleBatchGetDisagree, clauseAt(m, grammar.ClauseConsistent, m.Pos),
				"%s reads %s, and %s (at %s) %s: a batch get reads table %s with one ConsistentRead for all its keys. "+
					"Write consistent on both or on neither",
				this, consistencyWords(m), that, where, consistencyWords(f), grammar.TableName(mr.TableName))
		}
	}
	return tables
}

// selectText is a get's projection, its paths sorted, "" for none: two
// gets that select the same attributes, in whatever order, read the same
// from the table's one ProjectionExpression (the first get's).
func selectText(st *grammar.Statement) string {
	if st.Select == nil {
		return ""
	}
	paths := make([]string, len(st.Select.Paths))
	for i, p := range st.Select.Paths {
		paths[i] = grammar.FormatPath(p)
	}
	slices.Sort(paths)
	return strings.Join(slices.Compact(paths), ", ")
}

func selectWords(sel string) string {
	if sel == "" {
		return "reads the whole item"
	}
	return "selects " + sel
}

func consistencyWords(m *grammar.Statement) string {
	if m.Consistent != nil {
		return "consistently"
	}
	return "eventually consistently"
}

// memberClauses refuses what a member may not say in its group: the
// clauses its kind takes as a request of its own, which the group's
// members have no place for.
func (b *builder) memberClauses(st *grammar.Statement) {
	g := b.memberOf
	if g == grammar.KindBatchWrite && (st.Kind == grammar.KindUpdate || st.Kind == grammar.KindCheck) {
		// The member itself has no place, its clauses with it: one
		// refusal, at its verb.
		b.refuse(RuleBatchWriteNotPlain, st.Pos,
			"a batch write takes only put and delete, not %s (BatchWriteItem has no %s): use transact write { ... }, or a request of its own",
			st.Kind, map[grammar.Kind]string{grammar.KindUpdate: "UpdateItem", grammar.KindCheck: "ConditionCheck"}[st.Kind])
		return
	}
	whole := " (it is a clause of the whole " + g.String() + ": write it after " + g.String() + ", before the {)"
	for _, c := range []struct {
		id      grammar.ClauseID
		written bool
		node    grammar.Node
		why     string
	}{
		{grammar.ClauseIndex, st.Index != nil, st.Index, ""},
		{grammar.ClauseFilter, st.Filter != nil, st.Filter, ""},
		{grammar.ClauseOrder, st.Order != nil, st.Order, ""},
		{grammar.ClauseLimit, st.Limit != nil, st.Limit, ""},
		{grammar.ClauseSegment, st.Segment != nil, st.Segment, ""},
		{grammar.ClauseAfter, st.After != nil, st.After, ""},
		{grammar.ClauseToken, st.Token != nil, st.Token, " (the token belongs to the whole transact write)"},
		{grammar.ClauseReturn, st.Return != nil, st.Return, returnWhy(g)},
		{grammar.ClauseCapacity, st.Capacity != nil, st.Capacity, whole},
		{grammar.ClauseMetrics, st.Metrics != nil, st.Metrics, metricsWhy(g, whole)},
		{grammar.ClauseReturnOnFailure, st.ReturnOnFailure != nil && g != grammar.KindTransactWrite, st.ReturnOnFailure,
			" (a batch write has no conditions to fail; return_on_failure is for the members of transact write and for put, update and delete of their own)"},
		{grammar.ClauseConsistent, st.Consistent != nil && g == grammar.KindTransactGet, st.Consistent,
			" (TransactGetItems takes no ConsistentRead: a transaction reads the items as they are committed; for consistent reads of several items, use batch get)"},
	} {
		if c.written {
			b.refuse(RuleMemberClause, clauseAt(st, c.id, c.node.Start()), "%s has no place in a member of %s%s", c.id, g, c.why)
		}
	}
	if sel := st.Select; sel != nil && len(sel.Paths) == 0 {
		b.refuse(RuleMemberClause, clauseAt(st, grammar.ClauseSelect, sel.Pos),
			"select count, all or projected has no place in a member of %s: a get's select takes attribute paths, like select email, name", g)
	}
	if g == grammar.KindBatchWrite && st.If != nil {
		b.refuse(RuleBatchWriteNotPlain, clauseAt(st, grammar.ClauseIf, st.If.Pos),
			"a batch write takes no conditions (BatchWriteItem has no ConditionExpression): to write only when the condition holds, use transact write { ... }")
	}
}

func returnWhy(g grammar.Kind) string {
	if g == grammar.KindTransactWrite {
		return " (TransactWriteItems returns no item values; to see the item when its condition fails, write return_on_failure old)"
	}
	return " (BatchWriteItem returns no item values; to see the old item, send a put or delete of its own with return old)"
}

func metricsWhy(g grammar.Kind, whole string) string {
	if g == grammar.KindTransactWrite || g == grammar.KindBatchWrite {
		return whole
	}
	return ""
}

// clauseAt is where clause id stands in st (its keyword), else at.
func clauseAt(st *grammar.Statement, id grammar.ClauseID, at diag.Pos) diag.Pos {
	if i := slices.IndexFunc(st.Written, func(c grammar.ClauseAt) bool { return c.Clause == id }); i >= 0 {
		return st.Written[i].Pos
	}
	return at
}
