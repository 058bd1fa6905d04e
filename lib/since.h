/* carc_game_since (carc.h) is lib/since.c; replay_who is the part of it lib/replay.c makes. */
#ifndef CARC_SINCE_H
#define CARC_SINCE_H

#include "carc.h"

/* libcarc's own: carc_game_replay, with the player who made each decision of the log in WHO
 * (one int a log entry), when WHO is not NULL. */
struct carc_game *replay_who(const struct carc_game *, int *who, struct carc_err *);

#endif
