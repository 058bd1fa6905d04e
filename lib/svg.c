/* The game as a standalone SVG 1.1 picture. Every tile is drawn from its tile-set data, the
 * kind and the sides of each segment, so that a user's own set draws like the built-in ones;
 * the bytes depend on nothing but the state and the options. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

#define MAXMARKS 64		/* marks the modules draw on the board */

#define T 64			/* a tile's side in pixels */
#define GRID 15			/* sample points a side, 4 px apart, where things may stand */
#define MARGIN 16
#define ROWH 24			/* a line of the score table */
#define FONT "DejaVu Sans, Verdana, Arial, sans-serif"

#define C_BACK "#efe6d2"
#define C_INK "#4a3b2a"
#define C_FIELD "#8fbd5a"
#define C_CITY "#d9b47c"
#define C_WALL "#6b4a27"
#define C_ROADEDGE "#7b6c52"
#define C_ROAD "#f3ecd8"
#define C_ROOF "#b8432f"
#define C_HOUSE "#f2ead8"
#define C_PENNANT "#5fffff"	/* light cyan, far from every player colour (view.c) */
/* a completed feature: the city's roofs in full colour inside a stone wall with battlements,
 * the road paved */
#define C_CITYDONE "#e8b96a"
#define C_STONE "#d8cdb4"
#define C_ROADDONE "#cdb68a"
#define TRACK 24		/* the score track's band around the board */
#define TRACKLAP 50		/* its spaces, 0 to 49, as in the box */

enum { OWN_NONE = -1, OWN_MARK = -2 };
enum { AREA_NONE, AREA_CITY, AREA_ROAD, AREA_FIELD };
enum { MARK_CENTRE = 1, MARK_FIELD, MARK_OPEN };

struct pt {
	double x, y;
};

static const struct pt centre = { T / 2, T / 2 };
static const struct pt sidemid[4] = { { T / 2, 0 }, { T, T / 2 }, { T / 2, T }, { 0, T / 2 } };
static const struct pt corner[4] = { { 0, 0 }, { T, 0 }, { T, T }, { 0, T } };

struct sctx {
	const struct view *v;
	struct carc_buf *out;
	int rc;
	char num[16][24];	/* N's texts, reused in turn */
	int nnum;
};

static void
sp(struct sctx *c, const char *fmt, ...)
{
	va_list ap;
	char small[256], *big;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		c->rc = -1;
		return;
	}
	if ((size_t)n < sizeof(small)) {
		c->rc |= carc_buf_add(c->out, small, n);
		return;
	}
	if ((big = malloc(n + 1)) == NULL) {
		c->rc = -1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, n + 1, fmt, ap);
	va_end(ap);
	c->rc |= carc_buf_add(c->out, big, n);
	free(big);
}

/* A coordinate with one decimal at most, the same bytes on every run, as text for sp's %s.
 * The text is good until 16 more are made, which is more than one call of sp takes. */
static const char *
N(struct sctx *c, double v)
{
	long k = (long)(v * 10 + (v >= 0 ? 0.5 : -0.5));
	char *s = c->num[c->nnum++ % 16];

	if (k % 10 == 0)
		snprintf(s, sizeof(c->num[0]), "%ld", k / 10);
	else
		snprintf(s, sizeof(c->num[0]), "%s%ld.%ld", k < 0 ? "-" : "", labs(k) / 10,
		    labs(k) % 10);
	return s;
}

/* Text from the state as XML character data: cleaned by view_text, markup escaped. */
static void
xml(struct sctx *c, const char *s)
{
	struct carc_buf clean = { 0 };
	const char *p;

	c->rc |= view_text(&clean, s);
	for (p = clean.data; p && *p; p++)
		if (*p == '&')
			sp(c, "&amp;");
		else if (*p == '<')
			sp(c, "&lt;");
		else if (*p == '>')
			sp(c, "&gt;");
		else if (*p == '"')
			sp(c, "&quot;");
		else
			c->rc |= carc_buf_add(c->out, p, 1);
	carc_buf_release(&clean);
}

static struct pt
turn(struct pt p, int r)
{
	while (r-- > 0)
		p = (struct pt){ T - p.y, p.x };
	return p;
}

static struct pt
unturn(struct pt p, int r)
{
	while (r-- > 0)
		p = (struct pt){ p.y, T - p.x };
	return p;
}

static uint8_t
turn4(uint8_t m, int r)
{
	return ((m << r) | (m >> (4 - r))) & 15;
}

