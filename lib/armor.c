/* The armoured state (carc-state(5)): the binary state as base64 text between BEGIN and END
 * lines, so that it survives e-mail, and the reader that finds it again inside a whole message,
 * whatever the mailers did to it: quoted-printable, base64 parts, CRLF, "> " quoting. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "armor.h"
#include "carc.h"

#define BEGIN_LINE "-----BEGIN CARC GAME-----"
#define END_LINE "-----END CARC GAME-----"
#define ARMOR_WIDTH 64		/* base64 characters a line */
#define MIME_DEPTH 4		/* base64 parts inside base64 parts, as forwarding makes */

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int
base64_encode(struct carc_buf *out, const void *data, size_t n, int width)
{
	const unsigned char *p = data;
	char q[4];
	size_t i;
	int col = 0, k;

	for (i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16;

		if (i + 1 < n)
			v |= (uint32_t)p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		for (k = 0; k < 4; k++)
			q[k] = b64[v >> (18 - 6 * k) & 63];
		if (i + 1 >= n)
			q[2] = '=';
		if (i + 2 >= n)
			q[3] = '=';
		if (carc_buf_add(out, q, 4) == -1)
			return -1;
		if ((col += 4) >= width && i + 3 < n) {
			if (carc_buf_add(out, "\n", 1) == -1)
				return -1;
			col = 0;
		}
	}
	return carc_buf_add(out, "\n", 1);
}

static int
b64val(int c)
{
	const char *p;

	if (c == '\0' || (p = strchr(b64, c)) == NULL)
		return -1;
	return p - b64;
}

/* Strict: only the alphabet, '=' only as the padding of a length that is a multiple of 4. */
static int
base64_decode(const char *s, size_t n, struct carc_buf *out)
{
	size_t i, pad = 0;
	unsigned char q[3];
	int v[4], k;

	if (n % 4 != 0)
		return -1;
	if (n > 0 && s[n - 1] == '=')
		pad = n > 1 && s[n - 2] == '=' ? 2 : 1;
	for (i = 0; i < n; i += 4) {
		for (k = 0; k < 4; k++) {
			if (i + k >= n - pad)
				v[k] = 0;
			else if ((v[k] = b64val((unsigned char)s[i + k])) < 0)
				return -1;
		}
		q[0] = v[0] << 2 | v[1] >> 4;
		q[1] = (v[1] & 15) << 4 | v[2] >> 2;
		q[2] = (v[2] & 3) << 6 | v[3];
		k = i + 4 < n ? 3 : 3 - (int)pad;
		if (carc_buf_add(out, q, k) == -1)
			return -2;
	}
	return 0;
}

