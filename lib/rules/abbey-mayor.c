/* Abbey & Mayor (RULES.md §4, §5.2) as a rules module. Its twelve land tiles are plain roads,
 * cities, fields and a monastery (formats/abbey-mayor.yaml); its mayor is a row of the figure
 * table whose strength is the pennants of its city as the city is scored (`strength:
 * pennants`, read by the core's fig_strength).
 *
 * The abbey (X-AM-1 .. X-AM-3) is the set's tile ABBEY, `own: 1`: each player holds one in
 * his own supply, and its edges `*` fit anything, want a tile beside them and end the road or
 * city across (the core's EDGE_ANY: board.c, score.c). A player who holds his may, instead of
 * drawing, put it into an empty cell with tiles on all four sides: the words
 * abbey:X,Y[,FEATURE][@FIGURE] of phase draw, abbey:none for the draw (carc-draw's, the
 * default). Once no tile is left that fits, those who still hold theirs may place it one
 * after another, from the left of the player who placed the last tile, in a phase of their
 * own (abbey), before the final scoring.
 *
 * The barn (§5.4) is a row of the figure table that stands on a corner (`stands: corner`, the
 * core's placement words X,Y,ROT,corner:NE@barn and their legality) and claims its field, so
 * that no farmer and no second barn goes there. What it does to the field is this module's:
 * farmers in its field as it comes score it as at the end and go home; farmers whose field
 * joins a barn's later score 1 a completed city and go home (placed); at the end the barns'
 * majority scores 4 a completed city (value). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board.h"
#include "../codec.h"
#include "../game.h"
#include "../legal.h"
#include "../score.h"
#include "modules.h"

struct abbeys {
	uint8_t used;		/* bit per player who has placed his abbey */
	uint8_t asked;		/* the end (X-AM-3): bit per player whose chance has come */
	int8_t first;		/* the end: the first player asked, -1 before the end */
	int16_t type;		/* the abbey's tile type, -1 when the sets have none */
	int8_t wagon;		/* the wagon's figure type, -1 when the game has none */
	int8_t barn;		/* the barn's figure type, -1 when the game has none */
	uint8_t wagons;		/* bit per player whose wagon waits to move (§5.3) */
	int8_t turn;		/* while wagons move: the player whose turn it is, else -1 */
	int16_t from[CARC_MAX_PLAYERS];	/* the tile a waiting wagon stood on (board index) */
	uint8_t fromseg[CARC_MAX_PLAYERS];	/* and its segment there */
};

/* The wagon's reach (§5.3): c2, on its tile or the eight around; c1, a feature that meets the
 * one scored on one of its tiles (the tiles' meets). */
enum { AM_WAGON };
enum { REACH_C2, REACH_C1 };

#define AB(g) ((struct abbeys *)MODULE_STATE(g, &abbey_mayor_module))

static void
am_init(struct carc_game *g)
{
	struct abbeys *a = AB(g);
	int i;

	a->used = a->asked = a->wagons = 0;
	a->first = a->turn = -1;
	for (a->type = -1, i = 0; i < g->ts.ntypes && a->type < 0; i++)
		if (g->ts.types[i].own)
			a->type = i;
	for (a->wagon = -1, i = 0; i < g->ts.nfig && a->wagon < 0; i++)
		if (g->ts.fig[i].moves)
			a->wagon = i;
	for (a->barn = -1, i = 0; i < g->ts.nfig && a->barn < 0; i++)
		if (g->ts.fig[i].corner)
			a->barn = i;
}

static bool
held(const struct carc_game *g, int p)
{
	return AB(g)->type >= 0 && !(AB(g)->used >> p & 1);
}

/* An empty cell with tiles on all four sides: a frontier cell none of whose sides asks for
 * nothing (3, no neighbour). */
static bool
is_hole(const struct fcell *fc)
{
	return (fc->asks & fc->asks >> 1 & 0x55) == 0;
}

static bool
any_hole(const struct carc_game *g)
{
	int i;

	for (i = 0; i < g->nfrontier; i++)
		if (is_hole(&g->frontier[i]))
			return true;
	return false;
}

/* Whether the player to move may put his abbey down now, instead of a draw: not while the
 * tiles of a second turn are held (F-9). */
static bool
may_place(const struct carc_game *g)
{
	return held(g, g->player) && g->ndrawn == 0 && any_hole(g);
}

/* ---- words ---- */

/* A placement word of the abbey as the core writes it, X,Y,0[,FEATURE[@FIGURE]], as the
 * player's word abbey:X,Y[,FEATURE[@FIGURE]] into out: an abbey is the same in every
 * rotation. -1 if it does not fit. */
static int
abbey_word(const char *w, char *out, size_t size)
{
	const char *c = strchr(w, ','), *r = c ? strchr(c + 1, ',') : NULL, *rest;
	int n;

	if (r == NULL)
		return -1;
	rest = strchr(r + 1, ',');
	n = snprintf(out, size, "abbey:%.*s%s", (int)(r - w), w, rest ? rest : "");
	return n < 0 || (size_t)n >= size ? -1 : n;
}

