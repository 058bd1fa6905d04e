#!/usr/bin/env bats
# The web page (carc-render --format html, web/README): what the file holds, the e-mail that
# carries it, and the page itself in a real headless Chromium, driven by selenium
# (tests/web/drive.py): every decision made by clicking must give the very bytes that
# carc-place WORD | carc-score gives. The tests are skipped, saying why, when make web has not
# built the page (no emscripten) or the browser is missing (make deps-web installs both); the
# browser tests are skipped in a build with the sanitizers too.

bats_require_minimum_version 1.5.0
load helper

# Debian's python, which has Debian's selenium, whatever python3 comes first on PATH.
PY=/usr/bin/python3
DRIVE="$TOP/tests/web/drive.py"
MAIL="$TOP/tests/mail.py"
# the screenshots, kept after the tests as their artefacts
SHOTS="$TOP/tests/web/out"
# the supply of the short whole games: 14 tiles of base
DECK=U,V,D,E,K,B,J,W,L,A,R,X,N,S

# Why the browser tests cannot run here, or nothing: the browser is missing, or the build has
# the sanitizers (the page runs the engine as WebAssembly, which they do not reach, and the
# plain make check plays it already).
no_browser() {
	if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ] ||
	    ! "$PY" -c 'import selenium' 2> /dev/null; then
		echo "no chromium, chromium-driver or python3-selenium (make deps-web)"
	elif ldd "$TOP/bin/carc-render" | grep -q libasan; then
		echo "a sanitizer build: the page is played in the plain make check"
	fi
}

# One browser for the whole file, left running by drive.py start: each test drives it with a
# chromedriver of its own, to a page of its own.
setup_file() {
	if [ -z "$(no_browser)" ] &&
	    carc-deck --players a,b | carc-render --format html > /dev/null 2>&1; then
		export CARC_BROWSER="$BATS_FILE_TMPDIR/browser"
		"$PY" "$DRIVE" start "$CARC_BROWSER"
	fi
}

teardown_file() {
	[ -z "${CARC_BROWSER:-}" ] || "$PY" "$DRIVE" stop "$CARC_BROWSER"
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	carc-deck --players ann,bob --seed 7 > deal
	carc-draw < deal > drawn
	if ! carc-render --format html drawn > drawn.html 2> err; then
		grep -q "no web page in this build" err && skip "make web has not built the page"
		cat err
		return 1
	fi
}

# browser: skips the test when the browser tests cannot run (no_browser).
browser() {
	local why
	why=$(no_browser)
	[ -z "$why" ] || skip "$why"
}

# drive COMMAND PAGE ARG...: tests/web/drive.py under `run`, its stdout in $output.
drive() {
	run --separate-stderr "$PY" "$DRIVE" "$@"
	[ "$status" -eq 0 ] || { echo "drive $*: status $status: $stderr"; false; }
}

# The base64 between the lines of the carc-state script, as bytes.
embedded() {
	sed -n '/<script id="carc-state"/,/<\/script>/p' "$1" | sed '1d;$d' | base64 -d
}

# The catapult's fairground of tests/catapult.bats: ann to hurl first (scatter 0).
fairground() {
	carc-deck --players ann,bob --seed 7 --expansions base,catapult --rule scatter=0 \
	    --deck W,V,CA06,B > g
	turn g 1,0,0,field:Es && turn g 2,0,0,road:W && turn g 1,-1,0
}

@test "--format html: one page under 2 MB that holds the binary state and fetches nothing" {
	size=$(wc -c < drawn.html)
	[ "$size" -lt 2097152 ] || { echo "$size bytes"; false; }
	embedded drawn.html | cmp - drawn
	grep -q "Content-Security-Policy\" content=\"default-src 'none'; connect-src data:;" \
	    drawn.html
	run grep -ciE '<(link|img|iframe|object|embed)\b|<script[^>]*\bsrc=' drawn.html
	[ "$output" = 0 ]
	# the same page for every state but the state itself; armoured input gives the same page
	carc-render --format html deal | sed '/<script id="carc-state"/,/<\/script>/d' > a
	sed '/<script id="carc-state"/,/<\/script>/d' drawn.html | cmp - a
	carc-draw --armor < deal | carc-render --format html | cmp - drawn.html
}

@test "--format html takes no picture option; --attach-html goes with --format email only" {
	tool=carc-render
	run --separate-stderr carc-render --format html --legal drawn
	misused "--highlight, --legal, --no-coords and --player-colors do not go with --format html"
	run --separate-stderr carc-render --format svg --attach-html drawn
	misused "--attach-html goes with --format email"
	run --separate-stderr carc-render --format html --to ann@example.org drawn
	misused "--from and --to go with --format email"
}

