// The class play lobby (logger_widget.classplay.Lobby): Python builds the view (`view`), this module
// only draws it and sends the pupil's presses as intents. Styles: the board's own (board.css, given the
// lobby's root class) and lobby.css.

/**
 * One button of the lobby: its text, its class and the intent it sends.
 * @typedef {object} LobbyButton
 * @property {string} label
 * @property {string} css
 * @property {Object<string, any>} intent
 */

/**
 * One row of a list: a text and its buttons.
 * @typedef {object} LobbyRow
 * @property {string} text
 * @property {LobbyButton[]} buttons
 */

/**
 * @typedef {object} LobbyList
 * @property {string} id
 * @property {string} heading
 * @property {LobbyRow[]} rows
 * @property {string} empty
 */

/**
 * @typedef {object} LobbyView
 * @property {string} lang
 * @property {boolean} hub
 * @property {string} title
 * @property {{kind: string, text: string}|null} notice
 * @property {{heading: string, status: string, lines: string[], buttons: LobbyButton[],
 *   table: {place: string, headings: string[], rows: {cells: string[], me: boolean}[]}|null, empty: string}} arena
 * @property {LobbyList[]} lists
 * @property {{players: {label: string, options: number[]}, bots: {label: string, options: number[]},
 *   limit: {label: string, placeholder: string}, open: string}} form
 * @property {string} refresh
 */

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

function render({ model, el }) {
  const root = h("div", { class: "lw-lobby-panel" });
  const send = (intent) => model.send({ type: "intent", ...intent });
  const title = h("h3", { class: "lw-lobby-title" });
  const notice = h("div", { class: "lw-lobby-notice", role: "status", "aria-live": "polite" });
  // the arena first: a pupil in it must not look for it
  const arenaHeading = h("h4", { class: "lw-h3" });
  const arenaStatus = h("div", { class: "lw-arena-status" });
  const arenaLines = h("div", { class: "lw-arena-you" });
  const arenaButtons = h("div", { class: "lw-toolrow" });
  const arenaTable = h("div", { class: "lw-arena-table" });
  const arena = h("section", { class: "lw-lobby-arena" }, arenaHeading, arenaStatus, arenaLines, arenaButtons, arenaTable);
  const lists = {};
  for (const id of ["online", "seeks", "games", "watch"]) {
    const heading = h("h4", { class: "lw-h3" });
    const body = h("ul", { class: "lw-lobby-list" });
    lists[id] = { heading, body, el: h("section", { class: `lw-lobby-part lw-lobby-part-${id}` }, heading, body) };
  }
  // the form of a new invitation: seats, bots, a turn limit (empty: none)
  const seatsLabel = h("span", {});
  const seats = h("select", { class: "lw-select lw-lobby-players" });
  const botsLabel = h("span", {});
  const bots = h("select", { class: "lw-select lw-lobby-bots" });
  const limitLabel = h("span", {});
  const limit = h("input", { type: "text", inputmode: "numeric", class: "lw-input lw-lobby-turn-limit", autocomplete: "off" });
  limit.addEventListener("keydown", (ev) => ev.stopPropagation()); // typing is not a notebook shortcut
  const open = h("button", { type: "submit", class: "lw-btn lw-btn-strong lw-lobby-open" });
  const form = h(
    "form",
    { class: "lw-lobby-form" },
    h("label", {}, seatsLabel, seats),
    h("label", {}, botsLabel, bots),
    h("label", {}, limitLabel, limit),
    open,
  );
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ action: "open_seek", players: Number(seats.value), bots: Number(bots.value), limit: limit.value });
  });
  lists.seeks.el.append(form);
  const refresh = h("button", { type: "button", class: "lw-btn lw-lobby-refresh" });
  refresh.addEventListener("click", () => send({ action: "refresh" }));
  root.append(title, notice, arena, lists.online.el, lists.seeks.el, lists.games.el, lists.watch.el, refresh);
  el.append(root);

  /** @param {LobbyButton} b */
  function button(b) {
    const el = h("button", { type: "button", class: `lw-btn ${b.css}` }, b.label);
    el.addEventListener("click", () => send(b.intent));
    return el;
  }

  // whether `value` differs from what `el` was last built from (remembered on it)
  function changed(el, value) {
    const key = JSON.stringify(value);
    if (el.dataset.key === key) return false;
    el.dataset.key = key;
    return true;
  }

  function options(select, values) {
    const key = values.join(",");
    if (select.dataset.options === key) return;
    const old = select.value;
    select.replaceChildren(...values.map((v) => h("option", { value: v }, String(v))));
    select.dataset.options = key;
    if (values.map(String).includes(old)) select.value = old;
  }

  function draw() {
    /** @type {LobbyView} */
    const view = model.get("view");
    if (!view || !view.title) return;
    root.setAttribute("lang", view.lang.replace("_", "-"));
    title.textContent = view.title;
    notice.hidden = !view.notice;
    notice.dataset.kind = view.notice ? view.notice.kind : "";
    notice.textContent = view.notice ? view.notice.text : "";
    // off the class hub only the notice is shown (it says that class play needs the hub)
    for (const part of [arena, refresh, ...Object.values(lists).map((l) => l.el)]) part.hidden = !view.hub;
    const a = view.arena;
    arenaHeading.textContent = a.heading;
    arenaStatus.textContent = a.status;
    arenaLines.replaceChildren(...a.lines.map((line) => h("div", {}, line)));
    // a part is rebuilt only when it changed: a button is never swapped under a click
    if (changed(arenaButtons, a.buttons)) arenaButtons.replaceChildren(...a.buttons.map(button));
    if (!changed(arenaTable, a.table || a.empty)) {
      // the same standings
    } else if (a.table) {
      const [place, ...rest] = a.table.headings;
      // the place's column is narrow: its heading is said to screen readers and shown as a tooltip only
      const head = h("tr", {}, h("th", { scope: "col", title: place, "aria-label": place }), ...rest.map((t) => h("th", { scope: "col" }, t)));
      const rows = a.table.rows.map((r) =>
        h("tr", r.me ? { class: "lw-arena-me" } : {}, ...r.cells.map((c, i) => h("td", i === 1 ? { class: "lw-arena-name" } : {}, c))),
      );
      arenaTable.replaceChildren(h("table", { class: "lw-arena-standings" }, h("thead", {}, head), h("tbody", {}, ...rows)));
    } else {
      arenaTable.replaceChildren(a.empty);
    }
    for (const list of view.lists) {
      const part = lists[list.id];
      part.heading.textContent = list.heading;
      if (!changed(part.body, list)) continue;
      const rows = list.rows.map((r) => h("li", { class: "lw-lobby-row" }, h("span", { class: "lw-lobby-text" }, r.text), ...r.buttons.map(button)));
      part.body.replaceChildren(...(rows.length ? rows : [h("li", { class: "lw-lobby-empty" }, list.empty)]));
    }
    const f = view.form;
    seatsLabel.textContent = f.players.label;
    options(seats, f.players.options);
    botsLabel.textContent = f.bots.label;
    options(bots, f.bots.options);
    limitLabel.textContent = f.limit.label;
    limit.placeholder = f.limit.placeholder;
    open.textContent = f.open;
    refresh.textContent = view.refresh;
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
