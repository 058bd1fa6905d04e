/* carc-draw: draw the tile for the player to move; tiles that fit nowhere are set aside. */
#include <stdio.h>

#include "common.h"

const char *progname = "carc-draw";

static const char synopsis[] =
    "usage: carc-draw [-h] [--armor] [--tiles N] [--version] [FILE]\n"
    "       carc-draw [--armor] [--no-wait] [--tiles N] -i FILE\n";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "armor", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ "no-wait", no_argument, NULL, OPT_NOWAIT },
		{ "tiles", required_argument, NULL, 't' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char *inplace = NULL;
	int ch, armor = 0, armored, nowait = 0, tiles = 0;

	while ((ch = next_option(argc, argv, "hi:", opts)) != -1) {
		if (ch == 'a')
			armor = 1;
		else if (ch == 'i')
			inplace = inplace_arg(optarg);
		else if (ch == OPT_NOWAIT)
			nowait = 1;
		else if (ch == OPT_VERSION)
			version();
		else if (ch == 't') {
			if (optarg[0] < '1' || optarg[0] > '9' || optarg[1] != '\0')
				die(CARC_EUSAGE, "bad --tiles '%s': a number of tiles from 1 to 9",
				    optarg);
			tiles = optarg[0] - '0';
		}
		else
			help(synopsis);
	}
	if (argc - optind > (inplace ? 0 : 1))
		usage_error("unexpected operand '%s'%s", argv[argc - 1],
		    inplace ? ": -i names the file" : "");
	if (nowait && !inplace)
		usage_error("--no-wait goes with -i");
	g = inplace ? inplace_read(inplace, nowait, &armored) : read_state(argv[optind], &armored);
	if (carc_game_draw_n(g, tiles, &err))
		die_err(&err);
	write_state(g, inplace, armor || (inplace && armored));
	carc_game_free(g);
	return 0;
}