static int
add_word(void *arg, const char *w)
{
	char out[128];
	int n = abbey_word(w, out, sizeof(out));

	return n < 0 ? -1 : carc_buf_add(arg, out, n + 1);
}

/* abbey:none, then every placement of the abbey. */
static int
abbey_words(const struct carc_game *g, struct carc_buf *b)
{
	int n;

	if (carc_buf_add(b, "abbey:none", sizeof("abbey:none")) == -1 ||
	    (n = supply_words(g, AB(g)->type, add_word, b)) < 0)
		return -1;
	return n + 1;
}

static int
am_draw_words(const struct carc_game *g, struct carc_buf *b)
{
	return may_place(g) ? abbey_words(g, b) : 0;
}

/* A refusal of the core's about the placement word w2 made of the player's word w: the
 * message quotes w. */
static int
requote(struct carc_err *err, const char *w2, const char *w)
{
	char *at = strstr(err->msg, w2), tail[sizeof(err->msg)];

	if (at != NULL) {
		snprintf(tail, sizeof(tail), "%s", at + strlen(w2));
		snprintf(at, sizeof(err->msg) - (at - err->msg), "%s%s", w, tail);
	}
	return err->code;
}

/* The log's word of an abbey's placement, the core's: ABBEY/X,Y,ROT[,FEATURE][@FIGURE]. */
static bool
logged(const struct carc_game *g, const char *w)
{
	size_t n = strlen(g->ts.types[AB(g)->type].id);

	return strncmp(w, g->ts.types[AB(g)->type].id, n) == 0 && w[n] == '/';
}

/* abbey:X,Y[,ROT][,FEATURE][@FIGURE], or the log's ABBEY/X,Y,ROT...: the abbey put down, as
 * a placement of the tile drawn, and logged as the core writes a placement. */
static int
abbey_place(struct carc_game *g, const char *w, struct carc_err *err)
{
	static const char *const rots[] = { "0", "90", "180", "270" };
	struct abbeys *a = AB(g);
	const struct fcell *fc;
	char w2[128], canon[128];
	const char *p = logged(g, w) ? strchr(w, '/') + 1 : w + 6, *c;
	int x, y, r = 0;
	size_t n;

	if (!cell_read(p, &x, &y, &c) || (*c != '\0' && *c != ','))
		return seterr(err, CARC_EUSAGE,
		    "bad move '%s': expected abbey:X,Y[,FEATURE][@FIGURE] or abbey:none", w);
	/* a rotation if the word gives one, else 0; the abbey looks the same in each (same_as),
	 * so every rotation of it is one move, one state and one word of the log (X-AM-1) */
	if (c[0] == ',' && (c[1] == '-' || isdigit((unsigned char)c[1]))) {
		n = strcspn(c + 1, ",@");
		for (r = 0; r < 4; r++)
			if (strlen(rots[r]) == n && strncmp(c + 1, rots[r], n) == 0)
				break;
		if (r == 4)
			return seterr(err, CARC_EUSAGE, "bad move '%s': the rotation must be 0, 90, "
			    "180 or 270", w);
		c += 1 + n;
	}
	if (!held(g, g->player))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s's abbey is on the board "
		    "already (X-AM-1)", w, g->pl[g->player].name);
	if ((fc = frontier_at(g, x, y)) == NULL || !is_hole(fc))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': an abbey goes only into an "
		    "empty cell with tiles on all four sides (X-AM-1)", w);
	r = g->ts.types[a->type].same_as[r];
	snprintf(w2, sizeof(w2), "%d,%d,%d%s", x, y, 90 * r, c);
	if (supply_place(g, a->type, w2, canon, sizeof(canon), err))
		return requote(err, w2, w);
	a->used |= 1u << g->player;
	if (!g->quiet && game_log(g, canon) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

/* In phase draw: abbey:none, the draw (carc-draw's), or the abbey instead of it. */
static int
am_draw_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	if (strncmp(w, "abbey:", 6) != 0 && !logged(g, w))
		return -1;
	if (g->ndrawn > 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s plays the second turn "
		    "from the tiles held (F-9): no abbey now", w, g->pl[g->player].name);
	if (strcmp(w, "abbey:none") == 0)
		return carc_game_draw(g, err);
	return abbey_place(g, w, err);
}

/* ---- the end (X-AM-3) ---- */

/* No tile left fits: each player who still holds his abbey, from the player to move (the
 * left of the one who placed the last tile) on, has his chance once, while a hole is left. */
static int
am_ending(struct carc_game *g)
{
	struct abbeys *a = AB(g);
	int k, p;

	if (a->type < 0)
		return 0;
	if (a->first < 0)
		a->first = g->player;
	for (k = 0; k < g->nplayers; k++) {
		p = (a->first + k) % g->nplayers;
		if (a->asked >> p & 1)
			continue;
		a->asked |= 1u << p;
		if (!held(g, p) || !any_hole(g))
			continue;
		g->player = p;
		g->phase = CARC_ABBEY;
		return 1;
	}
	return 0;
}

