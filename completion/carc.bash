# bash completion for the carc tools (carc-deck, carc-draw, carc-place, carc-score,
# carc-render, carc-bot); make install puts it where bash-completion finds it, one link per tool.
# The options come from each tool's own usage (TOOL -h), so they cannot drift from it; the move
# words for carc-place come from carc-place --list on the game named on the command line.

_carc_sets='base fortune-teller catapult inns-cathedrals abbot phantom traders-builders
abbey-mayor princess-dragon tower'
_carc_rules='edition=c2 edition=c1 farmers=on farmers=off ft-draw=max ft-draw=may
ft-big=one ft-big=two catapult=sim catapult=house catapult=off scatter= reach= chain= ruler=
catch= wagon=c2 wagon=c1 dragon-timing=before-scoring dragon-timing=after-scoring
princess=may princess=must fairy=next-to fairy=on-tile fairy-final=on fairy-final=off
dragon-tile=barred dragon-tile=free
capture-own=yes capture-own=no prisoner-exchange=capturer prisoner-exchange=holder
ransom=turn ransom=draw ransom=step2 tower-fairy=open tower-fairy=guards
tower-reopen=yes tower-reopen=no tower-dragon=eats tower-dragon=spares'
_carc_formats='ascii ansi svg json email'
_carc_strategies='random greedy mcts'
_carc_colors='red blue green yellow black purple orange pink grey'

# The options of TOOL, from its usage text.
_carc_options() {
	"$1" -h 2>/dev/null | grep -oE -- '(^|[[ ])--?[a-z][a-z-]*' | tr -d '[ ' |
	    awk '/^--/ { print; next } { for (i = 2; i <= length($0); i++) print "-" substr($0, i, 1) }' |
	    sort -u
}

# A comma-separated list: completes the word after the last comma from the words in $2.
_carc_list() {
	local cur=$1 head='' w
	case $cur in
	*,*) head=${cur%,*}, ;;
	esac
	for w in $2; do
		[[ $head$w == "$cur"* ]] && COMPREPLY+=("$head$w")
	done
	compopt -o nospace 2>/dev/null
}

# The game file of the command line, before or after the word being completed: the word
# after -i or <, or else the first other operand that is a readable file.
_carc_game() {
	local i w prev='' words
	read -ra words <<< "$COMP_LINE"
	for ((i = 1; i < ${#words[@]}; i++)); do
		w=${words[i]}
		case $prev in
		-i | '<') [ -r "$w" ] && { printf '%s\n' "$w"; return; } ;;
		esac
		prev=$w
	done
	for ((i = 1; i < ${#words[@]}; i++)); do
		w=${words[i]}
		[[ $w != -* && $w != "$cur" && -f $w && -r $w ]] && { printf '%s\n' "$w"; return; }
	done
}

_carc() {
	local line=${COMP_LINE:0:COMP_POINT} tool=${1##*/} cur prev game pre
	# the words split at blanks only: a move word (road:E) or a rule (farmers=on) is one word,
	# whatever COMP_WORDBREAKS says
	read -ra _carc_words <<< "$line"
	[[ $line == *[[:space:]] ]] && _carc_words+=('')
	cur=${_carc_words[${#_carc_words[@]} - 1]}
	prev=${_carc_words[${#_carc_words[@]} - 2]}
	COMPREPLY=()
	case $prev in
	--expansions)
		_carc_list "$cur" "$_carc_sets"
		;;
	--rule)
		COMPREPLY=($(compgen -W "$_carc_rules" -- "$cur"))
		compopt -o nospace 2>/dev/null
		;;
	--format | -f)
		COMPREPLY=($(compgen -W "$_carc_formats" -- "$cur"))
		;;
	--strategies)
		_carc_list "$cur" "$_carc_strategies"
		;;
	--player-colors)
		_carc_list "$cur" "$_carc_colors"
		;;
	--tileset | -i | --replay | --verify | --from-json | '<' | '>')
		COMPREPLY=($(compgen -f -- "$cur"))
		;;
	--players | --as | --seed | --start | --stack | --deck | --iterations | --time | --selfplay | \
	    --highlight | --from | --to)
		;;
	*)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$(_carc_options "$1")" -- "$cur"))
		elif [ "$tool" = carc-bot ]; then
			COMPREPLY=($(compgen -W "$_carc_strategies" -- "$cur") $(compgen -f -- "$cur"))
		elif [ "$tool" = carc-place ] && game=$(_carc_game) && [ -n "$game" ]; then
			COMPREPLY=($(compgen -W "$(carc-place --list "$game" 2>/dev/null)" -- "$cur"))
			[ ${#COMPREPLY[@]} -gt 0 ] || COMPREPLY=($(compgen -f -- "$cur"))
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi
		;;
	esac
	# bash replaces only what follows the last word break (: and = by default) in the word
	pre=${cur%"${cur##*[$COMP_WORDBREAKS]}"}
	[ -z "$pre" ] || COMPREPLY=("${COMPREPLY[@]#"$pre"}")
}

complete -F _carc carc-deck carc-draw carc-place carc-score carc-render carc-bot
