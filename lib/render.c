/* The game as text for people: every tile a block of 7 by 3 characters on a grid with a one
 * character gutter (where marks around a cell go), in ANSI colour or plain for e-mail; below
 * the board the scores, the figures left and the decision the game waits for. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "view.h"

#define TW 7			/* a tile's block */
#define TH 3
#define PW (TW + 1)		/* a block and the gutter before it */
#define PH (TH + 1)

enum style {
	S_NONE, S_LABEL, S_FIELD, S_CITY, S_WALL, S_PENNANT, S_ROAD, S_VILLAGE, S_CLOISTER,
	S_GARDEN, S_LAKE, S_MARK, S_LAST, S_HIGHLIGHT, S_LEGAL, S_PLAYER	/* + player index */
};

/* xterm 256-colour foreground, background (-1: the terminal's own) and bold, per style */
static const struct {
	short fg, bg;
	char bold;
} sgr[S_PLAYER] = {
	[S_NONE] = { -1, -1, 0 },
	[S_LABEL] = { 244, -1, 0 },
	[S_FIELD] = { 22, 107, 0 },
	[S_CITY] = { 137, 180, 0 },
	[S_WALL] = { 52, 180, 1 },
	[S_PENNANT] = { 16, 87, 1 },	/* light cyan: no player colour is near it */
	[S_ROAD] = { 239, 254, 1 },
	[S_VILLAGE] = { 124, 254, 1 },
	[S_CLOISTER] = { 124, 224, 1 },
	[S_GARDEN] = { 22, 114, 1 },
	[S_LAKE] = { 231, 32, 1 },
	[S_MARK] = { 16, 250, 1 },
	[S_LAST] = { 214, -1, 1 },
	[S_HIGHLIGHT] = { 38, -1, 1 },
	[S_LEGAL] = { 201, -1, 1 },
};

/* What a cell of a tile's block shows, as the painters claim it. */
enum { W_FREE, W_CITY, W_ROAD, W_FIELD, W_MARK };

struct tpic {
	char ch[TH][TW];
	uint8_t st[TH][TW];
	uint8_t what[TH][TW];
	int8_t own[TH][TW];		/* the segment drawn there, or -1 */
	bool taken[TH][TW];		/* a mark, pennant or figure: nothing else goes there */
	int8_t anchor[MAXSEG][2];	/* where a figure on a mark stands, row -1 if anywhere */
};

/* Cells from the middle outwards: figures take the first free cell of their segment. */
static const int8_t centrality[TH * TW][2] = {
	{ 1, 3 }, { 0, 3 }, { 2, 3 }, { 1, 2 }, { 1, 4 }, { 0, 2 }, { 0, 4 }, { 2, 2 }, { 2, 4 },
	{ 1, 1 }, { 1, 5 }, { 0, 1 }, { 0, 5 }, { 2, 1 }, { 2, 5 }, { 1, 0 }, { 1, 6 }, { 0, 0 },
	{ 0, 6 }, { 2, 0 }, { 2, 6 }
};

/* The field half-edges nearest to each cell (digits index half_names: Nw Ne En Es Se Sw Ws
 * Wn); a field cell belongs to the field of the first half that has one. */
static const char *const cellhalves[TH][TW] = {
	{ "70", "07", "0", "01", "1", "12", "21" },
	{ "76", "7605", "0576", "015432", "1423", "2314", "23" },
	{ "65", "56", "5", "54", "4", "43", "34" },
};

static void
put(struct tpic *p, int r, int c, int what, int seg, char ch, int st)
{
	p->what[r][c] = what;
	p->own[r][c] = seg;
	p->ch[r][c] = ch;
	p->st[r][c] = st;
}

