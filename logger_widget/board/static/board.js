// Logger board — the anywidget front end of logger_widget.Board.
//
// Python is the single source of truth: this module only draws the view model
// that Python syncs as the `_view` trait and reports the player's intents with
// `model.send({type: "intent", client, seq, version, action, ...})`.
// It contains no user-visible text: every string comes from the view model.

const SVG_NS = "http://www.w3.org/2000/svg";
const KINDS = ["plant", "protest", "chop"];
const FILES = ["a", "b", "c", "d", "e"];
const RANKS = ["5", "4", "3", "2", "1"];

// Okabe–Ito colours for the loggers (colour-blind safe) and the text drawn on them.
const SEAT_COLOURS = ["#0072B2", "#D55E00", "#CC79A7", "#E69F00"];
const SEAT_TEXT = ["#ffffff", "#ffffff", "#1b1b1b", "#1b1b1b"];

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

// ---------------------------------------------------------------- pieces (SVG markup, viewBox 0 0 100 100)

// Trees are stacked pyramids seen from the side: 1, 2 or 3 tiers, so the stage
// shows in the silhouette as well as the size.
const TIERS = [
  "M15 86 L50 36 L85 86 Z", // large pyramid
  "M25 60 L50 18 L75 60 Z", // medium pyramid, on top of the large one
  "M34 36 L50 5 L66 36 Z", // small pyramid, on top of the medium one
];
const TIER_FILL = ["#1e6b35", "#2f8f4b", "#55b365"];

function treeMarkup(piece, protestedFlag) {
  const n = piece === "seedling" ? 1 : piece === "sapling" ? 2 : 3;
  let out = `<g class="lw-piece lw-tree" data-piece="${piece}"${protestedFlag ? ' data-protested="true"' : ""}>`;
  out += `<rect x="44" y="84" width="12" height="10" rx="2" fill="#7a4b24" stroke="#3b2410" stroke-width="2"/>`;
  for (let i = 0; i < n; i++) {
    out += `<path d="${TIERS[i]}" fill="${TIER_FILL[i]}" stroke="#0f2d18" stroke-width="3" stroke-linejoin="round"/>`;
  }
  if (protestedFlag) {
    // the protester: a bright cap on the top of the tree, with a "!" sign
    out +=
      `<g class="lw-protester">` +
      `<path d="M33 17 Q33 -3 50 -3 Q67 -3 67 17 Z" fill="#F0E442" stroke="#1b1b1b" stroke-width="3" stroke-linejoin="round"/>` +
      `<rect x="27" y="15" width="46" height="8" rx="4" fill="#F0E442" stroke="#1b1b1b" stroke-width="3"/>` +
      `<rect x="47.5" y="1" width="5" height="8" rx="1.5" fill="#1b1b1b"/>` +
      `<circle cx="50" cy="12.5" r="2.2" fill="#1b1b1b"/>` +
      `</g>`;
  }
  return out + "</g>";
}

function loggerMarkup(seat) {
  const fill = SEAT_COLOURS[(seat - 1) % 4];
  const ink = SEAT_TEXT[(seat - 1) % 4];
  return (
    `<g class="lw-piece lw-logger" data-piece="logger-${seat}">` +
    `<ellipse cx="50" cy="86" rx="27" ry="7" fill="rgba(0,0,0,0.18)"/>` +
    `<path d="M28 86 Q28 56 40 48 L60 48 Q72 56 72 86 Z" fill="${fill}" stroke="#1b1b1b" stroke-width="3" stroke-linejoin="round"/>` +
    `<circle cx="50" cy="31" r="15" fill="${fill}" stroke="#1b1b1b" stroke-width="3"/>` +
    `<text x="50" y="79" text-anchor="middle" font-size="27" font-weight="800" fill="${ink}" font-family="system-ui, sans-serif">${seat}</text>` +
    `</g>`
  );
}

function ghostMarkup(seat) {
  // where the logger stood before the last turn: a dashed outline of the pawn
  const colour = SEAT_COLOURS[(seat - 1) % 4];
  return (
    `<g class="lw-ghost" aria-hidden="true" opacity="0.8">` +
    `<path d="M28 86 Q28 56 40 48 L60 48 Q72 56 72 86 Z" fill="none" stroke="${colour}" stroke-width="4" stroke-dasharray="7 5" stroke-linejoin="round"/>` +
    `<circle cx="50" cy="31" r="15" fill="none" stroke="${colour}" stroke-width="4" stroke-dasharray="7 5"/></g>`
  );
}

function stumpMarkup() {
  return (
    `<g class="lw-stump" aria-hidden="true">` +
    `<ellipse cx="50" cy="84" rx="14" ry="5" fill="#a8743f" stroke="#3b2410" stroke-width="2.5"/>` +
    `<path d="M36 84 L36 74 Q50 68 64 74 L64 84" fill="#c58d52" stroke="#3b2410" stroke-width="2.5"/>` +
    `<ellipse cx="50" cy="74" rx="14" ry="5" fill="#e2b07a" stroke="#3b2410" stroke-width="2.5"/>` +
    `</g>`
  );
}

