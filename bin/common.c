/* What every carc tool shares: one line on stderr and the status from carc.h on failure;
 * a state is written whole or not at all, and the final close of stdout is checked. */
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common.h"

#define INPUT_MAX (64 << 20)	/* as carc_file_read */
#define MAX_LINKS 40		/* symbolic links followed to the file of -i */
#define MAX_RETRIES 1000	/* times -i opens the file again after it was replaced */

/* One line, however the arguments quoted in it look: what is not a line of text (control
 * characters, bytes that are not UTF-8) becomes C escapes, as in the library's messages. */
static void
vline(const char *fmt, va_list ap)
{
	char msg[1024], why[8];
	const char *p;
	unsigned long cp;
	size_t k, n;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	fprintf(stderr, "%s: ", progname);
	n = strlen(msg);
	for (p = msg; *p; p += k) {
		unsigned char c = *p;

		k = carc_utf8_char(p, n - (p - msg), &cp);
		if (k > 0 && carc_text_check(p, k, CARC_TEXT_LINE, why, sizeof(why)) == 0) {
			fwrite(p, 1, k, stderr);
			continue;
		}
		k = 1;
		fprintf(stderr, c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\x%02x", c);
	}
	fputc('\n', stderr);
}

void
die(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline(fmt, ap);
	va_end(ap);
	exit(status);
}

/* A line for people that stops nothing, quoted as die's. */
void
note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline(fmt, ap);
	va_end(ap);
}

void
die_err(const struct carc_err *err)
{
	die(err->code ? err->code : CARC_ESOFTWARE, "%s", err->msg);
}

static void
close_stdout(void)
{
	if (fflush(stdout) == EOF || ferror(stdout) || fclose(stdout) == EOF)
		die(CARC_EIO, "cannot write standard output: %s", strerror(errno));
}

void
help(const char *synopsis)
{
	fputs(synopsis, stdout);
	close_stdout();
	exit(0);
}

void
version(void)
{
	printf("%s %s\n", progname, CARC_VERSION);
	close_stdout();
	exit(0);
}

void
usage_error(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	die(CARC_EUSAGE, "%s; try '%s --help'", msg, progname);
}

/* What getopt_long found wrong, from what it leaves behind: optopt is 0 for a long option it
 * does not know or that abbreviates several, the option's value for one that lacks its value
 * or has one it does not take, and the letter of a short option it does not know. */
static void
bad_option(int ch, char **argv, const struct option *opts)
{
	const char *w = argv[optind - 1], *name = w + 2, *eq;
	char list[256] = "";
	size_t n, len = 0;
	int i, hits = 0;

	if (strncmp(w, "--", 2) != 0)
		usage_error(ch == ':' ? "option '-%c' needs a value" : "unknown option '-%c'", optopt);
	n = (eq = strchr(name, '=')) ? (size_t)(eq - name) : strlen(name);
	if (ch == ':')
		usage_error("option '--%.*s' needs a value", (int)n, name);
	for (i = 0; opts[i].name; i++)
		if (strncmp(opts[i].name, name, n) == 0) {
			if (strlen(opts[i].name) == n || optopt != 0) {
				if (opts[i].has_arg == no_argument && eq && opts[i].val == optopt)
					usage_error("option '--%s' takes no value", opts[i].name);
				continue;
			}
			hits++;
			len += snprintf(list + len, len < sizeof(list) ? sizeof(list) - len : 0,
			    "%s--%s", hits > 1 ? ", " : "", opts[i].name);
		}
	if (optopt != 0)
		usage_error("unknown option '-%c'", optopt);
	if (hits > 1)
		usage_error("ambiguous option '--%.*s' (%s)", (int)n, name, list);
	usage_error("unknown option '--%.*s'", (int)n, name);
}

int
next_option(int argc, char **argv, const char *optstring, const struct option *opts)
{
	char quiet[64];
	int ch;

	/* the ':' after a leading '+' or at the front: getopt returns ':' for a missing value */
	snprintf(quiet, sizeof(quiet), "%s:%s", *optstring == '+' ? "+" : "",
	    optstring + (*optstring == '+'));
	opterr = 0;
	ch = getopt_long(argc, argv, quiet, opts, NULL);
	if (ch == '?' || ch == ':')
		bad_option(ch, argv, opts);
	return ch;
}

const char *
inplace_arg(const char *path)
{
	if (strcmp(path, "-") == 0)
		usage_error("-i updates a file: it cannot update standard input");
	return path;
}

