/* What every carc tool shares: options and their errors, messages, reading a state, writing
 * a state or text, and -i, the update of a file in place. */
#ifndef CARC_COMMON_H
#define CARC_COMMON_H

#include <getopt.h>

#include "carc.h"

extern const char *progname;

/* The long options every tool takes besides its own: give them these values. */
enum { OPT_VERSION = 1000, OPT_NOWAIT };

void die(int status, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
void die_err(const struct carc_err *) __attribute__((noreturn));
/* die's line, without the exit: a note for people */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* -h, --help: the synopsis on standard output, status 0. */
void help(const char *synopsis) __attribute__((noreturn));
/* --version: "carc-TOOL VERSION" on standard output, status 0. */
void version(void) __attribute__((noreturn));
/* A usage error: one line, "carc-TOOL: MESSAGE; try 'carc-TOOL --help'", status 64. */
void usage_error(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* getopt_long, quiet: an unknown option, one without its value, one with a value it does not
 * take or an abbreviation of several is a usage_error naming it. OPTSTRING as getopt's,
 * without the leading ':' (a leading '+' is kept). */
int next_option(int argc, char **argv, const char *optstring, const struct option *);

/* Reads a binary or armoured state from PATH ("-" or NULL: standard input); *armored, when
 * not NULL, tells which it was. Standard input that is a terminal, or that is the file
 * standard output writes to and was emptied by the shell, is refused with a message that
 * says so; so is JSON, with a pointer to carc-deck --from-json. */
struct carc_game *read_state(const char *path, int *armored);
/* What the message about standard input emptied by the shell suggests instead; by default
 * "update a file in place with -i FILE", for the tools that take -i. */
extern const char *emptied_hint;
/* Reads the text or bytes of PATH as read_state does, for carc-deck --from-json. */
void read_input(const char *path, struct carc_buf *);

/* -i FILE: the file to update, not standard input. */
const char *inplace_arg(const char *);
/* -i FILE: opens FILE through its folder, following symbolic links there once, takes an
 * exclusive lock on it (waiting for it unless NOWAIT, else status 75) and reads the state
 * from the locked file. A file the caller may not write, or whose owner the update would
 * change, is refused with status 74. */
struct carc_game *inplace_read(const char *path, int nowait, int *armored);

/* Writes the state to standard output, or in place of the file of inplace_read (INPLACE,
 * -i) through a temporary file in the same folder renamed over it, the lock still held;
 * armoured (--armor) or binary. */
void write_state(const struct carc_game *, const char *inplace, int armor);
void write_text(const struct carc_buf *);

#endif
