// Package corpus generates the benchmark corpora: statements over the
// example tables (examples/tickets.yaml and examples/events.yaml), a mix of
// clean ones and ones that trip rules. The text is the same for the same
// arguments, so runs compare.
package corpus

import (
	"fmt"
	"strings"
)

// A template is one statement; {N} and {D} vary with its number.
type template struct {
	text string
	// refused: it has a finding at error level, so build refuses it.
	refused bool
	// ignore: the dynexpr:ignore comment written before it in a corpus
	// that builds, silencing its warning.
	ignore string
}

var templates = []template{
	{text: `query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt >= "2026-11-{D}" asc select id, subject, priority limit {D}`},
	{text: `update Tickets key id = "t{N}" remove openBucket set status = "RESOLVED", resolvedAt = "2026-11-{D}T10:00:00Z" if attribute_exists(openBucket) return updated_new`},
	{text: `put Tickets item {id: "t{N}", openBucket: "OPEN", openedAt: "2026-11-{D}T09:14:00Z", subject: "Printer on fire", priority: 1, tags: <<"hw", "urgent">>}`},
	{text: `get Tickets key id = "t{N}" select subject, body, priority consistent`},
	{text: `scan Tickets filter attribute_exists(openBucket) and priority <= {D} limit {D}`,
		ignore: "# dynexpr:ignore limit-with-filter -- the caller pages until LastEvaluatedKey is absent"},
	{text: `query WorkspaceEvents index ByActor key GSI1PK = "USR#{N}" and GSI1SK > "TS#2026-06-{D}" filter begins_with(action, "role.")`},
	{text: `update Tickets key id = "t{N}" set openBucket = "", priority = priority + {D}`, refused: true},
	{text: `delete Tickets key id = "t{N}" if attribute_not_exists(openBucket) and priority > {D} return old`},
	{text: `query Tickets index open-tickets-index key openBucket = "OPEN{D}" select subject, body consistent limit {D}`, refused: true},
	{text: `update WorkspaceEvents key EventPK = "WS#{N}" and EventSK = "TS#{D}" add seen 1 set meta.last = "x", meta.count = if_not_exists(meta.count, 0)`},
}

// File is the text of one corpus file, and the number after its last
// statement: count statements, numbered from first, each labelled
// s<number> and ended with ";". With builds, only
// statements build accepts (warnings, some silenced by ignore comments,
// but no errors), for measuring build and explain; without, the lint mix,
// errors included.
func File(first, count int, builds bool) (text string, next int) {
	var b strings.Builder
	n := first
	for i := 0; i < count; n++ {
		t := templates[n%len(templates)]
		if builds && t.refused {
			continue
		}
		r := strings.NewReplacer("{N}", fmt.Sprintf("%04d", n%10000), "{D}", fmt.Sprintf("%02d", n%28+1))
		if builds && t.ignore != "" {
			b.WriteString(t.ignore + "\n")
		}
		fmt.Fprintf(&b, "s%d: %s;\n", n, r.Replace(t.text))
		i++
	}
	return b.String(), n
}
