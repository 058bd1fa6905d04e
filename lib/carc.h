/* libcarc: the Carcassonne rules engine, state codec and tile-set loader behind the carc tools.
 * The library never prints and never exits: every call that can fail fills a struct carc_err. */
#ifndef CARC_H
#define CARC_H

#include <stddef.h>
#include <stdint.h>

/* The release, the one place it is written: every tool's --version prints it. */
#define CARC_VERSION "0.1.0"
#define CARC_FORMAT_VERSION 2
#define CARC_MAX_PLAYERS 6
#define CARC_NAME_MAX 32

/* Exit statuses shared by every tool (DESIGN.md). */
enum carc_status {
	CARC_OK = 0,
	CARC_EREFUSED = 1,	/* refused by the rules: illegal move, wrong phase, game over */
	CARC_EUSAGE = 64,	/* bad option or argument */
	CARC_EDATA = 65,	/* bad input data: state, JSON, YAML */
	CARC_ENOINPUT = 66,	/* an input file cannot be opened */
	CARC_ESOFTWARE = 70,	/* out of memory or an internal fault */
	CARC_EIO = 74,		/* output could not be written */
	CARC_EBUSY = 75		/* -i --no-wait: another tool is updating the file */
};

struct carc_err {
	int code;
	char msg[512];
};

/* What the state waits for; CARC_HURL and CARC_SEDUCE belong to a catapult round, CARC_RECALL
 * to The Abbot (taking an abbot back) and CARC_PHANTOM to The Phantom (its second figure), both
 * between the placement and carc-score; CARC_ABBEY and CARC_WAGON to Abbey & Mayor (an abbey
 * still held, once no tile is left, X-AM-3; a wagon moved after its feature is scored);
 * CARC_DRAGON, CARC_PORTAL, CARC_PRINCESS and CARC_FAIRY to The Princess & the Dragon (the
 * dragon's steps; a follower through a magic portal; a follower sent home by a princess; the
 * fairy moved), between the placement and carc-score. */
enum carc_phase { CARC_DRAW, CARC_PLACE, CARC_SCORE, CARC_HURL, CARC_SEDUCE, CARC_OVER,
	CARC_RECALL, CARC_PHANTOM, CARC_ABBEY, CARC_WAGON, CARC_DRAGON, CARC_PORTAL,
	CARC_PRINCESS, CARC_FAIRY, CARC_TOWER, CARC_CAPTURE, CARC_EXCHANGE };

struct carc_game;

/* A growable byte buffer; the library's output and the tools' input. */
struct carc_buf {
	char *data;
	size_t len, cap;
};
int carc_buf_add(struct carc_buf *, const void *, size_t);
int carc_buf_printf(struct carc_buf *, const char *, ...)
    __attribute__((format(printf, 2, 3)));
void carc_buf_release(struct carc_buf *);
/* Reads a whole file ("-" or NULL is standard input) into the buffer. */
int carc_file_read(const char *path, struct carc_buf *, struct carc_err *);

/* Text: the one check of every string carc reads or writes (player names, move words, tile
 * ids, keys, armour headers, tile-set text), for tools and bots that take text from people.
 * What a string must be, from the loosest to the strictest: */
enum carc_text {
	CARC_TEXT_UTF8,		/* valid UTF-8, nothing more: the YAML text of a tile set, whose
				 * loader has rules of its own for the characters it takes */
	CARC_TEXT_LINE,		/* one line for people: valid UTF-8 without a control character
				 * (C0, DEL, C1), a line or paragraph separator or a
				 * bidirectional control, which would change what a terminal or
				 * a mail reader shows around it */
	CARC_TEXT_NAME		/* a player name: a line of 1 to CARC_NAME_MAX bytes whose ASCII
				 * characters are letters, digits, '_', '-' and '.' */
};
/* The bytes (1 to 4) of the character that S starts with and its code point in *CP, or 0
 * when S (N bytes) does not start with a valid UTF-8 sequence: a stray continuation byte, an
 * overlong form, a surrogate, a code point beyond U+10FFFF, or one cut short. */
size_t carc_utf8_char(const char *s, size_t n, unsigned long *cp);
/* 0 when the N bytes at S are text of the kind asked; else -1 and why not in WHY, as
 * "not UTF-8 at byte 2 (0xff)" or "a control character at byte 1 (U+001B)". */
int carc_text_check(const char *s, size_t n, enum carc_text, char *why, size_t whylen);

/* Setup of a new game, as carc-deck's options give it. */
struct carc_setup {
	const char *players;		/* NAME,NAME,... */
	uint64_t seed;
	const char *expansions;		/* SET,SET,... of built-in sets; NULL = "base" */
	const char **tilesets;		/* user tile-set files, NULL-terminated list or NULL */
	const char **rules;		/* KEY=VALUE strings, NULL-terminated list or NULL */
	const char *start;		/* start tile id or NULL */
	const char *stack;		/* ID,ID,... put on top of the supply, or NULL */
	const char *deck;		/* ID,ID,... the whole supply, or NULL */
};

