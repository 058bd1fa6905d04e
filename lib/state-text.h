/* Every string of a state through carc_text_check (text.h), for the state's reader and writer:
 * a struct carc_err as everywhere, status 65 for a state read, 70 for a game about to be
 * written (its strings passed a reader's check: one that fails is a fault of the library). */
#ifndef CARC_STATE_TEXT_H
#define CARC_STATE_TEXT_H

struct carc_err;
struct carc_game;
struct msgpack_object;

/* Every string of the state ROOT read from NAME, keys included, as a line of text (the YAML
 * of a user's tile set as UTF-8), before it is decoded. */
int text_check_state(const struct msgpack_object *root, const char *name, struct carc_err *);
/* The names, the log, the setup's lists and the tile sets' text of a game about to be
 * written. */
int text_check_game(const struct carc_game *, struct carc_err *);

#endif
