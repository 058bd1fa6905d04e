/* carc_game_since (carc.h) is lib/since.c; replay_who is the part of it lib/replay.c makes, and
 * replay_old the part of carc_game_corrected (lib/corrections.c). */
#ifndef CARC_SINCE_H
#define CARC_SINCE_H

#include "carc.h"

/* libcarc's own: carc_game_replay, with the player who made each decision of the log in WHO
 * (one int a log entry), when WHO is not NULL. */
struct carc_game *replay_who(const struct carc_game *, int *who, struct carc_err *);
/* carc_game_replay with the old readings OLDREAD (a bit per row of corrections[]) in force for
 * the first UPTO entries of the log, today's rules for the others. */
struct carc_game *replay_old(const struct carc_game *, unsigned oldread, int upto,
    struct carc_err *);

#endif
