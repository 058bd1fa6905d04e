/* carc-draw: draw the tile for the player to move; tiles that fit nowhere are set aside. */
#include <getopt.h>
#include <stdio.h>

#include "common.h"

const char *progname = "carc-draw";

static const char synopsis[] =
    "usage: carc-draw [-h] [-i FILE] [--armor] [--tiles N] [FILE]\n";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "armor", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ "tiles", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char *inplace = NULL;
	int ch, armor = 0, armored, tiles = 0;

	while ((ch = getopt_long(argc, argv, "hi:", opts, NULL)) != -1) {
		if (ch == 'a')
			armor = 1;
		else if (ch == 'i')
			inplace = inplace_arg(optarg);
		else if (ch == 't') {
			if (optarg[0] < '1' || optarg[0] > '9' || optarg[1] != '\0')
				die(CARC_EUSAGE, "bad --tiles '%s': a number of tiles from 1 to 9",
				    optarg);
			tiles = optarg[0] - '0';
		}
		else
			usage(synopsis, ch == 'h' ? 0 : CARC_EUSAGE);
	}
	if (argc - optind > (inplace ? 0 : 1))
		usage(synopsis, CARC_EUSAGE);
	g = read_state(inplace ? inplace : argv[optind], &armored);
	if (carc_game_draw_n(g, tiles, &err))
		die_err(&err);
	write_state(g, inplace, armor || (inplace && armored));
	carc_game_free(g);
	return 0;
}
