/* carc-bot: a drop-in for carc-place that makes the decision itself. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

const char *progname = "carc-bot";

static const char synopsis[] =
    "usage: carc-bot [-h] [-i FILE] [--armor] [--seed N] random [FILE]\n";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "armor", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ "seed", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char **words;
	size_t n;
	uint64_t seed = 0, rng;
	const char *inplace = NULL;
	int ch, armor = 0, armored;
	char *end, *move;

	while ((ch = getopt_long(argc, argv, "+hi:", opts, NULL)) != -1) {
		if (ch == 'a')
			armor = 1;
		else if (ch == 'i')
			inplace = inplace_arg(optarg);
		else if (ch == 's') {
			errno = 0;
			seed = strtoull(optarg, &end, 10);
			if (errno || !isdigit((unsigned char)*optarg) || *end != '\0')
				die(CARC_EUSAGE, "bad seed '%s': expected a whole number", optarg);
		} else
			usage(synopsis, ch == 'h' ? 0 : CARC_EUSAGE);
	}
	if (argc - optind < 1 || argc - optind > (inplace ? 1 : 2))
		usage(synopsis, CARC_EUSAGE);
	if (strcmp(argv[optind], "random") != 0)
		die(CARC_EUSAGE, "unknown strategy '%s' (random)", argv[optind]);
	g = read_state(inplace ? inplace : argv[optind + 1], &armored);
	if (carc_moves(g, &words, &n, &err))
		die_err(&err);
	if (n == 0)
		die(CARC_EDATA, "inconsistent state: no legal move");
	/* The choice depends only on the game's seed, how far it has come and --seed: the same
	 * game, the same move, whatever the encoding of the state. */
	rng = carc_game_seed(g) ^ seed * 0x9e3779b97f4a7c15ULL;
	rng ^= (uint64_t)carc_game_decisions(g) << 40;
	carc_rng_next(&rng);
	if ((move = strdup(words[carc_rng_below(&rng, n)])) == NULL)
		die(CARC_ESOFTWARE, "out of memory");
	if (carc_game_place(g, move, &err))
		die_err(&err);
	free(move);
	write_state(g, inplace, armor || (inplace && armored));
	carc_game_free(g);
	return 0;
}
