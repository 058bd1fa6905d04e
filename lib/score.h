/* Scoring (score.c): what a placed tile completes, and the final scoring, by the table of
 * kinds. */
#ifndef CARC_SCORE_H
#define CARC_SCORE_H

#include "game.h"

void score_placed(struct carc_game *, int tile);
int score_final(struct carc_game *);
void score_early(struct carc_game *, int root, int tile);
int feature_tiles(struct carc_game *, int root);
bool feature_complete(struct carc_game *, int root);
/* The points of the feature with root `root` (`tile` one of its tiles) as its kind values it,
 * complete or at the end of the game (`end`), with the modules' changes (rules.h, value);
 * 0 for a kind with no value there. */
int feature_value(struct carc_game *, int root, int tile, bool end);
int field_cities(struct carc_game *, int root);

/* forecast.c: mcts's judgement of a game not played to its end, for player me */
double forecast(struct carc_game *, int me);
/* The followers player p holds, of every type (the big follower, the abbot ...). */
int hand_figures(const struct carc_game *, int p);
/* What a turn beyond the turn order is worth to the thinking bots, in points: about what a
 * turn brings a greedy player of the base game (its 140 points in 36 turns). */
#define TURN_WORTH 4.0

#endif
