/* carc's bot worker: the page runs the bots here, beside the engine's own copy, so that the
 * page stays responsive while mcts thinks. The page builds it from the engine's script and this
 * one. It takes {id, state, strategy, seed, iterations} (state: the binary state) and answers
 * {id, word} with the decision carc-bot would make, or {id, error}. */
"use strict";
const engine = carcEngine();

onmessage = async function (e) {
	const M = await engine;
	const q = e.data;
	const bot = M.cwrap("cw_bot", "number", ["number", "number", "string", "number"]);
	const read = M.cwrap("cw_read", "number", ["number", "number"]);
	const p = M._cw_alloc(q.state.length);
	M.HEAPU8.set(q.state, p);
	const g = read(p, q.state.length);
	M._cw_release(p);
	if (!g) {
		postMessage({ id: q.id, error: M.UTF8ToString(M._cw_error()) });
		return;
	}
	if (bot(g, q.strategy, q.seed, q.iterations))
		postMessage({ id: q.id, error: M.UTF8ToString(M._cw_error()) });
	else
		postMessage({ id: q.id, word: M.UTF8ToString(M._cw_out()) });
	M._cw_free(g);
};
