// The turn in words: whose turn it is (a coloured cue), the step ("Move a worker",
// "Build", "Build again or press Done"), the win banner, the hint, and an illegal board
// explained by the rule it breaks, next to the board, with the first fix to make.
"use strict";

// A player as the page names them: in a game the players are their names already; while
// a game is set up, the colour's chosen name (the menu's steps speak of colours).
function displayName(player) {
  const names = state && state.menu ? state.menu.names : {};
  return names[player] ? `${names[player]} (${player})` : player;
}

function stepWords(s) {
  const actions = s.legal_actions;
  const moves = actions.some((a) => a.includes("-"));
  const builds = actions.some((a) => !a.includes("-"));
  if (s.undo_pending) return "Undo: put the pieces back where the lit cells show";
  if (s.clearing) return "Clear the board: take the last game's pieces off";
  if (s.error) return "Fix the board first";
  if (s.thinking) return `The engine (level ${s.thinking.level}) is thinking…`;
  if (s.awaiting) return carryWords(s.awaiting);
  if (s.seats?.[s.to_move]?.kind === "remote" && s.phase !== "over") return `Waiting for ${displayName(s.to_move)}'s turn from afar…`;
  if (s.phase === "placement") return "Place a worker on a free space";
  if (!s.turn.length) {
    if (moves && builds) return "Move a worker (or build first)";
    return moves ? "Move a worker" : "No legal move";
  }
  if (s.can_end_turn) {
    if (!actions.length) return "Turn complete: press Done (or the next player simply plays)";
    return moves ? "Move again or press Done" : "Build again or press Done";
  }
  if (moves && builds) return "Move again or build";
  return builds ? "Build" : "Move again";
}

// Whose turn the board shows to be carried out: "the engine" or the remote player.
function seatWords(awaiting) {
  return awaiting?.kind === "remote" ? displayName(awaiting.player) : "the engine";
}

// The next step the board lights for the engine's (or a remote player's) turn, in words.
const CARRY_WORDS = {
  carry_place: "place its worker on", carry_worker: "lift the worker on", carry_move: "put it down on",
  carry_build: "build on", carry_dome: "build a dome on", take_block: "take the block off",
};

function carryWords(awaiting) {
  const [step, forced] = awaiting.next;
  const whose = `Carry out ${seatWords(awaiting)}'s turn`;
  if (!step) return whose;
  const pushed = forced ? ` (and the worker there on ${forced.cell})` : "";
  return `${whose}: ${CARRY_WORDS[step.kind]} ${step.cell}${pushed}`;
}

function drawCue(s) {
  const cue = $("turn-cue");
  const player = s.phase === "play" || s.phase === "placement" ? s.to_move : null;
  cue.hidden = !player;
  if (!player) return;
  const chip = element("span", `chip p${playerIndex(player)}`);
  const seat = s.seats?.[player];
  const engine = seat?.kind === "engine" ? ` (the engine, level ${seat.level})` : seat?.kind === "remote" ? " (remote)" : "";
  const doing = (s.phase === "placement" ? "places a worker" : "to play") + engine;
  cue.replaceChildren(chip, element("strong", "", displayName(player)), document.createTextNode(` ${doing}`));
  cue.className = `p${playerIndex(player)}`;
}

function drawStatus(s) {
  const gods = Object.entries(s.gods).filter(([, g]) => g).map(([p, g]) => `${p}: ${g}`).join(", ");
  const about = `Game ${s.game_id}` + (gods ? ` (${gods})` : "");
  let words;
  if (s.phase === "menu") words = "Setting up a new game: follow the steps";
  else if (s.phase === "over") words = "Game over";
  else words = stepWords(s);
  const parts = [element("strong", "step", words), element("span", "about", about)];
  if (s.turn.length) parts.push(element("span", "so-far", `so far: ${s.turn.join(" ")}`));
  if (s.thinking && s.phase !== "menu") parts.push(thinkingProgress(s.thinking));
  $("status").replaceChildren(...parts);
  $("status").dataset.step = words;
}

// How far the engine's search got: nodes searched of its level's budget, as a bar and
// in words (updated a few times a second while it thinks).
function thinkingProgress(thinking) {
  const bar = element("progress");
  bar.max = thinking.budget;
  bar.value = thinking.nodes;
  const words = `${thinking.nodes.toLocaleString("en")} of ${thinking.budget.toLocaleString("en")} nodes`;
  bar.setAttribute("aria-label", `The engine's search: ${words}`);
  const wrap = element("span", "thinking");
  wrap.append(bar, document.createTextNode(` ${words}`));
  return wrap;
}

function drawBanner(s) {
  const banner = $("banner");
  banner.hidden = s.phase !== "over";
  if (banner.hidden) return;
  const how = s.clock?.lost_on_time ? ` (${s.clock.lost_on_time} lost on time)` : "";
  banner.className = `p${playerIndex(s.winner)}`;
  banner.replaceChildren(
    element("strong", "", `${displayName(s.winner)} wins!${how}`),
    element("span", "", " Clear the board and set up the next game when you are ready."),
  );
}

function drawError(s) {
  const error = s.error;
  $("error").hidden = !error;
  if (!error) return;
  $("error-reason").textContent = error.reason ? `Not allowed: ${error.reason}.` : "The board does not match the game.";
  const [first, ...rest] = error.fixes;
  const more = rest.length ? ` (then ${rest.length} more)` : "";
  $("error-fix").textContent = first ? ` Fix first (lit): ${first.message}${more}.` : "";
}

function drawHint(s) {
  $("hint").hidden = !s.hint;
  $("hint").textContent = s.hint ? `Hint for ${displayName(s.hint.player)}: ${s.hint.turn}` : "";
}

document.addEventListener("santorini:state", () => {
  drawCue(state);
  drawStatus(state);
  drawBanner(state);
  drawError(state);
  drawHint(state);
  document.title = state.phase === "over" ? `${state.winner} wins · Santorini`
    : state.to_move && state.phase !== "menu" ? `${state.to_move} to play · Santorini` : "Santorini board";
});
