/* Rules modules (DESIGN.md "Expansions as rule modules", HACKING.md "Adding a rule element").
 * The core (board, features, the turn, the codec) names no expansion: each expansion is data
 * (its tile set, its figure rows, its feature kinds) and one module, a row of the table in
 * rules/table.c whose hooks the core calls at fixed points of a turn, in the order of the table. */
#ifndef CARC_RULES_H
#define CARC_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "carc.h"
#include "kinds.h"

struct carc_game;
struct rd;
struct msgpack_packer;
struct msgpack_object;

/* ---- rule options ---- */

enum { OPT_CHOICE, OPT_LENGTH };

/* One rule option: KEY=VALUE on carc-deck's command line and a key of the state's rules. A
 * choice is stored as the index of its value, the first the default; a length in hundredths
 * of a tile, from 0 to 10 tiles. A state holds the options of the first release (`always`,
 * so that programs reading .setup.rules find them) and the others when a game sets them to
 * other than their default, so that a new option never changes the bytes of a game that does
 * not use it. */
struct rule_opt {
	const char *key;
	int type;
	const char *const *values;	/* OPT_CHOICE: the words, NULL-ended */
	int dflt;			/* OPT_LENGTH: the default, in hundredths, or -1 for
					 * "none given" (chain: as long as the reach) */
	bool always;
};

/* The values of a game's options, each module's from its opt0 on, in the order of its table:
 * RULE(g, &catapult_module, CAT_REACH). */
#define MAXOPTS 32
struct rules {
	int v[MAXOPTS];
};
#define RULE(g, m, i) ((g)->rules.v[(m)->opt0 + (i)])

/* ---- phases of a module's own ---- */

struct phase_def {
	enum carc_phase phase;
	const char *name;		/* as the state and carc-render name it */
	/* carc-draw and carc-score refuse it: "a catapult round is on" */
	const char *busy;
	/* carc-place WORD in this phase; the decision's words for --list */
	int (*decide)(struct carc_game *, const char *word, struct carc_err *);
	int (*words)(struct carc_game *, struct carc_err *);
	/* the line on what the game waits for: "ann hurls a knockout token (fair at 1,-1)" */
	int (*status)(const struct carc_game *, struct carc_buf *);
	/* a decision of step 2 of the turn, between the placement and carc-score (the abbot's
	 * recall, the phantom): the tiles drawn and not chosen are still held, as in phase
	 * score; `pass` is its word that declines (recall:none), which the thinking bots play
	 * when they judge a placement */
	bool step2;
	const char *pass;
	/* the random player's decision (its playouts and self-play): one of the words `words`
	 * lists, drawn as words[carc_rng_below(rng, n)] is, and made, without listing them;
	 * NULL: they are listed */
	int (*random)(struct carc_game *, uint64_t *rng);
};

/* ---- what a module shows on a picture ---- */

struct mark {
	int32_t x, y;		/* in hundredths of a tile */
	int player;		/* whose colour; -1 nobody's */
	int label;		/* a number written in it (a tower's height); 0 none */
};

/* ---- the modules ---- */

struct rules_module {
	const char *name;
	const char *set;		/* the built-in tile set that brings it in; NULL: every
					 * game. A game whose tiles have one of its kinds or show
					 * one of its signs has it too */
	const struct kind_def *const *kinds;	/* the feature kinds it adds, NULL-ended */
	const struct sign_def *const *signs;	/* the signs it adds to segments, NULL-ended */
	const struct rule_opt *opts;		/* its rule options, ended by a NULL key */
	const struct phase_def *phases;		/* its own phases, ended by a NULL name */
	size_t state_size;		/* its part of a game, copied with the game */

