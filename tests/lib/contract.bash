# The failure contract of the tools (tests/helper.bash loads this file): a refused input gives
# the documented exit status, exactly one line on stderr and nothing on stdout.

# The failure contract after `run --separate-stderr`: STATUS, nothing on stdout, one line on
# stderr that contains WORDS, after "$tool: " when the file names its tool.
fails() {
	[ "$status" -eq "$1" ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
	    [[ $stderr == "${tool:+$tool: }"*"$2"* ]] ||
	    { echo "want $1 and '$2', got $status, stdout '$(printf %s "${output:0:40}" | cat -v)', stderr '$stderr'"; false; }
}

# A usage error after `run --separate-stderr`: status 64, nothing on stdout, and the one line
# "$tool: MESSAGE; try '$tool --help'" on stderr.
misused() {
	[ "$status" -eq 64 ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
	    [ "$stderr" = "$tool: $1; try '$tool --help'" ] ||
	    { echo "want 64 and '$tool: $1; try '$tool --help'', got $status, stdout '${output:0:40}', stderr '$stderr'"; false; }
}

# refused TOOL WORDS: the last `run --separate-stderr` was refused by the rules: status 1,
# nothing on stdout, one line on stderr from TOOL that contains WORDS.
refused() {
	if [ "$status" -ne 1 ] || [ -n "$output" ] || [ "${#stderr_lines[@]}" -ne 1 ] ||
	    [ -z "${2:-}" ] || [[ $stderr != "$1: "*"$2"* ]]; then
		printf 'expected status 1, no output and one line from %s with "%s"\n' "$1" "${2:-}"
		printf 'got status %s\nstdout: %s\nstderr: %s\n' "$status" "$output" "$stderr"
		return 1
	fi
}

# Runs READER (its words split on purpose) on FILE, as an operand or on standard input (HOW),
# and checks the failure contract: STATUS, nothing on stdout, one line on stderr naming the tool
# and containing WORDS.
refused_by() {
	local want=$1 words=$2 reader=$3 how=$4 file=$5

	if [ "$how" = operand ]; then
		run --separate-stderr $reader "$file"
	else
		run --separate-stderr $reader < "$file"
	fi
	[ "$status" -eq "$want" ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
	    [[ $stderr == "${reader%% *}: "*"$words"* ]] || {
		echo "$reader ($how $file): want $want and '$words', got $status," \
		    "stdout '$(printf %s "${output:0:40}" | cat -v)', stderr '$stderr'"
		return 1
	}
}
