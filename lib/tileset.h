/* Tile sets and the figure table, compiled from YAML (tileset.c, tileset-yaml.c,
 * tileset-tile.c, tileset-figure.c): tile types with their rotations worked out, where
 * figures stand, and the figure rows a game has. */
#ifndef CARC_TILESET_H
#define CARC_TILESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "carc.h"
#include "kinds.h"

#define MAXSEG 16		/* segments on one tile */
#define MAXSETS 16
#define MAXFIGTYPES 16	/* figure rows of one game */
#define MAXNEUTRAL 8	/* neutral figure rows of one game: nobody's (the dragon, the fairy) */
#define ID_MAX 24
#define MAX_TILES 4096		/* tiles in one game: board, supply and set aside */
#define DEFAULT_FIGURE "follower"	/* the figure a move without @FIGURE places */

/* Sides in clockwise order; a side's two field halves are 2*side and 2*side+1. */
enum { SIDE_N, SIDE_E, SIDE_S, SIDE_W };
/* Corners in clockwise order, corner c between sides c and c+1: its half-edges are 2c+1 and
 * 2c+2 (mod 8), NE meeting Ne and En. */
enum { CORNER_NE, CORNER_SE, CORNER_SW, CORNER_NW };
extern const char *const corner_names[4];
/* EDGE_ANY (`*` in a tile set): the edge fits any neighbour's, wants one, and ends the feature
 * across it (an abbey's, X-AM-1) */
enum { EDGE_F, EDGE_R, EDGE_C, EDGE_ANY };
extern const char *const side_names[4];
extern const char *const half_names[8];
extern const int side_dx[4], side_dy[4];

/* The half across a shared edge: Nw<->Sw, Ne<->Se, En<->Wn, Es<->Ws. */
#define HALF_ACROSS(h) ((h) ^ 5)

struct seg {
	uint8_t kind;
	uint8_t sides;		/* road/city: bit per side it reaches */
	uint8_t halves;		/* field: bit per half-edge it reaches */
	uint8_t pennants;
	uint8_t signs;		/* road/city: bit per sign it shows (kinds.h: an inn ...) */
	uint16_t cities;	/* field: bit per segment index of the cities it borders */
};

struct tiletype {
	char id[ID_MAX];
	char plain[ID_MAX];	/* the same tile without a garden, for edition c1 */
	int count;
	int own;		/* copies each player holds in his own supply, not in the box's
				 * supply (an abbey) */
	int set;
	uint8_t edge[4];
	int nseg;
	struct seg seg[MAXSEG];
	/* per rotation (0..3 quarter turns clockwise) */
	uint8_t pattern[4];		/* 2 bits per side: the edge type facing that side
					 * (EDGE_F for an EDGE_ANY side) */
	uint8_t wild[4];		/* bit per side whose edge is EDGE_ANY */
	int8_t sideseg[4][4];		/* road or city segment on a side, or -1 */
	int8_t halfseg[4][8];		/* field segment on a half-edge, or -1 */
	uint8_t rsides[4][MAXSEG], rhalves[4][MAXSEG];
	uint8_t same_as[4];		/* the first rotation that looks exactly like this one */
	uint8_t fitrot[256];		/* by the asks of a frontier cell: a bit for each
					 * rotation r with same_as[r] == r that fits there */
	uint8_t nfitrot[256];		/* how many bits fitrot has, for counting */
	uint8_t ax[4][MAXSEG], ay[4][MAXSEG];	/* where a figure on the segment stands, in
					 * hundredths of a tile from the tile's north-west corner */
	uint16_t kindmask;		/* bit per kind of segment the tile has */
	uint16_t meets[MAXSEG];		/* of each segment, a bit per segment of the tile it
					 * touches: a road into a city's gate or to a cloister,
					 * roads ending at one crossing (`meets:`; the wagon's
					 * first-edition reach, RULES.md §5.3) */
};

/* The sides and halves a segment reaches once rotated, in the bits fcell_claims uses. */
#define SEG_EDGES(t, r, s) ((unsigned)(t)->rsides[r][s] | (unsigned)(t)->rhalves[r][s] << 4)

