package validate

import (
	"testing"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/schema"
)

// TestStartKeyEmptyValueLeftToEmptyKeyValue: a start key with "" in a key
// attribute is refused for that before it is placed, so only
// empty-key-value reports it. (Not in the rule archive: dynalite answers
// it in an older wording, which is empty-key-value's business.)
func TestStartKeyEmptyValueLeftToEmptyKeyValue(t *testing.T) {
	sch, err := schema.Parse("schema.yaml", []byte("tables:\n  Readings:\n    key: {partition: sensor, sort: at}\n    attributes: {sensor: S, at: N}\n"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := grammar.Parse("q.dx", `query Readings key sensor = "s1" after {sensor: "", at: 5}`)
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]bool{}
	for _, fd := range Check(f.Statements[0], sch, nil) {
		rules[fd.Rule] = true
	}
	if rules[startKeyOutsideCondition.Name] || !rules[emptyKeyValue.Name] {
		t.Errorf("findings of rules %v, want empty-key-value's alone", rules)
	}
}