static void
paint_city(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	unsigned m = t->rsides[rot][s];
	bool n = m & 1, e = m & 2, so = m & 4, w = m & 8;
	int k = __builtin_popcount(m), c;

	/* a cap keeps to its edge, a corner fills the triangle, a band or a bigger city the
	 * middle; corner cells go to a city only when it holds both sides, so that two caps on
	 * N and W look apart from one city on N and W */
	for (c = 1; c <= 5; c++) {
		if (n)
			put(p, 0, c, W_CITY, s, '#', S_CITY);
		if (so)
			put(p, 2, c, W_CITY, s, '#', S_CITY);
	}
	if (w) {
		put(p, 1, 0, W_CITY, s, '#', S_CITY);
		put(p, 1, 1, W_CITY, s, '#', S_CITY);
		if (k >= 2)
			put(p, 1, 2, W_CITY, s, '#', S_CITY);
	}
	if (e) {
		put(p, 1, 6, W_CITY, s, '#', S_CITY);
		put(p, 1, 5, W_CITY, s, '#', S_CITY);
		if (k >= 2)
			put(p, 1, 4, W_CITY, s, '#', S_CITY);
	}
	if (n && so && k == 2) {
		put(p, 1, 2, W_CITY, s, '#', S_CITY);
		put(p, 1, 4, W_CITY, s, '#', S_CITY);
	}
	if (n && w)
		put(p, 0, 0, W_CITY, s, '#', S_CITY);
	if (n && e)
		put(p, 0, 6, W_CITY, s, '#', S_CITY);
	if (so && e)
		put(p, 2, 6, W_CITY, s, '#', S_CITY);
	if (so && w)
		put(p, 2, 0, W_CITY, s, '#', S_CITY);
	if (k >= 3 || (n && so) || (e && w))
		put(p, 1, 3, W_CITY, s, '#', S_CITY);
}

static void
paint_road(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	unsigned m = t->rsides[rot][s];
	int k = __builtin_popcount(m), c;
	char mid;

	if (m & 1)
		put(p, 0, 3, W_ROAD, s, '|', S_ROAD);
	if (m & 4)
		put(p, 2, 3, W_ROAD, s, '|', S_ROAD);
	for (c = 0; c < 3; c++) {
		if (m & 8)
			put(p, 1, c, W_ROAD, s, '-', S_ROAD);
		if (m & 2)
			put(p, 1, 6 - c, W_ROAD, s, '-', S_ROAD);
	}
	if (k >= 2) {
		mid = m == 5 ? '|' : m == 10 ? '-' : '+';
		put(p, 1, 3, W_ROAD, s, mid, S_ROAD);
	}
	/* a road with one side ends in the middle: at a village, a cloister or a city gate */
}

static void
paint_cloister(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	put(p, 1, 2, W_MARK, s, '[', S_CLOISTER);
	put(p, 1, 3, W_MARK, s, '+', S_CLOISTER);
	put(p, 1, 4, W_MARK, s, ']', S_CLOISTER);
	p->taken[1][2] = p->taken[1][3] = p->taken[1][4] = true;
	p->anchor[s][0] = 1;
	p->anchor[s][1] = 3;
}

static int
field_of_cell(const struct tiletype *t, int rot, int r, int c)
{
	const char *h;
	int s;

	for (h = cellhalves[r][c]; *h; h++)
		if ((s = t->halfseg[rot][*h - '0']) >= 0 && t->seg[s].kind == K_FIELD)
			return s;
	return -1;
}

static void
paint_field(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	int r, c;

	for (r = 0; r < TH; r++)
		for (c = 0; c < TW; c++)
			if (p->what[r][c] == W_FREE && field_of_cell(t, rot, r, c) == s)
				put(p, r, c, W_FIELD, s, '.', S_FIELD);
}

/* A mark of one cell for a feature that touches no edge: the first free cell, or field. */
static bool
free_cell(const struct tpic *p, int *r, int *c)
{
	int i;

	for (i = 0; i < TH * TW; i++) {
		*r = centrality[i][0];
		*c = centrality[i][1];
		if ((p->what[*r][*c] == W_FREE || p->what[*r][*c] == W_FIELD) && !p->taken[*r][*c])
			return true;
	}
	return false;
}

static void
paint_mark(struct tpic *p, int s, char ch, int st)
{
	int r, c;

	if (!free_cell(p, &r, &c))
		return;
	put(p, r, c, W_MARK, s, ch, st);
	p->taken[r][c] = true;
	p->anchor[s][0] = r;
	p->anchor[s][1] = c;
}

/* A mark of three cells in the middle row if no road crosses it, else another row, else one
 * cell: a garden's bush (%), a fortune teller's tent (/^\), a fair's booth (<&>). */
