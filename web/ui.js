/* carc's web page: the view of a game and the player's decisions, over the engine compiled to
 * WebAssembly (web/carc-web.c). Every decision comes from the engine's own list, the one
 * carc-place --list --format json prints (each word with its fields), and goes back to the
 * engine as its word. The page knows a placement (kind place: tile, cell, rotation, feature,
 * figure) and a word that ends in a point of the board, and offers any other word as it is,
 * marking the cell its fields name: a new expansion's decisions are playable without new code
 * here. */
"use strict";
(function () {
	const $ = (id) => document.getElementById(id);
	const SVGNS = "http://www.w3.org/2000/svg";
	/* a word that ends in a point of the board, X,Y with decimals (a cell has none), the x and
	 * y of its fields: PREFIX is what comes before, and a click on the board makes the word
	 * with another point */
	const AIM = /^(.*:)(-?\d+\.\d+),(-?\d+\.\d+)$/;
	const STRATEGIES = ["random", "greedy", "mcts"];
	const SEATS = ["human"].concat(STRATEGIES);

	class CarcError extends Error {
		constructor(msg, status) {
			super(msg);
			this.status = status;
		}
	}

	/* The engine's calls, with its failures as exceptions that carry the library's message. */
	function engine(M) {
		const c = (n, r, a) => M.cwrap("cw_" + n, r, a);
		const f = {
			read: c("read", "number", ["number", "number"]),
			create: c("new", "number", ["string", "string", "string", "string"]),
			copy: c("copy", "number", ["number"]),
			restart: c("restart", "number", ["number"]),
			free: c("free", null, ["number"]),
			phase: c("phase", "string", ["number"]),
			player: c("player", "number", ["number"]),
			write: c("write", "number", ["number"]),
			armor: c("armor", "number", ["number"]),
			json: c("json", "number", ["number"]),
			svg: c("svg", "number", ["number", "number", "number", "number", "number"]),
			decisions: c("decisions", "number", ["number"]),
			replayStep: c("replay_step", "number", ["number", "number", "number"]),
			draw: c("draw", "number", ["number"]),
			place: c("place", "number", ["number", "string"]),
			score: c("score", "number", ["number"]),
			bot: c("bot", "number", ["number", "number", "string", "number"]),
			selfplay: c("selfplay", "number", ["number", "number", "string"]),
		};
		const fail = () => {
			throw new CarcError(M.UTF8ToString(M._cw_error()), M._cw_status());
		};
		const ok = (rc) => {
			if (rc)
				fail();
		};
		const text = () => M.UTF8ToString(M._cw_out(), M._cw_outlen());
		const bytes = () => {
			const p = M._cw_out();
			return M.HEAPU8.slice(p, p + M._cw_outlen());
		};
		const game = (g) => g || fail();
		return {
			read(u8) {
				const p = M._cw_alloc(u8.length);
				M.HEAPU8.set(u8, p);
				const g = f.read(p, u8.length);
				M._cw_release(p);
				return game(g);
			},
			create: (players, sets, seed, rules) => game(f.create(players, sets, seed, rules)),
			copy: (g) => game(f.copy(g)),
			restart: (g) => game(f.restart(g)),
			free: (g) => f.free(g),
			phase: (g) => f.phase(g),
			player: (g) => f.player(g),
			state: (g) => (ok(f.write(g)), bytes()),
			armor: (g) => (ok(f.armor(g)), text()),
			view: (g) => (ok(f.json(g)), JSON.parse(text())),
			svg: (g, legal, cell) => (ok(f.svg(g, legal ? 1 : 0, cell ? 1 : 0, cell ? cell.x : 0,
			    cell ? cell.y : 0)), text()),
			decisions: (g) => (ok(f.decisions(g)), JSON.parse(text())),
			/* the decisions of a draw (draw:N), or null when the draw is carc-draw's */
			drawChoices(g) {
				if (f.decisions(g)) {
					if (M._cw_status() === 1)
						return null;
					fail();
				}
				const d = JSON.parse(text());
				return d.length ? d : null;
			},
			replayStep: (g, o, i) => (ok(f.replayStep(g, o, i)), text()),
			draw: (g) => ok(f.draw(g)),
			place: (g, w) => ok(f.place(g, w)),
			score: (g) => (ok(f.score(g)), text()),
			bot: (g, strategy, seed, iterations) =>
			    (ok(f.bot(g, strategy, String(seed), iterations)), text()),
			selfplay(tmpl, n, seed) {
				const r = f.selfplay(tmpl, n, String(seed));
				if (r < 0)
					fail();
				return r;
			},
		};
	}

	let E = null;
	/* The page's state. mode: "mail" (the page of one player's turn), "local" (hot seat, with
	 * bots) or "replay" (stepping through a finished game's log). */
	const P = {
		game: 0, view: null, mode: "mail", me: -1, seats: [], decided: 0,
		moves: null, tile: "", pick: null, preview: 0, geo: null, pics: {},
		replay: null, busy: false, botDelay: 250, iterations: 1000, zoom: 1.5, worker: undefined, jobs: 0, url: null,
	};

	function message(text) {
		$("msg").textContent = text || "";
	}

	function el(tag, attrs, text) {
		const e = document.createElement(tag);
		for (const k in attrs || {})
			e.setAttribute(k, attrs[k]);
		if (text !== undefined)
			e.textContent = text;
		return e;
	}

	function svgEl(tag, attrs) {
		const e = document.createElementNS(SVGNS, tag);
		for (const k in attrs)
			e.setAttribute(k, attrs[k]);
		return e;
	}

	function b64bytes(text) {
		const s = atob(text.replace(/\s+/g, ""));
		const u8 = new Uint8Array(s.length);
		for (let i = 0; i < s.length; i++)
			u8[i] = s.charCodeAt(i);
		return u8;
	}

	function bytesb64(u8) {
		let s = "";
		for (let i = 0; i < u8.length; i += 0x8000)
			s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
		return btoa(s);
	}

	const nameOf = (i) => (P.view && P.view.players[i] ? P.view.players[i].name : "");

	/* The board, the engine's own SVG picture, and where its cells are on it: the tile groups
	 * come in the order of the board (the start tile first), then the drawn tiles. The
	 * picture's title is the engine's status line, shown unless G is a preview. */
	function showBoard(g, legal, cell, preview) {
		const board = $("board");
		board.innerHTML = E.svg(g, legal, cell).replace(/^<\?xml[^>]*>\s*/, "");
		const svg = board.querySelector("svg");
		/* larger than the engine's 64 pixels a tile, as far as the pane allows */
		svg.style.width = `${Math.round(svg.width.baseVal.value * P.zoom)}px`;
		const tiles = Array.from(svg.children).filter((e) => e.tagName === "g" &&
		    /^translate\(/.test(e.getAttribute("transform") || ""));
		const shadow = svg.querySelector("g[fill-opacity] > rect");
		const T = shadow ? parseFloat(shadow.getAttribute("width")) : 64;
		const m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(tiles[0].getAttribute("transform"));
		const start = P.view.board[0];
		const title = svg.querySelector("title");
		P.geo = { svg, T, x0: +m[1] - start.x * T, y0: +m[2] - start.y * T };
		P.geo.layer = svg.appendChild(svgEl("g", { id: "carc-layer" }));
		if (!preview)
			$("phase").textContent = title ? title.textContent.replace(/^carc: /, "") : "";
		return tiles;
	}

	/* Board coordinates (cell X,Y spans X..X+1, Y..Y+1) of a mouse event on the board. */
	function boardPoint(ev) {
		const g = P.geo;
		const pt = g.svg.createSVGPoint();
		pt.x = ev.clientX;
		pt.y = ev.clientY;
		const p = pt.matrixTransform(g.svg.getScreenCTM().inverse());
		return { x: (p.x - g.x0) / g.T, y: (p.y - g.y0) / g.T };
	}

	/* Where a board point is in the window, for tests that click at a point. */
	function clientPoint(x, y) {
		const g = P.geo;
		const pt = g.svg.createSVGPoint();
		pt.x = g.x0 + x * g.T;
		pt.y = g.y0 + y * g.T;
		const p = pt.matrixTransform(g.svg.getScreenCTM());
		return { x: p.x, y: p.y };
	}

	/* A drawn tile's picture, turned, from the engine's drawing of it. */
	function tilePic(tile, rot, size) {
		const T = P.geo ? P.geo.T : 64;
		const s = svgEl("svg", { viewBox: `0 0 ${T} ${T}`, width: size, height: size });
		const g = s.appendChild(svgEl("g", { transform: `rotate(${rot} ${T / 2} ${T / 2})` }));
		for (const c of (P.pics[tile] || { children: [] }).children)
			g.appendChild(c.cloneNode(true));
		return s;
	}

	function scores(v) {
		const t = $("scores");
		t.textContent = "";
		const head = t.appendChild(el("tr"));
		for (const h of ["player", "score", "figures left"])
			head.appendChild(el("th", {}, h));
		v.players.forEach((p, i) => {
			const tr = t.appendChild(el("tr", v.phase === "over" || i !== v.player ? {} :
			    { class: "tomove" }));
			tr.appendChild(el("td", {}, p.name));
			tr.appendChild(el("td", { class: "num" }, String(p.score)));
			tr.appendChild(el("td", {}, Object.entries(p.supply || {}).map(([k, n]) =>
			    `${k}: ${n}`).join(", ")));
		});
		const names = v.players.map((p) => p.name).join(", ");
		document.title = v.phase === "over" ? `carc: ${names}, game over` :
		    `carc: ${names}; ${v.players[v.player].name} to move`;
	}

	const over = () => P.view.phase === "over";

	function log(who, word, report) {
		const li = $("loglist").appendChild(el("li", {}, `${who}: ${word}`));
		for (const line of (report || "").split("\n"))
			if (line)
				li.appendChild(el("div", {}, line));
		$("loglist").scrollTop = 1e9;
	}

	/* The decisions open (the engine's JSON list), sorted by their form: placements by tile,
	 * cell and rotation; aims by what comes before the point; the rest as they are. */
	function classify(list) {
		const d = { tiles: new Map(), aims: new Map(), other: [] };
		for (const o of list) {
			if (o.kind === "place") {
				const cell = `${o.x},${o.y}`;
				if (!d.tiles.has(o.tile))
					d.tiles.set(o.tile, new Map());
				const cells = d.tiles.get(o.tile);
				if (!cells.has(cell))
					cells.set(cell, new Map());
				const rots = cells.get(cell);
				if (!rots.has(o.rot))
					rots.set(o.rot, []);
				/* the normal follower goes unnamed, as in the word */
				rots.get(o.rot).push({ word: o.word, tile: o.tile, x: o.x, y: o.y, rot: o.rot,
				    feature: o.feature || "", figure: o.figure && o.figure !== "follower" ?
				    o.figure : "" });
				continue;
			}
			const m = AIM.exec(o.word);
			if (m && +m[2] === o.x && +m[3] === o.y) {
				if (!d.aims.has(m[1]))
					d.aims.set(m[1], []);
				d.aims.get(m[1]).push(o.word);
				continue;
			}
			d.other.push(o);
		}
		return d;
	}

	function dropPreview() {
		if (P.preview) {
			E.free(P.preview);
			P.preview = 0;
		}
	}

	/* The board as it is, or with the chosen placement tried on a copy; then the marks. */
	function drawTurn() {
		dropPreview();
		const pk = P.pick;
		let tiles;
		if (pk && pk.kind === "place") {
			P.preview = E.copy(P.game);
			E.place(P.preview, pk.word);
			showBoard(P.preview, false, { x: pk.x, y: pk.y }, true);
		} else {
			tiles = showBoard(P.game, true, null);
			if (P.view.phase === "place") {
				P.pics = {};
				tiles.slice(P.view.board.length).forEach((g, i) => {
					P.pics[P.view.drawn[i]] = g;
				});
			}
		}
		marks();
	}

	function marks() {
		const g = P.geo, L = g.layer, cells = P.moves.tiles.get(P.tile);
		$("board").classList.toggle("aim", P.moves.aims.size > 0);
		if (cells)
			for (const [key, rots] of cells) {
				const [x, y] = key.split(",").map(Number);
				const on = P.pick && P.pick.kind === "place" && P.pick.x === x &&
				    P.pick.y === y;
				const r = L.appendChild(svgEl("rect", { x: g.x0 + x * g.T, y: g.y0 + y * g.T,
				    width: g.T, height: g.T, class: on ? "cell on" : "cell", "data-x": x,
				    "data-y": y }));
				r.addEventListener("mouseenter", (ev) => tip(ev, x, y, rots));
				r.addEventListener("mousemove", (ev) => tip(ev, x, y, rots));
				r.addEventListener("mouseleave", () => {
					$("tip").hidden = true;
				});
			}
		if (P.pick && P.pick.kind === "aim")
			aimMark(P.pick.x, P.pick.y);
		if (P.pick && P.pick.kind === "word")
			cellMark(P.pick);
	}

	function aimMark(x, y) {
		const g = P.geo, cx = g.x0 + x * g.T, cy = g.y0 + y * g.T;
		g.layer.appendChild(svgEl("circle", { cx, cy, r: 9, class: "mark" }));
		g.layer.appendChild(svgEl("path", { d: `M${cx - 14} ${cy}h28M${cx} ${cy - 14}v28`,
		    class: "mark" }));
	}

	/* The cell a decision's fields name (x and y, whole numbers), as seduce:1,0,road:E's. */
	function cellMark(o) {
		const g = P.geo;
		if (Number.isInteger(o.x) && Number.isInteger(o.y))
			g.layer.appendChild(svgEl("rect", { x: g.x0 + o.x * g.T + 3,
			    y: g.y0 + o.y * g.T + 3, width: g.T - 6, height: g.T - 6, class: "mark",
			    "stroke-dasharray": "6 3" }));
	}

	/* Hovering a cell shows the rotations that fit there. */
	function tip(ev, x, y, rots) {
		const t = $("tip"), pane = $("boardpane"), r = pane.getBoundingClientRect();
		t.textContent = `${x},${y}: `;
		for (const rot of rots.keys()) {
			t.appendChild(tilePic(P.tile, rot, 32));
			t.appendChild(document.createTextNode(` ${rot}\u00b0 `));
		}
		t.hidden = false;
		/* beside the pointer, on the side where the pane has room for it */
		let left = ev.clientX - r.left + 14, top = ev.clientY - r.top + 14;
		if (left + t.offsetWidth > pane.clientWidth)
			left -= t.offsetWidth + 28;
		if (top + t.offsetHeight > pane.clientHeight)
			top -= t.offsetHeight + 28;
		t.style.left = `${left + pane.scrollLeft}px`;
		t.style.top = `${top + pane.scrollTop}px`;
	}

	function button(text, attrs, onclick) {
		const b = el("button", attrs, text);
		b.addEventListener("click", onclick);
		return b;
	}

	/* The panel of the player's decision: the drawn tiles, the rotations and figures of the
	 * chosen cell, the aims, every other word; and the word made so far. */
	function panel() {
		const box = $("choices"), tilebox = $("tiles"), pk = P.pick, d = P.moves;
		box.textContent = "";
		tilebox.textContent = "";
		if (d.tiles.size > 1 || (d.tiles.size === 1 && P.view.drawn.length > 1)) {
			tilebox.appendChild(el("div", { class: "label" }, "Your tiles: choose one"));
			for (const t of d.tiles.keys()) {
				const b = button("", { "data-tile": t, class: t === P.tile ? "on" : "" },
				    () => {
					P.tile = t;
					P.pick = null;
					refreshTurn();
				});
				b.appendChild(tilePic(t, 0, 40));
				b.appendChild(document.createTextNode(` ${t}`));
				tilebox.appendChild(b);
			}
		} else if (d.tiles.size === 1) {
			tilebox.appendChild(el("span", { class: "label" }, "Your tile: "));
			tilebox.appendChild(tilePic(P.tile, pk && pk.kind === "place" ? pk.rot : 0, 40));
			tilebox.appendChild(document.createTextNode(` ${P.tile}`));
		}
		if (d.tiles.size > 0 && !(pk && pk.kind === "place"))
			box.appendChild(el("p", {}, "Click a marked cell to place the tile there; " +
			    "click it again to turn it."));
		if (pk && pk.kind === "place") {
			const rots = d.tiles.get(pk.tile).get(`${pk.x},${pk.y}`);
			box.appendChild(el("div", { class: "label" }, `Turn the tile at ${pk.x},${pk.y}`));
			const row = box.appendChild(el("div", { class: "choices" }));
			for (const rot of rots.keys()) {
				const b = button(` ${rot}\u00b0`, { "data-rot": rot,
				    class: rot === pk.rot ? "on" : "" }, () => pickPlace(pk.tile, pk.x, pk.y,
				    rot));
				b.prepend(tilePic(pk.tile, rot, 32));
				row.appendChild(b);
			}
			box.appendChild(el("div", { class: "label" }, "Then a figure, or none"));
			const figs = box.appendChild(el("div", { class: "choices" }));
			for (const o of rots.get(pk.rot)) {
				const label = o.feature || o.figure ? `${o.feature || "tile"}` +
				    (o.figure ? ` @${o.figure}` : "") : "no figure";
				const b = button(label, { "data-word": o.word,
				    class: o.word === pk.word ? "on" : "" }, () => choose({ kind: "place",
				    tile: o.tile, x: o.x, y: o.y, rot: o.rot, word: o.word }));
				b.addEventListener("mouseenter", () => peek(o.word));
				b.addEventListener("mouseleave", () => peek(null));
				figs.appendChild(b);
			}
		}
		for (const [prefix, words] of d.aims) {
			const on = P.aim === prefix;
			box.appendChild(el("div", { class: "label" }, d.aims.size > 1 ?
			    "Choose what to aim, then click the board where:" :
			    "Click the board where to aim, or take a suggestion:"));
			if (d.aims.size > 1)
				box.appendChild(button(prefix.replace(/:$/, ""), { "data-prefix": prefix,
				    class: on ? "on" : "" }, () => {
					P.aim = prefix;
					panel();
				}));
			if (on || d.aims.size === 1)
				for (const w of words)
					box.appendChild(button(w, { "data-word": w,
					    class: pk && pk.word === w ? "on" : "" }, () => chooseAim(w)));
		}
		if (d.other.length) {
			box.appendChild(el("div", { class: "label" }, d.aims.size || d.tiles.size ?
			    "Or:" : "Your decision:"));
			for (const o of d.other) {
				const w = o.word;
				const b = button(w, { "data-word": w, class: pk && pk.word === w ? "on" : "" },
				    () => choose({ kind: "word", word: w, x: o.x, y: o.y }));
				b.addEventListener("mouseenter", () => hoverCell(o));
				b.addEventListener("mouseleave", () => hoverCell(null));
				box.appendChild(b);
			}
		}
		$("word").textContent = pk ? pk.word : "none yet";
		$("confirm").disabled = !pk;
		$("undo").disabled = !pk;
	}

	/* Hovering a figure shows the board with it, tried on a copy. */
	function peek(word) {
		if (!word || !P.pick) {
			drawTurn();
			return;
		}
		const c = E.copy(P.game);
		try {
			E.place(c, word);
			showBoard(c, false, { x: P.pick.x, y: P.pick.y }, true);
			marks();
		} catch (e) {
			message(e.message);
		} finally {
			E.free(c);
		}
	}

	function hoverCell(o) {
		const layer = P.geo.layer;
		for (const e of Array.from(layer.querySelectorAll(".hover")))
			e.remove();
		if (o) {
			const n = layer.childNodes.length;
			cellMark(o);
			for (const e of Array.from(layer.childNodes).slice(n))
				e.classList.add("hover");
		}
	}

	/* A decision chosen: the engine tries it on a copy and refuses it or not. Only a
	 * placement is shown as it would be; another decision may draw on chance (a hurl's
	 * scatter), which the player must not see before confirming. */
	function choose(pick) {
		const c = E.copy(P.game);
		try {
			E.place(c, pick.word);
		} catch (e) {
			message(`refused: ${e.message}`);
			return false;
		} finally {
			E.free(c);
		}
		message("");
		P.pick = pick;
		refreshTurn();
		return true;
	}

	function pickPlace(tile, x, y, rot) {
		const opts = P.moves.tiles.get(tile).get(`${x},${y}`).get(rot);
		const bare = opts.find((o) => !o.feature && !o.figure) || opts[0];
		choose({ kind: "place", tile, x, y, rot, word: bare.word });
	}

	function chooseAim(word) {
		const m = AIM.exec(word);
		choose({ kind: "aim", x: +m[2], y: +m[3], word });
	}

	function boardClick(ev) {
		if (P.mode === "replay" || P.busy || !P.moves || !P.geo)
			return;
		const p = boardPoint(ev), d = P.moves;
		if (d.aims.size > 0) {
			const prefix = d.aims.size === 1 ? d.aims.keys().next().value : P.aim;
			if (!prefix) {
				message("choose what to aim first");
				return;
			}
			chooseAim(`${prefix}${p.x.toFixed(2)},${p.y.toFixed(2)}`);
			return;
		}
		const cells = d.tiles.get(P.tile);
		if (!cells)
			return;
		const x = Math.floor(p.x), y = Math.floor(p.y);
		const rots = cells.get(`${x},${y}`);
		if (!rots) {
			message(`refused: ${P.tile} fits nowhere at ${x},${y}`);
			return;
		}
		const keys = Array.from(rots.keys());
		let rot = keys[0];
		/* a click on the cell already chosen turns the tile to the next rotation that fits */
		if (P.pick && P.pick.kind === "place" && P.pick.x === x && P.pick.y === y)
			rot = keys[(keys.indexOf(P.pick.rot) + 1) % keys.length];
		pickPlace(P.tile, x, y, rot);
	}

	function refreshTurn() {
		drawTurn();
		panel();
	}

	/* The player to move gets the decision list (LIST when it is at hand). */
	function present(list) {
		P.moves = classify(list || E.decisions(P.game));
		P.pick = null;
		P.aim = P.moves.aims.size === 1 ? P.moves.aims.keys().next().value : null;
		P.tile = P.moves.tiles.keys().next().value || "";
		$("turn").hidden = false;
		$("turnhead").textContent = P.mode === "mail" ?
		    `${nameOf(P.view.player)}, your decision` : `${nameOf(P.view.player)} to decide`;
		message("");
		refreshTurn();
		document.body.dataset.turn = "human";
	}

	function confirm() {
		if (!P.pick || P.busy)
			return;
		const who = nameOf(P.view.player), word = P.pick.word;
		try {
			log(who, word, decide(word));
		} catch (e) {
			message(`refused: ${e.message}`);
			return;
		}
		P.pick = null;
		P.decided++;
		dropPreview();
		next();
	}

	/* carc-place WORD, then carc-score when the turn waits for it (a draw:N does not): what
	 * was scored. */
	function decide(word) {
		E.place(P.game, word);
		return E.phase(P.game) === "score" ? E.score(P.game) : "";
	}

	function undo() {
		P.pick = null;
		message("");
		refreshTurn();
	}

	function fileName() {
		return `carc-${P.view.players.map((p) => p.name).join("-")}-${P.view.log.length}.carc`
		    .replace(/[^\w.-]+/g, "_");
	}

	/* The game as it is now, as armour to paste into a reply and as a file. */
	function result(head, note) {
		$("result").hidden = false;
		$("resulthead").textContent = head;
		$("resultnote").textContent = note;
		$("armor").value = E.armor(P.game);
		if (P.url)
			URL.revokeObjectURL(P.url);
		P.url = URL.createObjectURL(new Blob([E.state(P.game)],
		    { type: "application/octet-stream" }));
		$("download").href = P.url;
		$("download").download = fileName();
	}

	const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

	/* What comes next: the steps that need no decision (score, draw) are taken; then the
	 * player to move decides here, or a bot does, or the page hands the game on. */
	async function next() {
		$("turn").hidden = true;
		document.body.dataset.turn = "";
		for (;;) {
			P.view = E.view(P.game);
			scores(P.view);
			const v = P.view;
			if (v.phase === "score") {
				log(nameOf(v.player), "(scored)", E.score(P.game));
				continue;
			}
			if (v.phase === "over") {
				finished();
				return;
			}
			if (P.mode === "mail") {
				if (P.me < 0)
					P.me = v.player;
				if (v.player !== P.me) {
					showBoard(P.game, false, null);
					result("Send the game on", `Your turn is done: send this to ` +
					    `${nameOf(v.player)}, the text in a reply or the file attached.`);
					$("playon").hidden = false;
					document.body.dataset.turn = "done";
					return;
				}
			}
			/* the draw is made here (in a mailed game: the rules let this player go on),
			 * unless it is a decision (draw:N) */
			let list = null;
			if (v.phase === "draw" && (list = E.drawChoices(P.game)) === null) {
				E.draw(P.game);
				continue;
			}
			if (P.mode === "mail") {
				if (P.decided)
					result("The game so far", `You have another decision to make. ` +
					    `This is the game up to here.`);
				present(list);
				return;
			}
			result("Save the game", "The game as it is now, to go on with later or " +
			    "elsewhere (carc-place -i FILE, or a new page: carc-render --format html).");
			const seat = P.seats[v.player] || "human";
			if (seat === "human") {
				present(list);
				return;
			}
			showBoard(P.game, false, null);
			document.body.dataset.turn = "bot";
			P.busy = true;
			try {
				const word = await botWord(seat);
				document.body.dataset.bots = P.worker ? "worker" : "page";
				log(`${nameOf(v.player)} (${seat})`, word, decide(word));
			} catch (e) {
				message(`the ${seat} bot failed: ${e.message}`);
				P.busy = false;
				return;
			}
			await sleep(P.botDelay);
			P.busy = false;
		}
	}

	/* A bot's decision, from the worker when there is one, else from the page's engine. */
	function botWord(seat) {
		const job = { id: ++P.jobs, state: E.state(P.game), strategy: STRATEGIES.indexOf(seat),
			seed: "0", iterations: P.iterations };
		const here = () => {
			const c = E.copy(P.game);
			try {
				return E.bot(c, job.strategy, job.seed, job.iterations);
			} finally {
				E.free(c);
			}
		};
		if (P.worker === undefined)
			P.worker = makeWorker();
		if (!P.worker)
			return sleep(0).then(here);
		return new Promise((resolve, reject) => {
			P.worker.onmessage = (e) => {
				if (e.data.id !== job.id)
					return;
				if (e.data.error)
					reject(new CarcError(e.data.error));
				else
					resolve(e.data.word);
			};
			/* a browser that will not run the worker: the page's engine does the work */
			P.worker.onerror = (e) => {
				e.preventDefault();
				P.worker = null;
				try {
					resolve(here());
				} catch (err) {
					reject(err);
				}
			};
			P.worker.postMessage(job);
		});
	}

	function makeWorker() {
		try {
			const src = $("carc-engine").textContent + "\n" + $("carc-worker").textContent;
			return new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })));
		} catch (e) {
			return null;
		}
	}

	function finished() {
		$("turn").hidden = true;
		$("playon").hidden = true;
		document.body.dataset.turn = "over";
		result("The finished game", "The game is over. Step through it below.");
		startReplay();
	}

	/* A finished game's log, decision by decision, made again from its setup by the engine as
	 * carc-deck --replay makes it; each step's state is kept. */
	function startReplay() {
		const v = P.view, states = [], reports = [];
		const g = E.restart(P.game);
		let note = "";
		try {
			states.push(E.state(g));
			for (let i = 0; i < v.log.length; i++) {
				reports.push(E.replayStep(g, P.game, i));
				states.push(E.state(g));
			}
			const end = E.state(P.game), last = states[states.length - 1];
			if (end.length !== last.length || end.some((b, i) => b !== last[i]))
				note = "This game is not the one its log gives (carc-deck --verify says how).";
		} catch (e) {
			note = `The log does not replay: ${e.message}`;
		} finally {
			E.free(g);
		}
		P.replay = { states, reports, log: v.log, k: states.length - 1 };
		$("replay").hidden = false;
		$("slider").max = states.length - 1;
		P.replay.note = note;
		step(states.length - 1);
	}

	function step(k) {
		const R = P.replay;
		R.k = Math.max(0, Math.min(k, R.states.length - 1));
		const g = E.read(R.states[R.k]);
		try {
			showBoard(g, false, null);
			scores(E.view(g));
		} finally {
			E.free(g);
		}
		$("slider").value = R.k;
		$("step").textContent = `decision ${R.k} of ${R.log.length}`;
		const note = R.note;
		const box = $("stepword");
		box.textContent = R.k ? R.log[R.k - 1] : "the deal";
		for (const line of R.k ? R.reports[R.k - 1].split("\n") : [])
			if (line)
				box.appendChild(el("div", {}, line));
		if (note)
			box.appendChild(el("div", { class: "label" }, note));
	}

	/* Hot seat: who plays each seat, a person or a bot. */
	function seatsEditor(box, names, seats, onchange) {
		box.textContent = "";
		names.forEach((name, i) => {
			const row = box.appendChild(el("div", { class: "seat" }));
			row.appendChild(el("span", {}, name));
			const s = row.appendChild(el("select", { "data-seat": i }));
			for (const k of SEATS)
				s.appendChild(el("option", { value: k }, k));
			s.value = seats[i] || "human";
			s.addEventListener("change", () => onchange(i, s.value));
		});
	}

	function showSeats() {
		$("seats").hidden = false;
		seatsEditor($("seatlist"), P.view.players.map((p) => p.name), P.seats, (i, v) => {
			P.seats[i] = v;
			if (!P.busy && P.view.player === i && !over())
				next();
		});
	}

	function ngSeats() {
		const names = $("ng-players").value.split(",").map((s) => s.trim()).filter((s) => s);
		const old = Array.from(document.querySelectorAll("#ng-seats select")).map((s) => s.value);
		seatsEditor($("ng-seats"), names, names.map((n, i) => old[i] || (i ? "random" : "human")),
		    () => {});
	}

	function newGame() {
		$("ng-msg").textContent = "";
		let g;
		try {
			g = E.create($("ng-players").value.trim(), $("ng-sets").value.trim(),
			    $("ng-seed").value.trim(), $("ng-rules").value.trim());
		} catch (e) {
			$("ng-msg").textContent = e.message;
			return;
		}
		if (P.busy)
			return;
		local(g, Array.from(document.querySelectorAll("#ng-seats select")).map((s) => s.value));
	}

	function local(g, seats) {
		if (g !== P.game) {
			if (P.game)
				E.free(P.game);
			P.game = g;
			$("loglist").textContent = "";
		}
		dropPreview();
		P.mode = "local";
		P.seats = seats;
		P.replay = null;
		$("replay").hidden = true;
		$("playon").hidden = true;
		P.view = E.view(g);
		showSeats();
		next();
	}

	/* Tests and make bench reach the page through this. */
	window.carcPage = {
		state: () => bytesb64(E.state(P.game)),
		clientPoint,
		set botDelay(ms) {
			P.botDelay = ms;
		},
		/* mcts's iterations (carc-bot --iterations), 1,000 unless a test wants a quicker bot */
		set iterations(n) {
			P.iterations = n;
		},
		bench(games, seed) {
			const tmpl = E.create("p1,p2", "", String(seed), "");
			const t0 = performance.now();
			try {
				E.selfplay(tmpl, games, seed);
			} finally {
				E.free(tmpl);
			}
			return performance.now() - t0;
		},
	};

	/* body's data-ready: when the board was shown, in ms from the start of navigation */
	async function boot() {
		E = engine(await carcEngine());
		$("board").addEventListener("click", boardClick);
		$("confirm").addEventListener("click", confirm);
		$("undo").addEventListener("click", undo);
		$("copy").addEventListener("click", () => {
			$("armor").select();
			if (navigator.clipboard)
				navigator.clipboard.writeText($("armor").value).catch(() => {});
			else
				document.execCommand("copy");
		});
		$("playon").addEventListener("click", () => local(P.game, P.view.players.map(() =>
		    "human")));
		$("first").addEventListener("click", () => step(0));
		$("prev").addEventListener("click", () => step(P.replay.k - 1));
		$("next").addEventListener("click", () => step(P.replay.k + 1));
		$("last").addEventListener("click", () => step(P.replay.states.length - 1));
		$("slider").addEventListener("input", () => step(+$("slider").value));
		$("ng-players").addEventListener("input", ngSeats);
		$("ng-start").addEventListener("click", newGame);
		const seed = new Uint32Array(1);
		crypto.getRandomValues(seed);
		$("ng-seed").value = String(seed[0]);
		ngSeats();
		const text = $("carc-state").textContent.trim();
		/* the page of make web itself holds the mark, not a game */
		if (text === "" || text.startsWith("@")) {
			$("phase").textContent = "No game in this page: start one.";
			$("newgame").open = true;
		} else {
			P.game = E.read(b64bytes(text));
			P.view = E.view(P.game);
			$("title").textContent = "Carcassonne: " +
			    P.view.players.map((p) => p.name).join(", ");
			await next();
		}
		document.body.dataset.ready = String(Math.round(performance.now()));
	}

	window.addEventListener("error", (e) => message(`page error: ${e.message}`));
	boot().catch((e) => {
		$("phase").textContent = `The page cannot start: ${e.message}`;
		document.body.dataset.ready = "failed";
	});
})();
