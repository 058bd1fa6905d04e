#!/usr/bin/env bats
# -i FILE with many hands on one game: writers take turns under a lock, so that no decision
# reported done is lost; a name swapped for a symbolic link on the way sends nothing elsewhere;
# a file the user may not write, or whose owner would change, is refused and left alone. The
# races are run many times; nothing here measures time.

bats_require_minimum_version 1.5.0
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	# ann to place U (the straight road) next to the start tile
	carc-deck --players ann,bob --seed 7 --stack U | carc-draw > place
}

# The log of the state FILE, on one line.
log() {
	get "$1" .log
}

# Runs the rest of the words as the user nobody (root runs the tests in CI).
as_nobody() {
	setpriv --reuid nobody --regid nogroup --clear-groups "$@"
}

can_be_nobody() {
	[ "$(id -u)" -eq 0 ] && command -v setpriv > /dev/null && id nobody > /dev/null 2>&1
}

@test "two carc-place -i at once, 100 times: one move applied, the other refused with 1, none lost" {
	local i s1 s2 want
	for ((i = 0; i < 100; i++)); do
		cp place g
		carc-place -i g -1,0,0 2> e1 & p1=$!
		carc-place -i g -1,0,0,road:E 2> e2 & p2=$!
		s1=0; wait "$p1" || s1=$?
		s2=0; wait "$p2" || s2=$?
		# exactly one succeeded, and the log holds its move
		if [ "$s1" -eq 0 ] && [ "$s2" -eq 1 ]; then
			want='["U/-1,0,0"]'
		elif [ "$s1" -eq 1 ] && [ "$s2" -eq 0 ]; then
			want='["U/-1,0,0,road:E"]'
		else
			echo "try $i: statuses $s1 and $s2: $(cat e1 e2)"
			false
		fi
		[ "$(log g)" = "$want" ] || { echo "try $i: log $(log g), want $want"; false; }
	done
	[ -z "$(ls -A | grep '^\.')" ]
}

@test "ten players each running draw, bot and score -i six times: every move reported done is in the log" {
	local round p t ok total
	for round in 1 2 3; do
		carc-deck --players ann,bob --seed "$round" > g
		for p in 0 1 2 3 4 5 6 7 8 9; do
			(
				ok=0
				for t in 1 2 3 4 5 6; do
					carc-draw -i g 2> /dev/null || true
					if carc-bot -i g random 2> /dev/null; then ok=$((ok + 1)); fi
					carc-score -i g 2> /dev/null || true
				done
				echo "$ok" > "ok.$p"
			) &
		done
		wait
		total=$(( $(cat ok.? | paste -sd+) ))
		[ "$(get g '.log | length')" -eq "$total" ] ||
		    { echo "round $round: $total moves reported done, $(get g '.log | length') logged"; false; }
		[ "$total" -gt 0 ]
		carc-deck --verify g
	done
}

@test "a tool that waits for the lock then works on the state the holder wrote" {
	local i k pid
	for ((i = 0; i < 20; i++)); do
		carc-deck --players ann,bob --seed 7 --stack U > g
		exec 9< g
		flock 9
		carc-place -i g 1,0,0 2> e 9<&- & pid=$!
		# until it waits for the lock (a blocked lock shows as "->" in /proc/locks)
		for ((k = 0; k < 500; k++)); do
			grep -q -- '->' /proc/locks && break
			sleep 0.01
		done
		# the holder draws while carc-place waits: it must place the tile drawn, not refuse
		# the draw phase it would have read without the lock
		carc-draw g > g.new && mv g.new g
		exec 9<&-
		wait "$pid" || { echo "try $i: $(cat e)"; false; }
		[ "$(log g)" = '["U/1,0,0"]' ]
	done
}

@test "--no-wait: a file another tool is updating is refused at once with 75, and left alone" {
	cp place g
	exec 9< g
	flock 9
	for words in "carc-draw" "carc-place 1,0,0" "carc-score" "carc-bot random" "carc-deck"; do
		read -ra argv <<< "$words"
		run --separate-stderr "${argv[0]}" --no-wait -i g "${argv[@]:1}"
		[ "$status" -eq 75 ] && [ -z "$output" ] &&
		    [ "$stderr" = "${argv[0]}: g: busy: another carc tool is updating it" ] ||
		    { echo "$words: $status '$stderr'"; false; }
		cmp g place
	done
	exec 9<&-
	carc-place --no-wait -i g 1,0,0
	[ "$(log g)" = '["U/1,0,0"]' ]
}

@test "a reader needs no lock: carc-render reads a game another tool holds" {
	cp place g
	exec 9< g
	flock 9
	carc-render --format json g > /dev/null
	carc-place --list g > /dev/null
	exec 9<&-
}

