/* The game as a standalone SVG 1.1 picture. Every tile is drawn from its tile-set data, the
 * kind and the sides of each segment, so that a user's own set draws like the built-in ones;
 * the bytes depend on nothing but the state and the options. Here the picture as a whole: the
 * board with the figures and marks on it, the score track around it, the table below; a tile
 * is laid out by svg-layout.c and drawn by svg-tile.c. */
#include <stdio.h>
#include <string.h>

#include "svg-int.h"

#define MAXMARKS 64		/* marks the modules draw on the board */

#define MARGIN 16
#define ROWH 24			/* a line of the score table */
#define FONT "DejaVu Sans, Verdana, Arial, sans-serif"
#define TRACK 24		/* the score track's band around the board */
#define TRACKLAP 50		/* its spaces, 0 to 49, as in the box */

/* A module's mark: a dashed ring in its player's colour (a catapult's token), or a badge
 * with its number (a tower's height). */
static void
draw_mark(struct sctx *c, const struct mark *m, double x, double y, const char *fill)
{
	if (m->label == 0) {
		svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"6\" fill=\"%s\" stroke=\"#000000\" "
		    "stroke-width=\"2\" stroke-dasharray=\"3 2\"/>\n", svg_N(c, x), svg_N(c, y),
		    fill);
		return;
	}
	svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"8\" fill=\"%s\" stroke=\"" C_INK "\" "
	    "stroke-width=\"1.5\"/>\n", svg_N(c, x), svg_N(c, y), fill);
	svg_sp(c, "<text x=\"%s\" y=\"%s\" font-family=\"sans-serif\" font-size=\"11\" "
	    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"" C_INK "\">%d</text>\n",
	    svg_N(c, x), svg_N(c, y + 4), m->label);
}

/* A meeple, 18 px tall, standing on its spot or lying on it as a farmer. */
static const char meeple[] =
    "M-2.6 -3C-4.8 -4.2 -4.2 -9 0 -9C4.2 -9 4.8 -4.2 2.6 -3L7.6 -2C9.4 -1.6 9.4 1.4 7.6 1.6"
    "L3.6 1.8L6.8 8.2C7.2 9 6.6 9.2 6 9.2L2.2 9.2L0 5.6L-2.2 9.2L-6 9.2C-6.6 9.2 -7.2 9 -6.8 "
    "8.2L-3.6 1.8L-7.6 1.6C-9.4 1.4 -9.4 -1.6 -7.6 -2Z";

/* A monk (the abbot): a robed figure with a hood, as tall as a meeple. */
static const char monk[] =
    "M0 -9.4C3.4 -9.4 4.4 -6.4 3.6 -3.8C5.6 -2.4 6.2 0.4 6.4 3.2L8 9.2L-8 9.2L-6.4 3.2C-6.2 0.4 "
    "-5.6 -2.4 -3.6 -3.8C-4.4 -6.4 -3.4 -9.4 0 -9.4Z";

/* A builder: a stout figure in a broad-brimmed hat, as tall as a meeple. */
static const char builder[] =
    "M-7 -5.6L7 -5.6L7 -4.2L3.4 -4.2C3.6 -2.6 3 -1.6 2.4 -1.2L6.4 0.4L7 9.2L-7 9.2L-6.4 0.4"
    "L-2.4 -1.2C-3 -1.6 -3.6 -2.6 -3.4 -4.2L-7 -4.2ZM-3.4 -5.6C-3.2 -9.2 3.2 -9.2 3.4 -5.6Z";

/* A pig, side on: a round body on four short legs, an ear and a snout to the east. */
static const char pig[] =
    "M-8 -1C-8 -5 -4 -6.4 0 -6.4C2.6 -6.4 4.6 -5.8 5.6 -4.6L6.6 -7.6L7.6 -3.6L9.6 -3.2"
    "L9.6 0.4L8 1.2C7.4 3 6.4 4 5.4 4.6L5.4 7.4L3.2 7.4L3 5.2L-3 5.2L-3.2 7.4L-5.4 7.4"
    "L-5.4 4.4C-7 3.4 -8 1.6 -8 -1Z";

