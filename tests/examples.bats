#!/usr/bin/env bats
# The examples: tournament.sh (self-play spread with GNU parallel, tables merged), jqbot.sh (a
# bot in the shell with jq, as a pipeline stage), demo.sh (make demo), botmatch.sh and
# hotseat.sh. catapult.bats, fortune-teller.bats and pbem.bats test the others.

bats_require_minimum_version 1.5.0
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	set -o pipefail
}

tournament() {
	sh "$TOP/examples/tournament.sh" "$@"
}

# The merged table in $output is well formed for GAMES games of PLAYERS players: the header,
# one row per strategy in carc-bot's format, the last line; the seats add up to
# GAMES × PLAYERS and the wins to GAMES.
check_table() {
	local games=$1 players=$2 rows=$3
	[ "${lines[0]}" = 'strategy     seats      wins    win% mean score       sd' ]
	[ "${#lines[@]}" -eq $((rows + 2)) ]
	local i
	for ((i = 1; i <= rows; i++)); do
		[[ ${lines[i]} =~ ^(random|greedy|mcts)\ +[0-9]+\ +[0-9]+\.[0-9]\ +[0-9]+\.[0-9]%\ +[0-9]+\.[0-9]\ +[0-9]+\.[0-9]$ ]] ||
		    { echo "bad row: ${lines[i]}"; return 1; }
	done
	[[ ${lines[rows + 1]} =~ ^$games\ games\ of\ $players\ players\ in\ [0-9]+\.[0-9][0-9]\ s:\ [0-9]+\ games\ per\ second$ ]] ||
	    { echo "bad last line: ${lines[rows + 1]}"; return 1; }
	[ "$(printf '%s\n' "${lines[@]:1:rows}" | awk '{ s += $2 } END { print s }')" -eq \
	    $((games * players)) ]
	[ "$(printf '%s\n' "${lines[@]:1:rows}" | awk '{ w += $3 } END { printf "%.1f", w }')" = \
	    "$games.0" ]
}

# The rows of the table in $output, without the last line (its time changes from run to run).
rows() {
	printf '%s\n' "${lines[@]}" | sed '$d'
}

@test "tournament.sh merges 40 games in jobs of 10 into one table" {
	run --separate-stderr tournament -n 40 -j 10 --strategies greedy,random
	[ "$status" -eq 0 ]
	check_table 40 2 2
	[[ ${lines[1]} == greedy\ * ]]
	[[ ${lines[2]} == random\ * ]]
}

@test "tournament.sh: the totals hold however the games are split, and a run is reproducible" {
	run --separate-stderr tournament -n 40 -j 7 --jobs 2 --strategies greedy,random
	[ "$status" -eq 0 ]
	check_table 40 2 2
	first=$(rows)
	run --separate-stderr tournament -n 40 -j 7 --jobs 3 --strategies greedy,random
	[ "$status" -eq 0 ]
	[ "$(rows)" = "$first" ]
	run --separate-stderr tournament -n 40 -j 40 --strategies greedy,random
	[ "$status" -eq 0 ]
	check_table 40 2 2
	# three strategies in two seats, the carc-bot options after --
	run --separate-stderr tournament -n 12 -j 3 --strategies greedy,random,mcts \
	    --players ann,bob -- --iterations 20
	[ "$status" -eq 0 ]
	check_table 12 2 3
}

@test "tournament.sh: one job is carc-bot's own table; two merge from their n, mean and sd" {
	run --separate-stderr tournament -n 10 -j 10 --seed 5 --strategies greedy,random
	[ "$status" -eq 0 ]
	[ "$(rows)" = "$(carc-bot --selfplay 10 --seed 5 --strategies greedy,random | sed '$d')" ]

	# jobs of seeds 5 and 6: each strategy's mean and sd are those of the scores of both jobs,
	# worked out from each job's n, mean and sd, give or take the tenths carc-bot rounds to
	run --separate-stderr tournament -n 20 -j 10 --seed 5 --strategies greedy,random
	[ "$status" -eq 0 ]
	{ carc-bot --selfplay 10 --seed 5 --strategies greedy,random
	  carc-bot --selfplay 10 --seed 6 --strategies greedy,random; } |
	    awk 'NF == 6 && $2 ~ /^[0-9]+$/ {
			n[$1] += $2; s[$1] += $2 * $5; q[$1] += $6 * $6 * ($2 - 1) + $2 * $5 * $5
		}
		END {
			for (k in n) {
				m = s[k] / n[k]
				printf "%s %.2f %.2f\n", k, m, sqrt((q[k] - n[k] * m * m) / (n[k] - 1))
			}
		}' | sort > expected
	rows | awk 'NR > 1 { print $1, $5, $6 }' | sort > merged
	join expected merged | awk '{
		d = $2 - $4; if (d < -0.06 || d > 0.06) bad = 1
		d = $3 - $5; if (d < -0.1 || d > 0.1) bad = 1
	    }
	    END { exit bad }'
	[ "$(wc -l < merged)" -eq 2 ]
}