static int
end_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	if (strcmp(w, "abbey:none") == 0) {
		if (!g->quiet && game_log(g, w) == -1)
			return seterr(err, CARC_ESOFTWARE, "out of memory");
		turn_next(g);
		return 0;
	}
	if (strncmp(w, "abbey:", 6) != 0 && !logged(g, w))
		return seterr(err, CARC_EUSAGE, "bad move '%s': %s may place the abbey "
		    "(abbey:X,Y[,FEATURE][@FIGURE]) or keep it (abbey:none) (X-AM-3)", w,
		    g->pl[g->player].name);
	return abbey_place(g, w, err);
}

static int
end_words(struct carc_game *g, struct carc_err *err)
{
	return abbey_words(g, &g->words) < 0 ? seterr(err, CARC_ESOFTWARE, "out of memory") :
	    0;
}

static int
end_status(const struct carc_game *g, struct carc_buf *b)
{
	return carc_buf_printf(b, "%s may place the abbey before the final scoring (X-AM-3)",
	    g->pl[g->player].name);
}

/* ---- the wagon (§5.3) ---- */

/* A wagon in a feature the tile completed: it goes home with the others as the feature is
 * scored, and its owner moves it at the turn's end (am_turn_end). */
static void
am_completed(struct carc_game *g, int k, int root, int tile)
{
	struct abbeys *a = AB(g);
	int i;

	(void)k;
	(void)tile;
	for (i = 0; i < g->nfigs; i++) {
		const struct figure *f = &g->figs[i];

		if (g->ts.fig[f->type].moves && node_find(g, f->tile * MAXSEG + f->seg) == root) {
			a->wagons |= 1u << f->owner;
			a->from[f->owner] = f->tile;
			a->fromseg[f->owner] = f->seg;
		}
	}
}

static bool
reach_c1(const struct carc_game *g)
{
	return RULE(g, &abbey_mayor_module, AM_WAGON) == REACH_C1;
}

/* The feature player p's waiting wagon stood in, scored: its root. */
static int
scored_root(struct carc_game *g, int p)
{
	return node_find(g, AB(g)->from[p] * MAXSEG + AB(g)->fromseg[p]);
}

/* c1 across an edge that fits anything (an abbey's, X-AM-1): the segments that segment s of
 * tile b meets on the tiles beside it, as nodes (tile * MAXSEG + segment) into v; how many.
 * A road or city that ends at such an edge meets the abbey's cloister, and the cloister
 * meets every road and city that ends at one of its edges. */
static int
across(const struct carc_game *g, int b, int s, int *v)
{
	const struct placed *q = &g->board[b], *o;
	const struct tiletype *t = &g->ts.types[q->type], *u;
	int d, nb, n = 0, k;

	for (d = 0; d < 4; d++) {
		if ((nb = board_at(g, q->x + side_dx[d], q->y + side_dy[d])) < 0)
			continue;
		o = &g->board[nb];
		u = &g->ts.types[o->type];
		if (t->wild[q->rot] >> d & 1) {
			if ((k = u->sideseg[o->rot][(d + 2) % 4]) >= 0)
				v[n++] = nb * MAXSEG + k;
		} else if ((t->rsides[q->rot][s] >> d & 1) && (u->wild[o->rot] >> (d + 2) % 4 & 1))
			for (k = 0; k < u->nseg; k++)
				v[n++] = nb * MAXSEG + k;
	}
	return n;
}

/* c1: whether segment s of tile b meets, on that tile or across an abbey's edge, a segment of
 * the feature with root r. */
static bool
meets_feature(struct carc_game *g, int b, int s, int r)
{
	const struct tiletype *t = &g->ts.types[g->board[b].type];
	int u, v[4 * MAXSEG], n = across(g, b, s, v);

	for (u = 0; u < t->nseg; u++)
		if ((t->meets[u] >> s & 1) && node_find(g, b * MAXSEG + u) == r)
			return true;
	for (u = 0; u < n; u++)
		if (node_find(g, v[u]) == r)
			return true;
	return false;
}

/* Why player p's wagon may not go to segment s of tile b, into why, or 0: it stands only on
 * the features its row names (and a module's limits allow), within its reach (c2: the
 * wagon's tile or one of the eight around it; c1: a feature that meets the one scored, on
 * this tile), in a feature that is neither occupied nor complete. */
