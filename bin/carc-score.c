/* carc-score: score what the placement completed, pass the turn, end the game when it ends. */
#include <getopt.h>
#include <stdio.h>

#include "common.h"

const char *progname = "carc-score";

static const char synopsis[] = "usage: carc-score [-hv] [-i FILE] [--armor] [FILE]\n";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "armor", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char *inplace = NULL;
	int ch, verbose = 0, armor = 0, armored;

	while ((ch = getopt_long(argc, argv, "hi:v", opts, NULL)) != -1) {
		if (ch == 'a')
			armor = 1;
		else if (ch == 'i')
			inplace = inplace_arg(optarg);
		else if (ch == 'v')
			verbose = 1;
		else
			usage(synopsis, ch == 'h' ? 0 : CARC_EUSAGE);
	}
	if (argc - optind > (inplace ? 0 : 1))
		usage(synopsis, CARC_EUSAGE);
	g = read_state(inplace ? inplace : argv[optind], &armored);
	if (carc_game_score(g, &err))
		die_err(&err);
	write_state(g, inplace, armor || (inplace && armored));
	if (verbose)
		fputs(carc_game_report(g), stderr);
	carc_game_free(g);
	return 0;
}
