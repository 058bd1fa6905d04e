/* lastmove: a whole game played with libcarc from C, every player taking the last legal
 * decision (a figure on the last feature of the last cell, when it may), as
 * `carc-place "$(carc-place --list | tail -n 1)"` would; prints the decisions and the final
 * scores. Built against an installed carc with
 *     cc -o lastmove lastmove.c $(pkg-config --cflags --libs carc)
 * usage: lastmove [SEED [PLAYER,PLAYER,... [TILE,TILE,...]]], the last the whole supply */
#include <stdio.h>
#include <stdlib.h>

#include <carc.h>

static void
fail(const struct carc_err *err)
{
	fprintf(stderr, "lastmove: %s\n", err->msg);
	exit(err->code ? err->code : 70);
}

int
main(int argc, char **argv)
{
	struct carc_setup setup = { .players = argc > 2 ? argv[2] : "ann,bob",
		.deck = argc > 3 ? argv[3] : NULL };
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char **words;
	size_t n;
	int i, rc = 0;

	setup.seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
	if ((g = carc_game_new(&setup, &err)) == NULL)
		fail(&err);
	while (carc_game_phase(g) != CARC_OVER) {
		switch (carc_game_phase(g)) {
		case CARC_DRAW:
			rc = carc_game_draw(g, &err);
			break;
		case CARC_SCORE:
			rc = carc_game_score(g, &err);
			break;
		default:	/* a placement, a hurl or a seduce decision */
			if ((rc = carc_moves(g, &words, &n, &err)) == 0 && n > 0) {
				printf("%s plays %s\n",
				    carc_game_player_name(g, carc_game_player(g)), words[n - 1]);
				rc = carc_game_place(g, words[n - 1], &err);
			}
			break;
		}
		if (rc != 0)
			fail(&err);
	}
	for (i = 0; i < carc_game_nplayers(g); i++)
		printf("%s %d\n", carc_game_player_name(g, i), carc_game_player_score(g, i));
	carc_game_free(g);
	return 0;
}
