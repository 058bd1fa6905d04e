/* The board (board.c): a hash of cells, the frontier of empty cells next to tiles, the
 * features as a union-find over (tile, segment), and the figures on the board. */
#ifndef CARC_BOARD_H
#define CARC_BOARD_H

#include "game.h"

int board_init(struct carc_game *, int cap);
void board_release(struct carc_game *);
int board_fits(const struct carc_game *, int type, int x, int y, int rot);
bool board_placeable(const struct carc_game *, int type);
int board_place(struct carc_game *, int type, int x, int y, int rot);
int board_at(const struct carc_game *, int x, int y);
int node_find(struct carc_game *, int);
const struct fcell *frontier_at(const struct carc_game *, int x, int y);
int board_neighbours8(const struct carc_game *, int x, int y);
bool board_surrounded(const struct carc_game *, int b);
int fig_add(struct carc_game *, int tile, int seg, int owner, int type);
void fig_remove(struct carc_game *, int i);
bool fig_supported(struct carc_game *, int i);
int fig_strays(struct carc_game *);
int fig_strength(const struct carc_game *, int i, int r);
void feature_strengths(struct carc_game *, int r, int *st);

/* The features next to a frontier cell that a figure already claims: bit s for the road or
 * city across side s, bit 4 + h for the field across half h. A segment of a tile put there
 * joins a claimed feature when SEG_EDGES of it meets this mask, so one look per neighbour
 * serves every tile, rotation and segment tried on the cell. Each neighbour keeps its claimed
 * edges in the same bits; across a side, half 2s+1 meets half 2(s+2) and 2s meets 2(s+2)+1. */
static inline unsigned
fcell_claims(const struct carc_game *g, const struct fcell *fc)
{
	unsigned m = 0, c, h;
	int side, b, opp;

	for (side = 0; side < 4; side++) {
		if ((b = fc->nb[side]) < 0 || (c = g->board[b].claimed) == 0)
			continue;
		opp = (side + 2) & 3;
		h = c >> (4 + 2 * opp) & 3;
		m |= (c >> opp & 1) << side | ((h >> 1 | h << 1) & 3) << (4 + 2 * side);
	}
	return m;
}

/* Where figure f stands, in hundredths of a tile (the catapult's distances). */
static inline void
fig_position(const struct carc_game *g, int f, int32_t *x, int32_t *y)
{
	const struct figure *fg = &g->figs[f];
	const struct placed *p = &g->board[fg->tile];
	const struct tiletype *t = &g->ts.types[p->type];

	if (fg->corner) {
		/* NE (100,0), SE (100,100), SW (0,100), NW (0,0) */
		*x = p->x * 100 + ((fg->corner - 1) < 2) * 100;
		*y = p->y * 100 + ((fg->corner - 1) % 3 != 0) * 100;
		return;
	}
	*x = p->x * 100 + t->ax[p->rot][fg->seg];
	*y = p->y * 100 + t->ay[p->rot][fg->seg];
}

#endif