function markMarkup(mark, seat) {
  const colour = SEAT_COLOURS[(seat - 1) % 4];
  switch (mark) {
    case "move":
      return `<circle class="lw-mark lw-mark-move" cx="50" cy="50" r="15" fill="${colour}" fill-opacity="0.75" stroke="#1b1b1b" stroke-width="3"/>`;
    case "stay":
      return `<circle class="lw-mark lw-mark-stay" cx="50" cy="52" r="45" fill="none" stroke="#1b1b1b" stroke-width="4" stroke-dasharray="9 6"/>`;
    case "spawn":
    case "plant":
      return (
        `<g class="lw-mark lw-mark-${mark}"><path d="M15 86 L50 36 L85 86 Z" fill="#55b365" fill-opacity="0.35" stroke="#0f2d18" stroke-width="3" stroke-dasharray="7 5" stroke-linejoin="round"/>` +
        `<circle cx="78" cy="22" r="13" fill="#ffffff" stroke="#0f2d18" stroke-width="3"/>` +
        `<path d="M78 15 V29 M71 22 H85" stroke="#0f2d18" stroke-width="4" stroke-linecap="round"/></g>`
      );
    case "chop":
      // an axe in the corner and a bold dashed ring
      return (
        `<g class="lw-mark lw-mark-chop"><rect x="4" y="4" width="92" height="92" rx="12" fill="none" stroke="#1b1b1b" stroke-width="5" stroke-dasharray="12 7"/>` +
        `<g transform="translate(70 8) rotate(20)"><rect x="6" y="4" width="5" height="24" rx="2" fill="#7a4b24" stroke="#1b1b1b" stroke-width="2"/>` +
        `<path d="M3 2 Q14 -2 18 6 L11 12 L3 10 Z" fill="#d9d9d9" stroke="#1b1b1b" stroke-width="2" stroke-linejoin="round"/></g></g>`
      );
    case "protest":
      return (
        `<g class="lw-mark lw-mark-protest"><path d="M33 17 Q33 -3 50 -3 Q67 -3 67 17 Z" fill="#F0E442" fill-opacity="0.6" stroke="#1b1b1b" stroke-width="3" stroke-dasharray="6 4"/>` +
        `<rect x="4" y="4" width="92" height="92" rx="12" fill="none" stroke="#1b1b1b" stroke-width="4" stroke-dasharray="4 6"/></g>`
      );
    case "chosen":
      return (
        `<g class="lw-mark lw-mark-chosen"><rect x="4" y="4" width="92" height="92" rx="12" fill="none" stroke="#1b1b1b" stroke-width="5"/>` +
        `<circle cx="82" cy="82" r="13" fill="#009E73" stroke="#1b1b1b" stroke-width="3"/>` +
        `<path d="M75 82 L80 87 L89 77" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></g>`
      );
    default:
      return "";
  }
}

function badgeMarkup(cell) {
  let out = "";
  if (cell.grew) {
    // a small upward arrow: "this tree grew"
    out +=
      `<g class="lw-badge lw-badge-grew"><circle cx="15" cy="16" r="11" fill="#ffffff" stroke="#009E73" stroke-width="3"/>` +
      `<path d="M15 23 V10 M9 15 L15 9 L21 15" fill="none" stroke="#009E73" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></g>`;
  }
  if (cell.new) {
    out +=
      `<g class="lw-badge lw-badge-new"><path d="M15 4 L18 12 L26 15 L18 18 L15 26 L12 18 L4 15 L12 12 Z" fill="#F0E442" stroke="#1b1b1b" stroke-width="2"/></g>`;
  }
  if (cell.spawner) {
    out += `<circle class="lw-badge lw-badge-spawner" cx="50" cy="50" r="46" fill="none" stroke="#009E73" stroke-width="4" stroke-dasharray="3 5"/>`;
  }
  return out;
}

function cellMarkup(cell, view, extra) {
  let out = "";
  if (extra.stump) out += stumpMarkup();
  if (extra.ghost) out += ghostMarkup(extra.ghost);
  if (cell.mark === "stay") out += markMarkup("stay", view.to_move);
  if (cell.logger) out += loggerMarkup(cell.logger);
  else if (cell.piece) out += treeMarkup(cell.piece, cell.protested);
  if (cell.mark && cell.mark !== "stay") out += markMarkup(cell.mark, view.to_move);
  out += badgeMarkup(cell);
  if (extra.sparkle) {
    out += `<g class="lw-badge lw-badge-new"><path d="M15 4 L18 12 L26 15 L18 18 L15 26 L12 18 L4 15 L12 12 Z" fill="#F0E442" stroke="#1b1b1b" stroke-width="2"/></g>`;
  }
  return out;
}

