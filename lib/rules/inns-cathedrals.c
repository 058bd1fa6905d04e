/* Inns & Cathedrals (RULES.md §2, X-IC-1, X-IC-2) as a rules module: the inn, a sign by a road,
 * and the cathedral, a sign in a city, which raise what the road or city is worth when it is
 * complete and leave it nothing when it is not by the end. Its big follower (§5.1) is a row
 * of the figure table: strength 2, as the core's majorities read it. */
#include <stdio.h>

#include "../board.h"
#include "../score.h"
#include "modules.h"

/* the ids of its signs, the module's first and second (rules_init gives them) */
#define INN (inns_cathedrals_module.sign0)
#define CATHEDRAL (inns_cathedrals_module.sign0 + 1)

static const struct sign_def inn = { "inn", K_ROAD };
static const struct sign_def cathedral = { "cathedral", K_CITY };
static const struct sign_def *const ic_signs[] = { &inn, &cathedral, NULL };

/* Whether a segment of the feature with root r shows sign `sign`; several count once. */
static bool
shows(const struct carc_game *g, int r, int sign)
{
	int i = r;

	do {
		const struct placed *p = &g->board[i / MAXSEG];

		if (g->ts.types[p->type].seg[i % MAXSEG].signs & (1u << sign))
			return true;
		i = g->nodes[i].next;
	} while (i != r);
	return false;
}

static int
ic_value(struct carc_game *g, int k, int root, int tile, bool end, int v, char *why, size_t n)
{
	if (k == K_ROAD && shows(g, root, INN)) {
		if (!end)
			return 2 * feature_tiles(g, root);			/* X-IC-1 */
		if (why && v > 0)
			snprintf(why, n, "an unfinished road with an inn is worth nothing (X-IC-1)");
		return 0;
	}
	if (k == K_CITY && shows(g, root, CATHEDRAL)) {
		if (!end)
			return 3 * feature_tiles(g, root) + 3 * g->nodes[root].pennants;
									/* X-IC-2 */
		if (why && v > 0)
			snprintf(why, n, "an unfinished city with a cathedral is worth nothing "
			    "(X-IC-2)");
		return 0;
	}
	return v;
}

struct rules_module inns_cathedrals_module = {
	.name = "inns-cathedrals",
	.set = "inns-cathedrals",
	.signs = ic_signs,
	.value = ic_value,
};
