/* Traders & Builders (RULES.md §3, X-TB-1, X-TB-2, §5.5, §5.6) as a rules module. The goods a
 * city tile shows are signs of the city (wine, grain, cloth): whoever places the tile that
 * completes a city takes a token for each, whoever owns the city (X-TB-1), and at the end the
 * most tokens of each good score 10, every tied player too (X-TB-2).
 *
 * The builder and the pig are rows of the figure table (needs: own-follower, which the one
 * legality in legal.c reads, and which sends them home with their last follower: board.c's
 * fig_strays). This module acts on their abilities: a tile that extends a feature where its
 * player's builder stood (`double`) gives him a second turn after the first's scoring, never a
 * third, which he may decline in its phase draw (again:none); with fortune tellers it plays from
 * the tiles drawn at the start of the turn (F-9). A pig (`bonus`) adds 1 for each completed
 * city to its field's score for its owner when he wins the field.
 *
 * The state keeps the tokens and the double turn under the key "traders": {"goods": {"wine":
 * [N per player], "grain": [...], "cloth": [...]}, "again": true, "half": 2}, each entry
 * written only when there is something to say. */
#include <stdio.h>
#include <string.h>

#include "../board.h"
#include "../codec.h"
#include "../score.h"
#include "modules.h"

enum { WINE, GRAIN, CLOTH, NGOODS };

static const struct sign_def wine = { "wine", K_CITY };
static const struct sign_def grain = { "grain", K_CITY };
static const struct sign_def cloth = { "cloth", K_CITY };
static const struct sign_def *const tb_signs[] = { &wine, &grain, &cloth, NULL };
static const char *const good_names[NGOODS + 1] = { "wine", "grain", "cloth", NULL };

#define GOOD_POINTS 10		/* X-TB-2 */
#define GOODS_MAX (MAX_TILES * MAXSEG)	/* of a good, in a game: one a segment at most */

struct traders {
	int32_t goods[CARC_MAX_PLAYERS][NGOODS];
	bool again;	/* the tile just placed extended a feature of its player's builder:
			 * his second turn follows this one's end */
	bool second;	/* the player to move plays his second turn */
};

static struct traders *
tb(const struct carc_game *g)
{
	return MODULE_STATE(g, &traders_builders_module);
}

/* The goods the segments of the feature with root r show, added into n[]. */
static void
goods_of(const struct carc_game *g, int r, int n[NGOODS])
{
	unsigned mask = 7u << traders_builders_module.sign0, s;
	int i = r;

	do {
		const struct placed *p = &g->board[i / MAXSEG];

		if ((s = g->ts.types[p->type].seg[i % MAXSEG].signs & mask) != 0)
			for (s >>= traders_builders_module.sign0; s != 0; s &= s - 1)
				n[__builtin_ctz(s)]++;
		i = g->nodes[i].next;
	} while (i != r);
}

/* X-TB-1: a city completed by the tile just placed gives its goods to the player who placed
 * it. */
static void
tb_completed(struct carc_game *g, int k, int root, int tile)
{
	struct traders *t = tb(g);
	int n[NGOODS] = { 0 }, i;

	if (k != K_CITY)
		return;
	goods_of(g, root, n);
	for (i = 0; i < NGOODS; i++) {
		if (n[i] == 0)
			continue;
		t->goods[g->player][i] += n[i];
		report(g, "%s takes %d %s for completing the city at %d,%d\n",
		    g->pl[g->player].name, n[i], good_names[i], g->board[tile].x,
		    g->board[tile].y);
	}
}

/* The most tokens of good i any player holds. */
static int
most(const struct carc_game *g, int i)
{
	const struct traders *t = tb(g);
	int p, best = 0;

	for (p = 0; p < g->nplayers; p++)
		if (t->goods[p][i] > best)
			best = t->goods[p][i];
	return best;
}

static void pigs_final(struct carc_game *);
static int pig_bonus(struct carc_game *, int i);

