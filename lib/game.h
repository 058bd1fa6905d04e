/* The game: the board with its union-find of features and its frontier, the figures, the
 * players, the supply and the turn (game.c), and what every part of a turn shares. */
#ifndef CARC_GAME_H
#define CARC_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "carc.h"
#include "kinds.h"
#include "rules.h"
#include "tileset.h"
#include "util.h"

#define MAXDRAWN 4
#define COORD_MAX 30000		/* cells from -COORD_MAX to COORD_MAX, both ways */

struct placed {
	uint16_t type;
	int16_t x, y;
	uint8_t rot;
	uint16_t claimed;	/* the sides and halves whose feature a figure claims, in the
				 * bits of SEG_EDGES; kept by the union-find and the figures */
};

struct figure {
	uint16_t tile;		/* board index */
	uint8_t seg;		/* segment of the tile type */
	uint8_t owner;
	uint8_t type;		/* index into the figure table */
	uint8_t corner;		/* a figure that stands on a corner (the barn): 1 + the corner
				 * of its tile as placed (CORNER_NE ...); 0 for the others */
};

/* Where a neutral figure (tileset.neutral, nobody's: the dragon, the fairy) stands: on a tile
 * of the board, by its cell, and on a segment of it (the fairy beside a follower) or on the
 * tile as a whole (seg -1); or beside the board (on false). A module moves it. */
struct npos {
	int16_t x, y;
	int8_t seg;
	bool on;
};

/* One node per (board tile, segment). Roots carry the feature's totals. */
struct node {
	int32_t parent;
	int32_t next;		/* circular list of the members of the feature */
	int16_t open;		/* road/city edges not yet matched */
	int16_t pennants;
	int16_t claims;		/* claiming figures in the feature */
	int16_t size;
};

/* An empty cell next to tiles, with what its neighbours ask of a tile put there, kept up to
 * date as tiles are placed: the legality test of a placement is then one mask. */
struct fcell {
	uint32_t key;		/* (x + 32768) << 16 | (y + 32768) */
	uint8_t asks;		/* 2 bits per side: the edge type the neighbour there shows,
				 * or 3 where there is none; an index into tiletype.fitrot */
	int16_t nb[4];		/* board index of the neighbour on each side, or -1 */
};

struct cell {
	uint32_t key;
	int32_t val;		/* board index >= 0, or -(frontier index) - 1 */
};

struct player {
	char name[CARC_NAME_MAX + 1];
	int score;
};

struct carc_game {
	struct tileset ts;
	struct rules rules;
	uint64_t seed;
	char *setup_start, *setup_stack, *setup_deck;	/* as given, for replay; may be NULL */

	int nplayers;
	struct player pl[CARC_MAX_PLAYERS];

	int cap;			/* tiles the game can hold: board and supply */
	uint16_t *supply;		/* index 0 is the top of the stack */
	int nsupply;
	uint16_t *aside;		/* set aside by B-12 */
	int naside;
	uint64_t rng;

	struct placed *board;
	int nboard;
	struct figure *figs;
	int nfigs, capfigs;
	struct npos neutral[MAXNEUTRAL];	/* of each row of ts.neutral */
	/* derived from figs by fig_add and fig_remove, so that a bot's every turn need not count */
	int held[CARC_MAX_PLAYERS][MAXFIGTYPES];	/* figures of each type on the board */
	uint8_t onkind[CARC_MAX_PLAYERS][MAXKINDS];	/* figures on each kind of feature */
	/* figures of each type neither on the board nor in their owner's supply: a module's to
	 * keep (the prisoners of a tower, TW-13), and the state's reader from its part */
	uint8_t away[CARC_MAX_PLAYERS][MAXFIGTYPES];
	int around;		/* figures on kinds complete when the cells around are filled
				 * (cloisters): scoring looks around only when there are some */
	int unclaiming;		/* figures of a type that does not claim: without any, a
				 * feature nobody claims holds no figure */

	enum carc_phase phase;
	int player;
	/* the turn's figure action was taken by a decision of step 2 (an abbot's recall, a
	 * portal, the princess, the fairy's move), not by a figure put with the tile: a module
	 * after the one that took it offers none (action_taken) */
	bool acted;
	uint16_t drawn[MAXDRAWN];
	int ndrawn;
	/* game_advance found a tile of type fit_type placeable on the board of fit_nboard tiles
	 * (0: none known), so the draw that follows need not ask again */
	int fit_nboard, fit_type;

	char **log;
	int nlog, caplog;

	unsigned active;		/* bit per module of the table the game has */
	/* the state version the game was read from (CARC_FORMAT_VERSION for a new game), and
	 * the rule corrections whose old reading is in force: a bit per row of corrections[]
	 * (corrections.h), set only by carc_game_corrected's replays */
	int version;
	unsigned oldread;
	uint64_t modstate[MODULE_STATE_BYTES / 8];	/* the modules' parts (rules.h) */

	/* derived, rebuilt from the board */
	struct node *nodes;
	struct cell *cells;
	uint32_t cellmask;
	struct fcell *frontier;		/* the empty cells next to tiles */
	int nfrontier;
	int16_t (*beside)[4];		/* of each tile, the board index of the tile on each
					 * side, or -1: the cells around a tile without look-ups */
	/* only when a figure needs its owner's follower (the builder, the pig): of each node
	 * (at the roots), the followers of each player in its feature, and of each player p
	 * and tile b, support[p * cap + b], the edges whose feature holds a follower of p's, in
	 * the bits of struct placed's claimed; kept up to date as claimed is, so that a turn
	 * need not walk the supported features to find them */
	uint16_t (*follow)[CARC_MAX_PLAYERS];
	uint16_t *support;
	uint32_t *stamp;		/* scratch marks, one per node */
	uint32_t epoch;

	/* per call scratch */
	bool quiet;			/* a bot's playout: no report lines, no log words */
	bool borrowed;			/* the tile set belongs to the game this was cloned from */
	struct carc_buf report;
	struct carc_buf words;
	const char **wordv;
	size_t nwordv, capwordv;
};

/* The kind of feature figure f stands on. */
static inline int
figure_kind(const struct carc_game *g, int f)
{
	return g->ts.types[g->board[g->figs[f].tile].type].seg[g->figs[f].seg].kind;
}

/* The figures of type figtype that player has in his supply, to place: neither on the board
 * nor away (a prisoner). */
static inline int
figures_left(const struct carc_game *g, int player, int figtype)
{
	return g->ts.fig[figtype].count - g->held[player][figtype] - g->away[player][figtype];
}

/* A line for people about what a step did; bots' playouts skip the formatting. */
#define report(g, ...) ((g)->quiet ? 0 : carc_buf_printf(&(g)->report, __VA_ARGS__))

/* game.c */
struct carc_game *game_alloc(void);
int game_log(struct carc_game *, const char *word);
void game_advance(struct carc_game *);
void turn_next(struct carc_game *);
void drawn_return(struct carc_game *);
int draw_allowed(const struct carc_game *, int player);
int game_draw(struct carc_game *, int n, struct carc_err *);

#endif