/* A mayor: a robed figure in a top hat, as tall as a meeple. */
static const char mayor[] =
    "M-2.6 -10.4L2.6 -10.4L2.8 -7L5 -7L5 -5.8L2.4 -5.8C3.4 -4.6 3 -3.2 2.2 -2.6L6.6 -0.6"
    "L7.6 9.2L-7.6 9.2L-6.6 -0.6L-2.2 -2.6C-3 -3.2 -3.4 -4.6 -2.4 -5.8L-5 -5.8L-5 -7L-2.8 -7Z";

/* A wagon, side on: a cart with a high front, a load and two wheels. */
static const char wagon[] =
    "M-8.6 -1.6L-8.6 -6.4L-6.4 -6.4L-6.4 -3.6L6 -3.6L6 -8.4L8.6 -8.4L8.6 3.2L5.4 3.2"
    "C5.4 8.6 -0.6 8.6 -0.6 3.2L-2.4 3.2C-2.4 8.6 -8.4 8.6 -8.4 3.2L-8.6 3.2Z";

/* A barn: a gabled house with a wide door, standing on the corner where four tiles meet. */
static const char barn[] =
    "M-9 8.6L-9 -2.4L0 -9.4L9 -2.4L9 8.6L3.4 8.6L3.4 1.4L-3.4 1.4L-3.4 8.6Z";

/* How a figure type other than the follower looks: bigger (the big follower), another shape
 * (the abbot, a monk; the builder; the pig; the mayor; the wagon; the barn), see-through (the phantom). A type missing here
 * is a meeple. A figure on a field lies down, but the pig (`stands`). */
static const struct sfig {
	const char *name;
	const char *shape;
	double scale;
	const char *opacity;
	bool stands;
} sfigs[] = {
	{ "big", meeple, 1.35, NULL, false },
	{ "abbot", monk, 1, NULL, false },
	{ "phantom", meeple, 1, ".45", false },
	{ "builder", builder, 1, NULL, false },
	{ "pig", pig, 1, NULL, true },
	{ "mayor", mayor, 1, NULL, false },
	{ "wagon", wagon, 1, NULL, true },
	{ "barn", barn, 1, NULL, true },
};

static const struct sfig *
sfig(const char *name)
{
	static const struct sfig plain = { NULL, meeple, 1, NULL, false };
	size_t i;

	for (i = 0; i < sizeof(sfigs) / sizeof(sfigs[0]); i++)
		if (strcmp(sfigs[i].name, name) == 0)
			return &sfigs[i];
	return &plain;
}

static void
draw_figure(struct sctx *c, struct pt p, int color, bool lying, const struct sfig *f)
{
	svg_sp(c, "<path d=\"%s\" transform=\"translate(", f->shape);
	svg_sp(c, "%s %s", svg_N(c, p.x), svg_N(c, p.y));
	if (f->scale != 1)
		svg_sp(c, ") scale(%s", svg_N(c, f->scale));
	svg_sp(c, ")%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.2\" stroke-linejoin=\"round\"",
	    lying ? " rotate(90)" : "", pcolors[color].svg, pcolors[color].ink);
	if (f->opacity)
		svg_sp(c, " fill-opacity=\"%s\" stroke-dasharray=\"2 1.5\"", f->opacity);
	svg_sp(c, "/>\n");
}

static void
draw_meeple(struct sctx *c, struct pt p, int color, bool lying)
{
	draw_figure(c, p, color, lying, sfig(DEFAULT_FIGURE));
}

/* A neutral figure, nobody's: the dragon, green and winged, over its tile's north-east
 * quarter; the fairy, small and winged, beside the follower it is with; any other a grey
 * meeple. */
