// Setting a game up from the page, and both players' clocks.
// The setup is the board's own menu, step by step through the same API (POST /api/menu,
// /api/menu/choose, /api/menu/confirm, DELETE /api/menu): the board lights what is
// chosen here, and a choice made on the board shows here. Everything is built with
// createElement and textContent (no HTML from data). Reads app.js's `state` and `post`.
"use strict";

(() => {
  const TITLES = {
    players: "How many players?",
    procedure: "How are the gods chosen?",
    clock: "Game clock",
    offer: "offers the gods (one per player)",
    god: "chooses a god",
    start: "names the start player",
  };
  const LABELS = {
    no_gods: "No gods",
    quick: "Quick: four gods drawn, start player picks first",
    official: "Challenger: one player offers, the others choose",
    off: "No clock",
    "60+300": "Tournament: 1 min a move + 5 min bank",
    "30+120": "Blitz: 30 s a move + 2 min bank",
    "120+600": "Slow: 2 min a move + 10 min bank",
  };

  function make(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  async function leave() {
    const response = await fetch("/api/menu", {
      method: "DELETE",
      headers: { Authorization: "Bearer " + document.getElementById("token").value },
    });
    if (!response.ok) say(`menu: ${response.status} ${(await response.json()).detail || ""}`);
  }

  const panel = make("section", "setup");
  panel.id = "setup";
  document.querySelector("aside").prepend(panel);
  const clocks = make("div", "clocks");
  clocks.id = "clocks";
  document.getElementById("status").after(clocks);

  function drawSetup(s) {
    panel.replaceChildren();
    if (s.phase !== "menu" || !s.menu) {
      const start = make("button", "primary", "Set up a game");
      start.id = "setup-start";
      start.addEventListener("click", () => post("menu").catch(() => {}));
      panel.append(start);
      return;
    }
    const menu = s.menu;
    const title = menu.player ? `${menu.player} ${TITLES[menu.step] || menu.step}` : TITLES[menu.step] || menu.step;
    const heading = make("h2", "", title);
    heading.id = "setup-step";
    heading.dataset.step = menu.step;
    panel.append(heading);
    if (menu.picks > 1) panel.append(make("p", "note", `Choose ${menu.picks} (chosen ${menu.selected.length}).`));
    const options = make("div", "options");
    options.id = "setup-options";
    const cells = Object.fromEntries(Object.entries(menu.cells).map(([cell, option]) => [option, cell]));
    for (const option of menu.options) {
      const power = menu.powers && menu.powers[option];
      const card = make("button", power ? "option god" : "option");
      card.dataset.option = option;
      card.setAttribute("aria-pressed", String(menu.selected.includes(option)));
      card.append(make("strong", "", menu.step === "players" ? `${option} players` : option));
      const about = power || LABELS[option] || (menu.step === "start" ? `${option} starts` : "");
      if (about) card.append(make("span", "about", about));
      card.append(make("span", "where", `board: ${cells[option] || "?"}`));
      card.addEventListener("click", () => post("menu/choose", { option }).catch(() => {}));
      options.append(card);
    }
    panel.append(options);
    const confirm = make("button", "primary", "Confirm");
    confirm.id = "setup-confirm";
    confirm.disabled = menu.selected.length !== menu.picks;
    confirm.addEventListener("click", () => post("menu/confirm").catch(() => {}));
    const cancel = make("button", "", "Leave the menu");
    cancel.id = "setup-leave";
    cancel.addEventListener("click", () => leave().catch(() => {}));
    panel.append(confirm, cancel);
  }

  // The clock as last reported, counted down locally between state updates.
  let clock = null;
  let reportedAt = 0;

  function minutes(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  }

  function drawClocks() {
    clocks.hidden = !clock;
    if (!clock) return;
    const elapsed = clock.counting ? (performance.now() - reportedAt) / 1000 : 0;
    const rows = [];
    for (const [player, time] of Object.entries(clock.players)) {
      const running = player === clock.running;
      const spent = running ? elapsed : 0;
      const move = Math.max(0, time.move_left - spent);
      const bank = Math.max(0, time.bank_left - Math.max(0, spent - time.move_left));
      const row = make("div", "clock");
      row.dataset.player = player;
      row.classList.toggle("running", running);
      row.classList.toggle("low", running && move <= 10);
      row.classList.toggle("flagged", clock.lost_on_time === player);
      const index = state ? state.players.indexOf(player) : -1;
      if (index >= 0) row.style.borderColor = `var(--p${index})`;
      row.append(make("span", "who", player));
      row.append(make("span", "move", minutes(move)));
      row.append(make("span", "bank", "+ " + minutes(bank)));
      if (clock.lost_on_time === player) row.append(make("span", "why", "lost on time"));
      else if (running && !clock.counting && clock.held.length) row.append(make("span", "why", "held: " + clock.held.join(", ")));
      rows.push(row);
    }
    clocks.replaceChildren(...rows);
  }

  document.addEventListener("santorini:state", () => {
    drawSetup(state);
    clock = state.clock;
    reportedAt = performance.now();
    drawClocks();
  });
  setInterval(drawClocks, 250);
})();
