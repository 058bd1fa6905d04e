/* carc-render --format html: the page that make web builds (the engine as WebAssembly and the
 * player's view of it) with the game in it, the binary state as base64 where the page holds
 * the mark, so that the page needs nothing from outside. */
#include <string.h>

#include "armor.h"

#define STATE_MARK "@CARC_STATE@"
#define STATE_WIDTH 76		/* base64 characters a line */

/* Where the mark is in the page, or NULL. */
static const char *
find_mark(const char *page, size_t len)
{
	size_t n = strlen(STATE_MARK), i;

	for (i = 0; i + n <= len; i++)
		if (page[i] == STATE_MARK[0] && memcmp(page + i, STATE_MARK, n) == 0)
			return page + i;
	return NULL;
}

int
carc_render_html(const struct carc_game *g, const char *page, size_t len, struct carc_buf *out,
    struct carc_err *err)
{
	struct carc_buf bin = { 0 };
	const char *mark;
	int rc;

	if (page == NULL || len == 0)
		return seterr(err, CARC_EUSAGE, "no web page in this build: make web builds it, "
		    "with emscripten");
	if ((mark = find_mark(page, len)) == NULL)
		return seterr(err, CARC_ESOFTWARE, "the web page has no %s for the state",
		    STATE_MARK);
	if ((rc = carc_state_write(g, &bin, err)))
		return rc;
	if (carc_buf_add(out, page, mark - page) == -1 ||
	    base64_encode(out, bin.data, bin.len, STATE_WIDTH) == -1 ||
	    carc_buf_add(out, mark + strlen(STATE_MARK),
	    len - (mark - page) - strlen(STATE_MARK)) == -1)
		rc = seterr(err, CARC_ESOFTWARE, "out of memory");
	carc_buf_release(&bin);
	return rc;
}
