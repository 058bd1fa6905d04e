/* A game's setup (setup.c): the deal of a new game, and the check that the tiles of a game
 * read from a state are the ones its setup gives. */
#ifndef CARC_SETUP_H
#define CARC_SETUP_H

#include "game.h"

int game_deal(struct carc_game *, struct carc_err *);
int game_check_tiles(const struct carc_game *, struct carc_err *);
int own_tiles(const struct carc_game *);

#endif