static void
paint_bed(struct tpic *p, int s, const char *mark, int st)
{
	static const int rows[3] = { 1, 2, 0 };
	int i, c;

	for (i = 0; i < 3; i++) {
		for (c = 2; c <= 4; c++)
			if ((p->what[rows[i]][c] != W_FIELD && p->what[rows[i]][c] != W_FREE) ||
			    p->taken[rows[i]][c])
				break;
		if (c <= 4)
			continue;
		for (c = 2; c <= 4; c++) {
			put(p, rows[i], c, W_MARK, s, mark[c - 2], st);
			p->taken[rows[i]][c] = true;
		}
		p->anchor[s][0] = rows[i];
		p->anchor[s][1] = 3;
		return;
	}
	paint_mark(p, s, mark[1], st);
}

static void
paint_garden(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	paint_bed(p, s, "(%)", S_GARDEN);
}

static void
paint_tent(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	paint_bed(p, s, "/^\\", S_CLOISTER);
}

static void
paint_fair(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	paint_bed(p, s, "<&>", S_MARK);
}

/* The symbols of The Princess & the Dragon: a volcano, a dragon, a magic portal. */
static void
paint_volcano(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	paint_mark(p, s, 'v', S_MARK);
}

static void
paint_dragon(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	paint_mark(p, s, 'd', S_MARK);
}

static void
paint_portal(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	paint_mark(p, s, '@', S_MARK);
}

/* A tower foundation, and the tower on it (its height is told below the board). */
static void
paint_tower(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	paint_mark(p, s, 'T', S_MARK);
}

static void
paint_unknown(struct tpic *p, const struct tiletype *t, int rot, int s)
{
	paint_mark(p, s, '?', S_MARK);
}

/* How each kind of segment is drawn, and when: cities and roads first, then the marks in the
 * middle, then the fields in what is left, then what stands in a field. A kind missing here
 * gets a neutral '?' in the last layer. */
#define LAYER_VILLAGE 3
#define NLAYERS 6
static const struct tkind {
	const char *kind;	/* a kind of feature of the table of kinds, by name */
	int layer;
	void (*paint)(struct tpic *, const struct tiletype *, int, int);
} tkinds[] = {
	{ "city", 0, paint_city },
	{ "road", 1, paint_road },
	{ "cloister", 2, paint_cloister },
	{ "field", 4, paint_field },
	{ "garden", 5, paint_garden },
	{ "tent", 5, paint_tent },
	{ "fair", 5, paint_fair },
	{ "volcano", 5, paint_volcano },
	{ "dragon", 5, paint_dragon },
	{ "portal", 5, paint_portal },
	{ "tower", 5, paint_tower },
};

static const struct tkind *
tkind(int kind)
{
	static const struct tkind unknown = { NULL, NLAYERS - 1, paint_unknown };
	size_t i;

	for (i = 0; i < sizeof(tkinds) / sizeof(tkinds[0]); i++)
		if (strcmp(tkinds[i].kind, kinds[kind]->name) == 0)
			return &tkinds[i];
	return &unknown;
}

/* The cells of a segment, from the middle outwards. */
static int
seg_cells(const struct tpic *p, int s, int cells[TH * TW][2])
{
	int i, n = 0;

	for (i = 0; i < TH * TW; i++)
		if (p->own[centrality[i][0]][centrality[i][1]] == s) {
			cells[n][0] = centrality[i][0];
			cells[n][1] = centrality[i][1];
			n++;
		}
	return n;
}

/* A figure on segment s, or on corner `corner` - 1 of the tile (the barn: its digit and letter
 * in the corner of the block, NE top right ... NW top left). */
static void
paint_figure(struct tpic *p, int s, int corner, int owner, char letter)
{
	int cells[TH * TW][2], n, i, r = -1, c = -1;

	if (corner) {
		r = corner == 2 || corner == 3 ? TH - 1 : 0;
		c = corner <= 2 ? TW - 2 : 0;
	} else if (p->anchor[s][0] >= 0) {
		r = p->anchor[s][0];
		c = p->anchor[s][1];
	} else {
		n = seg_cells(p, s, cells);
		for (i = 0; i < n && r < 0; i++)
			if (!p->taken[cells[i][0]][cells[i][1]]) {
				r = cells[i][0];
				c = cells[i][1];
			}
		/* a figure is always seen: over a pennant, else on any free cell */
		if (r < 0 && n > 0) {
			r = cells[0][0];
			c = cells[0][1];
		}
		if (r < 0 && !free_cell(p, &r, &c))
			return;
	}
	p->ch[r][c] = '1' + owner % 9;
	p->st[r][c] = S_PLAYER + owner;
	p->taken[r][c] = true;
	/* a figure other than a follower: its letter after the digit, or before it (the legend
	 * below the board names the letters) */
	if (letter == 0)
		return;
	if (c + 1 < TW && !p->taken[r][c + 1])
		c++;
	else if (c > 0 && !p->taken[r][c - 1])
		c--;
	else
		return;
	p->ch[r][c] = letter;
	p->st[r][c] = S_PLAYER + owner;
	p->taken[r][c] = true;
}

