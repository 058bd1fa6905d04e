/* The one legality: may a figure stand there (legal-check.c), placement words parsed, checked,
 * applied and written (legal-word.c, legal-check.c), and the generator of every legal placement
 * (legal.c), in the fast form the bots use and as the words of --list (legal-list.c). */
#ifndef CARC_LEGAL_H
#define CARC_LEGAL_H

#include "game.h"

struct fmove {
	int16_t x, y;
	uint16_t type;
	int8_t rot, seg, fig;
	int8_t corner;		/* 1 + the corner a figure that stands on one takes (the barn),
				 * its field being seg; 0: the figure stands on seg */
};

/* The most decisions one placement (tile, cell, rotation) stands for: itself, every figure on
 * every segment and on every corner. */
#define FIT_MOVES_MAX (1 + (MAXSEG + 4) * MAXFIGTYPES)

/* A tile and a cell it fits, with the rotations that fit and the decisions they stand for:
 * each placement alone and each figure it may take. */
struct fit {
	uint16_t type;
	uint8_t rots;		/* bit r: rotation r, one of its kind (same_as) */
	uint16_t claims;	/* fcell_claims of the cell */
	uint16_t own;		/* the cell's edges whose feature across holds a follower of the
				 * player's, in fcell_claims's bits, when a figure that needs one
				 * is offered (the builder, the pig): fcell_own */
	int cell;		/* frontier index */
	int all;		/* figure decisions of a segment set that nothing claims */
	int n;
	uint8_t corners;	/* when a figure that stands on a corner is offered: bit c for
				 * each corner c of the cell where the three other tiles that
				 * meet there show field (legal_cell_corners) */
};

struct moves {
	struct fmove *v;
	int n, cap;
	struct fit *fit;
	int nfit, capfit;
};

/* A player's figures on the board: the figure table gives each player 13 at most. */
#define MAXSUPPORT 64

/* What a segment of each kind offers the player to move, worked out once a turn so that the
 * enumeration has no loop over figure types: how many figure types that do not claim (they go
 * on any such segment) and how many that claim (they need the feature free). Only the kinds
 * of the drawn tiles' segments are worked out. */

struct offer {
	int left[MAXFIGTYPES];
	unsigned may[MAXFIGTYPES];	/* bit per kind (of the drawn tiles') the figure may
					 * stand on now */
	uint8_t free[MAXKINDS], claim[MAXKINDS];
	/* a claiming figure may go on a kind that reaches an edge (road, city, field): only
	 * then do the claimed features around a cell take decisions away (an abbot, on
	 * cloisters and gardens alone, never loses one to a neighbour) */
	bool edgeclaim;
	/* the figure types, a bit each, that go only where their owner has a follower already
	 * (needs: own-follower: the builder, the pig), offered this turn; they are not in
	 * free[] and claim[], the features around each cell deciding where they go: those
	 * holding a follower of the player's (sup) and those holding such a figure of the
	 * player's already (own, with its type) */
	unsigned needs;
	int nsup, nown;
	int own[MAXSUPPORT];
	uint8_t owntype[MAXSUPPORT];
	unsigned ownfts;		/* the types of own[], a bit each */
	/* of each tile, the edges of its segments in a supported feature, in the bits of
	 * struct placed's claimed: fcell_own reads them as fcell_claims reads claimed (the
	 * board's support, the player to move's part) */
	const uint16_t *supmask;
	/* the figure types, a bit each, that stand on a corner (the barn), offered this turn,
	 * how many, and the fields that hold such a figure already (any player's) */
	unsigned corners;
	int ncorner, nbarn;
	int barn[MAXSUPPORT];
	/* the drawn tiles on which no figure may stand now, and where (rules_bare's BARE_*:
	 * on the features of a volcano, a figure on a corner being still offered; on any
	 * part of a princess tile placed into a city with followers, with princess=must) */
	const struct tiletype *bare[MAXDRAWN];
	unsigned barewhere[MAXDRAWN];
	int nbare;
};

int fast_moves(struct carc_game *, struct moves *);
int random_place(struct carc_game *, struct moves *, uint64_t *rng);
int placement_word(const struct carc_game *, const struct fmove *, bool prefix, char *, size_t);

int seg_rotated_name(const struct tiletype *, int rot, int seg, char *out, size_t n);
/* The figure type of that name among the game's, or -1. */
int figure_find(const struct tileset *, const char *name);
bool log_word_matches(const struct carc_game *, const char *word, int board_index);
bool word_is_placement(const char *);
int game_apply(struct carc_game *, const struct fmove *, bool log);
/* Whether the turn's figure action is taken (step 2 of a turn): a figure put with the tile,
 * or g->acted. */
bool action_taken(const struct carc_game *);
bool placed_bare(struct carc_game *, unsigned what);
/* The name of the place of figure f, as a state and the words keep it: its feature
 * (seg_rotated_name), or the corner it stands on, as corner:NE. */
int fig_place_name(const struct carc_game *, int f, char *out, size_t n);
/* The corner a name like "corner:NE" means (CORNER_NE ...), -1 if the name is not a corner's,
 * -2 if it is one of no corner. */
int corner_by_name(const char *name);
/* The field segment of tile t in rotation r that fills corner c, both its half-edges, or -1. */
int corner_seg(const struct tiletype *, int r, int c);
/* Whether the three other cells that meet at corner c of cell x,y hold tiles showing field
 * at that corner (a figure that stands on a corner, §5.4); if not, the first cell that does
 * not into *bx, *by. */
bool corner_meets(const struct carc_game *, int x, int y, int c, int *bx, int *by);
/* X,Y at the start of a module's word: each number within COORD_MAX and as the engine writes
 * it (no '+', no leading zero, no -0, no space); what follows into *rest. False if not. */
bool cell_read(const char *s, int *x, int *y, const char **rest);
/* A tile of the player's own supply (an abbey), as if it were the one drawn: its placement
 * words, each given to add; placed by one of them, the canonical word into canon. */
int supply_words(const struct carc_game *, int type, int (*add)(void *, const char *),
    void *arg);
int supply_place(struct carc_game *, int type, const char *word, char *canon, size_t,
    struct carc_err *);

enum stand { STAND_OK, STAND_PLACE, STAND_LIMIT };
unsigned figure_kinds(const struct carc_game *, int player, int figtype, int leaving);
enum stand figure_may_stand(const struct carc_game *, int player, int figtype, int kind,
    int leaving);
int stand_refuse(const struct carc_game *, enum stand, int player, int figtype, int kind,
    const char *word, struct carc_err *);

#endif
