// Game review: every game from /api/games, replayed move by move (the board as it stood
// after each move, forward/back keys, the move list) with the engine's evaluation after
// each turn drawn as a graph, the biggest swings ringed. Reads only; builds every node
// with createElement/textContent.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const COLUMNS = "abcde";
const ROWS_TOP_DOWN = [5, 4, 3, 2, 1];
let game = null; // the game's JSON (/api/games/{id}) and its standing moves
let moves = [];
let analysis = null;
let step = 0; // 0: before the first move; k: after standing move k
let polling = null;

function node(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function svg(tag, attributes) {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, String(value));
  return made;
}

async function json(path) {
  // Off the loopback reads need the token: the one the main page stored, if any.
  const token = localStorage.getItem("santorini-token");
  const response = await fetch(path, token ? { headers: { Authorization: "Bearer " + token } } : {});
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

function describe(info) {
  const gods = info.gods.some((g) => g) ? " · " + info.gods.map((g) => g || "-").join("/") : "";
  const result = info.ended_at === null ? "in play" : info.winner ? `${info.winner} won` : "abandoned";
  const clock = info.clock ? ` · ${info.clock}` : "";
  return `Game ${info.id}: ${info.players.join(" v ")}${gods} · ${result}${clock}`;
}

async function loadGames() {
  const games = await json("/api/games");
  const list = document.getElementById("games");
  list.replaceChildren(...games.slice().reverse().map((info) => {
    const item = node("li");
    const button = node("button", "", describe(info));
    button.dataset.game = info.id;
    button.addEventListener("click", () => openGame(info.id).catch(report));
    item.append(button);
    return item;
  }));
  const wanted = new URLSearchParams(location.hash.slice(1)).get("game");
  if (wanted) await openGame(Number(wanted));
}

function report(error) {
  document.getElementById("analysis-status").textContent = String(error.message || error);
}

async function openGame(id) {
  game = await json(`/api/games/${id}`);
  moves = game.moves.filter((move) => !move.taken_back);
  step = moves.length;
  for (const button of document.querySelectorAll("#games button")) {
    button.setAttribute("aria-current", String(Number(button.dataset.game) === id));
  }
  document.getElementById("replay").hidden = false;
  document.getElementById("analysis-panel").hidden = false;
  document.getElementById("title").textContent = describe(game);
  const ending = game.lost_on_time ? ` (${game.lost_on_time} lost on time)` : "";
  document.getElementById("result").textContent = game.winner ? `${game.winner} won${ending}.` : "No winner.";
  document.getElementById("first-player").textContent = game.players[0];
  analysis = null;
  draw();
  await loadAnalysis(id);
}

async function loadAnalysis(id) {
  clearTimeout(polling);
  analysis = await json(`/api/games/${id}/analysis`);
  if (!game || game.id !== id) return;
  const status = {
    done: "",
    pending: "The engine is analysing this game…",
    playing: "The game is still in play: it is analysed once it ends.",
    empty: "No turn was played.",
  }[analysis.status];
  document.getElementById("analysis-status").textContent = status || "";
  if (analysis.status === "pending") polling = setTimeout(() => loadAnalysis(id).catch(report), 2000);
  draw();
}

function position() {
  return step === 0 ? null : moves[step - 1].position;
}

function changedCells() {
  if (step === 0) return new Set();
  const move = moves[step - 1];
  return new Set(move.notation.match(/[a-e][1-5]/g) || []);
}

function drawBoard() {
  const board = document.getElementById("review-board");
  const now = position();
  const owners = {};
  if (now) {
    for (const [player, cells] of Object.entries(now.workers)) for (const cell of cells) owners[cell] = player;
  }
  const changed = changedCells();
  const squares = [];
  for (const row of ROWS_TOP_DOWN) {
    for (const column of COLUMNS) {
      const cell = column + row;
      const square = node("div", "square");
      square.dataset.cell = cell;
      square.setAttribute("role", "img");
      square.classList.toggle("moved", changed.has(cell));
      square.append(node("span", "name", cell));
      const level = now ? now.heights[cell] || 0 : 0;
      for (let l = 1; l <= level; l++) square.append(node("div", `ring l${l}`));
      if (level) square.append(node("span", "level", String(level)));
      if (now && now.domes.includes(cell)) square.append(node("div", "dome", "X"));
      const owner = owners[cell];
      if (owner) {
        const worker = node("div", "worker", owner);
        worker.dataset.player = owner;
        const index = game.players.indexOf(owner);
        worker.style.background = index >= 0 ? `var(--p${index})` : "#999";
        square.append(worker);
      }
      const parts = [cell, `level ${level}`];
      if (now && now.domes.includes(cell)) parts.push("dome");
      if (owner) parts.push(`worker of ${owner}`);
      square.setAttribute("aria-label", parts.join(", "));
      squares.push(square);
    }
  }
  board.replaceChildren(...squares);
  const where = step === 0 ? `Start (${moves.length} moves)` : `Move ${step} of ${moves.length}: ${moveText(moves[step - 1])}`;
  document.getElementById("where").textContent = where;
}

function moveText(move) {
  return move.kind === "place" ? `${move.player} places ${move.notation}` : `${move.player}: ${move.notation}`;
}

function evaluationOf(ply) {
  return analysis && analysis.evaluations.find((e) => e.ply === ply);
}

// At a swing, the engine's choice for the same turn: the best move it found in the
// position before it (the previous evaluation), if the mover chose otherwise.
function betterMove(ply) {
  const index = analysis.evaluations.findIndex((e) => e.ply === ply);
  const before = index > 0 ? analysis.evaluations[index - 1] : null;
  const played = moves.find((m) => m.ply === ply);
  return before && before.best && played && before.best !== played.notation ? before.best : null;
}

function drawMoves() {
  const swings = new Set(analysis ? analysis.swings : []);
  const items = moves.map((move, index) => {
    const item = node("li", "", moveText(move));
    item.dataset.ply = move.ply;
    item.classList.toggle("current", index + 1 === step);
    item.classList.toggle("swing", swings.has(move.ply));
    const evaluation = evaluationOf(move.ply);
    if (evaluation) item.append(node("span", "score", (evaluation.advantage >= 0 ? "+" : "") + evaluation.advantage.toFixed(2)));
    const better = swings.has(move.ply) ? betterMove(move.ply) : null;
    if (better) item.append(node("span", "better", `engine: ${better}`));
    item.addEventListener("click", () => go(index + 1));
    return item;
  });
  document.getElementById("review-moves").replaceChildren(...items);
}

function drawGraph() {
  const holder = document.getElementById("graph");
  const points = analysis ? analysis.evaluations : [];
  if (!points.length) {
    holder.replaceChildren();
    return;
  }
  const width = Math.max(200, Math.round(holder.clientWidth) || 600); // 1:1 units: round rings
  const height = 160;
  const pad = 10;
  const first = points[0].ply;
  const span = Math.max(1, points[points.length - 1].ply - first);
  const x = (ply) => pad + ((ply - first) / span) * (width - 2 * pad);
  const y = (advantage) => height / 2 - advantage * (height / 2 - pad);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img" });
  chart.setAttribute("aria-label", "evaluation after each turn");
  // The scale: +1 the first player has won, -1 the other side has, 0 even.
  const [leader] = game.players;
  for (const [value, label] of [[1, `${leader} winning`], [0.5, ""], [0, "even"], [-0.5, ""], [-1, "other side winning"]]) {
    chart.append(svg("line", { class: value ? "grid" : "zero", x1: 0, x2: width, y1: y(value), y2: y(value) }));
    if (!label) continue;
    const text = svg("text", { class: "scale", x: width - pad, y: y(value) + (value > 0 ? 12 : value < 0 ? -4 : -3) });
    text.textContent = label;
    chart.append(text);
  }
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(p.ply).toFixed(1)},${y(p.advantage).toFixed(1)}`).join(" ");
  chart.append(svg("path", { class: "line", d: path }));
  if (step >= first) chart.append(svg("line", { class: "now", x1: x(step), x2: x(step), y1: 0, y2: height }));
  for (const point of points) {
    const dot = svg("circle", { class: "dot", cx: x(point.ply), cy: y(point.advantage), r: 3 });
    dot.dataset.ply = point.ply;
    dot.addEventListener("click", () => go(point.ply));
    chart.append(dot);
  }
  for (const ply of analysis.swings) {
    const point = evaluationOf(ply);
    const ring = svg("circle", { class: "swing", cx: x(ply), cy: y(point.advantage), r: 8 });
    ring.dataset.ply = ply;
    chart.append(ring);
  }
  holder.replaceChildren(chart);
}

function draw() {
  if (!game) return;
  drawBoard();
  drawMoves();
  drawGraph();
}

function go(target) {
  step = Math.max(0, Math.min(moves.length, target));
  draw();
}

document.getElementById("first").addEventListener("click", () => go(0));
document.getElementById("back").addEventListener("click", () => go(step - 1));
document.getElementById("forward").addEventListener("click", () => go(step + 1));
document.getElementById("last").addEventListener("click", () => go(moves.length));
document.addEventListener("keydown", (event) => {
  if (!game || event.target.closest("input, textarea, select")) return;
  const keys = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: moves.length };
  if (event.key in keys) {
    event.preventDefault();
    go(keys[event.key]);
  }
});
loadGames().catch(report);
