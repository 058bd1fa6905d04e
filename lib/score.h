/* Scoring (score.c): what a placed tile completes, and the final scoring, by the table of
 * kinds. */
#ifndef CARC_SCORE_H
#define CARC_SCORE_H

#include "game.h"

void score_placed(struct carc_game *, int tile);
int score_final(struct carc_game *);
int feature_tiles(struct carc_game *, int root);
int field_cities(struct carc_game *, int root);

/* forecast.c: mcts's judgement of a game not played to its end, for player me */
double forecast(struct carc_game *, int me);

#endif
