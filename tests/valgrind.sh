#!/usr/bin/env bash
# make valgrind: the unit tests (but the thousands of games of generator_agrees, which the
# sanitized pass runs, and readback's 20,000 states read back), and every tool on its normal and its error paths (a few
# commands each), under valgrind. Each command must end with the status the table gives, and valgrind must find no
# invalid access and no memory definitely lost (still reachable memory at exit() is not a
# leak). Prints one line per failure, then "valgrind: N commands, M failed".
set -u
cd "$(dirname "$0")/.."
top=$PWD
PATH=$top/bin:$PATH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

# Fixtures, made without valgrind.
carc-deck --players ann,bob --seed 1 --stack U,U > new
carc-draw new > placing
carc-place 0,1,0,road:E placing > placed
carc-score placed > drawing
carc-render --format json drawing > drawing.json
head -c 100 drawing > cut
carc-deck --players ann,bob,cy --seed 4 --expansions base,catapult --rule scatter=0 \
    --stack CA01 | carc-draw > fair
carc-place "$(carc-place --list fair | head -1)" fair | carc-score > hurling
cp "$top/tests/fuzz/regress/seduce.state" seducing
carc-deck --players ann,bob --seed 2 --expansions base,fortune-teller --stack FT1 > ft
# the new figures: an abbot to take back, then the phantom to put (ann's, on B at 1,1)
carc-deck --players ann,bob --seed 7 --expansions base,inns-cathedrals,abbot,phantom \
    --start B --deck B,B,B,IC01 > figs
carc-draw figs | carc-place 1,0,0,cloister@abbot | carc-place phantom:none | carc-score |
    carc-draw | carc-place 0,1,0,field:Nw@big | carc-place phantom:none | carc-score |
    carc-draw | carc-place 1,1,0 > recalling
carc-place recall:none recalling > haunting
carc-deck --players ann,bob --seed 2 --expansions base,fortune-teller,inns-cathedrals \
    --rule ft-big=two --stack FT1 > ftbig
# Traders & Builders: ann's builder on her road, then a tile extending it: a second turn
carc-deck --players ann,bob --seed 7 --expansions base,traders-builders --start U \
    --deck U,U,U,U,U,U,U > tb
carc-draw tb | carc-place 1,0,0,road:W | carc-score | carc-draw | carc-place -1,0,0 |
    carc-score | carc-draw > building
carc-place 2,0,0,road:E@builder building | carc-score | carc-draw | carc-place -2,0,0 |
    carc-score | carc-draw | carc-place 3,0,0 | carc-score > second
# Abbey & Mayor: a hole at 1,1 with tiles on its four sides; the last tile gone, the abbeys
carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start B \
    --deck E,A,B,B,B,E > am
for m in 1,0,180,city:S@mayor 0,1,270,road:E 2,0,0 2,1,0 0,2,0 1,2,0; do
	carc-draw am | carc-place "$m" | carc-score > am.n && mv am.n am
done
# the wagon: ann's city closed with her wagon in it, the wagon waits to move
carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start D --deck E,U,U |
    carc-draw | carc-place 0,-1,180,city:S@wagon | carc-score > wagon
# the barn: four tiles meet at the NW corner of the tile drawn, ann's farmer in their field
carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start B \
    --deck E,E,B,B,B | carc-draw | carc-place 0,1,180 | carc-score | carc-draw |
    carc-place 0,2,0 | carc-score | carc-draw | carc-place 1,0,0,field:Nw | carc-score |
    carc-draw > barn
carc-place 1,1,0,corner:NW@barn barn > barned
# the wagon's first-edition reach: the road into the gate of the city scored
carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --rule wagon=c1 --start S \
    --deck E,B,E,E,U > c1
for m in 0,-1,180,city:S@wagon 1,-1,0 -1,0,90 1,0,270; do
	carc-draw c1 | carc-place "$m" | carc-score > c1.n && mv c1.n c1
done
# The Princess & the Dragon: the dragon on the volcano at 3,0, bob's dragon tile at 4,0 and
# the dragon to move; a portal tile placed bare; a princess into bob's city
carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
    --deck U,U,PD17,PD16 > dragon
