/* The Abbot (RULES.md §1.8, B-60 .. B-64) as a rules module. The abbot is a row of the figure
 * table (one each, on cloisters and gardens alone, B-61), and gardens are the garden module's
 * (they complete and score like cloisters, B-62); this module is the abbot's early return
 * (B-63), a decision of step 2 of the turn in a phase of its own, recall, after a placement
 * that put no figure: recall:X,Y takes the player's abbot back from the unfinished cloister or
 * garden on tile X,Y, which scores at once as it would at the end; recall:none leaves it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board.h"
#include "../legal.h"
#include "../score.h"
#include "modules.h"

/* Whether figure f stands on a feature that is not complete yet. */
static bool
unfinished(struct carc_game *g, int f)
{
	int tile = g->figs[f].tile, side;

	switch (kinds[figure_kind(g, f)]->done) {
	case DONE_AROUND8:
		return !board_surrounded(g, tile);
	case DONE_AROUND4:
		for (side = 0; side < 4; side++)
			if (g->beside[tile][side] < 0)
				return true;
		return false;
	case DONE_CLOSED:
		return g->nodes[node_find(g, g->figs[f].tile * MAXSEG + g->figs[f].seg)].open != 0;
	}
	return true;
}

/* Whether player p's figure f may be taken back now (B-63). */
static inline bool
recallable(struct carc_game *g, int p, int f)
{
	return g->figs[f].owner == p && g->ts.fig[g->figs[f].type].recall && unfinished(g, f);
}

/* Whether player p has on the board a figure of a type that may be taken back: without
 * one (most turns) nothing is searched. */
static bool
recall_held(const struct carc_game *g, int p)
{
	int ft;

	for (ft = 0; ft < g->ts.nfig; ft++)
		if (g->ts.fig[ft].recall && g->held[p][ft] > 0)
			return true;
	return false;
}

/* B-63: instead of placing a figure, so only after a placement that put none. */
static bool
recall_open(struct carc_game *g)
{
	int f;

	if (!recall_held(g, g->player) || action_taken(g))
		return false;
	for (f = 0; f < g->nfigs; f++)
		if (recallable(g, g->player, f))
			return true;
	return false;
}

static int
abbot_step2(struct carc_game *g, int tile)
{
	if (!recall_open(g))
		return 0;
	g->phase = CARC_RECALL;
	return 1;
}

/* The figures recall:X,Y takes back, one a tile (the first there), in the order of the
 * figures: the i-th of them (-1 if none), and their number into *n. */
static int
recall_nth(struct carc_game *g, int i, int *n)
{
	int f, e, k = 0, found = -1;

	for (f = 0; f < g->nfigs; f++) {
		if (!recallable(g, g->player, f))
			continue;
		for (e = 0; e < f && !(g->figs[e].tile == g->figs[f].tile &&
		    recallable(g, g->player, e)); e++)
			;
		if (e < f)
			continue;
		if (k++ == i)
			found = f;
	}
	*n = k;
	return found;
}

/* recall:X,Y for each tile where the player has a figure to take back, then recall:none. */
static int
recall_words(struct carc_game *g, struct carc_err *err)
{
	char w[48];
	int i, f, n, rc = 0;

	for (i = 0; (f = recall_nth(g, i, &n)) >= 0; i++) {
		snprintf(w, sizeof(w), "recall:%d,%d", g->board[g->figs[f].tile].x,
		    g->board[g->figs[f].tile].y);
		rc |= carc_buf_add(&g->words, w, strlen(w) + 1);
	}
	rc |= carc_buf_add(&g->words, "recall:none", 12);
	return rc ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

/* B-63: figure f back to its owner, its unfinished feature scored at once. */
static void
recall_take(struct carc_game *g, int f)
{
	int tile = g->figs[f].tile;

	score_early(g, node_find(g, tile * MAXSEG + g->figs[f].seg), tile);
	fig_remove(g, f);
	g->acted = true;
}

/* The X,Y of recall:X,Y, as the core reads a cell (cell_read), with nothing after, or -1:
 * the word is logged as given, so only the engine's spelling is taken. */
static int
parse_xy(const char *s, int *x, int *y)
{
	const char *rest;

	return cell_read(s, x, y, &rest) && *rest == '\0' ? 0 : -1;
}

static int
recall_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	int x, y, b, f;

	if (strncmp(w, "recall:", 7) != 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': %s may take an abbot back first: "
		    "recall:X,Y or recall:none", w, g->pl[g->player].name);
	if (strcmp(w + 7, "none") != 0) {
		if (parse_xy(w + 7, &x, &y) == -1)
			return seterr(err, CARC_EUSAGE, "bad move '%s': expected recall:X,Y or "
			    "recall:none", w);
		b = board_at(g, x, y);
		for (f = 0; b >= 0 && f < g->nfigs; f++)
			if (g->figs[f].tile == b && recallable(g, g->player, f))
				break;
		if (b < 0 || f == g->nfigs)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no abbot "
			    "on an unfinished cloister or garden at %d,%d (B-63)", w,
			    g->pl[g->player].name, x, y);
		recall_take(g, f);
	}
	if (!g->quiet && game_log(g, w) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	rules_step2(g, &abbot_module);
	return 0;
}

/* The random player's decision: the word recall_words would list at the index drawn, made
 * without the words (but for the log). */
static int
recall_random(struct carc_game *g, uint64_t *rng)
{
	char w[48] = "recall:none";
	int n, j, f = recall_nth(g, 0, &n);

	/* mostly one abbot, or none, to take back: then the first is the one drawn */
	if ((j = carc_rng_below(rng, n + 1)) < n) {
		if (j > 0)
			f = recall_nth(g, j, &n);
		if (!g->quiet)
			snprintf(w, sizeof(w), "recall:%d,%d", g->board[g->figs[f].tile].x,
			    g->board[g->figs[f].tile].y);
		recall_take(g, f);
	}
	if (!g->quiet && game_log(g, w) == -1)
		return -1;
	rules_step2(g, &abbot_module);
	return 0;
}

static int
recall_status(const struct carc_game *g, struct carc_buf *b)
{
	return carc_buf_printf(b, "%s may take an abbot back (recall:X,Y) or not (recall:none)",
	    g->pl[g->player].name);
}

/* For the state reader: phase recall only where a recall is open. */
static int
abbot_check(const struct carc_game *g, char *why, size_t n)
{
	/* recall_open finds roots, which shortens paths in the union-find and nothing else */
	if (g->phase != CARC_RECALL || recall_open((struct carc_game *)g))
		return 0;
	return snprintf(why, n, "phase recall, but %s may take no abbot back after this placement",
	    g->pl[g->player].name), -1;
}

static const struct phase_def abbot_phases[] = {
	{ CARC_RECALL, "recall", "an abbot may be taken back", recall_decide, recall_words,
	    recall_status, true, "recall:none", recall_random },
	{ 0, NULL, NULL, NULL, NULL, NULL, false, NULL, NULL }
};

/* recall:X,Y, the abbot taken back from tile X,Y, or recall:none */
static int
abbot_word_json(struct carc_buf *b, const char *w)
{
	return strncmp(w, "recall:", 7) ? 1 : json_xy(b, w + 7, NULL, false);
}

struct rules_module abbot_module = {
	.name = "abbot",
	.set = "abbot",
	.phases = abbot_phases,
	.step2 = abbot_step2,
	.check = abbot_check,
	.word_json = abbot_word_json,
};
