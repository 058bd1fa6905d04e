/* Traders & Builders (RULES.md §3, X-TB-1, X-TB-2) as a rules module. The goods a city tile
 * shows are signs of the city (wine, grain, cloth): whoever places the tile that completes a
 * city takes a token for each, whoever owns the city (X-TB-1), and at the end the most tokens
 * of each good score 10, every tied player too (X-TB-2). The state keeps the tokens under the
 * key "traders": {"goods": {"wine": [N per player], "grain": [...], "cloth": [...]}}. */
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

struct traders {
	uint8_t goods[CARC_MAX_PLAYERS][NGOODS];
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

/* X-TB-2: for each good, the most tokens score 10, each of the players tied on them. */
static void
tb_final(struct carc_game *g)
{
	const struct traders *t = tb(g);
	int i, p, best;

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

/* mcts's forecast: the majorities as they stand, the 10 points shared out among the tied. */
static void
tb_foresee(const struct carc_game *g, double *worth)
{
	const struct traders *t = tb(g);
	int i, p, best, n;

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

/* ---- the state ---- */

static bool
tb_present(const struct carc_game *g)
{
	const struct traders *t = tb(g);
	int p, i;

	for (p = 0; p < g->nplayers; p++)
		for (i = 0; i < NGOODS; i++)
			if (t->goods[p][i])
				return true;
	return false;
}

static void
tb_write(const struct carc_game *g, msgpack_packer *pk)
{
	const struct traders *t = tb(g);
	int p, i;

	msgpack_pack_map(pk, 1);
	mp_str(pk, "goods");
	msgpack_pack_map(pk, NGOODS);
	for (i = 0; i < NGOODS; i++) {
		mp_str(pk, good_names[i]);
		msgpack_pack_array(pk, g->nplayers);
		for (p = 0; p < g->nplayers; p++)
			msgpack_pack_int(pk, t->goods[p][i]);
	}
}

static int
tb_read(struct carc_game *g, const msgpack_object *o, struct rd *r)
{
	static const char *const keys[] = { "goods", NULL };
	struct traders *t = tb(g);
	const msgpack_object *goods, *a;
	int p, i;

	if (o->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "bad state: 'traders' must be a map or nil");
	if (mp_check_keys(r, o, "'traders'", keys) ||
	    mp_need(r, o, "goods", MSGPACK_OBJECT_MAP, "'traders'", &goods) ||
	    mp_check_keys(r, goods, "the goods", good_names))
		return CARC_EDATA;
	for (i = 0; i < NGOODS; i++) {
		if (mp_need(r, goods, good_names[i], MSGPACK_OBJECT_ARRAY, "the goods", &a))
			return CARC_EDATA;
		if ((int)a->via.array.size != g->nplayers)
			return mp_fail(r, "bad state: the goods '%s' must be a count for each "
			    "player", good_names[i]);
		for (p = 0; p < g->nplayers; p++) {
			const msgpack_object *v = &a->via.array.ptr[p];

			if (v->type != MSGPACK_OBJECT_POSITIVE_INTEGER || v->via.u64 > 255)
				return mp_fail(r, "bad state: the goods '%s' must be counts from 0 "
				    "to 255", good_names[i]);
			t->goods[p][i] = v->via.u64;
		}
	}
	return 0;
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
	unsigned mask = 7u << traders_builders_module.sign0, lastroots[MAXSEG], nlast = 0;
	bool settled = g->phase == CARC_DRAW || g->phase == CARC_PLACE || g->phase == CARC_OVER;

	for (s = 0; !settled && g->nboard > 0 &&
	    s < g->ts.types[g->board[g->nboard - 1].type].nseg; s++)
		lastroots[nlast++] = node_find(w, (g->nboard - 1) * MAXSEG + s);
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
	return 0;
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

struct rules_module traders_builders_module = {
	.name = "traders-builders",
	.set = "traders-builders",
	.signs = tb_signs,
	.state_size = sizeof(struct traders),
	.completed = tb_completed,
	.final = tb_final,
	.foresee = tb_foresee,
	.key = "traders",
	.present = tb_present,
	.write = tb_write,
	.read = tb_read,
	.check = tb_check,
	.holdings = tb_holdings,
};
