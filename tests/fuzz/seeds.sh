#!/usr/bin/env bash
# Makes the seed corpora of tests/fuzz/corpus again from the built tools: small real states of
# each kind (placing, choosing among drawn tiles, hurling, seducing, over, a user's set), their
# JSON forms, the tile sets, and move words for the fixed states of fuzz-move. Run it when the
# state format changes; the files it writes are kept in git.
set -euo pipefail
cd "$(dirname "$0")/../.."
PATH=$PWD/bin:$PATH
c=tests/fuzz/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf "$c"
mkdir -p "$c"/state "$c"/json "$c"/armor "$c"/tileset "$c"/move "$c"/place

# Plays a game of the given carc-deck options with random bots up to turn N, keeping the state
# before each draw, placement and score of the last turn.
play() {
	local name=$1 turns=$2 t
	shift 2
	carc-deck "$@" > "$tmp/s"
	for ((t = 0; t < turns; t++)); do
		case $(carc-render --format json "$tmp/s" | jq -r .phase) in
		draw) carc-draw "$tmp/s" > "$tmp/n" ;;
		place | hurl | seduce | recall | phantom | tower | capture | exchange)
			carc-bot random "$tmp/s" > "$tmp/n" ;;
		score) carc-score "$tmp/s" > "$tmp/n" ;;
		over) cp "$tmp/s" "$c/state/$name-end"; break ;;
		esac
		mv "$tmp/n" "$tmp/s"
		[ "$t" -lt $((turns - 3)) ] || cp "$tmp/s" "$c/state/$name-$t"
	done
}

play base 3 --players ann,bob --seed 1
play base 40 --players ann,bob,cy --seed 2 --rule farmers=off
play ft 30 --players ann,bob --seed 3 --expansions base,fortune-teller
play cat 60 --players ann,bob,cy --seed 4 --expansions base,catapult --rule scatter=0
play over 40 --players ann,bob --seed 5 --deck U,V,W,C
play figs 40 --players ann,bob,cy --seed 7 --expansions base,inns-cathedrals,abbot,phantom
play tower 60 --players ann,bob,cy --seed 8 --expansions base,tower
play user 12 --players ann,bob --seed 6 --expansions '' --tileset tests/fixtures/tilesets/roads.yaml \
    --start RS1
# The fixed states of fuzz-move, which choose among drawn tiles, seduce, take an abbot back and
# put the phantom, come from the target itself.
(cd "$tmp" && echo > seed && CARC_FUZZ_DUMP=$tmp "$OLDPWD"/tests/fuzz/build/fuzz-move seed \
    > /dev/null 2>&1)
cp "$tmp/1" "$c/state/choose"
cp "$tmp/3" "$c/state/seduce"
cp "$tmp/5" "$c/state/recall"
cp "$tmp/6" "$c/state/phantom"
for f in "$c"/state/*; do
	carc-render --format json "$f" > "$c/json/${f##*/}.json"
done

# fuzz-armor: armoured states bare, in an e-mail message for the next player, and as mail
# readers and writers change them: CRLF line ends, "> " quoting, quoted-printable.
for f in base-2 ft-29 cat-59 seduce recall over-end user-11; do
	carc-draw --armor < "$c/state/$f" > "$c/armor/$f" 2> /dev/null ||
	    carc-render --format json "$c/state/$f" | carc-deck --from-json --armor > "$c/armor/$f"
done
carc-render --format email --from ann@example.org --to bob@example.org "$c/state/base-2" \
    > "$c/armor/email"
sed 's/$/\r/' "$c/armor/cat-59" > "$c/armor/crlf"
{ echo 'bob wrote:'; sed 's/^/> /' "$c/armor/ft-29"; printf -- '-- \nbob\n'; } > "$c/armor/quoted"
{ printf 'Content-Transfer-Encoding: quoted-printable\n\n'
  python3 -c 'import quopri, sys; sys.stdout.buffer.write(quopri.encodestring(sys.stdin.buffer.read()))' \
      < "$c/armor/email"; } > "$c/armor/qp"

cp formats/base.yaml formats/fortune-teller.yaml formats/catapult.yaml \
    formats/inns-cathedrals.yaml formats/abbot.yaml \
    tests/fixtures/tilesets/roads.yaml "$c"/tileset/
printf 'name: one\nstart: A\ntiles:\n  - {id: A, count: 3, edges: F F F F, cloister: true, fields: [{halves: Nw Ne En Es Se Sw Ws Wn}]}\n' \
    > "$c"/tileset/one.yaml

# fuzz-move: a byte that picks the fixed state, then the word.
for i in 0 1 2 3 4 5 6 7; do
	n=0
	carc-place --list "$tmp/$i" | awk 'NR % 7 == 1' | head -8 | while read -r w; do
		printf "\\x0$i%s" "$w" > "$c/move/$i-$((n++))"
	done
	printf "\\x0$i%s" "0,1,0,city:N@abbot" > "$c/move/$i-bad"
done

# fuzz-place: setup byte, players, seed, steps, then the choices and the word.
printf '\x00\x00\x01\x00\x05\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00' > "$c"/place/base
printf '\x03\x01\x07\x00\x30' > "$c"/place/all
printf '\x03\x1d\x07\x00\x30' > "$c"/place/figures
printf '\x42\x02\x09\x00\x40\x01\x00\x02\x00\x03\x00\x00hurl:knockout:0,0' > "$c"/place/hurl
printf '\x01\x03\x02\x00\x10\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x01\x04\x09@big' \
    > "$c"/place/edit

# The inputs that once broke a tool (tests/regress.bats), so that fuzzing starts from them.
cp tests/fuzz/regress/*.state "$c"/state/
cp tests/fuzz/regress/*.json "$c"/json/
cp tests/fuzz/regress/self-sides.yaml tests/fuzz/regress/anchors.yaml "$c"/tileset/
printf '\x03seduce:2147483647,0,road:N' > "$c"/move/3-overflow
printf '\x02hurl:knockout:30000,30000' > "$c"/move/2-edge
