/* Internal types of libcarc: compiled tile types, the board with its union-find of features,
 * and the game. Nothing here is part of the public interface in carc.h. */
#ifndef CARC_INTERNAL_H
#define CARC_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "carc.h"
#include "rules.h"

#define MAXSEG 16		/* segments on one tile */
#define MAXSETS 8
#define MAXFIGTYPES 8
#define MAXDRAWN 4
#define ID_MAX 16
#define MAX_TILES 4096		/* tiles in one game: board, supply and set aside */
/* What a state may be, MessagePack or JSON, so that hostile input cannot make a tool use much
 * memory or stack; a real game stays far below (a few KiB, 4 deep, a few thousand values). */
#define MAX_STATE_BYTES (16 << 20)
#define MAX_DEPTH 16		/* containers inside containers */
#define MAX_VALUES 1048576	/* keys and values, in all */
#define STR(x) #x
#define XSTR(x) STR(x)		/* a number macro as a string, for messages */
#define DEFAULT_FIGURE "follower"	/* the figure a move without @FIGURE places */
#define COORD_MAX 30000		/* cells from -COORD_MAX to COORD_MAX, both ways */

/* Sides in clockwise order; a side's two field halves are 2*side and 2*side+1. */
enum { SIDE_N, SIDE_E, SIDE_S, SIDE_W };
enum { EDGE_F, EDGE_R, EDGE_C };
/* The base game's kinds of feature, the first in the table of kinds (rules/base.c); the
 * modules' kinds follow them (rules.h). */
enum { K_ROAD, K_CITY, K_FIELD, K_CLOISTER };

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
	uint16_t cities;	/* field: bit per segment index of the cities it borders */
};

struct tiletype {
	char id[ID_MAX];
	char plain[ID_MAX];	/* the same tile without a garden, for edition c1 */
	int count;
	int set;
	uint8_t edge[4];
	int nseg;
	struct seg seg[MAXSEG];
	/* per rotation (0..3 quarter turns clockwise) */
	uint8_t pattern[4];		/* 2 bits per side: the edge type facing that side */
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
	bool claims;
	bool needs_own;		/* only where its owner has a follower already */
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
	char figdigest[17];	/* of the figure rows the game has */
	int nfig;
	struct figtype fig[MAXFIGTYPES];
};

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
	/* derived from figs by fig_add and fig_remove, so that a bot's every turn need not count */
	int held[CARC_MAX_PLAYERS][MAXFIGTYPES];	/* figures of each type on the board */
	uint8_t onkind[CARC_MAX_PLAYERS][MAXKINDS];	/* figures on each kind of feature */
	int around;		/* figures on kinds complete when the cells around are filled
				 * (cloisters): scoring looks around only when there are some */
	int unclaiming;		/* figures of a type that does not claim: without any, a
				 * feature nobody claims holds no figure */

	enum carc_phase phase;
	int player;
	uint16_t drawn[MAXDRAWN];
	int ndrawn;
	/* game_advance found a tile of type fit_type placeable on the board of fit_nboard tiles
	 * (0: none known), so the draw that follows need not ask again */
	int fit_nboard, fit_type;

	char **log;
	int nlog, caplog;

	unsigned active;		/* bit per module of the table the game has */
	uint64_t modstate[MODULE_STATE_BYTES / 8];	/* the modules' parts (rules.h) */

	/* derived, rebuilt from the board */
	struct node *nodes;
	struct cell *cells;
	uint32_t cellmask;
	struct fcell *frontier;		/* the empty cells next to tiles */
	int nfrontier;
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

/* A line for people about what a step did; bots' playouts skip the formatting. */
#define report(g, ...) ((g)->quiet ? 0 : carc_buf_printf(&(g)->report, __VA_ARGS__))