@test "--format email --attach-html: the page is a third part, game.html, and the tools still read the message" {
	carc-render --format email --attach-html --to ann@example.org drawn > m.eml
	"$PY" "$MAIL" parse < m.eml | jq -c '[.defects, [.parts[] | [.type, .filename]]]' > parts
	run cat parts
	[ "$output" = '[0,[["text/plain",null],["image/svg+xml","board.svg"],["text/html","game.html"]]]' ]
	"$PY" "$MAIL" part game.html < m.eml | cmp - drawn.html
	"$PY" "$MAIL" parse < m.eml | jq -r .text | grep -qx "Or open the attached game.html in a web browser: it shows the board, lets"
	carc-deck --verify m.eml
	carc-place -i m.eml 1,0,0,road:E
	carc-score < m.eml | cmp - <(carc-place 1,0,0,road:E < drawn | carc-score)
	# without the option, the message is as it was
	carc-render --format email --to ann@example.org drawn > plain.eml
	"$PY" "$MAIL" parse < plain.eml | jq -c '[.parts[] | .type]' > types
	[ "$(cat types)" = '["text/plain","image/svg+xml"]' ]
}

@test "a placement and a figure clicked in the page give the bytes of carc-place | carc-score, as armour and as a .carc download" {
	browser
	mkdir downloads
	drive place drawn.html 1,0,0,road:E armour downloads
	carc-place 1,0,0,road:E < drawn | carc-score > want
	carc-place 1,0,0,road:E < drawn | carc-score --armor | cmp - armour
	[ "${lines[1]}" = carc-ann-bob-1.carc ]
	cmp downloads/carc-ann-bob-1.carc want
	printf '%s' "${lines[0]}" | base64 -d | cmp - want
}

@test "a page opened before the draw draws the player's tile, as carc-draw does" {
	browser
	carc-render --format html deal > deal.html
	drive place deal.html 0,-1,180,city:S armour
	carc-draw < deal | carc-place 0,-1,180,city:S | carc-score --armor | cmp - armour
}