// Small icons for the action buttons and the result (no emoji: they are not on every machine).
const ICONS = {
  plant:
    `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><path d="M15 86 L50 36 L85 86 Z" fill="#2f8f4b" stroke="#0f2d18" stroke-width="6" stroke-linejoin="round"/>` +
    `<circle cx="78" cy="26" r="19" fill="#fff" stroke="#0f2d18" stroke-width="6"/><path d="M78 15 V37 M67 26 H89" stroke="#0f2d18" stroke-width="7" stroke-linecap="round"/></svg>`,
  protest:
    `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><path d="M22 64 Q22 18 50 18 Q78 18 78 64 Z" fill="#F0E442" stroke="#1b1b1b" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="10" y="60" width="80" height="16" rx="8" fill="#F0E442" stroke="#1b1b1b" stroke-width="6"/><rect x="45" y="28" width="10" height="18" rx="3" fill="#1b1b1b"/><circle cx="50" cy="53" r="5" fill="#1b1b1b"/></svg>`,
  chop:
    `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><g transform="rotate(30 50 50)"><rect x="44" y="14" width="12" height="78" rx="5" fill="#a0652f" stroke="#1b1b1b" stroke-width="5"/>` +
    `<path d="M30 10 Q62 2 74 18 L74 40 Q60 34 44 40 L30 34 Z" fill="#d9d9d9" stroke="#1b1b1b" stroke-width="5" stroke-linejoin="round"/></g></svg>`,
  trophy:
    `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><path d="M28 10 H72 V36 Q72 62 50 64 Q28 62 28 36 Z" fill="#E69F00" stroke="#1b1b1b" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M28 18 H14 Q12 40 30 44 M72 18 H86 Q88 40 70 44" fill="none" stroke="#1b1b1b" stroke-width="5"/><rect x="44" y="64" width="12" height="14" fill="#E69F00" stroke="#1b1b1b" stroke-width="5"/>` +
    `<rect x="28" y="78" width="44" height="12" rx="3" fill="#E69F00" stroke="#1b1b1b" stroke-width="5"/></svg>`,
};

function legendIcon(piece) {
  const inner =
    piece === "logger" ? loggerMarkup(1) : piece === "protested" ? treeMarkup("mature", true) : treeMarkup(piece, false);
  return `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">${inner.replace(/ data-piece="[^"]*"| data-protested="true"/g, "")}</svg>`;
}

// ---------------------------------------------------------------- the widget

