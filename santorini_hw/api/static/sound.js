// A quiet, optional sound (off by default, remembered by this browser): a soft two-note
// chime when the turn passes to another player, a low note when an error is raised or a
// command fails. Made with Web Audio, so there is no sound file to fetch.
"use strict";

(() => {
  const button = $("sound");
  let on = localStorage.getItem("santorini-sound") === "on";
  let context = null;
  let lastTurn = null;
  let lastError = false;

  function show() {
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "Sound on" : "Sound off";
  }

  function tone(frequency, start, length) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, context.currentTime + start);
    gain.gain.exponentialRampToValueAtTime(0.08, context.currentTime + start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(context.currentTime + start);
    oscillator.stop(context.currentTime + start + length);
  }

  function play(kind) {
    if (!on || !context) return;
    if (kind === "turn") { tone(660, 0, 0.18); tone(880, 0.16, 0.22); } else tone(220, 0, 0.3);
    button.dataset.played = kind; // what the last cue was (the page's tests read it)
  }

  button.addEventListener("click", () => {
    on = !on;
    localStorage.setItem("santorini-sound", on ? "on" : "off");
    show();
    wake();
  });
  // Browsers allow audio only after a gesture: the context is made at the first one.
  function wake() { if (on && !context) context = new AudioContext(); }
  document.addEventListener("pointerdown", wake);
  document.addEventListener("keydown", wake);

  document.addEventListener("santorini:state", () => {
    const turn = state.phase === "play" ? state.to_move : null;
    if (turn && lastTurn && turn !== lastTurn) play("turn");
    lastTurn = turn;
    if (state.error && !lastError) play("error");
    lastError = Boolean(state.error);
  });
  document.addEventListener("santorini:message", (event) => { if (event.detail) play("error"); });
  show();
})();