static double
dist2(struct pt a, struct pt b)
{
	return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

static double
segdist2(struct pt p, struct pt a, struct pt b)
{
	double dx = b.x - a.x, dy = b.y - a.y, l = dx * dx + dy * dy, u;

	u = l > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l : 0;
	u = u < 0 ? 0 : u > 1 ? 1 : u;
	return dist2(p, (struct pt){ a.x + u * dx, a.y + u * dy });
}

/* City shapes in one orientation, in the pixels of a tile of side T = 64; a city's sides pick
 * the shape and the quarter turns. Walls are the curves inside the tile: the straight sides go
 * on into the next tile. The inside tests follow the same curves (quadratic Beziers whose
 * control point lies on the chord's perpendicular bisector, so parabolas). */
struct pathop {
	char op;		/* M L Q Z, or 0 at the end */
	struct pt p[2];
};

static bool
in_cap(struct pt p)
{
	double u = p.x / T;

	return p.y < 68 * u * (1 - u);
}

static bool
in_corner(struct pt p)
{
	double t = (T - (p.x - p.y)) / (2 * T);

	return p.x + p.y < T + 16 * t * (1 - t);
}

static bool
in_band(struct pt p)
{
	double u = p.x / T;

	return p.y > 80 * u * (1 - u) && p.y < T - 80 * u * (1 - u);
}

static bool
in_three(struct pt p)
{
	double u = p.x / T;

	return p.y < T - 112 * u * (1 - u);
}

static bool
in_four(struct pt p)
{
	return true;
}

static const struct cshape {
	uint8_t mask;		/* sides, N = 1, E = 2, S = 4, W = 8 */
	const struct pathop *fill, *wall;
	struct pt pennant;
	bool (*inside)(struct pt);
} cshapes[] = {
	{ 1, (const struct pathop[]){ { 'M', { { 0, 0 } } }, { 'L', { { 64, 0 } } },
	    { 'Q', { { 32, 34 }, { 0, 0 } } }, { .op = 'Z' }, { .op = 0 } },
	    (const struct pathop[]){ { 'M', { { 64, 0 } } }, { 'Q', { { 32, 34 }, { 0, 0 } } },
	    { .op = 0 } }, { 46, 7 }, in_cap },
	{ 9, (const struct pathop[]){ { 'M', { { 0, 64 } } }, { 'L', { { 0, 0 } } },
	    { 'L', { { 64, 0 } } }, { 'Q', { { 36, 36 }, { 0, 64 } } }, { .op = 'Z' },
	    { .op = 0 } },
	    (const struct pathop[]){ { 'M', { { 64, 0 } } }, { 'Q', { { 36, 36 }, { 0, 64 } } },
	    { .op = 0 } }, { 11, 11 }, in_corner },
	{ 10, (const struct pathop[]){ { 'M', { { 0, 0 } } }, { 'Q', { { 32, 40 }, { 64, 0 } } },
	    { 'L', { { 64, 64 } } }, { 'Q', { { 32, 24 }, { 0, 64 } } }, { .op = 'Z' },
	    { .op = 0 } },
	    (const struct pathop[]){ { 'M', { { 0, 0 } } }, { 'Q', { { 32, 40 }, { 64, 0 } } },
	    { 'M', { { 64, 64 } } }, { 'Q', { { 32, 24 }, { 0, 64 } } }, { .op = 0 } }, { 12, 32 },
	    in_band },
	{ 11, (const struct pathop[]){ { 'M', { { 0, 0 } } }, { 'L', { { 64, 0 } } },
	    { 'L', { { 64, 64 } } }, { 'Q', { { 32, 8 }, { 0, 64 } } }, { .op = 'Z' },
	    { .op = 0 } },
	    (const struct pathop[]){ { 'M', { { 64, 64 } } }, { 'Q', { { 32, 8 }, { 0, 64 } } },
	    { .op = 0 } }, { 13, 13 }, in_three },
	{ 15, (const struct pathop[]){ { 'M', { { 0, 0 } } }, { 'L', { { 64, 0 } } },
	    { 'L', { { 64, 64 } } }, { 'L', { { 0, 64 } } }, { .op = 'Z' }, { .op = 0 } },
	    (const struct pathop[]){ { .op = 0 } }, { 13, 13 }, in_four },
};

/* The shape and turns for a city reaching the sides in m; every non-empty m has one. */
static const struct cshape *
city_shape(uint8_t m, int *r)
{
	size_t i;

	for (i = 0; i < sizeof(cshapes) / sizeof(cshapes[0]); i++)
		for (*r = 0; *r < 4; (*r)++)
			if (turn4(cshapes[i].mask, *r) == m)
				return &cshapes[i];
	*r = 0;
	return &cshapes[sizeof(cshapes) / sizeof(cshapes[0]) - 1];
}

static void
path(struct sctx *c, const struct pathop *ops, int r)
{
	int i, n;

	for (; ops->op; ops++) {
		sp(c, "%c", ops->op);
		n = ops->op == 'Q' ? 2 : ops->op == 'Z' ? 0 : 1;
		for (i = 0; i < n; i++) {
			struct pt q = turn(ops->p[i], r);

			if (i > 0)
				sp(c, " ");
			sp(c, "%s %s", N(c, q.x), N(c, q.y));
		}
	}
}

/* One tile laid out: which segment each sample point shows, where marks and figures stand. */
struct tlayout {
	const struct tiletype *t;
	int rot;
	int8_t own[GRID][GRID];
	struct pt mark[MAXSEG];		/* a cloister, a garden: its figure stands there */
	bool hasmark[MAXSEG];
	uint8_t nfig[MAXSEG];		/* figures placed on each segment so far */
	struct pt sign[MAXSEG][MAXSIGNS];	/* where each sign of a segment is drawn */
	bool village;
	bool done[MAXSEG];		/* the road or city is complete */
};

static struct pt
sample(int i, int j)
{
	return (struct pt){ 4 * (i + 1), 4 * (j + 1) };
}

/* A road's centre line: to the middle of the tile from each side, or through it as one
 * curve when the road joins two sides. Returns the number of pieces, as polylines. */
#define ROADSTEPS 8
static int
road_line(const struct tiletype *t, int rot, int s, struct pt line[4][ROADSTEPS + 1], int *len)
{
	uint8_t m = t->rsides[rot][s];
	int a = -1, b = -1, side, n = 0, i;

	if (__builtin_popcount(m) == 2) {
		for (side = 0; side < 4; side++)
			if (m & (1u << side)) {
				if (a < 0)
					a = side;
				else
					b = side;
			}
		for (i = 0; i <= ROADSTEPS; i++) {
			double u = (double)i / ROADSTEPS;

			line[0][i].x = (1 - u) * (1 - u) * sidemid[a].x +
			    2 * u * (1 - u) * centre.x + u * u * sidemid[b].x;
			line[0][i].y = (1 - u) * (1 - u) * sidemid[a].y +
			    2 * u * (1 - u) * centre.y + u * u * sidemid[b].y;
		}
		*len = ROADSTEPS + 1;
		return 1;
	}
	for (side = 0; side < 4; side++)
		if (m & (1u << side)) {
			line[n][0] = sidemid[side];
			line[n][1] = centre;
			n++;
		}
	*len = 2;
	return n;
}

static double
road_dist2(const struct tiletype *t, int rot, int s, struct pt p)
{
	struct pt line[4][ROADSTEPS + 1];
	int len, n = road_line(t, rot, s, line, &len), i, k;
	double best = 1e9, d;

	for (k = 0; k < n; k++)
		for (i = 0; i + 1 < len; i++)
			if ((d = segdist2(p, line[k][i], line[k][i + 1])) < best)
				best = d;
	return best;
}

static bool
city_covers(const struct tiletype *t, int rot, int s, struct pt p)
{
	int r;
	const struct cshape *sh = city_shape(t->rsides[rot][s], &r);

	return sh->inside(unturn(p, r));
}

/* The field of the half-edge nearest to p: fields are split by the roads and cities between
 * their half-edges, so the nearest half tells which side of them p lies. */
static int
field_at(const struct tiletype *t, int rot, struct pt p)
{
	int h, s, best = -1;
	double d, bd = 1e9;

	for (h = 0; h < 8; h++) {
		if ((s = t->halfseg[rot][h]) < 0 || t->seg[s].kind != K_FIELD)
			continue;
		d = h % 2 == 0 ? segdist2(p, corner[h / 2], sidemid[h / 2]) :
		    segdist2(p, sidemid[h / 2], corner[(h / 2 + 1) % 4]);
		if (d < bd) {
			bd = d;
			best = s;
		}
	}
	return best;
}

static void
disc(struct tlayout *L, struct pt p, double r)
{
	int i, j;

	for (j = 0; j < GRID; j++)
		for (i = 0; i < GRID; i++)
			if (dist2(sample(i, j), p) <= r * r)
				L->own[j][i] = OWN_MARK;
}

enum { WANT_SEG, WANT_FIELD, WANT_OPEN };

static bool
wanted(const struct tlayout *L, int own, int how, int s)
{
	if (how == WANT_SEG)
		return own == s;
	if (own >= 0 && L->t->seg[own].kind == K_FIELD)
		return true;
	return how == WANT_OPEN && own == OWN_NONE;
}

/* The wanted sample point with the most room around it; ties go to the one nearest the
 * middle of the tile, then to the first. False if no point is wanted. */
static bool
roomiest(const struct tlayout *L, int how, int s, struct pt *out)
{
	int i, j, k, l;
	double room, d, bestroom = -1, bestmid = 0, mid;
	struct pt p;

	for (j = 0; j < GRID; j++)
		for (i = 0; i < GRID; i++) {
			if (!wanted(L, L->own[j][i], how, s))
				continue;
			p = sample(i, j);
			/* the tile's edge counts as a neighbour a little farther off */
			d = p.x < p.y ? p.x : p.y;
			d = T - p.x < d ? T - p.x : d;
			d = T - p.y < d ? T - p.y : d;
			room = (d + 2) * (d + 2);
			for (l = 0; l < GRID; l++)
				for (k = 0; k < GRID; k++)
					if (!wanted(L, L->own[l][k], how, s) &&
					    (d = dist2(p, sample(k, l))) < room)
						room = d;
			mid = dist2(p, centre);
			if (room > bestroom || (room == bestroom && mid < bestmid)) {
				bestroom = room;
				bestmid = mid;
				*out = p;
			}
		}
	return bestroom >= 0;
}

static void draw_road_edge(struct sctx *, const struct tlayout *, int);
static void draw_road(struct sctx *, const struct tlayout *, int);
static void draw_city(struct sctx *, const struct tlayout *, int);
static void draw_cloister(struct sctx *, const struct tlayout *, int);
static void draw_garden(struct sctx *, const struct tlayout *, int);
static void draw_unknown(struct sctx *, const struct tlayout *, int);
static void draw_tent(struct sctx *, const struct tlayout *, int);
static void draw_fair(struct sctx *, const struct tlayout *, int);
static void draw_volcano(struct sctx *, const struct tlayout *, int);
static void draw_dragon_sign(struct sctx *, const struct tlayout *, int);
static void draw_portal(struct sctx *, const struct tlayout *, int);
static void draw_tower(struct sctx *, const struct tlayout *, int);

/* How each kind of segment takes room and is drawn. Areas claim sample points (cities before
 * roads before fields); marks stand at one point: the middle, the roomiest spot of a field or
 * of any open ground. Layers order the drawing; `under` runs for every segment first. A kind
 * missing here is drawn as a neutral grey mark. */
static const struct skind {
	const char *kind;	/* a kind of feature of the table of kinds, by name */
	int area;
	int where;
	double radius;
	double figdy;		/* a figure on a mark stands lower, leaving the mark seen */
	int layer;
	void (*under)(struct sctx *, const struct tlayout *, int);
	void (*draw)(struct sctx *, const struct tlayout *, int);
} skinds[] = {
	{ "field", AREA_FIELD, 0, 0, 0, 0, NULL, NULL },
	{ "road", AREA_ROAD, 0, 0, 0, 1, draw_road_edge, draw_road },
	{ "city", AREA_CITY, 0, 0, 0, 2, NULL, draw_city },
	{ "cloister", AREA_NONE, MARK_CENTRE, 13, 5, 3, NULL, draw_cloister },
	{ "garden", AREA_NONE, MARK_FIELD, 8, 4, 3, NULL, draw_garden },
	{ "tent", AREA_NONE, MARK_OPEN, 10, 5, 3, NULL, draw_tent },
	{ "fair", AREA_NONE, MARK_OPEN, 10, 5, 3, NULL, draw_fair },
	{ "volcano", AREA_NONE, MARK_OPEN, 10, 5, 3, NULL, draw_volcano },
	{ "dragon", AREA_NONE, MARK_OPEN, 8, 5, 3, NULL, draw_dragon_sign },
	{ "portal", AREA_NONE, MARK_OPEN, 9, 5, 3, NULL, draw_portal },
	{ "tower", AREA_NONE, MARK_OPEN, 9, 5, 3, NULL, draw_tower },
};
#define NLAYERS 4

/* How a kind is drawn; looked up once a kind, as layouts ask it for every sample point. */
static const struct skind *
skind(int kind)
{
	static const struct skind unknown = { NULL, AREA_NONE, MARK_OPEN, 7, 7, 3, NULL,
		draw_unknown };
	static const struct skind *known[MAXKINDS];
	size_t i;

	if (known[kind] == NULL) {
		known[kind] = &unknown;
		for (i = 0; i < sizeof(skinds) / sizeof(skinds[0]); i++)
			if (strcmp(skinds[i].kind, kinds[kind]->name) == 0)
				known[kind] = &skinds[i];
	}
	return known[kind];
}

static bool
free_field(const struct tlayout *L, struct pt p)
{
	int i = (int)(p.x / 4 + 0.5) - 1, j = (int)(p.y / 4 + 0.5) - 1, own;

	if (i < 1 || j < 1 || i >= GRID - 1 || j >= GRID - 1)
		return false;
	own = L->own[j][i];
	return own >= 0 && L->t->seg[own].kind == K_FIELD;
}

/* Where sign k of segment s is drawn (a module's sign: an inn's lake beside its road, a
 * cathedral in its city): on a road's kind, in the field beside the middle of the road; else
 * in the segment's roomiest spot. The spot is taken, so figures stand elsewhere. */
static void
place_sign(struct tlayout *L, int s, int k)
{
	struct pt line[4][ROADSTEPS + 1], p = centre, d, q;
	int len, n, i;
	bool found = false;
	double dl;

	if (L->t->seg[s].kind == K_ROAD) {
		/* halfway along the road (its first piece, when it ends in the middle), then
		 * 12 px to the one side of it or the other */
		n = road_line(L->t, L->rot, s, line, &len);
		d.x = line[0][len - 1].x - line[0][0].x;
		d.y = line[0][len - 1].y - line[0][0].y;
		dl = sqrt(d.x * d.x + d.y * d.y);
		if (n == 1 && len > 2)
			p = line[0][len / 2];
		else
			p = (struct pt){ (line[0][0].x + line[0][1].x) / 2,
			    (line[0][0].y + line[0][1].y) / 2 };
		for (i = 0; i < 2 && dl > 0 && !found; i++) {
			q.x = p.x - (i ? -12 : 12) * d.y / dl;
			q.y = p.y + (i ? -12 : 12) * d.x / dl;
			found = free_field(L, q);
		}
		if (found)
			p = q;
		else if (!roomiest(L, WANT_FIELD, s, &p))
			p = centre;
	} else if (!roomiest(L, WANT_SEG, s, &p))
		p = centre;
	L->sign[s][k] = p;
	disc(L, p, 7);
}

static void
layout(struct tlayout *L, const struct tiletype *t, int rot)
{
	int i, j, s, k, ends = 0, where;
	bool midtaken = false;
	struct pt p;

	memset(L, 0, sizeof(*L));
	L->t = t;
	L->rot = rot;
	for (j = 0; j < GRID; j++)
		for (i = 0; i < GRID; i++) {
			p = sample(i, j);
			L->own[j][i] = OWN_NONE;
			for (s = 0; s < t->nseg && L->own[j][i] == OWN_NONE; s++)
				if (skind(t->seg[s].kind)->area == AREA_CITY &&
				    city_covers(t, rot, s, p))
					L->own[j][i] = s;
			for (s = 0; s < t->nseg && L->own[j][i] == OWN_NONE; s++)
				if (skind(t->seg[s].kind)->area == AREA_ROAD &&
				    road_dist2(t, rot, s, p) <= 5.5 * 5.5)
					L->own[j][i] = s;
			if (L->own[j][i] == OWN_NONE)
				L->own[j][i] = field_at(t, rot, p);
		}
	/* marks in the middle first, then a village where roads end and nothing else stands,
	 * then pennants, then the marks that need open ground */
	for (s = 0; s < t->nseg; s++) {
		if (skind(t->seg[s].kind)->area == AREA_ROAD &&
		    __builtin_popcount(t->rsides[rot][s]) == 1)
			ends++;
		if (skind(t->seg[s].kind)->where == MARK_CENTRE) {
			L->mark[s] = centre;
			L->hasmark[s] = true;
			disc(L, centre, skind(t->seg[s].kind)->radius);
			midtaken = true;
		}
	}
	if (ends > 0 && !midtaken && L->own[GRID / 2][GRID / 2] >= 0 &&
	    skind(t->seg[L->own[GRID / 2][GRID / 2]].kind)->area != AREA_CITY) {
		L->village = true;
		disc(L, centre, 8);
	}
	for (s = 0; s < t->nseg; s++) {
		if (skind(t->seg[s].kind)->area != AREA_CITY)
			continue;
		const struct cshape *sh = city_shape(t->rsides[rot][s], &k);

		for (i = 0; i < t->seg[s].pennants && i < 3; i++)
			disc(L, turn((struct pt){ sh->pennant.x + 11 * i, sh->pennant.y }, k), 7);
	}
	for (s = 0; s < t->nseg; s++)
		for (k = 0; k < nsigns; k++)
			if (t->seg[s].signs & (1u << k))
				place_sign(L, s, k);
	for (where = MARK_FIELD; where <= MARK_OPEN; where++)
		for (s = 0; s < t->nseg; s++) {
			if (skind(t->seg[s].kind)->where != where)
				continue;
			if (!roomiest(L, where == MARK_FIELD ? WANT_FIELD : WANT_OPEN, s, &p) &&
			    !roomiest(L, WANT_OPEN, s, &p))
				p = centre;
			L->mark[s] = p;
			L->hasmark[s] = true;
			disc(L, p, skind(t->seg[s].kind)->radius);
		}
}

/* The road's centre line as path data: one curve through the middle when the road joins two
 * sides, else a line from each side to the middle, where the road ends. */
static void
road_d(struct sctx *c, const struct tlayout *L, int s)
{
	uint8_t m = L->t->rsides[L->rot][s];
	int side, a = -1, b = -1;

	if (__builtin_popcount(m) == 2) {
		for (side = 0; side < 4; side++)
			if (m & (1u << side)) {
				if (a < 0)
					a = side;
				else
					b = side;
			}
		sp(c, "M%s %s", N(c, sidemid[a].x), N(c, sidemid[a].y));
		if ((a ^ b) == 2)
			sp(c, "L");
		else {
			sp(c, "Q%s %s ", N(c, centre.x), N(c, centre.y));
		}
		sp(c, "%s %s", N(c, sidemid[b].x), N(c, sidemid[b].y));
		return;
	}
	for (side = 0; side < 4; side++)
		if (m & (1u << side)) {
			sp(c, "M%s %sL%s %s", N(c, sidemid[side].x), N(c, sidemid[side].y),
			    N(c, centre.x), N(c, centre.y));
		}
}

/* A road is a wide dark line under a narrower light one: the verges show where it runs even
 * over a light field, and junctions merge as the light lines go over every dark one. */
static void
draw_road_edge(struct sctx *c, const struct tlayout *L, int s)
{
	sp(c, "<path d=\"");
	road_d(c, L, s);
	sp(c, "\" fill=\"none\" stroke=\"" C_ROADEDGE "\" stroke-width=\"9\"/>\n");
}

/* A completed road is paved: darker, with a line of cobbles down the middle. */
static void
draw_road(struct sctx *c, const struct tlayout *L, int s)
{
	sp(c, "<path d=\"");
	road_d(c, L, s);
	sp(c, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"5\"/>\n",
	    L->done[s] ? C_ROADDONE : C_ROAD);
	if (L->done[s]) {
		sp(c, "<path d=\"");
		road_d(c, L, s);
		sp(c, "\" fill=\"none\" stroke=\"" C_ROADEDGE "\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"2 2\"/>\n");
	}
}

static void
draw_city(struct sctx *c, const struct tlayout *L, int s)
{
	int r, i;
	const struct cshape *sh = city_shape(L->t->rsides[L->rot][s], &r);
	struct pt p;

	/* a town: roofs over the ground, faint while the city is open */
	sp(c, "<path d=\"");
	path(c, sh->fill, r);
	sp(c, "\" fill=\"%s\"/>\n", L->done[s] ? C_CITYDONE : C_CITY);
	sp(c, "<path d=\"");
	path(c, sh->fill, r);
	sp(c, "\" fill=\"url(#roofs)\"%s/>\n", L->done[s] ? "" : " fill-opacity=\".35\"");
	/* its wall, with battlements of stone once the city is complete */
	if (sh->wall[0].op) {
		sp(c, "<path d=\"");
		path(c, sh->wall, r);
		sp(c, "\" fill=\"none\" stroke=\"" C_WALL "\" stroke-width=\"%s\" "
		    "stroke-linecap=\"round\"/>\n", L->done[s] ? "4" : "2.5");
		if (L->done[s]) {
			sp(c, "<path d=\"");
			path(c, sh->wall, r);
			sp(c, "\" fill=\"none\" stroke=\"" C_STONE "\" stroke-width=\"2\" "
			    "stroke-dasharray=\"3 2\"/>\n");
		}
	}
	for (i = 0; i < L->t->seg[s].pennants && i < 3; i++) {
		p = turn((struct pt){ sh->pennant.x + 11 * i, sh->pennant.y }, r);
		/* a shield: flat top, round bottom */
		sp(c, "<path d=\"M%s %s", N(c, p.x - 4.5), N(c, p.y - 5.5));
		sp(c, "h9v5.5q0 4-4.5 6q-4.5-2-4.5-6z\" fill=\"" C_PENNANT "\" stroke=\"" C_INK
		    "\" stroke-width=\"1.2\"/>\n");
	}
}

static void
draw_house(struct sctx *c, struct pt p, double w, double h, double roof)
{
	sp(c, "<path d=\"M%s %sh%sv%sh%sz\" fill=\"" C_HOUSE "\" stroke=\"" C_INK "\"/>\n",
	    N(c, p.x - w / 2), N(c, p.y), N(c, w), N(c, h), N(c, -w));
	sp(c, "<path d=\"M%s %sL%s %sL%s %sz\" fill=\"" C_ROOF "\" stroke=\"" C_INK
	    "\" stroke-linejoin=\"round\"/>\n", N(c, p.x - w / 2 - 2), N(c, p.y + 1),
	    N(c, p.x), N(c, p.y - roof), N(c, p.x + w / 2 + 2), N(c, p.y + 1));
}

static void
draw_village(struct sctx *c)
{
	draw_house(c, (struct pt){ centre.x, centre.y - 1 }, 10, 7, 7);
}

static void
draw_cloister(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	draw_house(c, (struct pt){ p.x, p.y - 1 }, 18, 11, 10);
	sp(c, "<path d=\"M%s %sv-6h4v6z\" fill=\"" C_INK "\"/>\n", N(c, p.x - 2),
	    N(c, p.y + 10));
	sp(c, "<path d=\"M%s %sv-6m-3 2.5h6\" stroke=\"" C_INK "\" stroke-width=\"1.5\"/>\n",
	    N(c, p.x), N(c, p.y - 11));
}

static void
draw_garden(struct sctx *c, const struct tlayout *L, int s)
{
	static const double blobs[3][3] = { { -4, 1.5, 4.5 }, { 4, 1.5, 4.5 }, { 0, -2.5, 5 } };
	struct pt p = L->mark[s];
	int i;

	for (i = 0; i < 3; i++) {
		sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"#3d7a2a\" "
		    "stroke=\"#234d17\"/>\n", N(c, p.x + blobs[i][0]), N(c, p.y + blobs[i][1]),
		    N(c, blobs[i][2]));
	}
	sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"1.8\" fill=\"#74b34c\"/>\n", N(c, p.x - 1.5),
	    N(c, p.y - 4));
}

