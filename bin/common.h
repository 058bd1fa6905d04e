/* What every carc tool shares: messages, reading a state, writing a state or text. */
#ifndef CARC_COMMON_H
#define CARC_COMMON_H

#include "carc.h"

extern const char *progname;

void die(int status, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
void die_err(const struct carc_err *) __attribute__((noreturn));
void usage(const char *synopsis, int status) __attribute__((noreturn));
/* Reads a binary or armoured state from PATH ("-" or NULL: standard input); *armored, when
 * not NULL, tells which it was. */
struct carc_game *read_state(const char *path, int *armored);
/* Writes the state to standard output, or in place of the file INPLACE (-i); armoured
 * (--armor) or binary. */
void write_state(const struct carc_game *, const char *inplace, int armor);
void write_text(const struct carc_buf *);
/* -i FILE: a file to update, not standard input. */
const char *inplace_arg(const char *);

#endif
