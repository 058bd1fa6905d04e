/* Gardens (B-60 .. B-62), printed on tiles of the second edition: a one-tile feature inside a
 * field that completes and scores like a cloister. Only the abbot may stand on one, and the
 * figure table has no abbot yet, so a garden never scores (carc(7) CAVEATS). */
#include "../tileset.h"
#include "modules.h"

static const struct kind_def garden = { "garden", SHAPE_POINT, EDGE_F, DONE_AROUND8,
	AWARD_MAJORITY, true, 72, around_done, around_end };

static const struct kind_def *const garden_kinds[] = { &garden, NULL };

struct rules_module garden_module = {
	.name = "garden",
	.kinds = garden_kinds,
};
