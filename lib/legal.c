/* May this figure stand there? The one answer that a placement, --list, the bots, a catapult
 * seduction and the state reader share, so that every placement limit holds on every path. */
#include <stdio.h>

#include "internal.h"

/* The kinds of feature player p's figure of type ft may stand on now, a bit per kind: the
 * figure table's places (B-21), the game's rules (no farmers), and the limits a player has
 * (F-3: two fortune tellers). `leaving` is a figure of the same player that the same decision
 * takes off the board (a seducer moved from elsewhere), or -1. The supply (B-25) and the
 * feature's occupancy (B-22) are the caller's: they depend on where the figure comes from and
 * on the placement. */
unsigned
figure_kinds(const struct carc_game *g, int p, int ft, int leaving)
{
	unsigned on = g->ts.fig[ft].on;
	int tellers;

	if (!g->rules.farmers)
		on &= ~(1u << K_FIELD);
	if (on & (1u << K_TENT)) {
		tellers = g->tellers[p];
		if (leaving >= 0 && g->ts.types[g->board[g->figs[leaving].tile].type]
		    .seg[g->figs[leaving].seg].kind == K_TENT)
			tellers--;
		if (tellers >= TENT_LIMIT)
			on &= ~(1u << K_TENT);
	}
	return on;
}

/* figure_kinds for one kind, and if not, why not. */
enum stand
figure_may_stand(const struct carc_game *g, int p, int ft, int k, int leaving)
{
	if (figure_kinds(g, p, ft, leaving) & (1u << k))
		return STAND_OK;
	if (!(g->ts.fig[ft].on & (1u << k)))
		return STAND_PLACE;
	return k == K_FIELD && !g->rules.farmers ? STAND_FARMERS : STAND_TENTS;
}

/* Why not, for people, after "illegal move 'WORD': ". */
int
stand_refuse(const struct carc_game *g, enum stand why, int p, int ft, int k, const char *w,
    struct carc_err *err)
{
	switch (why) {
	case STAND_OK:
		break;
	case STAND_PLACE:
		return seterr(err, CARC_EREFUSED, "illegal move '%s': a %s may not stand on a %s",
		    w, g->ts.fig[ft].name, kind_names[k]);
	case STAND_FARMERS:
		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': this game is played without farmers", w);
	case STAND_TENTS:
		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': %s has %d fortune tellers already (F-3)", w, g->pl[p].name,
		    TENT_LIMIT);
	}
	return 0;
}

/* Every figure of a game read from a state within the limits (the state reader's check: a
 * state no decision could make is refused). */
int
figures_check(const struct carc_game *g, char *why, size_t n)
{
	int p;

	for (p = 0; p < g->nplayers; p++)
		if (g->tellers[p] > TENT_LIMIT)
			return snprintf(why, n, "%s has %d fortune tellers, more than %d (F-3)",
			    g->pl[p].name, g->tellers[p], TENT_LIMIT), -1;
	return 0;
}
