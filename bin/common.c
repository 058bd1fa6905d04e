/* What every carc tool shares: one line on stderr and the status from carc.h on failure;
 * a state is written whole or not at all, and the final close of stdout is checked. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

/* One line, however the arguments quoted in it look: control characters become C escapes,
 * as in the library's messages. */
void
die(int status, const char *fmt, ...)
{
	char msg[1024];
	const char *p;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: ", progname);
	for (p = msg; *p; p++) {
		unsigned char c = *p;

		if (c >= 0x20 && c != 0x7f)
			fputc(c, stderr);
		else
			fprintf(stderr, c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\x%02x", c);
	}
	fputc('\n', stderr);
	exit(status);
}

void
die_err(const struct carc_err *err)
{
	die(err->code ? err->code : CARC_ESOFTWARE, "%s", err->msg);
}

void
usage(const char *synopsis, int status)
{
	fputs(synopsis, status ? stderr : stdout);
	if (status == 0 && (fflush(stdout) == EOF || ferror(stdout)))
		die(CARC_EIO, "cannot write standard output: %s", strerror(errno));
	exit(status);
}

struct carc_game *
read_state(const char *path)
{
	struct carc_buf in = { 0 };
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char *name = path && strcmp(path, "-") != 0 ? path : "stdin";

	if (carc_file_read(path, &in, &err))
		die_err(&err);
	g = carc_state_read(in.data, in.len, name, &err);
	carc_buf_release(&in);
	if (g == NULL)
		die_err(&err);
	return g;
}

static void
put(const char *data, size_t len)
{
	if (fwrite(data, 1, len, stdout) != len || fflush(stdout) == EOF || fclose(stdout) == EOF)
		die(CARC_EIO, "cannot write standard output: %s", strerror(errno));
}

void
write_state(const struct carc_game *g)
{
	struct carc_buf out = { 0 };
	struct carc_err err = { 0 };

	if (isatty(STDOUT_FILENO))
		die(CARC_EUSAGE, "will not write a binary state to a terminal; "
		    "redirect it to a file or a pipe");
	if (carc_state_write(g, &out, &err))
		die_err(&err);
	put(out.data, out.len);
	carc_buf_release(&out);
}

void
write_text(const struct carc_buf *b)
{
	put(b->data ? b->data : "", b->len);
}
