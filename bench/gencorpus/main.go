// Command gencorpus writes a lint benchmark corpus: FILES files of STMTS
// statements each, over the example tables, a mix of clean statements and
// ones that trip rules. The output is the same for the same arguments.
//
//	go run ./bench/gencorpus DIR [FILES [STMTS]]
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

var templates = []string{
	`query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt >= "2026-11-{D}" asc select id, subject, priority limit {D}`,
	`update Tickets key id = "t{N}" remove openBucket set status = "RESOLVED", resolvedAt = "2026-11-{D}T10:00:00Z" if attribute_exists(openBucket) return updated_new`,
	`put Tickets item {id: "t{N}", openBucket: "OPEN", openedAt: "2026-11-{D}T09:14:00Z", subject: "Printer on fire", priority: 1, tags: <<"hw", "urgent">>}`,
	`get Tickets key id = "t{N}" select subject, body, priority consistent`,
	`scan Tickets filter attribute_exists(openBucket) and priority <= {D} limit {D}`,
	`query WorkspaceEvents index ByActor key GSI1PK = "USR#{N}" and GSI1SK > "TS#2026-06-{D}" filter begins_with(action, "role.")`,
	`update Tickets key id = "t{N}" set openBucket = "", priority = priority + {D}`,
	`delete Tickets key id = "t{N}" if attribute_not_exists(openBucket) and priority > {D} return old`,
	`query Tickets index open-tickets-index key openBucket = "OPEN{D}" select subject, body consistent limit {D}`,
	`update WorkspaceEvents key EventPK = "WS#{N}" and EventSK = "TS#{D}" add seen 1 set meta.last = "x", meta.count = if_not_exists(meta.count, 0)`,
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: gencorpus DIR [FILES [STMTS]]")
		os.Exit(2)
	}
	dir := os.Args[1]
	files, stmts := 1000, 100
	if len(os.Args) > 2 {
		files, _ = strconv.Atoi(os.Args[2])
	}
	if len(os.Args) > 3 {
		stmts, _ = strconv.Atoi(os.Args[3])
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	n := 0
	for f := 0; f < files; f++ {
		var b strings.Builder
		for s := 0; s < stmts; s++ {
			t := templates[n%len(templates)]
			r := strings.NewReplacer("{N}", fmt.Sprintf("%04d", n%10000), "{D}", fmt.Sprintf("%02d", n%28+1))
			fmt.Fprintf(&b, "s%d: %s;\n", n, r.Replace(t))
			n++
		}
		name := filepath.Join(dir, fmt.Sprintf("q%04d.dx", f))
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
