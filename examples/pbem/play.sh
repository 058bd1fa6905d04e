#!/bin/sh
# A whole game by e-mail between ann and bob, over two mbox files: each message goes into its
# receiver's mailbox. Every turn the player to move takes the last message of their mailbox,
# checks it against its log, looks at the board, decides (the next word of a moves file, or a
# bot) and answers with carc-render --format email, as sendmail -t would send it.
set -eu

usage='usage: play.sh [-q] [-d DIR] [-m MOVES] [-s SEED] [-t TILES] [-x EXPANSIONS]
  -d DIR         where the mailboxes and the players'"'"' saved messages go (default: pbem)
  -m MOVES       move words, one a line, played in turn before the bots take over;
                 a line "bot" lets the bot play that turn
  -q             show the board only at the end, not at every turn
  -s SEED        the seed of the deal (default: 2026)
  -t TILES       a short game: exactly these tiles, as carc-deck --deck takes them
  -x EXPANSIONS  the tile sets, as carc-deck --expansions takes them (default: base)'

top=$(cd "$(dirname "$0")/../.." && pwd)
PATH="$top/bin:$PATH"

dir=pbem moves= quiet= seed=2026 sets=base deck=
while getopts d:hm:qs:t:x: opt; do
	case $opt in
	d) dir=$OPTARG ;;
	h) echo "$usage"; exit 0 ;;
	m) moves=$OPTARG ;;
	q) quiet=1 ;;
	s) seed=$OPTARG ;;
	t) deck=$OPTARG ;;
	x) sets=$OPTARG ;;
	*) echo "$usage" >&2; exit 64 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 0 ]; then
	echo "$usage" >&2
	exit 64
fi
if [ -n "$moves" ] && [ ! -r "$moves" ]; then
	echo "play.sh: cannot read the moves file '$moves'" >&2
	exit 66
fi
for tool in carc-deck carc-draw carc-place carc-bot carc-score carc-render; do
	if [ ! -x "$top/bin/$tool" ] && ! command -v "$tool" >/dev/null; then
		echo "play.sh: $tool is neither built in $top/bin nor installed on PATH;" \
		    "run make in $top first" >&2
		exit 1
	fi
done
command -v jq >/dev/null || { echo "play.sh: jq is missing; run make deps in $top" >&2; exit 1; }

mkdir -p "$dir"
rm -f "$dir/ann.mbox" "$dir/bob.mbox" "$dir/ann.eml" "$dir/bob.eml"

other() {
	if [ "$1" = ann ]; then echo bob; else echo ann; fi
}

# What the game in FILE says, as shell variables: its phase, the player it waits for, the
# last move logged. One jq a state, since jq takes longer to start than the tools take to run.
look() {
	eval "$(carc-render --format json "$1" |
	    jq -r '@sh "phase=\(.phase) mover=\(.players[.player].name) last=\(.log[-1] // "")"')"
}

# deliver FROM TO < message: appends the message to TO's mailbox, after a "From " line, with
# the body's own "From " lines quoted (mboxrd), as a mail system does.
deliver() {
	{
		printf 'From %s@example.org %s\n' "$1" "$(LC_ALL=C date -u '+%a %b %e %H:%M:%S %Y')"
		sed 's/^\(>*From \)/>\1/'
		echo
	} >> "$dir/$2.mbox"
}

# latest WHO: the last message in WHO's mailbox, saved as WHO.eml, as a player saves it.
latest() {
	awk -v n="$(grep -c '^From ' "$dir/$1.mbox")" '/^From / { i++; next } i == n' \
	    "$dir/$1.mbox" | sed 's/^>\(>*From \)/\1/' > "$dir/$1.eml"
}

# mail FROM GAME: FROM sends the game to the player it waits for, or at the end to the other;
# the game has just been looked at.
mail() {
	to=$mover
	if [ "$phase" = over ]; then
		to=$(other "$1")
	fi
	carc-render --format email --from "$1@example.org" --to "$to@example.org" "$2" |
	    deliver "$1" "$to"
}

# bob deals: the game, ann's first tile drawn, mailed to ann.
carc-deck --players ann,bob --seed "$seed" --expansions "$sets" ${deck:+--deck "$deck"} |
    carc-draw > "$dir/deal"
look "$dir/deal"
mail bob "$dir/deal"
rm -f "$dir/deal"
echo "bob deals (seed $seed, tile sets $sets) and mails the game to ann"

n=0 to=ann phase=place
while [ "$phase" != over ]; do
	me=$to
	latest "$me"
	game="$dir/$me.eml"
	# Nobody has to trust the other: the state must be the one its log gives.
	if ! carc-deck --verify "$game"; then
		echo "play.sh: $me refuses the game: it is not the one its log gives" >&2
		exit 1
	fi
	n=$((n + 1))
	if [ -z "$quiet" ]; then
		echo
		carc-render --format ascii "$game"
	fi
	word=bot
	if [ -n "$moves" ]; then
		word=$(sed -n "${n}p" "$moves")
		word=${word:-bot}
	fi
	if [ "$word" != bot ] && ! carc-place -i "$game" -- "$word"; then
		echo "$me's move '$word' is refused; the file is as it was, and the bot plays"
		word=bot
	fi
	if [ "$word" = bot ]; then
		carc-bot -i "$game" random
	fi
	carc-score -i "$game"
	# the next player's tile, so that the message lists their moves; carc-draw refuses, and
	# leaves the file as it was, when a catapult round begins or the game is over
	carc-draw -i "$game" 2> /dev/null || true
	look "$game"
	echo "turn $n: $me plays $last"
	mail "$me" "$game"
	to=$mover
	if [ "$phase" = over ]; then
		to=$(other "$me")
	fi
done

# The last message tells the other player the game is over.
me=$to
latest "$me"
game="$dir/$me.eml"
carc-deck --verify "$game"
echo
carc-render --format ascii "$game"
echo
echo "$n turns by e-mail: $(grep -c '^From ' "$dir/ann.mbox") messages to ann," \
    "$(grep -c '^From ' "$dir/bob.mbox") to bob; the last one, to $me, is in $game"
carc-render --format json "$game" > "$dir/final.json"

# Each player kept the mails: every one must be the same game as the last, its log a beginning
# of the last one's, so that nobody dealt again or rewrote a move between two messages.
for who in ann bob; do
	i=0
	while [ "$i" -lt "$(grep -c '^From ' "$dir/$who.mbox")" ]; do
		i=$((i + 1))
		awk -v n="$i" '/^From / { k++; next } k == n' "$dir/$who.mbox" |
		    sed 's/^>\(>*From \)/\1/' | carc-render --format json
	done
done | jq -e -n --slurpfile z "$dir/final.json" '[inputs] | all(.setup == $z[0].setup and
    $z[0].log[:(.log | length)] == .log)' > /dev/null 2>&1 ||
    { echo "play.sh: a message is not a beginning of the final game" >&2; exit 1; }
rm -f "$dir/final.json"
echo "every message in both mailboxes is a beginning of the final game, which its log gives"
