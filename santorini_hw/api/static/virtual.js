// The virtual board (simulator only): a click (or Enter on a focused cell) is a hand at
// the table. With the default tool a worker is lifted into the hand and put down by the
// next click; a block or dome goes on a free cell. "Take a piece off" removes the top
// piece for good, "Put it away" empties the hand, and the two big buttons clear the
// board or set the pieces up as the game records them (an undo carried out for you).
"use strict";

let hand = null; // a lifted worker: {player, from}

function tool() { return document.querySelector("input[name=tool]:checked").value; }

async function clickCell(name) {
  if (!state || !state.sim) return;
  const info = state.board[INDEX(name)];
  const chosen = tool();
  if (hand) {
    await post("sim/place", { cell: name, piece: "worker", player: hand.player });
    hand = null;
  } else if (chosen === "remove") {
    await post("sim/lift", { cell: name });
  } else if (chosen === "auto" && info.worker) {
    const piece = await post("sim/lift", { cell: name });
    if (piece.kind === "worker") hand = { player: piece.player, from: name };
  } else if (chosen === "auto" && state.phase === "placement") {
    await post("sim/place", { cell: name, piece: "worker", player: state.to_move });
  } else if (chosen === "dome" || (chosen === "auto" && info.level >= 3)) {
    await post("sim/place", { cell: name, piece: "dome" });
  } else {
    await post("sim/place", { cell: name, piece: "block" });
  }
  drawHand();
}

function drawHandLine() {
  $("hand").textContent = hand
    ? `In the hand: a worker of ${hand.player} from ${hand.from}. Click a cell to put it down.`
    : "The hand is empty.";
  $("put-away").hidden = !hand;
}

function drawHand() {
  drawHandLine();
  if (state) drawBoard(); // the held worker's moves
}

function putAway() {
  hand = null;
  drawHand();
}

// Clicks are handled one after another: a click that comes while the last one's request is
// on its way (the worker's moves light up before the lift's answer does) must see the hand
// that click leaves, or it would put a block where the worker was meant to go.
let clicks = Promise.resolve();
document.addEventListener("santorini:cell", (event) => {
  clicks = clicks.then(() => clickCell(event.detail)).catch(() => {});
});
document.addEventListener("keydown", (event) => { if (event.key === "Escape" && hand) putAway(); });
$("put-away").addEventListener("click", putAway);
$("sim-clear").addEventListener("click", () => { hand = null; post("sim/clear").catch(() => {}); });
$("sim-setup").addEventListener("click", () => { hand = null; post("sim/setup").catch(() => {}); });
$("unplug").addEventListener("click", () => post("sim/unplug").catch(() => {}));
$("replug").addEventListener("click", () => post("sim/replug").catch(() => {}));

document.addEventListener("santorini:state", () => {
  $("sim").hidden = !state.sim;
  if (state.phase === "menu") hand = null;
  // After an undo press, when the board is wrong, or before a new game, the simulator can
// put things right: the button that would is outlined.
  $("sim-clear").classList.toggle("suggested", Boolean(state.clearing));
  $("sim-setup").classList.toggle("suggested", Boolean((state.undo_pending || state.error) && !state.clearing));
  drawHandLine();
});
