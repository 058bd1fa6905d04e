/* The rules corrected since an older carc wrote its states: what carc-deck --verify tells the
 * player of a game saved before a correction (carc-deck(1), carc-state(5) "Versions"). */
#ifndef CARC_CORRECTIONS_H
#define CARC_CORRECTIONS_H

#include <stdbool.h>

#include "carc.h"

struct correction {
	const char *id;		/* the rule's id in RULES.md and carc(7) */
	int before;		/* the state version from which every carc reads it so: a state
				 * of an older one may have been played under the old reading */
	const char *what;	/* what changed, in one line, for the note */
	const char *module;	/* the rules module whose games it can affect */
	bool kept;		/* the old reading is kept (OLDREAD): --verify replays with it;
				 * else the row only names the rule when a game does not verify */
};

/* The old reading of correction i in force in a game (struct carc_game's oldread). */
#define OLDREAD(g, i) (((g)->oldread >> (i)) & 1u)

/* the rows, in the order of the note; a module that keeps an old reading names its row */
enum { CORR_F5, CORR_F7D, CORR_XCA7 };
extern const struct correction corrections[];
extern const int ncorrections;

#endif
