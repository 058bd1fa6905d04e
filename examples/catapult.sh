#!/bin/sh
# A whole game with The Catapult, played by random bots through the real pipeline: in phase draw
# carc-draw | carc-bot random | carc-score -v, in phases hurl and seduce
# carc-bot random | carc-score -v. It tells each catapult round (the fair, the token, where each
# token landed and what carc-score -v says it did), then shows the final board and scores.
set -eu

usage='usage: catapult.sh [-o FILE] [PLAYERS [SEED]]
  PLAYERS  names, comma-separated (default: ann,bob)
  SEED     the game seed (default: 11, a game with every kind of token)
  -o FILE  keep the final state in FILE (for carc-render, replay.sh, ...)'

top=$(cd "$(dirname "$0")/.." && pwd)
me=catapult
. "$top/examples/lib.sh"

options 0 2 "$@"
shift $((OPTIND - 1))
players=${1:-ann,bob}
seed=${2:-11}

need carc-deck carc-draw carc-bot carc-score carc-render jq

workdir

# json FILTER FILE: jq -r FILTER over the JSON form of the state in FILE.
json() {
	carc-render --format json < "$2" | jq -r "$1"
}

# tell FILE: what carc-score -v wrote, indented under the hurl.
tell() {
	sed 's/^/      /' "$1"
}

carc-deck --players "$players" --seed "$seed" --expansions base,catapult > "$work/game"
echo "seed $seed: $(carc-render "$work/game" | tail -n 1)"
turn=0
rounds=0
: > "$work/tokens"
while :; do
	phase=$(carc-render --format phase < "$work/game")
	case ${phase%% *} in
	over)
		break
		;;
	draw)
		turn=$((turn + 1))
		if ! carc-draw < "$work/game" | carc-bot random | carc-score -v > "$work/next" \
		    2> "$work/told"; then
			echo "catapult: turn $turn failed" >&2
			cat "$work/told" >&2
			exit 1
		fi
		after=$(carc-render --format phase < "$work/next")
		if [ "${after%% *}" = hurl ]; then
			rounds=$((rounds + 1))
			json '.catapult.fair as [$x, $y] | .players[.player].name as $who
			    | "turn '"$turn"': \($who) places \(.log[-1] | split("/")[0]) at \($x),\($y)"
			    + ": a catapult round"' "$work/next"
			tell "$work/told"
		fi
		;;
	hurl)
		carc-bot random < "$work/game" > "$work/placed" || {
			echo "catapult: turn $turn: the hurl failed" >&2
			exit 1
		}
		# "ann<TAB>knockout<TAB>2.40,0.60<TAB>2.31,0.72": who, the token, the aim, the landing
		json '.catapult as $c | .log[-1] | split(":") as $w | $c.landings[-1] as $l
		    | def c: (if . < 0 then "-" else "" end) + "\(fabs / 100 | floor).\(fabs % 100 + 100
		        | tostring | .[1:])";
		    [($c.landings[-1].player | tostring), $w[1], $w[2],
		     (if $w[1] == "catch" then ($l.x | c) else "\($l.x | c),\($l.y | c)" end)]
		    | join("\t")' "$work/placed" > "$work/hurl"
		IFS='	' read -r who token aim landing < "$work/hurl"
		name=$(json ".players[$who].name" "$work/placed")
		[ "$(json '.catapult.landings | length' "$work/placed")" -gt 1 ] || echo "$token" >> "$work/tokens"
		if [ "$token" = catch ]; then
			echo "  $name hurls a catch token $aim tiles: it flies $landing"
		else
			echo "  $name hurls a $token token at $aim: it lands at $landing"
		fi
		if ! carc-score -v < "$work/placed" > "$work/next" 2> "$work/told"; then
			echo "catapult: turn $turn: carc-score failed on the hurl" >&2
			cat "$work/told" >&2
			exit 1
		fi
		tell "$work/told"
		;;
	seduce)
		victim=$(json '.catapult.victim as $v | .figures[] | select(.x == $v.x and .y == $v.y
		    and .feature == $v.feature) as $f | "\($f.owner)\t\($v.x),\($v.y) (\($v.feature))"' \
		    "$work/game")
		owner=$(json ".players[${victim%%	*}].name" "$work/game")
		name=$(json '.players[.player].name' "$work/game")
		if ! carc-bot random < "$work/game" | carc-score -v > "$work/next" 2> "$work/told"; then
			echo "catapult: turn $turn: the seduce decision failed" >&2
			exit 1
		fi
		word=$(json '.log[-1]' "$work/next")
		echo "      $name may seduce $owner's follower at ${victim#*	} and answers $word"
		tell "$work/told"
		;;
	*)
		echo "catapult: unexpected phase '$phase'" >&2
		exit 1
		;;
	esac
	mv "$work/next" "$work/game"
done

finish '"\($turns) turns, \($rounds) catapult round(s)\(if $tokens == "" then "" else ": " + $tokens end)"' \
    --arg turns "$turn" --arg rounds "$rounds" \
    --arg tokens "$(sort "$work/tokens" | uniq -c | awk '{ printf "%s%s %s", s, $2, $1; s = ", " }')"
