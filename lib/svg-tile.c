/* A tile in the SVG picture (svg.c), drawn from its tile-set data as svg-layout.c lays it
 * out: each kind of segment and each sign drawn by its name. */
#include <string.h>

#include "svg-int.h"

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
static const struct skind skinds[] = {
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
const struct skind *
svg_skind(int kind)
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
		svg_sp(c, "M%s %s", svg_N(c, sidemid[a].x), svg_N(c, sidemid[a].y));
		if ((a ^ b) == 2)
			svg_sp(c, "L");
		else {
			svg_sp(c, "Q%s %s ", svg_N(c, centre.x), svg_N(c, centre.y));
		}
		svg_sp(c, "%s %s", svg_N(c, sidemid[b].x), svg_N(c, sidemid[b].y));
		return;
	}
	for (side = 0; side < 4; side++)
		if (m & (1u << side)) {
			svg_sp(c, "M%s %sL%s %s", svg_N(c, sidemid[side].x),
			    svg_N(c, sidemid[side].y), svg_N(c, centre.x), svg_N(c, centre.y));
		}
}

/* A road is a wide dark line under a narrower light one: the verges show where it runs even
 * over a light field, and junctions merge as the light lines go over every dark one. */
static void
draw_road_edge(struct sctx *c, const struct tlayout *L, int s)
{
	svg_sp(c, "<path d=\"");
	road_d(c, L, s);
	svg_sp(c, "\" fill=\"none\" stroke=\"" C_ROADEDGE "\" stroke-width=\"9\"/>\n");
}

/* A completed road is paved: darker, with a line of cobbles down the middle. */
static void
draw_road(struct sctx *c, const struct tlayout *L, int s)
{
	svg_sp(c, "<path d=\"");
	road_d(c, L, s);
	svg_sp(c, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"5\"/>\n",
	    L->done[s] ? C_ROADDONE : C_ROAD);
	if (L->done[s]) {
		svg_sp(c, "<path d=\"");
		road_d(c, L, s);
		svg_sp(c, "\" fill=\"none\" stroke=\"" C_ROADEDGE "\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"2 2\"/>\n");
	}
}

static void
draw_city(struct sctx *c, const struct tlayout *L, int s)
{
	int r, i;
	const struct cshape *sh = svg_city_shape(L->t->rsides[L->rot][s], &r);
	struct pt p;

	/* a town: roofs over the ground, faint while the city is open */
	svg_sp(c, "<path d=\"");
	svg_path(c, sh->fill, r);
	svg_sp(c, "\" fill=\"%s\"/>\n", L->done[s] ? C_CITYDONE : C_CITY);
	svg_sp(c, "<path d=\"");
	svg_path(c, sh->fill, r);
	svg_sp(c, "\" fill=\"url(#roofs)\"%s/>\n", L->done[s] ? "" : " fill-opacity=\".35\"");
	/* its wall, with battlements of stone once the city is complete */
	if (sh->wall[0].op) {
		svg_sp(c, "<path d=\"");
		svg_path(c, sh->wall, r);
		svg_sp(c, "\" fill=\"none\" stroke=\"" C_WALL "\" stroke-width=\"%s\" "
		    "stroke-linecap=\"round\"/>\n", L->done[s] ? "4" : "2.5");
		if (L->done[s]) {
			svg_sp(c, "<path d=\"");
			svg_path(c, sh->wall, r);
			svg_sp(c, "\" fill=\"none\" stroke=\"" C_STONE "\" stroke-width=\"2\" "
			    "stroke-dasharray=\"3 2\"/>\n");
		}
	}
	for (i = 0; i < L->t->seg[s].pennants && i < 3; i++) {
		p = svg_turn((struct pt){ sh->pennant.x + 11 * i, sh->pennant.y }, r);
		/* a shield: flat top, round bottom */
		svg_sp(c, "<path d=\"M%s %s", svg_N(c, p.x - 4.5), svg_N(c, p.y - 5.5));
		svg_sp(c, "h9v5.5q0 4-4.5 6q-4.5-2-4.5-6z\" fill=\"" C_PENNANT "\" stroke=\"" C_INK
		    "\" stroke-width=\"1.2\"/>\n");
	}
}

