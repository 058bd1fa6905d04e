#!/usr/bin/env bats
# make install into a DESTDIR, used as a user and a C programmer would: the installed tools and
# examples play without the checkout, a program builds against the installed header and library
# with pkg-config, the completion completes; make uninstall takes exactly that away again.

load helper

setup_file() {
	D="$BATS_FILE_TMPDIR/root"
	export D
	# the same build as the suite's (make check SANITIZE=1 must not be rebuilt plain)
	san=
	grep -q fsanitize "$TOP/.flags" 2> /dev/null && san=1
	export san
	make -s -C "$TOP" install DESTDIR="$D" PREFIX=/usr SANITIZE="$san" > "$BATS_FILE_TMPDIR/log" 2>&1
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	# the installed tools only: nothing of the checkout on PATH
	PATH="$D/usr/bin:/usr/local/bin:/usr/bin:/bin"
}

@test "install: the tools, manuals, header, libraries, pkg-config file, schema, completion, examples" {
	run sh -c "cd '$D' && find . ! -type d | sort"
	[ "$status" -eq 0 ]
	[ "$output" = "./usr/bin/carc-bot
./usr/bin/carc-deck
./usr/bin/carc-draw
./usr/bin/carc-place
./usr/bin/carc-render
./usr/bin/carc-score
./usr/include/carc.h
./usr/lib/libcarc.a
./usr/lib/libcarc.so
./usr/lib/libcarc.so.1
./usr/lib/libcarc.so.1.0.0
./usr/lib/pkgconfig/carc.pc
./usr/share/bash-completion/completions/carc-bot
./usr/share/bash-completion/completions/carc-deck
./usr/share/bash-completion/completions/carc-draw
./usr/share/bash-completion/completions/carc-place
./usr/share/bash-completion/completions/carc-render
./usr/share/bash-completion/completions/carc-score
./usr/share/carc/state.schema.json
./usr/share/doc/carc/README.md
./usr/share/doc/carc/examples/abbey-mayor.sh
./usr/share/doc/carc/examples/botmatch.sh
./usr/share/doc/carc/examples/catapult.sh
./usr/share/doc/carc/examples/demo.sh
./usr/share/doc/carc/examples/fortune-teller.sh
./usr/share/doc/carc/examples/hotseat.sh
./usr/share/doc/carc/examples/jqbot.sh
./usr/share/doc/carc/examples/lastmove.c
./usr/share/doc/carc/examples/lib.sh
./usr/share/doc/carc/examples/pbem/README.md
./usr/share/doc/carc/examples/pbem/play.sh
./usr/share/doc/carc/examples/princess-dragon.sh
./usr/share/doc/carc/examples/pybot.py
./usr/share/doc/carc/examples/replay.sh
./usr/share/doc/carc/examples/tournament.sh
./usr/share/doc/carc/examples/tower.sh
./usr/share/doc/carc/examples/traders-builders.sh
./usr/share/man/man1/carc-bot.1
./usr/share/man/man1/carc-deck.1
./usr/share/man/man1/carc-draw.1
./usr/share/man/man1/carc-place.1
./usr/share/man/man1/carc-render.1
./usr/share/man/man1/carc-score.1
./usr/share/man/man5/carc-state.5
./usr/share/man/man5/carc-tiles.5
./usr/share/man/man7/carc.7" ]
	# modes: programs and scripts 755, the rest 644; the links point where they should
	[ "$(stat -c %a "$D/usr/bin/carc-deck")" = 755 ]
	[ "$(stat -c %a "$D/usr/share/doc/carc/examples/hotseat.sh")" = 755 ]
	[ "$(stat -c %a "$D/usr/share/doc/carc/examples/lib.sh")" = 644 ]
	[ "$(stat -c %a "$D/usr/include/carc.h")" = 644 ]
	[ "$(stat -c %a "$D/usr/share/man/man7/carc.7")" = 644 ]
	[ "$(readlink "$D/usr/lib/libcarc.so")" = libcarc.so.1 ]
	[ "$(readlink "$D/usr/lib/libcarc.so.1")" = libcarc.so.1.0.0 ]
	[ "$(readlink "$D/usr/share/bash-completion/completions/carc-place")" = carc-deck ]
	cmp "$D/usr/include/carc.h" "$TOP/lib/carc.h"
}

@test "install: the tools are stripped; the shared library has a soname and exports carc_ only" {
	for t in carc-deck carc-draw carc-place carc-score carc-render carc-bot; do
		! readelf -S "$D/usr/bin/$t" | grep -q '\.symtab'
	done
	readelf -d "$D/usr/lib/libcarc.so.1.0.0" | grep -q 'Library soname: \[libcarc.so.1\]'
	nm -D --defined-only "$D/usr/lib/libcarc.so.1.0.0" > syms
	grep -q ' T carc_game_new$' syms
	[ "$(grep -vc ' carc_' syms)" -eq 0 ]
	ar t "$D/usr/lib/libcarc.a" > members
	grep -qx legal.o members
	grep -qx catapult.o members	# the rules modules of lib/rules/ too
}

@test "install: carc.pc names the PREFIX, and a C program built with it plays a game" {
	export PKG_CONFIG_PATH="$D/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$D"
	# the release, as every tool's --version says it
	[ "$(pkg-config --modversion carc)" = "$(carc-draw --version | cut -d' ' -f2)" ]
	[ "$(pkg-config --modversion carc)" = "$(sed -n 's/^#define CARC_VERSION "\(.*\)"$/\1/p' "$TOP/lib/carc.h")" ]
	[ "$(PKG_CONFIG_SYSROOT_DIR= pkg-config --variable=libdir carc)" = /usr/lib ]
	[ "$(echo $(pkg-config --cflags --libs carc))" = "-I$D/usr/include -L$D/usr/lib -lcarc" ]
	flags=
	[ -z "$san" ] || flags="-fsanitize=address,undefined"
	cc -std=c11 -Wall -Wextra -Werror $flags -o lastmove "$D/usr/share/doc/carc/examples/lastmove.c" \
	    $(pkg-config --cflags --libs carc)
	LD_LIBRARY_PATH="$D/usr/lib" ./lastmove 7 ann,bob U,V,E,B,C,X,K,L > c.out
	# the same game through the installed tools: each time the last word of --list
	carc-deck --players ann,bob --seed 7 --deck U,V,E,B,C,X,K,L > g
	while read -r phase who < <(carc-render --format phase g); do
		case $phase in
		draw) carc-draw g > n ;;
		score) carc-score g > n ;;
		over) break ;;
		*)
			w=$(carc-place --list g | tail -n 1)
			echo "$who plays $w" >> sh.out
			carc-place "$w" g > n
			;;
		esac
		mv n g
	done
	carc-render --format json g | jq -r '.players[] | "\(.name) \(.score)"' >> sh.out
	diff c.out sh.out
	[ "$(wc -l < c.out)" -eq 10 ]
	[ "$(tail -n 2 c.out | tr '\n' ' ')" = "$(scores_of g) " ]
}

