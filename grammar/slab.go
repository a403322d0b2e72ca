package grammar

// slab hands out zeroed values of T from chunks, so that a parse makes a few
// allocations per node type rather than one per node. A chunk lives as long
// as any node in it; slabs belong to one parse and are never shared.
type slab[T any] []T

func (s *slab[T]) alloc() *T { return s.get(4) }

// get is alloc with the size of the first chunk: small for the big nodes
// that a statement has few of.
func (s *slab[T]) get(first int) *T {
	if len(*s) == cap(*s) {
		n := 2 * cap(*s)
		if n < first {
			n = first
		} else if n > 256 {
			n = 256
		}
		*s = make([]T, 0, n)
	}
	*s = (*s)[:len(*s)+1]
	return &(*s)[len(*s)-1]
}

// put is alloc holding v: a node whose fields are all known when it is
// made is written as one composite literal. (It calls get, as alloc does,
// rather than alloc: one call deeper, it would not be inlined.)
func (s *slab[T]) put(v T) *T {
	x := s.get(4)
	*x = v
	return x
}

// putOne is put for a node a statement has one of, with get(1)'s chunks.
func (s *slab[T]) putOne(v T) *T {
	x := s.get(1)
	*x = v
	return x
}

// many returns a copy of vals carved from a chunk, with capacity its
// length: appending to it copies, so slices never share elements. The lists
// are built in small arrays on the stack and copied here once.
func (s *slab[T]) many(vals []T) []T {
	n := len(vals)
	if cap(*s)-len(*s) < n {
		c := 2 * cap(*s)
		if c < 8 {
			c = 8
		} else if c > 256 {
			c = 256
		}
		if c < n {
			c = n
		}
		*s = make([]T, 0, c)
	}
	i := len(*s)
	*s = append(*s, vals...)
	return (*s)[i : i+n : i+n]
}

// manyOrNil is many, but nil for no values: the tree has no empty lists.
func (s *slab[T]) manyOrNil(vals []T) []T {
	if len(vals) == 0 {
		return nil
	}
	return s.many(vals)
}

// firstChunk holds the nodes of a typical statement, so that parsing one
// makes a single allocation for its tree; the slabs start in it and go on in
// chunks of their own.
type firstChunk struct {
	file      [1]File
	statement [1]Statement
	table     [1]TableRef
	ident     [1]Ident
	written   [6]ClauseAt
	cond      [2]Condition
	and       [2]AndCondition
	not       [2]NotCondition
	compare   [2]Comparison
	operand   [6]Operand
	call      [1]Call
	path      [6]Path
	name      [6]PathName
	step      [2]PathStep
	value     [4]Value
	str       [4]string
	setAction [2]SetAction
	stmtList  [1]*Statement
	orList    [2]*AndCondition
	andList   [2]*NotCondition
	opList    [2]*Operand
	pathList  [2]*Path
	stepList  [2]*PathStep
	setList   [2]*SetAction
}

// initSlabs starts every slab afresh, those of firstChunk's types in a new
// firstChunk.
func (p *fastParser) initSlabs() {
	p.slabs = slabs{}
	c := new(firstChunk)
	p.files, p.statements, p.tables, p.idents = c.file[:0], c.statement[:0], c.table[:0], c.ident[:0]
	p.written, p.conds, p.ands, p.nots, p.compares = c.written[:0], c.cond[:0], c.and[:0], c.not[:0], c.compare[:0]
	p.operands, p.calls, p.paths, p.names, p.steps = c.operand[:0], c.call[:0], c.path[:0], c.name[:0], c.step[:0]
	p.values, p.strs, p.setActions = c.value[:0], c.str[:0], c.setAction[:0]
	p.stmtList, p.orList, p.andList = c.stmtList[:0], c.orList[:0], c.andList[:0]
	p.opList, p.pathList, p.stepList, p.setList = c.opList[:0], c.pathList[:0], c.stepList[:0], c.setList[:0]
}
