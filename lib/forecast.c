/* What a position is worth to mcts: the scores plus what each unfinished feature is likely to
 * bring by the end, rather than what it would bring if the game ended now. */
#include <stdlib.h>

#include "board.h"
#include "score.h"
#include "rules/modules.h"

/* How fast the chances fall as the supply runs out: an edge of a city or road is closed by the
 * end with odds left : CLOSE_TILES, an empty cell around a cloister filled with odds
 * left : FILL_TILES. A follower in hand is worth HAND points, less as the game nears its end
 * (HAND_TURNS turns of each player before the end, half as much). These were set by 1-ply play
 * against greedy, 400 games a setting; the neighbouring settings tried did no better. */
#define CLOSE_TILES 30
#define FILL_TILES 10
#define HAND 5.0
#define HAND_TURNS 3
#define ROOTS 64		/* features valued; six players' seven followers are 42 */

/* The chance that a feature with `open` unmatched edges is closed while `left` tiles remain:
 * each edge is closed or not independently, more likely the more tiles are to come. */
static double
closes(int open, int left)
{
	double q = (double)left / (left + CLOSE_TILES), p = 1;

	while (open-- > 0)
		p *= q;
	return p;
}

/* A field's farmers: three points a city that is complete, and for each unfinished one three
 * points times its chance of being closed. */
static double
field_worth(struct carc_game *g, int root, int left)
{
	double v = 0;
	int i = root, c, r;

	g->epoch++;
	do {
		const struct placed *p = &g->board[i / MAXSEG];
		unsigned mask = g->ts.types[p->type].seg[i % MAXSEG].cities;

		for (c = 0; mask; c++, mask >>= 1) {
			if (!(mask & 1))
				continue;
			r = node_find(g, (i / MAXSEG) * MAXSEG + c);
			if (g->stamp[r] == g->epoch)
				continue;
			g->stamp[r] = g->epoch;
			v += 3 * (g->nodes[r].open == 0 ? 1 : closes(g->nodes[r].open, left));
		}
		i = g->nodes[i].next;
	} while (i != root);
	return v;
}

/* A road's or a city's worth when a module changes what features are worth (an inn, a
 * cathedral: more if it closes, nothing if not): what the modules make of its value complete
 * and at the end, by the chance that it closes. */
static double
by_modules(struct carc_game *g, int k, int r, double back, int done, int end)
{
	return back * rules_value(g, k, r, r / MAXSEG, false, done, NULL, 0) +
	    (1 - back) * rules_value(g, k, r, r / MAXSEG, true, end, NULL, 0);
}

/* What the feature whose root is r is worth by the end to whoever holds it by majority, and
 * in *back the chance that it closes (its figures come home); -1 for a feature no majority
 * wins (a tent goes to its completer). */
static double
feature_worth(struct carc_game *g, int r, int left, double *back)
{
	const struct placed *p = &g->board[r / MAXSEG];
	int k = g->ts.types[p->type].seg[r % MAXSEG].kind, n, i;
	double q;

	*back = 0;
	switch (k) {
	case K_ROAD:
		*back = closes(g->nodes[r].open, left);
		if (rules_value_any(g))
			return by_modules(g, k, r, *back, g->nodes[r].size, g->nodes[r].size);
		return g->nodes[r].size;
	case K_CITY:
		*back = closes(g->nodes[r].open, left);
		if (rules_value_any(g))
			return by_modules(g, k, r, *back,
			    2 * (g->nodes[r].size + g->nodes[r].pennants),
			    g->nodes[r].size + g->nodes[r].pennants);
		return (g->nodes[r].size + g->nodes[r].pennants) * (1 + *back);
	case K_FIELD:
		return FARMERS_ON(g) ? field_worth(g, r, left) : 0;
	}
	if (kinds[k]->award != AWARD_MAJORITY)
		return -1;
	/* a kind that scores neither complete nor at the end (a tower's top, TW-18) */
	if (kinds[k]->done_value == NULL && kinds[k]->end_value == NULL)
		return 0;
	if (kinds[k]->done != DONE_AROUND8)
		return 1 + board_neighbours8(g, p->x, p->y);
	/* each empty cell around is filled or not by the end */
	n = board_neighbours8(g, p->x, p->y);
	q = (double)left / (left + FILL_TILES);
	*back = 1;
	for (i = n; i < 8; i++)
		*back *= q;
	return 1 + n + (8 - n) * q;
}

/* The followers player p holds, of every type (the big follower, the abbot ...). */
int
hand_figures(const struct carc_game *g, int p)
{
	int f, n = 0;

	for (f = 0; f < g->ts.nfig; f++)
		if (g->ts.fig[f].group == GROUP_FOLLOWER)
			n += figures_left(g, p, f);
	return n;
}

/* The player's expected final score minus the best other player's. A follower in hand is
 * worth more the more turns are left to use it; a follower in a feature comes back, and is
 * worth that again, only if the feature is closed. */
double
forecast(struct carc_game *g, int me)
{
	double worth[CARC_MAX_PLAYERS] = { 0 }, v, back, best = -1e9, mine = 0, hand;
	int roots[ROOTS], strength[ROOTS][CARC_MAX_PLAYERS], count[ROOTS][CARC_MAX_PLAYERS];
	int nroots = 0;
	int left = g->nsupply, i, j, r, k, top, n, turns;

	if (g->phase == CARC_OVER) {
		/* the final scoring is done, and the figures it counted still stand */
		for (i = 0; i < g->nplayers; i++)
			if (i != me && g->pl[i].score > best)
				best = g->pl[i].score;
		return g->pl[me].score - best;
	}
	/* a follower's use is a turn to place it in; turns are shared by the players */
	turns = (left + g->nplayers - 1) / g->nplayers;
	hand = HAND * left / (left + HAND_TURNS * g->nplayers);
	for (i = 0; i < g->nfigs; i++) {
		const struct figure *f = &g->figs[i];

		r = node_find(g, f->tile * MAXSEG + f->seg);
		for (j = 0; j < nroots && roots[j] != r; j++)
			;
		if (j == ROOTS)
			continue;
		if (j == nroots) {
			roots[nroots] = r;
			for (k = 0; k < g->nplayers; k++)
				strength[nroots][k] = count[nroots][k] = 0;
			nroots++;
		}
		strength[j][f->owner] += fig_strength(g, i, r);
		count[j][f->owner]++;
	}
	for (j = 0; j < nroots; j++) {
		r = roots[j];
		if ((v = feature_worth(g, r, left, &back)) < 0)
			continue;
		for (i = 0, top = 0; i < g->nplayers; i++)
			if (strength[j][i] > top)
				top = strength[j][i];
		for (i = 0; i < g->nplayers; i++) {
			if (top > 0 && strength[j][i] == top)
				worth[i] += v;
			/* every figure in it comes home if it closes */
			worth[i] += back * hand * count[j][i];
		}
	}
	rules_foresee(g, worth);
	rules_risks(g, worth);
	for (i = 0; i < g->nplayers; i++) {
		n = hand_figures(g, i);
		v = g->pl[i].score + worth[i] + hand * (n < turns ? n : turns) +
		    TURN_WORTH * rules_extra_turns(g, i);
		if (i == me)
			mine = v;
		else if (v > best)
			best = v;
	}
	return mine - best;
}
