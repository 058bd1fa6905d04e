/* The built-in rules modules, the rows of the table in rules/table.c, and what the core may
 * read of the base game's module: its options. Each module's own things stay in its file. */
#ifndef CARC_MODULES_H
#define CARC_MODULES_H

#include "../rules.h"

extern struct rules_module base_module;
extern struct rules_module garden_module;
extern struct rules_module fortune_teller_module;
extern struct rules_module catapult_module;
extern struct rules_module inns_cathedrals_module;
extern struct rules_module abbot_module;
extern struct rules_module phantom_module;
extern struct rules_module traders_builders_module;
extern struct rules_module abbey_mayor_module;
extern struct rules_module princess_dragon_module;
extern struct rules_module tower_module;

/* Registers the built-in modules (rules_init); every entry of the library that makes or reads
 * a game calls it first. */
void modules_init(void);

/* rules/base.c: a feature complete when the cells around its tile are filled (cloisters and
 * gardens) */
int around_done(struct carc_game *, int root, int tile);
int around_end(struct carc_game *, int root, int tile);

/* The base game's options, in the order of its table; base is the first module, so they are
 * the first options of every game. */
enum { BASE_EDITION, BASE_FARMERS };
enum { EDITION_C2, EDITION_C1 };
#define FARMERS_ON(g) ((g)->rules.v[BASE_FARMERS] == 0)
#define EDITION(g) ((g)->rules.v[BASE_EDITION])

#endif