/* How each sign is drawn, by name: an inn's lake (~) beside its road, a cathedral (+) in its
 * city; a sign missing here is a '?' on its segment. */
static const struct tsign {
	const char *sign;
	char ch;
	int st;
	bool beside;		/* on a free field cell next to the segment, not on it */
} tsigns[] = {
	{ "inn", '~', S_LAKE, true },
	{ "cathedral", '+', S_WALL, false },
	{ "wine", 'w', S_MARK, false },
	{ "grain", 'g', S_MARK, false },
	{ "cloth", 'c', S_MARK, false },
	{ "princess", 'p', S_MARK, false },
};

/* A neutral figure (the dragon D, the fairy F) on a free cell of its tile, else on the last
 * cell of the block not taken, else over the middle of the bottom row: always seen. */
static void
paint_neutral(struct tpic *p, char letter)
{
	int r, c;

	if (!free_cell(p, &r, &c))
		for (r = TH - 1, c = TW - 1; (r > 0 || c > 0) && p->taken[r][c]; )
			if (--c < 0)
				c = TW - 1, r--;
	if (p->taken[r][c])
		r = TH - 1, c = TW / 2;
	p->ch[r][c] = letter;
	p->st[r][c] = S_MARK;
	p->taken[r][c] = true;
}

static void
paint_sign(struct tpic *p, int s, int k)
{
	static const struct tsign unknown = { NULL, '?', S_MARK, false };
	static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };
	const struct tsign *ts = &unknown;
	int cells[TH * TW][2], n, i, d, r, c;
	size_t j;

	for (j = 0; j < sizeof(tsigns) / sizeof(tsigns[0]); j++)
		if (strcmp(tsigns[j].sign, signs[k]->name) == 0)
			ts = &tsigns[j];
	n = seg_cells(p, s, cells);
	/* from the middle outwards, but off the middle cell, which a figure would want */
	for (i = n >= 2 ? 1 : 0; i < n; i++)
		for (d = 0; d < (ts->beside ? 4 : 1); d++) {
			r = cells[i][0] + (ts->beside ? dr[d] : 0);
			c = cells[i][1] + (ts->beside ? dc[d] : 0);
			if (r < 0 || r >= TH || c < 0 || c >= TW || p->taken[r][c] ||
			    (ts->beside && p->what[r][c] != W_FIELD))
				continue;
			p->ch[r][c] = ts->ch;
			p->st[r][c] = ts->st;
			p->taken[r][c] = true;
			return;
		}
}

