/* The game's life once set up (setup.c): the log, the draw, the end of a turn, the end of the
 * game. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "game.h"
#include "score.h"

struct carc_game *
game_alloc(void)
{
	struct carc_game *g = calloc(1, sizeof(*g));

	if (g != NULL) {
		rules_defaults(&g->rules);
		g->version = CARC_FORMAT_VERSION;
	}
	return g;
}

void
carc_game_free(struct carc_game *g)
{
	int i;

	if (g == NULL)
		return;
	if (!g->borrowed)
		tileset_release(&g->ts);
	board_release(g);
	free(g->supply);
	free(g->aside);
	free(g->figs);
	for (i = 0; i < g->nlog; i++)
		free(g->log[i]);
	free(g->log);
	free(g->setup_start);
	free(g->setup_stack);
	free(g->setup_deck);
	carc_buf_release(&g->report);
	carc_buf_release(&g->words);
	free(g->wordv);
	free(g);
}

int
game_log(struct carc_game *g, const char *word)
{
	if (g->nlog == g->caplog) {
		int cap = g->caplog ? g->caplog * 2 : 64;
		char **l = realloc(g->log, cap * sizeof(*l));

		if (l == NULL)
			return -1;
		g->log = l;
		g->caplog = cap;
	}
	if ((g->log[g->nlog] = strdup(word)) == NULL)
		return -1;
	g->nlog++;
	return 0;
}

/* The game ends when no tile left in the supply can be placed (B-50, B-12): then the draws
 * would set every one of them aside and none would be placed. */
void
game_advance(struct carc_game *g)
{
	int i;

	if (g->phase != CARC_DRAW)
		return;
	for (i = 0; i < g->ndrawn; i++)	/* held for a second turn (F-9) */
		if (board_placeable(g, g->drawn[i]))
			return;
	for (i = 0; i < g->nsupply; i++)
		if (board_placeable(g, g->supply[i]) && (!RULES_DRAWABLE_ANY(g) ||
		    rules_drawable(g, g->supply[i]))) {
			g->fit_nboard = g->nboard;
			g->fit_type = g->supply[i];
			return;
		}
	/* a module's last decisions before the final scoring (the abbeys held, X-AM-3) */
	if (rules_ending(g))
		return;
	/* the draws would set every one of them aside (B-12): say so in the state */
	memcpy(g->aside + g->naside, g->drawn, g->ndrawn * sizeof(*g->drawn));
	g->naside += g->ndrawn;
	g->ndrawn = 0;
	memcpy(g->aside + g->naside, g->supply, g->nsupply * sizeof(*g->supply));
	g->naside += g->nsupply;
	g->nsupply = 0;
	report(g, "final scoring:\n");
	score_final(g);
	g->phase = CARC_OVER;
}

/* The tiles of the supply that may be drawn, counted as far as `want`. */
static int
drawable_count(const struct carc_game *g, int want)
{
	int i, n;

	for (i = n = 0; i < g->nsupply && n < want; i++)
		n += rules_drawable(g, g->supply[i]);
	return n;
}

/* The tiles player p draws now: one, or more as the modules say (The Fortune Teller: one more
 * per fortune teller), never more than remain. */
int
draw_allowed(const struct carc_game *g, int p)
{
	int want = rules_draw_count(g, p), n = g->nsupply;

	if (RULES_DRAWABLE_ANY(g))
		n = drawable_count(g, want);
	return want > n ? n : want;
}

/* The next tile of the supply that may be drawn, taken out of it: the first, unless a module
 * passes some over (PD-13); -1 if none. */
static inline int
supply_take(struct carc_game *g)
{
	int i = 0, t;

	if (RULES_DRAWABLE_ANY(g))
		while (i < g->nsupply && !rules_drawable(g, g->supply[i]))
			i++;
	if (i == g->nsupply)
		return -1;
	t = g->supply[i];
	memmove(g->supply + i, g->supply + i + 1, (g->nsupply - i - 1) * sizeof(*g->supply));
	g->nsupply--;
	return t;
}

