/* The table of feature kinds (kinds.c): how a kind joins across tiles, completes, and scores.
 * The modules bring the kinds as they are registered (rules_init); the base game's come first
 * and are the core's K_ROAD .. K_CLOISTER. */
#ifndef CARC_KINDS_H
#define CARC_KINDS_H

#include <stdbool.h>
#include <stdint.h>

struct carc_game;

/* The base game's kinds of feature, the first in the table of kinds (rules/base.c); the
 * modules' kinds follow them. */
enum { K_ROAD, K_CITY, K_FIELD, K_CLOISTER };

/* How the segments of a kind join across tiles. */
enum { SHAPE_EDGE, SHAPE_FIELD, SHAPE_POINT };
/* When a feature of the kind is complete: no open edge left; tiles on the eight cells around
 * its tile (a cloister); on the four cells beside it (a tent); never (a field). */
enum { DONE_CLOSED, DONE_AROUND8, DONE_AROUND4, DONE_NEVER };
/* Who scores a completed feature: the majority of its figures (B-44), or the player who
 * placed the completing tile (F-5). */
enum { AWARD_MAJORITY, AWARD_PLACER };

struct kind_def {
	const char *name;	/* in tile sets, move words and messages */
	uint8_t shape;
	uint8_t edge;		/* SHAPE_EDGE: the edge letter it shows, EDGE_R or EDGE_C */
	uint8_t done;
	uint8_t award;
	bool claimable;		/* may a figure stand on it at all (a fair: no) */
	uint8_t anchor;		/* SHAPE_POINT: where a figure stands, hundredths of a tile
				 * from the north-west corner, east and south alike */
	/* the points of a completed feature (root of its union-find), and at the end of the game
	 * of an incomplete one holding figures (NULL: none); `tile` is a tile of the feature */
	int (*done_value)(struct carc_game *, int root, int tile);
	int (*end_value)(struct carc_game *, int root, int tile);
};

#define MAXKINDS 16
extern int nkinds;
extern const struct kind_def *kinds[MAXKINDS];
/* The kind of that name, or -1. */
int kind_find(const char *name);
/* The next kind id for k (rules_init, as the modules are registered), or -1 when the table is
 * full. */
int kind_add(const struct kind_def *k);

/* A sign a segment may show, brought by a module (an inn by a road, a cathedral in a city): a
 * flag of the segment, written `NAME: true` on a road or a city in a tile set, that the module
 * reads when it values the feature (the `value` hook). Each gets a bit of struct seg's signs. */
struct sign_def {
	const char *name;
	int kind;		/* the kind of segment that may show it: K_ROAD, K_CITY */
};

#define MAXSIGNS 8
extern int nsigns;
extern const struct sign_def *signs[MAXSIGNS];
/* The sign of that name, or -1. */
int sign_find(const char *name);
/* The next sign id for s (rules_init), or -1 when the table is full. */
int sign_add(const struct sign_def *s);

#endif