/* Lenient, for mail parts: skips what is not of the alphabet, stops at the padding. */
static int
base64_decode_loose(const char *s, size_t n, struct carc_buf *out)
{
	uint32_t acc = 0;
	int bits = 0, v;
	unsigned char c;
	size_t i;

	for (i = 0; i < n && s[i] != '='; i++) {
		if ((v = b64val((unsigned char)s[i])) < 0)
			continue;
		acc = acc << 6 | v;
		if ((bits += 6) >= 8) {
			bits -= 8;
			c = acc >> bits;
			if (carc_buf_add(out, &c, 1) == -1)
				return -1;
		}
	}
	return 0;
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* ---- writing ---- */

/* What the header lines before the Checksum say: what a person sees of the game without
 * decoding it, and what a reader checks. */
static void
header_values(const struct carc_game *g, char players[256], char turn[16], const char **phase)
{
	size_t n = 0;
	int i;

	players[0] = '\0';
	for (i = 0; i < g->nplayers; i++)	/* at most 6 names of 32 bytes */
		n += snprintf(players + n, 256 - n, "%s%s", i ? ", " : "", g->pl[i].name);
	snprintf(turn, 16, "%d", g->nlog);
	*phase = carc_phase_name(g->phase);
}

int
carc_armor_write(const struct carc_game *g, struct carc_buf *out, struct carc_err *err)
{
	struct carc_buf bin = { 0 };
	char sum[65], players[256], turn[16];
	const char *phase;
	int rc = 0;

	if (carc_state_write(g, &bin, err))
		return err->code;
	sha256_hex(bin.data, bin.len, sum);
	header_values(g, players, turn, &phase);
	if (carc_buf_printf(out, "%s\nPlayers: %s\nTurn: %s\nPhase: %s\nChecksum: %s\n\n",
	    BEGIN_LINE, players, turn, phase, sum) == -1 ||
	    base64_encode(out, bin.data, bin.len, ARMOR_WIDTH) == -1 ||
	    carc_buf_printf(out, "%s\n", END_LINE) == -1)
		rc = seterr(err, CARC_ESOFTWARE, "out of memory");
	carc_buf_release(&bin);
	return rc;
}

/* ---- reading ---- */

struct line {
	const char *s;
	size_t n;
	int depth;		/* "> " quoting levels taken off */
};

/* The line at p (up to end), without its line end, trailing blanks and quoting prefixes;
 * returns where the next line starts. */
static const char *
next_line(const char *p, const char *end, struct line *l)
{
	const char *e = memchr(p, '\n', end - p), *next;

	next = e ? e + 1 : end;
	if (e == NULL)
		e = end;
	l->depth = 0;
	while (p < e && (*p == '>' || *p == ' ' || *p == '\t'))
		if (*p++ == '>')
			l->depth++;
	while (e > p && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
		e--;
	l->s = p;
	l->n = e - p;
	return next;
}

static bool
line_is(const struct line *l, const char *s)
{
	return l->n == strlen(s) && memcmp(l->s, s, l->n) == 0;
}

enum { FOUND_NONE = -1 };

/* Appends the line with quoted-printable that no mail reader undid taken off: "=XX" cannot
 * occur in base64 or in a header, so it is an escape. Returns 1 if the line ends with a bare
 * '=', which it keeps: a soft line break, unless it was base64 padding. */
static int
unqp(const struct line *l, bool blanks, struct carc_buf *out)
{
	size_t i;
	int c;

	for (i = 0; i < l->n; i++) {
		c = (unsigned char)l->s[i];
		if (c == '=' && i + 2 < l->n && hexval(l->s[i + 1]) >= 0 &&
		    hexval(l->s[i + 2]) >= 0) {
			c = hexval(l->s[i + 1]) << 4 | hexval(l->s[i + 2]);
			i += 2;
		} else if ((c == ' ' || c == '\t') && !blanks)
			continue;
		if (carc_buf_add(out, &(char){ c }, 1) == -1)
			return -1;
	}
	return l->n > 0 && l->s[l->n - 1] == '=';
}

/* One header line, KEY: VALUE, into the fields the reader checks; other keys are for people,
 * and for later versions. */
static int
header(const char *s, size_t n, struct armor_hdr *h)
{
	static const struct {
		const char *key;
		size_t off, size;
	} keys[] = {
		{ "Players", offsetof(struct armor_hdr, players), sizeof(h->players) },
		{ "Turn", offsetof(struct armor_hdr, turn), sizeof(h->turn) },
		{ "Phase", offsetof(struct armor_hdr, phase), sizeof(h->phase) },
		{ "Checksum", offsetof(struct armor_hdr, checksum), sizeof(h->checksum) },
	};
	const char *colon = memchr(s, ':', n), *v;
	size_t i, k, vn;
	char *dst;

	if (colon == NULL || colon == s)
		return -1;
	k = colon - s;
	for (v = colon + 1; v < s + n && *v == ' '; v++)
		;
	vn = s + n - v;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		if (strlen(keys[i].key) != k || strncasecmp(s, keys[i].key, k) != 0)
			continue;
		dst = (char *)h + keys[i].off;
		if (vn >= keys[i].size)
			vn = keys[i].size - 1;
		memcpy(dst, v, vn);
		dst[vn] = '\0';
	}
	return 0;
}

/* The lines of the block whose BEGIN line ends just before p, up to its END line: the header
 * lines into h, and after the blank line the base64 text into data, quoted-printable undone. */
static int
block_lines(const char *p, const char *end, const char *name, struct armor_hdr *h,
    struct carc_buf *data, struct carc_err *err)
{
	struct carc_buf hl = { 0 };
	struct line l;
	char why[96];
	bool headers = true;
	int rc = 0, soft = 0;

	for (;;) {
		if (p >= end) {
			rc = seterr(err, CARC_EDATA, "%s: armoured state without its %s line", name,
			    END_LINE);
			goto out;
		}
		p = next_line(p, end, &l);
		if (line_is(&l, END_LINE))
			break;
		if (soft == 1)		/* the '=' that ended the last line was a soft line break */
			data->len--;
		if (!headers) {
			if ((soft = unqp(&l, false, data)) == -1)
				goto nomem;
			continue;
		}
		if ((soft = unqp(&l, true, &hl)) == -1)
			goto nomem;
		if (soft) {
			hl.len--;
			soft = 0;
			continue;
		}
		/* "=20" is a blank line that quoted-printable kept */
		while (hl.len > 0 && (hl.data[hl.len - 1] == ' ' || hl.data[hl.len - 1] == '\t'))
			hl.len--;
		if (hl.len == 0) {
			headers = false;
			continue;
		}
		/* what a mailer decoded may hold a line break or an escape: refused here, so that
		 * no header the state does not say reaches a reader */
		if (carc_text_check(hl.data, hl.len, CARC_TEXT_LINE, why, sizeof(why))) {
			rc = seterr(err, CARC_EDATA, "%s: armoured state: a header line is not text: %s",
			    name, why);
			goto out;
		}
		if (header(hl.data, hl.len, h) == -1) {
			rc = seterr(err, CARC_EDATA, "%s: armoured state: header line '%.*s' is not "
			    "KEY: VALUE", name, (int)(hl.len > 40 ? 40 : hl.len), hl.data);
			goto out;
		}
		hl.len = 0;
	}
	if (headers || data->len == 0)
		rc = seterr(err, CARC_EDATA, "%s: armoured state without data", name);
	goto out;
nomem:
	rc = seterr(err, CARC_ESOFTWARE, "out of memory");
out:
	carc_buf_release(&hl);
	return rc;
}

/* The state in a block's base64 text, checked against its Checksum header `sum`. */
static int
block_decode(const struct carc_buf *data, const char *name, char *sum, struct carc_buf *bin,
    struct carc_err *err)
{
	char got[65];
	size_t i;
	int rc, c;

	if (sum[0] == '\0')
		return seterr(err, CARC_EDATA, "%s: armoured state without its Checksum line", name);
	for (i = 0; i < data->len; i++)
		if (b64val((unsigned char)data->data[i]) < 0 && data->data[i] != '=') {
			c = (unsigned char)data->data[i];
			return seterr(err, CARC_EDATA, isprint(c) ?
			    "%s: armoured state: broken base64 (a '%c' in the data)" :
			    "%s: armoured state: broken base64 (byte 0x%02x in the data)", name, c);
		}
	if ((rc = base64_decode(data->data, data->len, bin)) != 0) {
		if (rc == -2)
			return seterr(err, CARC_ESOFTWARE, "out of memory");
		return seterr(err, CARC_EDATA, "%s: armoured state: broken base64 (%zu characters, "
		    "cut short or padded wrong)", name, data->len);
	}
	sha256_hex(bin->data ? bin->data : "", bin->len, got);
	for (i = 0; sum[i] != '\0'; i++)
		sum[i] = tolower((unsigned char)sum[i]);
	if (strcmp(sum, got) != 0)
		return seterr(err, CARC_EDATA, "%s: armoured state damaged: its checksum is "
		    "%.16s..., the data gives %.16s...", name, sum, got);
	return 0;
}

/* Reads the block whose BEGIN line ends just before p: the header lines, a blank line, the
 * base64 lines and the END line. */
static int
read_block(const char *p, const char *end, const char *name, struct carc_buf *bin,
    struct armor_hdr *h, struct carc_err *err)
{
	struct carc_buf data = { 0 };
	int rc;

	memset(h, 0, sizeof(*h));
	if ((rc = block_lines(p, end, name, h, &data, err)) == 0)
		rc = block_decode(&data, name, h->checksum, bin, err);
	carc_buf_release(&data);
	return rc;
}

/* The armoured block in text: the least quoted one, the first of those, so that a reply with
 * the new state above or below the quoted old one gives the new one. */
static int
find_block(const char *text, size_t len, const char *name, struct carc_buf *bin,
    struct armor_hdr *h, struct carc_err *err)
{
	const char *p = text, *end = text + len, *best = NULL;
	struct line l;
	int depth = 0;

	while (p < end) {
		p = next_line(p, end, &l);
		if (line_is(&l, BEGIN_LINE) && (best == NULL || l.depth < depth)) {
			best = p;
			depth = l.depth;
		}
	}
	if (best == NULL)
		return FOUND_NONE;
	return read_block(best, end, name, bin, h, err);
}

/* Whether the line is the mail header "Content-Transfer-Encoding: VALUE"; VALUE may be NULL. */
static bool
transfer_encoding(const struct line *l, const char *value)
{
	static const char key[] = "content-transfer-encoding:";
	size_t k = sizeof(key) - 1, n;

	if (l->depth != 0 || l->n < k || strncasecmp(l->s, key, k) != 0)
		return false;
	if (value == NULL)
		return true;
	while (k < l->n && (l->s[k] == ' ' || l->s[k] == '\t'))
		k++;
	n = strlen(value);
	return l->n - k >= n && strncasecmp(l->s + k, value, n) == 0;
}

static int find_any(const char *, size_t, const char *, struct carc_buf *, struct armor_hdr *,
    struct carc_err *, int);

/* The bodies of the message's parts that a transfer encoding hides, decoded and searched in
 * turn: a text part sent as base64 or quoted-printable, or a forwarded message. */
static int
find_in_parts(const char *text, size_t len, const char *name, struct carc_buf *bin,
    struct armor_hdr *h, struct carc_err *err, int depth)
{
	const char *p = text, *end = text + len, *q;
	struct carc_buf body = { 0 };
	struct line l;
	int rc, enc, c;

	while (p < end) {
		p = next_line(p, end, &l);
		if (transfer_encoding(&l, "base64"))
			enc = 'b';
		else if (transfer_encoding(&l, "quoted-printable"))
			enc = 'q';
		else
			continue;
		do		/* the rest of the part's header */
			p = next_line(p, end, &l);
		while (p < end && l.n > 0);
		body.len = 0;
		if (enc == 'b') {
			/* up to the first line that is not base64: a boundary, or the end */
			for (q = p; q < end; p = q) {
				size_t i;

				q = next_line(q, end, &l);
				for (i = 0; i < l.n && (b64val((unsigned char)l.s[i]) >= 0 ||
				    l.s[i] == '='); i++)
					;
				if (l.n == 0 || i < l.n)
					break;
				if (base64_decode_loose(l.s, l.n, &body) == -1)
					goto nomem;
			}
		} else {
			/* to the end of the text: what follows the part does no harm */
			for (q = p; q < end; q++) {
				if (*q == '=' && q + 2 < end && hexval(q[1]) >= 0 && hexval(q[2]) >= 0) {
					c = hexval(q[1]) << 4 | hexval(q[2]);
					q += 2;
				} else if (*q == '=' && q + 1 < end && (q[1] == '\n' || q[1] == '\r')) {
					q += q[1] == '\r' && q + 2 < end && q[2] == '\n' ? 2 : 1;
					continue;
				} else
					c = (unsigned char)*q;
				if (carc_buf_add(&body, &(char){ c }, 1) == -1)
					goto nomem;
			}
		}
		if (body.len > 0 && (rc = find_any(body.data, body.len, name, bin, h, err,
		    depth + 1)) != FOUND_NONE) {
			carc_buf_release(&body);
			return rc;
		}
	}
	carc_buf_release(&body);
	return FOUND_NONE;
nomem:
	carc_buf_release(&body);
	return seterr(err, CARC_ESOFTWARE, "out of memory");
}

static int
find_any(const char *text, size_t len, const char *name, struct carc_buf *bin,
    struct armor_hdr *h, struct carc_err *err, int depth)
{
	int rc = find_block(text, len, name, bin, h, err);

	if (rc == FOUND_NONE && depth < MIME_DEPTH)
		rc = find_in_parts(text, len, name, bin, h, err, depth);
	return rc;
}

int
armor_read(const char *text, size_t len, const char *name, struct carc_buf *bin,
    struct armor_hdr *h, struct carc_err *err)
{
	int rc = find_any(text, len, name, bin, h, err, 0);

	if (rc == FOUND_NONE)
		return seterr(err, CARC_EDATA, "%s: no armoured carc state in the text (no %s line)",
		    name, BEGIN_LINE);
	return rc;
}

int
carc_armor_find_read(const char *text, size_t len, const char *name, struct carc_buf *bin,
    struct carc_err *err)
{
	struct armor_hdr h;

	return armor_read(text, len, name ? name : "stdin", bin, &h, err);
}

/* Text, not a binary state: a state is a MessagePack map, and no text starts with a map's first
 * byte. Text without the BEGIN line or a MIME part is left to the binary reader and its
 * messages. */
int
carc_armor_is(const char *data, size_t len)
{
	const char *p = data, *end = data + len;
	unsigned char c;
	struct line l;

	if (len == 0)
		return 0;
	c = (unsigned char)data[0];
	if ((c >= 0x80 && c <= 0x8f) || c == 0xde || c == 0xdf)
		return 0;
	while (p < end) {
		p = next_line(p, end, &l);
		if (line_is(&l, BEGIN_LINE) || transfer_encoding(&l, NULL))
			return 1;
	}
	return 0;
}

/* The header lines that were given must say what the state says. */
int
armor_check_headers(const struct carc_game *g, const struct armor_hdr *h, const char *name,
    struct carc_err *err)
{
	const char *keys[3] = { "Players", "Turn", "Phase" }, *have[3], *want[3];
	char players[256], turn[16];
	int i;

	header_values(g, players, turn, &want[2]);
	want[0] = players;
	want[1] = turn;
	have[0] = h->players;
	have[1] = h->turn;
	have[2] = h->phase;
	for (i = 0; i < 3; i++)
		if (have[i][0] != '\0' && strcmp(have[i], want[i]) != 0)
			return seterr(err, CARC_EDATA, "%s: armoured state: its header says '%s: %s', "
			    "the state inside '%s: %s'", name, keys[i], have[i], keys[i], want[i]);
	return 0;
}
