package builder

import "github.com/dynexpr/dynexpr/grammar"

// Split cuts a batch write of more than MaxBatchWrites requests, or a
// batch get of more than MaxBatchGetKeys keys, into batches of at most
// that many, the members in the order written: what `dynexpr build
// --split` prints, one request a line, for the loop that sends them. Any
// other statement is returned alone, as it is. The parts share the
// statement's clauses (capacity, metrics) and its position.
func Split(st *grammar.Statement) []*grammar.Statement {
	size := splitSize(st)
	if size == 0 || len(st.Members) <= size {
		return []*grammar.Statement{st}
	}
	var parts []*grammar.Statement
	for i := 0; i < len(st.Members); i += size {
		part := *st
		end := min(i+size, len(st.Members))
		part.Members = st.Members[i:end:end]
		parts = append(parts, &part)
	}
	return parts
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
