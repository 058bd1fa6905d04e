/* carc-deck --verify --since OLD: whether a game received continues the game last sent. */
#ifndef CARC_SINCE_H
#define CARC_SINCE_H

#include <stddef.h>

struct carc_err;
struct carc_game;

/* 0 when NEW continues OLD (named OLDNAME in messages): NEW has exactly OLD's setup (players,
 * tile sets with their text, rules, seed, start, stack and deck), OLD's log is the beginning
 * of NEW's, NEW is the state its log gives, and no decision after OLD's log was made on a
 * turn of player ME (-1: nobody's turns are checked). Else 1 and the first thing wrong, for
 * people, in MSG; or a status of carc.h with ERR filled when the games cannot be compared
 * (out of memory). */
int carc_game_since(const struct carc_game *old, const struct carc_game *new,
    const char *oldname, int me, char *msg, size_t n, struct carc_err *);

/* libcarc's own: carc_game_replay, with the player who made each decision of the log in WHO
 * (one int a log entry), when WHO is not NULL. */
struct carc_game *replay_who(const struct carc_game *, int *who, struct carc_err *);

#endif