@test "a click where the tile fits nowhere is refused, and nothing is chosen" {
	browser
	drive refuse drawn.html 1,1
	[ "$output" = "refused: D fits nowhere at 1,1
none yet
confirm disabled" ]
}

@test "hovering a marked cell shows the rotations that fit there, as --list gives them" {
	browser
	drive hover drawn.html 1,0
	rots=$(carc-place --list drawn | sed -n 's/^1,0,\([0-9]*\)$/\1°/p' | tr '\n' ' ')
	[ "$rots" = "0° 180° " ]
	[ "$output" = "1,0: ${rots% }
2 pictures" ]
}

@test "undo before confirming leaves no decision" {
	browser
	drive undo drawn.html 1,0,0,road:E
	[ "$output" = "none yet
confirm disabled" ]
}

@test "Fortune Teller: with two tiles drawn the player picks the second, and the word names it" {
	browser
	carc-deck --players ann,bob --seed 7 --expansions base,fortune-teller --start B \
	    --deck FT1,B,D,B,B > g
	turn g 0,1,0,tent && turn g 1,1,0
	carc-draw < g > two
	[ "$(carc-render --format json two | jq -c .drawn)" = '["D","B"]' ]
	carc-place --list two | grep -qx B/-1,0,0,cloister
	carc-render --format html two > two.html
	drive place two.html B/-1,0,0,cloister armour
	carc-place B/-1,0,0,cloister < two | carc-score --armor | cmp - armour
}

@test "Fortune Teller, ft-draw=may: the draw is a decision from the list, then the placement" {
	browser
	carc-deck --players ann,bob --seed 7 --expansions base,fortune-teller --start B \
	    --deck FT1,B,U,E,B --rule ft-draw=may > g
	turn g 0,1,0,tent && turn g 1,0,0
	[ "$(carc-place --list g | tr '\n' ' ')" = "draw:2 draw:1 " ]
	carc-render --format html g > g.html
	# the first decision alone: the page shows the game so far, the tile drawn
	drive choose g.html armour draw:1
	carc-place --armor draw:1 < g | cmp - armour
	drive choose g.html armour draw:1 0,-1,0
	carc-place draw:1 < g | carc-place 0,-1,0 | carc-score --armor | cmp - armour
	[ "$(carc-render --format json armour | jq -c '.log[-2:]')" = '["draw:1","U/0,-1,0"]' ]
}

@test "Catapult: a hurl aimed by a click on the board gives the bytes of carc-place hurl:... | carc-score" {
	browser
	fairground
	carc-render --format html g > g.html
	drive hurl g.html hurl:knockout: 2.4 0.6 armour
	[ "$output" = hurl:knockout:2.40,0.60 ]
	carc-place hurl:knockout:2.40,0.60 < g | carc-score --armor | cmp - armour
}

@test "Catapult: the player who places the fair tile hurls first, in the same page" {
	browser
	carc-deck --players ann,bob --seed 7 --expansions base,catapult --rule scatter=0 \
	    --deck W,V,CA06,B > g
	turn g 1,0,0,field:Es && turn g 2,0,0,road:W
	carc-render --format html g > g.html
	drive choose g.html armour 1,-1,0 hurl:knockout:@2.4,0.6
	[ "$output" = hurl:knockout:2.40,0.60 ]
	carc-draw < g | carc-place 1,-1,0 | carc-score | carc-place hurl:knockout:2.40,0.60 |
	    carc-score --armor | cmp - armour
}

@test "Catapult: a seduce decision is a word of its own, chosen from the list" {
	browser
	fairground
	carc-place hurl:seduction:2.40,0.60 < g | carc-score > s
	[ "$(carc-render --format json s | jq -r .phase)" = seduce ]
	carc-render --format html s > s.html
	drive choose s.html armour seduce:1,0,field:Es
	carc-place seduce:1,0,field:Es < s | carc-score --armor | cmp - armour
}

@test "Abbey & Mayor: a barn put on its corner by a click gives the bytes of carc-place | carc-score" {
	browser
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start B \
	    --deck E,E,B,B > g
	turn g 0,1,180 && turn g 0,2,0 && turn g 1,0,0,field:Nw
	carc-draw < g > d
	carc-render --format html d > d.html
	drive place d.html 1,1,0,corner:NW@barn armour
	carc-place 1,1,0,corner:NW@barn < d | carc-score --armor | cmp - armour
}

@test "Abbey & Mayor: the abbey instead of the draw, and a wagon's move, each a word from the list" {
	browser
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start B \
	    --deck E,A,B,B,B,E,B > g
	for m in 1,0,180,city:S 0,1,270,road:E 2,0,0 2,1,0 0,2,0 1,2,0; do turn g "$m"; done
	carc-render --format html g > g.html
	drive choose g.html armour abbey:1,1,cloister
	carc-place abbey:1,1,cloister < g | carc-score --armor | cmp - armour
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start D \
	    --deck E,U,U > w
	turn w 0,-1,180,city:S@wagon
	[ "$(carc-render --format phase w)" = "wagon ann" ]
	carc-render --format html w > w.html
	drive choose w.html armour wagon:0,0,road:E
	carc-place --armor wagon:0,0,road:E < w | cmp - armour
}

@test "a finished game's page is a replay viewer that steps through the log" {
	browser
	carc-deck --players ann,bob --seed 7 --deck "$DECK" > g
	while carc-draw < g > d 2> /dev/null; do
		carc-bot random < d | carc-score > g
	done
	carc-render --format html g > over.html
	n=$(carc-render --format json g | jq '.log | length')
	first=$(carc-render --format json g | jq -r '.log[0]')
	last=$(carc-render --format json g | jq -r '.log[-1]')
	drive replay over.html
	[ "${#lines[@]}" -eq 5 ]
	[[ ${lines[0]} == "decision $n of $n: $((n + 1)) tiles; $last"* ]]
	[ "${lines[1]}" = "decision 0 of $n: 1 tiles; the deal" ]
	[[ ${lines[2]} == "decision 1 of $n: 2 tiles; $first"* ]]
	[[ ${lines[3]} == "decision $n of $n: $((n + 1)) tiles; $last"* ]]
	[[ ${lines[4]} == "decision $((n - 1)) of $n: $n tiles; "* ]]
}

@test "a new game started in the page and played hot seat: the setup of carc-deck, the bytes of the tools" {
	browser
	drive local "$TOP/web/build/carc.html" ann,bob base,catapult scatter=0 3 armour \
	    0,-1,180 -1,-1,0,city:N
	[ "$output" = "ann to decide
bob to decide
ann to decide" ]
	# the page has drawn ann's next tile
	carc-deck --players ann,bob --expansions base,catapult --rule scatter=0 --seed 3 > g
	turn g 0,-1,180 && turn g -1,-1,0,city:N
	carc-draw --armor < g | cmp - armour
}

# The bot is mcts (200 iterations for speed, --seed 0 as carc-bot's default), run in the page's
# Web Worker; the game is then played again with the tools, the person's words from the log and
# carc-bot mcts for the bot, and must end in the same bytes. A game of the 14 tiles of $DECK: a
# whole game, final scoring included, in a tenth of the time of the 71 tiles of base.
@test "a whole game in the page, a person against the mcts bot in a worker, to the end; the tools play the same game" {
	browser
	mkdir -p "$SHOTS"
	carc-deck --players me,bot --seed 5 --deck "$DECK" > g
	carc-render --format html g > g.html
	# the first decision made in the mailed game's page, then "Play on here" against the bot
	drive game g.html mcts 200 armour "$SHOTS/game.png"
	[ "${lines[0]}" = "7 decisions by me" ]
	[ "${lines[1]}" = "the bot ran in the worker" ]
	[[ ${lines[2]} == "phase over: the game is over; "* ]]
	carc-deck --verify armour
	[ "$(carc-render --format json armour | jq -c '[.phase, (.log | length), [.players[].name]]')" = '["over",14,["me","bot"]]' ]
	carc-render --format json armour | jq -r '.log[]' > log
	i=0
	while read -r word; do
		if [ $((i % 2)) -eq 0 ]; then
			carc-draw < g | carc-place "$word" | carc-score > next
		else
			carc-draw < g | carc-bot --iterations 200 mcts | carc-score > next
		fi
		mv next g
		i=$((i + 1))
	done < log
	unarmour armour | cmp - g
}

@test "a screenshot of the page is not blank" {
	browser
	mkdir -p "$SHOTS"
	drive shot drawn.html "$SHOTS/page.png"
	n=${output% colours}
	[ "$n" -gt 20 ] || { echo "$output"; false; }
}