@test "the link swap race, 300 times: swapping FILE for a link never makes -i write elsewhere" {
	local i
	carc-deck --players ann,bob --seed 3 > state
	echo precious > victim
	cp state game
	touch run
	( while [ -f run ]; do
		ln -s victim lnk && mv -T lnk game
		cp state tmp && mv -T tmp game
	  done ) &
	for ((i = 0; i < 300; i++)); do
		carc-draw -i game 2> /dev/null || true
	done
	rm run
	wait
	[ "$(cat victim)" = precious ]
}

@test "-i through a link replaces the file the link names, once resolved, and keeps the link" {
	mkdir -p a/b
	cp place a/b/g
	ln -s b/g a/link
	ln -s a/link top
	carc-place -i top 1,0,0
	[ -L top ] && [ -L a/link ]
	[ "$(log a/b/g)" = '["U/1,0,0"]' ]
	[ -z "$(ls -A a/b | grep -v '^g$')" ]
	ln -s loop1 loop2 && ln -s loop2 loop1
	run --separate-stderr carc-draw -i loop1
	fails 66 "carc-draw: loop1: Too many levels of symbolic links"
	ln -s missing dangling
	run --separate-stderr carc-draw -i dangling
	fails 66 "carc-draw: dangling: No such file or directory"
}

@test "-i on a read-only file: status 74, says why, and the file as it was" {
	cp place g
	chmod 444 g
	for words in "carc-draw" "carc-place 1,0,0" "carc-score" "carc-bot random" "carc-deck"; do
		read -ra argv <<< "$words"
		run --separate-stderr "${argv[0]}" -i g "${argv[@]:1}"
		if [ "$(id -u)" -eq 0 ]; then
			fails 74 "${argv[0]}: g: cannot update it: it is read-only (mode 0444)"
		else
			fails 74 "${argv[0]}: g: cannot update it: it is not writable by you (mode 0444"
		fi
		cmp g place
		[ "$(stat -c %a g)" = 444 ]
	done
}

@test "-i on another user's file in a shared folder: refused with 74 whether or not it may be written" {
	can_be_nobody || skip "needs root, setpriv and the user nobody"
	local shared
	shared=$(mktemp -d)
	# no sticky bit: the folder itself would let nobody rename over root's file
	chmod 0777 "$shared"
	cp place "$shared/g"
	chmod 644 "$shared/g"
	run --separate-stderr as_nobody carc-place -i "$shared/g" 1,0,0
	tool=carc-place fails 74 "$shared/g: cannot update it: it is not writable by you (mode 0644, owner uid 0)"
	chmod 666 "$shared/g"
	run --separate-stderr as_nobody carc-place -i "$shared/g" 1,0,0
	tool=carc-place fails 74 "$shared/g: cannot update it: it belongs to uid 0, and the file that replaces it would be yours"
	cmp "$shared/g" place
	[ "$(stat -c %U "$shared/g")" = root ]
	[ "$(ls -A "$shared")" = g ]
	# the user's own file in the same folder is theirs to update
	cp place "$shared/mine"
	chown nobody "$shared/mine"
	as_nobody carc-place -i "$shared/mine" 1,0,0
	[ "$(log "$shared/mine")" = '["U/1,0,0"]' ]
	[ "$(stat -c %U "$shared/mine")" = nobody ]
	# and not when they took away their own write permission
	cp place "$shared/ro"
	chown nobody "$shared/ro"
	chmod 444 "$shared/ro"
	run --separate-stderr as_nobody carc-place -i "$shared/ro" 1,0,0
	tool=carc-place fails 74 "$shared/ro: cannot update it: it is not writable by you (mode 0444, owner uid $(id -u nobody))"
	cmp "$shared/ro" place
	rm -rf "$shared"
}

@test "-i gives FILE a new file: another hard link to the old one keeps the old state" {
	cp place g
	ln g other
	carc-place -i g 1,0,0
	[ "$(log g)" = '["U/1,0,0"]' ]
	cmp other place
	[ "$(stat -c %h g)" = 1 ]
}

@test "-i on a folder, a FIFO or a missing file: 66 and one line, and nothing waits" {
	mkdir dir
	mkfifo fifo
	run --separate-stderr carc-draw -i dir
	fails 66 "carc-draw: dir: a folder, not a file"
	run --separate-stderr carc-draw -i fifo
	fails 66 "carc-draw: fifo: not a regular file"
	run --separate-stderr carc-draw -i missing
	fails 66 "carc-draw: missing: No such file or directory"
	run --separate-stderr carc-draw -i nodir/g
	fails 66 "carc-draw: nodir/g: No such file or directory"
	run --separate-stderr carc-draw -i dir/
	fails 66 "carc-draw: dir/: not a file"
}
