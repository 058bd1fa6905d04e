/* The board as plain text: each tile a block of 5 by 3 characters, figures as player numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define TW 5
#define TH 3

static const int side_cell[4][2] = { { 0, 2 }, { 1, 4 }, { 2, 2 }, { 1, 0 } };	/* row, col */
static const int half_cell[8][2] = { { 0, 1 }, { 0, 3 }, { 0, 4 }, { 2, 4 }, { 2, 3 }, { 2, 1 },
	{ 2, 0 }, { 0, 0 } };

static void
paint_tile(const struct carc_game *g, int b, char c[TH][TW])
{
	const struct placed *p = &g->board[b];
	const struct tiletype *t = &g->ts.types[p->type];
	int r = p->rot, s, side, i, nroad = 0, ends = 0;
	uint8_t pat = t->pattern[r];

	memset(c, '.', TH * TW);
	for (side = 0; side < 4; side++) {
		int e = (pat >> (2 * side)) & 3, row = side_cell[side][0], col = side_cell[side][1];

		if (e == EDGE_C) {
			if (side == SIDE_N || side == SIDE_S)
				c[row][1] = c[row][2] = c[row][3] = 'C';
			else
				c[row][col] = 'C';
		} else if (e == EDGE_R)
			c[row][col] = side == SIDE_N || side == SIDE_S ? '|' : '-';
	}
	/* corners and the middle belong to a city that holds both sides around them */
	for (s = 0; s < t->nseg; s++) {
		uint8_t m = t->rsides[r][s];

		if (t->seg[s].kind == K_CITY) {
			if ((m & 9) == 9)
				c[0][0] = 'C';
			if ((m & 3) == 3)
				c[0][4] = 'C';
			if ((m & 6) == 6)
				c[2][4] = 'C';
			if ((m & 12) == 12)
				c[2][0] = 'C';
			if (__builtin_popcount(m) >= 3 || m == 5 || m == 10)
				c[1][1] = c[1][2] = c[1][3] = 'C';
			if (t->seg[s].pennants)
				for (side = 3; side >= 0; side--)
					if (m & (1u << side)) {
						c[side_cell[side][0]][side_cell[side][1]] = '*';
						break;
					}
		} else if (t->seg[s].kind == K_ROAD) {
			nroad++;
			if (__builtin_popcount(m) == 1)
				ends++;
			if (m & (1u << SIDE_W))
				c[1][1] = '-';
			if (m & (1u << SIDE_E))
				c[1][3] = '-';
			if (m == 5)
				c[1][2] = '|';
			else if (m == 10)
				c[1][2] = '-';
			else if (__builtin_popcount(m) == 2)
				c[1][2] = '+';
		}
	}
	if (ends >= 2)
		c[1][2] = 'o';	/* a village where roads end */
	if (t->garden >= 0)
		c[1][2] = 'g';
	if (t->cloister >= 0)
		c[1][2] = 'M';
	if (t->tent >= 0)
		c[1][2] = 'T';
	if (t->fair >= 0)
		c[1][2] = '#';
	(void)nroad;
	for (i = 0; i < g->nfigs; i++) {
		const struct figure *f = &g->figs[i];
		const struct seg *sg;
		int row = 1, col = 2;

		if (f->tile != b)
			continue;
		sg = &t->seg[f->seg];
		if (sg->kind == K_ROAD || sg->kind == K_CITY) {
			for (side = 0; side < 4; side++)
				if (t->rsides[r][f->seg] & (1u << side))
					break;
			row = side_cell[side][0];
			col = side_cell[side][1];
		} else if (sg->kind == K_FIELD) {
			for (side = 0; side < 8; side++)
				if (t->rhalves[r][f->seg] & (1u << side))
					break;
			if (side < 8) {
				row = half_cell[side][0];
				col = half_cell[side][1];
			}
		}
		c[row][col] = '1' + f->owner;
	}
}

int
carc_render_ascii(const struct carc_game *g, struct carc_buf *out, struct carc_err *err)
{
	int minx = 0, maxx = 0, miny = 0, maxy = 0, i, x, y, row, b, w;
	char c[TH][TW], label[16];

	for (i = 0; i < g->nboard; i++) {
		if (g->board[i].x < minx)
			minx = g->board[i].x;
		if (g->board[i].x > maxx)
			maxx = g->board[i].x;
		if (g->board[i].y < miny)
			miny = g->board[i].y;
		if (g->board[i].y > maxy)
			maxy = g->board[i].y;
	}
	carc_buf_printf(out, "%5s", "");
	for (x = minx; x <= maxx; x++) {
		w = snprintf(label, sizeof(label), "%d", x);
		carc_buf_printf(out, "%*s%s%*s", (TW - w + 1) / 2, "", label, TW - w - (TW - w + 1) / 2,
		    "");
	}
	carc_buf_add(out, "\n", 1);
	for (y = miny; y <= maxy; y++)
		for (row = 0; row < TH; row++) {
			if (row == 1)
				carc_buf_printf(out, "%4d ", y);
			else
				carc_buf_printf(out, "%5s", "");
			for (x = minx; x <= maxx; x++) {
				if ((b = board_at(g, x, y)) < 0) {
					carc_buf_printf(out, "%*s", TW, "");
					continue;
				}
				paint_tile(g, b, c);
				carc_buf_add(out, c[row], TW);
			}
			while (out->len > 0 && out->data[out->len - 1] == ' ')
				out->data[--out->len] = '\0';
			carc_buf_add(out, "\n", 1);
		}
	carc_buf_add(out, "\n", 1);
	for (i = 0; i < g->nplayers; i++)
		carc_buf_printf(out, "%s %d %-*s %4d points, %d followers left\n",
		    g->phase != CARC_OVER && i == g->player ? ">" : " ", i + 1, CARC_NAME_MAX > 12 ? 12 :
		    CARC_NAME_MAX, g->pl[i].name, g->pl[i].score, figures_left(g, i, 0));
	switch (g->phase) {
	case CARC_DRAW:
		carc_buf_printf(out, "%s draws next; %d tiles left\n", g->pl[g->player].name,
		    g->nsupply);
		break;
	case CARC_PLACE:
		carc_buf_printf(out, "%s places", g->pl[g->player].name);
		for (i = 0; i < g->ndrawn; i++)
			carc_buf_printf(out, "%s %s", i ? "," : "", g->ts.types[g->drawn[i]].id);
		carc_buf_printf(out, "; %d tiles left\n", g->nsupply);
		break;
	case CARC_HURL:
	case CARC_SEDUCE:
		catapult_describe(g, out);
		break;
	case CARC_SCORE:
		if (g->cat.on) {
			catapult_describe(g, out);
			break;
		}
		carc_buf_printf(out, "%s has placed %s; the turn waits for carc-score\n",
		    g->pl[g->player].name, g->ts.types[g->board[g->nboard - 1].type].id);
		break;
	case CARC_OVER:
		carc_buf_printf(out, "the game is over\n");
		break;
	}
	return out->data ? 0 : seterr(err, CARC_ESOFTWARE, "out of memory");
}