/* The fortune teller's tent: a striped cone with a pennon. */
static void
draw_tent(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	sp(c, "<path d=\"M%s %sL%s %sL%s %sz\" fill=\"#7b3fa0\" stroke=\"" C_INK "\"/>\n",
	    N(c, p.x - 9), N(c, p.y + 7), N(c, p.x), N(c, p.y - 9), N(c, p.x + 9),
	    N(c, p.y + 7));
	sp(c, "<path d=\"M%s %sL%s %sM%s %sL%s %s\" stroke=\"#f2d15c\" "
	    "stroke-width=\"1.5\"/>\n", N(c, p.x), N(c, p.y - 9), N(c, p.x - 3), N(c, p.y + 7),
	    N(c, p.x), N(c, p.y - 9), N(c, p.x + 3), N(c, p.y + 7));
	sp(c, "<path d=\"M%s %sv-4l4 1.5-4 1.5\" fill=\"#f2d15c\" stroke=\"" C_INK
	    "\" stroke-width=\".8\"/>\n", N(c, p.x), N(c, p.y - 9));
}

/* The fair: a booth under a red and white awning. */
static void
draw_fair(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	sp(c, "<rect x=\"%s\" y=\"%s\" width=\"16\" height=\"8\" fill=\"" C_HOUSE
	    "\" stroke=\"" C_INK "\"/>\n", N(c, p.x - 8), N(c, p.y - 1));
	sp(c, "<path d=\"M%s %sL%s %sL%s %sz\" fill=\"#c8312b\" stroke=\"" C_INK "\"/>\n",
	    N(c, p.x - 10), N(c, p.y - 1), N(c, p.x), N(c, p.y - 9), N(c, p.x + 10),
	    N(c, p.y - 1));
	sp(c, "<path d=\"M%s %sL%s %sL%s %s\" fill=\"#ffffff\"/>\n", N(c, p.x - 4),
	    N(c, p.y - 1), N(c, p.x), N(c, p.y - 9), N(c, p.x + 4), N(c, p.y - 1));
}

