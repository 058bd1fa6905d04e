/* libFuzzer target: the move-word parser, as carc-place MOVE sees it. The first byte picks one
 * of a few fixed states (a placement, a choice among drawn tiles, a hurl, a seduction, a
 * choice of how many tiles to draw, an abbot to take back, a phantom to put, a placement with
 * a big follower in hand, a placement with a builder and a pig in hand, a second turn to take
 * or decline), the rest is the word. A word that is accepted must leave a state that reads back byte for byte
 * and that carc-score takes; a refused one says why in one line, with status 1 or 64. */
#include "fuzz.h"

#define NSTATES 10

static struct carc_buf states[NSTATES];

/* Plays seeded games until want() holds, preferring listed decisions that contain prefer;
 * keeps the state then. */
static void
find_state(struct carc_buf *out, const char *expansions, const char *rule, const char *prefer,
    int (*want)(struct carc_game *))
{
	const char *rules[] = { rule, NULL };
	struct carc_setup su = { .players = "ann,bob,cy", .expansions = expansions,
		.rules = rules };
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char **words;
	size_t n, i;
	int step;

	for (su.seed = 1; su.seed < 500; su.seed++) {
		if ((g = carc_game_new(&su, &err)) == NULL)
			fuzz_abort("new game: %s", err.msg);
		for (step = 0; step < 300; step++) {
			if (want(g)) {
				fuzz_roundtrip(g, out, "fixed state");
				carc_game_free(g);
				return;
			}
			i = n = 0;
			if (carc_game_phase(g) != CARC_DRAW && carc_game_phase(g) != CARC_SCORE &&
			    carc_moves(g, &words, &n, &err) == 0)
				for (i = 0; i < n && strstr(words[i], prefer) == NULL; i++)
					;
			if (fuzz_step(g, i < n ? i : step * 13, 0))
				break;
		}
		carc_game_free(g);
	}
	fuzz_abort("no game of %s reaches the state wanted", expansions);
}

static int
placing(struct carc_game *g)
{
	return carc_game_phase(g) == CARC_PLACE && carc_game_decisions(g) >= 12;
}

static int
choosing(struct carc_game *g)
{
	return carc_game_phase(g) == CARC_PLACE && carc_game_ndrawn(g) > 1;
}

static int
hurling(struct carc_game *g)
{
	return carc_game_phase(g) == CARC_HURL && g->nfigs > 2;
}

static int
seducing(struct carc_game *g)
{
	return carc_game_phase(g) == CARC_SEDUCE;
}

/* phase draw with a choice of how many tiles (ft-draw=may and a fortune teller) */
static int
drawing(struct carc_game *g)
{
	const char **words;
	size_t n;
	struct carc_err err;

	return carc_game_phase(g) == CARC_DRAW && carc_moves(g, &words, &n, &err) == 0 && n > 1;
}

static int
recalling(struct carc_game *g)
{
	return carc_game_phase(g) == CARC_RECALL;
}

static int
haunting(struct carc_game *g)
{
	return carc_game_phase(g) == CARC_PHANTOM && g->nfigs > 2;
}

/* a placement with the big follower still in hand, later in the game */
static int
big_placing(struct carc_game *g)
{
	return carc_game_phase(g) == CARC_PLACE && carc_game_decisions(g) >= 12;
}

/* a placement where the builder may go (Traders & Builders) */
static int
building(struct carc_game *g)
{
	struct carc_err err;
	const char **words;
	size_t n, i;

	if (carc_game_phase(g) != CARC_PLACE || carc_moves(g, &words, &n, &err) != 0)
		return 0;
	for (i = 0; i < n && strstr(words[i], "@builder") == NULL; i++)
		;
	return i < n;
}

/* the draw of a builder's second turn, which the player may decline */
static int
second_turn(struct carc_game *g)
{
	struct carc_err err;
	const char **words;
	size_t n;

	return carc_game_phase(g) == CARC_DRAW && carc_moves(g, &words, &n, &err) == 0 &&
	    n == 2 && strcmp(words[1], "again:none") == 0;
}

/* CARC_FUZZ_DUMP=DIR writes the fixed states to DIR/0 .. DIR/9, to list their decisions
 * with carc-place --list when making seeds. */
static void
dump(void)
{
	const char *dir = getenv("CARC_FUZZ_DUMP");
	char path[4096];
	FILE *f;
	int i;

	for (i = 0; dir && i < NSTATES; i++) {
		snprintf(path, sizeof(path), "%s/%d", dir, i);
		if ((f = fopen(path, "wb")) == NULL || fwrite(states[i].data, 1, states[i].len, f) !=
		    states[i].len || fclose(f) == EOF)
			fuzz_abort("cannot write %s", path);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int codes[] = { CARC_EREFUSED, CARC_EUSAGE, 0 };
	struct carc_err err = { 0 };
	struct carc_buf state = { 0 };
	struct carc_game *g;
	char word[256];
	size_t n;

	if (states[0].len == 0) {
		find_state(&states[0], "base", "farmers=on", "road", placing);
		find_state(&states[1], "base,fortune-teller", "farmers=on", "tent", choosing);
		find_state(&states[2], "base,catapult", "scatter=0", "city", hurling);
		find_state(&states[3], "base,catapult", "scatter=0", "seduction", seducing);
		find_state(&states[4], "base,fortune-teller", "ft-draw=may", "tent", drawing);
		find_state(&states[5], "base,abbot,phantom", "farmers=on", "@abbot", recalling);
		find_state(&states[6], "base,inns-cathedrals,abbot,phantom", "farmers=on", "city",
		    haunting);
		find_state(&states[7], "base,inns-cathedrals", "farmers=on", "cloister", big_placing);
		find_state(&states[8], "base,traders-builders", "farmers=on", "road", building);
		find_state(&states[9], "base,traders-builders", "farmers=on", "@builder",
		    second_turn);
		dump();
	}
	if (size == 0)
		return 0;
	n = size - 1 < sizeof(word) - 1 ? size - 1 : sizeof(word) - 1;
	memcpy(word, data + 1, n);
	word[n] = '\0';		/* an argument ends at its first NUL */
	if ((g = carc_state_read(states[data[0] % NSTATES].data, states[data[0] % NSTATES].len,
	    "fixed", &err)) == NULL)
		fuzz_abort("the fixed state does not read: %s", err.msg);
	if (carc_game_place(g, word, &err)) {
		fuzz_check_err(&err, "place", codes);
	} else {
		fuzz_roundtrip(g, &state, "placed");
	fuzz_json_roundtrip(g, &state, "placed");
	fuzz_render(g);
		if (fuzz_step(g, 0, 0) != 0)
			fuzz_abort("carc-score refuses what carc-place made");
		state.len = 0;
		fuzz_roundtrip(g, &state, "scored");
	}
	carc_buf_release(&state);
	carc_game_free(g);
	return 0;
}