static void
draw_neutral(struct sctx *c, const char *name, struct pt p, int ox, int oy)
{
	p.x += ox;
	p.y += oy;
	if (strcmp(name, "dragon") == 0) {
		svg_sp(c, "<path d=\"M%s %sl-7-9 2 9-6-4 3 7z\" fill=\"#1b5e20\" stroke=\"" C_INK
		    "\" stroke-width=\"1\"/>\n", svg_N(c, p.x - 2), svg_N(c, p.y + 2));
		svg_sp(c, "<path d=\"M%s %sc4-6 10-6 14-1l4-3-1 6-5 1c-3 3-9 3-12-3z\" "
		    "fill=\"#2e7d32\" stroke=\"" C_INK "\" stroke-width=\"1.2\"/>\n",
		    svg_N(c, p.x - 9), svg_N(c, p.y + 5));
		svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"1.3\" fill=\"#f2d15c\"/>\n",
		    svg_N(c, p.x + 8), svg_N(c, p.y + 1));
	} else if (strcmp(name, "fairy") == 0) {
		p.x += 9;
		svg_sp(c, "<ellipse cx=\"%s\" cy=\"%s\" rx=\"5\" ry=\"3\" fill=\"#bfe3f5\" "
		    "fill-opacity=\".8\" stroke=\"" C_INK "\" stroke-width=\".6\"/>\n",
		    svg_N(c, p.x), svg_N(c, p.y - 3));
		svg_sp(c, "<path d=\"M%s %sl-3 7h6z\" fill=\"#e77fb3\" stroke=\"" C_INK
		    "\" stroke-width=\".8\"/>\n", svg_N(c, p.x), svg_N(c, p.y - 2));
		svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"2\" fill=\"#f6d7b0\" stroke=\"" C_INK
		    "\" stroke-width=\".6\"/>\n", svg_N(c, p.x), svg_N(c, p.y - 4));
	} else
		svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"6\" fill=\"#9e9e9e\" stroke=\"" C_INK
		    "\"/>\n", svg_N(c, p.x), svg_N(c, p.y));
}

static void
draw_figures(struct sctx *c, int b, int ox, int oy)
{
	const struct carc_game *g = c->v->g;
	const struct placed *pl = &g->board[b];
	const struct tiletype *t = &g->ts.types[pl->type];
	const struct sfig *f;
	struct tlayout L;
	struct pt p;
	int i;

	svg_layout(&L, t, pl->rot);
	for (i = 0; i < g->nfigs; i++) {
		if (g->figs[i].tile != b || g->figs[i].seg >= t->nseg)
			continue;
		if (g->figs[i].corner) {
			/* on its corner: NE, SE, SW, NW */
			p.x = g->figs[i].corner <= 2 ? T : 0;
			p.y = g->figs[i].corner == 2 || g->figs[i].corner == 3 ? T : 0;
		} else
			p = svg_figure_spot(&L, g->figs[i].seg);
		p.x += ox;
		p.y += oy;
		f = sfig(g->ts.fig[g->figs[i].type].name);
		draw_figure(c, p, c->v->color[g->figs[i].owner],
		    t->seg[g->figs[i].seg].kind == K_FIELD && !f->stands, f);
	}
	for (i = 0; i < g->ts.nneutral; i++)
		if (g->neutral[i].on && g->neutral[i].x == pl->x && g->neutral[i].y == pl->y)
			draw_neutral(c, g->ts.neutral[i].name, g->neutral[i].seg >= 0 ?
			    svg_figure_spot(&L, g->neutral[i].seg) : (struct pt){ T * .74, T * .3 },
			    ox, oy);
}

static void
rect(struct sctx *c, double x, double y, double w, double h, const char *attrs)
{
	svg_sp(c, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s", svg_N(c, x), svg_N(c, y),
	    svg_N(c, w), svg_N(c, h));
	svg_sp(c, "\" %s/>\n", attrs);
}

/* The point at arc length d along the centre line of the score track, the rectangle x0, y0,
 * x1, y1, clockwise from its north-west corner; *across is 0 on the north and south sides, 1
 * on the east and west ones. */