scores_of() {
	carc-render --format json "$1" | jq -r '[.players[] | "\(.name) \(.score)"] | join(" ")'
}

@test "install: the text check and carc_game_since are in the installed header (carc.h)" {
	export PKG_CONFIG_PATH="$D/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$D"
	cat > t.c <<'EOF'
#include <carc.h>
#include <stdio.h>

int
main(void)
{
	struct carc_setup su = { .players = "ann,bob", .seed = 7 };
	struct carc_err err = { 0 };
	struct carc_game *old = carc_game_new(&su, &err), *new = carc_game_new(&su, &err);
	unsigned long cp = 0;
	const char **words;
	size_t n;
	char why[128];
	int rc;

	printf("%d\n", carc_text_check("bob", 3, CARC_TEXT_NAME, why, sizeof(why)));
	rc = carc_text_check("b\033b", 3, CARC_TEXT_LINE, why, sizeof(why));
	printf("%d %s\n", rc, why);
	rc = carc_utf8_char("\xc3\xa9", 2, &cp);
	printf("%d %lx\n", rc, cp);
	carc_game_draw(new, &err);
	carc_moves(new, &words, &n, &err);
	carc_game_place(new, words[0], &err);
	printf("%d\n", carc_game_since(old, new, "old", -1, why, sizeof(why), &err));
	printf("%d %s\n", carc_game_since(new, old, "old", -1, why, sizeof(why), &err), why);
	carc_game_free(old);
	carc_game_free(new);
	return 0;
}
EOF
	flags=
	[ -z "$san" ] || flags="-fsanitize=address,undefined"
	cc -std=c11 -Wall -Wextra -Werror $flags -o t t.c $(pkg-config --cflags --libs carc)
	run env LD_LIBRARY_PATH="$D/usr/lib" ./t
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = 0 ]
	[ "${lines[1]}" = "-1 a control character at byte 2 (U+001B)" ]
	[ "${lines[2]}" = "2 e9" ]
	[ "${lines[3]}" = 0 ]
	[ "${lines[4]}" = "1 the log has 0 entries, old 1" ]
	[ "${#lines[@]}" -eq 5 ]
}

