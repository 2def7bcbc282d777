// The gods in play and what their cards hold (the state's `powers` and `cards`): each
// player's god with its power in one sentence, Chaos' face-up power and the cards left,
// the blocks on Morpheus' card, the power Circe holds this turn, and Selene's female
// worker, also marked ♀ on her cell of the board (drawn after board.js, on the same state).
"use strict";

(() => {
  const panel = element("section", "gods");
  panel.id = "gods";
  panel.setAttribute("aria-label", "the gods in play");
  $("moves").previousElementSibling.before(panel);

  // What the player's card holds now, in words; "" when it holds nothing to tell.
  function held(cards, player) {
    const lines = [];
    const chaos = cards.chaos?.[player];
    if (chaos) lines.push(`holds ${chaos.power}: ${state.powers[chaos.power] || ""} (${chaos.left} cards left)`);
    if (cards.tokens && player in cards.tokens) {
      const n = cards.tokens[player];
      lines.push(`${n} block${n === 1 ? "" : "s"} on the card (one more at the start of each turn)`);
    }
    if (cards.circe && player in cards.circe) {
      const power = cards.circe[player];
      lines.push(power ? `holds ${power} this turn: ${state.powers[power] || ""}` : "holds no power this turn");
    }
    if (cards.female && player in cards.female) {
      const cell = cards.female[player];
      lines.push(cell ? `female worker on ${cell} ♀` : "no female worker");
    }
    return lines;
  }

  function drawGods() {
    const cards = state.cards || {};
    const rows = [];
    for (const [player, god] of Object.entries(state.gods)) {
      if (!god) continue;
      const index = playerIndex(player);
      const card = element("div", index >= 0 ? `god-card p${index}` : "god-card");
      card.dataset.player = player;
      card.dataset.god = god;
      const title = element("p", "god-title");
      title.append(element("strong", "", god), ` · ${player}`);
      card.append(title, element("p", "power", state.powers[god] || ""));
      for (const line of held(cards, player)) card.append(element("p", "held", line));
      rows.push(card);
    }
    panel.hidden = !rows.length;
    panel.replaceChildren(element("h2", "", "Gods"), ...rows);
    const female = new Set(Object.values(cards.female || {}).filter(Boolean));
    for (const cell of $("board").children) {
      if (!female.has(cell.dataset.cell) || !cell.querySelector(".worker")) continue;
      cell.append(element("span", "female", "♀"));
      cell.setAttribute("aria-label", cell.getAttribute("aria-label") + ", Selene's female worker");
    }
  }

  document.addEventListener("santorini:state", drawGods);
})();