static void
draw_house(struct sctx *c, struct pt p, double w, double h, double roof)
{
	svg_sp(c, "<path d=\"M%s %sh%sv%sh%sz\" fill=\"" C_HOUSE "\" stroke=\"" C_INK "\"/>\n",
	    svg_N(c, p.x - w / 2), svg_N(c, p.y), svg_N(c, w), svg_N(c, h), svg_N(c, -w));
	svg_sp(c, "<path d=\"M%s %sL%s %sL%s %sz\" fill=\"" C_ROOF "\" stroke=\"" C_INK
	    "\" stroke-linejoin=\"round\"/>\n", svg_N(c, p.x - w / 2 - 2), svg_N(c, p.y + 1),
	    svg_N(c, p.x), svg_N(c, p.y - roof), svg_N(c, p.x + w / 2 + 2), svg_N(c, p.y + 1));
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
	svg_sp(c, "<path d=\"M%s %sv-6h4v6z\" fill=\"" C_INK "\"/>\n", svg_N(c, p.x - 2),
	    svg_N(c, p.y + 10));
	svg_sp(c, "<path d=\"M%s %sv-6m-3 2.5h6\" stroke=\"" C_INK "\" stroke-width=\"1.5\"/>\n",
	    svg_N(c, p.x), svg_N(c, p.y - 11));
}

static void
draw_garden(struct sctx *c, const struct tlayout *L, int s)
{
	static const double blobs[3][3] = { { -4, 1.5, 4.5 }, { 4, 1.5, 4.5 }, { 0, -2.5, 5 } };
	struct pt p = L->mark[s];
	int i;

	for (i = 0; i < 3; i++) {
		svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"#3d7a2a\" "
		    "stroke=\"#234d17\"/>\n", svg_N(c, p.x + blobs[i][0]),
		    svg_N(c, p.y + blobs[i][1]), svg_N(c, blobs[i][2]));
	}
	svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"1.8\" fill=\"#74b34c\"/>\n", svg_N(c, p.x - 1.5),
	    svg_N(c, p.y - 4));
}

/* The fortune teller's tent: a striped cone with a pennon. */
static void
draw_tent(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	svg_sp(c, "<path d=\"M%s %sL%s %sL%s %sz\" fill=\"#7b3fa0\" stroke=\"" C_INK "\"/>\n",
	    svg_N(c, p.x - 9), svg_N(c, p.y + 7), svg_N(c, p.x), svg_N(c, p.y - 9),
	    svg_N(c, p.x + 9), svg_N(c, p.y + 7));
	svg_sp(c, "<path d=\"M%s %sL%s %sM%s %sL%s %s\" stroke=\"#f2d15c\" "
	    "stroke-width=\"1.5\"/>\n", svg_N(c, p.x), svg_N(c, p.y - 9), svg_N(c, p.x - 3),
	    svg_N(c, p.y + 7), svg_N(c, p.x), svg_N(c, p.y - 9), svg_N(c, p.x + 3),
	    svg_N(c, p.y + 7));
	svg_sp(c, "<path d=\"M%s %sv-4l4 1.5-4 1.5\" fill=\"#f2d15c\" stroke=\"" C_INK
	    "\" stroke-width=\".8\"/>\n", svg_N(c, p.x), svg_N(c, p.y - 9));
}

/* The fair: a booth under a red and white awning. */
static void
draw_fair(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	svg_sp(c, "<rect x=\"%s\" y=\"%s\" width=\"16\" height=\"8\" fill=\"" C_HOUSE
	    "\" stroke=\"" C_INK "\"/>\n", svg_N(c, p.x - 8), svg_N(c, p.y - 1));
	svg_sp(c, "<path d=\"M%s %sL%s %sL%s %sz\" fill=\"#c8312b\" stroke=\"" C_INK "\"/>\n",
	    svg_N(c, p.x - 10), svg_N(c, p.y - 1), svg_N(c, p.x), svg_N(c, p.y - 9),
	    svg_N(c, p.x + 10), svg_N(c, p.y - 1));
	svg_sp(c, "<path d=\"M%s %sL%s %sL%s %s\" fill=\"#ffffff\"/>\n", svg_N(c, p.x - 4),
	    svg_N(c, p.y - 1), svg_N(c, p.x), svg_N(c, p.y - 9), svg_N(c, p.x + 4),
	    svg_N(c, p.y - 1));
}

