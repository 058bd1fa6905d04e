/* The Fortune Teller (RULES.md §6, F-1 .. F-9) as a rules module: the tent, a feature of one
 * tile that the player who completes it scores 3 for (F-5); one more tile drawn for each of
 * the player's fortune tellers, three at the most (F-4); two fortune tellers a player at the
 * most (F-3); and the rule option ft-draw, under which a player may draw fewer (draw:N). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board.h"
#include "../corrections.h"
#include "../legal.h"
#include "modules.h"

/* the id of the kind tent, the module's first (rules_init gives it) */
#define TENT (fortune_teller_module.kind0)

#define TENT_LIMIT 2		/* fortune tellers one player may have at a time (F-3) */
#define DRAW_LIMIT 3		/* tiles one draw may take (F-4) */

enum { FT_DRAW, FT_BIG };
enum { FT_DRAW_MAX, FT_DRAW_MAY };
enum { FT_BIG_ONE, FT_BIG_TWO };

/* 3 (F-5); 0 for an empty tent under the reading carc had before F-5 was corrected, kept for
 * carc-deck --verify of a game saved then (corrections.h) */
static int
tent_done(struct carc_game *g, int root, int tile)
{
	int i;

	if (!OLDREAD(g, CORR_F5))
		return 3;
	for (i = 0; i < g->nfigs; i++)
		if (!g->figs[i].corner && node_find(g, g->figs[i].tile * MAXSEG + g->figs[i].seg) ==
		    root)
			return 3;
	return 0;
}

/* F-5, F-6, F-8: complete when the four cells beside it hold tiles, 3 to the player who
 * placed the tile that completed it, nothing at the end. */
static const struct kind_def tent = { "tent", SHAPE_POINT, EDGE_F, DONE_AROUND4, AWARD_PLACER,
	true, 50, tent_done, NULL };

static const struct kind_def *const ft_kinds[] = { &tent, NULL };

static const char *const maxmay[] = { "max", "may", NULL };
static const char *const onetwo[] = { "one", "two", NULL };

static const struct rule_opt ft_opts[] = {
	[FT_DRAW] = { "ft-draw", OPT_CHOICE, maxmay, 0, false },
	[FT_BIG] = { "ft-big", OPT_CHOICE, onetwo, 0, false },
	{ NULL, 0, NULL, 0, false }
};


/* How many fortune tellers a figure of type ft is: one (F-4: a big follower is one meeple), or
 * under ft-big=two, the other reading, as many as its strength (a big follower two). */
static int
weight(const struct carc_game *g, int ft)
{
	if (RULE(g, &fortune_teller_module, FT_BIG) == FT_BIG_ONE || g->ts.fig[ft].strength < 1)
		return 1;
	return g->ts.fig[ft].strength;
}

/* The fortune tellers of player p: followers on tents. */
static int
tellers(const struct carc_game *g, int p)
{
	int f, n = 0;

	if (RULE(g, &fortune_teller_module, FT_BIG) == FT_BIG_ONE)
		return g->onkind[p][TENT];
	for (f = 0; f < g->nfigs; f++)
		if (g->figs[f].owner == p && figure_kind(g, f) == TENT)
			n += weight(g, g->figs[f].type);
	return n;
}

/* F-4: one more tile for each fortune teller, DRAW_LIMIT at the most. */
static int
ft_draw_count(const struct carc_game *g, int p, int n)
{
	n += tellers(g, p);
	return n > DRAW_LIMIT ? DRAW_LIMIT : n;
}

/* F-3: at most TENT_LIMIT fortune tellers; a figure that leaves a tent by the same decision
 * (a seducer) makes room. */
static unsigned
ft_figure_kinds(const struct carc_game *g, int p, int ft, int leaving, unsigned on)
{
	int n, k = TENT;

	if (!(on & (1u << k)))
		return on;
	n = tellers(g, p);
	if (leaving >= 0 && figure_kind(g, leaving) == k)
		n -= weight(g, g->figs[leaving].type);
	return n + weight(g, ft) > TENT_LIMIT ? on & ~(1u << k) : on;
}

