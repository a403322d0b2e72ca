package grammar

import (
	"fmt"

	"github.com/dynexpr/dynexpr/diag"
)

// want says what the parser expected where it failed, for the message.
type want uint8

const (
	wantNone want = iota // nothing recorded
	wantStatement
	wantTable
	wantClauseOrEnd
	wantClauseBody // what follows the keyword of the clause being parsed (the clause table says)
	wantCondition
	wantOperand
	wantValue
	wantPath
	wantOf
	wantSegmentTotal
	wantSetEquals
	wantActionValue // what follows the path of an add or delete action (the clause table says)
	wantMapEntry
	wantMapEntryOrClose
	wantColon
	wantCommaOrCloseMap
	wantValueOrCloseList
	wantCommaOrCloseList
	wantValueOrCloseSet
	wantCommaOrCloseSet
	wantArgOrCloseCall
	wantCommaOrCloseCall
	wantCloseGroup
	wantInParen
	wantCommaOrCloseIn
	wantBetweenAnd
	wantListIndex
	wantCloseIndex
	wantTooDeep
	wantGroupMode     // after transact or batch
	wantClauseOrBlock // after a group's head
	wantMember        // at a group's member
	wantMemberOrClose // after a group's member
)

// wantWords are the fixed texts of what the parser expected.
var wantWords = [...]string{
	wantTable:            "a table name (bare, like my-table.v2, or in backticks)",
	wantCondition:        msgCondition,
	wantOperand:          msgOperand,
	wantValue:            msgValue,
	wantPath:             msgPath,
	wantOf:               `"of" and the number of segments, like segment 0 of 4`,
	wantSegmentTotal:     "the number of segments, like segment 0 of 4",
	wantSetEquals:        `"=" and the new value, like set status = "done"`,
	wantMapEntry:         `a map entry, like name: value`,
	wantMapEntryOrClose:  `a map entry, like name: value, or "}"`,
	wantColon:            `":" and a value, like name: value`,
	wantCommaOrCloseMap:  `"," or "}"`,
	wantValueOrCloseList: msgValue + ` or "]"`,
	wantCommaOrCloseList: `"," or "]"`,
	wantValueOrCloseSet:  msgValue + ` or ">>"`,
	wantCommaOrCloseSet:  `"," or ">>"`,
	wantArgOrCloseCall:   `an argument or ")"`,
	wantCommaOrCloseCall: `"," or ")"`,
	wantCloseGroup:       `")"`,
	wantInParen:          `"(" and a list, like in ("a", "b")`,
	wantCommaOrCloseIn:   `"," or ")"`,
	wantBetweenAnd:       `"and" and the upper bound, like between 1 and 9`,
	wantListIndex:        "a list index, like [2]",
	wantCloseIndex:       `"]" after the list index, like [2]`,
}

// ---- errors

// want records that the parser expected w at the next token, if no failure
// got as far; it reports whether it did.
func (p *fastParser) want(w want) bool {
	at := p.base + p.pos
	if at <= p.errAt {
		return false
	}
	p.errAt = at
	p.errTok = *p.peek()
	p.errWant = w
	p.errKind = p.kind
	p.errClause = p.inClause
	p.errLast = p.lastClause
	p.errGroup = p.inGroup
	p.errHint = false
	return true
}

// trailing records the failure at a token the parse could not go past: a
// deeper failure explains it better, if there is one (participle's
// DeepestError).
func (p *fastParser) trailing(afterStatement bool) {
	at := p.base + p.pos
	if p.errAt > at {
		return
	}
	p.errAt = -1
	if afterStatement {
		p.want(wantClauseOrEnd)
		return
	}
	p.want(wantStatement)
	p.errHint = p.errTok.Type == tokIdent // at a statement's first word
}

func (p *fastParser) syntaxError() error {
	// participle lexes the whole input before it parses: a lexical error
	// anywhere is the error.
	if !p.lexedAll() {
		for {
			tok, err := p.lex.Next()
			if err != nil {
				return err
			}
			if tok.Type == tokEOF || p.lexUntil > 0 && tok.Pos.Offset >= p.lexUntil {
				break
			}
		}
	}
	if p.lexErr != nil {
		return p.lexErr
	}
	if p.errWant == wantNone { // every failure records what it wanted; this is a safety net
		p.errTok = *p.peek()
	}
	t := p.errTok
	if p.errWant == wantTooDeep {
		return &diag.Error{Pos: t.Pos, Msg: fmt.Sprintf("too deeply nested: more than %d levels of parentheses, brackets or calls", maxDepth)}
	}
	what := p.describeWant()
	if t.Type == tokEOF {
		return &diag.Error{Pos: t.Pos, Msg: "unexpected end of input; expected " + what}
	}
	return &diag.Error{Pos: t.Pos, Msg: fmt.Sprintf("unexpected %q; expected %s", t.Value, what)}
}

func (p *fastParser) describeWant() string {
	c := &clauseTable[p.errClause]
	switch p.errWant {
	case wantStatement:
		s := "a statement: query, scan, get, put, update, delete, transact or batch"
		if p.errHint {
			s += fmt.Sprintf(" (a label is written %s: query ...)", p.errTok.Value)
		}
		return s
	case wantClauseOrEnd:
		end := `";"`
		if p.errGroup != 0 {
			end = `";" and the next member, or "}"`
		}
		return clauseTable[p.errLast].more + fmt.Sprintf(`a clause of %s (%s) or %s`, p.errKind, clauseList(p.errKind, true), end)
	case wantGroupMode:
		return `write or get: transact write, transact get, batch get or batch write`
	case wantClauseOrBlock:
		return fmt.Sprintf(`"{" and the members (or a clause of %s: %s)`, p.errKind, clauseList(p.errKind, true))
	case wantMember:
		return "a member: " + orList(memberVerbs(p.errKind))
	case wantMemberOrClose:
		return `";" and the next member, or "}"`
	case wantClauseBody:
		if p.errKind == KindUpdate && c.expectUpdate != "" {
			return c.expectUpdate
		}
		return c.expect
	case wantActionValue:
		return c.expectValue
	}
	if int(p.errWant) < len(wantWords) && wantWords[p.errWant] != "" {
		return wantWords[p.errWant]
	}
	return "something else" // not reached: every want has its words
}