/* The symbols of The Princess & the Dragon: a smoking volcano, a dragon's green head, a
 * magic portal's violet ring. */
static void
draw_volcano(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	sp(c, "<path d=\"M%s %sL%s %sh6L%s %sz\" fill=\"#6d4c3d\" stroke=\"" C_INK "\"/>\n",
	    N(c, p.x - 11), N(c, p.y + 8), N(c, p.x - 3), N(c, p.y - 6), N(c, p.x + 11),
	    N(c, p.y + 8));
	sp(c, "<path d=\"M%s %sl2 4 2-3 2 3\" fill=\"none\" stroke=\"#e8541c\" "
	    "stroke-width=\"2\"/>\n", N(c, p.x - 4), N(c, p.y - 9));
}

static void
draw_dragon_sign(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	sp(c, "<path d=\"M%s %sl8-5 6 3-6 3 2 5z\" fill=\"#2e7d32\" stroke=\"" C_INK
	    "\"/>\n", N(c, p.x - 7), N(c, p.y + 2));
	sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"1.2\" fill=\"#f2d15c\"/>\n", N(c, p.x + 1),
	    N(c, p.y - 1));
}

static void
draw_portal(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"6\" fill=\"none\" stroke=\"#7b3fa0\" "
	    "stroke-width=\"3\"/>\n", N(c, p.x), N(c, p.y));
}

