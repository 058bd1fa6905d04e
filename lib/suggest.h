/* "did you mean": the valid word nearest to a misspelt one, for the messages of carc-place. */
#ifndef CARC_SUGGEST_H
#define CARC_SUGGEST_H

#include "tileset.h"

/* The word of cands[0..n) nearest to word, or NULL when none is near enough to be a slip of
 * the keys: at most two edits (a swap of neighbours is one), letter case aside, and fewer than
 * the word has characters. Among equally near words, the one whose case matches best wins. */
const char *suggest_nearest(const char *word, const char *const *cands, size_t n);

/* A feature name the tile turned ROT could mean by NAME ("raod:E" -> "road:E"): its own
 * features by every side they touch first, then any name of the grammar. 0 and the name in
 * out, or -1. */
int suggest_feature(const struct tiletype *, int rot, const char *name, char *out, size_t);

/* A figure of the game's table for NAME, as "Abbot" -> "abbot". */
int suggest_figure(const struct tileset *, const char *name, char *out, size_t);

/* After a malformed decision WORD, the decision of words[0..n) (the legal ones) nearest to
 * it, appended to err's message as "; did you mean 'WORD'?" when there is one and the message
 * suggests nothing yet. Returns err->code. */
int suggest_move(const char *word, const char *const *words, size_t n, struct carc_err *);

#endif