	/* a new game: its part set as the game begins */
	void (*init)(struct carc_game *);
	/* whether a tile of type t may be drawn now: a tile that may not stays in the supply,
	 * passed over by the draws, and the game may end with it there (the dragon tiles
	 * before the first volcano, PD-13, PD-14) */
	bool (*drawable)(const struct carc_game *, int t);
	/* whether no figure may stand on a tile of type t placed now (BARE_* below: on its
	 * features, the volcano's, PD-11; on its corners too, the barn), with a line for
	 * "illegal move 'WORD': ..." into why; 0 when figures may */
	unsigned (*bare)(const struct carc_game *, int t, char *why, size_t);
	/* why no figure may be put on board tile `tile` now by a decision after the placement
	 * (a wagon's move; the dragon's tile, PD-12): a line for "illegal move 'WORD': ..."
	 * into why, and 1; 0 when one may */
	int (*barred)(const struct carc_game *, int tile, char *why, size_t);
	/* whether figure f on the board is kept from a removal `by` (tileset.h's BY_*) that its
	 * figure table row allows, by where it stands (a tower's top and the dragon under
	 * tower-dragon=spares): a line for the report into why, and true */
	bool (*spares)(const struct carc_game *, int f, unsigned by, char *why, size_t);
	/* how many tiles player p draws, n so far (one, or what earlier modules said) */
	int (*draw_count)(const struct carc_game *, int p, int n);
	/* of the kinds in `on`, those player p's figure of type ft may stand on now; `leaving`
	 * is a figure of p's that the same decision takes off the board, or -1 */
	unsigned (*figure_kinds)(const struct carc_game *, int p, int ft, int leaving,
	    unsigned on);
	/* why player p may not put a figure of type ft on kind k now, when its figure_kinds took
	 * k away: a line for "illegal move 'WORD': ...", and 1; 0 when the limit is not its own */
	int (*limit_why)(const struct carc_game *, int p, int ft, int k, char *why, size_t);
	/* decisions of its own in the core's phase draw: its words for --list, and a word
	 * carc-place gives (returns -1 when the word is not its own); draw_judged: they are
	 * placements (an abbey instead of the draw), which the thinking bots judge one by one
	 * against the draw, the first word, rather than draw at once */
	int (*draw_words)(const struct carc_game *, struct carc_buf *);
	int (*draw_decide)(struct carc_game *, const char *word, struct carc_err *);
	bool draw_judged;
	/* the points v of a feature of kind k (root of its union-find, `tile` a tile of it) as
	 * its kind values it, complete or, `end`, at the end of the game; returns them changed
	 * (an inn doubles a complete road and zeroes an unfinished one); when it makes a feature
	 * worth something worth nothing and why is not NULL, a few words why into why, which the
	 * report's 0-point line shows */
	int (*value)(struct carc_game *, int k, int root, int tile, bool end, int v, char *why,
	    size_t);
	/* the tile just placed with its figure (phase score): 1 when a decision of its own
	 * follows in step 2 of the turn (the abbot's recall, the phantom), the module having set
	 * a phase of its own; that phase's decision, once made, calls rules_step2 with the
	 * module, so that the modules after it have their turn */
	int (*step2)(struct carc_game *, int tile);
	/* the tile just placed, with its figure, before its features are scored */
	void (*placed)(struct carc_game *, int tile);
	/* a feature of kind k (root of its union-find) completed by the tile just placed,
	 * `tile`, as it is scored, before its figures go home (goods to the player who
	 * completed a city, X-TB-1) */
	void (*completed)(struct carc_game *, int k, int root, int tile);
	/* whether the drawn tiles not chosen stay held after the turn's scoring, for a second
	 * turn of the same player (F-9: the builder's double turn plays from them), and in
	 * phase draw whether those drawn are held for it */
	bool (*holds)(const struct carc_game *);
	/* the turn passes: 1 when the player who played plays again (the builder's second
	 * turn), 0 when the next player's turn comes */
	int (*next_turn)(struct carc_game *);
	/* a turn begins, g->player's, before the draw; `again`: the second of a builder's
	 * (the fairy's point to its follower's owner, PD-32) */
	void (*turn_start)(struct carc_game *, bool again);
	/* carc-score when a decision of its own phases waits to be resolved: returns -1 when
	 * nothing of its own waits, else 0 or an error status */
	int (*resolve)(struct carc_game *, struct carc_err *);
	/* the turn's scoring is done: 1 when it starts a phase of its own instead of passing the
	 * turn (the wagons' moves), -1 out of memory */
	int (*turn_end)(struct carc_game *);
	/* the whole turn of g->player is over, a builder's double turn being one turn (§5.5):
	 * 1 when it starts a phase of its own before the next player's turn (a catapult round,
	 * X-CA-3); asked again when that phase ends */
	int (*turn_over)(struct carc_game *);
	/* no tile left fits (B-50): 1 when it starts a phase of its own before the final
	 * scoring (the abbeys still held, X-AM-3); asked again each time the turn passes */
	int (*ending)(struct carc_game *);
	/* the final scoring, after the features' (the goods' majorities, X-TB-2) */
	void (*final)(struct carc_game *);
	/* for mcts's forecast: what each player may expect of its own by the end, added into
	 * worth[player] in points (the goods' majorities as they stand) */
	void (*foresee)(const struct carc_game *, double *worth);
	/* for both thinking bots (greedy's lead and mcts's forecast): what each player stands to
	 * lose before the end that no scoring counts, added into worth[player] in points (a
	 * follower within the next reach of an open tower) */
	void (*risks)(const struct carc_game *, double *worth);
	/* for the thinking bots: turns player p has coming beyond the turn order's (the
	 * builder's second turn, earned or being played) */
	int (*extra_turns)(const struct carc_game *, int p);
	/* carc-place --list --format json: the fields of a decision word of its own (NAME:...,
	 * of its phases or its draw words) as members `, "key": value` after the word and its
	 * kind, NAME (util.h's json_*): 0; 1 when the word is not its; -1 out of memory */
	int (*word_json)(struct carc_buf *, const char *w);
	/* its part of the state under the key `key`, written when the game has the module and
	 * `present` says there is something to write; read (a missing key: the part as init left
	 * it); checked once the whole state is read */
	const char *key;
	bool (*present)(const struct carc_game *);
	void (*write)(const struct carc_game *, struct msgpack_packer *);
	int (*read)(struct carc_game *, const struct msgpack_object *, struct rd *);
	int (*check)(const struct carc_game *, char *why, size_t);
	/* for people: lines below the board, and marks on the board's picture */
	void (*describe)(const struct carc_game *, struct carc_buf *);
	int (*marks)(const struct carc_game *, struct mark *, int max);
	/* what player p holds of its own, after the figures left in the pictures' table of
	 * players: "; 2 wine, 1 grain" (the goods tokens); nonzero out of memory */
	int (*holdings)(const struct carc_game *, int p, struct carc_buf *);

