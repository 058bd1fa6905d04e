/* Scoring: features completed by a placement (B-40..B-47) and the final scoring (B-51, B-83),
 * for every kind of feature as the table of kinds (rules.h) says: when it completes, who
 * scores it, and what it is worth. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "score.h"

/* The kinds that complete in a way (DONE_*), as a mask; the table is fixed once made. */
static unsigned
kinds_done(int how)
{
	static unsigned mask[DONE_NEVER + 1];
	static bool known;
	int k;

	if (!known) {
		for (k = 0; k < nkinds; k++)
			mask[kinds[k]->done] |= 1u << k;
		known = true;
	}
	return mask[how];
}

/* Distinct tiles of a feature (B-43). */
int
feature_tiles(struct carc_game *g, int root)
{
	int n = 0, i = root;

	g->epoch++;
	do {
		int t = i / MAXSEG;

		if (g->stamp[t] != g->epoch) {
			g->stamp[t] = g->epoch;
			n++;
		}
		i = g->nodes[i].next;
	} while (i != root);
	return n;
}

int
feature_value(struct carc_game *g, int root, int tile, bool end)
{
	const struct placed *p = &g->board[root / MAXSEG];
	int k = g->ts.types[p->type].seg[root % MAXSEG].kind, v;
	int (*f)(struct carc_game *, int, int) = end ? kinds[k]->end_value : kinds[k]->done_value;

	v = f ? f(g, root, tile) : 0;
	return rules_value_any(g) ? rules_value(g, k, root, tile, end, v, NULL, 0) : v;
}

/* Why the feature with root `root` is worth nothing, when a module's rule makes it so, into
 * why (empty when none does): asked only for the report's 0-point line. */
static void
feature_zero_why(struct carc_game *g, int root, int tile, bool end, char *why, size_t n)
{
	const struct placed *p = &g->board[root / MAXSEG];
	int k = g->ts.types[p->type].seg[root % MAXSEG].kind;
	int (*f)(struct carc_game *, int, int) = end ? kinds[k]->end_value : kinds[k]->done_value;

	why[0] = '\0';
	if (rules_value_any(g))
		rules_value(g, k, root, tile, end, f ? f(g, root, tile) : 0, why, n);
}

/* Completed cities bordering a field (B-82). */
int
field_cities(struct carc_game *g, int root)
{
	int n = 0, i = root, c, r;

	g->epoch++;
	do {
		const struct placed *p = &g->board[i / MAXSEG];
		const struct tiletype *t = &g->ts.types[p->type];
		unsigned mask = t->seg[i % MAXSEG].cities;

		for (c = 0; mask; c++, mask >>= 1) {
			if (!(mask & 1))
				continue;
			r = node_find(g, (i / MAXSEG) * MAXSEG + c);
			if (g->nodes[r].open == 0 && g->stamp[r] != g->epoch) {
				g->stamp[r] = g->epoch;
				n++;
			}
		}
		i = g->nodes[i].next;
	} while (i != root);
	return n;
}

/* Award points to the majority in a feature (B-44) and say so in the report, 0 points too:
 * the feature was scored, and a rule that left it nothing says why. `tile` is a tile of it,
 * `end` whether it is valued as at the end. roots, if not NULL, holds the feature of every
 * figure, found once for many calls. */
static void
award(struct carc_game *g, int root, int tile, bool end, int points, const char *what,
    const int *roots)
{
	int strength[CARC_MAX_PLAYERS] = { 0 }, best = 0, i, x = 0, y = 0;
	char why[120] = "";

	for (i = 0; i < g->nfigs; i++) {
		const struct figure *f = &g->figs[i];

		if ((roots ? roots[i] : node_find(g, f->tile * MAXSEG + f->seg)) != root)
			continue;
		strength[f->owner] += fig_strength(g, i, root);
		x = g->board[f->tile].x;
		y = g->board[f->tile].y;
	}
	for (i = 0; i < g->nplayers; i++)
		if (strength[i] > best)
			best = strength[i];
	if (best == 0)
		return;
	if (points == 0 && !g->quiet)
		feature_zero_why(g, root, tile, end, why, sizeof(why));
	for (i = 0; i < g->nplayers; i++)
		if (strength[i] == best) {
			g->pl[i].score += points;
			report(g, "%s scores %d for the %s at %d,%d%s%s\n", g->pl[i].name,
			    points, what, x, y, why[0] ? ": " : "", why);
		}
}

