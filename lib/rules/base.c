/* The base game as a rules module: its four kinds of feature and how they score (B-40 ..
 * B-51, B-83), and its options, the edition and the farmers. The core knows these kinds by
 * the ids they get first in the table: K_ROAD, K_CITY, K_FIELD, K_CLOISTER. */
#include <stdio.h>

#include "../board.h"
#include "../legal.h"
#include "../score.h"
#include "modules.h"

static int
road_value(struct carc_game *g, int root, int tile)
{
	return feature_tiles(g, root);						/* B-40 */
}

static int
city_done(struct carc_game *g, int root, int tile)
{
	return 2 * feature_tiles(g, root) + 2 * g->nodes[root].pennants;	/* B-41 */
}

static int
city_end(struct carc_game *g, int root, int tile)
{
	return feature_tiles(g, root) + g->nodes[root].pennants;		/* B-51 */
}

static int
field_end(struct carc_game *g, int root, int tile)
{
	return FARMERS_ON(g) ? 3 * field_cities(g, root) : 0;			/* B-83 */
}

int
around_done(struct carc_game *g, int root, int tile)
{
	return 9;								/* B-42 */
}

int
around_end(struct carc_game *g, int root, int tile)
{
	const struct placed *p = &g->board[tile];

	return 1 + board_neighbours8(g, p->x, p->y);				/* B-51 */
}

static const struct kind_def road = { "road", SHAPE_EDGE, EDGE_R, DONE_CLOSED, AWARD_MAJORITY,
	true, 0, road_value, road_value };
static const struct kind_def city = { "city", SHAPE_EDGE, EDGE_C, DONE_CLOSED, AWARD_MAJORITY,
	true, 0, city_done, city_end };
static const struct kind_def field = { "field", SHAPE_FIELD, EDGE_F, DONE_NEVER,
	AWARD_MAJORITY, true, 0, NULL, field_end };
static const struct kind_def cloister = { "cloister", SHAPE_POINT, EDGE_F, DONE_AROUND8,
	AWARD_MAJORITY, true, 50, around_done, around_end };

static const struct kind_def *const base_kinds[] = { &road, &city, &field, &cloister, NULL };

static const char *const editions[] = { "c2", "c1", NULL };
static const char *const onoff[] = { "on", "off", NULL };

static const struct rule_opt base_opts[] = {
	[BASE_EDITION] = { "edition", OPT_CHOICE, editions, 0, true },
	[BASE_FARMERS] = { "farmers", OPT_CHOICE, onoff, 0, true },
	{ NULL, 0, NULL, 0, false }
};

/* B-80: farmers only in a game with farmers. */
static unsigned
base_figure_kinds(const struct carc_game *g, int p, int ft, int leaving, unsigned on)
{
	return FARMERS_ON(g) ? on : on & ~(1u << K_FIELD);
}

static int
base_limit_why(const struct carc_game *g, int p, int ft, int k, char *why, size_t n)
{
	if (k != K_FIELD || FARMERS_ON(g))
		return 0;
	snprintf(why, n, "this game is played without farmers");
	return 1;
}

struct rules_module base_module = {
	.name = "base",
	.kinds = base_kinds,
	.opts = base_opts,
	.figure_kinds = base_figure_kinds,
	.limit_why = base_limit_why,
};
