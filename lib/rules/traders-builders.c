/* Traders & Builders (RULES.md §3, X-TB-1, X-TB-2) as a rules module: the goods a city tile
 * shows, signs of the city (wine, grain, cloth). */
#include "../board.h"
#include "../score.h"
#include "modules.h"

static const struct sign_def wine = { "wine", K_CITY };
static const struct sign_def grain = { "grain", K_CITY };
static const struct sign_def cloth = { "cloth", K_CITY };
static const struct sign_def *const tb_signs[] = { &wine, &grain, &cloth, NULL };

struct rules_module traders_builders_module = {
	.name = "traders-builders",
	.set = "traders-builders",
	.signs = tb_signs,
};
