/* What every carc tool shares: messages, reading a state, writing a state or text. */
#ifndef CARC_COMMON_H
#define CARC_COMMON_H

#include "carc.h"

extern const char *progname;

void die(int status, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
void die_err(const struct carc_err *) __attribute__((noreturn));
void usage(const char *synopsis, int status) __attribute__((noreturn));
struct carc_game *read_state(const char *path);
void write_state(const struct carc_game *);
void write_text(const struct carc_buf *);

#endif
