/* libFuzzer target: a user's tile set, as carc-deck --tileset FILE reads it (the bytes go
 * through a file). A set it accepts must start a game whose state reads back, goes through
 * JSON, draws, and plays a few turns with the set's own YAML inside the state. */
#include <unistd.h>

#include "fuzz.h"

/* The file the set goes through: made once, unlinked at once, reopened by its /proc name. */
static char path[64];

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int codes[] = { CARC_EDATA, CARC_EUSAGE, 0 };
	static int fd = -1;
	const char *sets[] = { path, NULL };
	struct carc_setup su = { .players = "ann,bob", .seed = 1, .expansions = "",
		.tilesets = sets };
	struct carc_err err = { 0 };
	struct carc_buf state = { 0 };
	struct carc_game *g;
	int i;

	if (fd == -1) {
		char tmp[] = "/tmp/carc-fuzz-tileset-XXXXXX";

		if ((fd = mkstemp(tmp)) == -1)
			fuzz_abort("cannot make a temporary file");
		unlink(tmp);
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) == -1 || pwrite(fd, data, size, 0) != (ssize_t)size)
		fuzz_abort("cannot write %s", path);
	if ((g = carc_game_new(&su, &err)) == NULL) {
		fuzz_check_err(&err, "new game", codes);
		return 0;
	}
	fuzz_roundtrip(g, &state, "new game");
	fuzz_json_roundtrip(g, &state, "new game");
	fuzz_render(g);
	for (i = 0; i < 24 && fuzz_step(g, 7 * i, 0) == 0; i++)
		;
	state.len = 0;
	fuzz_roundtrip(g, &state, "played");
	fuzz_render(g);
	carc_buf_release(&state);
	carc_game_free(g);
	return 0;
}