for m in 1,0,0 2,0,0,field:Nw 3,0,0; do
	carc-draw dragon | carc-place "$m" | carc-score > dragon.n && mv dragon.n dragon
done
carc-draw dragon | carc-place 4,0,0 > fairy
carc-place fairy:none fairy > moving
carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D --deck U,PD08 |
    carc-draw | carc-place 1,0,0,road:E | carc-score | carc-draw | carc-place 2,0,0 > portal
carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
    --deck U,F,PD11 | carc-draw | carc-place 1,0,0 | carc-score | carc-draw |
    carc-place 0,-1,90,city:N | carc-score | carc-draw | carc-place 0,-2,180 > princess
# the figure action taken by a recall (acted), then the phantom's decision; the fairy on a
# tile (fairy=on-tile); princess=must, a figure with her tile refused
carc-place recall:1,0 recalling > acting
carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
    --deck U,U,U,U --rule fairy=on-tile | carc-draw | carc-place 1,0,0,road:E | carc-score |
    carc-draw | carc-place 2,0,0 | carc-score | carc-draw | carc-place -- -1,0,0 > ontile
carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
    --deck U,F,PD11 --rule princess=must | carc-draw | carc-place 1,0,0 | carc-score |
    carc-draw | carc-place 0,-1,90,city:N | carc-score | carc-draw > must
# The Tower: ann's phase tower, her capture after a floor, bob's exchange with a choice, and
# bob's ransom before his draw
carc-deck --players ann,bob --seed 7 --expansions base,inns-cathedrals,tower --start TW02g \
    --deck B,B,B,B,B,B,B | carc-draw | carc-place 1,0,0,cloister | carc-score | carc-draw |
    carc-place -- -1,0,0,cloister | carc-score | carc-draw | carc-place 0,1,0 > towering
carc-place tower:0,0 towering > capturing
carc-place capture:-1,0,cloister capturing | carc-score | carc-draw |
    carc-place -- -2,0,0,cloister@big | carc-score | carc-draw | carc-place 0,-1,0 |
    carc-place tower:0,0 | carc-place capture:-2,0,cloister | carc-score | carc-draw |
    carc-place 2,0,0 | carc-place tower:0,0 | carc-place capture:1,0,cloister > exchanging
carc-deck --players ann,bob --seed 7 --expansions base,tower --start TW02g \
    --deck B,E,E,B,B,B | carc-draw | carc-place 1,0,0 | carc-place tower:none | carc-score |
    carc-draw | carc-place -- -1,0,0,city:N | carc-score | carc-draw |
    carc-place -- -1,-1,180 | carc-place tower:none | carc-score | carc-draw |
    carc-place 0,1,0,cloister | carc-score | carc-draw | carc-place 0,-1,0 |
    carc-place tower:0,0 | carc-place capture:0,1,cloister | carc-score > ransoming
printf 'not json' > bad.json
carc-draw --armor new > armoured
sed 's/^Checksum: ./Checksum: x/' armoured > damaged
carc-render --format email --from ann@example.org --to bob@example.org drawing > mail
cp drawing inplace
carc-render --format json drawing | jq '.players[1].score = 41' | carc-deck --from-json > edited
cp edited mend
cp drawing readonly && chmod 444 readonly
carc-deck --players ann,bob --seed 2 > other
printf '{"format":"carc","version":1,"x":"\\ud800"}' > surrogate.json
printf 'name: r\ntiles:\n  - {id: A, id: B}\n' > dupkey.yaml
# the web page is in carc-render after make web only; before, --format html is refused with 64
html=0
carc-render --format html new > /dev/null 2>&1 || html=64

# vg LOG COMMAND...: COMMAND under valgrind, what it finds in LOG
vg() {
	log=$1
	shift
	valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
	    --log-file="$log" "$@"
}

# The unit tests, the longest commands by far (random_agrees alone most of it), run beside
# the others in two parts (generator_agrees, a longer walk over the same code, is left out):
# on two cores the whole takes about the longest part's time.
vg unit1.log "$top/tests/unit" random_agrees > unit1.out 2> unit1.err &
unit1=$!
vg unit2.log "$top/tests/unit" -x generator_agrees random_agrees readback > unit2.out 2> unit2.err &
unit2=$!

