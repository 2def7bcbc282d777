// The monitoring page: draws the board from the daemon's state, live over the WebSocket;
// in simulator mode it is also the virtual board (clicks become lifts and placements).
"use strict";

const $ = (id) => document.getElementById(id);
const CELLS = [];
for (let row = 5; row >= 1; row--) for (const col of "abcde") CELLS.push(col + row);
const INDEX = (name) => (Number(name[1]) - 1) * 5 + "abcde".indexOf(name[0]);
let state = null;
let pixels = [];
let hand = null; // the virtual hand: {kind, player} of a lifted worker

const params = new URLSearchParams(location.hash.slice(1));
if (params.get("token")) localStorage.setItem("santorini-token", params.get("token"));
$("token").value = localStorage.getItem("santorini-token") || "";
$("token").addEventListener("change", () => localStorage.setItem("santorini-token", $("token").value));

function say(text) { $("message").textContent = text; }

async function post(path, body) {
  const response = await fetch("/api/" + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer " + $("token").value },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const detail = (await response.json().catch(() => ({}))).detail;
    const text = Array.isArray(detail) ? detail.map((d) => d.loc.join(".") + ": " + d.msg).join("; ") : detail;
    say(`${path}: ${response.status} ${text || response.statusText}`);
    throw new Error(text);
  }
  say("");
  return response.status === 204 ? null : response.json();
}

function playerIndex(player) { return state ? state.players.indexOf(player) : -1; }

function drawBoard() {
  const board = $("board");
  if (!board.children.length) {
    for (const name of CELLS) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.dataset.cell = name;
      cell.setAttribute("role", "gridcell");
      cell.addEventListener("click", () => clickCell(name).catch(() => {}));
      board.appendChild(cell);
    }
  }
  const fixes = new Set((state.error?.fixes || []).slice(0, 1).map((f) => f.cell));
  const legal = new Set(state.phase === "placement" ? state.legal_actions : []);
  const hinted = new Set((state.hint?.turn || "").match(/[a-e][1-5]/g) || []);
  for (const cell of board.children) {
    const info = state.board[INDEX(cell.dataset.cell)];
    const parts = [element("span", "name", info.cell)];
    for (let l = 1; l <= info.level; l++) parts.push(element("div", `ring l${l}`));
    if (info.level) parts.push(element("span", "level", String(info.level)));
    if (info.dome) {
      const dome = element("div", "dome", "X");
      dome.title = "dome";
      parts.push(dome);
    }
    if (info.worker) {
      const p = playerIndex(info.worker);
      const worker = element("div", p < 0 ? "worker unknown" : "worker", info.worker);
      worker.dataset.player = info.worker;
      if (p >= 0) worker.style.background = `var(--p${p})`;
      parts.push(worker);
    }
    const led = element("span", "led");
    led.style.background = shown(pixels[(state.pixel_cells[INDEX(info.cell)] || [])[0]]);
    parts.push(led);
    cell.replaceChildren(...parts);
    cell.classList.toggle("fix", fixes.has(info.cell));
    cell.classList.toggle("hinted", hinted.has(info.cell));
    cell.classList.toggle("legal", legal.has(info.cell) && !info.worker);
  }
}

// Every text from the daemon (player names above all) goes in as text, never as markup.
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawLeds() {
  if (!state) return;
  for (const cell of $("board").children) {
    const pixel = pixels[(state.pixel_cells[INDEX(cell.dataset.cell)] || [])[0]];
    const led = cell.querySelector(".led");
    if (led) led.style.background = shown(pixel);
  }
}

// Pixels arrive as drive values (after brightness and gamma), far too dark for a screen:
// show each lit pixel at full brightness in its own hue, so the mirror reads as the LED looks.
function shown(pixel) {
  if (!pixel || pixel === "#000000") return "#000";
  const channels = [1, 3, 5].map((i) => parseInt(pixel.slice(i, i + 2), 16));
  const top = Math.max(...channels);
  return `rgb(${channels.map((c) => Math.round((255 * c) / top)).join(",")})`;
}

