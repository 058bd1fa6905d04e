/* A fingerprint of how the engine plays: many seeded games of every kind, played through the
 * public interface by the random and greedy bots (and one mcts game a kind), the state hashed
 * after every step, and self-play's scores. One line per kind of game. A change that must not
 * alter play (a redesign, a speed-up) leaves every line as it was: `make fingerprint`, before
 * and after, then diff. The first hash covers every state, the second only each game's last
 * state and self-play's scores, for a change of the state's form that must not change play;
 * the third covers play alone, read through the public calls and never through the state's
 * bytes (each decision's word, what each step reported, the phase, the player, the scores,
 * the drawn tiles and the tiles left), so it holds across a new version of the state. Uses lib/carc.h only, so it outlives any change inside the library. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carc.h"

static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n-- > 0)
		h = (h ^ *s++) * 0x100000001b3ULL;
	return h;
}

static int
fail(const char *what, const struct carc_err *err)
{
	fprintf(stderr, "fingerprint: %s: %s\n", what, err->msg);
	exit(1);
}

static uint64_t endh = 0xcbf29ce484222325ULL, playh = 0xcbf29ce484222325ULL;

/* What a person sees of a step, through the public calls only. */
static void
seen(const struct carc_game *g, const char *word)
{
	int i, v[3];

	playh = fnv(playh, word, strlen(word) + 1);
	playh = fnv(playh, carc_game_report(g), strlen(carc_game_report(g)) + 1);
	v[0] = carc_game_phase(g);
	v[1] = carc_game_player(g);
	v[2] = carc_game_tiles_left(g);
	playh = fnv(playh, v, sizeof(v));
	for (i = 0; i < carc_game_nplayers(g); i++) {
		v[0] = carc_game_player_score(g, i);
		v[1] = carc_game_player_followers(g, i);
		playh = fnv(playh, v, 2 * sizeof(v[0]));
	}
	for (i = 0; i < carc_game_ndrawn(g); i++)
		playh = fnv(playh, carc_game_drawn(g, i), strlen(carc_game_drawn(g, i)) + 1);
}

/* Plays the game to its end, seat i by bots[i]; the hash of every state on the way. */
static uint64_t
play(struct carc_game *g, const struct carc_bot *bots, uint64_t h)
{
	struct carc_err err;
	struct carc_buf b = { 0 };
	char word[128];
	const char **words;
	size_t n;
	int steps = 0;

	for (;;) {
		enum carc_phase p = carc_game_phase(g);
		int rc;

		if (p == CARC_OVER)
			break;
		if (++steps > 20000)
			fail("play", &(struct carc_err){ 1, "no end after 20000 steps" });
		word[0] = '\0';
		if (p == CARC_DRAW && carc_moves(g, &words, &n, &err) == 0 && n > 0)
			rc = carc_bot_move(g, &bots[carc_game_player(g)], word, sizeof(word), &err);
		else if (p == CARC_DRAW)
			rc = carc_game_draw(g, &err);
		else if (p == CARC_SCORE)
			rc = carc_game_score(g, &err);
		else
			rc = carc_bot_move(g, &bots[carc_game_player(g)], word, sizeof(word), &err);
		if (rc)
			fail("step", &err);
		seen(g, word);
		b.len = 0;
		if (carc_state_write(g, &b, &err))
			fail("write", &err);
		h = fnv(h, b.data, b.len);
		h = fnv(h, carc_game_report(g), strlen(carc_game_report(g)));
	}
	endh = fnv(endh, b.data, b.len);
	carc_buf_release(&b);
	return h;
}

struct kind {
	const char *expansions;
	const char *rules[5];
};