/* Draws tile type `type` turned `rot`; `b` is its board index for the figures, or -1. */
static void
paint_tile(const struct carc_game *g, int type, int rot, int b, struct tpic *p)
{
	const struct tiletype *t = &g->ts.types[type];
	int cells[TH * TW][2], layer, s, r, c, i, n, k, ends = 0;

	memset(p, 0, sizeof(*p));
	memset(p->own, -1, sizeof(p->own));
	memset(p->anchor, -1, sizeof(p->anchor));
	for (layer = 0; layer < NLAYERS; layer++) {
		if (layer == LAYER_VILLAGE && ends > 0 && p->what[1][3] == W_FREE) {
			put(p, 1, 3, W_MARK, -1, 'o', S_VILLAGE);
			p->taken[1][3] = true;
		}
		for (s = 0; s < t->nseg; s++) {
			if (tkind(t->seg[s].kind)->layer != layer)
				continue;
			tkind(t->seg[s].kind)->paint(p, t, rot, s);
			if (t->seg[s].kind == K_ROAD && __builtin_popcount(t->rsides[rot][s]) == 1)
				ends++;
		}
	}
	for (r = 0; r < TH; r++)
		for (c = 0; c < TW; c++) {
			if (p->what[r][c] == W_FREE)
				put(p, r, c, W_FIELD, -1, '.', S_FIELD);
			/* the wall is where a city meets anything else inside the tile */
			if (p->what[r][c] != W_CITY)
				continue;
			if ((r > 0 && p->own[r - 1][c] != p->own[r][c]) ||
			    (r < TH - 1 && p->own[r + 1][c] != p->own[r][c]) ||
			    (c > 0 && p->own[r][c - 1] != p->own[r][c]) ||
			    (c < TW - 1 && p->own[r][c + 1] != p->own[r][c]))
				p->st[r][c] = S_WALL;
		}
	/* pennants keep off the middle cell, which a figure would want */
	for (s = 0; s < t->nseg; s++) {
		if (t->seg[s].kind != K_CITY || t->seg[s].pennants == 0)
			continue;
		n = seg_cells(p, s, cells);
		for (k = 0; k < t->seg[s].pennants; k++) {
			i = n >= 2 ? 1 + k : k;
			if (i >= n)
				break;
			p->ch[cells[i][0]][cells[i][1]] = '*';
			p->st[cells[i][0]][cells[i][1]] = S_PENNANT;
			p->taken[cells[i][0]][cells[i][1]] = true;
		}
	}
	for (s = 0; s < t->nseg; s++)
		for (k = 0; k < nsigns; k++)
			if (t->seg[s].signs & (1u << k))
				paint_sign(p, s, k);
	if (b < 0)
		return;
	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].tile == b && g->figs[i].seg < t->nseg)
			paint_figure(p, g->figs[i].seg, g->figs[i].corner, g->figs[i].owner,
			    view_figure_letter(g, g->figs[i].type));
	for (i = 0; i < g->ts.nneutral; i++)
		if (g->neutral[i].on && g->neutral[i].x == g->board[b].x &&
		    g->neutral[i].y == g->board[b].y)
			paint_neutral(p, toupper((unsigned char)g->ts.neutral[i].name[0]));
}

/* A page of characters with a style each, written out line by line. */
struct canvas {
	int w, h;
	char *ch;
	uint8_t *st;
};

static int
canvas_init(struct canvas *cv, int w, int h)
{
	cv->w = w;
	cv->h = h;
	cv->ch = malloc((size_t)w * h);
	cv->st = calloc((size_t)w * h, 1);
	if (cv->ch == NULL || cv->st == NULL)
		return -1;
	memset(cv->ch, ' ', (size_t)w * h);
	return 0;
}

static void
canvas_release(struct canvas *cv)
{
	free(cv->ch);
	free(cv->st);
}

static void
cput(struct canvas *cv, int x, int y, char ch, int st)
{
	if (x >= 0 && x < cv->w && y >= 0 && y < cv->h) {
		cv->ch[y * cv->w + x] = ch;
		cv->st[y * cv->w + x] = st;
	}
}

static void
cputs(struct canvas *cv, int x, int y, const char *s, int st)
{
	for (; *s; s++, x++)
		cput(cv, x, y, *s, st);
}

static void
canvas_tile(struct canvas *cv, int x, int y, const struct tpic *p)
{
	int r, c;

	for (r = 0; r < TH; r++)
		for (c = 0; c < TW; c++)
			cput(cv, x + c, y + r, p->ch[r][c], p->st[r][c]);
}

/* A frame in the gutter around the block at x, y. */
static void
canvas_frame(struct canvas *cv, int x, int y, int st)
{
	int i;

	for (i = 0; i < TW; i++) {
		cput(cv, x + i, y - 1, '-', st);
		cput(cv, x + i, y + TH, '-', st);
	}
	for (i = 0; i < TH; i++) {
		cput(cv, x - 1, y + i, '|', st);
		cput(cv, x + TW, y + i, '|', st);
	}
	cput(cv, x - 1, y - 1, '+', st);
	cput(cv, x + TW, y - 1, '+', st);
	cput(cv, x - 1, y + TH, '+', st);
	cput(cv, x + TW, y + TH, '+', st);
}

struct tctx {
	const struct view *v;
	struct carc_buf *out;
	int cur;		/* the style last switched on */
	int rc;
};