/* X-TB-2: for each good, the most tokens score 10, each of the players tied on them. */
static void
tb_final(struct carc_game *g)
{
	struct traders *t = tb(g);
	int i, p, best;

	t->again = t->second = false;	/* a second turn the end cut short */
	pigs_final(g);
	for (i = 0; i < NGOODS; i++) {
		if ((best = most(g, i)) == 0)
			continue;
		for (p = 0; p < g->nplayers; p++)
			if (t->goods[p][i] == best) {
				g->pl[p].score += GOOD_POINTS;
				report(g, "%s scores %d for the most %s (%d)\n", g->pl[p].name,
				    GOOD_POINTS, good_names[i], best);
			}
	}
}

/* mcts's forecast: the majorities as they stand, the 10 points shared out among the tied;
 * the pigs' bonus as their fields stand. */
static void
tb_foresee(const struct carc_game *g, double *worth)
{
	struct carc_game *w = (struct carc_game *)g;	/* node_find shortens paths, no more */
	const struct traders *t = tb(g);
	int i, p, best, n;

	for (i = 0; i < g->nfigs && g->unclaiming > 0; i++)
		if (g->ts.fig[g->figs[i].type].bonus)
			worth[g->figs[i].owner] += pig_bonus(w, i);
	for (i = 0; i < NGOODS; i++) {
		if ((best = most(g, i)) == 0)
			continue;
		for (n = 0, p = 0; p < g->nplayers; p++)
			n += t->goods[p][i] == best;
		for (p = 0; p < g->nplayers; p++)
			if (t->goods[p][i] == best)
				worth[p] += (double)GOOD_POINTS / n;
	}
}

/* ---- the builder's double turn ---- */

/* Whether the tile just placed, `tile`, extends a feature where a figure of its player's that
 * gives a second turn stood before it (the builder, RULES.md §5.5): one put with this tile does
 * not count. */
static bool
extends(struct carc_game *g, int tile)
{
	const struct tiletype *t = &g->ts.types[g->board[tile].type];
	int i, s, r, ft;

	for (ft = 0; ft < g->ts.nfig; ft++)
		if (g->ts.fig[ft].dbl && g->held[g->player][ft] > 0)
			break;
	if (ft == g->ts.nfig)
		return false;	/* none of the player's on the board */
	for (i = 0; i < g->nfigs; i++) {
		const struct figure *f = &g->figs[i];

		if (f->owner != g->player || !g->ts.fig[f->type].dbl || f->tile == tile)
			continue;
		r = node_find(g, f->tile * MAXSEG + f->seg);
		for (s = 0; s < t->nseg; s++)
			if (node_find(g, tile * MAXSEG + s) == r)
				return true;
	}
	return false;
}

/* Earned in step 2, after the abbot's and the phantom's decisions and before the tower's and
 * the dragon's: a builder the dragon eats in this turn's movement still gives it (PD-25). */
static int
tb_step2(struct carc_game *g, int tile)
{
	struct traders *t = tb(g);

	if (!t->again && !t->second && g->unclaiming > 0 && extends(g, tile))
		t->again = true;	/* no chain: the second turn never gives a third */
	return 0;
}

/* Told as the tile is scored; earned then too by a state written in step 2 by a carc that
 * earned it only then. */
static void
tb_placed(struct carc_game *g, int tile)
{
	tb_step2(g, tile);
	if (tb(g)->again)
		report(g, "%s's builder: %s plays a second turn\n", g->pl[g->player].name,
		    g->pl[g->player].name);
}

/* The tiles not chosen in the first turn are the second's (F-9); in its phase draw, those. */
static bool
tb_holds(const struct carc_game *g)
{
	return tb(g)->again || (tb(g)->second && g->phase == CARC_DRAW);
}

static int
tb_next_turn(struct carc_game *g)
{
	struct traders *t = tb(g);

	t->second = t->again;
	t->again = false;
	return t->second;
}