/* The symbols of The Princess & the Dragon: a smoking volcano, a dragon's green head, a
 * magic portal's violet ring. */
static void
draw_volcano(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	svg_sp(c, "<path d=\"M%s %sL%s %sh6L%s %sz\" fill=\"#6d4c3d\" stroke=\"" C_INK "\"/>\n",
	    svg_N(c, p.x - 11), svg_N(c, p.y + 8), svg_N(c, p.x - 3), svg_N(c, p.y - 6),
	    svg_N(c, p.x + 11), svg_N(c, p.y + 8));
	svg_sp(c, "<path d=\"M%s %sl2 4 2-3 2 3\" fill=\"none\" stroke=\"#e8541c\" "
	    "stroke-width=\"2\"/>\n", svg_N(c, p.x - 4), svg_N(c, p.y - 9));
}

static void
draw_dragon_sign(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	svg_sp(c, "<path d=\"M%s %sl8-5 6 3-6 3 2 5z\" fill=\"#2e7d32\" stroke=\"" C_INK
	    "\"/>\n", svg_N(c, p.x - 7), svg_N(c, p.y + 2));
	svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"1.2\" fill=\"#f2d15c\"/>\n", svg_N(c, p.x + 1),
	    svg_N(c, p.y - 1));
}

static void
draw_portal(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"6\" fill=\"none\" stroke=\"#7b3fa0\" "
	    "stroke-width=\"3\"/>\n", svg_N(c, p.x), svg_N(c, p.y));
}

static void
draw_unknown(struct sctx *c, const struct tlayout *L, int s)
{
	svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"6\" fill=\"#c8c8c8\" " "stroke=\"#555555\"/>\n",
	    svg_N(c, L->mark[s].x), svg_N(c, L->mark[s].y));
}

/* A tower: a grey turret with its battlements. */
static void
draw_tower(struct sctx *c, const struct tlayout *L, int s)
{
	struct pt p = L->mark[s];

	svg_sp(c, "<path d=\"M%s %sv-14h3v3h3v-3h3v3h3v-3h3v14z\" fill=\"#9e9e9e\" stroke=\""
	    C_INK "\"/>\n", svg_N(c, p.x - 7.5), svg_N(c, p.y + 7));
}

/* An inn: a lake by the road, and the inn's roof on its shore. */
static void
draw_inn(struct sctx *c, struct pt p)
{
	svg_sp(c, "<ellipse cx=\"%s\" cy=\"%s\" rx=\"7\" ry=\"4.5\" fill=\"#4f8fd6\" "
	    "stroke=\"#2c5a8f\"/>\n", svg_N(c, p.x), svg_N(c, p.y + 2));
	draw_house(c, (struct pt){ p.x + 4, p.y - 3 }, 6, 4, 4);
}

/* A cathedral: a nave of stone under a tower with a cross. */
static void
draw_cathedral(struct sctx *c, struct pt p)
{
	svg_sp(c, "<path d=\"M%s %sh12v-7l-6-4-6 4z\" fill=\"" C_STONE "\" stroke=\"" C_INK
	    "\"/>\n", svg_N(c, p.x - 6), svg_N(c, p.y + 5));
	svg_sp(c, "<path d=\"M%s %sv-9h4v9z\" fill=\"" C_STONE "\" stroke=\"" C_INK "\"/>\n",
	    svg_N(c, p.x - 2), svg_N(c, p.y - 2));
	svg_sp(c, "<path d=\"M%s %sv-5m-2 1.5h4\" stroke=\"" C_INK "\" stroke-width=\"1.2\"/>\n",
	    svg_N(c, p.x), svg_N(c, p.y - 11));
}