static void
return_figures(struct carc_game *g, int root)
{
	int i;

	for (i = g->nfigs - 1; i >= 0; i--)
		if (node_find(g, g->figs[i].tile * MAXSEG + g->figs[i].seg) == root)
			fig_remove(g, i);
}

/* The feature (root r) of segment s of tile b, an edge feature the tile just placed closed,
 * unless it is among done[] already: told to the modules, scored, its figures sent home. */
static void
score_closed(struct carc_game *g, int b, int s, int r, int *done, int *ndone)
{
	const struct tiletype *t = &g->ts.types[g->board[b].type];
	const struct kind_def *kd = kinds[t->seg[s].kind];
	int i;

	for (i = 0; i < *ndone && done[i] != r; i++)
		;
	if (i < *ndone)
		return;
	done[(*ndone)++] = r;
	if (rules_completed_any(g))
		rules_completed(g, t->seg[s].kind, r, b);
	/* most completed features hold no figure: nothing to award or return */
	if (g->nodes[r].claims == 0 && g->unclaiming == 0)
		return;
	award(g, r, b, false, feature_value(g, r, b, false), kd->name, NULL);
	return_figures(g, r);
}

/* A point feature of kind k at board index b completed by the tile just placed: scored as its
 * kind says, its figures sent home. */
static void
score_point(struct carc_game *g, int b, int s)
{
	const struct placed *q = &g->board[b];
	int k = g->ts.types[q->type].seg[s].kind;
	const struct kind_def *kd = kinds[k];
	int r = node_find(g, b * MAXSEG + s), v = feature_value(g, r, b, false);

	if (rules_completed_any(g))
		rules_completed(g, k, r, b);
	if (kd->award == AWARD_PLACER) {
		g->pl[g->player].score += v;
		report(g, "%s scores %d for completing the %s at %d,%d\n", g->pl[g->player].name,
		    v, kd->name, q->x, q->y);
	} else
		award(g, r, b, false, v, kd->name, NULL);
	return_figures(g, r);
}

/* Features complete when the four cells beside their tile are filled (a tent, F-5): only the
 * tile itself and its four neighbours can be completed by it, and each only once, since the
 * cell just filled touches it. */
static void
score_beside(struct carc_game *g, int tile)
{
	unsigned mask = kinds_done(DONE_AROUND4);
	int i, s, b, side;

	if (!(g->ts.kinds & mask))
		return;		/* no such feature in the game: nothing to look at */
	for (i = -1; i < 4; i++) {
		if ((b = i < 0 ? tile : g->beside[tile][i]) < 0)
			continue;
		const struct tiletype *u = &g->ts.types[g->board[b].type];

		if (!(u->kindmask & mask))
			continue;
		for (side = 0; side < 4; side++)
			if (g->beside[b][side] < 0)
				break;
		if (side < 4)
			continue;
		for (s = 0; s < u->nseg; s++)
			if (kinds[u->seg[s].kind]->done == DONE_AROUND4)
				score_point(g, b, s);
	}
}

/* Whether the feature with root r is complete as its kind says: no open edge left (roads,
 * cities), the eight cells around its tile filled (cloisters), the four beside it (tents); a
 * field never. */
bool
feature_complete(struct carc_game *g, int r)
{
	int b = r / MAXSEG, side;

	switch (kinds[g->ts.types[g->board[b].type].seg[r % MAXSEG].kind]->done) {
	case DONE_CLOSED:
		return g->nodes[r].open == 0;
	case DONE_AROUND8:
		return board_surrounded(g, b);
	case DONE_AROUND4:
		for (side = 0; side < 4; side++)
			if (g->beside[b][side] < 0)
				return false;
		return true;
	default:
		return false;
	}
}

/* Only a cloister with a figure on it scores (B-42): unless a figure stands on such a feature
 * in the square around (x,y), the square need not be looked at. */
static bool
around_held_near(const struct carc_game *g, int x, int y)
{
	int i;

	if (g->around == 0)
		return false;
	for (i = 0; i < g->nfigs; i++) {
		const struct placed *q = &g->board[g->figs[i].tile];

		if (kinds[figure_kind(g, i)]->done == DONE_AROUND8 && abs(q->x - x) <= 1 &&
		    abs(q->y - y) <= 1)
			return true;
	}
	return false;
}