n=2 failed=0
while IFS='|' read -r want cmd; do
	eval "want=${want// /}"
	[ -n "$want" ] || continue
	n=$((n + 1))
	eval "vg vg.log $cmd" > out 2> err
	got=$?
	if [ -s vg.log ] || [ "$got" -ne "$want" ]; then
		failed=$((failed + 1))
		echo "valgrind: $cmd: status $got (want $want); $(head -c 300 err)"
		sed 's/^/  /' vg.log | head -20
	fi
done <<'EOF'
0  | carc-deck --players ann,bob --seed 1
0  | carc-deck --seed 3 --expansions base,fortune-teller,catapult --rule farmers=off
0  | carc-deck --expansions '' --tileset "$top/tests/fixtures/tilesets/roads.yaml" --start RS1
0  | carc-deck --from-json drawing.json
0  | carc-deck -h
0  | carc-deck --version
64 | carc-deck --sede 3
64 | carc-deck --s 3
64 | carc-deck --players $'a\xff,b'
65 | carc-deck --from-json surrogate.json
65 | carc-deck --expansions '' --tileset dupkey.yaml
0  | carc-deck --verify --since drawing drawing
1  | carc-deck --verify --since other drawing
1  | carc-deck --verify --since drawing edited
64 | carc-deck --verify --since drawing --as zed drawing
65 | carc-draw drawing.json
74 | carc-draw -i readonly
64 | carc-deck --players ann
64 | carc-deck --bogus
64 | carc-deck --deck U,Z
65 | carc-deck --expansions '' --tileset "$top/tests/fixtures/tilesets/bad-edge.yaml"
65 | carc-deck --expansions '' --tileset "$top/tests/fuzz/regress/deep-sides.yaml"
65 | carc-deck --expansions '' --tileset "$top/tests/fuzz/regress/self-sides.yaml"
66 | carc-deck --tileset no-such-file
65 | carc-deck --from-json bad.json
74 | carc-deck --seed 1 > /dev/full
0  | carc-draw new
0  | carc-draw < drawing
0  | carc-draw ft
1  | carc-draw placing
65 | carc-draw cut
65 | carc-draw < /dev/null
65 | carc-draw "$top/tests/fuzz/regress/hurl-after-all.state"
66 | carc-draw no-such-file
0  | carc-place 0,1,0,road:E placing
0  | carc-place --list placing
0  | carc-place --list --format json placing
0  | carc-place --list --format json seducing
64 | carc-place 1,0,0,raod:E placing
64 | carc-place hrul:knockout:1,1 hurling
0  | carc-place hurl:knockout:0.5,0.5 hurling
0  | carc-place seduce:supply seducing
0  | carc-place --list --format json recalling
0  | carc-place recall:1,0 recalling
1  | carc-place recall:5,5 recalling
0  | carc-place --list haunting
0  | carc-place phantom:cloister haunting
1  | carc-place phantom:field:Nw haunting
64 | carc-place phantom:feild haunting
0  | carc-bot greedy recalling
0  | carc-bot --iterations 50 mcts haunting
0  | carc-render --format svg haunting
0  | carc-draw ftbig
0  | carc-place 2,0,0,road:E@builder building
1  | carc-place 1,-1,0,road:E@builder building
0  | carc-place --list --format json second
0  | carc-place again:none second
0  | carc-place again:draw second
0  | carc-bot random second
0  | carc-render --format svg second
0  | carc-place --list am
0  | carc-place abbey:1,1,cloister am
1  | carc-place abbey:0,0 am
0  | carc-place abbey:none am
0  | carc-bot greedy am
0  | carc-render --format svg am
0  | carc-place --list wagon
0  | carc-place wagon:0,0,road:E wagon
0  | carc-place wagon:none wagon
1  | carc-place wagon:0,-1,city:S wagon
0  | carc-bot --iterations 30 mcts wagon
0  | carc-render --format svg wagon
0  | carc-place --list barn
0  | carc-place 1,1,0,corner:NW@barn barn
1  | carc-place 2,0,0,corner:NW@barn barn
64 | carc-place 1,1,0,corner:X@barn barn
0  | carc-score barned
0  | carc-bot greedy barn
0  | carc-render --format svg barned
0  | carc-render barned
0  | carc-place --list c1
0  | carc-place --list fairy
1  | carc-place fairy:1,0,road:E fairy
0  | carc-bot greedy fairy
0  | carc-place --list moving
0  | carc-place dragon:W moving
1  | carc-place dragon:N moving
64 | carc-place dragon:up moving
0  | carc-bot greedy moving
0  | carc-bot --iterations 30 mcts moving
0  | carc-render --format svg moving
0  | carc-render --format json moving
0  | carc-place portal:0,0,city:N portal
1  | carc-place portal:1,0,road:E portal
0  | carc-bot greedy portal
0  | carc-place princess:0,-1,city:N princess
0  | carc-bot random princess
0  | carc-place phantom:none acting
0  | carc-deck --verify acting
0  | carc-render --format json acting
0  | carc-place --list ontile
0  | carc-place fairy:1,0 ontile
64 | carc-place fairy:1,0,road:E ontile
0  | carc-bot random ontile
0  | carc-place --list must
0  | carc-place --list towering
0  | carc-place tower:0,0 towering
1  | carc-place tower:0,0,top towering
1  | carc-place tower:1,0 towering
64 | carc-place tower:0,0,roof towering
0  | carc-bot greedy towering
0  | carc-bot --iterations 30 mcts towering
0  | carc-place --list capturing
0  | carc-place capture:1,0,cloister capturing
1  | carc-place capture:0,1,field capturing
0  | carc-bot random capturing
0  | carc-render --format svg capturing
0  | carc-place --list exchanging
0  | carc-place exchange:follower exchanging
64 | carc-place exchange:dragon exchanging
0  | carc-bot greedy exchanging
0  | carc-render exchanging
0  | carc-render --format json exchanging
0  | carc-deck --verify exchanging
0  | carc-place --list ransoming
0  | carc-place ransom:ann ransoming
64 | carc-place ransom:nobody ransoming
0  | carc-bot --iterations 30 mcts ransoming
1  | carc-place 0,-2,180,city:S must
0  | carc-place 0,-2,180 must
0  | carc-place wagon:0,0,road:S c1
1  | carc-place wagon:1,-1,cloister c1
1  | carc-place 5,5,0 placing
1  | carc-place 0,1,0 new
64 | carc-place 0,1,45 placing
64 | carc-place 'x' placing
65 | carc-place 0,1,0 cut
0  | carc-score placed
1  | carc-score placing
65 | carc-score < cut
0  | carc-render drawing
0  | carc-render --format ansi --legal --highlight 0,1 placing
0  | carc-render --format svg --player-colors red,blue hurling
0  | carc-render --format json seducing
64 | carc-render --format png drawing
65 | carc-render cut
0  | carc-bot random placing
0  | carc-bot --seed 7 random hurling
1  | carc-bot random new
0  | carc-bot greedy placing
0  | carc-bot --iterations 50 mcts placing
0  | carc-bot --selfplay 3 --strategies greedy,random --seed 2
65 | carc-bot random < /dev/null
0  | carc-render armoured
1  | carc-draw armoured
0  | carc-draw --armor < mail
0  | carc-draw -i inplace
0  | carc-place -i inplace "$(carc-place --list inplace | head -1)"
1  | carc-score -i new
0  | carc-render --format email --from ann@example.org --to bob@example.org placing
$html | carc-render --format html hurling
$html | carc-render --format email --attach-html --to bob@example.org placing
0  | carc-deck --replay drawing
0  | carc-deck --verify drawing
1  | carc-deck --verify edited
0  | carc-deck -i mend
65 | carc-deck --replay damaged
65 | carc-score damaged
EOF
for part in 1 2; do
	eval "wait \"\$unit$part\""
	got=$?
	if [ -s unit$part.log ] || [ "$got" -ne 0 ]; then
		failed=$((failed + 1))
		echo "valgrind: tests/unit, part $part: status $got (want 0);" \
		    "$(tail -c 300 unit$part.out)"
		sed 's/^/  /' unit$part.log | head -20
	fi
done
echo "valgrind: $n commands, $failed failed"
[ "$failed" -eq 0 ]
