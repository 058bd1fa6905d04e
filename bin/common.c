/* What every carc tool shares: one line on stderr and the status from carc.h on failure;
 * a state is written whole or not at all, and the final close of stdout is checked. */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
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

const char *
inplace_arg(const char *path)
{
	if (strcmp(path, "-") == 0)
		die(CARC_EUSAGE, "-i updates a file: it cannot update standard input");
	return path;
}

struct carc_game *
read_state(const char *path, int *armored)
{
	struct carc_buf in = { 0 };
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char *name = path && strcmp(path, "-") != 0 ? path : "stdin";

	if (carc_file_read(path, &in, &err))
		die_err(&err);
	if (armored != NULL)
		*armored = carc_armor_is(in.data, in.len);
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

static const char *tmpname;

static void
fail_inplace(const char *path, const char *what)
{
	int e = errno;

	if (tmpname != NULL)
		unlink(tmpname);
	die(CARC_EIO, "%s: cannot %s: %s", path, what, strerror(e));
}

/* -i: the new state goes to a temporary file beside the old one, reaches the disk, and takes
 * the old one's name in one rename(2), so that FILE is always the old state or the new one.
 * The signals that end a process wait until it is done, so the temporary file never stays
 * behind, except after SIGKILL or a crash. */
static void
put_inplace(const char *path, const char *data, size_t len)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1,
		SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF };
	sigset_t hold, old;
	struct stat st;
	char *real, *dir, *base, *tmp, *folder;
	size_t i, n;
	ssize_t w;
	int fd;

	/* through a symbolic link, the file it names is the one to replace */
	if ((real = realpath(path, NULL)) == NULL || (dir = strdup(real)) == NULL ||
	    (base = strdup(real)) == NULL)
		die(CARC_EIO, "%s: %s", path, strerror(errno));
	n = strlen(real) + 16;
	if ((tmp = malloc(n)) == NULL)
		die(CARC_ESOFTWARE, "out of memory");
	folder = dirname(dir);
	snprintf(tmp, n, "%s/.%s.XXXXXX", folder, basename(base));
	sigemptyset(&hold);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(&hold, sigs[i]);
	sigprocmask(SIG_BLOCK, &hold, &old);
	if ((fd = mkstemp(tmp)) == -1)
		fail_inplace(path, "create a temporary file beside it");
	tmpname = tmp;
	if (stat(real, &st) == 0) {
		if (fchmod(fd, st.st_mode & 07777) == -1)
			fail_inplace(path, "give the new file the old one's mode");
		/* as root, on someone else's game: theirs it stays (elsewhere this may fail) */
		if (fchown(fd, st.st_uid, st.st_gid) == -1 && getuid() == 0)
			fail_inplace(path, "give the new file the old one's owner");
	}
	for (i = 0; i < len; i += w)
		if ((w = write(fd, data + i, len - i)) == -1 && errno != EINTR)
			fail_inplace(path, "write the new state");
		else if (w == -1)
			w = 0;
	if (fsync(fd) == -1 || close(fd) == -1)
		fail_inplace(path, "write the new state");
	if (rename(tmp, real) == -1)
		fail_inplace(path, "replace it");
	tmpname = NULL;
	/* the rename itself reaches the disk with the folder */
	if ((fd = open(folder, O_RDONLY)) != -1) {
		fsync(fd);
		close(fd);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(tmp);
	free(base);
	free(dir);
	free(real);
}

void
write_state(const struct carc_game *g, const char *inplace, int armor)
{
	struct carc_buf out = { 0 };
	struct carc_err err = { 0 };

	if (inplace == NULL && !armor && isatty(STDOUT_FILENO))
		die(CARC_EUSAGE, "will not write a binary state to a terminal; "
		    "redirect it to a file or a pipe, or give --armor");
	if ((armor ? carc_armor_write(g, &out, &err) : carc_state_write(g, &out, &err)) != 0)
		die_err(&err);
	if (inplace != NULL)
		put_inplace(inplace, out.data, out.len);
	else
		put(out.data, out.len);
	carc_buf_release(&out);
}

void
write_text(const struct carc_buf *b)
{
	put(b->data ? b->data : "", b->len);
}
