// The one way to start a game, and both players' clocks.
// The setup is the board's own menu, step by step through the same API (POST /api/menu,
// /api/menu/choose, /api/menu/confirm, DELETE /api/menu): the board lights what is
// chosen here, and a choice made on the board shows here. Each step the menu can ask is
// one entry of STEPS (its title and how its options read): a new step is one new entry.
// After the number of players, each colour's name and seat (a person, the engine at a
// level, or a remote player on a phone or another board) are chosen beside every step. Leaving a game in progress
// for the setup asks first. Everything is built with createElement and textContent.
"use strict";

(() => {
  const PROCEDURES = {
    no_gods: ["No gods", "Plain Santorini: no powers"],
    quick: ["Quick", "Four gods drawn; the start player picks first"],
    official: ["Challenger", "One player offers the gods, the others choose"],
  };
  const POOLS = {
    simple: ["Simple gods", "The ten gods of the first games"],
    advanced: ["Advanced gods", "The twenty gods for seasoned players"],
    all: ["All thirty gods", "Simple and advanced together"],
  };
  const CLOCKS = {
    off: ["No clock", "Play at your own pace"],
    "60+300": ["Tournament", "1 min a move + 5 min bank"],
    "30+120": ["Blitz", "30 s a move + 2 min bank"],
    "120+600": ["Slow", "2 min a move + 10 min bank"],
  };
  const STEPS = {
    players: { title: () => "How many players?", option: players },
    level: { title: () => "The engine's level", option: level },
    seat: { title: (m) => `Who plays ${displayName(m.player)}?`, option: seatOption },
    procedure: { title: () => "How are the gods chosen?", option: (o) => PROCEDURES[o] || [o, ""] },
    pool: { title: () => "Which gods may be drawn or offered?", option: (o) => POOLS[o] || [o, ""] },
    clock: { title: () => "Game clock", option: (o) => CLOCKS[o] || [o, "seconds a move + bank"] },
    offer: { title: (m) => `${displayName(m.player)} offers the gods (one per player)`, option: god },
    god: { title: (m) => `${displayName(m.player)} chooses a god`, option: god },
    start: { title: (m) => `${displayName(m.player)} names the start player`, option: (o) => [displayName(o), "starts"] },
  };

  function players(option) {
    if (option === "vs_engine") return ["Against the engine", "you as A, the engine as B"];
    if (option.startsWith("seats_")) return [`${option.slice(6)} players, seated on the board`, "a step per colour: a person, the engine or a remote player"];
    return [`${option} players`, ""];
  }

  function seatOption(option) {
    if (option === "person") return ["Person", "at the board"];
    if (option === "remote") return ["Remote player", "on a phone or another board"];
    return level(option);
  }

  function level(option) { return [`Engine, level ${option}`, option === "1" ? "a beginner" : option === "10" ? "the full hint engine" : ""]; }

  function god(option, menu) { return [option, (menu.powers || {})[option] || ""]; }

  const panel = element("section", "setup");
  panel.id = "setup";
  panel.setAttribute("aria-label", "set up a game");
  $("setup-area").append(panel);
  const clocks = element("div", "clocks");
  clocks.id = "clocks";
  $("status").after(clocks);

  // The setup's requests go one after another: a name typed just before Next (its change
  // event, then the click) must reach the daemon first, and two name changes in their
  // order; sent side by side they can arrive the other way round and lose a name.
  let sent = Promise.resolve();
  function send(path, body) {
    sent = sent.then(() => post(path, body)).catch(() => {});
  }

  function inProgress(s) {
    return (s.phase === "play" || s.phase === "placement") && s.record.length > 0;
  }

  $("setup-start").addEventListener("click", () => {
    if (!inProgress(state)) {
      post("menu").catch(() => {});
      return;
    }
    $("abandon-text").textContent = `Game ${state.game_id} is in progress. Setting up a new game abandons it.`;
    $("abandon").hidden = false;
    $("abandon-no").focus();
  });
  $("abandon-no").addEventListener("click", () => { $("abandon").hidden = true; });
  $("abandon-yes").addEventListener("click", () => {
    $("abandon").hidden = true;
    post("menu").catch(() => {});
  });

  // Who plays each colour: a name (the game is played, recorded and shown by it) and a
  // person, the engine at a level or a remote player. Kept while the players stay the same, so typing
  // survives redraws; each change goes to the daemon (POST /api/menu/names, /menu/seats).
  let seatsBox = null;

  function seatsForm(menu) {
    if (seatsBox && seatsBox.dataset.players === menu.players.join()) {
      for (const select of seatsBox.querySelectorAll("select")) { // the board's vs_engine, another page
        const seat = menu.seats[select.dataset.seat];
        if (select !== document.activeElement) select.value = seatValue(seat);
      }
      return seatsBox;
    }
    const form = element("fieldset", "names");
    form.id = "seats";
    form.append(element("legend", "", "Who plays (names optional)"));
    for (const player of menu.players) {
      const row = element("div", "seat");
      const label = element("label", "", `${player} `);
      const input = element("input");
      input.value = menu.names[player] || "";
      input.maxLength = 16;
      input.placeholder = "name";
      input.setAttribute("aria-label", `name of ${player}`);
      input.dataset.player = player;
      input.addEventListener("change", () => send("menu/names", { names: chosen("input", nameOf) }));
      label.append(input);
      const seat = element("select");
      seat.dataset.seat = player;
      seat.setAttribute("aria-label", `who plays ${player}`);
      seat.append(new Option("Person at the board", "person"));
      for (let level = 1; level <= 10; level++) seat.append(new Option(`Engine, level ${level}`, String(level)));
      seat.append(new Option("Remote player (phone, other board)", "remote"));
      seat.value = seatValue(menu.seats[player]);
      seat.addEventListener("change", () => send("menu/seats", { seats: chosen("select", seatOf) }));
      row.append(label, seat);
      form.append(row);
    }
    form.dataset.players = menu.players.join();
    seatsBox = form;
    return form;
  }

  const nameOf = (input) => [input.dataset.player, input.value.trim()];
  // A seat as the select's value: "person", "remote" or the engine's level.
  const seatValue = (seat) => (!seat ? "person" : seat.kind === "engine" ? String(seat.level) : seat.kind);
  const seatOf = (select) => [select.dataset.seat,
    select.value === "person" || select.value === "remote" ? { kind: select.value } : { kind: "engine", level: Number(select.value) }];

  // Every colour's name or seat as the form shows it now.
  function chosen(tag, entry) {
    return Object.fromEntries([...seatsBox.querySelectorAll(tag)].map(entry));
  }

  function drawSetup(s) {
    $("setup-start").hidden = s.phase === "menu";
    if (s.phase === "menu") $("abandon").hidden = true;
    panel.hidden = s.phase !== "menu" || !s.menu;
    if (panel.hidden) return;
    const menu = s.menu;
    const step = STEPS[menu.step] || { title: () => menu.step, option: (o) => [o, ""] };
    const heading = element("h2", "", step.title(menu));
    heading.id = "setup-step";
    heading.dataset.step = menu.step;
    const parts = [heading];
    if (menu.picks > 1) parts.push(element("p", "note", `Choose ${menu.picks} (chosen ${menu.selected.length}).`));
    if (Object.values(menu.places || {}).some((where) => where.endsWith(" page"))) {
      parts.push(element("p", "note", `The board shows the ${menu.page} gods; a worker on e5 turns its page.`));
    }
    const options = element("div", "options");
    options.id = "setup-options";
    const cells = Object.fromEntries(Object.entries(menu.cells).map(([cell, option]) => [option, cell]));
    for (const option of menu.options) {
      const [title, about] = step.option(option, menu);
      const card = element("button", menu.powers && menu.powers[option] ? "option god" : "option");
      card.dataset.option = option;
      card.setAttribute("aria-pressed", String(menu.selected.includes(option)));
      card.append(element("strong", "", title));
      if (about) card.append(element("span", "about", about));
      const where = (menu.places || {})[option] || cells[option] || "?";
      card.append(element("span", "where", `on the board: ${where}`));
      card.addEventListener("click", () => send("menu/choose", { option }));
      options.append(card);
    }
    parts.push(options);
    if (menu.players.length && menu.step !== "seat") parts.push(seatsForm(menu)); // a seat step asks it already
    const confirm = element("button", "primary", "Confirm");
    confirm.id = "setup-confirm";
    confirm.disabled = menu.selected.length !== menu.picks;
    confirm.addEventListener("click", () => send("menu/confirm"));
    const cancel = element("button", "", "Leave the setup");
    cancel.id = "setup-leave";
    cancel.addEventListener("click", () => request("DELETE", "menu").catch(() => {}));
    parts.push(confirm, cancel);
    replaceAround(parts);
  }

  // The panel's new parts, each unchanged one kept where it is. A tap whose press and
  // release straddle a redraw (a name just sent, a state broadcast) must find the same
  // button under both, or the browser drops its click; and the seats form, moved out of
  // the page and back, would lose a name being typed without a change event.
  function replaceAround(parts) {
    place(panel, keptOf(panel, parts));
  }

  // For each fresh node, the one already in `parent` that looks exactly like it, else the
  // fresh one; the option cards are matched one by one, since a choice changes its own card.
  function keptOf(parent, fresh) {
    const old = [...parent.children];
    return fresh.map((node) => {
      const same = old.find((o) => o.isEqualNode(node)) || (node.id === "setup-options" && old.find((o) => o.id === node.id));
      if (!same) return node;
      old.splice(old.indexOf(same), 1);
      if (same !== node && !same.isEqualNode(node)) place(same, keptOf(same, [...node.children]));
      return same;
    });
  }

  // `parent`'s children made `nodes`, in order, moving only those out of place.
  function place(parent, nodes) {
    for (const node of [...parent.children]) if (!nodes.includes(node)) node.remove();
    let cursor = parent.firstElementChild;
    for (const node of nodes) {
      if (node === cursor) cursor = cursor.nextElementSibling;
      else parent.insertBefore(node, cursor);
    }
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
      const index = playerIndex(player);
      const row = element("div", index >= 0 ? `clock p${index}` : "clock");
      row.dataset.player = player;
      row.classList.toggle("running", running);
      row.classList.toggle("low", running && move <= 10);
      row.classList.toggle("flagged", clock.lost_on_time === player);
      row.append(element("span", "who", displayName(player)));
      row.append(element("span", "move", minutes(move)));
      row.append(element("span", "bank", "+ " + minutes(bank)));
      if (clock.lost_on_time === player) row.append(element("span", "why", "lost on time"));
      else if (running && !clock.counting && clock.held.length) row.append(element("span", "why", "held: " + clock.held.join(", ")));
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