static int
wagon_refuse(struct carc_game *g, int p, int b, int s, char *why, size_t n)
{
	const struct abbeys *a = AB(g);
	const struct placed *q = &g->board[b], *o = &g->board[a->from[p]];
	const char *kind = kinds[g->ts.types[q->type].seg[s].kind]->name;
	int k = g->ts.types[q->type].seg[s].kind, r;

	if (rules_barred(g, b, why, n))
		return 1;
	if (reach_c1(g)) {
		if (!meets_feature(g, b, s, scored_root(g, p)))
			return snprintf(why, n, "that %s does not meet, on its tile, the feature "
			    "scored at %d,%d (wagon=c1, §5.3)", kind, o->x, o->y);
	} else if (abs(q->x - o->x) > 1 || abs(q->y - o->y) > 1)
		return snprintf(why, n, "%d,%d is not %d,%d, where the wagon stood, nor one of the "
		    "eight cells around it (§5.3)", q->x, q->y, o->x, o->y);
	if (figure_may_stand(g, p, a->wagon, k, -1) != STAND_OK)
		return snprintf(why, n, "a wagon may not stand on a %s (§5.3)", kind);
	r = node_find(g, b * MAXSEG + s);
	if (g->nodes[r].claims > 0)
		return snprintf(why, n, "the %s is occupied (§5.3)", kind);
	if (feature_complete(g, r))
		return snprintf(why, n, "the %s is complete (§5.3)", kind);
	return 0;
}

/* A place a wagon may be put: a segment of a board tile, found in --list's order. */
struct spot {
	int y, x, seg, b;
};

static int
spot_order(const void *pa, const void *pb)
{
	const struct spot *a = pa, *b = pb;

	return a->y != b->y ? a->y - b->y : a->x != b->x ? a->x - b->x : a->seg - b->seg;
}

/* Segment s of tile b added to the n spots of v, unless the wagon may not go there or it is
 * there already; the new count. */
static int
spot_add(struct carc_game *g, int p, int b, int s, struct spot *v, int n)
{
	char why[160];
	int i;

	if (wagon_refuse(g, p, b, s, why, sizeof(why)))
		return n;
	v[n] = (struct spot){ g->board[b].y, g->board[b].x, s, b };
	for (i = 0; i < n && spot_order(&v[i], &v[n]) != 0; i++)
		;
	return n + (i == n);
}

/* The places player p's waiting wagon may go (wagon_refuse), by row, column and segment, into
 * v (room for max), as many as there are, at most max. c2: the segments of its tile and
 * the eight around; c1: those meeting the feature scored on one of its tiles. */
static int
wagon_spots(struct carc_game *g, int p, struct spot *v, int max)
{
	const struct placed *o = &g->board[AB(g)->from[p]];
	char why[160];
	int dx, dy, b, s, n = 0, i, first, k, nx, x[4 * MAXSEG];
	unsigned m;

	if (!reach_c1(g)) {
		for (dy = -1; dy <= 1; dy++)
			for (dx = -1; dx <= 1; dx++)
				for (s = 0; (b = board_at(g, o->x + dx, o->y + dy)) >= 0 &&
				    s < g->ts.types[g->board[b].type].nseg && n < max; s++)
					if (!wagon_refuse(g, p, b, s, why, sizeof(why)))
						v[n++] = (struct spot){ o->y + dy, o->x + dx, s, b };
		return n;
	}
	/* each tile of the feature scored, each segment meeting it there or across an edge */
	first = i = scored_root(g, p);
	do {
		b = i / MAXSEG;
		for (m = g->ts.types[g->board[b].type].meets[i % MAXSEG]; m != 0 && n < max;
		    m &= m - 1)
			n = spot_add(g, p, b, __builtin_ctz(m), v, n);
		for (k = 0, nx = across(g, b, i % MAXSEG, x); k < nx && n < max; k++)
			n = spot_add(g, p, x[k] / MAXSEG, x[k] % MAXSEG, v, n);
		i = g->nodes[i].next;
	} while (i != first);
	qsort(v, n, sizeof(*v), spot_order);
	return n;
}

/* How many places wagon_words lists at most: a feature meets, on each of its tiles, all the
 * other segments of the tile at most. */
#define MAXSPOTS (9 * MAXSEG + 512)