/* The princess of a city: a golden crown. */
static void
draw_princess(struct sctx *c, struct pt p)
{
	svg_sp(c, "<path d=\"M%s %sv-7l3 4 3-5 3 5 3-4v7z\" fill=\"#f2c12e\" stroke=\"" C_INK
	    "\" stroke-width=\".8\"/>\n", svg_N(c, p.x - 6), svg_N(c, p.y + 4));
}

/* The goods of Traders & Builders: a bunch of grapes (wine), a sheaf (grain), a bolt of blue
 * cloth. */
static void
draw_wine(struct sctx *c, struct pt p)
{
	static const int dx[6] = { -4, 0, 4, -2, 2, 0 }, dy[6] = { -4, -4, -4, 0, 0, 4 };
	int i;

	for (i = 0; i < 6; i++)
		svg_sp(c, "<circle cx=\"%s\" cy=\"%s\" r=\"2.4\" fill=\"#7b2d8e\" "
		    "stroke=\"" C_INK "\" stroke-width=\"0.6\"/>\n", svg_N(c, p.x + dx[i]),
		    svg_N(c, p.y + dy[i]));
}

static void
draw_grain(struct sctx *c, struct pt p)
{
	static const int dx[3] = { -4, 0, 4 };
	int i;

	for (i = 0; i < 3; i++)
		svg_sp(c, "<ellipse cx=\"%s\" cy=\"%s\" rx=\"2\" ry=\"5\" fill=\"#e3c13b\" "
		    "stroke=\"" C_INK "\" stroke-width=\"0.6\" transform=\"rotate(%d %s %s)\"/>\n",
		    svg_N(c, p.x + dx[i]), svg_N(c, p.y - 3), dx[i] * 5, svg_N(c, p.x),
		    svg_N(c, p.y + 5));
	svg_sp(c, "<path d=\"M%s %sv8\" stroke=\"" C_INK "\"/>\n", svg_N(c, p.x), svg_N(c, p.y));
}

static void
draw_cloth(struct sctx *c, struct pt p)
{
	svg_sp(c, "<path d=\"M%s %sh10l2 4-2 4h-10z\" fill=\"#3a6fc4\" stroke=\"" C_INK
	    "\"/>\n", svg_N(c, p.x - 6), svg_N(c, p.y - 4));
	svg_sp(c, "<path d=\"M%s %sv8\" stroke=\"" C_INK "\" stroke-width=\"0.6\"/>\n",
	    svg_N(c, p.x + 1), svg_N(c, p.y - 4));
}

static void
draw_sign_unknown(struct sctx *c, struct pt p)
{
	svg_sp(c, "<path d=\"M%s %sl4 4-4 4-4-4z\" fill=\"#c8c8c8\" stroke=\"#555555\"/>\n",
	    svg_N(c, p.x), svg_N(c, p.y - 4));
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

void
svg_draw_tile(struct sctx *c, const struct tlayout *L, int ox, int oy)
{
	const struct tiletype *t = L->t;
	int layer, s, k;

	svg_sp(c, "<g transform=\"translate(%d %d)\">\n", ox, oy);
	svg_sp(c, "<rect width=\"%d\" height=\"%d\" fill=\"" C_FIELD "\"/>\n", T, T);
	for (s = 0; s < t->nseg; s++)
		if (svg_skind(t->seg[s].kind)->under)
			svg_skind(t->seg[s].kind)->under(c, L, s);
	for (layer = 0; layer < NLAYERS; layer++) {
		for (s = 0; s < t->nseg; s++)
			if (svg_skind(t->seg[s].kind)->layer == layer &&
			    svg_skind(t->seg[s].kind)->draw)
				svg_skind(t->seg[s].kind)->draw(c, L, s);
		if (layer == 2 && L->village)
			draw_village(c);
	}
	for (s = 0; s < t->nseg; s++)
		for (k = 0; k < nsigns; k++)
			if (t->seg[s].signs & (1u << k))
				ssign(k)(c, L->sign[s][k]);
	svg_sp(c, "<rect x=\".5\" y=\".5\" width=\"%d\" height=\"%d\" fill=\"none\" "
	    "stroke=\"#000000\" stroke-opacity=\".22\"/>\n</g>\n", T - 1, T - 1);
}
