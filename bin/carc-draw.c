/* carc-draw: draw the tile for the player to move; tiles that fit nowhere are set aside. */
#include <getopt.h>
#include <stdio.h>

#include "common.h"

const char *progname = "carc-draw";

static const char synopsis[] = "usage: carc-draw [-h] [FILE]\n";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_game *g;
	int ch;

	while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1)
		usage(synopsis, ch == 'h' ? 0 : CARC_EUSAGE);
	if (argc - optind > 1)
		usage(synopsis, CARC_EUSAGE);
	g = read_state(argv[optind]);
	if (carc_game_draw(g, &err))
		die_err(&err);
	write_state(g);
	carc_game_free(g);
	return 0;
}