static struct pt
track_at(double d, int x0, int y0, int x1, int y1, int *across)
{
	double w = x1 - x0, h = y1 - y0;

	*across = 0;
	if (d < w)
		return (struct pt){ x0 + d, y0 };
	d -= w;
	*across = 1;
	if (d < h)
		return (struct pt){ x1, y0 + d };
	d -= h;
	*across = 0;
	if (d < w)
		return (struct pt){ x1 - d, y1 };
	d -= w;
	*across = 1;
	return (struct pt){ x0, y1 - d };
}

/* The score track around the board, as on the box's board: spaces 0 to 49 clockwise from the
 * north-west corner, every fifth numbered, and each player's marker on the space of their
 * score modulo 50, in their colour, with the laps made written on it. */
static void
draw_track(struct sctx *c, const struct view *v, int x0, int y0, int x1, int y1)
{
	const struct carc_game *g = v->g;
	double len = 2.0 * (x1 - x0) + 2.0 * (y1 - y0), step = len / TRACKLAP, off, gap;
	int k, i, j, n, across, at[CARC_MAX_PLAYERS];
	struct pt p;

	rect(c, x0, y0, x1 - x0, y1 - y0, "fill=\"none\" stroke=\"" C_STONE "\" "
	    "stroke-width=\"" XSTR(TRACK) "\"");
	svg_sp(c, "<g stroke=\"" C_INK "\" stroke-opacity=\".45\" fill=\"none\">\n");
	rect(c, x0 - TRACK / 2, y0 - TRACK / 2, x1 - x0 + TRACK, y1 - y0 + TRACK, "");
	rect(c, x0 + TRACK / 2, y0 + TRACK / 2, x1 - x0 - TRACK, y1 - y0 - TRACK, "");
	for (k = 0; k < TRACKLAP; k++) {
		p = track_at(k * step, x0, y0, x1, y1, &across);
		svg_sp(c, "<path d=\"M%s %s", svg_N(c, p.x - (across ? TRACK / 2 : 0)),
		    svg_N(c, p.y - (across ? 0 : TRACK / 2)));
		svg_sp(c, "%s" XSTR(TRACK) "\"/>\n", across ? "h" : "v");
	}
	svg_sp(c, "</g>\n<g font-family=\"" FONT "\" font-size=\"9\" fill=\"" C_INK "\" "
	    "text-anchor=\"middle\">\n");
	for (k = 0; k < TRACKLAP; k += 5) {
		p = track_at((k + 0.5) * step, x0, y0, x1, y1, &across);
		svg_sp(c, "<text x=\"%s\" y=\"%s\">%d</text>\n", svg_N(c, p.x),
		    svg_N(c, p.y + 3.5), k);
	}
	svg_sp(c, "</g>\n");
	for (i = 0; i < g->nplayers; i++)
		at[i] = g->pl[i].score % TRACKLAP;
	for (i = 0; i < g->nplayers; i++) {
		/* the players on one space side by side across the band */
		for (n = j = 0; j < g->nplayers; j++)
			if (at[j] == at[i]) {
				if (j < i)
					n++;
			}
		for (k = j = 0; j < g->nplayers; j++)
			k += at[j] == at[i];
		gap = k > 3 ? 16.0 / (k - 1) : 7;
		off = (n - (k - 1) / 2.0) * gap;
		p = track_at((at[i] + 0.5) * step, x0, y0, x1, y1, &across);
		if (across)
			p.x += off;
		else
			p.y += off;
		svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"5.5\" fill=\"%s\" stroke=\"%s\"/>\n",
		    svg_N(c, p.x), svg_N(c, p.y), pcolors[v->color[i]].svg,
		    pcolors[v->color[i]].ink);
		if (g->pl[i].score >= TRACKLAP)
			svg_sp(c, "<text x=\"%s\" y=\"%s\" font-family=\"" FONT "\" "
			    "font-size=\"7\" font-weight=\"bold\" text-anchor=\"middle\" "
			    "fill=\"%s\">%d</text>\n",
			    svg_N(c, p.x), svg_N(c, p.y + 2.5), pcolors[v->color[i]].ink,
			    g->pl[i].score / TRACKLAP);
	}
}