/* ---- reading ---- */

static void
check_stdin(void)
{
	if (isatty(STDIN_FILENO))
		die(CARC_EUSAGE, "stdin is a terminal: give FILE, or redirect standard input from "
		    "a file or a pipe");
}

const char *emptied_hint = "update a file in place with -i FILE";

/* `carc-draw < game > game`: the shell empties game before the tool runs (but not for >>). */
static void
check_emptied(void)
{
	struct stat in, out;
	int fl = fcntl(STDOUT_FILENO, F_GETFL);

	if (fstat(STDIN_FILENO, &in) == 0 && fstat(STDOUT_FILENO, &out) == 0 &&
	    S_ISREG(in.st_mode) && in.st_dev == out.st_dev && in.st_ino == out.st_ino &&
	    fl != -1 && !(fl & O_APPEND))
		die(CARC_EUSAGE, "stdin is empty: it is the file standard output goes to, which the "
		    "shell emptied before %s began; %s", progname, emptied_hint);
}

void
read_input(const char *path, struct carc_buf *in)
{
	struct carc_err err = { 0 };
	int std = path == NULL || strcmp(path, "-") == 0;

	if (std)
		check_stdin();
	if (carc_file_read(path, in, &err))
		die_err(&err);
	if (std && in->len == 0)
		check_emptied();
}

/* A state from the bytes read from NAME. */
static struct carc_game *
parse_state(struct carc_buf *in, const char *name, int *armored)
{
	struct carc_err err = { 0 };
	struct carc_game *g;
	size_t i;
	int text = carc_armor_is(in->data, in->len);

	if (armored != NULL)
		*armored = text;
	/* no state starts with '{': as MessagePack, that is the number 123 */
	for (i = 0; !text && i < in->len && strchr(" \t\r\n", in->data[i]); i++)
		;
	if (!text && i < in->len && in->data[i] == '{')
		die(CARC_EDATA, "%s: JSON, not a carc state: carc-deck --from-json reads it", name);
	g = carc_state_read(in->data, in->len, name, &err);
	carc_buf_release(in);
	if (g == NULL)
		die_err(&err);
	return g;
}

struct carc_game *
read_state(const char *path, int *armored)
{
	struct carc_buf in = { 0 };

	read_input(path, &in);
	return parse_state(&in, path && strcmp(path, "-") != 0 ? path : "stdin", armored);
}

static void
put(const char *data, size_t len)
{
	if (fwrite(data, 1, len, stdout) != len || fflush(stdout) == EOF || fclose(stdout) == EOF)
		die(CARC_EIO, "cannot write standard output: %s", strerror(errno));
}

/* ---- -i: in place ---- */

/* The file of -i: the folder it is in, held open, its name there, and the file itself, held
 * open and locked. Everything after inplace_read goes through these handles, never through
 * the name again, so that a name changed on the way cannot send the new state elsewhere. */
static struct {
	const char *path;	/* as given, for messages */
	int dir, fd;
	char base[NAME_MAX + 1];
	struct stat st;
	char tmp[NAME_MAX + 1];	/* the temporary file, while it exists */
} ip = { .dir = -1, .fd = -1 };

/* Makes DIR the folder of PATH (relative to the folder held, or to the working one) and
 * ip.base its last part. */
