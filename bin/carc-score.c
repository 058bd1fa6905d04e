/* carc-score: score what the placement completed, pass the turn, end the game when it ends. */
#include <getopt.h>
#include <stdio.h>

#include "common.h"

const char *progname = "carc-score";

static const char synopsis[] = "usage: carc-score [-hv] [FILE]\n";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_game *g;
	int ch, verbose = 0;

	while ((ch = getopt_long(argc, argv, "hv", opts, NULL)) != -1) {
		if (ch == 'v')
			verbose = 1;
		else
			usage(synopsis, ch == 'h' ? 0 : CARC_EUSAGE);
	}
	if (argc - optind > 1)
		usage(synopsis, CARC_EUSAGE);
	g = read_state(argv[optind]);
	if (carc_game_score(g, &err))
		die_err(&err);
	write_state(g);
	if (verbose)
		fputs(carc_game_report(g), stderr);
	carc_game_free(g);
	return 0;
}
