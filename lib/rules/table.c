/* The built-in rules modules, in the order that matters: kinds get their ids in it (base's
 * road, city, field and cloister are the core's K_ROAD .. K_CLOISTER), options their places
 * (base's first: BASE_EDITION, BASE_FARMERS), and every hook runs in it. The core never names
 * a module: the library's entries that make or read a game register this table first. */
#include "modules.h"

/* The Princess & the Dragon comes after The Phantom: the dragon moves once the phantom is
 * placed or not (PD-16). The Tower comes after The Phantom (the phantom may close a tower after
 * the turn's figure action, TW-22) and Traders & Builders (the builder's second turn is earned
 * before a capture may send it home), and before The Princess & the Dragon: a capture comes
 * before the dragon's movement (TW-21), and the portal, the princess and the fairy only when no
 * tower action took the turn's figure action. */

static struct rules_module *const table[] = {
	&base_module,
	&garden_module,
	&fortune_teller_module,
	&abbey_mayor_module,
	&catapult_module,
	&inns_cathedrals_module,
	&abbot_module,
	&phantom_module,
	&traders_builders_module,
	&tower_module,
	&princess_dragon_module,
};

void
modules_init(void)
{
	rules_init(table, sizeof(table) / sizeof(table[0]));
}