/* wagon:none first, then wagon:X,Y,FEATURE for every place the wagon may go. */
static int
wagon_words(struct carc_game *g, struct carc_err *err)
{
	struct spot *v = malloc(MAXSPOTS * sizeof(*v));
	char w[96], name[32];
	int i, n, rc;

	if (v == NULL)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	n = wagon_spots(g, g->player, v, MAXSPOTS);
	rc = carc_buf_add(&g->words, "wagon:none", sizeof("wagon:none"));
	for (i = 0; i < n && rc == 0; i++) {
		const struct placed *q = &g->board[v[i].b];

		seg_rotated_name(&g->ts.types[q->type], q->rot, v[i].seg, name, sizeof(name));
		snprintf(w, sizeof(w), "wagon:%d,%d,%s", q->x, q->y, name);
		rc = carc_buf_add(&g->words, w, strlen(w) + 1);
	}
	free(v);
	return rc ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

/* Whether player p's waiting wagon has somewhere to go. */
static bool
wagon_any(struct carc_game *g, int p)
{
	struct spot one;

	return wagon_spots(g, p, &one, 1) > 0;
}

/* The next wagon to move, in turn order from the player whose turn it is: its owner decides
 * in phase wagon (1); a wagon with nowhere to go stays home (§5.3). None left: 0, the player
 * whose turn it is to move again. */
static int
wagon_next(struct carc_game *g)
{
	struct abbeys *a = AB(g);
	int k, p;

	for (k = 0; k < g->nplayers; k++) {
		p = (a->turn + k) % g->nplayers;
		if (!(a->wagons >> p & 1))
			continue;
		if (wagon_any(g, p)) {
			g->player = p;
			g->phase = CARC_WAGON;
			return 1;
		}
		a->wagons &= ~(1u << p);
		report(g, "%s's wagon stays home: no unoccupied, unfinished feature %s %d,%d "
		    "(§5.3)\n", g->pl[p].name, reach_c1(g) ? "meets the one scored at" : "near",
		    g->board[a->from[p]].x, g->board[a->from[p]].y);
	}
	g->player = a->turn;
	a->turn = -1;
	return 0;
}

static int
am_turn_end(struct carc_game *g)
{
	if (AB(g)->wagons == 0)
		return 0;
	AB(g)->turn = g->player;
	return wagon_next(g);
}

/* wagon:X,Y,FEATURE: the wagon put on that feature; wagon:none: taken back. */
static int
wagon_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	struct abbeys *a = AB(g);
	char why[160], canon[96] = "wagon:none", name[32];
	const char *feat;
	int p = g->player, x, y, n, b, s;

	if (strcmp(w, "wagon:none") == 0)
		report(g, "%s takes the wagon back\n", g->pl[p].name);
	else {
		if (strncmp(w, "wagon:", 6) != 0 || !cell_read(w + 6, &x, &y, &feat) ||
		    *feat++ != ',')
			return seterr(err, CARC_EUSAGE, "bad move '%s': expected wagon:X,Y,FEATURE or "
			    "wagon:none", w);
		if ((b = board_at(g, x, y)) < 0)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': no tile at %d,%d", w, x,
			    y);
		const struct tiletype *t = &g->ts.types[g->board[b].type];

		if ((s = seg_by_name(t, g->board[b].rot, feat)) == -2)
			return seterr(err, CARC_EUSAGE, "bad move '%s': unknown feature '%s'", w,
			    feat);
		if (s < 0)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': tile %s has no %s", w,
			    t->id, feat);
		if (wagon_refuse(g, p, b, s, why, sizeof(why)))
			return seterr(err, CARC_EREFUSED, "illegal move '%s': %s", w, why);
		if (fig_add(g, b, s, p, a->wagon) == -1)
			return seterr(err, CARC_ESOFTWARE, "out of memory");
		report(g, "%s moves the wagon to %d,%d\n", g->pl[p].name, x, y);
		/* logged as wagon_words writes it: the feature by its canonical side */
		seg_rotated_name(t, g->board[b].rot, s, name, sizeof(name));
		snprintf(canon, sizeof(canon), "wagon:%d,%d,%s", x, y, name);
	}
	if (!g->quiet && game_log(g, canon) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	a->wagons &= ~(1u << p);
	/* the last wagon moved: the turn goes on with the other modules' end (the dragon's
	 * movement after the scoring), or passes */
	if (wagon_next(g) == 0 && (n = rules_turn_end_after(g, &abbey_mayor_module)) <= 0) {
		if (n < 0)
			return seterr(err, CARC_ESOFTWARE, "out of memory");
		turn_next(g);
	}
	return 0;
}

static int
wagon_status(const struct carc_game *g, struct carc_buf *b)
{
	const struct placed *o = &g->board[AB(g)->from[g->player]];

	return carc_buf_printf(b, "%s moves the wagon from %d,%d or takes it back (§5.3)",
	    g->pl[g->player].name, o->x, o->y);
}

static const struct phase_def am_phases[] = {
	{ CARC_ABBEY, "abbey", "an abbey may be placed before the final scoring", end_decide,
	    end_words, end_status, false, NULL, NULL },
	{ CARC_WAGON, "wagon", "a wagon moves", wagon_decide, wagon_words, wagon_status, false,
	    NULL, NULL },
	{ 0, NULL, NULL, NULL, NULL, NULL, false, NULL, NULL }
};

/* ---- the state ---- */

static bool
am_present(const struct carc_game *g)
{
	return AB(g)->used || AB(g)->first >= 0 || AB(g)->wagons;
}

static void
pack_players(msgpack_packer *pk, const struct carc_game *g, unsigned mask)
{
	int p;

	msgpack_pack_array(pk, g->nplayers);
	for (p = 0; p < g->nplayers; p++)
		if (mask >> p & 1)
			msgpack_pack_true(pk);
		else
			msgpack_pack_false(pk);
}

