#!/bin/sh
# make deps-check: the files of lib/ call each other in layers (HACKING.md), never in a circle.
# Each object's undefined symbols are matched with the object that defines them, and tsort(1)
# orders the files by those calls; it names the files of a circle and fails when there is one.
# tests/layers.sh [DIR] looks at DIR's objects and those of DIR/rules (lib/ by default).
set -eu
export LC_ALL=C
dir=${1:-lib}
[ $# -gt 0 ] || cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for o in "$dir"/*.o "$dir"/rules/*.o; do
	[ -e "$o" ] || continue
	nm -g --defined-only "$o" | awk -v o="${o#"$dir"/}" 'NF == 3 { print $3, o }'
done | sort > "$tmp/defs"
for o in "$dir"/*.o "$dir"/rules/*.o; do
	[ -e "$o" ] || continue
	nm -u "$o" | awk -v o="${o#"$dir"/}" '{ print $NF, o }'
done | sort > "$tmp/uses"
# "caller callee" for each call between two files, then each file with itself so that a file
# that calls nobody is listed too
join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 { print $2, $3 }' | sort -u > "$tmp/edges"
for o in "$dir"/*.o "$dir"/rules/*.o; do
	[ -e "$o" ] || continue
	echo "${o#"$dir"/} ${o#"$dir"/}"
done >> "$tmp/edges"
if ! tsort "$tmp/edges" > "$tmp/order" 2> "$tmp/loops"; then
	echo "deps-check: the files of $dir/ call each other in a circle:" >&2
	grep -v 'input contains a loop' "$tmp/loops" | sed 's/^tsort: /  /' >&2
	exit 1
fi
echo "deps-check: $(wc -l < "$tmp/order") files of $dir/, no circle"