@test "tournament.sh runs jobs through --sshlogin, with ssh as parallel calls it" {
	# A stand-in for ssh that runs the command here: ssh [OPTIONS] HOST [--] COMMAND...
	# sshd gives the remote command a login environment with SHELL, which parallel's remote
	# wrapper runs the job with; CI runs the suite without SHELL, so the stand-in sets it.
	cat > fakessh <<-EOF
	#!/bin/sh
	while [ \$# -gt 0 ]; do case \$1 in -*) shift ;; *) break ;; esac; done
	echo "\$1" >> "$PWD/hosts"
	shift
	[ "\${1-}" = -- ] && shift
	SHELL=/bin/sh exec sh -c "\$*"
	EOF
	chmod +x fakessh
	PARALLEL_SSH=$PWD/fakessh run --separate-stderr tournament -n 12 -j 3 \
	    --sshlogin 2/far --sshlogin : --strategies greedy,random
	[ "$status" -eq 0 ]
	check_table 12 2 2
	grep -qx far hosts
}

@test "tournament.sh: bad options give status 64 and the usage" {
	for args in "" "--strategies greedy" "-n 10" "-n 0 --strategies greedy" \
	    "-n x --strategies greedy" "-n 10 -j 0 --strategies greedy" \
	    "-n 10 -j 2000000 --strategies greedy" "-n 10 --seed -1 --strategies greedy" \
	    "-n 10 --jobs many --strategies greedy" "-n 10 --strategies greedy --frobnicate" \
	    "-n 10 --strategies greedy extra" "-n 10 --strategies greedy -- --seed 3" \
	    "-n 10 --strategies" "-n 2000000 -j 1 --strategies greedy"; do
		# $args is split into words on purpose
		# shellcheck disable=SC2086
		run --separate-stderr tournament $args
		[ "$status" -eq 64 ] || { echo "status $status for '$args'"; return 1; }
		[ -z "$output" ]
		[[ $stderr == tournament:* ]]
		[[ $stderr == *'usage: tournament.sh'* ]]
	done
	run --separate-stderr tournament -h
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == 'usage: tournament.sh'* ]]
}

@test "tournament.sh: a failing job stops the run with carc-bot's status and message" {
	run --separate-stderr tournament -n 20 -j 5 --strategies genius,random
	[ "$status" -eq 64 ]
	[ -z "$output" ]
	[[ $stderr == *"carc-bot: unknown strategy 'genius'"* ]]
	[[ $stderr == *'tournament: a job failed (status 64)'* ]]
}

# jqbot.sh

# Plays the game in FILE to its end: ann (player 0) is examples/jqbot.sh, the others
# carc-bot random, each decision through a pipe, `carc-draw | BOT | carc-score` in phase draw
# and `BOT | carc-score` in a catapult round. Counts ann's decisions in FILE.ann, those in
# catapult rounds in FILE.hurls.
jq_game() {
	local f=$1 steps=0 phase player first
	echo 0 > "$f.ann"
	echo 0 > "$f.hurls"
	while :; do
		read -r phase player < <(carc-render --format phase < "$f")
		case $phase in
		over) return 0 ;;
		draw) first=carc-draw ;;
		hurl | seduce) first='cat' ;;
		*) echo "phase $phase"; return 1 ;;
		esac
		[ $((steps += 1)) -le 400 ] || { echo "no end after $steps steps"; return 1; }
		if [ "$player" = ann ]; then
			$first < "$f" | "$TOP/examples/jqbot.sh" | carc-score > "$f.next" ||
			    { echo "step $steps: jqbot's decision failed"; return 1; }
			echo $(($(cat "$f.ann") + 1)) > "$f.ann"
			[ "$first" = carc-draw ] || echo $(($(cat "$f.hurls") + 1)) > "$f.hurls"
		else
			$first < "$f" | carc-bot random | carc-score > "$f.next" ||
			    { echo "step $steps: carc-bot failed"; return 1; }
		fi
		mv "$f.next" "$f"
	done
}

@test "jqbot.sh plays a whole game against carc-bot random through pipes" {
	carc-deck --players ann,bob --seed 21 > game
	jq_game game
	[ "$(carc-render --format phase < game)" = over ]
	[ "$(cat game.ann)" -gt 30 ]
	# every tile played or set aside; ann's moves are in the log like bob's
	[ "$(carc-render --format json < game | jq '(.board | length) - 1 + (.aside | length)')" -eq 71 ]
}

@test "jqbot.sh takes the first city move, and is deterministic: the same game twice is one" {
	carc-deck --players ann,bob --seed 7 > game
	carc-draw < game > drawn
	carc-place --list drawn | grep -m 1 ',city:' > expected
	"$TOP/examples/jqbot.sh" < drawn > placed
	[ "$(carc-render --format json < placed | jq -r '.log[-1]')" = "D/$(cat expected)" ]

	# a short game (twelve tiles): the whole games above and below already play 71
	carc-deck --players ann,bob,cat --seed 33 --deck U,V,E,B,C,X,K,L,W,R,S,T > one
	cp one two
	jq_game one
	jq_game two
	cmp one two
}