/* The thinking bots' worth of the second turn: one more turn, earned or being played. */
static int
tb_extra_turns(const struct carc_game *g, int p)
{
	const struct traders *t = tb(g);

	return p == g->player && (t->again || (t->second && g->phase == CARC_DRAW));
}

/* In the second turn's phase draw: again:draw (unless another module lists the draws, as
 * ft-draw=may does) and again:none, which declines it. */
static int
tb_draw_words(const struct carc_game *g, struct carc_buf *b)
{
	int n = 0;

	if (!tb(g)->second)
		return 0;
	if (b->len == 0) {
		if (carc_buf_add(b, "again:draw", 11) == -1)
			return -1;
		n++;
	}
	return carc_buf_add(b, "again:none", 11) == -1 ? -1 : n + 1;
}

static int
tb_draw_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	struct traders *t = tb(g);

	if (strncmp(w, "again:", 6) != 0)
		return -1;
	if (!t->second)
		return seterr(err, CARC_EREFUSED, "%s has no second turn to take or decline",
		    g->pl[g->player].name);
	if (strcmp(w + 6, "draw") == 0)
		return carc_game_draw(g, err);
	if (strcmp(w + 6, "none") != 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': expected again:draw or again:none",
		    w);
	if (!g->quiet && game_log(g, w) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	if (g->ndrawn > 0)
		drawn_return(g);
	report(g, "%s declines the second turn\n", g->pl[g->player].name);
	t->second = false;
	turn_next(g);
	return 0;
}

/* ---- the pig ---- */

/* The points figure i (a pig: `bonus`) adds to its owner's score for its field at the end:
 * bonus for each completed city of the field, when the owner is among its winners. */
static int
pig_bonus(struct carc_game *g, int i)
{
	const struct figure *f = &g->figs[i];
	int st[CARC_MAX_PLAYERS], r = node_find(g, f->tile * MAXSEG + f->seg), p, best = 0;

	feature_strengths(g, r, st);
	for (p = 0; p < g->nplayers; p++)
		if (st[p] > best)
			best = st[p];
	if (best == 0 || st[f->owner] != best)
		return 0;
	return g->ts.fig[f->type].bonus * field_cities(g, r);
}

static void
pigs_final(struct carc_game *g)
{
	int i, v;

	for (i = 0; i < g->nfigs; i++) {
		const struct figure *f = &g->figs[i];

		if (g->ts.fig[f->type].bonus == 0 || (v = pig_bonus(g, i)) == 0)
			continue;
		g->pl[f->owner].score += v;
		report(g, "%s scores %d more for the field at %d,%d with the %s\n",
		    g->pl[f->owner].name, v, g->board[f->tile].x, g->board[f->tile].y,
		    g->ts.fig[f->type].name);
	}
}

/* ---- the state ---- */

static bool
any_goods(const struct carc_game *g)
{
	const struct traders *t = tb(g);
	int p, i;

	for (p = 0; p < g->nplayers; p++)
		for (i = 0; i < NGOODS; i++)
			if (t->goods[p][i])
				return true;
	return false;
}

static bool
tb_present(const struct carc_game *g)
{
	return any_goods(g) || tb(g)->again || tb(g)->second;
}

static void
tb_write(const struct carc_game *g, msgpack_packer *pk)
{
	const struct traders *t = tb(g);
	bool goods = any_goods(g);
	int p, i;

	msgpack_pack_map(pk, goods + t->again + t->second);
	if (goods) {
		mp_str(pk, "goods");
		msgpack_pack_map(pk, NGOODS);
		for (i = 0; i < NGOODS; i++) {
			mp_str(pk, good_names[i]);
			msgpack_pack_array(pk, g->nplayers);
			for (p = 0; p < g->nplayers; p++)
				msgpack_pack_int(pk, t->goods[p][i]);
		}
	}
	if (t->again) {
		mp_str(pk, "again");
		msgpack_pack_true(pk);
	}
	if (t->second) {
		mp_str(pk, "half");
		msgpack_pack_int(pk, 2);
	}
}

