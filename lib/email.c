/* carc-render --format email: a whole message (RFC 5322, MIME) to the player to move, for
 * sendmail -t: the board as text, the decisions open, the armoured state, and the board as an
 * SVG attachment; with --attach-html, the web page with the game in it too. Nothing in it
 * depends on the time, so a state always gives the same message. */
#include <stdio.h>
#include <string.h>

#include "armor.h"

#define LINE_MAX_MAIL 998	/* RFC 5322: longer lines must be encoded */
#define QP_WIDTH 76
#define WORD_MAX 75		/* RFC 2047: an encoded word */

static bool
header_safe(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

/* What a "Q" encoded word may carry as it is, in any header (RFC 2047, 5). */
static bool
qsafe(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	    (c != '\0' && strchr("!*+-/", c) != NULL);
}

int
carc_email_check(const struct carc_email_opts *o, struct carc_err *err)
{
	if (o->from && !header_safe(o->from))
		return seterr(err, CARC_EUSAGE, "bad From address: a line break or a control "
		    "character would break the message");
	if (o->to && !header_safe(o->to))
		return seterr(err, CARC_EUSAGE, "bad To address: a line break or a control "
		    "character would break the message");
	return 0;
}

/* An unstructured header, as RFC 2047 encoded words when it is not plain ASCII, folded so that
 * no line passes 78 characters. */
static void
header_text(struct carc_buf *b, const char *name, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s;
	char word[WORD_MAX + 1];
	size_t n, len, room;
	bool ascii = true;

	for (n = 0; p[n]; n++)
		if (p[n] >= 0x80)
			ascii = false;
	if (ascii) {
		carc_buf_printf(b, "%s: %s\n", name, s);
		return;
	}
	carc_buf_printf(b, "%s:", name);
	room = 78 - strlen(name) - 2;
	while (*p) {
		len = 0;
		/* one character at a time, a UTF-8 sequence whole, while the word has room */
		while (*p) {
			size_t clen = 1, need, i;

			if (*p >= 0xc0)
				while ((p[clen] & 0xc0) == 0x80 && clen < 4)
					clen++;
			for (need = 0, i = 0; i < clen; i++)
				need += qsafe(p[i]) || p[i] == ' ' ? 1 : 3;
			if (len + need > room - 12)
				break;
			for (i = 0; i < clen; i++, p++) {
				if (*p == ' ')
					word[len++] = '_';
				else if (qsafe(*p))
					word[len++] = *p;
				else {
					word[len++] = '=';
					word[len++] = hex[*p >> 4];
					word[len++] = hex[*p & 15];
				}
			}
		}
		carc_buf_printf(b, " =?UTF-8?Q?%.*s?=%s", (int)len, word, *p ? "\n" : "");
		room = 78 - 1;
	}
	carc_buf_add(b, "\n", 1);
}

/* The text part as it is when it is short-lined ASCII, else quoted-printable (RFC 2045). */
static void
text_part(struct carc_buf *b, const struct carc_buf *t)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)t->data, *end = p + t->len, *e;
	bool plain = true;
	int col;

	for (; p < end; p = e + 1) {
		if ((e = memchr(p, '\n', end - p)) == NULL)
			e = end;
		if (e - p > LINE_MAX_MAIL)
			plain = false;
		for (; p < e; p++)
			if (*p >= 0x80 || (*p < 0x20 && *p != '\t'))
				plain = false;
	}
	carc_buf_printf(b, "Content-Type: text/plain; charset=utf-8\n"
	    "Content-Transfer-Encoding: %s\n\n", plain ? "7bit" : "quoted-printable");
	if (plain) {
		carc_buf_add(b, t->data, t->len);
		return;
	}
	for (p = (const unsigned char *)t->data, col = 0; p < end; p++) {
		char q[4];
		int n;

		if (*p == '\n') {
			carc_buf_add(b, "\n", 1);
			col = 0;
			continue;
		}
		if ((*p >= 33 && *p <= 126 && *p != '=') ||
		    ((*p == ' ' || *p == '\t') && p + 1 < end && p[1] != '\n')) {
			q[0] = *p;
			n = 1;
		} else {
			q[0] = '=';
			q[1] = hex[*p >> 4];
			q[2] = hex[*p & 15];
			n = 3;
		}
		if (col + n > QP_WIDTH - 1) {
			carc_buf_add(b, "=\n", 2);
			col = 0;
		}
		carc_buf_add(b, q, n);
		col += n;
	}
}

