// The remote player's page: play.html#seat=B&token=SEAT_TOKEN, the address an invitation
// gives (POST /api/seats/B/invite). It shows the game live over the daemon's WebSocket and
// builds the seat's turn by touch from the legal turns the daemon lists
// (GET /api/seats/B/turns): a cell offers only a step that begins or goes on with a listed
// turn, so the page never makes up a turn the rules core did not list. Send posts it
// (POST /api/seats/B/turn); the board then shows it to the person at the table, who
// carries it out. Everything from the daemon goes in as text (createElement, textContent).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get("seat") || "";
  const token = params.get("token") || "";
  const CELLS = [];
  for (let row = 5; row >= 1; row--) for (const col of "abcde") CELLS.push(col + row);
  const KIND_WORDS = { "": "Build a block", X: "Build a dome", v: "Take a block off" };

  let state = null;
  let turns = []; // the listed turns, each a list of actions (or a placement's cells)
  let listedFor = ""; // the game state the list is for
  let chosen = []; // the actions (or cells) picked so far
  let source = null; // a worker picked to move, its destination not yet
  let sending = false;

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(text, action) {
    const node = element("button", "", text);
    node.addEventListener("click", action);
    return node;
  }

  const say = (text) => { $("message").textContent = text; };

  async function seatRequest(method, path, body) {
    const response = await fetch(`/api/seats/${encodeURIComponent(seat)}/${path}`, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      const detail = Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : data.detail;
      throw new Error(`${detail || response.statusText} (${response.status})`);
    }
    return data;
  }

  const placing = () => state.phase === "placement";
  const ourTurn = () => Boolean(state) && state.to_move === seat && !state.awaiting
    && (state.phase === "placement" || state.phase === "play");

  // The listed turns that begin with what is chosen (a placement's cells in any order).
  function candidates() {
    if (placing()) return turns.filter((turn) => chosen.every((cell) => turn.includes(cell)));
    return turns.filter((turn) => chosen.every((action, i) => turn[i] === action));
  }

  function nextSteps() {
    const found = new Set();
    for (const turn of candidates()) {
      if (placing()) for (const cell of turn) { if (!chosen.includes(cell)) found.add(cell); }
      else if (turn.length > chosen.length) found.add(turn[chosen.length]);
    }
    return [...found];
  }

  const complete = () => chosen.length > 0 && candidates().some((turn) => turn.length === chosen.length);

  // An action's cells: a move "c3-c4" or ferry "d2~d4" {from, to}; a build "b4", a dome
  // "b4X", a removal "b4v" {at, kind}; "pass" neither.
  function parts(action) {
    const move = action.match(/^([a-e][1-5])[-~]([a-e][1-5])$/);
    if (move) return { from: move[1], to: move[2] };
    return /^[a-e][1-5]/.test(action) ? { at: action.slice(0, 2), kind: action.slice(2) } : {};
  }

  function tap(cell) {
    if (!ourTurn() || sending) return;
    $("chooser").hidden = true;
    const next = nextSteps();
    if (placing()) {
      if (chosen.includes(cell)) chosen = chosen.filter((c) => c !== cell);
      else if (next.includes(cell)) chosen.push(cell);
      draw();
      return;
    }
    if (source) {
      const move = next.find((a) => parts(a).from === source && parts(a).to === cell);
      if (move) { choose(move); return; }
    }
    const moves = next.filter((a) => parts(a).from === cell);
    const here = next.filter((a) => parts(a).at === cell);
    source = null;
    if (moves.length && here.length) offer(cell, here, true);
    else if (moves.length) source = cell;
    else if (here.length === 1) { choose(here[0]); return; }
    else if (here.length > 1) offer(cell, here, false);
    draw();
  }

  // Several things may be done on one cell (a build or a dome, a move or a build under
  // oneself): a button for each.
  function offer(cell, here, movable) {
    const buttons = here.map((action) => button(`${KIND_WORDS[parts(action).kind]} on ${cell}`, () => choose(action)));
    if (movable) buttons.unshift(button(`Move the worker on ${cell}`, () => { source = cell; $("chooser").hidden = true; draw(); }));
    buttons.push(button("Cancel", () => { $("chooser").hidden = true; }));
    $("chooser").replaceChildren(...buttons);
    $("chooser").hidden = false;
  }

  function choose(action) {
    chosen.push(action);
    source = null;
    $("chooser").hidden = true;
    draw();
  }

  async function send() {
    sending = true;
    draw();
    try {
      await seatRequest("POST", "turn", { actions: chosen });
      chosen = [];
      say("");
    } catch (error) {
      say(`Not sent: ${error.message}`);
    } finally {
      sending = false;
      draw();
    }
  }

  // The board as it would stand after the steps chosen so far (workers by cell).
  function preview() {
    const position = state.position;
    const heights = { ...position.heights };
    const domes = new Set(position.domes);
    const workers = {};
    for (const [player, cells] of Object.entries(position.workers)) for (const cell of cells) workers[cell] = player;
    for (const action of chosen) {
      if (placing()) { workers[action] = seat; continue; }
      const { from, to, at, kind } = parts(action);
      if (from) {
        const mover = workers[from];
        const there = workers[to];
        delete workers[from];
        if (there && there !== mover) workers[forcedTo(from, to)] = there;
        workers[to] = mover;
      } else if (at) {
        if (kind === "X") domes.add(at);
        else heights[at] = (heights[at] || 0) + (kind === "v" ? -1 : 1);
      }
    }
    return { heights, domes, workers };
  }

  // Where a worker displaced by a move goes: pushed on (Minotaur) or swapped (Apollo).
  function forcedTo(from, to) {
    if ((state.gods[seat] || "").toLowerCase() !== "minotaur") return from;
    const col = 2 * "abcde".indexOf(to[0]) - "abcde".indexOf(from[0]);
    return "abcde"[col] + String(2 * Number(to[1]) - Number(from[1]));
  }

  // Each cell's mark: "move" (put a worker here), "movable", "build", "dome", "chosen".
  function marks() {
    const found = new Map();
    if (!ourTurn()) return found;
    const next = nextSteps();
    if (placing()) {
      for (const cell of next) found.set(cell, "move");
      for (const cell of chosen) found.set(cell, "chosen");
      return found;
    }
    for (const action of next) {
      const { from, to, at, kind } = parts(action);
      if (from && source === from) found.set(to, "move");
      else if (from && !source) found.set(from, "movable");
      else if (at && !source) found.set(at, kind === "X" ? "dome" : "build");
    }
    if (source) found.set(source, "chosen");
    return found;
  }

  const MARK_WORDS = {
    move: "put the worker here", movable: "a worker that can move", build: "build here",
    dome: "build a dome here", chosen: "chosen",
  };

  function drawBoard() {
    const board = $("board");
    if (!board.children.length) {
      for (const name of CELLS) {
        const cell = element("button", "cell");
        cell.dataset.cell = name;
        cell.addEventListener("click", () => tap(name));
        board.append(cell);
      }
    }
    const { heights, domes, workers } = preview();
    const found = marks();
    for (const cell of board.children) {
      const name = cell.dataset.cell;
      const level = heights[name] || 0;
      const pieces = [element("span", "name", name)];
      for (let l = 1; l <= level; l++) pieces.push(element("span", `ring l${l}`));
      if (level) pieces.push(element("span", "level", String(level)));
      if (domes.has(name)) pieces.push(element("span", "dome", "X"));
      const worker = workers[name];
      if (worker) pieces.push(element("span", `worker p${state.players.indexOf(worker)}`, worker.slice(0, 2)));
      cell.replaceChildren(...pieces);
      const mark = found.get(name) || "";
      cell.dataset.mark = mark;
      const words = [name, `level ${level}`];
      if (domes.has(name)) words.push("dome");
      if (worker) words.push(`worker of ${worker}`);
      if (mark) words.push(MARK_WORDS[mark]);
      cell.setAttribute("aria-label", words.join(", "));
    }
  }

  function stepWords() {
    if (state.phase === "menu") return "The board is setting up a new game";
    if (state.phase === "over") return state.winner === seat ? "You won!" : `${state.winner} won`;
    if (state.awaiting && state.awaiting.player === seat) return "The board shows your turn: it is being carried out";
    if (state.to_move !== seat) return `${state.to_move} to play`;
    if (!turns.length) return "Your turn: loading the legal turns…";
    if (placing()) {
      const left = turns[0].length - chosen.length;
      return left ? `Place your workers: ${left} more` : "Send your placement";
    }
    if (source) return "Where does it go?";
    if (complete()) return nextSteps().length ? "Send your turn, or go on" : "Send your turn";
    if (!chosen.length) return "Your turn: pick a worker";
    return nextSteps().some((a) => parts(a).from) ? "Move again" : "Build";
  }

  function draw() {
    if (!state) return;
    $("title").textContent = `Santorini: playing ${seat}`;
    const chip = element("span", `chip p${state.players.indexOf(seat)}`);
    $("turn-cue").replaceChildren(chip, document.createTextNode(` You play ${seat}`));
    $("status").querySelector(".step").textContent = stepWords();
    $("so-far").textContent = chosen.length ? ` so far: ${chosen.join(" ")}` : "";
    drawBoard();
    $("send").disabled = !ourTurn() || sending || !complete();
    $("send").textContent = placing() ? "Send placement" : "Send turn";
    $("pass").hidden = !ourTurn() || !nextSteps().includes("pass");
    $("reset").disabled = !chosen.length && !source;
    $("moves").replaceChildren(...state.record.map((line) => element("li", "", `${line.player}: ${line.text}`)));
  }

  // A new state: the legal turns are asked for again whenever the game has moved on.
  async function onState() {
    const key = JSON.stringify([state.game_id, state.position, state.phase, state.awaiting !== null]);
    if (key !== listedFor) {
      listedFor = key;
      turns = [];
      chosen = [];
      source = null;
      $("chooser").hidden = true;
      if (ourTurn()) {
        try {
          const listed = await seatRequest("GET", "turns");
          if (listedFor === key) turns = listed.turns;
        } catch (error) {
          say(`The legal turns could not be read: ${error.message}`);
        }
      }
    }
    draw();
  }

  function connect(delay) {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(`${scheme}${location.host}/api/events?token=${encodeURIComponent(token)}`);
    socket.onopen = () => { $("connection").textContent = "live"; $("connection").className = "badge up"; delay = 500; };
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "state") { state = data.state; onState(); }
    };
    socket.onclose = () => {
      $("connection").textContent = "reconnecting…";
      $("connection").className = "badge down";
      setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
    };
  }

  $("send").addEventListener("click", send);
  $("pass").addEventListener("click", () => choose("pass"));
  $("reset").addEventListener("click", () => { chosen = []; source = null; $("chooser").hidden = true; draw(); });
  $("takeback").addEventListener("click", async () => {
    try {
      await seatRequest("POST", "takeback");
      say("Asked the person at the board for a takeback");
    } catch (error) {
      say(`No takeback: ${error.message}`);
    }
  });
  if (!seat || !token) $("no-invite").hidden = false;
  else connect(500);
})();
