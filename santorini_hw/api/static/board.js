// The board's 25 cells: buttons with names ("c3, level 2, worker of A, legal move"),
// reached with the arrow keys (one cell in the tab order at a time), marked with what
// the turn allows: legal moves and builds, the cell to fix, the hint. Each mark has its
// own shape as well as its colour (see the legend), and the lit pixel is mirrored.
"use strict";

const CELLS = [];
for (let row = 5; row >= 1; row--) for (const col of "abcde") CELLS.push(col + row);
const INDEX = (name) => (Number(name[1]) - 1) * 5 + "abcde".indexOf(name[0]);
const MARK_WORDS = {
  move: "legal move", build: "legal build", dome: "legal dome", movable: "can move",
  carry_place: "place a worker here for the engine", carry_worker: "lift this worker for the engine",
  carry_move: "put the lifted worker here", carry_build: "build here for the engine",
  carry_dome: "build a dome here for the engine", take_block: "take this block off for the engine",
};
let focused = "a1";

// Where the turn may go now: cell -> mark ("move", "build", "dome", "movable"); for a
// turn carried out for the engine, only the next step the board lights ("carry_...").
function legalMarks(s, lifted) {
  const marks = new Map();
  if (s.error || s.undo_pending || s.clearing) return marks; // the fixes come first
  if (s.awaiting || s.thinking) {
    for (const step of s.awaiting?.next || []) marks.set(step.cell, step.kind);
    return marks;
  }
  if (s.phase === "placement") {
    for (const cell of s.legal_actions) marks.set(cell, "move");
    return marks;
  }
  if (s.phase !== "play") return marks;
  const from = lifted || (s.holding.length === 1 ? s.holding[0] : null);
  for (const action of s.legal_actions) {
    const move = action.match(/^([a-e][1-5])-([a-e][1-5])$/);
    if (!move) marks.set(action.slice(0, 2), action.endsWith("X") ? "dome" : "build");
    else if (!from || move[1] === from) {
      marks.set(move[2], "move");
      if (!from && !marks.has(move[1])) marks.set(move[1], "movable");
    }
  }
  return marks;
}

function cellLabel(info, mark, fix, hinted) {
  const parts = [info.cell, `level ${info.level}`];
  if (info.dome) parts.push("dome");
  if (info.worker) parts.push(`worker of ${info.worker}`);
  if (mark) parts.push(MARK_WORDS[mark].replace("the engine", seatWords(state.awaiting)));
  if (fix) parts.push(`fix: ${fix.message}`);
  if (hinted) parts.push("hint");
  return parts.join(", ");
}

function buildCells() {
  const board = $("board");
  for (const name of CELLS) {
    const cell = element("button", "cell");
    cell.type = "button";
    cell.dataset.cell = name;
    cell.tabIndex = name === focused ? 0 : -1;
    cell.addEventListener("click", () => document.dispatchEvent(new CustomEvent("santorini:cell", { detail: name })));
    cell.addEventListener("focus", () => moveFocus(name, false));
    cell.addEventListener("keydown", (event) => arrow(event, name));
    board.appendChild(cell);
  }
}

function moveFocus(name, focus) {
  focused = name;
  for (const cell of $("board").children) cell.tabIndex = cell.dataset.cell === name ? 0 : -1;
  if (focus) $("board").querySelector(`[data-cell="${name}"]`).focus();
}

function arrow(event, name) {
  const step = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[event.key];
  if (!step) return;
  event.preventDefault();
  const column = "abcde".indexOf(name[0]) + step[0];
  const row = Number(name[1]) + step[1];
  if (column >= 0 && column < 5 && row >= 1 && row <= 5) moveFocus("abcde"[column] + row, true);
}

function drawBoard() {
  const board = $("board");
  if (!board.children.length) buildCells();
  const fixes = new Map((state.error?.fixes || []).slice(0, 1).map((f) => [f.cell, f]));
  const marks = legalMarks(state, hand ? hand.from : null);
  const hinted = new Set((state.hint?.turn || "").match(/[a-e][1-5]/g) || []);
  for (const cell of board.children) {
    const info = state.board[INDEX(cell.dataset.cell)];
    const parts = [element("span", "name", info.cell)];
    for (let l = 1; l <= info.level; l++) parts.push(element("span", `ring l${l}`));
    if (info.level) parts.push(element("span", "level", String(info.level)));
    if (info.dome) parts.push(element("span", "dome", "X"));
    if (info.worker) {
      const p = playerIndex(info.worker);
      const worker = element("span", p < 0 ? "worker unknown" : `worker p${p}`, initials(info.worker));
      worker.dataset.player = info.worker;
      parts.push(worker);
    }
    const led = element("span", "led");
    led.style.background = shown(pixels[(state.pixel_cells[INDEX(info.cell)] || [])[0]]);
    parts.push(led);
    cell.replaceChildren(...parts);
    const mark = marks.get(info.cell);
    cell.dataset.mark = mark || "";
    const carrier = (state.awaiting?.next || []).find((step) => step.cell === info.cell);
    cell.dataset.seat = carrier ? String(playerIndex(carrier.player)) : "";
    cell.classList.toggle("fix", fixes.has(info.cell));
    cell.classList.toggle("hinted", hinted.has(info.cell));
    cell.setAttribute("aria-label", cellLabel(info, mark, fixes.get(info.cell), hinted.has(info.cell)));
  }
}

// A worker shows its player's initials ("Ann Lee": AL, "Bo": Bo; "A": A): a name fits the disc.
function initials(player) {
  const words = player.split(" ");
  return words.length > 1 ? words.slice(0, 2).map((w) => w[0]).join("") : player.slice(0, 2);
}

// Pixels arrive as drive values (after brightness and gamma), far too dark for a screen:
// show each lit pixel at full brightness in its own hue, so the mirror reads as the LED looks.
function shown(pixel) {
  if (!pixel || pixel === "#000000") return "#000";
  const channels = [1, 3, 5].map((i) => parseInt(pixel.slice(i, i + 2), 16));
  const top = Math.max(...channels);
  return `rgb(${channels.map((c) => Math.round((255 * c) / top)).join(",")})`;
}

document.addEventListener("santorini:state", drawBoard);
document.addEventListener("santorini:pixels", () => {
  if (!state) return;
  for (const cell of $("board").children) {
    const led = cell.querySelector(".led");
    if (led) led.style.background = shown(pixels[(state.pixel_cells[INDEX(cell.dataset.cell)] || [])[0]]);
  }
});
