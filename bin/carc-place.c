/* carc-place: apply one decision of the player to move, or list every legal one. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "common.h"

const char *progname = "carc-place";

static const char synopsis[] =
    "usage: carc-place [-hv] [--armor] [--version] MOVE [FILE]\n"
    "       carc-place [-v] [--armor] [--no-wait] -i FILE MOVE\n"
    "       carc-place --list [--format text|json] [FILE]\n";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "armor", no_argument, NULL, 'a' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "list", no_argument, NULL, 'l' },
		{ "no-wait", no_argument, NULL, OPT_NOWAIT },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char *inplace = NULL, *format = NULL;
	int ch, list = 0, nopt, armor = 0, armored, nowait = 0, n, verbose = 0;

	/* A move with a negative x (-1,0,90) is an operand, not options: stop getopt before it. */
	for (nopt = 1; nopt < argc; nopt++)
		if (argv[nopt][0] == '-' && isdigit((unsigned char)argv[nopt][1]))
			break;
	while ((ch = next_option(nopt, argv, "+f:hi:lv", opts)) != -1) {
		if (ch == 'v')
			verbose = 1;
		else if (ch == 'a')
			armor = 1;
		else if (ch == 'i')
			inplace = inplace_arg(optarg);
		else if (ch == 'l')
			list = 1;
		else if (ch == 'f')
			format = optarg;
		else if (ch == OPT_NOWAIT)
			nowait = 1;
		else if (ch == OPT_VERSION)
			version();
		else
			help(synopsis);
	}
	n = argc - optind;
	if (list && (inplace || armor || nowait || verbose))
		usage_error("--list does not go with %s", inplace ? "-i" : armor ? "--armor" :
		    nowait ? "--no-wait" : "-v");
	if (format && !list)
		usage_error("--format goes with --list");
	if (nowait && !inplace)
		usage_error("--no-wait goes with -i");
	if (!list && n < 1)
		usage_error("no MOVE given");
	if (n > (list ? 1 : inplace ? 1 : 2))
		usage_error("unexpected operand '%s'%s", argv[argc - 1],
		    inplace ? ": -i names the file" : "");
	if (format && strcmp(format, "text") != 0 && strcmp(format, "json") != 0)
		die(CARC_EUSAGE, "unknown format '%s' for --list (text, json)", format);
	if (list) {
		struct carc_buf out = { 0 };

		emptied_hint = "write to another file";
		g = read_state(argv[optind], NULL);
		if ((format && strcmp(format, "json") == 0 ? carc_moves_json(g, &out, &err) :
		    carc_moves_list(g, &out, &err)) != 0)
			die_err(&err);
		write_text(&out);
		carc_buf_release(&out);
	} else {
		g = inplace ? inplace_read(inplace, nowait, &armored) :
		    read_state(argv[optind + 1], &armored);
		if (carc_game_place(g, argv[optind], &err))
			die_err(&err);
		/* what the decision did, for people: the dragon's meal, a follower sent home */
		if (verbose)
			fputs(carc_game_report(g), stderr);
		write_state(g, inplace, armor || (inplace && armored));
	}
	carc_game_free(g);
	return 0;
}