	/* set by rules_init */
	int index;
	int kind0;		/* the id of its first kind; the others follow it */
	int sign0;		/* the id of its first sign, likewise */
	int opt0;		/* its first option in struct rules */
	size_t offset;
};

#define MAXMODULES 16
#define MODULE_STATE_BYTES 512	/* all modules' parts of one game */
/* the bytes of it the table's modules use (rules_init): a game copies no more */
extern size_t rules_state_used;

/* What the bare hook says of a tile: no figure on its features, nor on its corners; and, in
 * the low MAXSEG bits when any is set, the segments of the tile on which that depends: it is
 * so only where one of them joins a claimed feature (the princess's city segment, with
 * princess=must: PD-42). */
#define BARE_FEATURES 0x10000u
#define BARE_CORNERS 0x20000u
#define BARE_SEGS 0xffffu

/* The modules registered, in the order of their table (rules/table.c). */
extern struct rules_module *const *modules;
extern int nmodules;

/* Once, before any game (rules/table.c, from the library's entries that make or read a game):
 * registers the table of n modules, giving their kinds ids, their options and parts of a
 * game places. A second call does nothing. */
void rules_init(struct rules_module *const *table, int n);

/* A module's part of the game. */
#define MODULE_STATE(g, m) ((void *)((char *)(g)->modstate + (m)->offset))

/* Whether the game has module m (g->active). */
#define HAS_MODULE(g, m) (((g)->active >> (m)->index) & 1)