static void
style(struct tctx *t, int st)
{
	const struct pcolor *pc;
	short fg, bg;
	char bold;

	if (!t->v->o->color || st == t->cur)
		return;
	t->cur = st;
	if (st >= S_PLAYER) {
		pc = &pcolors[t->v->color[st - S_PLAYER]];
		fg = pc->ansiink, bg = pc->ansi, bold = 1;
	} else
		fg = sgr[st].fg, bg = sgr[st].bg, bold = sgr[st].bold;
	t->rc |= carc_buf_add(t->out, "\033[0", 3);
	if (fg >= 0)
		t->rc |= carc_buf_printf(t->out, ";38;5;%d", fg);
	if (bg >= 0)
		t->rc |= carc_buf_printf(t->out, ";48;5;%d", bg);
	if (bold)
		t->rc |= carc_buf_add(t->out, ";1", 2);
	t->rc |= carc_buf_add(t->out, "m", 1);
}

static void
endline(struct tctx *t)
{
	style(t, S_NONE);
	t->rc |= carc_buf_add(t->out, "\n", 1);
}

static bool
blank_row(const struct canvas *cv, int y)
{
	int x;

	for (x = 0; x < cv->w; x++)
		if (cv->ch[y * cv->w + x] != ' ')
			return false;
	return true;
}

/* The rows of the canvas, without blank rows above or below (gutters with no frame). */
static void
canvas_write(struct tctx *t, const struct canvas *cv)
{
	int x, y, end, top = 0, bottom = cv->h;

	while (top < bottom && blank_row(cv, top))
		top++;
	while (bottom > top && blank_row(cv, bottom - 1))
		bottom--;
	for (y = top; y < bottom; y++) {
		for (end = cv->w; end > 0 && cv->ch[y * cv->w + end - 1] == ' '; end--)
			;
		for (x = 0; x < end; x++) {
			style(t, cv->st[y * cv->w + x]);
			t->rc |= carc_buf_add(t->out, &cv->ch[y * cv->w + x], 1);
		}
		endline(t);
	}
}

static void
text(struct tctx *t, const char *s)
{
	t->rc |= view_text(t->out, s);
}

/* The columns a name takes once cleaned: one per character, however many bytes. */
static int
width(const char *s)
{
	struct carc_buf b = { 0 };
	int n = 0;
	size_t i;

	if (view_text(&b, s) == 0)
		for (i = 0; i < b.len; i++)
			n += ((unsigned char)b.data[i] & 0xc0) != 0x80;
	carc_buf_release(&b);
	return n;
}

static int
board_canvas(const struct view *v, struct canvas *cv)
{
	const struct carc_game *g = v->g;
	const struct carc_render_opts *o = v->o;
	struct tpic p;
	char label[16];
	int ncol = v->maxx - v->minx + 1, nrow = v->maxy - v->miny + 1, lw = 0, x0, y0;
	int x, y, b, n, px, py;

	if (!o->nocoords)
		for (y = v->miny; y <= v->maxy; y++)
			if ((n = snprintf(label, sizeof(label), "%d", y)) > lw)
				lw = n;
	x0 = o->nocoords ? 0 : lw + 1;
	y0 = o->nocoords ? 0 : 1;
	if (canvas_init(cv, x0 + ncol * PW + 1, y0 + nrow * PH + 1))
		return -1;
	for (x = v->minx; x <= v->maxx && !o->nocoords; x++) {
		n = snprintf(label, sizeof(label), "%d", x);
		cputs(cv, x0 + (x - v->minx) * PW + 1 + (TW - n) / 2, 0, label, S_LABEL);
	}
	for (y = v->miny; y <= v->maxy; y++) {
		py = y0 + (y - v->miny) * PH + 1;
		if (!o->nocoords) {
			n = snprintf(label, sizeof(label), "%*d", lw, y);
			cputs(cv, 0, py + 1, label, S_LABEL);
		}
		for (x = v->minx; x <= v->maxx; x++) {
			px = x0 + (x - v->minx) * PW + 1;
			if ((b = board_at(g, x, y)) >= 0) {
				paint_tile(g, g->board[b].type, g->board[b].rot, b, &p);
				canvas_tile(cv, px, py, &p);
			} else if (view_legal(v, x, y)) {
				/* an empty slot the drawn tile fits into */
				cputs(cv, px + 2, py + 1, "[ ]", S_LEGAL);
			}
		}
	}
	/* the frames go last, the last placed tile's over the others where they share a side */
	for (y = v->miny; y <= v->maxy; y++)
		for (x = v->minx; x <= v->maxx; x++)
			if (view_highlighted(v, x, y))
				canvas_frame(cv, x0 + (x - v->minx) * PW + 1,
				    y0 + (y - v->miny) * PH + 1, S_HIGHLIGHT);
	if (v->last >= 0)
		canvas_frame(cv, x0 + (g->board[v->last].x - v->minx) * PW + 1,
		    y0 + (g->board[v->last].y - v->miny) * PH + 1, S_LAST);
	return 0;
}

