#!/usr/bin/env bash
# Batch build and explain against lint, over one file of 10,000 and one of
# 100,000 statements that build (bench/gencorpus -builds): wall and CPU
# time and peak RSS. A batch pays the start-up once, so it must stay linear:
# build within a small factor of lint's time, and the same memory per
# statement at both sizes.
#
#   bash bench/batch.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/dynexpr" ./cmd/dynexpr
schemas=(--schema examples/tickets.yaml --schema examples/events.yaml)
for n in 10000 100000; do
	go run ./bench/gencorpus -builds "$tmp/c$n" 1 "$n"
	file="$tmp/c$n/q0000.dx"
	for cmd in "lint $file" "build --output jsonl -f $file" "explain -f $file"; do
		# shellcheck disable=SC2086 # cmd is words
		/usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$tmp/dynexpr" $cmd "${schemas[@]}" >/dev/null 2>&1 || true
		read -r secs user sys kb < <(tail -n 1 "$tmp/time")
		printf '%-8s %6d statements: wall %6.2f s | cpu %6.2f s | peak RSS %7d KB, %5.1f KB a statement\n' \
			"${cmd%% *}" "$n" "$secs" "$(echo "$user + $sys" | bc -l)" "$kb" "$(echo "$kb / $n" | bc -l)"
	done
done