static void
draw_unknown(struct sctx *c, const struct tlayout *L, int s)
{
	sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"6\" fill=\"#c8c8c8\" " "stroke=\"#555555\"/>\n",
	    N(c, L->mark[s].x), N(c, L->mark[s].y));
}

/* A module's mark: a dashed ring in its player's colour (a catapult's token), or a badge
 * with its number (a tower's height). */
static void
draw_mark(struct sctx *c, const struct mark *m, double x, double y, const char *fill)
{
	if (m->label == 0) {
		sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"6\" fill=\"%s\" stroke=\"#000000\" "
		    "stroke-width=\"2\" stroke-dasharray=\"3 2\"/>\n", N(c, x), N(c, y), fill);
		return;
	}
	sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"8\" fill=\"%s\" stroke=\"" C_INK "\" "
	    "stroke-width=\"1.5\"/>\n", N(c, x), N(c, y), fill);
	sp(c, "<text x=\"%s\" y=\"%s\" font-family=\"sans-serif\" font-size=\"11\" "
	    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"" C_INK "\">%d</text>\n",
	    N(c, x), N(c, y + 4), m->label);
}

/* A tower: a grey turret with its battlements. */
static void
draw_tower(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	sp(c, "<path d=\"M%s %sv-14h3v3h3v-3h3v3h3v-3h3v14z\" fill=\"#9e9e9e\" stroke=\""
	    C_INK "\"/>\n", N(c, p.x - 7.5), N(c, p.y + 7));
}