@test "install: the examples, copied away from the checkout, run the installed tools" {
	cp "$D/usr/share/doc/carc/examples/hotseat.sh" .
	run sh -c 'printf "1\nquit\n" | ./hotseat.sh --seed 7 --save g.carc'
	[ "$status" -eq 0 ]
	[[ $output == *"ann plays "* ]]
	[[ $output == *"the game is saved in g.carc"* ]]
	run "$D/usr/share/doc/carc/examples/botmatch.sh" -o end.carc ann,bob 7
	[ "$status" -eq 0 ]
	[ "$(carc-render --format phase end.carc)" = over ]
	# the game the installed tools play is the one the checkout's tools play
	"$TOP/examples/botmatch.sh" -o checkout.carc ann,bob 7 > /dev/null
	cmp end.carc checkout.carc
}

@test "install: the bash completion completes options, sets, rules, strategies and move words" {
	. "$D/usr/share/bash-completion/completions/carc-place"
	comp() {
		COMP_LINE=$1
		COMP_POINT=${#1}
		_carc "${1%% *}"
		printf '%s\n' "${COMPREPLY[@]}"
	}
	carc-deck --players ann,bob --seed 7 | carc-draw > drawn
	[ "$(comp 'carc-place --li')" = --list ]
	# the game named after the cursor; bash replaces only what follows a ':'
	COMP_LINE='carc-place 1,0,0,ro drawn' COMP_POINT=19 _carc carc-place
	[ "${COMPREPLY[*]}" = 1,0,0,road:E ]
	COMP_LINE='carc-place 1,0,0,road: drawn' COMP_POINT=22 _carc carc-place
	[ "${COMPREPLY[*]}" = E ]
	[ "$(comp 'carc-place -i drawn 1,0,1' | tr '\n' ' ')" = "1,0,180 1,0,180,city:S 1,0,180,road:E 1,0,180,field:Es 1,0,180,field:Nw " ]
	[ "$(comp 'carc-deck --expansions base,fo')" = base,fortune-teller ]
	[ "$(comp 'carc-deck --rule farmers=' | tr '\n' ' ')" = "on off " ]
	[ "$(comp 'carc-deck --rule ft' | tr '\n' ' ')" = "ft-draw=max ft-draw=may ft-big=one ft-big=two " ]
	[ "$(comp 'carc-deck --rule capture' | tr '\n' ' ')" = "capture-own=yes capture-own=no " ]
	[ "$(comp 'carc-deck --expansions base,to')" = base,tower ]
	[ "$(comp 'carc-deck --rule ch')" = chain= ]
	[ "$(comp 'carc-render --format j')" = json ]
	[ "$(comp 'carc-bot mc')" = mcts ]
	[ "$(comp 'carc-bot --selfplay 9 --strategies mcts,g')" = mcts,greedy ]
	[ "$(comp 'carc-score -' | tr '\n' ' ')" = "--armor --no-wait --version -h -i -v " ]
}

@test "uninstall: removes exactly what install put, and works again when parts are missing" {
	local d="$BATS_TEST_TMPDIR/root"
	make -s -C "$TOP" install DESTDIR="$d" PREFIX=/opt/carc SANITIZE="$san" > log 2>&1
	touch "$d/opt/carc/bin/someone-elses"
	rm "$d/opt/carc/include/carc.h" "$d/opt/carc/share/doc/carc/examples/hotseat.sh"
	run make -s -C "$TOP" uninstall DESTDIR="$d" PREFIX=/opt/carc
	[ "$status" -eq 0 ]
	run sh -c "cd '$d' && find . ! -type d | sort"
	[ "$output" = ./opt/carc/bin/someone-elses ]
	[ ! -e "$d/opt/carc/share/doc/carc" ] && [ ! -e "$d/opt/carc/share/carc" ]
	run make -s -C "$TOP" uninstall DESTDIR="$d" PREFIX=/opt/carc
	[ "$status" -eq 0 ]
}