/* The page position of board cell x, y. */
/* Where the parts of the picture go: the board (bx, by) inside the score track that runs to
 * (kx, ky), the table below at (tx, ty), the whole w by h, the names' column namew wide. */
struct frame {
	int bx, by, kx, ky, tx, ty, w, h, namew;
};

#define CELLX(f, x) ((f)->bx + ((x) - c->v->minx) * T)
#define CELLY(f, y) ((f)->by + ((y) - c->v->miny) * T)

/* The frame for a board of the view's cells, a table of the players, the status line `status`
 * and the drawn tiles. */
static void
frame_compute(const struct view *v, const struct carc_buf *status, struct frame *f)
{
	const struct carc_game *g = v->g;
	char label[16];
	int ncol = v->maxx - v->minx + 1, nrow = v->maxy - v->miny + 1, lw = 0, lh = 0, tw, i, n;

	if (!v->o->nocoords) {
		for (i = v->miny; i <= v->maxy; i++)
			if ((n = snprintf(label, sizeof(label), "%d", i)) > lw)
				lw = n;
		lw = lw * 8 + 10;
		lh = 20;
	}
	/* the board inside the score track, with room enough for its 50 spaces */
	f->bx = MARGIN + TRACK + 8 + lw;
	f->by = MARGIN + TRACK + 8 + lh;
	f->kx = f->bx + ncol * T + 8;
	f->ky = f->by + nrow * T + 8;
	if (f->kx - MARGIN - TRACK / 2 < 160)
		f->kx = MARGIN + TRACK / 2 + 160;
	if (f->ky - MARGIN - TRACK / 2 < 160)
		f->ky = MARGIN + TRACK / 2 + 160;
	f->namew = 0;
	for (i = 0; i < g->nplayers; i++)
		if ((n = strlen(g->pl[i].name)) > f->namew)
			f->namew = n;
	/* no narrower than "player" */
	f->namew = f->namew * 8 + 16 < 64 ? 64 : f->namew * 8 + 16;
	/* the table's width from the lengths of its texts, at about 7.5 px a character: the
	 * status line and each player's figures left (with a figure of every set, the widest) */
	tw = 40 + f->namew + 90 + 150;
	for (i = 0; i < g->nplayers; i++) {
		struct carc_buf left = { 0 };

		if (view_figures(v, i, &left) == 0 && view_holdings(v, i, &left) == 0 &&
		    40 + f->namew + 90 + (int)(left.len * 15 / 2) + 10 > tw)
			tw = 40 + f->namew + 90 + left.len * 15 / 2 + 10;
		carc_buf_release(&left);
	}
	if ((int)(status->len * 15 / 2) + 10 > tw)
		tw = status->len * 15 / 2 + 10;
	if (g->phase == CARC_PLACE && 20 + g->ndrawn * (T + 16) > tw)
		tw = 20 + g->ndrawn * (T + 16);
	f->tx = MARGIN;
	f->ty = f->ky + TRACK / 2 + 20;
	f->w = f->kx + TRACK / 2 + MARGIN;
	if (f->tx + tw + MARGIN > f->w)
		f->w = f->tx + tw + MARGIN;
	f->h = f->ty + (g->nplayers + 2) * ROWH + (g->phase == CARC_PLACE ? T + 16 : 0) + MARGIN;
}

/* The numbers of the columns and rows along the board. */
static void
draw_coords(struct sctx *c, const struct frame *f)
{
	const struct view *v = c->v;
	int x, y;

	svg_sp(c, "<g font-family=\"" FONT "\" font-size=\"12\" fill=\"#7a6a55\">\n");
	for (x = v->minx; x <= v->maxx; x++)
		svg_sp(c, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
		    f->bx + (x - v->minx) * T + T / 2, f->by - 7, x);
	for (y = v->miny; y <= v->maxy; y++)
		svg_sp(c, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n", f->bx - 8,
		    f->by + (y - v->miny) * T + T / 2 + 4, y);
	svg_sp(c, "</g>\n");
}