static const struct kind kinds[] = {
	{ "base", { NULL } },
	{ "base", { "farmers=off", NULL } },
	{ "base", { "edition=c1", NULL } },
	{ "base,fortune-teller", { NULL } },
	{ "base,catapult", { NULL } },
	{ "base,catapult", { "scatter=0", NULL } },
	{ "base,catapult", { "catapult=house", NULL } },
	{ "base,catapult", { "catapult=off", NULL } },
	{ "base,fortune-teller,catapult", { NULL } },
	{ "base,fortune-teller,catapult", { "edition=c1", "reach=0.8", NULL } },
	{ "base,fortune-teller", { "ft-draw=may", NULL } },
	{ "base,fortune-teller,catapult", { "chain=0.60", "scatter=0", "ft-draw=may", NULL } },
	/* the sets of figures, each row added after the earlier ones keep their lines */
	{ "base,inns-cathedrals,abbot,phantom", { NULL } },
	{ "base,traders-builders", { NULL } },
	{ "base,inns-cathedrals,abbot,phantom,traders-builders,fortune-teller,catapult",
	    { "edition=c1", NULL } },
	{ "base,abbey-mayor", { NULL } },
	{ "base,princess-dragon", { NULL } },
	{ "base,princess-dragon,traders-builders,phantom", { "princess=must", NULL } },
	{ "base,princess-dragon,abbot", { "fairy=on-tile", NULL } },
	{ "base,tower", { NULL } },
	{ "base,tower,inns-cathedrals,phantom,traders-builders", { "capture-own=no", NULL } },
	{ "base,tower,princess-dragon,abbey-mayor", { "prisoner-exchange=holder", "ransom=step2",
	    NULL } },
};

int
main(int argc, char **argv)
{
	static const char *const players[] = { "a,b", "a,b,c", "a,b,c,d", "a,b,c,d,e",
		"a,b,c,d,e,f" };
	int games = argc > 1 ? atoi(argv[1]) : 20, k, np, s, i;

	for (k = 0; k < (int)(sizeof(kinds) / sizeof(kinds[0])); k++) {
		uint64_t h = 0xcbf29ce484222325ULL;

		endh = playh = h;
		for (np = 0; np < 5; np++)
			for (s = 0; s < games; s++) {
				struct carc_setup su = { .players = players[np], .seed = 1000 + s,
				    .expansions = kinds[k].expansions, .rules = (const char **)kinds[k].rules };
				struct carc_bot bots[CARC_MAX_PLAYERS];
				struct carc_err err;
				struct carc_game *g = carc_game_new(&su, &err);

				if (g == NULL)
					fail("new", &err);
				for (i = 0; i < CARC_MAX_PLAYERS; i++)
					bots[i] = (struct carc_bot){ .strategy = (s + i) % 3 == 0 ?
					    CARC_BOT_GREEDY : CARC_BOT_RANDOM, .seed = s * 7 + i };
				if (s == 0 && np == 0)
					bots[1] = (struct carc_bot){ .strategy = CARC_BOT_MCTS, .seed = 3,
					    .iterations = 60 };
				h = play(g, bots, h);
				carc_game_free(g);
			}
		/* self-play takes the fast paths the bots use inside one process */
		for (np = 0; np < 5; np++) {
			struct carc_setup su = { .players = players[np], .seed = 1,
			    .expansions = kinds[k].expansions, .rules = (const char **)kinds[k].rules };
			struct carc_bot bots[CARC_MAX_PLAYERS];
			struct carc_err err;
			struct carc_game *tmpl = carc_game_new(&su, &err), *g;
			int scores[CARC_MAX_PLAYERS];

			if (tmpl == NULL || (g = carc_selfplay_new(tmpl)) == NULL)
				fail("selfplay", &err);
			for (i = 0; i < CARC_MAX_PLAYERS; i++)
				bots[i] = (struct carc_bot){ .strategy = i == 1 && np == 0 ?
				    CARC_BOT_GREEDY : CARC_BOT_RANDOM, .seed = i };
			for (s = 0; s < games * 20; s++) {
				if (carc_selfplay_game(g, tmpl, 5000 + s, bots, scores, &err))
					fail("selfplay", &err);
				h = fnv(h, scores, sizeof(scores[0]) * (np + 2));
				endh = fnv(endh, scores, sizeof(scores[0]) * (np + 2));
				playh = fnv(playh, scores, sizeof(scores[0]) * (np + 2));
			}
			carc_game_free(g);
			carc_game_free(tmpl);
		}
		printf("%016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %s", h, endh, playh,
		    kinds[k].expansions);
		for (i = 0; kinds[k].rules[i]; i++)
			printf(" %s", kinds[k].rules[i]);
		printf("\n");
	}
	return 0;
}