/* The tile in the cell dx,dy (each -1, 0 or 1) from tile b, found through the tiles beside
 * it, or -1; a corner is found only through a filled cell beside b, which is all that
 * score_around asks (a corner with an empty cell next to b is not surrounded). */
static int
near(const struct carc_game *g, int b, int dx, int dy)
{
	int h = dx < 0 ? SIDE_W : SIDE_E, v = dy < 0 ? SIDE_N : SIDE_S;

	if (dy == 0)
		return dx == 0 ? b : g->beside[b][h];
	if ((b = g->beside[b][v]) < 0 || dx == 0)
		return b;
	return g->beside[b][h];
}

/* Features complete when the eight cells around their tile are filled (a cloister, B-32).
 * The square is looked at through the tiles beside, which costs less than asking first
 * whether a figure stands near; that is asked once a feature there is complete. */
static void
score_around(struct carc_game *g, int tile)
{
	const struct placed *p = &g->board[tile];
	unsigned mask = kinds_done(DONE_AROUND8);
	int s, dx, dy, b, held = -1;

	if (g->around == 0)
		return;
	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++) {
			if ((b = near(g, tile, dx, dy)) < 0)
				continue;
			const struct tiletype *u = &g->ts.types[g->board[b].type];

			if (!(u->kindmask & mask) || !board_surrounded(g, b))
				continue;
			if (held < 0)
				held = around_held_near(g, p->x, p->y);
			if (!held)
				return;
			for (s = 0; s < u->nseg; s++)
				if (kinds[u->seg[s].kind]->done == DONE_AROUND8)
					score_point(g, b, s);
		}
}

void
score_placed(struct carc_game *g, int tile)
{
	const struct placed *p = &g->board[tile];
	const struct tiletype *t = &g->ts.types[p->type];
	int done[MAXSEG + 4], ndone = 0, s, side, b, r;

	for (s = 0; s < t->nseg; s++)
		if (kinds[t->seg[s].kind]->done == DONE_CLOSED &&
		    g->nodes[r = node_find(g, tile * MAXSEG + s)].open == 0)
			score_closed(g, tile, s, r, done, &ndone);
	/* an edge that fits anything (an abbey's, X-AM-1) ends the road or city across it: those
	 * are the neighbours' features, which the tile may have completed */
	for (side = 0; t->wild[p->rot] && side < 4; side++)
		if ((t->wild[p->rot] >> side & 1) && (b = g->beside[tile][side]) >= 0 &&
		    (s = g->ts.types[g->board[b].type].sideseg[g->board[b].rot][(side + 2) & 3]) >= 0 &&
		    g->nodes[r = node_find(g, b * MAXSEG + s)].open == 0)
			score_closed(g, b, s, r, done, &ndone);
	score_around(g, tile);
	score_beside(g, tile);
}
/* B-63: the feature with root `root` (`tile` one of its tiles) scored now as at the end, by
 * the majority of its figures, before a figure of it leaves (the abbot taken back). */
void
score_early(struct carc_game *g, int root, int tile)
{
	const struct placed *p = &g->board[root / MAXSEG];

	award(g, root, tile, true, feature_value(g, root, tile, true),
	    kinds[g->ts.types[p->type].seg[root % MAXSEG].kind]->name, NULL);
}

/* B-51: every feature that still holds figures scores once; farmers score their fields (B-83). */
int
score_final(struct carc_game *g)
{
	int *done, *roots, ndone = 0, i, j, r, k, v;

	/* every figure's feature found once, not once for every feature that scores */
	if ((done = malloc(2 * (g->nfigs + 1) * sizeof(*done))) == NULL)
		return -1;
	roots = done + g->nfigs + 1;
	for (i = 0; i < g->nfigs; i++)
		roots[i] = node_find(g, g->figs[i].tile * MAXSEG + g->figs[i].seg);
	for (i = 0; i < g->nfigs; i++) {
		const struct figure *f = &g->figs[i];
		const struct placed *p = &g->board[f->tile];

		r = roots[i];
		for (j = 0; j < ndone && done[j] != r; j++)
			;
		if (j < ndone)
			continue;
		done[ndone++] = r;
		k = g->ts.types[p->type].seg[f->seg].kind;
		if (kinds[k]->end_value == NULL)
			continue;	/* a kind with no end scoring, as a tent (F-6) */
		v = feature_value(g, r, f->tile, true);
		award(g, r, f->tile, true, v, kinds[k]->name, roots);
	}
	free(done);
	rules_final(g);
	return 0;
}