/* The tiles with their shadows, the cells where the drawn tile fits, the figures, the cells
 * highlighted, the modules' marks and the last tile placed. */
static void
draw_board(struct sctx *c, const struct frame *f)
{
	const struct view *v = c->v;
	const struct carc_game *g = v->g;
	struct mark marks[MAXMARKS];
	struct tlayout L;
	int b, i, x, y, nmarks;

	/* shadows first, so that no tile's shadow falls on another tile */
	svg_sp(c, "<g fill=\"#000000\" fill-opacity=\".16\">\n");
	for (b = 0; b < g->nboard; b++)
		rect(c, CELLX(f, g->board[b].x) + 2, CELLY(f, g->board[b].y) + 2, T, T, "");
	svg_sp(c, "</g>\n");
	for (b = 0; b < g->nboard; b++) {
		svg_layout(&L, &g->ts.types[g->board[b].type], g->board[b].rot);
		for (i = 0; i < L.t->nseg; i++)
			L.done[i] = (L.t->seg[i].kind == K_ROAD || L.t->seg[i].kind == K_CITY) &&
			    view_complete(v, b, i);
		svg_draw_tile(c, &L, CELLX(f, g->board[b].x), CELLY(f, g->board[b].y));
	}
	for (y = v->miny; y <= v->maxy; y++)
		for (x = v->minx; x <= v->maxx; x++)
			if (view_legal(v, x, y))
				rect(c, CELLX(f, x) + 6, CELLY(f, y) + 6, T - 12, T - 12, "rx=\"5\" "
				    "fill=\"#ffffff\" fill-opacity=\".5\" stroke=\"" C_INK "\" "
				    "stroke-width=\"1.5\" stroke-dasharray=\"5 3\"");
	/* figures over every tile, as a figure near an edge may reach into the next tile */
	for (b = 0; b < g->nboard; b++)
		draw_figures(c, b, CELLX(f, g->board[b].x), CELLY(f, g->board[b].y));
	for (y = v->miny; y <= v->maxy; y++)
		for (x = v->minx; x <= v->maxx; x++)
			if (view_highlighted(v, x, y))
				rect(c, CELLX(f, x) + 1.5, CELLY(f, y) + 1.5, T - 3, T - 3, "fill=\"none\" "
				    "stroke=\"#d81b7a\" stroke-width=\"3\" stroke-dasharray=\"7 4\"");
	/* the modules' marks (catapult tokens where they came to rest), in their players'
	 * colours */
	nmarks = rules_marks(g, marks, MAXMARKS);
	for (i = 0; i < nmarks; i++)
		draw_mark(c, &marks[i], f->bx + (marks[i].x / 100.0 - v->minx) * T,
		    f->by + (marks[i].y / 100.0 - v->miny) * T,
		    marks[i].player >= 0 ? pcolors[v->color[marks[i].player]].svg : "#ffffff");
	if (v->last >= 0) {
		x = CELLX(f, g->board[v->last].x);
		y = CELLY(f, g->board[v->last].y);
		rect(c, x + 1.5, y + 1.5, T - 3, T - 3,
		    "fill=\"none\" stroke=\"#2b2116\" stroke-width=\"5\"");
		rect(c, x + 1.5, y + 1.5, T - 3, T - 3,
		    "fill=\"none\" stroke=\"#ffd23f\" stroke-width=\"2.5\"");
	}
}

/* The score table: who plays which colour, scores, figures left, what comes next, and the
 * tiles drawn. `line` is scratch. */
