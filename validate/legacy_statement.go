package validate

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/request"
)

// A request with legacy parameters is checked by the legacy rules as it
// stands, and by the catalog on the statement of its expression form
// (request.Request.Modernize): unknown tables and indexes, sparse keys,
// projections of an index, empty keys. The findings of that statement are
// moved back to the places in the file they stand for.

// legacyCovered are the catalog's rules that the legacy rules do for a
// request with legacy parameters: on the expression form they would quote
// the expression's message where DynamoDB answers the legacy one ("Invalid
// operator used in KeyConditionExpression: IN" for "Attempted conditional
// constraint is not an indexable operation"), or say again what a legacy
// rule says, or measure expressions the request does not hold; the value
// rules (invalid-set, number-out-of-range) are reported from the request's
// values themselves, where their places are exact.
var legacyCovered = map[string]bool{
	keyConditionInvalid.Name:   true,
	filterOnKey.Name:           true,
	functionMisuse.Name:        true,
	updateOperandType.Name:     true,
	updateKeyAttribute.Name:    true,
	projectionPathOverlap.Name: true,
	expressionLimit.Name:       true,
	invalidSet.Name:            true,
	numberOutOfRange.Name:      true,
}

// measuresValue reports whether a finding of expression-limit is about the
// size of a key value, which the expression form holds as the request does
// (in AttributeUpdates or Expected), rather than about its expressions.
func measuresValue(f Finding) bool {
	return f.Rule == expressionLimit.Name && (strings.Contains(f.Message, msgHashKeySize) || strings.Contains(f.Message, msgRangeKeySize))
}

// legacyCoveredIn are catalog rules dropped where they point into one
// legacy member: key-type-mismatch in KeyConditions, which
// legacy-key-conditions-invalid reports; sparse-key-blanked in
// AttributeUpdates, where DynamoDB answers a PUT as it answers a put, not
// with the update expression's message (the rule's own request check,
// checkRequestBlanked, reports it).
var legacyCoveredIn = map[string]string{
	keyTypeMismatch.Name:  "KeyConditions",
	sparseKeyBlanked.Name: "AttributeUpdates",
}

// legacyStatement converts the expression form of the request; c.modern
// is then that form.
func (c *requestPass) legacyStatement() (*request.Conversion, error) {
	m, err := c.r.Modernize()
	if err != nil {
		return nil, err
	}
	conv, err := m.Convert()
	if err != nil {
		return nil, err
	}
	c.modern = m
	return conv, nil
}

// fromModern moves a finding of the expression form's statement to the
// request's file; false drops it (legacyCovered, legacyCoveredIn).
func (c *requestPass) fromModern(f Finding) (Finding, bool) {
	if legacyCovered[f.Rule] && !measuresValue(f) {
		return f, false
	}
	at := c.modern.Origin(c.modernOffset(f.Pos))
	if m := c.member(legacyCoveredIn[f.Rule]); m != nil && at >= m.NamePos && at < m.Value.End {
		return f, false
	}
	end := f.End
	f.Pos, f.End = c.pos(at), diag.Pos{}
	if end.IsValid() {
		if e := c.modern.Origin(c.modernOffset(end)); e > at {
			f.End = c.pos(e)
		}
	}
	return f, true
}

// modernOffset is a position's offset in the expression form, which is
// one line.
func (c *requestPass) modernOffset(p diag.Pos) int {
	if p.Offset == 0 && p.Col > 1 {
		return p.Col - 1
	}
	return p.Offset
}
