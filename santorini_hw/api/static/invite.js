// Invitations to the remote seats of the game in progress: for each remote seat, a button
// that invites (POST /api/seats/{player}/invite) and then shows the page's address and its
// QR code (drawn by the daemon) to scan at the table, and one that revokes it (DELETE). The
// token inside is shown here only, once: a new invitation replaces it, a new game drops it.
// A remote player's takeback request shows here too: the person at the board accepts it
// with Undo.
"use strict";

(() => {
  const box = element("section", "invites");
  box.id = "invites";
  box.setAttribute("aria-label", "remote players");
  box.hidden = true;
  $("setup-area").after(box);
  const invitations = new Map(); // player -> {url, qr}, for `gameId`
  let gameId = null;
  let drawn = "";

  async function invite(player) {
    const answer = await post(`seats/${encodeURIComponent(player)}/invite`).catch(() => null);
    if (answer) invitations.set(player, answer);
    draw();
  }

  async function revoke(player) {
    await request("DELETE", `seats/${encodeURIComponent(player)}/invite`).catch(() => null);
    invitations.delete(player);
    draw();
  }

  function seatRow(player) {
    const row = element("div", "invite");
    row.dataset.player = player;
    row.append(element("h3", "", `${displayName(player)} plays from afar`));
    const invitation = invitations.get(player);
    const again = element("button", "primary", invitation ? "New invitation" : `Invite ${displayName(player)}`);
    again.addEventListener("click", () => invite(player));
    row.append(again);
    if (!invitation) return row;
    const revokeButton = element("button", "", "Revoke");
    revokeButton.addEventListener("click", () => revoke(player));
    const code = element("img", "qr");
    code.src = invitation.qr;
    code.alt = `QR code of the invitation to play ${player}`;
    const link = element("a", "", "the invitation's address");
    link.href = invitation.url;
    const words = element("p", "note", "Scan it with the phone, or send ");
    words.append(link, document.createTextNode(" (it plays this seat: share it with that player only)."));
    row.append(revokeButton, code, words);
    return row;
  }

  function draw() {
    if (!state) return;
    if (state.game_id !== gameId) { invitations.clear(); gameId = state.game_id; }
    const remote = Object.keys(state.seats || {}).filter((p) => state.seats[p].kind === "remote");
    const playing = state.phase === "placement" || state.phase === "play";
    const asked = state.takeback_request;
    const signature = JSON.stringify([gameId, remote, playing, [...invitations.values()].map((i) => i.url), asked]);
    if (signature === drawn) return;
    drawn = signature;
    box.hidden = !remote.length || !playing;
    const parts = [];
    if (asked) {
      const asks = element("p", "takeback", `${displayName(asked.player)} asks for a takeback: press Undo to accept, or play on`);
      asks.setAttribute("role", "status");
      parts.push(asks);
    }
    box.replaceChildren(...parts, ...remote.map(seatRow));
  }

  document.addEventListener("santorini:state", draw);
})();