static int
read_goods(struct carc_game *g, const msgpack_object *goods, struct rd *r)
{
	struct traders *t = tb(g);
	const msgpack_object *a;
	int p, i;

	if (goods->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "bad state: the goods must be a map");
	if (mp_check_keys(r, goods, "the goods", good_names))
		return CARC_EDATA;
	for (i = 0; i < NGOODS; i++) {
		if (mp_need(r, goods, good_names[i], MSGPACK_OBJECT_ARRAY, "the goods", &a))
			return CARC_EDATA;
		if ((int)a->via.array.size != g->nplayers)
			return mp_fail(r, "bad state: the goods '%s' must be a count for each "
			    "player", good_names[i]);
		for (p = 0; p < g->nplayers; p++) {
			const msgpack_object *v = &a->via.array.ptr[p];

			if (v->type != MSGPACK_OBJECT_POSITIVE_INTEGER || v->via.u64 > GOODS_MAX)
				return mp_fail(r, "bad state: the goods '%s' must be counts from 0 "
				    "to %d", good_names[i], GOODS_MAX);
			t->goods[p][i] = v->via.u64;
		}
	}
	return 0;
}

static int
tb_read(struct carc_game *g, const msgpack_object *o, struct rd *r)
{
	static const char *const keys[] = { "goods", "again", "half", NULL };
	struct traders *t = tb(g);
	const msgpack_object *v;
	int64_t half;

	if (o->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "bad state: 'traders' must be a map or nil");
	if (mp_check_keys(r, o, "'traders'", keys))
		return CARC_EDATA;
	if ((v = mp_get(o, "goods")) != NULL && read_goods(g, v, r))
		return CARC_EDATA;
	if ((v = mp_get(o, "again")) != NULL) {
		if (v->type != MSGPACK_OBJECT_BOOLEAN)
			return mp_fail(r, "bad state: 'again' must be true or false");
		t->again = v->via.boolean;
	}
	if (mp_get(o, "half") != NULL) {
		if (mp_need_int(r, o, "half", "'traders'", 1, 2, &half))
			return CARC_EDATA;
		t->second = half == 2;
	}
	return 0;
}

/* A second turn pending: between the placement that gives it and the first turn's end
 * (phase score, a decision of step 2, a catapult round); being played: after the first,
 * never both (no chain). */
static int
turn_check(const struct carc_game *g, char *why, size_t n)
{
	const struct traders *t = tb(g);

	if (t->again && t->second)
		return snprintf(why, n, "a second turn that gives a third"), -1;
	if (t->again && (g->phase == CARC_DRAW || g->phase == CARC_PLACE ||
	    g->phase == CARC_OVER))
		return snprintf(why, n, "a second turn pending in phase %s",
		    rules_phase_name(g->phase)), -1;
	if (t->second && g->phase == CARC_OVER)
		return snprintf(why, n, "a second turn in a game that is over"), -1;
	return 0;
}

/* The features the last tile placed may have completed: its own, and those that end at its
 * edges (an abbey's edges close the cities beside it, X-AM-1). */
static int
last_roots(struct carc_game *g, unsigned *roots)
{
	const struct placed *p = &g->board[g->nboard - 1];
	int n = 0, s, d, b, o;

	for (s = 0; s < g->ts.types[p->type].nseg; s++)
		roots[n++] = node_find(g, (g->nboard - 1) * MAXSEG + s);
	for (d = 0; d < 4; d++) {
		if ((b = board_at(g, p->x + side_dx[d], p->y + side_dy[d])) < 0)
			continue;
		o = g->ts.types[g->board[b].type].sideseg[g->board[b].rot][(d + 2) % 4];
		if (o >= 0)
			roots[n++] = node_find(g, b * MAXSEG + o);
	}
	return n;
}