struct carc_game *carc_game_new(const struct carc_setup *, struct carc_err *);
void carc_game_free(struct carc_game *);

/* The state: MessagePack bytes <-> game, and JSON text <-> game. */
struct carc_game *carc_state_read(const char *, size_t, const char *name, struct carc_err *);
int carc_state_write(const struct carc_game *, struct carc_buf *, struct carc_err *);
struct carc_game *carc_state_from_json(const char *, size_t, const char *name, struct carc_err *);
int carc_state_to_json(const struct carc_game *, struct carc_buf *, struct carc_err *);

/* The armoured state (carc-state(5)): the state as text between BEGIN and END lines that
 * survives e-mail. carc_state_read takes it as well as the binary state. carc_armor_is says
 * whether bytes are text that should hold it (a bare block or a whole e-mail message);
 * carc_armor_find_read finds it there, checks it and gives the binary state. */
int carc_armor_write(const struct carc_game *, struct carc_buf *, struct carc_err *);
int carc_armor_is(const char *, size_t);
int carc_armor_find_read(const char *, size_t, const char *name, struct carc_buf *,
    struct carc_err *);

/* The steps of a turn. Each refuses (CARC_EREFUSED) a state in the wrong phase. */
int carc_game_draw(struct carc_game *, struct carc_err *);
/* The draw of N tiles when a player may draw fewer than his fortune tellers give (rule
 * ft-draw=may); 0 draws them all, as carc_game_draw does. */
int carc_game_draw_n(struct carc_game *, int n, struct carc_err *);
int carc_game_place(struct carc_game *, const char *move, struct carc_err *);
int carc_game_score(struct carc_game *, struct carc_err *);

/* A new game with the setup of another, and every decision of its log made again through
 * the steps of a turn: the game as its log gives it. CARC_EDATA if a decision is refused. */
struct carc_game *carc_game_replay(const struct carc_game *, struct carc_err *);
/* A new game with the setup of another, as carc-deck dealt it: no decision made yet. */
struct carc_game *carc_game_restart(const struct carc_game *, struct carc_err *);
/* Log entry I (from 0) of the second game made in the first, as carc_game_replay makes it:
 * the first is the second's restart with the entries before I made (the web page's replay
 * viewer steps through a finished game so); carc_game_report then says what this step
 * scored. */
int carc_game_replay_step(struct carc_game *, const struct carc_game *, int i,
    struct carc_err *);
/* 0 if the two games are the same; else 1 and the first difference, for people, in msg:
 * "player 2 (bob) score is 41, the log gives 33". The second game is the replay. */
int carc_game_compare(const struct carc_game *, const struct carc_game *, char *msg, size_t);
/* When a game is not the one its log gives (carc_game_compare): 0 if rules corrected since an
 * older carc wrote it explain it all, the game replaying to itself with their old readings in
 * force for the whole log or for its first decisions (those of the older carc), and in MSG the
 * note for people: "the state was written by an older carc (version 1): rule F-5 changed
 * since (...); its scores stand, the game goes on under today's rules". Else 1 and in MSG the
 * rules corrected since the state's version that its sets may feel ("rule F-5 changed since
 * version 1 (...)"), or "" when none; a status above with ERR filled (out of memory). */
int carc_game_corrected(const struct carc_game *, char *msg, size_t n, struct carc_err *);
/* 0 when NEW continues OLD (named OLDNAME in messages), as carc-deck --verify --since checks
 * a game received by e-mail: NEW has exactly OLD's setup (players, tile sets with their text,
 * rules, seed, start, stack and deck), OLD's log is the beginning of NEW's, NEW is the state
 * its log gives, and no decision after OLD's log was made on a turn of player ME (-1: nobody's
 * turns are checked). Else 1 and the first thing wrong, for people, in MSG; or a status above
 * with ERR filled when the games cannot be compared (out of memory). */
int carc_game_since(const struct carc_game *old, const struct carc_game *new,
    const char *oldname, int me, char *msg, size_t n, struct carc_err *);

/* Every legal decision for the phase, one move word a line, in a fixed order. */
int carc_moves_list(struct carc_game *, struct carc_buf *, struct carc_err *);
/* The same as an array of words (owned by the game until the next call), for bots. */
int carc_moves(struct carc_game *, const char ***words, size_t *n, struct carc_err *);
/* The same as a JSON array, one object a line: the word, its kind (place, draw, hurl, seduce,
 * recall, phantom) and its fields (tile, x, y, rot, feature, figure; tiles; token, x, y or
 * distance; from, x, y, feature; x, y; feature), for bots that would rather not parse words
 * (carc-place --list --format json). */
