/* The Phantom (RULES.md §5.8) as a rules module. The phantom is a row of the figure table (one
 * each, a follower of strength 1 that is never placed with the tile: `second`); this module
 * is its placement, a decision of step 2 of the turn in a phase of its own, phantom, after the
 * tile and its figure (if any): phantom:FEATURE puts it on another feature of the same tile,
 * which must be free (B-22), so never where the first figure went; phantom:none does not.
 * After phantom:none, a portal tile lets it go through the portal instead, a word of the
 * portal's phase (portal:X,Y,FEATURE@phantom, lib/rules/princess-dragon.c: PD-53). */
#include <stdio.h>
#include <string.h>

#include "../board.h"
#include "../legal.h"
#include "../suggest.h"
#include "modules.h"

/* The player's figure type placed by the second decision that they still hold, or -1. */
static int
second_left(const struct carc_game *g, int p)
{
	int f;

	for (f = 0; f < g->ts.nfig; f++)
		if (g->ts.fig[f].second && figures_left(g, p, f) > 0)
			return f;
	return -1;
}

/* The segments of the tile just placed where figure type ft of the player to move may go, a
 * bit each: a kind it may stand on within every limit, a feature nobody claims (B-22); with
 * `first`, only the first of them. */
static unsigned
free_segs(struct carc_game *g, int ft, bool first)
{
	int tile = g->nboard - 1, s;
	const struct tiletype *t = &g->ts.types[g->board[tile].type];
	unsigned may, segs = 0;

	/* asked about the tile's kinds alone: a hook keeps, of the kinds it is given, those the
	 * figure may stand on (rules.h) */
	may = rules_figure_kinds(g, g->player, ft, -1, g->ts.fig[ft].on & t->kindmask);
	for (s = 0; s < t->nseg && !(first && segs); s++)
		if ((may & (1u << t->seg[s].kind)) && (!g->ts.fig[ft].claims ||
		    g->nodes[node_find(g, tile * MAXSEG + s)].claims == 0))
			segs |= 1u << s;
	return segs;
}

static bool
phantom_open(struct carc_game *g)
{
	int ft = second_left(g, g->player);

	return ft >= 0 && free_segs(g, ft, true) != 0;
}

static int
phantom_step2(struct carc_game *g, int tile)
{
	if (!phantom_open(g))
		return 0;
	g->phase = CARC_PHANTOM;
	return 1;
}

/* In phase place the phantom is not a figure of the placement: it has a decision of its own. */
static unsigned
phantom_figure_kinds(const struct carc_game *g, int p, int ft, int leaving, unsigned on)
{
	return g->ts.fig[ft].second && g->phase == CARC_PLACE ? 0 : on;
}

static int
phantom_limit_why(const struct carc_game *g, int p, int ft, int k, char *why, size_t n)
{
	if (!g->ts.fig[ft].second || g->phase != CARC_PLACE)
		return 0;
	snprintf(why, n, "the %s is put after the placement, with phantom:FEATURE",
	    g->ts.fig[ft].name);
	return 1;
}

/* phantom:FEATURE for each free feature of the tile just placed, by its canonical name, in
 * the order of the tile's segments; then phantom:none. */
