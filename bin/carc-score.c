/* carc-score: score what the placement completed, pass the turn, end the game when it ends. */
#include <stdio.h>

#include "common.h"

const char *progname = "carc-score";

static const char synopsis[] =
    "usage: carc-score [-hv] [--armor] [--version] [FILE]\n"
    "       carc-score [-v] [--armor] [--no-wait] -i FILE\n";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "armor", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ "no-wait", no_argument, NULL, OPT_NOWAIT },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char *inplace = NULL;
	int ch, verbose = 0, armor = 0, armored, nowait = 0;

	while ((ch = next_option(argc, argv, "hi:v", opts)) != -1) {
		if (ch == 'a')
			armor = 1;
		else if (ch == 'i')
			inplace = inplace_arg(optarg);
		else if (ch == 'v')
			verbose = 1;
		else if (ch == OPT_NOWAIT)
			nowait = 1;
		else if (ch == OPT_VERSION)
			version();
		else
			help(synopsis);
	}
	if (argc - optind > (inplace ? 0 : 1))
		usage_error("unexpected operand '%s'%s", argv[argc - 1],
		    inplace ? ": -i names the file" : "");
	if (nowait && !inplace)
		usage_error("--no-wait goes with -i");
	g = inplace ? inplace_read(inplace, nowait, &armored) : read_state(argv[optind], &armored);
	if (carc_game_score(g, &err))
		die_err(&err);
	write_state(g, inplace, armor || (inplace && armored));
	if (verbose)
		fputs(carc_game_report(g), stderr);
	carc_game_free(g);
	return 0;
}
