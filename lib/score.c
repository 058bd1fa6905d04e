/* Scoring: features completed by a placement (B-40..B-47) and the final scoring (B-51, B-83). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const char *const feature_words[NKINDS] = { "road", "city", "field", "cloister",
	"garden", "tent", "fair" };

/* Distinct tiles of a feature (B-43). */
static int
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

/* Completed cities bordering a field (B-82). */
static int
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

/* Award points to the majority in a feature (B-44) and say so in the report. roots, if not
 * NULL, holds the feature of every figure, found once for many calls. */
static void
award(struct carc_game *g, int root, int points, const char *what, const int *roots)
{
	int strength[CARC_MAX_PLAYERS] = { 0 }, best = 0, i, x = 0, y = 0;

	for (i = 0; i < g->nfigs; i++) {
		const struct figure *f = &g->figs[i];

		if ((roots ? roots[i] : node_find(g, f->tile * MAXSEG + f->seg)) != root)
			continue;
		strength[f->owner] += g->ts.fig[f->type].strength;
		x = g->board[f->tile].x;
		y = g->board[f->tile].y;
	}
	for (i = 0; i < g->nplayers; i++)
		if (strength[i] > best)
			best = strength[i];
	if (best == 0 || points == 0)
		return;
	for (i = 0; i < g->nplayers; i++)
		if (strength[i] == best) {
			g->pl[i].score += points;
			report(g, "%s scores %d for the %s at %d,%d\n", g->pl[i].name,
			    points, what, x, y);
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

static int
completed_value(struct carc_game *g, int root, int kind)
{
	switch (kind) {
	case K_ROAD:
		return feature_tiles(g, root);					/* B-40 */
	case K_CITY:
		return 2 * feature_tiles(g, root) + 2 * g->nodes[root].pennants;	/* B-41 */
	default:
		return 9;							/* B-42, B-62 */
	}
}

/* F-5, F-8: a tent is complete when its four sides touch tiles, whether a fortune teller
 * stands on it or not; the player who placed the completing tile scores 3 for each tent the
 * tile completes, and a fortune teller there goes home. Only the tile itself and its four
 * neighbours can be completed by it. */
static void
score_tents(struct carc_game *g, int x, int y)
{
	static const int dx[5] = { 0, 0, 1, 0, -1 }, dy[5] = { 0, -1, 0, 1, 0 };
	int i, s, b, r, side;

	if (!(g->ts.kinds & (1u << K_TENT)))
		return;		/* no tent in the game: no look-ups */
	for (i = 0; i < 5; i++) {
		if ((b = board_at(g, x + dx[i], y + dy[i])) < 0)
			continue;
		const struct placed *q = &g->board[b];

		if ((s = g->ts.types[q->type].tent) < 0)
			continue;
		for (side = 0; side < 4; side++)
			if (board_at(g, q->x + side_dx[side], q->y + side_dy[side]) < 0)
				break;
		if (side < 4)
			continue;
		/* the cell just filled touches the tent (or is it), so the tent was open before
		 * this tile and completes now, once */
		r = node_find(g, b * MAXSEG + s);
		g->pl[g->player].score += 3;
		report(g, "%s scores 3 for completing the tent at %d,%d\n",
		    g->pl[g->player].name, q->x, q->y);
		return_figures(g, r);
	}
}

/* Only a cloister or garden with a figure on it scores (B-42): unless a figure stands on one
 * in the square around (x,y), the square need not be looked at. */
static bool
cloister_held_near(const struct carc_game *g, int x, int y)
{
	int i, k;

	if (g->monks == 0)
		return false;
	for (i = 0; i < g->nfigs; i++) {
		const struct placed *q = &g->board[g->figs[i].tile];

		k = g->ts.types[q->type].seg[g->figs[i].seg].kind;
		if ((k == K_CLOISTER || k == K_GARDEN) && abs(q->x - x) <= 1 && abs(q->y - y) <= 1)
			return true;
	}
	return false;
}

void
score_placed(struct carc_game *g, int tile)
{
	const struct placed *p = &g->board[tile];
	const struct tiletype *t = &g->ts.types[p->type];
	int done[MAXSEG], ndone = 0, s, r, i, dx, dy, b;
	bool near;

	for (s = 0; s < t->nseg; s++) {
		int k = t->seg[s].kind;

		if (k != K_ROAD && k != K_CITY)
			continue;
		r = node_find(g, tile * MAXSEG + s);
		if (g->nodes[r].open != 0)
			continue;
		for (i = 0; i < ndone && done[i] != r; i++)
			;
		if (i < ndone)
			continue;
		done[ndone++] = r;
		/* most completed features hold no figure: nothing to award or return */
		if (g->nodes[r].claims == 0 && g->unclaiming == 0)
			continue;
		award(g, r, completed_value(g, r, k), feature_words[k], NULL);
		return_figures(g, r);
	}
	near = cloister_held_near(g, p->x, p->y);
	for (dy = -1; near && dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++) {
			if ((b = board_at(g, p->x + dx, p->y + dy)) < 0)
				continue;
			const struct placed *q = &g->board[b];
			const struct tiletype *u = &g->ts.types[q->type];

			if ((u->cloister < 0 && u->garden < 0) || board_neighbours8(g, q->x, q->y) != 8)
				continue;
			for (s = 0; s < u->nseg; s++) {
				int k = u->seg[s].kind;

				if (k != K_CLOISTER && k != K_GARDEN)
					continue;
				r = node_find(g, b * MAXSEG + s);
				award(g, r, 9, feature_words[k], NULL);
				return_figures(g, r);
			}
		}
	score_tents(g, p->x, p->y);
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
		switch (k) {
		case K_ROAD:
			v = feature_tiles(g, r);
			break;
		case K_CITY:
			v = feature_tiles(g, r) + g->nodes[r].pennants;
			break;
		case K_FIELD:
			v = g->rules.farmers ? 3 * field_cities(g, r) : 0;
			break;
		case K_TENT:
			continue;	/* F-6: fortune tellers score nothing at the end */
		default:
			v = 1 + board_neighbours8(g, p->x, p->y);
			break;
		}
		award(g, r, v, feature_words[k], roots);
	}
	free(done);
	return 0;
}
