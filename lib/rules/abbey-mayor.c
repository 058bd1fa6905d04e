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
 * own (abbey), before the final scoring. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board.h"
#include "../codec.h"
#include "../game.h"
#include "../legal.h"
#include "modules.h"

struct abbeys {
	uint8_t used;		/* bit per player who has placed his abbey */
	uint8_t asked;		/* the end (X-AM-3): bit per player whose chance has come */
	int8_t first;		/* the end: the first player asked, -1 before the end */
	int16_t type;		/* the abbey's tile type, -1 when the sets have none */
};

#define AB(g) ((struct abbeys *)MODULE_STATE(g, &abbey_mayor_module))

static void
am_init(struct carc_game *g)
{
	struct abbeys *a = AB(g);
	int i;

	a->used = a->asked = 0;
	a->first = -1;
	for (a->type = -1, i = 0; i < g->ts.ntypes && a->type < 0; i++)
		if (g->ts.types[i].own)
			a->type = i;
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
	struct abbeys *a = AB(g);
	const struct fcell *fc;
	char w2[128], canon[128];
	const char *p = logged(g, w) ? strchr(w, '/') + 1 : w + 6, *c;
	int x, y, n;

	if (sscanf(p, "%d,%d%n", &x, &y, &n) != 2 || (p[n] != '\0' && p[n] != ','))
		return seterr(err, CARC_EUSAGE,
		    "bad move '%s': expected abbey:X,Y[,FEATURE][@FIGURE] or abbey:none", w);
	if (!held(g, g->player))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s's abbey is on the board "
		    "already (X-AM-1)", w, g->pl[g->player].name);
	if ((fc = frontier_at(g, x, y)) == NULL || !is_hole(fc))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': an abbey goes only into an "
		    "empty cell with tiles on all four sides (X-AM-1)", w);
	/* X,Y, then a rotation if the word gives one, else 0 */
	c = p + n;
	if (c[0] == ',' && (c[1] == '-' || (c[1] >= '0' && c[1] <= '9')))
		snprintf(w2, sizeof(w2), "%s", p);
	else
		snprintf(w2, sizeof(w2), "%d,%d,0%s", x, y, c);
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

static const struct phase_def am_phases[] = {
	{ CARC_ABBEY, "abbey", "an abbey may be placed before the final scoring", end_decide,
	    end_words, end_status, false, NULL, NULL },
	{ 0, NULL, NULL, NULL, NULL, NULL, false, NULL, NULL }
};

/* ---- the state ---- */

static bool
am_present(const struct carc_game *g)
{
	return AB(g)->used || AB(g)->first >= 0;
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

static void
am_write(const struct carc_game *g, msgpack_packer *pk)
{
	const struct abbeys *a = AB(g);

	msgpack_pack_map(pk, 1 + 2 * (a->first >= 0));
	mp_str(pk, "placed");
	pack_players(pk, g, a->used);
	if (a->first >= 0) {
		mp_str(pk, "first");
		msgpack_pack_int(pk, a->first);
		mp_str(pk, "asked");
		pack_players(pk, g, a->asked);
	}
}

static int
read_players(struct rd *r, const struct carc_game *g, const msgpack_object *o,
    const char *key, uint8_t *mask)
{
	const msgpack_object *v;
	int p;

	if (mp_need(r, o, key, MSGPACK_OBJECT_ARRAY, "'abbeys'", &v))
		return CARC_EDATA;
	if ((int)v->via.array.size != g->nplayers)
		return mp_fail(r, "bad state: the abbeys' '%s' must be true or false for each "
		    "player", key);
	for (*mask = 0, p = 0; p < g->nplayers; p++) {
		if (v->via.array.ptr[p].type != MSGPACK_OBJECT_BOOLEAN)
			return mp_fail(r, "bad state: the abbeys' '%s' must be true or false for "
			    "each player", key);
		*mask |= v->via.array.ptr[p].via.boolean << p;
	}
	return 0;
}

static int
am_read(struct carc_game *g, const msgpack_object *o, struct rd *r)
{
	static const char *const keys[] = { "placed", "first", "asked", NULL };
	struct abbeys *a = AB(g);
	int64_t first;

	if (o->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "bad state: 'abbeys' must be a map or nil");
	if (mp_check_keys(r, o, "'abbeys'", keys) || read_players(r, g, o, "placed", &a->used))
		return CARC_EDATA;
	if (mp_get(o, "first") == NULL && mp_get(o, "asked") == NULL)
		return 0;
	if (mp_need_int(r, o, "first", "'abbeys'", 0, g->nplayers - 1, &first) ||
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
	if (a->first >= 0 && (g->phase == CARC_DRAW || g->phase == CARC_PLACE))
		return snprintf(why, n, "the abbeys of the end asked for in phase %s",
		    rules_phase_name(g->phase)), -1;
	if (g->phase == CARC_ABBEY && (a->first < 0 || !(a->asked >> g->player & 1) ||
	    !held(g, g->player) || !any_hole(g)))
		return snprintf(why, n, "phase abbey, but %s may not place an abbey now",
		    g->pl[g->player].name), -1;
	return 0;
}

/* "; 1 abbey" in the table of players, while the player holds it. */
static int
am_holdings(const struct carc_game *g, int p, struct carc_buf *b)
{
	return held(g, p) ? carc_buf_printf(b, "; 1 abbey") < 0 : 0;
}

struct rules_module abbey_mayor_module = {
	.name = "abbey-mayor",
	.set = "abbey-mayor",
	.phases = am_phases,
	.state_size = sizeof(struct abbeys),
	.init = am_init,
	.draw_words = am_draw_words,
	.draw_decide = am_draw_decide,
	.draw_judged = true,
	.ending = am_ending,
	.key = "abbeys",
	.present = am_present,
	.write = am_write,
	.read = am_read,
	.check = am_check,
	.holdings = am_holdings,
};