@test "jqbot.sh plays the catapult rounds with base,catapult" {
	carc-deck --players ann,bob --seed 42 --expansions base,catapult > game
	jq_game game
	[ "$(carc-render --format phase < game)" = over ]
	# ann hurled in the rounds, with jqbot's first suggestion each time
	[ "$(cat game.hurls)" -gt 0 ]
	[ "$(carc-render --format json < game |
	    jq '[.log[] | select(startswith("hurl:"))] | length')" -ge 2 ]
}

@test "jqbot.sh passes failures through and writes nothing" {
	carc-deck --players ann,bob --seed 7 > game
	run --separate-stderr "$TOP/examples/jqbot.sh" < game
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = 'carc-place: the game waits for carc-draw, not for a placement' ]
	run --separate-stderr "$TOP/examples/jqbot.sh" <<< 'not a state'
	[ "$status" -eq 65 ]
	[ -z "$output" ]
	[[ $stderr == carc-render:* ]]
}

# ---- demo.sh, botmatch.sh, hotseat.sh ----

@test "demo.sh (make demo) plays seed 3 to the end and tells the scores the final state holds" {
	run --separate-stderr sh "$TOP/examples/demo.sh"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(get "$TOP/demo/game.carc" .phase)" = '"over"' ]
	scores=$(carc-render --format json "$TOP/demo/game.carc" |
	    jq -r '[.players[] | "\(.name) \(.score)"] | join(", ")')
	[[ $output == *"final scores: $scores"* ]]
	xmllint --noout "$TOP/demo/board.svg"
	# every turn's state is kept, and each is the one before it played on
	[ -f "$TOP/demo/turn-00.carc" ]
	[ "$(get "$TOP/demo/turn-00.carc" '.log | length')" -eq 0 ]
}

@test "botmatch.sh plays a whole game, keeps it with -o, and the same seed gives the same game" {
	run --separate-stderr sh "$TOP/examples/botmatch.sh" -o final ann,bob 5
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(get final '[.phase, [.players[].score]]')" = '["over",[13,7]]' ]
	[ "${lines[-2]}" = "seed 5, 71 turns; final scores: ann 13, bob 7" ]
	[ "${lines[-1]}" = "ann wins with 13 points" ]
	sh "$TOP/examples/botmatch.sh" -o again ann,bob 5 > /dev/null
	cmp final again
	run --separate-stderr sh "$TOP/examples/botmatch.sh"
	[ "$status" -eq 64 ] && [ -z "$output" ] && [[ $stderr == "usage: botmatch.sh"* ]]
}

@test "hotseat.sh: each cell where the tile fits is marked with its number of moves" {
	run sh -c "printf 'quit\n' | sh '$TOP/examples/hotseat.sh' --seed 7 --save g"
	[ "$status" -eq 0 ]
	# D fits north and south of the start tile one way (5 moves), east and west two (10)
	[ "${lines[3]}" = "-1            [5]" ]
	[ "${lines[5]}" = " 0    [10]  -------   [10]" ]
	[ "${lines[7]}" = " 1            [5]" ]
	[[ $output == *"[N] on the board: a cell where the tile fits, with its number of moves"* ]]
	[[ $output == *"  30) 0,1,180,field:Nw"* ]]
	# in colour on a terminal, the marks keep theirs; NO_COLOR turns it off
	command -v script > /dev/null || skip "script(1) is missing"
	rm g
	TERM=xterm script -qec "printf 'quit\n' | sh '$TOP/examples/hotseat.sh' --seed 7 --save g" \
	    /dev/null > tty
	grep -q $'\e\\[0;38;5;201;1m\\[10\\]\e\\[0m' tty
	rm g
	NO_COLOR=1 script -qec "printf 'quit\n' | sh '$TOP/examples/hotseat.sh' --seed 7 --save g" \
	    /dev/null > tty
	! grep -q $'\e' tty
	grep -q '^ 0    \[10\]  -------   \[10\]' tty
}

@test "hotseat.sh: answers from a pipe play, the file is saved each step, --resume goes on" {
	run sh -c "printf '1\n' | sh '$TOP/examples/hotseat.sh' --players ann,bob --seed 3 --save g"
	[ "$status" -eq 0 ]
	[[ $output == *"ann plays 0,-1,180"* ]]
	[[ $output == *"end of input: the game is saved in g; continue with: "*"--resume g"* ]]
	[ "$(get g .log)" = '["E/0,-1,180"]' ]
	run sh -c "printf '1\n' | sh '$TOP/examples/hotseat.sh' --resume g"
	[ "$status" -eq 0 ]
	[[ $output == *"bob plays 0,-2,0"* ]]
	[ "$(get g .log)" = '["E/0,-1,180","G/0,-2,0"]' ]
	[ ! -e g.new ]
	# a game file is never overwritten, and options are checked
	run --separate-stderr sh "$TOP/examples/hotseat.sh" --save g < /dev/null
	[ "$status" -eq 1 ] && [[ $stderr == "hotseat: 'g' exists already"* ]]
	run --separate-stderr sh "$TOP/examples/hotseat.sh" --seed
	[ "$status" -eq 64 ] && [[ $stderr == *"usage: hotseat.sh"* ]]
}
