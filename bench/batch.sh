#!/usr/bin/env bash
# Every command that reads a whole file, over one file of 10,000 and one of
# 100,000 statements that build (bench/gencorpus -builds): build (all, and
# --statement for one), lint, fmt, explain, and import and lint of what
# build --output jsonl wrote. Wall and CPU time and peak RSS, and the peak RSS
# over the input's size. A batch pays the start-up once, so it must stay
# linear: the same memory per statement at both sizes, and no command
# above about twenty times its input (none keeps every statement's tree).
#
#   bash bench/batch.sh [STATEMENTS...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/dynexpr" ./cmd/dynexpr
schemas=(--schema examples/tickets.yaml --schema examples/events.yaml)
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)
for n in "${sizes[@]}"; do
	go run ./bench/gencorpus -builds "$tmp/c$n" 1 "$n"
	file="$tmp/c$n/q0000.dx"
	"$tmp/dynexpr" build --output jsonl -f "$file" "${schemas[@]}" >"$tmp/c$n/built.jsonl" 2>/dev/null || true
	for cmd in "build --output jsonl -f $file" "build --statement s7 -f $file" "lint $file" \
		"fmt $file" "explain -f $file" "import $tmp/c$n/built.jsonl" "lint $tmp/c$n/built.jsonl"; do
		input=$file
		args=("${schemas[@]}")
		case $cmd in
		fmt*) args=() ;;
		import*) args=() input=$tmp/c$n/built.jsonl ;;
		*.jsonl) input=$tmp/c$n/built.jsonl ;;
		esac
		# shellcheck disable=SC2086 # cmd is words
		/usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$tmp/dynexpr" $cmd "${args[@]}" >/dev/null 2>&1 || true
		read -r secs user sys kb < <(tail -n 1 "$tmp/time")
		name=${cmd%% -f*}
		name=${name%% /*}
		[ "$input" = "$file" ] || [ "$name" = import ] || name="$name requests"
		printf '%-16s %6d statements: wall %6.2f s | cpu %6.2f s | peak RSS %7d KB, %5.2f KB a statement, %4.1f x the input\n' \
			"$name" "$n" "$secs" "$(echo "$user + $sys" | bc -l)" "$kb" "$(echo "$kb / $n" | bc -l)" \
			"$(echo "$kb * 1024 / $(wc -c <"$input")" | bc -l)"
	done
done