static int
phantom_words(struct carc_game *g, struct carc_err *err)
{
	const struct placed *p = &g->board[g->nboard - 1];
	const struct tiletype *t = &g->ts.types[p->type];
	int ft = second_left(g, g->player), s, rc = 0;
	unsigned segs = ft >= 0 ? free_segs(g, ft, false) : 0;
	char name[32], w[48];

	for (s = 0; s < t->nseg; s++) {
		if (!(segs >> s & 1))
			continue;
		seg_rotated_name(t, p->rot, s, name, sizeof(name));
		snprintf(w, sizeof(w), "phantom:%s", name);
		rc |= carc_buf_add(&g->words, w, strlen(w) + 1);
	}
	rc |= carc_buf_add(&g->words, "phantom:none", 13);
	return rc ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

/* The phantom on feature `feat` of the tile just placed, checked; the word logged as the
 * canonical name writes it. */
static int
put(struct carc_game *g, const char *w, const char *feat, char *canon, size_t n,
    struct carc_err *err)
{
	const struct placed *p = &g->board[g->nboard - 1];
	const struct tiletype *t = &g->ts.types[p->type];
	int ft = second_left(g, g->player), s, k;
	enum stand why;
	char meant[32];

	if ((s = seg_by_name(t, p->rot, feat)) == -2 &&
	    suggest_feature(t, p->rot, feat, meant, sizeof(meant)) == 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown feature '%s'; did you mean "
		    "'%s'?", w, feat, meant);
	if (s == -2)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown feature '%s' (KIND or "
		    "KIND:SIDE, as road:E or field:Nw)", w, feat);
	if (s < 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': tile %s turned %d has no %s", w,
		    t->id, p->rot * 90, feat);
	k = t->seg[s].kind;
	if ((why = figure_may_stand(g, g->player, ft, k, -1)) != STAND_OK)
		return stand_refuse(g, why, g->player, ft, k, w, err);
	if (!(free_segs(g, ft, false) >> s & 1))
		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': that %s already has a follower (B-22)", w, kinds[k]->name);
	if (fig_add(g, g->nboard - 1, s, g->player, ft) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	seg_rotated_name(t, p->rot, s, meant, sizeof(meant));
	snprintf(canon, n, "phantom:%s", meant);
	return 0;
}

static int
phantom_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	char canon[48] = "phantom:none";

	if (strncmp(w, "phantom:", 8) != 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': %s may put the phantom on the tile "
		    "first: phantom:FEATURE or phantom:none", w, g->pl[g->player].name);
	if (strcmp(w + 8, "none") != 0 && put(g, w, w + 8, canon, sizeof(canon), err))
		return err->code;
	if (!g->quiet && game_log(g, canon) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	rules_step2(g, &phantom_module);
	return 0;
}

/* The random player's decision: the word phantom_words would list at the index drawn, made
 * without the words (but for the log). */
static int
phantom_random(struct carc_game *g, uint64_t *rng)
{
	const struct placed *p = &g->board[g->nboard - 1];
	const struct tiletype *t = &g->ts.types[p->type];
	int ft = second_left(g, g->player), s, n, j;
	unsigned free = ft >= 0 ? free_segs(g, ft, false) : 0;
	char w[48] = "phantom:none";

	n = __builtin_popcount(free);
	if ((j = carc_rng_below(rng, n + 1)) < n) {
		for (s = 0; !(free >> s & 1) || j-- > 0; s++)
			;
		if (fig_add(g, g->nboard - 1, s, g->player, ft) == -1)
			return -1;
		if (!g->quiet) {
			memcpy(w, "phantom:", 8);
			seg_rotated_name(t, p->rot, s, w + 8, sizeof(w) - 8);
		}
	}
	if (!g->quiet && game_log(g, w) == -1)
		return -1;
	rules_step2(g, &phantom_module);
	return 0;
}

static int
phantom_status(const struct carc_game *g, struct carc_buf *b)
{
	const struct placed *p = &g->board[g->nboard - 1];

	return carc_buf_printf(b, "%s may put the phantom on the tile at %d,%d "
	    "(phantom:FEATURE) or not (phantom:none)", g->pl[g->player].name, p->x, p->y);
}

/* For the state reader: phase phantom only where the phantom may go. */
static int
phantom_check(const struct carc_game *g, char *why, size_t n)
{
	/* phantom_open finds roots, which shortens paths in the union-find and nothing else */
	if (g->phase != CARC_PHANTOM || phantom_open((struct carc_game *)g))
		return 0;
	return snprintf(why, n, "phase phantom, but %s may put no phantom on the tile placed",
	    g->pl[g->player].name), -1;
}

static const struct phase_def phantom_phases[] = {
	{ CARC_PHANTOM, "phantom", "the phantom may follow the placement", phantom_decide,
	    phantom_words, phantom_status, true, "phantom:none", phantom_random },
	{ 0, NULL, NULL, NULL, NULL, NULL, false, NULL, NULL }
};

/* phantom:FEATURE of the tile just placed, or phantom:none */
static int
phantom_word_json(struct carc_buf *b, const char *w)
{
	bool none = strcmp(w, "phantom:none") == 0;

	if (strncmp(w, "phantom:", 8))
		return 1;
	return json_member(b, "feature", none ? NULL : w + 8, none ? 0 : strlen(w + 8));
}

struct rules_module phantom_module = {
	.name = "phantom",
	.set = "phantom",
	.phases = phantom_phases,
	.figure_kinds = phantom_figure_kinds,
	.limit_why = phantom_limit_why,
	.step2 = phantom_step2,
	.check = phantom_check,
	.word_json = phantom_word_json,
};
