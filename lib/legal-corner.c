/* A figure that stands where four tiles meet (the barn, §5.4), for the one legality (legal.c):
 * the corners by name, the field of a tile at one, whether four tiles show field there, for
 * the words, the state and the generator; the name of a figure's place. */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "legal-int.h"

int
corner_by_name(const char *name)
{
	int c;

	if (strncmp(name, "corner:", 7) != 0)
		return -1;
	for (c = 0; c < 4; c++)
		if (strcmp(name + 7, corner_names[c]) == 0)
			return c;
	return -2;
}

int
corner_seg(const struct tiletype *t, int r, int c)
{
	int s = t->halfseg[r][2 * c + 1];

	return s >= 0 && s == t->halfseg[r][(2 * c + 2) & 7] ? s : -1;
}

/* The field of board tile b at its corner c, or -1. */
static inline int
corner_seg_at(const struct carc_game *g, int b, int c)
{
	const struct placed *p = &g->board[b];

	return corner_seg(&g->ts.types[p->type], p->rot, c);
}

bool
corner_meets(const struct carc_game *g, int x, int y, int c, int *bx, int *by)
{
	/* the tiles across sides c and c+1, and the one across both; the corner of each that
	 * meets corner c of this cell: c+1, c+3 and c+2 */
	int a = (c + 1) & 3, dx[3], dy[3], at[3] = { (c + 1) & 3, (c + 3) & 3, (c + 2) & 3 }, i, b;

	dx[0] = side_dx[c], dy[0] = side_dy[c];
	dx[1] = side_dx[a], dy[1] = side_dy[a];
	dx[2] = dx[0] + dx[1], dy[2] = dy[0] + dy[1];
	for (i = 0; i < 3; i++)
		if ((b = board_at(g, x + dx[i], y + dy[i])) < 0 || corner_seg_at(g, b, at[i]) < 0) {
			*bx = x + dx[i];
			*by = y + dy[i];
			return false;
		}
	return true;
}

/* The corners of frontier cell fc where the three other tiles meeting there show field: bit
 * c for corner c, as corner_meets says, found through the tiles beside the cell. */
unsigned
legal_cell_corners(const struct carc_game *g, const struct fcell *fc)
{
	/* by the asks of a cell: bit c where the sides c and c+1 both have a neighbour (a side
	 * without one asks 3); most cells have one neighbour, and no corner */
	static uint8_t pairs[256];
	static bool known;
	unsigned m = 0, c4;
	int c, a, b, d;

	if (!known) {
		for (a = 0; a < 256; a++)
			for (c = 0; c < 4; c++)
				pairs[a] |= ((a >> 2 * c & 3) != 3 && (a >> 2 * ((c + 1) & 3) & 3) != 3)
				    << c;
		known = true;
	}
	for (c4 = pairs[fc->asks]; c4 != 0; c4 &= c4 - 1)
		if ((c = __builtin_ctz(c4), a = fc->nb[c]) >= 0 && (b = fc->nb[(c + 1) & 3]) >= 0 &&
		    (d = g->beside[a][(c + 1) & 3]) >= 0 && corner_seg_at(g, a, (c + 1) & 3) >= 0 &&
		    corner_seg_at(g, b, (c + 3) & 3) >= 0 && corner_seg_at(g, d, (c + 2) & 3) >= 0)
			m |= 1u << c;
	return m;
}

/* Whether the field that segment s of tile t, put in cell fc in rotation r, makes with the
 * fields across its half-edges holds a figure that stands on a corner already (o->barn). */
bool
legal_corner_taken(const struct carc_game *g, const struct offer *o, const struct fcell *fc,
    const struct tiletype *t, int r, int s)
{
	struct carc_game *w = (struct carc_game *)g;
	unsigned h;
	int b, u, i, root;

	if (o->nbarn == 0)
		return false;
	for (h = t->rhalves[r][s]; h != 0; h &= h - 1) {
		int half = __builtin_ctz(h);

		if ((b = fc->nb[half / 2]) < 0)
			continue;
		const struct placed *q = &g->board[b];

		if ((u = g->ts.types[q->type].halfseg[q->rot][HALF_ACROSS(half)]) < 0)
			continue;
		root = node_find(w, b * MAXSEG + u);
		for (i = 0; i < o->nbarn; i++)
			if (o->barn[i] == root)
				return true;
	}
	return false;
}

int
fig_place_name(const struct carc_game *g, int f, char *out, size_t n)
{
	const struct figure *fg = &g->figs[f];
	const struct placed *p = &g->board[fg->tile];

	if (fg->corner)
		return snprintf(out, n, "corner:%s", corner_names[fg->corner - 1]);
	return seg_rotated_name(&g->ts.types[p->type], p->rot, fg->seg, out, n);
}