/* An inn: a lake by the road, and the inn's roof on its shore. */
static void
draw_inn(struct sctx *c, struct pt p)
{
	sp(c, "<ellipse cx=\"%s\" cy=\"%s\" rx=\"7\" ry=\"4.5\" fill=\"#4f8fd6\" "
	    "stroke=\"#2c5a8f\"/>\n", N(c, p.x), N(c, p.y + 2));
	draw_house(c, (struct pt){ p.x + 4, p.y - 3 }, 6, 4, 4);
}

/* A cathedral: a nave of stone under a tower with a cross. */
static void
draw_cathedral(struct sctx *c, struct pt p)
{
	sp(c, "<path d=\"M%s %sh12v-7l-6-4-6 4z\" fill=\"" C_STONE "\" stroke=\"" C_INK
	    "\"/>\n", N(c, p.x - 6), N(c, p.y + 5));
	sp(c, "<path d=\"M%s %sv-9h4v9z\" fill=\"" C_STONE "\" stroke=\"" C_INK "\"/>\n",
	    N(c, p.x - 2), N(c, p.y - 2));
	sp(c, "<path d=\"M%s %sv-5m-2 1.5h4\" stroke=\"" C_INK "\" stroke-width=\"1.2\"/>\n",
	    N(c, p.x), N(c, p.y - 11));
}

/* The princess of a city: a golden crown. */
static void
draw_princess(struct sctx *c, struct pt p)
{
	sp(c, "<path d=\"M%s %sv-7l3 4 3-5 3 5 3-4v7z\" fill=\"#f2c12e\" stroke=\"" C_INK
	    "\" stroke-width=\".8\"/>\n", N(c, p.x - 6), N(c, p.y + 4));
}

/* The goods of Traders & Builders: a bunch of grapes (wine), a sheaf (grain), a bolt of blue
 * cloth. */
static void
draw_wine(struct sctx *c, struct pt p)
{
	static const int dx[6] = { -4, 0, 4, -2, 2, 0 }, dy[6] = { -4, -4, -4, 0, 0, 4 };
	int i;

	for (i = 0; i < 6; i++)
		sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"2.4\" fill=\"#7b2d8e\" "
		    "stroke=\"" C_INK "\" stroke-width=\"0.6\"/>\n", N(c, p.x + dx[i]),
		    N(c, p.y + dy[i]));
}

static void
draw_grain(struct sctx *c, struct pt p)
{
	static const int dx[3] = { -4, 0, 4 };
	int i;

	for (i = 0; i < 3; i++)
		sp(c, "<ellipse cx=\"%s\" cy=\"%s\" rx=\"2\" ry=\"5\" fill=\"#e3c13b\" "
		    "stroke=\"" C_INK "\" stroke-width=\"0.6\" transform=\"rotate(%d %s %s)\"/>\n",
		    N(c, p.x + dx[i]), N(c, p.y - 3), dx[i] * 5, N(c, p.x), N(c, p.y + 5));
	sp(c, "<path d=\"M%s %sv8\" stroke=\"" C_INK "\"/>\n", N(c, p.x), N(c, p.y));
}

static void
draw_cloth(struct sctx *c, struct pt p)
{
	sp(c, "<path d=\"M%s %sh10l2 4-2 4h-10z\" fill=\"#3a6fc4\" stroke=\"" C_INK
	    "\"/>\n", N(c, p.x - 6), N(c, p.y - 4));
	sp(c, "<path d=\"M%s %sv8\" stroke=\"" C_INK "\" stroke-width=\"0.6\"/>\n",
	    N(c, p.x + 1), N(c, p.y - 4));
}

static void
draw_sign_unknown(struct sctx *c, struct pt p)
{
	sp(c, "<path d=\"M%s %sl4 4-4 4-4-4z\" fill=\"#c8c8c8\" stroke=\"#555555\"/>\n",
	    N(c, p.x), N(c, p.y - 4));
}

/* How each sign is drawn, by name; one missing here is a neutral grey diamond. */
static const struct ssign {
	const char *sign;
	void (*draw)(struct sctx *, struct pt);
} ssigns[] = {
	{ "inn", draw_inn },
	{ "cathedral", draw_cathedral },
	{ "wine", draw_wine },
	{ "grain", draw_grain },
	{ "cloth", draw_cloth },
	{ "princess", draw_princess },
};

static void
(*ssign(int k))(struct sctx *, struct pt)
{
	size_t i;

	for (i = 0; i < sizeof(ssigns) / sizeof(ssigns[0]); i++)
		if (strcmp(ssigns[i].sign, signs[k]->name) == 0)
			return ssigns[i].draw;
	return draw_sign_unknown;
}