/* Under ft-draw=may: draw:1 .. draw:N, the most first, when the player may draw N > 1. */
static int
ft_draw_words(const struct carc_game *g, struct carc_buf *b)
{
	int n, i;
	char w[16];

	/* tiles held for a second turn (F-9) are its draw: no choice of how many */
	if (RULE(g, &fortune_teller_module, FT_DRAW) != FT_DRAW_MAY || g->ndrawn > 0 ||
	    (n = draw_allowed(g, g->player)) < 2)
		return 0;
	for (i = n; i >= 1; i--) {
		snprintf(w, sizeof(w), "draw:%d", i);
		if (carc_buf_add(b, w, strlen(w) + 1) == -1)
			return -1;
	}
	return n;
}

/* draw:N (and carc-draw --tiles N): fewer tiles than allowed only under ft-draw=may, and then
 * kept in the log so that the game replays. */
static int
ft_draw_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	const char *p = w + 5;
	int want = draw_allowed(g, g->player), n;

	if (strncmp(w, "draw:", 5) != 0 || g->ndrawn > 0)
		return -1;	/* held tiles (F-9): carc_game_draw_n's */
	if (*p < '1' || *p > '9' || p[1] != '\0')
		return seterr(err, CARC_EUSAGE, "bad move '%s': expected draw:N, N from 1 to %d", w,
		    DRAW_LIMIT);
	n = *p - '0';
	if (n > want)
		return seterr(err, CARC_EREFUSED, "%s may draw %d tile%s now, not %d (F-4)",
		    g->pl[g->player].name, want, want == 1 ? "" : "s", n);
	if (n < want) {
		if (RULE(g, &fortune_teller_module, FT_DRAW) != FT_DRAW_MAY)
			return seterr(err, CARC_EREFUSED, "%s draws all %d tiles the fortune tellers "
			    "give (F-4); --rule ft-draw=may lets a player draw fewer",
			    g->pl[g->player].name, want);
		if (!g->quiet && game_log(g, w) == -1)
			return seterr(err, CARC_ESOFTWARE, "out of memory");
	}
	return game_draw(g, n, err);
}

static int
ft_limit_why(const struct carc_game *g, int p, int ft, int k, char *why, size_t n)
{
	int have = tellers(g, p);

	if (k != TENT || have + weight(g, ft) <= TENT_LIMIT)
		return 0;
	if (have >= TENT_LIMIT)
		snprintf(why, n, "%s has %d fortune tellers already (F-3)", g->pl[p].name, have);
	else
		snprintf(why, n, "a %s is %d fortune tellers, and %s has %d already "
		    "(F-3, ft-big=two)", g->ts.fig[ft].name, weight(g, ft), g->pl[p].name, have);
	return 1;
}

static int
ft_check(const struct carc_game *g, char *why, size_t n)
{
	int p;

	for (p = 0; p < g->nplayers; p++)
		if (tellers(g, p) > TENT_LIMIT)
			return snprintf(why, n, "%s has %d fortune tellers, more than %d (F-3)",
			    g->pl[p].name, tellers(g, p), TENT_LIMIT), -1;
	return 0;
}

/* draw:N, in phase draw under ft-draw=may */
static int
ft_word_json(struct carc_buf *b, const char *w)
{
	if (strncmp(w, "draw:", 5))
		return 1;
	return carc_buf_printf(b, ", \"tiles\": %ld", strtol(w + 5, NULL, 10));
}

struct rules_module fortune_teller_module = {
	.name = "fortune-teller",
	.set = "fortune-teller",
	.kinds = ft_kinds,
	.opts = ft_opts,
	.draw_count = ft_draw_count,
	.figure_kinds = ft_figure_kinds,
	.limit_why = ft_limit_why,
	.draw_words = ft_draw_words,
	.draw_decide = ft_draw_decide,
	.check = ft_check,
	.word_json = ft_word_json,
};