/* The waiting wagons: for each player the cell of the tile his stood on, or nil. */
static void
pack_wagons(msgpack_packer *pk, const struct carc_game *g)
{
	const struct abbeys *a = AB(g);
	int p;

	msgpack_pack_array(pk, g->nplayers);
	for (p = 0; p < g->nplayers; p++)
		if (a->wagons >> p & 1) {
			const struct placed *q = &g->board[a->from[p]];
			char name[32];

			/* c1: the feature scored too, whose tiles the reach is measured along */
			msgpack_pack_array(pk, reach_c1(g) ? 3 : 2);
			msgpack_pack_int(pk, q->x);
			msgpack_pack_int(pk, q->y);
			if (reach_c1(g)) {
				seg_rotated_name(&g->ts.types[q->type], q->rot, a->fromseg[p], name,
				    sizeof(name));
				mp_str(pk, name);
			}
		} else
			msgpack_pack_nil(pk);
}

static void
am_write(const struct carc_game *g, msgpack_packer *pk)
{
	const struct abbeys *a = AB(g);

	msgpack_pack_map(pk, 1 + 2 * (a->first >= 0) + 2 * (a->wagons != 0));
	mp_str(pk, "placed");
	pack_players(pk, g, a->used);
	if (a->first >= 0) {
		mp_str(pk, "first");
		msgpack_pack_int(pk, a->first);
		mp_str(pk, "asked");
		pack_players(pk, g, a->asked);
	}
	if (a->wagons) {
		mp_str(pk, "turn");
		msgpack_pack_int(pk, a->turn);
		mp_str(pk, "wagons");
		pack_wagons(pk, g);
	}
}

static int
read_players(struct rd *r, const struct carc_game *g, const msgpack_object *o,
    const char *key, uint8_t *mask)
{
	const msgpack_object *v;
	int p;

	if (mp_need(r, o, key, MSGPACK_OBJECT_ARRAY, "'abbey_mayor'", &v))
		return CARC_EDATA;
	if ((int)v->via.array.size != g->nplayers)
		return mp_fail(r, "bad state: '%s' must be true or false for each player", key);
	for (*mask = 0, p = 0; p < g->nplayers; p++) {
		if (v->via.array.ptr[p].type != MSGPACK_OBJECT_BOOLEAN)
			return mp_fail(r, "bad state: '%s' must be true or false for each player",
			    key);
		*mask |= v->via.array.ptr[p].via.boolean << p;
	}
	return 0;
}

/* A coordinate of a cell: an integer a board may hold. */
static bool
coord(const msgpack_object *o, int *v)
{
	if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER && o->via.u64 <= 32767)
		*v = (int)o->via.u64;
	else if (o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER && o->via.i64 >= -32768)
		*v = (int)o->via.i64;
	else
		return false;
	return true;
}

/* A feature of board tile b by its name, into *seg: nonzero if the object is no such name. */
static int
read_feature(const msgpack_object *o, const struct carc_game *g, int b, uint8_t *seg)
{
	char name[32];
	int s;

	if (o->type != MSGPACK_OBJECT_STR || o->via.str.size >= sizeof(name))
		return -1;
	memcpy(name, o->via.str.ptr, o->via.str.size);
	name[o->via.str.size] = '\0';
	if ((s = seg_by_name(&g->ts.types[g->board[b].type], g->board[b].rot, name)) < 0)
		return -1;
	*seg = s;
	return 0;
}

/* The waiting wagons, each the cell of a tile on the board or nil (c1: and the feature
 * scored). */
static int
read_wagons(struct rd *r, struct carc_game *g, const msgpack_object *o)
{
	struct abbeys *a = AB(g);
	const msgpack_object *v, *c;
	int64_t turn;
	int p, b, x, y;

	if (mp_need_int(r, o, "turn", "'abbey_mayor'", 0, g->nplayers - 1, &turn) ||
	    mp_need(r, o, "wagons", MSGPACK_OBJECT_ARRAY, "'abbey_mayor'", &v))
		return CARC_EDATA;
	a->turn = turn;
	if ((int)v->via.array.size != g->nplayers)
		return mp_fail(r, "bad state: the wagons must be a cell or nil for each player");
	for (p = 0; p < g->nplayers; p++) {
		c = &v->via.array.ptr[p];
		if (c->type == MSGPACK_OBJECT_NIL)
			continue;
		if (c->type != MSGPACK_OBJECT_ARRAY || c->via.array.size != 2u + reach_c1(g) ||
		    !coord(&c->via.array.ptr[0], &x) || !coord(&c->via.array.ptr[1], &y) ||
		    (b = board_at(g, x, y)) < 0)
			return mp_fail(r, "bad state: a waiting wagon's cell must be that of a tile%s",
			    reach_c1(g) ? ", with the feature scored (wagon=c1)" : "");
		a->wagons |= 1u << p;
		a->from[p] = b;
		a->fromseg[p] = 0;
		if (reach_c1(g) && (read_feature(&c->via.array.ptr[2], g, b, &a->fromseg[p]) ||
		    !feature_complete(g, node_find(g, b * MAXSEG + a->fromseg[p]))))
			return mp_fail(r, "bad state: a waiting wagon's feature must be a completed "
			    "feature of its tile");
	}
	return a->wagons ? 0 : mp_fail(r, "bad state: 'wagons' with no wagon waiting");
}