static void
draw_tile(struct sctx *c, const struct tlayout *L, int ox, int oy)
{
	const struct tiletype *t = L->t;
	int layer, s, k;

	sp(c, "<g transform=\"translate(%d %d)\">\n", ox, oy);
	sp(c, "<rect width=\"%d\" height=\"%d\" fill=\"" C_FIELD "\"/>\n", T, T);
	for (s = 0; s < t->nseg; s++)
		if (skind(t->seg[s].kind)->under)
			skind(t->seg[s].kind)->under(c, L, s);
	for (layer = 0; layer < NLAYERS; layer++) {
		for (s = 0; s < t->nseg; s++)
			if (skind(t->seg[s].kind)->layer == layer && skind(t->seg[s].kind)->draw)
				skind(t->seg[s].kind)->draw(c, L, s);
		if (layer == 2 && L->village)
			draw_village(c);
	}
	for (s = 0; s < t->nseg; s++)
		for (k = 0; k < nsigns; k++)
			if (t->seg[s].signs & (1u << k))
				ssign(k)(c, L->sign[s][k]);
	sp(c, "<rect x=\".5\" y=\".5\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#000000\" "
	    "stroke-opacity=\".22\"/>\n</g>\n", T - 1, T - 1);
}

/* Where a figure on segment s stands, and the room it takes from the next one. */
static struct pt
figure_spot(struct tlayout *L, int s)
{
	const struct tiletype *t = L->t;
	uint8_t m = t->rsides[L->rot][s];
	struct pt p = centre;
	int side, n = 0;

	if (L->hasmark[s] && L->nfig[s] == 0) {
		p = L->mark[s];
		p.y += skind(t->seg[s].kind)->figdy;
	}
	else if (skind(t->seg[s].kind)->area == AREA_ROAD && L->nfig[s] == 0) {
		/* on the road: halfway along a bend, near the side where a road ends */
		p.x = p.y = 0;
		for (side = 0; side < 4; side++)
			if (m & (1u << side)) {
				p.x += sidemid[side].x;
				p.y += sidemid[side].y;
				n++;
			}
		if (n == 1) {
			p.x = p.x + 0.4 * (centre.x - p.x);
			p.y = p.y + 0.4 * (centre.y - p.y);
		} else if (n == 2) {
			p.x = p.x / 4 + centre.x / 2;
			p.y = p.y / 4 + centre.y / 2;
		} else
			p = centre;
	} else if (!roomiest(L, WANT_SEG, s, &p) && !roomiest(L, WANT_OPEN, s, &p))
		p = centre;
	L->nfig[s]++;
	p.x = p.x < 10 ? 10 : p.x > T - 10 ? T - 10 : p.x;
	p.y = p.y < 10 ? 10 : p.y > T - 10 ? T - 10 : p.y;
	disc(L, p, 9);
	return p;
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
	sp(c, "<path d=\"%s\" transform=\"translate(", f->shape);
	sp(c, "%s %s", N(c, p.x), N(c, p.y));
	if (f->scale != 1)
		sp(c, ") scale(%s", N(c, f->scale));
	sp(c, ")%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.2\" stroke-linejoin=\"round\"",
	    lying ? " rotate(90)" : "", pcolors[color].svg, pcolors[color].ink);
	if (f->opacity)
		sp(c, " fill-opacity=\"%s\" stroke-dasharray=\"2 1.5\"", f->opacity);
	sp(c, "/>\n");
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
		sp(c, "<path d=\"M%s %sl-7-9 2 9-6-4 3 7z\" fill=\"#1b5e20\" stroke=\"" C_INK
		    "\" stroke-width=\"1\"/>\n", N(c, p.x - 2), N(c, p.y + 2));
		sp(c, "<path d=\"M%s %sc4-6 10-6 14-1l4-3-1 6-5 1c-3 3-9 3-12-3z\" "
		    "fill=\"#2e7d32\" stroke=\"" C_INK "\" stroke-width=\"1.2\"/>\n",
		    N(c, p.x - 9), N(c, p.y + 5));
		sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"1.3\" fill=\"#f2d15c\"/>\n",
		    N(c, p.x + 8), N(c, p.y + 1));
	} else if (strcmp(name, "fairy") == 0) {
		p.x += 9;
		sp(c, "<ellipse cx=\"%s\" cy=\"%s\" rx=\"5\" ry=\"3\" fill=\"#bfe3f5\" "
		    "fill-opacity=\".8\" stroke=\"" C_INK "\" stroke-width=\".6\"/>\n",
		    N(c, p.x), N(c, p.y - 3));
		sp(c, "<path d=\"M%s %sl-3 7h6z\" fill=\"#e77fb3\" stroke=\"" C_INK
		    "\" stroke-width=\".8\"/>\n", N(c, p.x), N(c, p.y - 2));
		sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"2\" fill=\"#f6d7b0\" stroke=\"" C_INK
		    "\" stroke-width=\".6\"/>\n", N(c, p.x), N(c, p.y - 4));
	} else
		sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"6\" fill=\"#9e9e9e\" stroke=\"" C_INK
		    "\"/>\n", N(c, p.x), N(c, p.y));
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

	layout(&L, t, pl->rot);
	for (i = 0; i < g->nfigs; i++) {
		if (g->figs[i].tile != b || g->figs[i].seg >= t->nseg)
			continue;
		if (g->figs[i].corner) {
			/* on its corner: NE, SE, SW, NW */
			p.x = g->figs[i].corner <= 2 ? T : 0;
			p.y = g->figs[i].corner == 2 || g->figs[i].corner == 3 ? T : 0;
		} else
			p = figure_spot(&L, g->figs[i].seg);
		p.x += ox;
		p.y += oy;
		f = sfig(g->ts.fig[g->figs[i].type].name);
		draw_figure(c, p, c->v->color[g->figs[i].owner],
		    t->seg[g->figs[i].seg].kind == K_FIELD && !f->stands, f);
	}
	for (i = 0; i < g->ts.nneutral; i++)
		if (g->neutral[i].on && g->neutral[i].x == pl->x && g->neutral[i].y == pl->y)
			draw_neutral(c, g->ts.neutral[i].name, g->neutral[i].seg >= 0 ?
			    figure_spot(&L, g->neutral[i].seg) : (struct pt){ T * .74, T * .3 },
			    ox, oy);
}