/* A row of the figure table (formats/figures.yaml). */
enum { GROUP_FOLLOWER, GROUP_SPECIAL, GROUP_NEUTRAL };
enum { BY_DRAGON = 1, BY_TOWER = 2, BY_KNOCKOUT = 4, BY_SEDUCTION = 8 };

struct figtype {
	char name[ID_MAX];
	char set[ID_MAX];
	int group;
	int count;		/* each player's, or the game's for a neutral figure */
	int strength;
	bool pennants;		/* its strength is the pennants of its whole city, counted as
				 * the city is scored (the mayor, §5.2) */
	bool claims;
	bool needs_own;		/* only where its owner has a follower already */
	bool recall;		/* its owner may take it back from an unfinished feature, which
				 * then scores as at the end (the abbot, B-63) */
	bool second;		/* placed by a second figure decision of the turn, after the
				 * tile and its figure, never with the tile (the phantom) */
	bool dbl;		/* a tile its owner places that extends its feature gives him a
				 * second turn (the builder) */
	bool moves;		/* after its feature is scored in the game, its owner moves it
				 * to another feature nearby or takes it back (the wagon) */
	int bonus;		/* points for each completed city that its owner's field scores
				 * more when he wins it (the pig) */
	bool corner;		/* it stands on a tile corner where four tiles meet, each
				 * showing field there, not on a feature of the tile (the
				 * barn, §5.4): `stands: corner` */
	bool eats;		/* a neutral figure that takes off the board the figures of the
				 * tiles it enters whose removed_by names dragon (the dragon) */
	bool guards;		/* a neutral figure whose tile the eater never enters (the
				 * fairy, PD-31) */
	/* a neutral row: the rows (their names, one space apart) that may stand on its kinds,
	 * `on`, besides their own (the tower piece: the followers that close a tower, TW-07);
	 * its `on` is added to theirs in a game that has the row */
	char closed_by[64];
	uint16_t on;		/* bit per kind it may stand on */
	uint8_t removed;	/* BY_*: what can take it off the board */
};

struct tileset {
	int ntypes;
	struct tiletype *types;
	int nsets;
	struct {
		char name[ID_MAX];
		char digest[17];
		char *yaml;	/* the text of a user's set, kept in the state; NULL if built in */
		size_t yamllen;
	} sets[MAXSETS];
	char start[ID_MAX];
	unsigned kinds;		/* bit per kind of segment some tile of the sets has */
	unsigned signs;		/* bit per sign some segment of the sets shows */
	char figdigest[17];	/* of the figure rows the game has */
	int nfig;
	struct figtype fig[MAXFIGTYPES];
	/* the rows of group neutral, kept apart: no player owns or places them, a module
	 * moves them (the dragon); where they stand is the game's (game.h: neutral) */
	int nneutral;
	struct figtype neutral[MAXNEUTRAL];
};

void ts_anchors_compute(struct tiletype *);
int tileset_load(struct tileset *, const char *name, const char *text, size_t len,
    const char *filename, bool builtin, struct carc_err *);
/* The tables of every game, once its sets are loaded: the figure rows of its sets
 * (formats/figures.yaml), and which features of the built-in tiles meet
 * (formats/meets.yaml). */
int figures_load(struct tileset *, struct carc_err *);
/* Whether a built-in file is one of those tables, not a tile set. */
bool builtin_table(const char *name);
int tileset_find(const struct tileset *, const char *id);
/* The segment of tile t in rotation rot that a name like "city:E", "field:Sw" or "cloister"
 * means, as moves name them: -1 if none, -2 if the kind or the side is not a word of the
 * grammar. */
int seg_by_name(const struct tiletype *, int rot, const char *name);
void tileset_release(struct tileset *);
int tileset_copy(struct tileset *, const struct tileset *);
/* A copy of the sets that the list of built-in names `key` (as --expansions gives it) loaded
 * last, with figures_load's tables (0), or -1 when none is kept; tileset_keep keeps one. */
int tileset_kept(struct tileset *, const char *key);
void tileset_keep(const char *key, const struct tileset *);

/* builtin.c: the tile sets compiled into the library */
const char *builtin_set(const char *name, size_t *len);
extern const char builtin_names[];

#endif
