package ddbexpr

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
)

// An independent recognizer for DynamoDB's expression grammar, written
// straight from the rules of DynamoDB's ANTLR grammar (DynamoDbGrammar.g4 as
// shipped in DynamoDB Local), used as an oracle for the hand-written parser.
// It is an Earley recognizer, so it needs no precedence or lookahead tricks,
// and it finds the longest prefix that some valid expression starts with:
// the token after it is where DynamoDB's parser reports its syntax error.

type oracleRule struct {
	lhs string
	rhs []string
}

// Terminals are token names; anything else is a nonterminal.
var oracleTerminals = map[string]tokKind{
	"EOF": tEOF, ",": tComma, "(": tLParen, ")": tRParen, ".": tDot, "[": tLBrack, "]": tRBrack,
	"=": tEQ, "<>": tNE, "<": tLT, "<=": tLE, ">": tGT, ">=": tGE, "+": tPlus, "-": tMinus,
	"IN": tIN, "BETWEEN": tBETWEEN, "NOT": tNOT, "AND": tAND, "OR": tOR,
	"SET": tSET, "ADD": tADD, "DELETE": tDELETE, "REMOVE": tREMOVE,
	"INDEX": tIndex, "ID": tID, "NAME": tName, "VALUE": tValue, "UNKNOWN": tUnknown,
}

var oracleGrammar = func() []oracleRule {
	var rules []oracleRule
	add := func(lhs string, alts ...string) {
		for _, a := range alts {
			rules = append(rules, oracleRule{lhs, strings.Fields(a)})
		}
	}
	add("projection_", "projection EOF")
	add("projection", "path", "projection , path")
	add("condition_", "condition EOF")
	add("condition",
		"operand comparator operand",
		"operand IN ( operands )",
		"operand BETWEEN operand AND operand",
		"function",
		"( condition )",
		"NOT condition",
		"condition AND condition",
		"condition OR condition")
	add("comparator", "=", "<>", "<", "<=", ">", ">=")
	add("update_", "update EOF")
	add("update", "section", "update section")
	add("section", "SET set_actions", "ADD add_actions", "DELETE add_actions", "REMOVE remove_actions")
	add("set_actions", "set_action", "set_actions , set_action")
	add("set_action", "path = set_value")
	add("add_actions", "add_action", "add_actions , add_action")
	add("add_action", "path VALUE")
	add("remove_actions", "path", "remove_actions , path")
	add("set_value", "operand", "arithmetic")
	add("arithmetic", "operand + operand", "operand - operand", "( arithmetic )")
	add("operand", "path", "VALUE", "function", "( operand )")
	add("operands", "operand", "operands , operand")
	add("function", "ID ( operands )")
	add("path", "id", "path dereference")
	add("id", "ID", "NAME")
	add("dereference", ". id", "[ INDEX ]", ". VALUE")
	return rules
}()

type earleyItem struct {
	rule, dot, origin int
}

// oracleTables is the grammar compiled for the recognizer: symbols as
// numbers, terminals below nTerminals (their tokKind), rules by left side.
var oracleTables = func() (t struct {
	rhs    [][]int // per rule
	lhs    []int   // per rule
	byLHS  map[int][]int
	starts map[string]int
	nSyms  int
}) {
	ids := map[string]int{}
	id := func(sym string) int {
		if k, ok := oracleTerminals[sym]; ok {
			return int(k)
		}
		if n, ok := ids[sym]; ok {
			return n
		}
		ids[sym] = int(tUnknown) + 1 + len(ids)
		return ids[sym]
	}
	t.byLHS = map[int][]int{}
	for r, rule := range oracleGrammar {
		l := id(rule.lhs)
		t.lhs = append(t.lhs, l)
		var rhs []int
		for _, sym := range rule.rhs {
			rhs = append(rhs, id(sym))
		}
		t.rhs = append(t.rhs, rhs)
		t.byLHS[l] = append(t.byLHS[l], r)
	}
	t.starts = ids
	t.nSyms = int(tUnknown) + 1 + len(ids)
	return t
}()

// oracleViable returns the number of tokens (EOF included) that form a
// viable prefix: len(toks) if the whole input is accepted.
func oracleViable(start string, toks []token) int {
	g := &oracleTables
	keySpace := len(g.rhs) * 8
	sets := make([][]earleyItem, len(toks)+1)
	seen := make([]map[int]bool, len(toks)+1)
	predicted := make([]bool, g.nSyms)
	addItem := func(i int, it earleyItem) {
		if seen[i] == nil {
			seen[i] = map[int]bool{}
		}
		key := it.origin*keySpace + it.rule*8 + it.dot
		if !seen[i][key] {
			seen[i][key] = true
			sets[i] = append(sets[i], it)
		}
	}
	for _, r := range g.byLHS[g.starts[start]] {
		addItem(0, earleyItem{r, 0, 0})
	}
	for i := 0; i <= len(toks); i++ {
		if len(sets[i]) == 0 {
			return i - 1
		}
		clear(predicted)
		for j := 0; j < len(sets[i]); j++ {
			it := sets[i][j]
			rhs := g.rhs[it.rule]
			if it.dot == len(rhs) { // complete
				l := g.lhs[it.rule]
				for _, parent := range sets[it.origin] {
					prhs := g.rhs[parent.rule]
					if parent.dot < len(prhs) && prhs[parent.dot] == l {
						addItem(i, earleyItem{parent.rule, parent.dot + 1, parent.origin})
					}
				}
				continue
			}
			sym := rhs[it.dot]
			if sym <= int(tUnknown) { // scan
				if i < len(toks) && int(toks[i].kind) == sym {
					addItem(i+1, earleyItem{it.rule, it.dot + 1, it.origin})
				}
				continue
			}
			if !predicted[sym] { // predict (the grammar has no empty rules)
				predicted[sym] = true
				for _, r := range g.byLHS[sym] {
					addItem(i, earleyItem{r, 0, i})
				}
			}
		}
	}
	return len(toks)
}

