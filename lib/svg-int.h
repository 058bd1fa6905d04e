/* What the files of the SVG picture (svg.c, svg-*.c) share: a tile's size and the colours,
 * points, the writers of the picture, the shapes of cities, a tile laid out and how each kind
 * of segment is drawn. */
#ifndef CARC_SVG_INT_H
#define CARC_SVG_INT_H

#include "view.h"

#define T 64			/* a tile's side in pixels */
#define GRID 15			/* sample points a side, 4 px apart, where things may stand */

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
	char num[16][24];	/* svg_N's texts, reused in turn */
	int nnum;
};

void svg_sp(struct sctx *, const char *fmt, ...);
const char *svg_N(struct sctx *, double);
void svg_xml(struct sctx *, const char *);
struct pt svg_turn(struct pt, int r);
struct pt svg_unturn(struct pt, int r);

/* A step of a city's ground or wall (svg-shape.c's cshapes), in one orientation. */
struct pathop {
	char op;		/* M L Q Z, or 0 at the end */
	struct pt p[2];
};

/* The shape of a city that reaches the sides in mask: its ground, its wall, where its first
 * pennant goes and which points it covers, before it is turned as svg_city_shape says. */
struct cshape {
	uint8_t mask;		/* sides, N = 1, E = 2, S = 4, W = 8 */
	const struct pathop *fill, *wall;
	struct pt pennant;
	bool (*inside)(struct pt);
};

const struct cshape *svg_city_shape(uint8_t m, int *r);
void svg_path(struct sctx *, const struct pathop *, int r);

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

void svg_layout(struct tlayout *, const struct tiletype *, int rot);
struct pt svg_figure_spot(struct tlayout *, int s);

/* How a kind of segment takes room and is drawn (svg-tile.c's skinds, by name). */
struct skind {
	const char *kind;	/* a kind of feature of the table of kinds, by name */
	int area;
	int where;
	double radius;
	double figdy;		/* a figure on a mark stands lower, leaving the mark seen */
	int layer;
	void (*under)(struct sctx *, const struct tlayout *, int);
	void (*draw)(struct sctx *, const struct tlayout *, int);
};

const struct skind *svg_skind(int kind);
void svg_draw_tile(struct sctx *, const struct tlayout *, int ox, int oy);

#endif