/* What the player reads: the board, what they may do, how to answer, and the state. */
static int
body(struct carc_game *g, bool page, struct carc_buf *t, struct carc_err *err)
{
	const char *me = g->pl[g->player].name;
	int i;

	if (g->phase == CARC_OVER)
		carc_buf_printf(t, "The carc game of ");
	else
		carc_buf_printf(t, "%s, it is your turn in the carc game of ", me);
	for (i = 0; i < g->nplayers; i++)
		carc_buf_printf(t, "%s%s", i == 0 ? "" : i + 1 < g->nplayers ? ", " : " and ",
		    g->pl[i].name);
	carc_buf_printf(t, "%s, after %d decision%s.\n\n", g->phase == CARC_OVER ? " is over" : "",
	    g->nlog, g->nlog == 1 ? "" : "s");
	if (carc_render_ascii(g, t, err))
		return err->code;
	carc_buf_add(t, "\n", 1);
	switch (g->phase) {
	default:	/* a placement, or a decision of a module's phase */
		carc_buf_printf(t, "Your decisions, one move word a line, as carc-place --list "
		    "prints them:\n\n");
		if (carc_moves_list(g, t, err))
			return err->code;
		carc_buf_printf(t, "\nTo play, save this message as a file, say game.eml, and "
		    "run for instance:\n\n"
		    "    carc-deck --verify --since sent.eml game.eml\n"
		    "    carc-place -i game.eml MOVE    (or: carc-bot -i game.eml random)\n"
		    "    carc-score -i game.eml\n"
		    "    carc-draw -i game.eml          (when the next turn waits for a draw)\n"
		    "    cp game.eml sent.eml\n"
		    "    carc-render --format email --to ADDRESS game.eml | sendmail -t\n\n"
		    "sent.eml keeps the game as you last sent it: the check refuses a game that\n"
		    "is not that one with the other players' decisions added (the first time,\n"
		    "check without --since sent.eml).\n"
		    "The tools read the game from the whole message, or from the block below.\n\n");
		if (page)
			carc_buf_printf(t, "Or open the attached game.html in a web browser: it "
			    "shows the board, lets\nyou make your decisions with the mouse and "
			    "gives the game to send back.\n\n");
		break;
	case CARC_DRAW:
		carc_buf_printf(t, "The game waits for a draw: save this message as a file, say "
		    "game.eml,\nrun carc-draw -i game.eml, and carc-place --list game.eml lists "
		    "your decisions.\n\n");
		break;
	case CARC_SCORE:
		carc_buf_printf(t, "The game waits for the score of the last decision: save this "
		    "message as a\nfile, say game.eml, and run carc-score -i game.eml.\n\n");
		break;
	case CARC_OVER:
		break;
	}
	return carc_armor_write(g, t, err);
}

int
carc_render_email(struct carc_game *g, const struct carc_email_opts *o, struct carc_buf *out,
    struct carc_err *err)
{
	static const struct carc_render_opts plain;
	struct carc_buf text = { 0 }, svg = { 0 }, bin = { 0 }, subject = { 0 }, html = { 0 };
	char sum[65], boundary[32];
	int i, rc;

	if (carc_email_check(o, err))
		return err->code;
	if ((rc = carc_state_write(g, &bin, err)) || (rc = body(g, o->page, &text, err)) ||
	    (rc = carc_render_svg(g, &plain, &svg, err)) ||
	    (o->page && (rc = carc_render_html(g, o->page, o->pagelen, &html, err))))
		goto out;
	/* "=_" occurs in no base64 and no quoted-printable, and the text has no such line */
	sha256_hex(bin.data, bin.len, sum);
	snprintf(boundary, sizeof(boundary), "=_carc_%.16s", sum);

	if (o->from)
		carc_buf_printf(out, "From: %s\n", o->from);
	if (o->to)
		carc_buf_printf(out, "To: %s\n", o->to);
	carc_buf_printf(&subject, "carc: ");
	for (i = 0; i < g->nplayers; i++)
		carc_buf_printf(&subject, "%s%s", i ? ", " : "", g->pl[i].name);
	if (g->phase == CARC_OVER)
		carc_buf_printf(&subject, " \xe2\x80\x94 turn %d, game over", g->nlog);
	else
		carc_buf_printf(&subject, " \xe2\x80\x94 turn %d, %s to move", g->nlog,
		    g->pl[g->player].name);
	if (subject.data == NULL)
		goto nomem;
	header_text(out, "Subject", subject.data);
	carc_buf_printf(out, "MIME-Version: 1.0\n"
	    "Content-Type: multipart/mixed; boundary=\"%s\"\n\n"
	    "This is a carc game in a MIME message: the board and the game as text, and\n"
	    "the board as a picture.\n\n--%s\n", boundary, boundary);
	text_part(out, &text);
	carc_buf_printf(out, "\n--%s\n"
	    "Content-Type: image/svg+xml; name=\"board.svg\"\n"
	    "Content-Disposition: attachment; filename=\"board.svg\"\n"
	    "Content-Transfer-Encoding: base64\n\n", boundary);
	if (base64_encode(out, svg.data, svg.len, QP_WIDTH) == -1)
		goto nomem;
	if (o->page && (carc_buf_printf(out, "\n--%s\n"
	    "Content-Type: text/html; charset=utf-8; name=\"game.html\"\n"
	    "Content-Disposition: attachment; filename=\"game.html\"\n"
	    "Content-Transfer-Encoding: base64\n\n", boundary) == -1 ||
	    base64_encode(out, html.data, html.len, QP_WIDTH) == -1))
		goto nomem;
	if (carc_buf_printf(out, "--%s--\n", boundary) == -1)
		goto nomem;
	goto out;
nomem:
	rc = seterr(err, CARC_ESOFTWARE, "out of memory");
out:
	carc_buf_release(&text);
	carc_buf_release(&svg);
	carc_buf_release(&bin);
	carc_buf_release(&subject);
	carc_buf_release(&html);
	return rc;
}
