#!/usr/bin/env bash
# dynexpr report beside dynexpr lint over the lint benchmark's generated
# corpora: both read every statement the same way (report through lint's
# engine), so the ratio of their times is what gathering the report costs.
# Peak RSS: lint streams; report keeps one summary per request (what it
# lists), so its memory grows with the requests, not with their trees.
#
#   bash bench/report.sh [STATEMENTS_IN_HUNDREDS...]   (default: 100 1000)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/dynexpr" ./cmd/dynexpr
schemas=(--schema examples/tickets.yaml --schema examples/events.yaml)
measure() { # label statements command...
	local label=$1 n=$2
	shift 2
	/usr/bin/time -f "%e %M %U %S" -o "$tmp/time" "$@" >"$tmp/out" 2>/dev/null || true
	read -r secs kb user sys < <(tail -n 1 "$tmp/time")
	cpu=$(echo "$user + $sys" | bc -l)
	printf '%-34s wall %6.2f s | cpu %6.2f s %9.0f stmts/cpu-s | peak RSS %7d KB | %d lines\n' \
		"$label" "$secs" "$cpu" "$(echo "$n / $cpu" | bc -l)" "$kb" "$(wc -l <"$tmp/out")"
	echo "$cpu" >"$tmp/cpu"
}
for files in "${@:-100 1000}"; do
	for f in $files; do
		n=$((f * 100))
		go run ./bench/gencorpus "$tmp/c$f" "$f" 100
		measure "lint, $n statements" "$n" "$tmp/dynexpr" lint --color never "${schemas[@]}" "$tmp/c$f"
		lint=$(cat "$tmp/cpu")
		measure "report, $n statements" "$n" "$tmp/dynexpr" report "${schemas[@]}" "$tmp/c$f"
		report=$(cat "$tmp/cpu")
		printf '%-34s %.2f\n' "report cpu / lint cpu" "$(echo "$report / $lint" | bc -l)"
	done
done