int carc_moves_json(struct carc_game *, struct carc_buf *, struct carc_err *);

/* What the last carc_game_score (or a final scoring) did, one line per event, for people. */
const char *carc_game_report(const struct carc_game *);

/* Read-only views for renderers and bots. */
enum carc_phase carc_game_phase(const struct carc_game *);
const char *carc_phase_name(enum carc_phase);
int carc_game_player(const struct carc_game *);
int carc_game_nplayers(const struct carc_game *);
const char *carc_game_player_name(const struct carc_game *, int);
int carc_game_player_score(const struct carc_game *, int);
int carc_game_player_followers(const struct carc_game *, int);
int carc_game_tiles_left(const struct carc_game *);
uint64_t carc_game_seed(const struct carc_game *);
int carc_game_decisions(const struct carc_game *);	/* decisions made so far */
int carc_game_ndrawn(const struct carc_game *);
const char *carc_game_drawn(const struct carc_game *, int);
/* Pictures of a game (carc-render). A zeroed struct carc_render_opts asks for the plain
 * picture: no colour, coordinates shown, the last placed tile marked, default player colours. */
struct carc_cell {
	int x, y;
};

struct carc_render_opts {
	int color;			/* text: ANSI colour escapes (--format ansi) */
	int nocoords;			/* leave out the x and y labels */
	int legal;			/* mark the empty cells where a drawn tile fits */
	const struct carc_cell *highlight;	/* cells to mark (--highlight), or NULL */
	int nhighlight;
	int ncolors;			/* players given a colour; the others take defaults */
	int colors[CARC_MAX_PLAYERS];	/* carc_color_find indices, player by player */
};

/* A colour name (red, blue, green, yellow, black, purple, orange, pink, grey) to its index,
 * -1 if unknown; a list NAME,NAME,... into the options, CARC_EUSAGE if a name is unknown. */
int carc_color_find(const char *);
int carc_render_colors(struct carc_render_opts *, const char *list, struct carc_err *);
/* The board as blocks of characters, the scores and the decision waited for. */
int carc_render_text(const struct carc_game *, const struct carc_render_opts *,
    struct carc_buf *, struct carc_err *);
/* A standalone SVG 1.1 picture of the board and the scores, drawn from the tile-set data. */
int carc_render_svg(const struct carc_game *, const struct carc_render_opts *,
    struct carc_buf *, struct carc_err *);
/* carc_render_text with the plain options (carc-render --format ascii). */
int carc_render_ascii(const struct carc_game *, struct carc_buf *, struct carc_err *);

/* Bots (lib/play.c): decide for the player to move and apply the decision. */
enum carc_strategy { CARC_BOT_RANDOM, CARC_BOT_GREEDY, CARC_BOT_MCTS };
struct carc_bot {
	int strategy;
	uint64_t seed;		/* varies the choices; the same seed, the same choice */
	int iterations;		/* mcts: playouts per decision (0: until time_ms) */
	int time_ms;		/* mcts: stop after this long (0: no limit) */
};
/* The word of the decision made is left in word. */
int carc_bot_move(struct carc_game *, const struct carc_bot *, char *word, size_t,
    struct carc_err *);
/* Self-play in one process: a game to deal into, then one whole game per call, dealt afresh
 * from the template's setup with the given seed, bots[i] playing seat i. */
struct carc_game *carc_selfplay_new(const struct carc_game *tmpl);
int carc_selfplay_game(struct carc_game *, const struct carc_game *tmpl, uint64_t seed,
    const struct carc_bot *bots, int *scores, struct carc_err *);
/* The web page that make web builds (PAGE, LEN bytes; web/README) with the game in it, as
 * carc-render --format html writes it; CARC_EUSAGE when there is no page (LEN 0). */
int carc_render_html(const struct carc_game *, const char *page, size_t len, struct carc_buf *,
    struct carc_err *);
/* A whole e-mail message (RFC 5322, MIME) to the player to move, for sendmail -t: the board
 * as text, the decisions open, the armoured state, and the board as an SVG attachment; with
 * a web page, that page with the game in it as an attachment too. From and To are left out
 * when NULL; CARC_EUSAGE if one holds a line break. */
struct carc_email_opts {
	const char *from, *to;
	const char *page;		/* carc_render_html's page, or NULL */
	size_t pagelen;
};
int carc_render_email(struct carc_game *, const struct carc_email_opts *, struct carc_buf *,
    struct carc_err *);
int carc_email_check(const struct carc_email_opts *, struct carc_err *);

/* The RNG the game uses, for bots that want the same generator. */
uint64_t carc_rng_next(uint64_t *);
uint32_t carc_rng_below(uint64_t *, uint32_t);

#endif