static int
am_read(struct carc_game *g, const msgpack_object *o, struct rd *r)
{
	static const char *const keys[] = { "placed", "first", "asked", "turn", "wagons",
		NULL };
	struct abbeys *a = AB(g);
	int64_t first;

	if (o->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "bad state: 'abbey_mayor' must be a map or nil");
	if (mp_check_keys(r, o, "'abbey_mayor'", keys) ||
	    read_players(r, g, o, "placed", &a->used))
		return CARC_EDATA;
	if ((mp_get(o, "turn") != NULL || mp_get(o, "wagons") != NULL) && read_wagons(r, g, o))
		return CARC_EDATA;
	if (mp_get(o, "first") == NULL && mp_get(o, "asked") == NULL)
		return 0;
	if (mp_need_int(r, o, "first", "'abbey_mayor'", 0, g->nplayers - 1, &first) ||
	    read_players(r, g, o, "asked", &a->asked))
		return CARC_EDATA;
	a->first = first;
	return 0;
}

/* The abbeys on the board are those their players placed; the end's chances are given in
 * turn from the first, and the phase of the end waits for a player who holds his abbey and
 * has a hole to put it in. */
static int
am_check(const struct carc_game *g, char *why, size_t n)
{
	const struct abbeys *a = AB(g);
	int b, on = 0;

	for (b = 0; b < g->nboard; b++)
		on += g->board[b].type == a->type;
	if (on != __builtin_popcount(a->used))
		return snprintf(why, n, "%d abbeys on the board, %d placed by the players", on,
		    __builtin_popcount(a->used)), -1;
	if ((g->phase == CARC_WAGON) != (a->wagons != 0) ||
	    (a->wagons && !(a->wagons >> g->player & 1)))
		return snprintf(why, n, "phase %s with %s waiting to move", rules_phase_name(g->phase),
		    a->wagons ? "wagons" : "no wagon"), -1;
	if (a->first >= 0 && (g->phase == CARC_DRAW || g->phase == CARC_PLACE))
		return snprintf(why, n, "the abbeys of the end asked for in phase %s",
		    rules_phase_name(g->phase)), -1;
	if (g->phase == CARC_ABBEY && (a->first < 0 || !(a->asked >> g->player & 1) ||
	    !held(g, g->player) || !any_hole(g)))
		return snprintf(why, n, "phase abbey, but %s may not place an abbey now",
		    g->pl[g->player].name), -1;
	return 0;
}

/* ---- the barn (§5.4) ---- */

/* A barn's points for each completed city of its field at the end. */
#define BARN_CITY 4

static bool
barns_out(const struct carc_game *g)
{
	int p, ft = AB(g)->barn;

	for (p = 0; ft >= 0 && p < g->nplayers; p++)
		if (g->held[p][ft])
			return true;
	return false;
}

/* The fields of the barns on the board, into root[] (room for MAXBARNS): how many. */
#define MAXBARNS (CARC_MAX_PLAYERS * MAXFIGTYPES)

static int
barn_roots(struct carc_game *g, int *root)
{
	int i, n = 0;

	for (i = 0; i < g->nfigs && n < MAXBARNS; i++)
		if (g->figs[i].corner)
			root[n++] = node_find(g, g->figs[i].tile * MAXSEG + g->figs[i].seg);
	return n;
}

/* Of the field with root r, the barns' fields being root[] (n of them): whether a barn stands
 * in it, and whether a farmer does too (every figure but a barn that claims a field is one). */
static void
field_holds(struct carc_game *g, int r, const int *root, int n, bool *barn, bool *follower)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		k += root[i] == r;
	*barn = k > 0;
	*follower = g->nodes[r].claims > k;
}

/* The farmers of the field with root r (`tile` a tile of it) score it, by their majority: as
 * at the end when a barn comes into it (`coming`), 1 a completed city when it joins a barn's
 * field; a pig of a winner's adds its bonus a city either way. Then they go home, and the
 * figures that needed them (the pigs). */