/* The tokens of each good, all players' together, are the goods of the completed cities on
 * the board: the state can neither make nor lose one. Between the placement and the end of
 * its scoring (phase score, a decision of step 2, a catapult round) the cities the last tile
 * completed may not have given theirs yet. */
static int
tb_check(const struct carc_game *g, char *why, size_t n)
{
	struct carc_game *w = (struct carc_game *)g;	/* node_find shortens paths, no more */
	const struct traders *t = tb(g);
	int want[NGOODS] = { 0 }, last[NGOODS] = { 0 }, have, b, s, i, p, r;
	unsigned mask = 7u << traders_builders_module.sign0, lastroots[MAXSEG + 4], nlast = 0;
	bool settled = g->phase == CARC_DRAW || g->phase == CARC_PLACE || g->phase == CARC_OVER;

	if (!settled && g->nboard > 0)
		nlast = last_roots(w, lastroots);
	for (b = 0; b < g->nboard; b++) {
		const struct tiletype *u = &g->ts.types[g->board[b].type];

		for (s = 0; s < u->nseg; s++) {
			unsigned m = u->seg[s].signs & mask, j;
			bool recent = false;

			r = node_find(w, b * MAXSEG + s);
			if (m == 0 || g->nodes[r].open != 0)
				continue;
			for (j = 0; j < nlast; j++)
				recent |= lastroots[j] == (unsigned)r;
			for (m >>= traders_builders_module.sign0; m != 0; m &= m - 1) {
				want[__builtin_ctz(m)]++;
				last[__builtin_ctz(m)] += recent;
			}
		}
	}
	for (i = 0; i < NGOODS; i++) {
		for (have = 0, p = 0; p < g->nplayers; p++)
			have += t->goods[p][i];
		if (have > want[i] || have < want[i] - last[i])
			return snprintf(why, n, "the players hold %d %s, the completed cities show "
			    "%d", have, good_names[i], want[i]), -1;
	}
	return turn_check(g, why, n);
}

/* The line below the board in a second turn. */
static void
tb_describe(const struct carc_game *g, struct carc_buf *b)
{
	if (tb(g)->second && g->phase != CARC_OVER)
		carc_buf_printf(b, "%s plays a second turn (the builder's)%s\n",
		    g->pl[g->player].name, g->phase == CARC_DRAW ?
		    ": carc-draw, or again:none to decline it" : "");
}

/* "; 2 wine, 1 grain" in the table of players, the goods held. */
static int
tb_holdings(const struct carc_game *g, int p, struct carc_buf *b)
{
	const struct traders *t = tb(g);
	int i, k = 0, rc = 0;

	for (i = 0; i < NGOODS; i++)
		if (t->goods[p][i])
			rc |= carc_buf_printf(b, "%s%d %s", k++ ? ", " : "; ", t->goods[p][i],
			    good_names[i]);
	return rc;
}

/* again:draw, the second turn taken, or again:none, declined */
static int
tb_word_json(struct carc_buf *b, const char *w)
{
	if (strncmp(w, "again:", 6))
		return 1;
	return carc_buf_printf(b, ", \"take\": %s", strcmp(w, "again:draw") ? "false" : "true");
}

struct rules_module traders_builders_module = {
	.name = "traders-builders",
	.set = "traders-builders",
	.signs = tb_signs,
	.state_size = sizeof(struct traders),
	.draw_words = tb_draw_words,
	.draw_decide = tb_draw_decide,
	.step2 = tb_step2,
	.placed = tb_placed,
	.completed = tb_completed,
	.holds = tb_holds,
	.next_turn = tb_next_turn,
	.final = tb_final,
	.foresee = tb_foresee,
	.extra_turns = tb_extra_turns,
	.key = "traders",
	.present = tb_present,
	.write = tb_write,
	.read = tb_read,
	.check = tb_check,
	.holdings = tb_holdings,
	.describe = tb_describe,
	.word_json = tb_word_json,
};