function render({ model, el }) {
  const client = `v${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
  let seq = 0;
  let view = model.get("_view") || {};
  const ui = {
    focus: "c3", // keyboard cursor
    preview: null, // chop preview shown (cell id)
    confirmNew: false,
    copied: null,
    notationLpn: null,
    cellKeys: {},
  };

  let pendingTimer = null;
  function send(action, extra = {}) {
    seq += 1;
    try {
      model.send({ type: "intent", client, seq, version: view.version, action, ...extra });
    } catch (err) {
      // the kernel is gone (restarted or shut down): nothing to do until the cell runs again
      console.warn("logger_widget: cannot reach the kernel", err);
      return;
    }
    root.classList.add("lw-pending");
    clearTimeout(pendingTimer);
    pendingTimer = setTimeout(() => root.classList.remove("lw-pending"), 4000);
  }

  // ---- skeleton
  // data-lm-suppress-shortcuts: keys pressed on the board are not JupyterLab shortcuts
  const root = h("div", { class: "lw-board", "data-version": "0", "data-lm-suppress-shortcuts": "true" });
  const title = h("h2", { class: "lw-title" });
  const phases = h("ol", { class: "lw-phases" });
  const langLabel = h("span", { class: "lw-lang-label" });
  const langSelect = h("select", { "data-testid": "locale", class: "lw-select" });
  const newGameBtn = h("button", { type: "button", class: "lw-btn lw-btn-quiet", "data-testid": "new-game" });
  const top = h(
    "header",
    { class: "lw-top" },
    title,
    phases,
    h("div", { class: "lw-top-right" }, h("label", { class: "lw-lang" }, langLabel, langSelect), newGameBtn),
  );
  const banner = h("div", { class: "lw-banner", "data-testid": "banner", hidden: true });

  const grid = h("div", { class: "lw-grid", role: "grid" });
  const cellEls = {};
  for (const r of RANKS) {
    const row = h("div", { class: "lw-row", role: "row" });
    for (const f of FILES) {
      const id = f + r;
      const cellSvg = svg("svg", { viewBox: "0 0 100 100", "aria-hidden": "true", focusable: "false" });
      const c = h("div", {
        class: "lw-cell",
        role: "gridcell",
        tabindex: "-1",
        "data-cell": id,
        "data-dark": (FILES.indexOf(f) + RANKS.indexOf(r)) % 2 ? "true" : null,
      });
      c.append(cellSvg);
      c.addEventListener("click", () => chooseCell(id));
      c.addEventListener("mouseenter", () => setPreview(id));
      c.addEventListener("mouseleave", () => setPreview(null));
      c.addEventListener("focus", () => {
        ui.focus = id;
        updateRoving();
        setPreview(id);
      });
      c.addEventListener("blur", () => setPreview(null));
      cellEls[id] = { el: c, svg: cellSvg };
      row.append(c);
    }
    grid.append(row);
  }
  grid.addEventListener("keydown", onGridKey);
  const overlay = svg("svg", { class: "lw-overlay", viewBox: "0 0 500 500", "aria-hidden": "true" });
  const rankCoords = h("div", { class: "lw-coords lw-coords-ranks", "aria-hidden": "true" }, ...RANKS.map((r) => h("span", {}, r)));
  const fileCoords = h("div", { class: "lw-coords lw-coords-files", "aria-hidden": "true" }, ...FILES.map((f) => h("span", {}, f)));
  const boardHelp = h("p", { class: "lw-sr", id: `${client}-help` });
  grid.setAttribute("aria-describedby", `${client}-help`);
  const gridWrap = h("div", { class: "lw-gridwrap" }, grid, overlay);
  const boardArea = h(
    "div",
    { class: "lw-boardarea" },
    h("div", { class: "lw-boardframe" }, rankCoords, gridWrap, h("span"), fileCoords),
    boardHelp,
  );

  const players = h("div", { class: "lw-players" });
  const statusEl = h("div", { class: "lw-status", role: "status", "aria-live": "polite", "data-testid": "status" });
  const noticeEl = h("div", { class: "lw-notice", "data-testid": "message", "aria-live": "assertive", hidden: true });
  const taskEl = h("div", { class: "lw-task", "data-testid": "task", hidden: true });
  const actionButtons = {};
  const actionRow = h("div", { class: "lw-actionrow" });
  for (const k of KINDS) {
    const b = h("button", { type: "button", class: `lw-btn lw-action lw-action-${k}`, "data-testid": `action-${k}` });
    b.innerHTML = `<span class="lw-icon">${ICONS[k]}</span><span class="lw-action-label"></span>`;
    b.addEventListener("click", () => send("action", { kind: k }));
    actionButtons[k] = b;
    actionRow.append(b);
  }
  const doneBtn = h("button", { type: "button", class: "lw-btn lw-btn-strong", "data-testid": "protest-done" });
  doneBtn.addEventListener("click", () => send("done"));
  const backBtn = h("button", { type: "button", class: "lw-btn lw-btn-quiet", "data-testid": "cancel" });
  backBtn.addEventListener("click", () => send("back"));
  const actionsTitle = h("h3", { class: "lw-h3" });
  const actionsBox = h(
    "div",
    { class: "lw-actions", role: "group" },
    actionsTitle,
    actionRow,
    h("div", { class: "lw-actionrow lw-actionrow-2" }, doneBtn, backBtn),
  );
  const previewEl = h("div", { class: "lw-preview", "data-testid": "chop-preview", "aria-live": "polite", hidden: true });
  const pausedBox = h("div", { class: "lw-paused", hidden: true });
  const retryBtn = h("button", { type: "button", class: "lw-btn lw-btn-strong", "data-testid": "retry-bot" });
  retryBtn.addEventListener("click", () => send("retry"));
  const takeOverBtn = h("button", { type: "button", class: "lw-btn", "data-testid": "take-over" });
  takeOverBtn.addEventListener("click", () => send("take_over"));
  pausedBox.append(retryBtn, takeOverBtn);
  const resultEl = h("div", { class: "lw-result", "data-testid": "result", hidden: true });
  const hintBtn = h("button", { type: "button", class: "lw-btn", "data-testid": "hint" });
  hintBtn.addEventListener("click", () => send("hint"));
  const undoBtn = h("button", { type: "button", class: "lw-btn", "data-testid": "undo" });
  undoBtn.addEventListener("click", () => send("undo"));
  const redoBtn = h("button", { type: "button", class: "lw-btn", "data-testid": "redo" });
  redoBtn.addEventListener("click", () => send("redo"));
  const toolsRow = h("div", { class: "lw-toolrow" }, hintBtn, undoBtn, redoBtn);
  const hintEl = h("div", { class: "lw-hinttext", "data-testid": "hint-text", hidden: true });
  const lastEl = h("div", { class: "lw-last", "data-testid": "last-turn", hidden: true });
  const side = h(
    "div",
    { class: "lw-side" },
    players,
    taskEl,
    statusEl,
    noticeEl,
    pausedBox,
    resultEl,
    actionsBox,
    previewEl,
    toolsRow,
    hintEl,
    lastEl,
  );
  const main = h("div", { class: "lw-main" }, boardArea, side);

  // ---- bottom: history, replay, notation, records, legend
  const historyTitle = h("h3", { class: "lw-h3" });
  const historyList = h("ol", { class: "lw-history", "data-testid": "history" });
  const replayLabel = h("span", { class: "lw-replay-label" });
  const replayValue = h("span", { class: "lw-replay-value" });
  const replay = h("input", { type: "range", min: "0", max: "0", step: "1", value: "0", "data-testid": "replay", class: "lw-range" });
  replay.addEventListener("input", () => send("replay", { ply: Number(replay.value) }));
  const replayExit = h("button", { type: "button", class: "lw-btn lw-btn-strong", "data-testid": "replay-exit", hidden: true });
  replayExit.addEventListener("click", () => send("replay", { ply: null }));
  const historyBox = h(
    "section",
    { class: "lw-historybox" },
    historyTitle,
    historyList,
    h("label", { class: "lw-replay" }, replayLabel, replay, replayValue),
    replayExit,
  );
  const notationLabel = h("span", {});
  const notationInput = h("input", {
    type: "text",
    class: "lw-input",
    "data-testid": "notation-input",
    autocomplete: "off",
    spellcheck: "false",
  });
  const notationBtn = h("button", { type: "submit", class: "lw-btn", "data-testid": "notation-submit" });
  const notationForm = h(
    "form",
    { class: "lw-notation" },
    h("label", {}, notationLabel, notationInput),
    notationBtn,
  );
  notationForm.addEventListener("submit", (e) => {
    e.preventDefault();
    ui.notationLpn = view.lpn;
    send("notation", { text: notationInput.value });
  });
  notationInput.addEventListener("keydown", (e) => e.stopPropagation());
  const lpnInput = h("input", { type: "text", readonly: true, class: "lw-input lw-lpn", "data-testid": "lpn" });
  const copyBtn = h("button", { type: "button", class: "lw-btn", "data-testid": "copy-lpn" });
  copyBtn.addEventListener("click", copyLpn);
  const copyMsg = h("span", { class: "lw-copymsg", "aria-live": "polite" });
  const exportBtn = h("button", { type: "button", class: "lw-btn", "data-testid": "export" });
  exportBtn.addEventListener("click", () => send("export"));
  const importFile = h("input", { type: "file", accept: ".json,application/json,text/plain", hidden: true, "data-testid": "import-file" });
  const importBtn = h("button", { type: "button", class: "lw-btn", "data-testid": "import" });
  importBtn.addEventListener("click", () => importFile.click());
  importFile.addEventListener("change", async () => {
    const file = importFile.files && importFile.files[0];
    if (!file) return;
    const text = await file.text();
    importFile.value = "";
    send("import", { text });
  });
  const gameTitle = h("h3", { class: "lw-h3" });
  const legendTitle = h("h3", { class: "lw-h3" });
  const legend = h("ul", { class: "lw-legend" });
  const keysEl = h("p", { class: "lw-keys" });
  const toolsBox = h(
    "section",
    { class: "lw-toolsbox" },
    gameTitle,
    notationForm,
    h("div", { class: "lw-lpnrow" }, lpnInput, copyBtn),
    copyMsg,
    h("div", { class: "lw-toolrow" }, exportBtn, importBtn, importFile),
    legendTitle,
    legend,
    keysEl,
  );
  const bottom = h("div", { class: "lw-bottom" }, historyBox, toolsBox);

  const chartImg = h("img", { class: "lw-chart-img", alt: "" });
  const chartBox = h("section", { class: "lw-chart", "data-testid": "chart", hidden: true }, chartImg);
  root.append(top, banner, main, bottom, chartBox);
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && view.back && view.back.enabled) {
      e.preventDefault();
      send("back");
    }
  });
  el.append(root);

  langSelect.addEventListener("change", () => {
    model.set("locale", langSelect.value);
    model.save_changes();
  });
  newGameBtn.addEventListener("click", () => {
    if (!ui.confirmNew && view.lpn && view.history && view.history.items.length && !view.over) {
      ui.confirmNew = true;
      newGameBtn.textContent = view.labels.confirm_new_game || view.labels.new_game;
      newGameBtn.classList.add("lw-confirm");
      setTimeout(() => {
        ui.confirmNew = false;
        draw();
      }, 4000);
      return;
    }
    ui.confirmNew = false;
    send("new_game");
  });

  // ---- interaction helpers
  function chooseCell(id) {
    if (!view.cells) return;
    ui.focus = id;
    send("cell", { cell: id });
  }

  function cellData(id) {
    if (!view.cells) return null;
    const r = RANKS.indexOf(id[1]);
    const f = FILES.indexOf(id[0]);
    return view.cells[r] && view.cells[r][f];
  }

  function onGridKey(e) {
    const f = FILES.indexOf(ui.focus[0]);
    const r = RANKS.indexOf(ui.focus[1]);
    let nf = f;
    let nr = r;
    switch (e.key) {
      case "ArrowLeft":
        nf = Math.max(0, f - 1);
        break;
      case "ArrowRight":
        nf = Math.min(4, f + 1);
        break;
      case "ArrowUp":
        nr = Math.max(0, r - 1);
        break;
      case "ArrowDown":
        nr = Math.min(4, r + 1);
        break;
      case "Home":
        nf = 0;
        break;
      case "End":
        nf = 4;
        break;
      case "Enter":
      case " ":
        e.preventDefault();
        chooseCell(ui.focus);
        return;
      default:
        return;
    }
    e.preventDefault();
    ui.focus = FILES[nf] + RANKS[nr];
    updateRoving();
    cellEls[ui.focus].el.focus();
  }

  function updateRoving() {
    for (const [id, c] of Object.entries(cellEls)) c.el.setAttribute("tabindex", id === ui.focus ? "0" : "-1");
  }

  function setPreview(id) {
    const p = id && view.previews ? view.previews[id] : null;
    ui.preview = p ? id : null;
    drawPreview();
  }

  function drawPreview() {
    const p = ui.preview && view.previews ? view.previews[ui.preview] : null;
    const felled = new Set(p ? p.felled : []);
    for (const [id, c] of Object.entries(cellEls)) c.el.classList.toggle("lw-fall", felled.has(id));
    if (p) {
      previewEl.hidden = false;
      previewEl.replaceChildren(
        h("strong", {}, p.title),
        h("ul", {}, ...p.lines.map((line) => h("li", {}, line))),
      );
    } else {
      previewEl.hidden = true;
      previewEl.replaceChildren();
    }
    drawOverlay();
  }

  async function copyLpn() {
    const text = view.lpn || "";
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        ok = true;
      }
    } catch (err) {
      ok = false;
    }
    if (!ok) {
      lpnInput.focus();
      lpnInput.select();
      try {
        ok = document.execCommand("copy");
      } catch (err) {
        ok = false;
      }
    }
    ui.copied = ok ? "copied" : "copy_failed";
    copyMsg.textContent = view.labels[ui.copied] || "";
    setTimeout(() => {
      ui.copied = null;
      copyMsg.textContent = "";
    }, 3000);
  }

  function onCustom(msg) {
    if (!msg || msg.type !== "download") return;
    const blob = new Blob([msg.text], { type: msg.mime || "application/json" });
    const url = URL.createObjectURL(blob);
    const a = h("a", { href: url, download: msg.filename || "logger-game.json", hidden: true });
    root.append(a);
    a.click();
    setTimeout(() => {
      URL.revokeObjectURL(url);
      a.remove();
    }, 1000);
  }

  // ---- drawing
  function centre(id) {
    const f = FILES.indexOf(id[0]);
    const r = RANKS.indexOf(id[1]);
    return [f * 100 + 50, r * 100 + 50];
  }

  function arrow(from, to, colour, cls, shorten = 44) {
    const [x1, y1] = centre(from);
    const [x2, y2] = centre(to);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    const sx = x1 + ux * 20;
    const sy = y1 + uy * 20;
    const ex = x2 - ux * shorten;
    const ey = y2 - uy * shorten;
    const g = svg("g", { class: cls });
    g.append(svg("line", { x1: sx, y1: sy, x2: ex, y2: ey, stroke: "#1b1b1b", "stroke-width": 11, "stroke-linecap": "round", opacity: 0.5 }));
    g.append(svg("line", { x1: sx, y1: sy, x2: ex, y2: ey, stroke: colour, "stroke-width": 6, "stroke-linecap": "round" }));
    const px = -uy;
    const py = ux;
    const head = `${ex + ux * 14},${ey + uy * 14} ${ex + px * 12},${ey + py * 12} ${ex - px * 12},${ey - py * 12}`;
    g.append(svg("polygon", { points: head, fill: colour, stroke: "#1b1b1b", "stroke-width": 3, "stroke-linejoin": "round" }));
    return g;
  }

  function drawOverlay() {
    overlay.replaceChildren();
    const last = view.last;
    if (last && last.origin !== last.destination) {
      overlay.append(arrow(last.origin, last.destination, SEAT_COLOURS[(last.seat - 1) % 4], "lw-arrow-move"));
    }
    const p = ui.preview && view.previews ? view.previews[ui.preview] : null;
    if (p && p.felled.length) {
      // the chopped tree falls away from the logger: a dotted line over the trees that fall
      const loggerCell = findLogger(view.to_move);
      if (loggerCell) {
        const [tx, ty] = centre(ui.preview);
        const [lx, ly] = centre(loggerCell);
        const [fx, fy] = centre(p.felled[p.felled.length - 1]);
        const dx = Math.sign(tx - lx);
        const dy = Math.sign(ty - ly);
        const g = svg("g", { class: "lw-arrow-fall" });
        g.append(
          svg("line", {
            x1: tx - dx * 20,
            y1: ty - dy * 20,
            x2: fx + dx * 34,
            y2: fy + dy * 34,
            stroke: "#D55E00",
            "stroke-width": 9,
            "stroke-linecap": "round",
            "stroke-dasharray": "1 16",
          }),
        );
        overlay.append(g);
      }
    }
  }

  function findLogger(seat) {
    if (!view.cells) return null;
    for (const row of view.cells) for (const c of row) if (c.logger === seat) return c.id;
    return null;
  }

  function drawCells() {
    const last = view.last;
    const stumps = new Set(last ? last.felled : []);
    const sparkles = new Set(last ? last.spawned : []);
    const grewLast = new Set(last ? last.grew : []);
    const lastFrom = last ? last.origin : null;
    const lastTo = last ? last.destination : null;
    const lastTargets = new Set(last ? last.targets : []);
    let firstSelectable = null;
    for (const row of view.cells) {
      for (const cell of row) {
        const c = cellEls[cell.id];
        if (!c) continue;
        const stump = stumps.has(cell.id) && !cell.piece && !cell.logger;
        const sparkle = sparkles.has(cell.id) && !cell.new;
        const shown = { ...cell, grew: cell.grew || (grewLast.has(cell.id) && !!cell.piece) };
        const ghost = cell.id === lastFrom && lastFrom !== lastTo && !cell.piece && !cell.logger ? last.seat : 0;
        const key = JSON.stringify([shown, stump, sparkle, ghost, view.to_move]);
        if (ui.cellKeys[cell.id] !== key) {
          ui.cellKeys[cell.id] = key;
          c.svg.innerHTML = cellMarkup(shown, view, { stump, sparkle, ghost });
        }
        const e = c.el;
        e.setAttribute("aria-label", cell.label);
        e.dataset.mark = cell.mark || "";
        e.classList.toggle("lw-selectable", !!cell.selectable);
        e.classList.toggle("lw-suggested", !!cell.suggested);
        e.classList.toggle("lw-last-from", cell.id === lastFrom && lastFrom !== lastTo);
        e.classList.toggle("lw-last-to", cell.id === lastTo);
        e.classList.toggle("lw-last-target", lastTargets.has(cell.id) || stump);
        e.setAttribute("aria-disabled", cell.selectable ? "false" : "true");
        e.setAttribute("aria-selected", cell.mark === "chosen" ? "true" : "false");
        if (cell.selectable && !firstSelectable) firstSelectable = cell.id;
      }
    }
    // keep the keyboard cursor on something useful
    const focused = grid.contains(document.activeElement);
    const cur = cellData(ui.focus);
    if (firstSelectable && (!cur || !cur.selectable)) {
      ui.focus = firstSelectable;
      updateRoving();
      if (focused) cellEls[ui.focus].el.focus();
    } else {
      updateRoving();
    }
  }

  function drawPlayers() {
    const items = view.players.map((p) => {
      const colour = SEAT_COLOURS[(p.seat - 1) % 4];
      const icon = h("span", { class: "lw-pawn", "aria-hidden": "true" });
      icon.innerHTML = `<svg viewBox="0 0 100 100" focusable="false">${loggerMarkup(p.seat).replace(/ data-piece="[^"]*"/, "")}</svg>`;
      const supplyIcons = h("span", { class: "lw-caps", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(p.supply, 8); i++) supplyIcons.append(h("span", { class: "lw-cap" }));
      const card = h(
        "div",
        {
          class: `lw-player${p.to_move ? " lw-player-tomove" : ""}${p.winner ? " lw-player-winner" : ""}${p.thinking ? " lw-player-thinking" : ""}`,
          "data-seat": p.seat,
          style: `--seat:${colour}`,
          "data-testid": `player-${p.seat}`,
        },
        icon,
        h(
          "div",
          { class: "lw-player-text" },
          h(
            "div",
            { class: "lw-player-name" },
            p.name,
            p.first ? h("span", { class: "lw-first", title: view.labels.first_player }, "⚑ " + view.labels.first_player) : null,
          ),
          h("div", { class: "lw-player-kind" }, p.kind_text, p.bot_name ? h("span", { class: "lw-botname" }, ` · ${p.bot_name}`) : null),
          h(
            "div",
            { class: "lw-supply", title: view.labels.supply },
            supplyIcons,
            h("span", { class: "lw-supply-text" }, p.supply_text),
          ),
        ),
        h(
          "div",
          { class: "lw-player-score" },
          h("div", { class: "lw-score", "data-testid": `score-${p.seat}`, "aria-label": `${p.name}: ${p.score_text}` }, p.score_text),
          p.badge ? h("div", { class: "lw-badge-text" }, p.thinking ? h("span", { class: "lw-spinner", "aria-hidden": "true" }) : null, p.badge) : null,
        ),
      );
      return card;
    });
    players.replaceChildren(...items);
    players.setAttribute("aria-label", view.labels.players);
  }

  function trophy() {
    const t = h("div", { class: "lw-trophy", "aria-hidden": "true" });
    t.innerHTML = ICONS.trophy;
    return t;
  }

  function drawHistory() {
    const items = view.history.items;
    if (!items.length) {
      historyList.replaceChildren(h("li", { class: "lw-history-empty" }, view.history.empty));
    } else {
      historyList.replaceChildren(
        ...items.map((it) => {
          const b = h(
            "button",
            {
              type: "button",
              class: `lw-history-item${it.current ? " lw-current" : ""}`,
              "aria-label": it.label,
              title: it.label,
              "aria-current": it.current ? "step" : null,
              style: `--seat:${SEAT_COLOURS[(it.seat - 1) % 4]}`,
            },
            h("span", { class: "lw-history-who" }, it.who),
            h("code", {}, it.notation),
          );
          b.addEventListener("click", () => send("replay", { ply: it.ply }));
          return h("li", {}, b);
        }),
      );
      const cur = historyList.querySelector(".lw-current");
      if (cur && !view.replay.active) historyList.scrollTop = historyList.scrollHeight;
      else if (cur) cur.scrollIntoView({ block: "nearest" });
    }
  }

  function draw() {
    view = model.get("_view") || {};
    if (!view.cells) return;
    const L = view.labels;
    root.classList.remove("lw-pending");
    root.dataset.version = String(view.version);
    root.dataset.stage = view.stage;
    root.dataset.toMove = String(view.to_move);
    root.dataset.over = view.over ? "true" : "false";
    root.dataset.interactive = view.interactive ? "true" : "false";
    root.dataset.replay = view.replay.active ? "true" : "false";
    root.setAttribute("lang", view.lang);
    root.style.setProperty("--mover", SEAT_COLOURS[(view.to_move - 1) % 4]);

    title.textContent = L.title;
    phases.setAttribute("aria-label", L.phase);
    phases.replaceChildren(
      ...view.phases.map((p) => h("li", { class: `lw-phase lw-phase-${p.state}`, "aria-current": p.state === "current" ? "step" : null }, p.label)),
    );
    langLabel.textContent = L.language;
    if (langSelect.options.length !== view.languages.length) {
      langSelect.replaceChildren(...view.languages.map((l) => h("option", { value: l.id, lang: l.id }, l.label)));
    }
    langSelect.value = view.lang;
    if (!ui.confirmNew) {
      newGameBtn.textContent = L.new_game;
      newGameBtn.classList.remove("lw-confirm");
    }

    banner.hidden = !view.banner;
    if (view.banner) banner.replaceChildren(h("strong", {}, view.banner.title + ": "), view.banner.text);

    grid.setAttribute("aria-label", L.board);
    boardHelp.textContent = L.board_help;
    drawCells();
    drawPlayers();

    statusEl.textContent = view.status.text;
    statusEl.dataset.kind = view.status.kind;
    if (view.status.kind === "thinking") statusEl.prepend(h("span", { class: "lw-spinner", "aria-hidden": "true" }));

    chartBox.hidden = !view.chart;
    if (view.chart && chartImg.getAttribute("src") !== view.chart.src) {
      chartImg.setAttribute("src", view.chart.src);
    }
    if (view.chart) chartImg.setAttribute("alt", view.chart.alt);
    taskEl.hidden = !view.task;
    taskEl.textContent = view.task || "";
    noticeEl.hidden = !view.notice;
    noticeEl.dataset.kind = view.notice ? view.notice.kind : "";
    noticeEl.textContent = view.notice ? view.notice.text : "";

    const paused = view.status.kind === "paused";
    pausedBox.hidden = !paused;
    retryBtn.textContent = L.retry;
    takeOverBtn.textContent = L.take_over;

    resultEl.hidden = !view.result;
    if (view.result) {
      resultEl.replaceChildren(
        trophy(),
        h("div", {}, h("h3", { class: "lw-result-title" }, view.result.headline), h("p", {}, view.result.detail)),
      );
    }

    actionsBox.hidden = !view.show_actions;
    actionsTitle.textContent = L.actions;
    actionsBox.setAttribute("aria-label", L.actions);
    for (const a of view.actions) {
      const b = actionButtons[a.id];
      b.querySelector(".lw-action-label").textContent = a.label;
      b.disabled = !a.enabled;
      b.setAttribute("aria-pressed", a.pressed ? "true" : "false");
    }
    doneBtn.hidden = !view.protest_done.visible;
    doneBtn.textContent = view.protest_done.label;
    doneBtn.disabled = !view.protest_done.enabled;
    backBtn.textContent = view.back.label;
    backBtn.disabled = !view.back.enabled;

    hintBtn.textContent = L.hint;
    hintBtn.disabled = !view.hint.enabled;
    undoBtn.textContent = L.undo;
    undoBtn.disabled = !view.undo.enabled;
    redoBtn.textContent = L.redo;
    redoBtn.disabled = !view.redo.enabled;
    hintEl.hidden = !view.hint.text;
    hintEl.textContent = view.hint.text || "";

    lastEl.hidden = !view.last;
    if (view.last) lastEl.replaceChildren(h("strong", {}, view.last.title + ": "), view.last.text);

    historyTitle.textContent = L.history;
    drawHistory();
    replayLabel.textContent = L.replay;
    replay.max = String(view.replay.max);
    if (document.activeElement !== replay) replay.value = String(view.replay.value);
    replay.disabled = view.replay.max === 0;
    replay.setAttribute("aria-valuetext", view.replay.text);
    replayValue.textContent = view.replay.text;
    replayExit.hidden = !view.replay.active;
    replayExit.textContent = L.back_to_game;

    gameTitle.textContent = L.game;
    notationLabel.textContent = L.notation;
    notationInput.placeholder = L.notation_placeholder;
    notationBtn.textContent = L.play;
    if (ui.notationLpn && ui.notationLpn !== view.lpn) {
      notationInput.value = "";
      ui.notationLpn = null;
    }
    lpnInput.value = view.lpn;
    lpnInput.setAttribute("aria-label", L.copy_lpn);
    copyBtn.textContent = L.copy_lpn;
    exportBtn.textContent = L.export;
    importBtn.textContent = L.import;
    legendTitle.textContent = L.legend;
    legend.replaceChildren(
      ...L.legend_items.map((it) => {
        const li = h("li", {});
        li.innerHTML = legendIcon(it.piece);
        li.append(h("span", {}, it.label));
        return li;
      }),
    );
    keysEl.textContent = L.keyboard;

    if (ui.preview && !(view.previews && view.previews[ui.preview])) ui.preview = null;
    drawPreview();
  }

  const onView = () => draw();
  model.on("change:_view", onView);
  model.on("msg:custom", onCustom);
  draw();

  return () => {
    clearTimeout(pendingTimer);
    model.off("change:_view", onView);
    model.off("msg:custom", onCustom);
  };
}

export default { render };
