// The live page's core: the daemon's state over the WebSocket, commands over the API
// (every failure shown with its reason), the token. The other scripts draw their part on
// each "santorini:state" event: board.js the cells, guide.js the words, virtual.js the
// virtual board's tools, sound.js the cues, setup.js the setup steps and the clocks.
"use strict";

const $ = (id) => document.getElementById(id);
let state = null;
let pixels = [];

const params = new URLSearchParams(location.hash.slice(1));
if (params.get("token")) localStorage.setItem("santorini-token", params.get("token"));
$("token").value = localStorage.getItem("santorini-token") || "";

function setToken(token) {
  $("token").value = token;
  localStorage.setItem("santorini-token", token);
  $("token-needed").hidden = Boolean(token);
}
$("token").addEventListener("change", () => setToken($("token").value.trim()));
$("token-needed").addEventListener("submit", (event) => {
  event.preventDefault();
  setToken($("token-ask").value.trim());
  say("");
});
$("token-needed").hidden = Boolean($("token").value);

// A message next to the board: what failed and why (cleared by the next success).
function say(text) {
  $("message").textContent = text;
  document.dispatchEvent(new CustomEvent("santorini:message", { detail: text }));
}

const COMMANDS = {
  "sim/press": "the button", "sim/place": "placing", "sim/lift": "lifting", "sim/clear": "clearing",
  "sim/setup": "setting up", menu: "the setup", "menu/choose": "choosing", "menu/confirm": "confirming",
  undo: "undo", hint: "hint", resync: "resync", games: "new game",
};

async function request(method, path, body) {
  const response = await fetch("/api/" + path, {
    method,
    headers: { "Content-Type": "application/json", Authorization: "Bearer " + $("token").value },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const detail = (await response.json().catch(() => ({}))).detail;
    const text = Array.isArray(detail) ? detail.map((d) => d.loc.join(".") + ": " + d.msg).join("; ") : detail;
    const what = (body && body.button) || COMMANDS[path] || path;
    if (response.status === 401) $("token-needed").hidden = false;
    say(`${what[0].toUpperCase() + what.slice(1)} failed: ${text || response.statusText}`);
    throw new Error(text);
  }
  say("");
  return response.status === 204 ? null : response.json();
}

const post = (path, body) => request("POST", path, body);

// Every text from the daemon (player names above all) goes in as text, never as markup.
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function playerIndex(player) { return state ? state.players.indexOf(player) : -1; }

// A press: Undo and Hint through their API twins, which answer why they cannot be done
// (a pin press has nobody to answer); Done, which has no twin, through the simulator's pin.
function press(name) {
  if (name === "undo") return post("undo");
  if (name === "hint") return post("hint");
  return state && state.sim ? post("sim/press", { button: name }) : Promise.resolve();
}

for (const button of document.querySelectorAll("[data-button]")) {
  button.addEventListener("click", () => press(button.dataset.button).catch(() => {}));
}
$("adopt").addEventListener("click", () => post("resync", { mode: "adopt" }).catch(() => {}));
$("restore").addEventListener("click", () => post("resync", { mode: "restore" }).catch(() => {}));

// Keys d, u, h press Done, Undo, Hint (not while typing in a field).
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest("input, textarea")) return;
  const name = { d: "done", u: "undo", h: "hint" }[event.key];
  if (name) press(name).catch(() => {});
});

function draw() {
  // The controls wait for the daemon's first state: before it, the page cannot know
  // whether "Set up a game" would abandon a game in progress, and a press did nothing.
  for (const button of $("controls").querySelectorAll("button")) button.disabled = false;
  $("bridge").textContent = "bridge " + state.bridge.state;
  $("bridge").className = "badge " + (state.bridge.state === "connected" ? "up" : "down");
  drawPair(state.board_link);
  $("moves").replaceChildren(...state.record.map((l) => element("li", "", `${l.player}: ${l.text}`)));
  $("supply").textContent = Object.entries(state.supply).map(([k, n]) => `${k} ${n}`).join(", ");
  pixels = state.pixels;
  document.dispatchEvent(new Event("santorini:state"));
}

// A paired board (docs/run/two-boards.md): its availability, or the boards' disagreement.
function drawPair(link) {
  $("pair").hidden = !link;
  if (!link) return;
  $("pair").textContent = link.problem ? "boards disagree" : `paired with ${link.paired}: ${link.pair}`;
  $("pair").className = "badge " + (link.problem || link.pair !== "online" ? "down" : "up");
  $("pair").title = link.problem || "";
}

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
    else if (data.type === "pixels") { pixels = data.pixels; document.dispatchEvent(new Event("santorini:pixels")); }
    else if (data.type === "event" && data.event.kind === "command_failed") say(`Not done: ${data.event.text}`);
    else if (data.type === "event" && data.event.kind === "link_disagreement") say(`The boards disagree: ${data.event.text}`);
  };
  socket.onclose = () => {
    $("connection").textContent = "reconnecting…";
    $("connection").className = "badge down";
    setTimeout(() => connect(Math.min(delay * 2, 5000)), delay);
  };
}
// Only once every script has registered its part: a state arriving between two scripts
// would be drawn by some of them only, until the next one.
document.addEventListener("DOMContentLoaded", () => connect(500));