static void
farmers_leave(struct carc_game *g, int r, int tile, bool coming)
{
	int st[CARC_MAX_PLAYERS] = { 0 }, best = 0, i, p, v, cities = field_cities(g, r);
	int extra[CARC_MAX_PLAYERS] = { 0 };
	const struct placed *q = &g->board[tile];

	for (i = 0; i < g->nfigs; i++) {
		const struct figure *f = &g->figs[i];

		if (f->corner || node_find(g, f->tile * MAXSEG + f->seg) != r)
			continue;
		if (g->ts.fig[f->type].group == GROUP_FOLLOWER)
			st[f->owner] += fig_strength(g, i, r);
		extra[f->owner] += g->ts.fig[f->type].bonus * cities;
	}
	for (p = 0; p < g->nplayers; p++)
		if (st[p] > best)
			best = st[p];
	v = coming ? feature_value(g, r, tile, true) : cities;
	for (p = 0; best > 0 && p < g->nplayers; p++) {
		if (st[p] != best)
			continue;	/* 0 points told too: the field was scored */
		g->pl[p].score += v + extra[p];
		report(g, "%s scores %d for the field at %d,%d: %s (§5.4)\n", g->pl[p].name,
		    v + extra[p], q->x, q->y, coming ? "a barn comes into it" :
		    "it joins a barn's field");
	}
	for (i = g->nfigs - 1; i >= 0; i--) {
		const struct figure *f = &g->figs[i];

		if (g->ts.fig[f->type].group != GROUP_FOLLOWER ||
		    node_find(g, f->tile * MAXSEG + f->seg) != r)
			continue;
		report(g, "%s's %s at %d,%d goes home from the barn's field\n", g->pl[f->owner].name,
		    g->ts.fig[f->type].name, g->board[f->tile].x, g->board[f->tile].y);
		fig_remove(g, i);
	}
	fig_strays(g);
}

/* The tile just placed, with its figure: a field of it that holds a barn and farmers either
 * got the barn with this tile (the barn comes) or was joined to a barn's field by it. */
static void
am_placed(struct carc_game *g, int tile)
{
	const struct placed *p = &g->board[tile];
	const struct tiletype *t = &g->ts.types[p->type];
	int s, r, i, done[MAXSEG], ndone = 0, root[MAXBARNS], nroot;
	bool barn, follower, coming;

	if (!barns_out(g) || !(t->kindmask & (1u << K_FIELD)))
		return;
	nroot = barn_roots(g, root);
	for (s = 0; s < t->nseg; s++) {
		if (t->seg[s].kind != K_FIELD)
			continue;
		r = node_find(g, tile * MAXSEG + s);
		for (i = 0; i < ndone && done[i] != r; i++)
			;
		if (i < ndone)
			continue;
		done[ndone++] = r;
		field_holds(g, r, root, nroot, &barn, &follower);
		if (!barn || !follower)
			continue;
		for (coming = false, i = 0; i < g->nfigs; i++)
			coming |= g->figs[i].corner && g->figs[i].tile == tile &&
			    node_find(g, tile * MAXSEG + g->figs[i].seg) == r;
		farmers_leave(g, r, tile, coming);
	}
}

/* At the end a field with barns and no farmer is the barns': 4 a completed city (§5.4); the
 * barns' majority takes it, by their strength in the figure table. */
static int
am_value(struct carc_game *g, int k, int root, int tile, bool end, int v, char *why,
    size_t wn)
{
	int roots[MAXBARNS], n;
	bool barn, follower;

	(void)tile, (void)why, (void)wn;
	if (k != K_FIELD || !end || !barns_out(g))
		return v;
	n = barn_roots(g, roots);
	field_holds(g, root, roots, n, &barn, &follower);
	return barn && !follower ? BARN_CITY * field_cities(g, root) : v;
}

/* "; 1 abbey" in the table of players, while the player holds it. */
static int
am_holdings(const struct carc_game *g, int p, struct carc_buf *b)
{
	return held(g, p) ? carc_buf_printf(b, "; 1 abbey") < 0 : 0;
}

static const char *const reaches[] = { "c2", "c1", NULL };

static const struct rule_opt am_opts[] = {
	[AM_WAGON] = { "wagon", OPT_CHOICE, reaches, REACH_C2, false },
	{ NULL, 0, NULL, 0, false }
};

/* abbey:X,Y[,FEATURE[@FIGURE]] (the abbey put down instead of a draw) and
 * wagon:X,Y,FEATURE (where the wagon moves on), each or NAME:none */
static int
am_word_json(struct carc_buf *b, const char *w)
{
	if (strncmp(w, "abbey:", 6) == 0)
		return json_xy(b, w + 6, "feature", true);
	if (strncmp(w, "wagon:", 6) == 0)
		return json_xy(b, w + 6, "feature", false);
	return 1;
}

struct rules_module abbey_mayor_module = {
	.name = "abbey-mayor",
	.set = "abbey-mayor",
	.opts = am_opts,
	.phases = am_phases,
	.state_size = sizeof(struct abbeys),
	.init = am_init,
	.draw_words = am_draw_words,
	.draw_decide = am_draw_decide,
	.draw_judged = true,
	.value = am_value,
	.placed = am_placed,
	.completed = am_completed,
	.turn_end = am_turn_end,
	.ending = am_ending,
	.key = "abbey_mayor",
	.present = am_present,
	.write = am_write,
	.read = am_read,
	.check = am_check,
	.holdings = am_holdings,
	.word_json = am_word_json,
};
