/* The board (board.c): a hash of cells, the frontier of empty cells next to tiles, the
 * features as a union-find over (tile, segment), and the figures on the board. */
#ifndef CARC_BOARD_H
#define CARC_BOARD_H

#include "game.h"

int board_init(struct carc_game *, int cap);
void board_release(struct carc_game *);
int board_fits(const struct carc_game *, int type, int x, int y, int rot);
bool board_placeable(const struct carc_game *, int type);
int board_place(struct carc_game *, int type, int x, int y, int rot);
int board_at(const struct carc_game *, int x, int y);
int node_find(struct carc_game *, int);
const struct fcell *frontier_at(const struct carc_game *, int x, int y);
unsigned fcell_claims(const struct carc_game *, const struct fcell *);
int board_neighbours8(const struct carc_game *, int x, int y);
int fig_add(struct carc_game *, int tile, int seg, int owner, int type);
void fig_remove(struct carc_game *, int i);
void fig_position(const struct carc_game *, int fig, int32_t *x, int32_t *y);

#endif