/* Why a tool that is not the one the phase waits for refuses it: NULL in phase draw. */
static int
draw_refused(const struct carc_game *g, struct carc_err *err)
{
	const struct phase_def *d;

	switch (g->phase) {
	case CARC_DRAW:
		return 0;
	case CARC_PLACE:
		return seterr(err, CARC_EREFUSED,
		    "a tile is drawn already: place it with carc-place or carc-bot");
	case CARC_SCORE:
		return seterr(err, CARC_EREFUSED, "the turn is not over: run carc-score first");
	case CARC_OVER:
		return seterr(err, CARC_EREFUSED, "the game is over");
	default:
		d = rules_phase(g->phase);
		return seterr(err, CARC_EREFUSED, "%s: %s decides with carc-place or carc-bot",
		    d ? d->busy : "the game waits for a decision", g->pl[g->player].name);
	}
}

/* The draw of a second turn that plays from the tiles held since the first (F-9, the
 * builder's double turn with fortune tellers): they are its tiles; if none fits, they are set
 * aside and single tiles drawn until one fits (F-7c). */
static int
held_draw(struct carc_game *g, int n, struct carc_err *err)
{
	int i;

	if (n != 0 && n != g->ndrawn)
		return seterr(err, CARC_EREFUSED, "%s plays the second turn from the %d tile%s "
		    "held (F-9), and draws no other", g->pl[g->player].name, g->ndrawn,
		    g->ndrawn == 1 ? "" : "s");
	for (i = 0; i < g->ndrawn; i++)
		if (board_placeable(g, g->drawn[i])) {
			g->phase = CARC_PLACE;
			return 0;
		}
	memcpy(g->aside + g->naside, g->drawn, g->ndrawn * sizeof(*g->drawn));
	g->naside += g->ndrawn;
	g->ndrawn = 0;
	return game_draw(g, 1, err);
}

int
carc_game_draw(struct carc_game *g, struct carc_err *err)
{
	return carc_game_draw_n(g, 0, err);
}

/* The draw of n tiles (0: all the player may draw). Another number is a decision of a module
 * (The Fortune Teller's draw:N) or refused. */
int
carc_game_draw_n(struct carc_game *g, int n, struct carc_err *err)
{
	char w[16];
	int want, rc;

	if (draw_refused(g, err))
		return err->code;
	if (g->ndrawn > 0)
		return held_draw(g, n, err);
	want = draw_allowed(g, g->player);
	if (n == 0 || n == want)
		return game_draw(g, want, err);
	snprintf(w, sizeof(w), "draw:%d", n);
	if ((rc = rules_draw_decide(g, w, err)) != -1)
		return rc;
	return seterr(err, CARC_EREFUSED, "%s draws %d tile%s now, not %d",
	    g->pl[g->player].name, want, want == 1 ? "" : "s", n);
}

/* Draws `want` tiles from the top of the supply: with several, as long as one of them fits
 * somewhere, all are drawn, else they are set aside (F-7c); then, or with one, single tiles
 * until one fits, those that do not set aside (B-12). */
int
game_draw(struct carc_game *g, int want, struct carc_err *err)
{
	int t, i;

	if (want > 1) {
		for (i = 0; i < want; i++)
			g->drawn[i] = supply_take(g);
		g->ndrawn = want;
		for (i = 0; i < want; i++)
			if (board_placeable(g, g->drawn[i])) {
				g->phase = CARC_PLACE;
				return 0;
			}
		for (i = 0; i < want; i++)
			g->aside[g->naside++] = g->drawn[i];
		g->ndrawn = 0;
	}
	while ((t = supply_take(g)) >= 0) {
		if ((g->fit_nboard == g->nboard && g->fit_type == t) || board_placeable(g, t)) {
			g->drawn[0] = t;
			g->ndrawn = 1;
			g->phase = CARC_PLACE;
			return 0;
		}
		g->aside[g->naside++] = t;	/* B-12 */
	}
	return seterr(err, CARC_EDATA, "inconsistent state: no tile in the supply fits");
}

