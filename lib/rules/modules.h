/* The built-in rules modules, the rows of the table in rules.c, and what the core may read of
 * the base game's module: its options. Each module's own things stay in its file. */
#ifndef CARC_MODULES_H
#define CARC_MODULES_H

#include "../rules.h"

extern struct rules_module base_module;
extern struct rules_module garden_module;
extern struct rules_module fortune_teller_module;
extern struct rules_module catapult_module;

/* The base game's options, in the order of its table. */
enum { BASE_EDITION, BASE_FARMERS };
enum { EDITION_C2, EDITION_C1 };
#define FARMERS_ON(g) (RULE(g, &base_module, BASE_FARMERS) == 0)
#define EDITION(g) RULE(g, &base_module, BASE_EDITION)

#endif