static void
rect(struct sctx *c, double x, double y, double w, double h, const char *attrs)
{
	sp(c, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s", N(c, x), N(c, y), N(c, w),
	    N(c, h));
	sp(c, "\" %s/>\n", attrs);
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
	sp(c, "<g stroke=\"" C_INK "\" stroke-opacity=\".45\" fill=\"none\">\n");
	rect(c, x0 - TRACK / 2, y0 - TRACK / 2, x1 - x0 + TRACK, y1 - y0 + TRACK, "");
	rect(c, x0 + TRACK / 2, y0 + TRACK / 2, x1 - x0 - TRACK, y1 - y0 - TRACK, "");
	for (k = 0; k < TRACKLAP; k++) {
		p = track_at(k * step, x0, y0, x1, y1, &across);
		sp(c, "<path d=\"M%s %s", N(c, p.x - (across ? TRACK / 2 : 0)),
		    N(c, p.y - (across ? 0 : TRACK / 2)));
		sp(c, "%s" XSTR(TRACK) "\"/>\n", across ? "h" : "v");
	}
	sp(c, "</g>\n<g font-family=\"" FONT "\" font-size=\"9\" fill=\"" C_INK "\" "
	    "text-anchor=\"middle\">\n");
	for (k = 0; k < TRACKLAP; k += 5) {
		p = track_at((k + 0.5) * step, x0, y0, x1, y1, &across);
		sp(c, "<text x=\"%s\" y=\"%s\">%d</text>\n", N(c, p.x), N(c, p.y + 3.5), k);
	}
	sp(c, "</g>\n");
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
		sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"5.5\" fill=\"%s\" stroke=\"%s\"/>\n",
		    N(c, p.x), N(c, p.y), pcolors[v->color[i]].svg, pcolors[v->color[i]].ink);
		if (g->pl[i].score >= TRACKLAP)
			sp(c, "<text x=\"%s\" y=\"%s\" font-family=\"" FONT "\" font-size=\"7\" "
			    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%d</text>\n",
			    N(c, p.x), N(c, p.y + 2.5), pcolors[v->color[i]].ink,
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

	sp(c, "<g font-family=\"" FONT "\" font-size=\"12\" fill=\"#7a6a55\">\n");
	for (x = v->minx; x <= v->maxx; x++)
		sp(c, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
		    f->bx + (x - v->minx) * T + T / 2, f->by - 7, x);
	for (y = v->miny; y <= v->maxy; y++)
		sp(c, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n", f->bx - 8,
		    f->by + (y - v->miny) * T + T / 2 + 4, y);
	sp(c, "</g>\n");
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
	sp(c, "<g fill=\"#000000\" fill-opacity=\".16\">\n");
	for (b = 0; b < g->nboard; b++)
		rect(c, CELLX(f, g->board[b].x) + 2, CELLY(f, g->board[b].y) + 2, T, T, "");
	sp(c, "</g>\n");
	for (b = 0; b < g->nboard; b++) {
		layout(&L, &g->ts.types[g->board[b].type], g->board[b].rot);
		for (i = 0; i < L.t->nseg; i++)
			L.done[i] = (L.t->seg[i].kind == K_ROAD || L.t->seg[i].kind == K_CITY) &&
			    view_complete(v, b, i);
		draw_tile(c, &L, CELLX(f, g->board[b].x), CELLY(f, g->board[b].y));
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

	sp(c, "<g font-family=\"" FONT "\" font-size=\"13\" fill=\"" C_INK "\">\n");
	sp(c, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">player</text>\n", tx + 40, ty + 16);
	sp(c, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\" text-anchor=\"end\">score</text>\n",
	    tx + 40 + namew + 60, ty + 16);
	sp(c, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">figures left</text>\n",
	    tx + 40 + namew + 90, ty + 16);
	for (i = 0; i < g->nplayers; i++) {
		y = ty + (i + 1) * ROWH;
		if (g->phase != CARC_OVER && i == g->player)
			sp(c, "<path d=\"M%d %dl8 5l-8 5z\" fill=\"" C_INK "\"/>\n", tx, y + 6);
		draw_meeple(c, (struct pt){ tx + 22, y + 11 }, v->color[i], false);
		sp(c, "<text x=\"%d\" y=\"%d\">", tx + 40, y + 16);
		xml(c, g->pl[i].name);
		sp(c, "</text>\n<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n",
		    tx + 40 + namew + 60, y + 16, g->pl[i].score);
		line->len = 0;
		c->rc |= view_figures(v, i, line);
		c->rc |= view_holdings(v, i, line);
		sp(c, "<text x=\"%d\" y=\"%d\">", tx + 40 + namew + 90, y + 16);
		xml(c, line->data ? line->data : "");
		sp(c, "</text>\n");
	}
	y = ty + (g->nplayers + 1) * ROWH;
	line->len = 0;
	c->rc |= view_status(v, line);
	sp(c, "<text x=\"%d\" y=\"%d\">", tx, y + 18);
	xml(c, line->data ? line->data : "");
	sp(c, "</text>\n</g>\n");
	if (g->phase == CARC_PLACE)
		for (i = 0; i < g->ndrawn; i++) {
			x = tx + 20 + i * (T + 16);
			layout(&L, &g->ts.types[g->drawn[i]], 0);
			draw_tile(c, &L, x, y + 28);
			sp(c, "<text x=\"%d\" y=\"%d\" font-family=\"" FONT "\" font-size=\"13\" "
			    "fill=\"" C_INK "\">", x + T + 5, y + 28 + T / 2 + 4);
			xml(c, g->ts.types[g->drawn[i]].id);
			sp(c, "</text>\n");
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
	sp(&c, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	sp(&c, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\">\n", f.w, f.h, f.w, f.h);
	sp(&c, "<title>carc: ");
	xml(&c, line.data ? line.data : "");
	sp(&c, "</title>\n");
	/* the roofs of a town, to fill cities with */
	sp(&c, "<defs><pattern id=\"roofs\" width=\"12\" height=\"10\" "
	    "patternUnits=\"userSpaceOnUse\"><path d=\"M1 5l3-3 3 3zM7 10l3-3 3 3zM-5 10l3-3 3 3z\" "
	    "fill=\"" C_ROOF "\"/></pattern></defs>\n");
	rect(&c, 0, 0, f.w, f.h, "fill=\"" C_BACK "\"");
	draw_track(&c, &v, MARGIN + TRACK / 2, MARGIN + TRACK / 2, f.kx, f.ky);
	if (!o->nocoords)
		draw_coords(&c, &f);
	draw_board(&c, &f);
	draw_table(&c, &f, &line);
	sp(&c, "</svg>\n");
	carc_buf_release(&line);
	return c.rc ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}
