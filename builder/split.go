package builder

import "github.com/dynexpr/dynexpr/grammar"

// MaxArgBytes is the longest request one command-line argument carries,
// as `aws dynamodb ... --cli-input-json "$req"` passes it: Linux's
// MAX_ARG_STRLEN is 32 pages of 4 KiB for one argument, its terminating
// NUL included, and execve refuses a longer one ("Argument list too
// long"). Other systems limit only all the arguments together, by more.
const MaxArgBytes = 32*4096 - 1

// Split cuts a batch write or a batch get into the requests `dynexpr
// build --split` prints, one a line, for the loop that passes each to the
// AWS CLI as one argument: each of at most MaxBatchWrites requests
// (MaxBatchGetKeys keys) and, as compact JSON written for cli, of at most
// MaxArgBytes, the members in the order written. A member too long for
// one argument even alone is a part of its own, which the caller, who
// knows how the part is passed, refuses. The parts share the statement's
// clauses (capacity, metrics) and its position. Any other statement, and a
// batch that fits, is returned alone, as it is.
//
// A batch whose members do not build is cut by count alone: building its
// parts says why they do not.
func Split(st *grammar.Statement, cli AWSCLI) []*grammar.Statement {
	limit := splitSize(st)
	if limit == 0 || len(st.Members) == 0 {
		return []*grammar.Statement{st}
	}
	b := newBuilder()
	b.cli, b.st = cli, st
	env := b.envelope(st)
	members := b.members(st)
	var starts []int
	if len(b.errs) == 0 {
		starts = sizedStarts(st, env, members)
	} else {
		for i := 0; i < len(st.Members); i += limit {
			starts = append(starts, i)
		}
	}
	if len(starts) == 1 {
		return []*grammar.Statement{st}
	}
	parts := make([]*grammar.Statement, len(starts))
	for i, start := range starts {
		end := len(st.Members)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		part := *st
		part.Members = st.Members[start:end:end]
		parts[i] = &part
	}
	return parts
}

// sizedStarts returns where each part of batch st begins (an index into
// its members), filling each part with the members in order while it
// stays within the count and MaxArgBytes. env is the batch's request
// without its members, members the members built. The length of a part's
// JSON is worked out exactly from what the JSON writer writes for each
// member: RequestItems holds one entry a table, {"T":[m1,m2]} (a batch
// get's {"T":{...,"Keys":[k1,k2],...}}), so a member adds its entry alone
// when it is the first of its table in the part, and else only its
// element and a comma.
func sizedStarts(st *grammar.Statement, env *Request, members []*Request) []int {
	limit := splitSize(st)
	env.RequestItems = map[string]*TableRequests{}
	base := len(env.JSON(false))
	b := newBuilder()
	b.cli = env.CLI

	starts := []int{0}
	count, size := 0, base
	tables := map[string]bool{}
	for i, m := range members {
		// The member's entry alone, and without its element: the same
		// table's header (a batch get's projection) with an empty list.
		items := b.requestItems(st.Kind, st.Members[i:i+1], members[i:i+1])
		entry := entryBytes(items, env.CLI)
		for _, t := range items {
			t.Writes, t.Keys = t.Writes[:0], nil
		}
		elem := entry - entryBytes(items, env.CLI)

		add := elem + 1 // and a comma
		if !tables[m.TableName] {
			add = entry
			if len(tables) > 0 {
				add++ // the comma between two tables
			}
		}
		if count > 0 && (count == limit || size+add > MaxArgBytes) {
			starts = append(starts, i)
			count, size, add = 0, base, entry
			clear(tables)
		}
		tables[m.TableName] = true
		count++
		size += add
	}
	return starts
}

// entryBytes is the length of RequestItems' entries, less its braces.
func entryBytes(items map[string]*TableRequests, cli AWSCLI) int {
	w := jsonWriter{cli: cli}
	w.requestItems(items)
	return len(w.buf) - len("{}")
}

// splitSize is the most members one request of st's kind takes, 0 for a
// kind Split leaves whole. A batch get's member is one key.
func splitSize(st *grammar.Statement) int {
	switch st.Kind {
	case grammar.KindBatchWrite:
		return MaxBatchWrites
	case grammar.KindBatchGet:
		return MaxBatchGetKeys
	}
	return 0
}