/* err.c */
int seterr(struct carc_err *, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
char *xstrdup(const char *);

/* tileset.c */
void anchors_compute(struct tiletype *);
int tileset_load(struct tileset *, const char *name, const char *text, size_t len,
    const char *filename, bool builtin, struct carc_err *);
int figures_load(struct tileset *, struct carc_err *);
int tileset_find(const struct tileset *, const char *id);
void tileset_release(struct tileset *);
int tileset_copy(struct tileset *, const struct tileset *);
const char *builtin_set(const char *name, size_t *len);
extern const char builtin_names[];
void digest_hex(const char *, size_t, char out[17]);

/* board.c */
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

/* legal.c: the one legality, and the generator of placements in the form the bots use */
struct fmove {
	int16_t x, y;
	uint16_t type;
	int8_t rot, seg, fig;
};

/* A tile and a cell it fits, with the rotations that fit and the decisions they stand for:
 * each placement alone and each figure it may take. */
struct fit {
	uint16_t type;
	uint8_t rots;		/* bit r: rotation r, one of its kind (same_as) */
	uint16_t claims;	/* fcell_claims of the cell */
	int cell;		/* frontier index */
	int all;		/* figure decisions of a segment set that nothing claims */
	int n;
};

struct moves {
	struct fmove *v;
	int n, cap;
	struct fit *fit;
	int nfit, capfit;
};

/* What a segment of each kind offers the player to move, worked out once a turn so that the
 * enumeration has no loop over figure types: how many figure types that do not claim (they go
 * on any such segment) and how many that claim (they need the feature free). */
struct offer {
	int left[MAXFIGTYPES];
	unsigned may[MAXFIGTYPES];	/* bit per kind the figure may stand on now */
	uint8_t free[MAXKINDS], claim[MAXKINDS];
	bool anyclaim;
};

int fast_moves(struct carc_game *, struct moves *);
int random_place(struct carc_game *, struct moves *, uint64_t *rng);
int placement_word(const struct carc_game *, const struct fmove *, bool prefix, char *, size_t);

int seg_rotated_name(const struct tiletype *, int rot, int seg, char *out, size_t n);
int seg_by_name(const struct tiletype *, int rot, const char *name);
int figures_left(const struct carc_game *, int player, int figtype);
bool log_word_matches(const struct carc_game *, const char *word, int board_index);
bool word_is_placement(const char *);
int game_apply(struct carc_game *, int type, int x, int y, int rot, int seg, int ft, bool log);

/* legal.c */
enum stand { STAND_OK, STAND_PLACE, STAND_LIMIT };
unsigned figure_kinds(const struct carc_game *, int player, int figtype, int leaving);
enum stand figure_may_stand(const struct carc_game *, int player, int figtype, int kind,
    int leaving);
int stand_refuse(const struct carc_game *, enum stand, int player, int figtype, int kind,
    const char *word, struct carc_err *);

/* score.c */
void score_placed(struct carc_game *, int tile);
int score_final(struct carc_game *);
int feature_tiles(struct carc_game *, int root);
int field_cities(struct carc_game *, int root);
/* rules/base.c: a feature complete when the cells around its tile are filled */
int around_done(struct carc_game *, int root, int tile);
int around_end(struct carc_game *, int root, int tile);

/* forecast.c */
double forecast(struct carc_game *, int me);

/* game.c */
struct carc_game *game_alloc(void);
int game_setup_board(struct carc_game *, struct carc_err *);
int game_log(struct carc_game *, const char *word);
void game_advance(struct carc_game *);
int draw_allowed(const struct carc_game *, int player);
int game_draw(struct carc_game *, int n, struct carc_err *);
int game_check_tiles(const struct carc_game *, struct carc_err *);
int game_deal(struct carc_game *, struct carc_err *);

/* util.c */
int parse_centi(const char *, int lo, int hi, int32_t *);
void format_centi(char *, size_t, int32_t);

/* armor.c */
struct armor_hdr {		/* the header lines of an armoured block, as found */
	char players[256];
	char turn[16];
	char phase[16];
	char checksum[65];
};
int base64_encode(struct carc_buf *, const void *, size_t, int width);
int armor_read(const char *, size_t, const char *name, struct carc_buf *bin, struct armor_hdr *,
    struct carc_err *);
int armor_check_headers(const struct carc_game *, const struct armor_hdr *, const char *name,
    struct carc_err *);

/* sha256.c */
void sha256_hex(const void *, size_t, char out[65]);

/* rng */
void rng_shuffle(uint64_t *, uint16_t *, int);

#endif