function draw() {
  const s = state;
  const gods = Object.entries(s.gods).filter(([, g]) => g).map(([p, g]) => `${p}: ${g}`).join(", ");
  let status = `Game ${s.game_id}` + (gods ? ` (${gods})` : "") + " — ";
  if (s.phase === "over") status += `${s.winner} wins` + (s.clock?.lost_on_time ? " on time!" : "!");
  else if (s.phase === "menu") status += "setting up a new game";
  else if (s.phase === "placement") status += `${s.to_move} places a worker`;
  else status += `${s.to_move} to play` + (s.turn.length ? `: ${s.turn.join(" ")}` : "");
  if (s.undo_pending) status += " — put the board back to take back";
  $("status").textContent = status;
  $("bridge").textContent = "bridge " + s.bridge.state;
  $("bridge").className = "badge " + (s.bridge.state === "connected" ? "up" : "down");
  $("error").hidden = !s.error;
  $("error").textContent = s.error ? "Fix the board: " + s.error.message : "";
  $("hint").hidden = !s.hint;
  $("hint").textContent = s.hint ? `Hint for ${s.hint.player}: ${s.hint.turn}` : "";
  $("moves").replaceChildren(...s.record.map((l) => element("li", "", `${l.player}: ${l.text}`)));
  $("supply").textContent = Object.entries(s.supply).map(([k, n]) => `${k} ${n}`).join(", ");
  $("sim").hidden = !s.sim;
  $("hand").textContent = hand ? `In the hand: a worker of ${hand.player} (click a cell to put it down)` : "";
  pixels = s.pixels;
  drawBoard();
  document.dispatchEvent(new Event("santorini:state")); // setup.js: the menu and the clocks
}

async function clickCell(name) {
  if (!state || !state.sim) return;
  const info = state.board[INDEX(name)];
  const tool = document.querySelector("input[name=tool]:checked").value;
  if (hand) {
    await post("sim/place", { cell: name, piece: "worker", player: hand.player });
    hand = null;
  } else if (tool === "lift" || (tool === "auto" && info.worker)) {
    const piece = await post("sim/lift", { cell: name });
    if (piece.kind === "worker") hand = piece;
  } else if (tool === "auto" && state.phase === "placement") {
    await post("sim/place", { cell: name, piece: "worker", player: state.to_move });
  } else if (tool === "dome" || (tool === "auto" && info.level >= 3)) {
    await post("sim/place", { cell: name, piece: "dome" });
  } else {
    await post("sim/place", { cell: name, piece: "block" });
  }
  draw();
}

for (const button of document.querySelectorAll("[data-button]")) {
  button.addEventListener("click", () => {
    const name = button.dataset.button;
    const done = state && state.sim ? post("sim/press", { button: name })
      : name === "undo" ? post("undo") : name === "hint" ? post("hint") : Promise.resolve();
    done.catch(() => {});
  });
}
$("unplug").addEventListener("click", () => post("sim/unplug").catch(() => {}));
$("replug").addEventListener("click", () => post("sim/replug").catch(() => {}));
$("adopt").addEventListener("click", () => post("resync", { mode: "adopt" }).catch(() => {}));
$("restore").addEventListener("click", () => post("resync", { mode: "restore" }).catch(() => {}));
$("newgame").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = { players: form.get("players").split(",").map((p) => p.trim()), selection: form.get("selection") };
  if (body.selection === "given") body.gods = form.get("gods").split(",").map((g) => g.trim() || null);
  hand = null;
  post("games", body).catch(() => {});
});

function connect(delay) {
  // Off the loopback reads are private: the socket carries the token (a browser cannot
  // give a WebSocket an Authorization header).
  const token = encodeURIComponent($("token").value);
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(scheme + location.host + "/api/events" + (token ? "?token=" + token : ""));
  socket.onopen = () => { $("connection").textContent = "live"; $("connection").className = "badge up"; delay = 500; };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "state") { state = data.state; draw(); }
    else if (data.type === "pixels") { pixels = data.pixels; drawLeds(); }
  };
  socket.onclose = () => {
    $("connection").textContent = "reconnecting…";
    $("connection").className = "badge down";
    setTimeout(() => connect(Math.min(delay * 2, 5000)), delay);
  };
}
connect(500);