static void
draw_table(struct sctx *c, const struct frame *f, struct carc_buf *line)
{
	const struct view *v = c->v;
	const struct carc_game *g = v->g;
	struct tlayout L;
	int tx = f->tx, ty = f->ty, namew = f->namew, i, x, y;

	svg_sp(c, "<g font-family=\"" FONT "\" font-size=\"13\" fill=\"" C_INK "\">\n");
	svg_sp(c, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">player</text>\n", tx + 40, ty + 16);
	svg_sp(c, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\" text-anchor=\"end\">score</text>\n",
	    tx + 40 + namew + 60, ty + 16);
	svg_sp(c, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">figures left</text>\n",
	    tx + 40 + namew + 90, ty + 16);
	for (i = 0; i < g->nplayers; i++) {
		y = ty + (i + 1) * ROWH;
		if (g->phase != CARC_OVER && i == g->player)
			svg_sp(c, "<path d=\"M%d %dl8 5l-8 5z\" fill=\"" C_INK "\"/>\n", tx, y + 6);
		draw_meeple(c, (struct pt){ tx + 22, y + 11 }, v->color[i], false);
		svg_sp(c, "<text x=\"%d\" y=\"%d\">", tx + 40, y + 16);
		svg_xml(c, g->pl[i].name);
		svg_sp(c, "</text>\n<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n",
		    tx + 40 + namew + 60, y + 16, g->pl[i].score);
		line->len = 0;
		c->rc |= view_figures(v, i, line);
		c->rc |= view_holdings(v, i, line);
		svg_sp(c, "<text x=\"%d\" y=\"%d\">", tx + 40 + namew + 90, y + 16);
		svg_xml(c, line->data ? line->data : "");
		svg_sp(c, "</text>\n");
	}
	y = ty + (g->nplayers + 1) * ROWH;
	line->len = 0;
	c->rc |= view_status(v, line);
	svg_sp(c, "<text x=\"%d\" y=\"%d\">", tx, y + 18);
	svg_xml(c, line->data ? line->data : "");
	svg_sp(c, "</text>\n</g>\n");
	if (g->phase == CARC_PLACE)
		for (i = 0; i < g->ndrawn; i++) {
			x = tx + 20 + i * (T + 16);
			svg_layout(&L, &g->ts.types[g->drawn[i]], 0);
			svg_draw_tile(c, &L, x, y + 28);
			svg_sp(c, "<text x=\"%d\" y=\"%d\" font-family=\"" FONT "\" "
			    "font-size=\"13\" fill=\"" C_INK "\">", x + T + 5, y + 28 + T / 2 + 4);
			svg_xml(c, g->ts.types[g->drawn[i]].id);
			svg_sp(c, "</text>\n");
		}
}

int
carc_render_svg(const struct carc_game *g, const struct carc_render_opts *o,
    struct carc_buf *out, struct carc_err *err)
{
	struct view v;
	struct sctx c = { .v = &v, .out = out };
	struct carc_buf line = { 0 };
	struct frame f;

	view_init(&v, g, o);
	c.rc |= view_status(&v, &line);
	frame_compute(&v, &line, &f);
	svg_sp(&c, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	svg_sp(&c, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\">\n", f.w, f.h, f.w, f.h);
	svg_sp(&c, "<title>carc: ");
	svg_xml(&c, line.data ? line.data : "");
	svg_sp(&c, "</title>\n");
	/* the roofs of a town, to fill cities with */
	svg_sp(&c, "<defs><pattern id=\"roofs\" width=\"12\" height=\"10\" "
	    "patternUnits=\"userSpaceOnUse\"><path d=\"M1 5l3-3 3 3zM7 10l3-3 3 3zM-5 10l3-3 3 3z\" "
	    "fill=\"" C_ROOF "\"/></pattern></defs>\n");
	rect(&c, 0, 0, f.w, f.h, "fill=\"" C_BACK "\"");
	draw_track(&c, &v, MARGIN + TRACK / 2, MARGIN + TRACK / 2, f.kx, f.ky);
	if (!o->nocoords)
		draw_coords(&c, &f);
	draw_board(&c, &f);
	draw_table(&c, &f, &line);
	svg_sp(&c, "</svg>\n");
	carc_buf_release(&line);
	return c.rc ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}
