#!/usr/bin/env bash
# Lint of application code against grep over the same tree (issue 20: lint
# of a tree of mixed sources within 3x the time of `grep -rl Expression`,
# memory flat in the tree's size). For each size (in MB) it writes a tree
# with bench/gencode, reads it once to have it in the page cache, then
# times `dynexpr lint --code '**/*' .` and `grep -rl Expression .` in the
# tree, RUNS times each, alternating, and reports each one's median wall
# and CPU time, the ratio of the medians, and peak RSS (the largest of
# the runs). With BASE, the two must print the same findings.
#
# With BASE set to a git revision, that revision's dynexpr is timed in the
# same runs too (tool "base"), for a before and after on the same load.
#
#   bash bench/code.sh [MB...]          (default: 200 50; RUNS=5, BASE=rev)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/dynexpr" ./cmd/dynexpr
tools=(lint grep)
if [ -n "${BASE:-}" ]; then
	mkdir "$tmp/base-src"
	git archive "$BASE" | tar -x -C "$tmp/base-src"
	(cd "$tmp/base-src" && go build -o "$tmp/dynexpr-base" ./cmd/dynexpr)
	tools=(base lint grep)
fi
runs=${RUNS:-5}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(200 50)
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
for mb in "${sizes[@]}"; do
	tree=$tmp/tree$mb
	echo "tree of $mb MB: $(go run ./bench/gencode "$tree" "$mb" | tr -d "\n")"
	grep -rl Expression "$tree" >/dev/null # into the page cache
	for tool in "${tools[@]}"; do : >"$tmp/$tool"; done
	for ((i = 0; i < runs; i++)); do
		for tool in "${tools[@]}"; do
			case $tool in
			base) cmd=("$tmp/dynexpr-base" lint --color never --code '**/*' .) ;;
			lint) cmd=("$tmp/dynexpr" lint --color never --code '**/*' .) ;;
			grep) cmd=(grep -rl Expression .) ;;
			esac
			# lint exits 1 (the samples have findings), grep 0.
			(cd "$tree" && /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "${cmd[@]}" >"$tmp/out.$tool" 2>&1) || true
			tail -n 1 "$tmp/time" >>"$tmp/$tool"
		done
	done
	declare -A walls
	for tool in "${tools[@]}"; do
		wall=$(awk '{print $1}' "$tmp/$tool" | median)
		cpu=$(awk '{print $2 + $3}' "$tmp/$tool" | median)
		rss=$(awk '{print $4}' "$tmp/$tool" | sort -n | tail -n 1)
		printf '%4d MB %-4s wall %6.2f s (median of %d) | cpu %6.2f s | peak RSS %7d KB\n' "$mb" "$tool" "$wall" "$runs" "$cpu" "$rss"
		walls[$tool]=$wall
	done
	for tool in "${tools[@]}"; do
		[ "$tool" = grep ] || printf '%4d MB %s / grep wall: %.2fx\n' "$mb" "$tool" "$(echo "${walls[$tool]} / ${walls[grep]}" | bc -l)"
	done
	if [ -n "${BASE:-}" ]; then
		if cmp -s "$tmp/out.base" "$tmp/out.lint"; then
			echo "$mb MB: base and lint print the same findings ($(wc -l <"$tmp/out.lint") lines)"
		else
			echo "$mb MB: base and lint print different findings" && exit 1
		fi
	fi
	rm -rf "$tree"
done
