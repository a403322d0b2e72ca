#!/usr/bin/env bash
# Lint throughput and peak memory over generated corpora: statements per
# second on one core and on two, and peak RSS from 10,000 to 100,000
# statements (it must stay flat: lint streams).
#
#   bash bench/lint.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/dynexpr" ./cmd/dynexpr
go run ./bench/gencorpus "$tmp/c100k" 1000 100
go run ./bench/gencorpus "$tmp/c10k" 100 100
schemas=(--schema examples/tickets.yaml --schema examples/events.yaml)
measure() { # label procs dir statements
	/usr/bin/time -f "%e %M %U %S" -o "$tmp/time" env GOMAXPROCS="$2" "$tmp/dynexpr" lint --color never "${schemas[@]}" "$3" >"$tmp/out" 2>/dev/null || true
	read -r secs kb user sys < <(tail -n 1 "$tmp/time")
	cpu=$(echo "$user + $sys" | bc -l)
	# Wall time says what a user waits; CPU time says what a core costs,
	# and stays meaningful on a machine shared with other work.
	printf '%-26s wall %6.2f s %9.0f stmts/s | cpu %6.2f s %9.0f stmts/cpu-s | peak RSS %6d KB | %d findings\n' \
		"$1" "$secs" "$(echo "$4 / $secs" | bc -l)" "$cpu" "$(echo "$4 / $cpu" | bc -l)" "$kb" "$(wc -l <"$tmp/out")"
}
measure "100k statements, 1 core" 1 "$tmp/c100k" 100000
measure "100k statements, 2 cores" 2 "$tmp/c100k" 100000
measure "10k statements, 2 cores" 2 "$tmp/c10k" 10000