static void
ip_chdir(const char *path, const char *shown)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	char dir[PATH_MAX];
	int fd;

	if (*base == '\0')
		die(CARC_ENOINPUT, "%s: not a file", shown);
	if (strlen(base) > NAME_MAX)
		die(CARC_ENOINPUT, "%s: %s", shown, strerror(ENAMETOOLONG));
	if (slash == NULL)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == path)
		snprintf(dir, sizeof(dir), "/");
	else if ((size_t)(slash - path) >= sizeof(dir))
		die(CARC_ENOINPUT, "%s: %s", shown, strerror(ENAMETOOLONG));
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	if ((fd = openat(ip.dir == -1 ? AT_FDCWD : ip.dir, dir,
	    O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		die(CARC_ENOINPUT, "%s: %s", shown, strerror(errno));
	if (ip.dir != -1)
		close(ip.dir);
	ip.dir = fd;
	strcpy(ip.base, base);
}

/* Why the caller may not update the file, which the folder shows: status 74. */
static void
not_writable(int e)
{
	struct stat st;

	if (fstatat(ip.dir, ip.base, &st, AT_SYMLINK_NOFOLLOW) == -1)
		die(CARC_ENOINPUT, "%s: %s", ip.path, strerror(e));
	if (e == EROFS)
		die(CARC_EIO, "%s: cannot update it: it is on a read-only file system", ip.path);
	if (faccessat(ip.dir, ip.base, W_OK, AT_EACCESS) == -1)
		die(CARC_EIO, "%s: cannot update it: it is not writable by you (mode %04o, owner "
		    "uid %u)", ip.path, (unsigned)(st.st_mode & 07777), (unsigned)st.st_uid);
	die(CARC_ENOINPUT, "%s: %s", ip.path, strerror(e));
}

/* The file, open for reading and writing: following a symbolic link means opening its target
 * through the folder that holds the link, never the name given again. */
static int
ip_open(void)
{
	char target[PATH_MAX];
	struct stat st;
	ssize_t n;
	int fd, links = 0;

	for (;;) {
		/* a device is not opened at all: opening one may do something */
		if (fstatat(ip.dir, ip.base, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode) &&
		    !S_ISLNK(st.st_mode))
			die(CARC_ENOINPUT, S_ISDIR(st.st_mode) ? "%s: a folder, not a file" :
			    "%s: not a regular file", ip.path);
		fd = openat(ip.dir, ip.base, O_RDWR | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
		if (fd != -1)
			return fd;
		if (errno == EACCES || errno == EPERM || errno == EROFS || errno == ETXTBSY)
			not_writable(errno);
		if (errno == EISDIR)
			die(CARC_ENOINPUT, "%s: a folder, not a file", ip.path);
		if (errno != ELOOP && errno != EMLINK)
			die(CARC_ENOINPUT, "%s: %s", ip.path, strerror(errno));
		if (fstatat(ip.dir, ip.base, &st, AT_SYMLINK_NOFOLLOW) == -1 || !S_ISLNK(st.st_mode))
			die(CARC_ENOINPUT, "%s: %s", ip.path, strerror(ELOOP));
		if (++links > MAX_LINKS)
			die(CARC_ENOINPUT, "%s: %s", ip.path, strerror(ELOOP));
		if ((n = readlinkat(ip.dir, ip.base, target, sizeof(target) - 1)) == -1)
			die(CARC_ENOINPUT, "%s: %s", ip.path, strerror(errno));
		target[n] = '\0';
		ip_chdir(target, ip.path);
	}
}

static void
read_fd(int fd, struct carc_buf *in)
{
	char chunk[65536];
	ssize_t n;

	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			die(CARC_ENOINPUT, "%s: %s", ip.path, strerror(errno));
		if (in->len + n > INPUT_MAX)
			die(CARC_EDATA, "%s: larger than %d MiB", ip.path, INPUT_MAX >> 20);
		if (carc_buf_add(in, chunk, n) == -1)
			die(CARC_ESOFTWARE, "out of memory");
	}
}

static int
same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

struct carc_game *
inplace_read(const char *path, int nowait, int *armored)
{
	struct carc_buf in = { 0 };
	struct stat now;
	int tries;

	ip.path = path;
	ip_chdir(path, path);
	/* The lock is on the file, and the file is replaced: a tool that waited for it holds
	 * the old one when it gets it, and opens the new one again. */
	for (tries = 0;; tries++) {
		if (tries == MAX_RETRIES)
			die(CARC_EBUSY, "%s: busy: replaced %d times while waiting for it", path,
			    MAX_RETRIES);
		ip.fd = ip_open();
		if (fstat(ip.fd, &ip.st) == -1)
			die(CARC_ENOINPUT, "%s: %s", path, strerror(errno));
		if (!S_ISREG(ip.st.st_mode))
			die(CARC_ENOINPUT, "%s: not a regular file", path);
		/* root may write anything: a file nobody may write is read-only even so */
		if (geteuid() == 0 && !(ip.st.st_mode & 0222))
			die(CARC_EIO, "%s: cannot update it: it is read-only (mode %04o)", path,
			    (unsigned)(ip.st.st_mode & 07777));
		/* the new file would be the caller's: root can give it back, nobody else */
		if (ip.st.st_uid != geteuid() && geteuid() != 0)
			die(CARC_EIO, "%s: cannot update it: it belongs to uid %u, and the file that "
			    "replaces it would be yours", path, (unsigned)ip.st.st_uid);
		while (flock(ip.fd, LOCK_EX | (nowait ? LOCK_NB : 0)) == -1) {
			if (errno == EINTR)
				continue;
			if (errno == EWOULDBLOCK)
				die(CARC_EBUSY, "%s: busy: another carc tool is updating it", path);
			die(CARC_EIO, "%s: cannot lock it: %s", path, strerror(errno));
		}
		if (fstatat(ip.dir, ip.base, &now, AT_SYMLINK_NOFOLLOW) == 0 && same_file(&now, &ip.st))
			break;
		close(ip.fd);
	}
	fstat(ip.fd, &ip.st);	/* what it holds now that nobody else writes it */
	read_fd(ip.fd, &in);
	return parse_state(&in, path, armored);
}

static void
fail_inplace(const char *what, int e)
{
	if (ip.tmp[0] != '\0')
		unlinkat(ip.dir, ip.tmp, 0);
	die(CARC_EIO, "%s: cannot %s: %s", ip.path, what, strerror(e));
}

/* A name of its own in the folder, .FILE.XXXXXX, created with O_EXCL. */
static int
tmp_create(void)
{
	static const char chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	uint64_t r = (uint64_t)getpid() << 32 ^ (uint64_t)time(NULL) ^ (uintptr_t)&r;
	char suffix[7];
	int i, tries, fd;

	for (tries = 0; tries < 100; tries++) {
		for (i = 0; i < 6; i++)
			suffix[i] = chars[carc_rng_next(&r) % (sizeof(chars) - 1)];
		suffix[6] = '\0';
		snprintf(ip.tmp, sizeof(ip.tmp), ".%.*s.%s", NAME_MAX - 8, ip.base, suffix);
		if ((fd = openat(ip.dir, ip.tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) != -1)
			return fd;
		if (errno != EEXIST) {
			int e = errno;

			ip.tmp[0] = '\0';
			fail_inplace("create a temporary file beside it", e);
		}
	}
	ip.tmp[0] = '\0';
	fail_inplace("create a temporary file beside it", EEXIST);
	return -1;
}

/* -i: the new state goes to a temporary file beside the old one, reaches the disk, and takes
 * the old one's name in one renameat(2), so that FILE is always the old state or the new one.
 * The lock taken by inplace_read is held until then. The signals that end a process wait
 * until it is done, so the temporary file never stays behind, except after SIGKILL or a
 * crash. */
static void
put_inplace(const char *data, size_t len)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1,
		SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF };
	sigset_t hold, old;
	struct stat now;
	size_t i;
	ssize_t w;
	int fd;

	if (ip.fd == -1)
		die(CARC_ESOFTWARE, "%s: written in place without being read so", ip.path);
	sigemptyset(&hold);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(&hold, sigs[i]);
	sigprocmask(SIG_BLOCK, &hold, &old);
	fd = tmp_create();
	/* as root, on someone else's game: theirs it stays; anyone else keeps the group if
	 * they may */
	if (fchown(fd, ip.st.st_uid, ip.st.st_gid) == -1 && geteuid() == 0)
		fail_inplace("give the new file the old one's owner", errno);
	if (fchmod(fd, ip.st.st_mode & 07777) == -1)
		fail_inplace("give the new file the old one's mode", errno);
	for (i = 0; i < len; i += w)
		if ((w = write(fd, data + i, len - i)) == -1 && errno != EINTR)
			fail_inplace("write the new state", errno);
		else if (w == -1)
			w = 0;
	if (fsync(fd) == -1 || close(fd) == -1)
		fail_inplace("write the new state", errno);
	/* a program that takes no lock may have put another file there meanwhile */
	if (fstatat(ip.dir, ip.base, &now, AT_SYMLINK_NOFOLLOW) == -1 ||
	    !same_file(&now, &ip.st)) {
		unlinkat(ip.dir, ip.tmp, 0);
		die(CARC_EIO, "%s: another program put another file there meanwhile; the new "
		    "state is not written", ip.path);
	}
	if (renameat(ip.dir, ip.tmp, ip.dir, ip.base) == -1)
		fail_inplace("replace it", errno);
	ip.tmp[0] = '\0';
	/* the rename itself reaches the disk with the folder */
	fsync(ip.dir);
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(ip.fd);		/* and the lock goes with it */
	close(ip.dir);
	ip.fd = ip.dir = -1;
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
		put_inplace(out.data, out.len);
	else
		put(out.data, out.len);
	carc_buf_release(&out);
}

void
write_text(const struct carc_buf *b)
{
	put(b->data ? b->data : "", b->len);
}