func oracleStart(k Kind) string {
	switch k {
	case ProjectionExpression:
		return "projection_"
	case UpdateExpression:
		return "update_"
	}
	return "condition_"
}

// oracleAgrees compares Parse with the oracle on one input and returns a
// description of the disagreement, or "".
func oracleAgrees(kind Kind, expr string) string {
	if expr == "" {
		return ""
	}
	toks := lex(expr, nil)
	viable := oracleViable(oracleStart(kind), toks)
	e, err := Parse(kind, expr)
	var se *SyntaxError
	syntaxErr := errors.As(err, &se) && e == nil
	if syntaxErr && se.Reason == ReasonTooLong {
		return ""
	}
	switch {
	case viable == len(toks) && syntaxErr:
		return "oracle accepts, Parse says " + se.DynamoMsg
	case viable < len(toks) && !syntaxErr:
		return "oracle rejects at token " + tokenText(expr, toks[viable]) + ", Parse accepts"
	case viable < len(toks):
		if toks[viable].start != se.Offset {
			return "oracle rejects at offset " + itoa(toks[viable].start) + " (" + tokenText(expr, toks[viable]) + "), Parse at " + itoa(se.Offset) + ": " + se.DynamoMsg
		}
	}
	return ""
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	if n == 0 {
		return "0"
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// TestOracleTables runs the oracle over the hand-written examples, valid
// and invalid, checking the oracle itself on the way.
func TestOracleTables(t *testing.T) {
	for _, c := range validCorpus() {
		if v := oracleViable(oracleStart(c.kind), lex(c.text, nil)); v != len(lex(c.text, nil)) {
			t.Errorf("oracle rejects valid %q", c.text)
		}
		if d := oracleAgrees(c.kind, c.text); d != "" {
			t.Errorf("%s %q: %s", c.kind, c.text, d)
		}
	}
	for _, c := range syntaxErrorCases {
		toks := lex(c.in, nil)
		if v := oracleViable(oracleStart(c.kind), toks); v == len(toks) || toks[v].start != c.offset {
			t.Errorf("oracle on invalid %q: viable prefix %d tokens", c.in, v)
		}
		if d := oracleAgrees(c.kind, c.in); d != "" {
			t.Errorf("%s %q: %s", c.kind, c.in, d)
		}
	}
}

// TestOracleRandom compares the parser with the oracle on random token
// soups close to real expressions.
func TestOracleRandom(t *testing.T) {
	vocab := []string{
		"a", "b", "#n", ":v", "(", ")", "(", ")", "=", "<>", "<", ">=", "AND", "OR", "NOT", "BETWEEN", "IN",
		",", ".", "[", "1", "]", "size", "size(", "begins_with(", "+", "-", "SET", "REMOVE", "ADD", "DELETE",
		"!", "_",
	}
	n := 60000
	if testing.Short() {
		n = 5000
	}
	r := rand.New(rand.NewSource(42))
	failures, accepted := 0, 0
	defer func() { t.Logf("%d of %d random inputs are valid", accepted, n) }()
	for i := 0; i < n && failures < 20; i++ {
		var b strings.Builder
		for j := 1 + r.Intn(10); j > 0; j-- {
			b.WriteString(vocab[r.Intn(len(vocab))])
			if r.Intn(3) > 0 {
				b.WriteByte(' ')
			}
		}
		kind := KeyConditionExpression + Kind(r.Intn(5))
		if e, _ := Parse(kind, b.String()); e != nil {
			accepted++
		}
		if d := oracleAgrees(kind, b.String()); d != "" {
			t.Errorf("%s %q: %s", kind, b.String(), d)
			failures++
		}
	}
}

// TestOracleNearValid mutates valid expressions by one token.
func TestOracleNearValid(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	pieces := []string{"(", ")", ",", "AND", "NOT", "=", ":x", "c", ".", "[0]", "+", "SET", "REMOVE"}
	for _, c := range validCorpus() {
		toks := lex(c.text, nil)
		for i := 0; i < 300; i++ {
			k := r.Intn(len(toks))
			var mutated string
			switch r.Intn(3) {
			case 0: // delete a token
				mutated = c.text[:toks[k].start] + c.text[toks[k].end:]
			case 1: // insert a piece
				mutated = c.text[:toks[k].start] + " " + pieces[r.Intn(len(pieces))] + " " + c.text[toks[k].start:]
			default: // replace a token
				mutated = c.text[:toks[k].start] + " " + pieces[r.Intn(len(pieces))] + " " + c.text[toks[k].end:]
			}
			for kind := KeyConditionExpression; kind <= UpdateExpression; kind++ {
				if d := oracleAgrees(kind, mutated); d != "" {
					t.Errorf("%s %q: %s", kind, mutated, d)
				}
			}
		}
	}
}