/* The drawn tiles held go back into the supply, which is shuffled (F-7d). */
void
drawn_return(struct carc_game *g)
{
	memcpy(g->supply + g->nsupply, g->drawn, g->ndrawn * sizeof(*g->drawn));
	g->nsupply += g->ndrawn;
	g->ndrawn = 0;
	rng_shuffle(&g->rng, g->supply, g->nsupply);
}

/* The turn of player g->player is over: the next player's begins, or the same player's second
 * one when a module says so (the builder's), and the game ends when no tile fits (B-50). */
void
turn_next(struct carc_game *g)
{
	bool again = rules_next_turn(g);

	/* what waits for the end of the whole turn (a catapult round) comes first, and passes
	 * the turn on itself when it is over */
	if (!again && rules_turn_over(g))
		return;
	g->acted = false;
	if (!again)
		g->player = (g->player + 1) % g->nplayers;
	g->phase = CARC_DRAW;
	game_advance(g);
	if (g->phase != CARC_OVER && RULES_TURN_START_ANY(g))
		rules_turn_start(g, again);
}

/* Why carc-score refuses a phase; 0 in phase score. */
static int
score_refused(const struct carc_game *g, struct carc_err *err)
{
	const struct phase_def *d;

	switch (g->phase) {
	case CARC_SCORE:
		return 0;
	case CARC_DRAW:
		return seterr(err, CARC_EREFUSED, "no tile drawn yet: run carc-draw first");
	case CARC_PLACE:
		return seterr(err, CARC_EREFUSED,
		    "the drawn tile is not placed yet: run carc-place or carc-bot");
	case CARC_OVER:
		return seterr(err, CARC_EREFUSED, "the game is over");
	default:
		d = rules_phase(g->phase);
		return seterr(err, CARC_EREFUSED, "%s: %s decides with carc-place or carc-bot",
		    d ? d->busy : "the game waits for a decision", g->pl[g->player].name);
	}
}

/* The end of a turn: the tile's features scored, the tiles held given back, then the next
 * player's turn, unless a module starts a phase of its own (a catapult round). A decision of a
 * module's phase waiting in phase score is the module's to resolve. */
int
carc_game_score(struct carc_game *g, struct carc_err *err)
{
	int rc;

	if (score_refused(g, err))
		return err->code;
	if ((rc = rules_resolve(g, err)) != -1)
		return rc;
	g->report.len = 0;
	rules_placed(g, g->nboard - 1);
	score_placed(g, g->nboard - 1);
	/* F-7d: the drawn tiles not chosen were held until now; back they go, shuffled in,
	 * unless a second turn of the player's plays from them (F-9) */
	if (g->ndrawn > 0 && !rules_holds(g))
		drawn_return(g);
	if ((rc = rules_turn_end(g)) != 0)
		return rc < 0 ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
	turn_next(g);
	if (g->phase == CARC_OVER && g->report.data == NULL && !g->quiet)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

const char *
carc_game_report(const struct carc_game *g)
{
	return g->report.data ? g->report.data : "";
}

enum carc_phase
carc_game_phase(const struct carc_game *g)
{
	return g->phase;
}

int carc_game_player(const struct carc_game *g) { return g->player; }
int carc_game_nplayers(const struct carc_game *g) { return g->nplayers; }
const char *carc_game_player_name(const struct carc_game *g, int i) { return g->pl[i].name; }
int carc_game_player_score(const struct carc_game *g, int i) { return g->pl[i].score; }
int carc_game_player_followers(const struct carc_game *g, int i) { return figures_left(g, i, 0); }
int carc_game_tiles_left(const struct carc_game *g) { return g->nsupply; }
uint64_t carc_game_seed(const struct carc_game *g) { return g->seed; }
int carc_game_decisions(const struct carc_game *g) { return g->nlog; }
int carc_game_ndrawn(const struct carc_game *g) { return g->ndrawn; }
const char *carc_game_drawn(const struct carc_game *g, int i) { return g->ts.types[g->drawn[i]].id; }