/* The drawn tiles in their four rotations, so that a player at a terminal can choose. */
static int
drawn_canvas(const struct view *v, struct canvas *cv)
{
	static const char *const rots[4] = { "0", "90", "180", "270" };
	const struct carc_game *g = v->g;
	struct tpic p;
	int i, r, lw = 0, n;

	for (i = 0; i < g->ndrawn; i++)
		if ((n = strlen(g->ts.types[g->drawn[i]].id)) > lw)
			lw = n;
	if (canvas_init(cv, lw + 1 + 4 * PW, 1 + g->ndrawn * PH))
		return -1;
	for (r = 0; r < 4; r++)
		cputs(cv, lw + 1 + r * PW + 1 + (TW - (int)strlen(rots[r])) / 2, 0, rots[r],
		    S_LABEL);
	for (i = 0; i < g->ndrawn; i++) {
		cputs(cv, lw - strlen(g->ts.types[g->drawn[i]].id), 1 + i * PH + 1,
		    g->ts.types[g->drawn[i]].id, S_LABEL);
		for (r = 0; r < 4; r++) {
			paint_tile(g, g->drawn[i], r, -1, &p);
			canvas_tile(cv, lw + 1 + r * PW + 1, 1 + i * PH, &p);
		}
	}
	return 0;
}

int
carc_render_text(const struct carc_game *g, const struct carc_render_opts *o,
    struct carc_buf *out, struct carc_err *err)
{
	struct view v;
	struct tctx t = { &v, out, S_NONE, 0 };
	struct canvas cv;
	struct carc_buf line = { 0 };
	int i, w = 0, n;

	view_init(&v, g, o);
	if (board_canvas(&v, &cv)) {
		canvas_release(&cv);
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	}
	canvas_write(&t, &cv);
	canvas_release(&cv);
	endline(&t);
	for (i = 0; i < g->nplayers; i++)
		if ((n = width(g->pl[i].name)) > w)
			w = n;
	for (i = 0; i < g->nplayers; i++) {
		t.rc |= carc_buf_add(out, g->phase != CARC_OVER && i == g->player ? "> " : "  ", 2);
		style(&t, S_PLAYER + i);
		t.rc |= carc_buf_printf(out, "%c", '1' + i % 9);
		style(&t, S_NONE);
		t.rc |= carc_buf_add(out, " ", 1);
		text(&t, g->pl[i].name);
		line.len = 0;
		t.rc |= view_figures(&v, i, &line);
		t.rc |= carc_buf_add(&line, " left", 5);
		t.rc |= view_holdings(&v, i, &line);
		t.rc |= carc_buf_printf(out, "%*s %4d point%s, %s",
		    w - width(g->pl[i].name), "", g->pl[i].score, g->pl[i].score == 1 ? "" : "s",
		    line.data ? line.data : "");
		endline(&t);
	}
	line.len = 0;
	t.rc |= view_status(&v, &line);
	text(&t, line.data ? line.data : "");
	endline(&t);
	{
		char *l, *nl;

		/* what the modules tell of the game below the board (a catapult round) */
		line.len = 0;
		rules_describe(g, &line);
		for (l = line.len ? line.data : NULL; l && *l; l = nl + 1) {
			if ((nl = strchr(l, '\n')) == NULL)
				break;
			*nl = '\0';
			text(&t, l);
			endline(&t);
		}
	}
	carc_buf_release(&line);
	if (g->phase == CARC_PLACE) {
		if (drawn_canvas(&v, &cv)) {
			canvas_release(&cv);
			return seterr(err, CARC_ESOFTWARE, "out of memory");
		}
		canvas_write(&t, &cv);
		canvas_release(&cv);
	}
	return t.rc ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

int
carc_render_ascii(const struct carc_game *g, struct carc_buf *out, struct carc_err *err)
{
	static const struct carc_render_opts plain;

	return carc_render_text(g, &plain, out, err);
}
