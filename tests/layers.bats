#!/usr/bin/env bats
# HACKING.md: the files of lib/ call each other in layers, never in a circle (issue 14).

load helper

@test "deps-check: no file of lib/ calls back into a file that calls it" {
	run ./tests/layers.sh
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^deps-check:\ [0-9]+\ files\ of\ lib/,\ no\ circle$ ]]
}

@test "deps-check: two files that call each other are named, status 1" {
	d=$BATS_TEST_TMPDIR/objs
	mkdir -p "$d/rules"
	printf 'int b(void);\nint a(void) { return b(); }\n' > "$d/a.c"
	printf 'int a(void);\nint b(void) { return a(); }\n' > "$d/b.c"
	printf 'int a(void);\nint c(void) { return a(); }\n' > "$d/rules/c.c"
	(cd "$d" && cc -c a.c b.c && cd rules && cc -c c.c)
	run ./tests/layers.sh "$d"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "deps-check: the files of $d/ call each other in a circle:" ]
	[ "${lines[1]}" = "  a.o" ]
	[ "${lines[2]}" = "  b.o" ]
	[ "${#lines[@]}" -eq 3 ]
}