/* Sets g->active from the game's sets and tiles, and runs the modules' init. */
void rules_start(struct carc_game *);

/* ---- the hooks, called over the game's modules in the table's order ---- */

int rules_draw_count(const struct carc_game *, int player);
bool rules_drawable(const struct carc_game *, int type);
unsigned rules_bare(const struct carc_game *, int type, char *why, size_t);
int rules_barred(const struct carc_game *, int tile, char *why, size_t);
bool rules_spares(const struct carc_game *, int f, unsigned by, char *why, size_t);
/* A bit per module that has the hook (rules_init): whether a module of game g passes tiles
 * over in the draw, or bars figures from tiles, is then a mask away on the hot paths. */
extern unsigned rules_with_drawable, rules_with_bare, rules_with_turn_start;
#define RULES_DRAWABLE_ANY(g) (((g)->active & rules_with_drawable) != 0)
#define RULES_BARE_ANY(g) (((g)->active & rules_with_bare) != 0)
#define RULES_TURN_START_ANY(g) (((g)->active & rules_with_turn_start) != 0)
unsigned rules_figure_kinds(const struct carc_game *, int player, int figtype, int leaving,
    unsigned on);
int rules_limit_why(const struct carc_game *, int player, int figtype, int kind, char *why,
    size_t);
int rules_draw_words(const struct carc_game *, struct carc_buf *);
/* Whether a module of the game may offer draw words at all. */
bool rules_draw_words_any(const struct carc_game *);
int rules_draw_decide(struct carc_game *, const char *word, struct carc_err *);
int rules_value(struct carc_game *, int kind, int root, int tile, bool end, int v, char *why,
    size_t);
/* Whether a module of the game changes the value of features. */
bool rules_value_any(const struct carc_game *);
/* After the placement (after = NULL), or after module `after`'s decision of step 2: phase
 * score, unless a module after it starts a decision of its own. */
void rules_step2(struct carc_game *, const struct rules_module *after);
void rules_placed(struct carc_game *, int tile);
void rules_completed(struct carc_game *, int kind, int root, int tile);
/* Whether a module of the game wants to hear of completed features. */
bool rules_completed_any(const struct carc_game *);
int rules_resolve(struct carc_game *, struct carc_err *);
int rules_turn_end(struct carc_game *);
int rules_turn_end_after(struct carc_game *, const struct rules_module *after);
int rules_turn_over(struct carc_game *);
int rules_ending(struct carc_game *);
bool rules_draw_judged(const struct carc_game *);
void rules_final(struct carc_game *);
bool rules_holds(const struct carc_game *);
int rules_next_turn(struct carc_game *);
void rules_turn_start(struct carc_game *, bool again);
void rules_foresee(const struct carc_game *, double *worth);
void rules_risks(const struct carc_game *, double *worth);
int rules_extra_turns(const struct carc_game *, int player);
int rules_word_json(const struct carc_game *, struct carc_buf *, const char *w);
int rules_check(const struct carc_game *, char *why, size_t);
void rules_describe(const struct carc_game *, struct carc_buf *);
int rules_holdings(const struct carc_game *, int player, struct carc_buf *);
int rules_marks(const struct carc_game *, struct mark *, int max);

/* The definition of phase p and the module it belongs to, or NULL for the core's phases; its
 * name; the phase of a name, or -1. */
const struct phase_def *rules_phase(enum carc_phase);
const struct rules_module *rules_phase_owner(enum carc_phase);
const char *rules_phase_name(enum carc_phase);
int rules_phase_find(const char *name);

/* ---- rule options ---- */

struct rules;
void rules_defaults(struct rules *);
int rules_parse(struct rules *, const char *kv, struct carc_err *);
/* The options the state of a game holds, in the order of the table: how many, and the i-th
 * as KEY and VALUE. */
int rules_count(const struct rules *);
void rules_item(const struct rules *, int i, const char **key, char *value, size_t);
/* "edition, farmers, ..." for a message. */
const char *rules_known(void);

#endif
