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

// Seat colours come from Python (logger_widget/palette.py) with the board's static part:
// `view.palette["1"] = {colour, text, dash}`, passed to every function that draws a seat
// (no page-global state: each board on the page has its own). Without one, pieces are grey.

function seatColour(palette, seat) {
  const p = palette && palette[String(seat)];
  return p ? p.colour : "#767676";
}

function seatText(palette, seat) {
  const p = palette && palette[String(seat)];
  return p ? p.text : "#000000";
}

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

function loggerMarkup(palette, seat) {
  const fill = seatColour(palette, seat);
  const ink = seatText(palette, seat);
  return (
    `<g class="lw-piece lw-logger" data-piece="logger-${seat}">` +
    `<ellipse cx="50" cy="86" rx="27" ry="7" fill="rgba(0,0,0,0.18)"/>` +
    `<path d="M28 86 Q28 56 40 48 L60 48 Q72 56 72 86 Z" fill="${fill}" stroke="#1b1b1b" stroke-width="3" stroke-linejoin="round"/>` +
    `<circle cx="50" cy="31" r="15" fill="${fill}" stroke="#1b1b1b" stroke-width="3"/>` +
    `<text x="50" y="79" text-anchor="middle" font-size="27" font-weight="800" fill="${ink}" font-family="system-ui, sans-serif">${seat}</text>` +
    `</g>`
  );
}

function ghostMarkup(palette, seat) {
  // where the logger stood before the last turn: a dashed outline of the pawn
  const colour = seatColour(palette, seat);
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

function markMarkup(palette, mark, seat) {
  const colour = seatColour(palette, seat);
  switch (mark) {
    case "move":
    case "corner":
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
  if (extra.ghost) out += ghostMarkup(view.palette, extra.ghost);
  if (cell.mark === "stay") out += markMarkup(view.palette, "stay", view.to_move);
  if (cell.logger) out += loggerMarkup(view.palette, cell.logger);
  else if (cell.piece) out += treeMarkup(cell.piece, cell.protested);
  if (cell.mark && cell.mark !== "stay") out += markMarkup(view.palette, cell.mark, view.to_move);
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
    `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><path d="M28 10 H72 V36 Q72 62 50 64 Q28 62 28 36 Z" fill="#E6AB02" stroke="#1b1b1b" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M28 18 H14 Q12 40 30 44 M72 18 H86 Q88 40 70 44" fill="none" stroke="#1b1b1b" stroke-width="5"/><rect x="44" y="64" width="12" height="14" fill="#E6AB02" stroke="#1b1b1b" stroke-width="5"/>` +
    `<rect x="28" y="78" width="44" height="12" rx="3" fill="#E6AB02" stroke="#1b1b1b" stroke-width="5"/></svg>`,
};

// Notice icons: a tick, a cross, an "i" (drawn, so they never depend on an emoji font).
const NOTICE_ICONS = {
  success:
    `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="#009E73"/>` +
    `<path d="M6.5 12.5 L10.5 16.5 L17.5 8" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
  error:
    `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="#B34700"/>` +
    `<path d="M7.5 7.5 L16.5 16.5 M16.5 7.5 L7.5 16.5" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>`,
  info:
    `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="#1b1b1b"/>` +
    `<rect x="10.5" y="10" width="3" height="8" rx="1.5" fill="#fff"/><circle cx="12" cy="6.5" r="1.8" fill="#fff"/></svg>`,
};
const NOTICE_WORDS = { success: "correct", error: "not_yet", info: "note" };

const FLAG_ICON =
  `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M5 3 V22" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"/>` +
  `<path d="M6 4 H18 L15 8.5 L18 13 H6 Z" fill="currentColor"/></svg>`;

function legendIcon(palette, piece) {
  const inner =
    piece === "logger" ? loggerMarkup(palette, 1) : piece === "protested" ? treeMarkup("mature", true) : treeMarkup(piece, false);
  return `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">${inner.replace(/ data-piece="[^"]*"| data-protested="true"/g, "")}</svg>`;
}

// ---------------------------------------------------------------- building the panels (once per view)
//
// Each build* function creates one panel's elements (stored in `ctx.els`) and
// wires its events to `ctx.send`; each draw* function updates one panel from
// the view model `ctx.view`. `render` builds them all, then calls `drawAll`
// for every new view.

function button(testid, cls = "lw-btn", onclick = null) {
  const b = h("button", { type: "button", class: cls, "data-testid": testid });
  if (onclick) b.addEventListener("click", onclick);
  return b;
}

function buildHeader(ctx) {
  const e = ctx.els;
  e.title = h("h2", { class: "lw-title" });
  e.phases = h("ol", { class: "lw-phases" });
  e.langLabel = h("span", { class: "lw-lang-label" });
  e.langSelect = h("select", { "data-testid": "locale", class: "lw-select" });
  e.newGameBtn = button("new-game", "lw-btn lw-btn-quiet", () => onNewGame(ctx));
  e.restartBtn = button("restart-lesson", "lw-btn lw-btn-quiet", () => ctx.send("restart"));
  e.nextLessonBtn = button("next-lesson", "lw-btn lw-btn-strong", () => ctx.send("next_lesson"));
  e.langSelect.addEventListener("change", () => {
    ctx.model.set("locale", e.langSelect.value);
    ctx.model.save_changes();
  });
  e.banner = h("div", { class: "lw-banner", "data-testid": "banner", hidden: true });
  return h(
    "div",
    { class: "lw-top" },
    e.title,
    e.phases,
    h(
      "div",
      { class: "lw-top-right" },
      h("label", { class: "lw-lang" }, e.langLabel, e.langSelect),
      e.newGameBtn,
      e.restartBtn,
      e.nextLessonBtn,
    ),
  );
}

function onNewGame(ctx) {
  const { view, ui, els } = ctx;
  if (!ui.confirmNew && view.lpn && view.history && view.history.items.length && !view.over) {
    ui.confirmNew = true;
    els.newGameBtn.textContent = view.labels.confirm_new_game || view.labels.new_game;
    els.newGameBtn.classList.add("lw-confirm");
    setTimeout(() => {
      ui.confirmNew = false;
      drawHeader(ctx);
    }, 4000);
    return;
  }
  ui.confirmNew = false;
  ctx.send("new_game");
}

function buildGrid(ctx) {
  const e = ctx.els;
  e.grid = h("div", { class: "lw-grid", role: "grid" });
  ctx.cellEls = {};
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
      c.addEventListener("click", () => chooseCell(ctx, id));
      c.addEventListener("mouseenter", () => setPreview(ctx, id));
      c.addEventListener("mouseleave", () => setPreview(ctx, null));
      c.addEventListener("focus", () => {
        ctx.ui.focus = id;
        updateRoving(ctx);
        setPreview(ctx, id);
      });
      c.addEventListener("blur", () => setPreview(ctx, null));
      ctx.cellEls[id] = { el: c, svg: cellSvg };
      row.append(c);
    }
    e.grid.append(row);
  }
  e.grid.addEventListener("keydown", (ev) => onGridKey(ctx, ev));
  e.overlay = svg("svg", { class: "lw-overlay", viewBox: "0 0 500 500", "aria-hidden": "true" });
  const rankCoords = h("div", { class: "lw-coords lw-coords-ranks", "aria-hidden": "true" }, ...RANKS.map((r) => h("span", {}, r)));
  const fileCoords = h("div", { class: "lw-coords lw-coords-files", "aria-hidden": "true" }, ...FILES.map((f) => h("span", {}, f)));
  e.boardHelp = h("p", { class: "lw-sr", id: `${ctx.client}-help` });
  e.grid.setAttribute("aria-describedby", `${ctx.client}-help`);
  const gridWrap = h("div", { class: "lw-gridwrap" }, e.grid, e.overlay);
  return h(
    "div",
    { class: "lw-boardarea" },
    h("div", { class: "lw-boardframe" }, rankCoords, gridWrap, h("span"), fileCoords),
    e.boardHelp,
  );
}

function buildSide(ctx) {
  const e = ctx.els;
  const send = ctx.send;
  e.players = h("div", { class: "lw-players" });
  e.status = h("div", { class: "lw-status", role: "status", "aria-live": "polite", "data-testid": "status" });
  e.noticeIcon = h("span", { class: "lw-notice-icon", "aria-hidden": "true" });
  e.noticeWord = h("strong", { class: "lw-notice-word" });
  e.noticeText = h("span", { class: "lw-notice-text", "data-testid": "message" });
  e.notice = h("div", { class: "lw-notice", "data-testid": "notice", "aria-live": "assertive", hidden: true }, e.noticeIcon, e.noticeWord, e.noticeText);
  e.task = h("div", { class: "lw-task", "data-testid": "task", hidden: true });
  // the game this board saved beside the notebook (after a kernel restart): one click brings it back
  e.resumeBtn = button("resume", "lw-btn lw-btn-strong lw-resume", () => send("resume"));
  e.resumeBtn.hidden = true;
  e.actionButtons = {};
  const actionRow = h("div", { class: "lw-actionrow" });
  for (const k of KINDS) {
    const b = button(`action-${k}`, `lw-btn lw-action lw-action-${k}`, () => send("action", { kind: k }));
    b.innerHTML = `<span class="lw-icon">${ICONS[k]}</span><span class="lw-action-label"></span>`;
    e.actionButtons[k] = b;
    actionRow.append(b);
  }
  e.doneBtn = button("protest-done", "lw-btn lw-btn-strong", () => send("done"));
  e.backBtn = button("cancel", "lw-btn lw-btn-quiet", () => send("back"));
  e.actionsTitle = h("h3", { class: "lw-h3" });
  e.actionsBox = h(
    "div",
    { class: "lw-actions", role: "group" },
    e.actionsTitle,
    actionRow,
    h("div", { class: "lw-actionrow lw-actionrow-2" }, e.doneBtn, e.backBtn),
  );
  e.preview = h("div", { class: "lw-preview", "data-testid": "chop-preview", "aria-live": "polite", hidden: true });
  e.pausedBox = h("div", { class: "lw-paused", hidden: true });
  e.retryBtn = button("retry-bot", "lw-btn lw-btn-strong", () => send("retry"));
  e.takeOverBtn = button("take-over", "lw-btn", () => send("take_over"));
  e.pausedBox.append(e.retryBtn, e.takeOverBtn);
  e.result = h("div", { class: "lw-result", "data-testid": "result", hidden: true });
  e.hintBtn = button("hint", "lw-btn", () => send("hint"));
  e.undoBtn = button("undo", "lw-btn", () => send("undo"));
  e.redoBtn = button("redo", "lw-btn", () => send("redo"));
  e.reviewOpen = button("review-open", "lw-btn lw-btn-strong lw-review-open", () => send("review", { op: "open" }));
  e.reviewOpen.hidden = true;
  const toolsRow = h("div", { class: "lw-toolrow" }, e.hintBtn, e.undoBtn, e.redoBtn, e.reviewOpen);
  e.hintText = h("div", { class: "lw-hinttext", "data-testid": "hint-text", hidden: true });
  e.last = h("div", { class: "lw-last", "data-testid": "last-turn", hidden: true });
  return h(
    "div",
    { class: "lw-side" },
    e.players,
    e.task,
    e.status,
    e.hintText, // right under the status, so the hint is seen without scrolling past the buttons
    e.notice,
    e.resumeBtn,
    e.pausedBox,
    e.result,
    buildReview(ctx),
    e.actionsBox,
    e.preview,
    toolsRow,
    e.last,
  );
}

// The Review mode's panel: the verdict, the sentence (a live region), the two turns' legend,
// previous / next / exit buttons and a slider; ← and → step while the panel has the focus.
function buildReview(ctx) {
  const e = ctx.els;
  const send = ctx.send;
  e.reviewTitle = h("h3", { class: "lw-h3", id: `${ctx.client}-review` });
  e.reviewProgress = h("progress", { class: "lw-review-progress", "data-testid": "review-progress", max: "1", value: "0" });
  e.reviewProgressText = h("span", { class: "lw-review-progress-text" });
  e.reviewWait = h("div", { class: "lw-review-wait", role: "status" }, e.reviewProgress, e.reviewProgressText);
  e.reviewLabel = h("div", { class: "lw-review-label", "data-testid": "review-label" });
  e.reviewSentence = h("p", { class: "lw-review-sentence", "data-testid": "review-sentence", "aria-live": "polite" });
  e.reviewLegend = h("ul", { class: "lw-review-legend", "data-testid": "review-legend" });
  e.reviewPrev = button("review-prev", "lw-btn", () => send("review", { op: "prev" }));
  e.reviewNext = button("review-next", "lw-btn lw-btn-strong", () => send("review", { op: "next" }));
  e.reviewExit = button("review-exit", "lw-btn lw-btn-quiet", () => send("review", { op: "exit" }));
  e.reviewSlider = h("input", { type: "range", min: "1", max: "1", step: "1", value: "1", class: "lw-range", "data-testid": "review-slider" });
  e.reviewSlider.addEventListener("input", () => send("review", { op: "goto", ply: Number(e.reviewSlider.value) }));
  e.reviewStep = h("span", { class: "lw-replay-value", "data-testid": "review-step" });
  e.reviewNav = h(
    "div",
    { class: "lw-review-nav" },
    h("div", { class: "lw-actionrow" }, e.reviewPrev, e.reviewNext, e.reviewExit),
    h("label", { class: "lw-replay" }, e.reviewSlider, e.reviewStep),
  );
  e.reviewBox = h(
    "section",
    { class: "lw-review", "data-testid": "review", "aria-labelledby": `${ctx.client}-review`, hidden: true },
    e.reviewTitle,
    e.reviewWait,
    e.reviewLabel,
    e.reviewSentence,
    e.reviewLegend,
    e.reviewNav,
  );
  e.reviewBox.addEventListener("keydown", (ev) => {
    if (ev.target === e.reviewSlider) return; // the slider steps with the arrows itself
    const step = ctx.view.review && ctx.view.review.step;
    if (!step) return;
    if (ev.key === "ArrowLeft" && !step.first) {
      consume(ev);
      send("review", { op: "prev" });
    } else if (ev.key === "ArrowRight" && !step.last) {
      consume(ev);
      send("review", { op: "next" });
    }
  });
  return e.reviewBox;
}

function buildBottom(ctx) {
  const e = ctx.els;
  const send = ctx.send;
  e.historyTitle = h("h3", { class: "lw-h3" });
  e.historyList = h("ol", { class: "lw-history", "data-testid": "history" });
  e.replayLabel = h("span", { class: "lw-replay-label" });
  e.replayValue = h("span", { class: "lw-replay-value" });
  e.replay = h("input", { type: "range", min: "0", max: "0", step: "1", value: "0", "data-testid": "replay", class: "lw-range" });
  e.replay.addEventListener("input", () => send("replay", { ply: Number(e.replay.value) }));
  e.replayExit = button("replay-exit", "lw-btn lw-btn-strong", () => send("replay", { ply: null }));
  e.replayExit.hidden = true;
  const historyBox = h(
    "section",
    { class: "lw-historybox" },
    e.historyTitle,
    e.historyList,
    h("label", { class: "lw-replay" }, e.replayLabel, e.replay, e.replayValue),
    e.replayExit,
  );
  e.notationLabel = h("span", {});
  e.notationInput = h("input", {
    type: "text",
    class: "lw-input",
    "data-testid": "notation-input",
    autocomplete: "off",
    spellcheck: "false",
  });
  e.notationBtn = h("button", { type: "submit", class: "lw-btn", "data-testid": "notation-submit" });
  const notationForm = h("form", { class: "lw-notation" }, h("label", {}, e.notationLabel, e.notationInput), e.notationBtn);
  notationForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    ctx.ui.notationLpn = ctx.view.lpn;
    send("notation", { text: e.notationInput.value });
  });
  e.notationInput.addEventListener("keydown", (ev) => ev.stopPropagation());
  e.lpnInput = h("input", { type: "text", readonly: true, class: "lw-input lw-lpn", "data-testid": "lpn" });
  e.copyBtn = button("copy-lpn", "lw-btn", () => copyLpn(ctx));
  e.copyMsg = h("span", { class: "lw-copymsg", "aria-live": "polite" });
  e.exportBtn = button("export", "lw-btn", () => send("export"));
  const importFile = h("input", { type: "file", accept: ".json,application/json,text/plain", hidden: true, "data-testid": "import-file" });
  e.importBtn = button("import", "lw-btn", () => importFile.click());
  importFile.addEventListener("change", async () => {
    const file = importFile.files && importFile.files[0];
    if (!file) return;
    const text = await file.text();
    importFile.value = "";
    send("import", { text });
  });
  e.gameTitle = h("h3", { class: "lw-h3" });
  e.legendTitle = h("h3", { class: "lw-h3" });
  e.legend = h("ul", { class: "lw-legend" });
  e.keys = h("p", { class: "lw-keys" });
  // expert tools (typed turns, LPN, JSON records) are folded under "More"
  e.moreSummary = h("summary", { class: "lw-more-summary", "data-testid": "more" });
  e.more = h(
    "details",
    { class: "lw-more" },
    e.moreSummary,
    h(
      "div",
      { class: "lw-more-body" },
      e.gameTitle,
      notationForm,
      h("div", { class: "lw-lpnrow" }, e.lpnInput, e.copyBtn),
      e.copyMsg,
      h("div", { class: "lw-toolrow" }, e.exportBtn, e.importBtn, importFile),
      e.keys,
    ),
  );
  const toolsBox = h("section", { class: "lw-toolsbox" }, e.legendTitle, e.legend, e.more);
  e.chartImg = h("img", { class: "lw-chart-img", alt: "" });
  e.chart = h("section", { class: "lw-chart", "data-testid": "chart", hidden: true }, e.chartImg);
  return h("div", { class: "lw-bottom" }, historyBox, toolsBox);
}

// ---------------------------------------------------------------- interaction

function chooseCell(ctx, id) {
  if (!ctx.view.cells) return;
  ctx.ui.focus = id;
  ctx.send("cell", { cell: id });
}

function cellData(view, id) {
  if (!view.cells) return null;
  const r = RANKS.indexOf(id[1]);
  const f = FILES.indexOf(id[0]);
  return view.cells[r] && view.cells[r][f];
}

// A key the board acts on is the board's alone: hosts that bind keys on the document (VS Code's
// notebook, JupyterLab's command mode) must not also move a cell or run one.
function consume(ev) {
  ev.preventDefault();
  ev.stopPropagation();
}

function onGridKey(ctx, e) {
  const ui = ctx.ui;
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
      consume(e);
      chooseCell(ctx, ui.focus);
      return;
    default:
      return;
  }
  consume(e);
  ui.focus = FILES[nf] + RANKS[nr];
  updateRoving(ctx);
  ctx.cellEls[ui.focus].el.focus();
}

function updateRoving(ctx) {
  for (const [id, c] of Object.entries(ctx.cellEls)) c.el.setAttribute("tabindex", id === ctx.ui.focus ? "0" : "-1");
}

function setPreview(ctx, id) {
  const p = id && ctx.view.previews ? ctx.view.previews[id] : null;
  ctx.ui.preview = p ? id : null;
  drawPreview(ctx);
  // a seedling candidate shows the spawning tree(s) it would come from
  const cell = id ? cellData(ctx.view, id) : null;
  const parents = new Set(cell && cell.parents ? cell.parents : []);
  for (const [cid, c] of Object.entries(ctx.cellEls)) c.el.classList.toggle("lw-parent", parents.has(cid));
}

async function copyLpn(ctx) {
  const { view, ui, els } = ctx;
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
    els.lpnInput.focus();
    els.lpnInput.select();
    try {
      ok = document.execCommand("copy");
    } catch (err) {
      ok = false;
    }
  }
  ui.copied = ok ? "copied" : "copy_failed";
  els.copyMsg.textContent = view.labels[ui.copied] || "";
  setTimeout(() => {
    ui.copied = null;
    els.copyMsg.textContent = "";
  }, 3000);
}

function download(root, msg) {
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

// ---------------------------------------------------------------- drawing, one function per panel

function drawHeader(ctx) {
  const { view, els, ui } = ctx;
  const L = view.labels;
  els.title.textContent = L.title;
  els.phases.setAttribute("aria-label", L.phase);
  els.phases.replaceChildren(
    ...view.phases.map((p) => h("li", { class: `lw-phase lw-phase-${p.state}`, "aria-current": p.state === "current" ? "step" : null }, p.label)),
  );
  els.langLabel.textContent = L.language;
  if (els.langSelect.options.length !== view.languages.length) {
    els.langSelect.replaceChildren(...view.languages.map((l) => h("option", { value: l.id, lang: l.id }, l.label)));
  }
  els.langSelect.value = view.lang;
  if (!ui.confirmNew) {
    els.newGameBtn.textContent = L.new_game;
    els.newGameBtn.classList.remove("lw-confirm");
  }
  // a lesson board restarts its lesson (and goes on once solved) instead of starting a new game
  const lesson = view.lesson;
  els.newGameBtn.hidden = !!lesson;
  els.restartBtn.hidden = !lesson;
  els.nextLessonBtn.hidden = !(lesson && lesson.next);
  if (lesson) {
    els.restartBtn.textContent = lesson.restart;
    els.nextLessonBtn.textContent = lesson.next || "";
  }
  els.banner.hidden = !view.banner;
  if (view.banner) els.banner.replaceChildren(h("strong", {}, view.banner.title + ": "), view.banner.text);
}

function centre(id) {
  const f = FILES.indexOf(id[0]);
  const r = RANKS.indexOf(id[1]);
  return [f * 100 + 50, r * 100 + 50];
}

// An arrow along the logger's path (orthogonal steps, through the middle cell of a 2-step move).
function arrow(path, colour, cls, shorten = 44) {
  const pts = path.map(centre);
  const n = pts.length;
  const [x1, y1] = pts[0];
  const [x2, y2] = pts[n - 1];
  const [ax, ay] = pts[1];
  const [bx, by] = pts[n - 2];
  const ul = Math.hypot(ax - x1, ay - y1) || 1;
  const vl = Math.hypot(x2 - bx, y2 - by) || 1;
  const ux = (x2 - bx) / vl;
  const uy = (y2 - by) / vl;
  const start = [x1 + ((ax - x1) / ul) * 20, y1 + ((ay - y1) / ul) * 20];
  const end = [x2 - ux * shorten, y2 - uy * shorten];
  const points = [start, ...pts.slice(1, n - 1), end].map(([x, y]) => `${x},${y}`).join(" ");
  const g = svg("g", { class: cls });
  const line = { points, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };
  g.append(svg("polyline", { ...line, stroke: "#1b1b1b", "stroke-width": 11, opacity: 0.5 }));
  g.append(svg("polyline", { ...line, stroke: colour, "stroke-width": 6 }));
  const [ex, ey] = end;
  const px = -uy;
  const py = ux;
  const head = `${ex + ux * 14},${ey + uy * 14} ${ex + px * 12},${ey + py * 12} ${ex - px * 12},${ey - py * 12}`;
  g.append(svg("polygon", { points: head, fill: colour, stroke: "#1b1b1b", "stroke-width": 3, "stroke-linejoin": "round" }));
  return g;
}

function findLogger(view, seat) {
  if (!view.cells) return null;
  for (const row of view.cells) for (const c of row) if (c.logger === seat) return c.id;
  return null;
}

function drawOverlay(ctx) {
  const { view, ui, els } = ctx;
  els.overlay.replaceChildren();
  const last = view.last;
  if (last) {
    // every turn of the round (older ones fainter), so a reply never hides the pupil's own move
    for (const t of last.round || []) {
      if (t.path.length < 2) continue;
      const g = arrow(t.path, seatColour(view.palette, t.seat), t.latest ? "lw-arrow-move" : "lw-arrow-move lw-arrow-old");
      if (!t.latest) g.setAttribute("opacity", "0.55");
      els.overlay.append(g);
    }
  }
  const step = view.review && view.review.active ? view.review.step : null;
  if (step) {
    // the turn played (dashed) and the better turn (solid), each along its logger's path; a turn
    // played that was the best is drawn as the best (solid), never with the mistake's dashes
    for (const [which, t] of [[playedStyle(step), step.played], ["better", step.better]]) {
      if (!t || t.path.length < 2) continue;
      const g = arrow(t.path, t.colour, `lw-arrow-review lw-arrow-${which}`);
      if (which === "played") g.querySelectorAll("polyline").forEach((l) => l.setAttribute("stroke-dasharray", "14 10"));
      els.overlay.append(g);
    }
  }
  const shown = shownPreview(ctx);
  const p = shown ? view.previews[shown] : null;
  if (p && p.felled.length) {
    // the chopped tree falls away from the logger: a dotted line over the trees that fall
    const loggerCell = findLogger(view, view.to_move);
    if (loggerCell) {
      const [tx, ty] = centre(shown);
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
          stroke: "currentColor", // the warning colour of board.css
          "stroke-width": 9,
          "stroke-linecap": "round",
          "stroke-dasharray": "1 16",
        }),
      );
      els.overlay.append(g);
    }
  }
}

function shownPreview(ctx) {
  // the hovered / focused target, else the only target of a chop (shown until it is confirmed)
  const { view, ui } = ctx;
  const id = ui.preview || view.preview_default;
  return id && view.previews && view.previews[id] ? id : null;
}

function drawPreview(ctx) {
  const { view, els, cellEls } = ctx;
  const shown = shownPreview(ctx);
  const p = shown ? view.previews[shown] : null;
  const felled = new Set(p ? p.felled : []);
  for (const [id, c] of Object.entries(cellEls)) c.el.classList.toggle("lw-fall", felled.has(id));
  if (p) {
    els.preview.hidden = false;
    els.preview.replaceChildren(h("strong", {}, p.title), h("ul", {}, ...p.lines.map((line) => h("li", {}, line))));
  } else {
    els.preview.hidden = true;
    els.preview.replaceChildren();
  }
  drawOverlay(ctx);
}

function drawCells(ctx) {
  const { view, ui, els, cellEls } = ctx;
  els.grid.setAttribute("aria-label", view.labels.board);
  els.boardHelp.textContent = view.labels.board_help;
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
      const key = JSON.stringify([shown, stump, sparkle, ghost, view.to_move, ctx.paletteKey]);
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
  const focused = els.grid.contains(document.activeElement);
  const cur = cellData(view, ui.focus);
  if (firstSelectable && (!cur || !cur.selectable)) {
    ui.focus = firstSelectable;
    updateRoving(ctx);
    if (focused) cellEls[ui.focus].el.focus();
  } else {
    updateRoving(ctx);
  }
}

// Skip a panel whose part of the view did not change (a redraw costs the same at turn 10 and 1,000).
function changed(ctx, panel, part) {
  const key = JSON.stringify(part) + ctx.paletteKey;
  if (ctx.ui.panelKeys[panel] === key) return false;
  ctx.ui.panelKeys[panel] = key;
  return true;
}

function drawPlayers(ctx) {
  const { view, els } = ctx;
  if (!changed(ctx, "players", [view.players, view.labels.first_player, view.labels.supply])) return;
  const items = view.players.map((p) => {
    const icon = h("span", { class: "lw-pawn", "aria-hidden": "true" });
    icon.innerHTML = `<svg viewBox="0 0 100 100" focusable="false">${loggerMarkup(view.palette, p.seat).replace(/ data-piece="[^"]*"/, "")}</svg>`;
    const supplyIcons = h("span", { class: "lw-caps", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(p.supply, 8); i++) supplyIcons.append(h("span", { class: "lw-cap" }));
    return h(
      "div",
      {
        class: `lw-player${p.to_move ? " lw-player-tomove" : ""}${p.winner ? " lw-player-winner" : ""}${p.thinking ? " lw-player-thinking" : ""}`,
        "data-seat": p.seat,
        style: `--seat:${seatColour(view.palette, p.seat)}`,
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
          p.first ? firstBadge(view.labels.first_player) : null,
        ),
        h("div", { class: "lw-player-kind" }, p.kind_text, p.bot_name ? h("span", { class: "lw-botname", title: p.bot_name_full }, ` · ${p.bot_name}`) : null),
        h("div", { class: "lw-supply", title: view.labels.supply }, supplyIcons, h("span", { class: "lw-supply-text" }, p.supply_text)),
      ),
      h(
        "div",
        { class: "lw-player-score" },
        h("div", { class: "lw-score", "data-testid": `score-${p.seat}`, "aria-label": `${p.name}: ${p.score_text}` }, p.score_text),
        p.badge ? h("div", { class: "lw-badge-text" }, p.thinking ? h("span", { class: "lw-spinner", "aria-hidden": "true" }) : null, p.badge) : null,
      ),
    );
  });
  els.players.replaceChildren(...items);
  els.players.setAttribute("aria-label", view.labels.players);
}

function firstBadge(label) {
  const b = h("span", { class: "lw-first", title: label });
  b.innerHTML = FLAG_ICON;
  b.append(h("span", {}, label));
  return b;
}

function trophy() {
  const t = h("div", { class: "lw-trophy", "aria-hidden": "true" });
  t.innerHTML = ICONS.trophy;
  return t;
}

function drawStatus(ctx) {
  const { view, els } = ctx;
  const L = view.labels;
  els.status.textContent = view.status.text;
  els.status.dataset.kind = view.status.kind;
  if (view.status.kind === "thinking") els.status.prepend(h("span", { class: "lw-spinner", "aria-hidden": "true" }));
  els.task.hidden = !view.task;
  els.task.textContent = view.task || "";
  const notice = view.notice;
  els.notice.hidden = !notice;
  els.notice.dataset.kind = notice ? notice.kind : "";
  els.noticeText.dataset.kind = notice ? notice.kind : "";
  els.noticeText.textContent = notice ? notice.text : "";
  els.noticeIcon.innerHTML = notice ? NOTICE_ICONS[notice.kind] || NOTICE_ICONS.info : "";
  els.noticeWord.textContent = notice ? L[NOTICE_WORDS[notice.kind] || "note"] || "" : "";
  els.resumeBtn.hidden = !view.resume;
  els.resumeBtn.textContent = view.resume ? view.resume.label : "";
  els.pausedBox.hidden = view.status.kind !== "paused";
  els.retryBtn.textContent = L.retry;
  els.takeOverBtn.textContent = L.take_over;
  els.result.hidden = !view.result;
  if (view.result) {
    els.result.replaceChildren(
      trophy(),
      h("div", {}, h("h3", { class: "lw-result-title" }, view.result.headline), h("p", {}, view.result.detail)),
    );
  }
}

function drawActions(ctx) {
  const { view, els } = ctx;
  els.actionsBox.hidden = !view.show_actions;
  els.actionsTitle.textContent = view.labels.actions;
  els.actionsBox.setAttribute("aria-label", view.labels.actions);
  for (const a of view.actions) {
    const b = els.actionButtons[a.id];
    b.querySelector(".lw-action-label").textContent = a.label;
    b.disabled = !a.enabled;
    b.setAttribute("aria-pressed", a.pressed ? "true" : "false");
  }
  els.doneBtn.hidden = !view.protest_done.visible;
  els.doneBtn.textContent = view.protest_done.label;
  els.doneBtn.disabled = !view.protest_done.enabled;
  els.backBtn.textContent = view.back.label;
  els.backBtn.disabled = !view.back.enabled;
}

function drawTools(ctx) {
  const { view, els } = ctx;
  const L = view.labels;
  els.hintBtn.textContent = view.hint.label || L.hint; // a puzzle's second hint: "Solution"
  els.hintBtn.disabled = !view.hint.enabled;
  els.undoBtn.textContent = L.undo;
  els.undoBtn.disabled = !view.undo.enabled;
  els.redoBtn.textContent = L.redo;
  els.redoBtn.disabled = !view.redo.enabled;
  els.hintText.hidden = !view.hint.text;
  els.hintText.textContent = view.hint.text || "";
}

/** How the reviewed turn is drawn: "played" (dashed, ✗) when the search found a better one, else "better". */
function playedStyle(step) {
  return step.better ? "played" : "better";
}

function reviewSwatch(which, colour) {
  const dash = which === "played" ? ' stroke-dasharray="6 4"' : "";
  const icon = which === "played" ? '<path d="M20 6 L28 14 M28 6 L20 14" stroke="#1b1b1b" stroke-width="3"/>' : '<path d="M24 3 L26.5 9 L33 9 L28 13 L30 19 L24 15.5 L18 19 L20 13 L15 9 L21.5 9 Z" fill="#1b1b1b"/>';
  const s = svg("svg", { viewBox: "0 0 36 22", width: "36", height: "22", "aria-hidden": "true", focusable: "false" });
  s.innerHTML = `<line x1="2" y1="16" x2="14" y2="16" stroke="${colour}" stroke-width="5"${dash}/>${icon}`;
  return s;
}

function drawReview(ctx) {
  const { view, els, cellEls, root } = ctx;
  const r = view.review;
  els.reviewOpen.hidden = !(r && r.available);
  if (r) els.reviewOpen.textContent = r.open;
  const active = !!(r && r.active);
  root.dataset.review = active ? (r.step ? r.step.label : "pending") : "false";
  els.reviewBox.hidden = !active;
  const step = active ? r.step : null;
  const marks = {};
  if (step) {
    for (const [which, t] of [[playedStyle(step), step.played], ["better", step.better]]) {
      if (!t) continue;
      for (const id of [t.destination, ...t.targets]) marks[id] = marks[id] && marks[id] !== which ? "both" : which;
    }
  }
  const fell = new Set(step && step.better ? step.better.felled : []);
  for (const [id, c] of Object.entries(cellEls)) {
    if (marks[id]) c.el.dataset.review = marks[id];
    else delete c.el.dataset.review;
    c.el.classList.toggle("lw-review-fell", fell.has(id));
  }
  if (!active) return;
  if (step) {
    root.style.setProperty("--rv-played", step.played.colour);
    if (step.better) root.style.setProperty("--rv-better", step.better.colour);
  }
  els.reviewTitle.textContent = r.labels.title;
  els.reviewWait.hidden = !r.pending;
  if (r.progress) {
    els.reviewProgress.max = Math.max(1, r.progress.total);
    els.reviewProgress.value = r.progress.done;
    els.reviewProgressText.textContent = r.progress.text;
  }
  els.reviewLabel.hidden = !step;
  els.reviewSentence.hidden = !step;
  els.reviewLegend.hidden = !step;
  els.reviewNav.hidden = !step;
  if (!step) return;
  els.reviewLabel.style.setProperty("--rv-label", step.colour);
  els.reviewLabel.replaceChildren(h("span", { class: "lw-review-glyph", "aria-hidden": "true" }, step.glyph), h("strong", {}, step.label_text));
  els.reviewSentence.textContent = step.sentence;
  const items = [h("li", {}, reviewSwatch(playedStyle(step), step.played.colour), h("span", {}, step.played.text))];
  if (step.better) items.push(h("li", {}, reviewSwatch("better", step.better.colour), h("span", {}, step.better.text)));
  els.reviewLegend.replaceChildren(...items);
  els.reviewPrev.textContent = r.labels.prev;
  els.reviewPrev.disabled = step.first;
  els.reviewNext.textContent = r.labels.next;
  els.reviewNext.disabled = step.last;
  els.reviewExit.textContent = r.labels.exit;
  els.reviewSlider.max = String(step.total);
  els.reviewSlider.disabled = step.total < 2;
  if (document.activeElement !== els.reviewSlider) els.reviewSlider.value = String(step.ply);
  els.reviewSlider.setAttribute("aria-label", r.labels.slider);
  els.reviewSlider.setAttribute("aria-valuetext", step.text);
  els.reviewStep.textContent = step.text;
}

function drawLastTurn(ctx) {
  const { view, els } = ctx;
  els.last.hidden = !view.last;
  if (!view.last) return;
  const round = view.last.round || [];
  if (round.length <= 1) {
    els.last.replaceChildren(h("strong", {}, view.last.title + ": "), view.last.text);
    return;
  }
  els.last.replaceChildren(
    h("strong", {}, view.last.title),
    h("ul", { class: "lw-round" }, ...round.map((t) => h("li", { style: `--seat:${seatColour(view.palette, t.seat)}` }, t.text))),
  );
}

function drawHistory(ctx) {
  const { view, els } = ctx;
  const L = view.labels;
  els.historyTitle.textContent = L.history;
  const items = view.history.items;
  if (changed(ctx, "history", [view.history, view.replay.active])) drawHistoryList(ctx, items);
  els.replayLabel.textContent = L.replay;
}

function drawHistoryList(ctx, items) {
  const { view, els } = ctx;
  const list = els.historyList;
  if (!items.length) {
    list.replaceChildren(h("li", { class: "lw-history-empty" }, view.history.empty));
  } else {
    list.replaceChildren(
      ...items.map((it) => {
        const b = h(
          "button",
          {
            type: "button",
            class: `lw-history-item${it.current ? " lw-current" : ""}`,
            "aria-label": it.label,
            title: it.label,
            "aria-current": it.current ? "step" : null,
            style: `--seat:${seatColour(view.palette, it.seat)}`,
          },
          h("span", { class: "lw-history-who" }, it.who),
          h("code", {}, it.notation),
        );
        b.addEventListener("click", () => ctx.send("replay", { ply: it.ply }));
        return h("li", {}, b);
      }),
    );
    const cur = list.querySelector(".lw-current");
    if (cur && !view.replay.active) list.scrollTop = list.scrollHeight;
    else if (cur) cur.scrollIntoView({ block: "nearest" });
  }
}

function drawReplay(ctx) {
  const { view, els } = ctx;
  const L = view.labels;
  els.replay.min = String(view.replay.min); // 1 while a review is shown: the slider names the reviewed turn
  els.replay.max = String(view.replay.max);
  if (document.activeElement !== els.replay) els.replay.value = String(view.replay.value);
  els.replay.disabled = view.replay.max <= view.replay.min;
  els.replay.setAttribute("aria-valuetext", view.replay.text);
  els.replayValue.textContent = view.replay.text;
  els.replayExit.hidden = !view.replay.active;
  els.replayExit.textContent = L.back_to_game;
}

function drawGameTools(ctx) {
  const { view, els, ui } = ctx;
  const L = view.labels;
  els.moreSummary.textContent = L.more;
  els.gameTitle.textContent = L.game;
  els.notationLabel.textContent = L.notation;
  els.notationInput.placeholder = L.notation_placeholder;
  els.notationBtn.textContent = L.play;
  if (ui.notationLpn && ui.notationLpn !== view.lpn) {
    els.notationInput.value = "";
    ui.notationLpn = null;
  }
  els.lpnInput.value = view.lpn;
  els.lpnInput.setAttribute("aria-label", L.copy_lpn);
  els.copyBtn.textContent = L.copy_lpn;
  els.exportBtn.textContent = L.export;
  els.importBtn.textContent = L.import;
  els.legendTitle.textContent = L.legend;
  if (!changed(ctx, "legend", L.legend_items)) return;
  els.legend.replaceChildren(
    ...L.legend_items.map((it) => {
      const li = h("li", {});
      li.innerHTML = legendIcon(view.palette, it.piece);
      li.append(h("span", {}, it.label));
      return li;
    }),
  );
  els.keys.textContent = L.keyboard;
}

function drawChart(ctx) {
  const { view, els } = ctx;
  els.chart.hidden = !view.chart;
  if (view.chart && els.chartImg.getAttribute("src") !== view.chart.src) els.chartImg.setAttribute("src", view.chart.src);
  if (view.chart) els.chartImg.setAttribute("alt", view.chart.alt);
}

function drawAll(ctx) {
  const t0 = performance.now();
  const view = ctx.view;
  const root = ctx.root;
  ctx.paletteKey = JSON.stringify(view.palette || {});
  root.classList.remove("lw-pending");
  root.dataset.version = String(view.version);
  root.dataset.stage = view.stage;
  root.dataset.toMove = String(view.to_move);
  root.dataset.over = view.over ? "true" : "false";
  root.dataset.interactive = view.interactive ? "true" : "false";
  root.dataset.replay = view.replay.active ? "true" : "false";
  root.setAttribute("lang", view.lang);
  root.style.setProperty("--mover", seatColour(view.palette, view.to_move));
  drawHeader(ctx);
  drawCells(ctx);
  drawPlayers(ctx);
  drawStatus(ctx);
  drawChart(ctx);
  drawActions(ctx);
  drawTools(ctx);
  drawLastTurn(ctx);
  drawHistory(ctx);
  drawReplay(ctx);
  drawReview(ctx);
  drawGameTools(ctx);
  if (ctx.ui.preview && !(view.previews && view.previews[ctx.ui.preview])) ctx.ui.preview = null;
  drawPreview(ctx);
  root.dataset.drawMs = (performance.now() - t0).toFixed(2); // the redraw's cost, read by the browser tests
}

// ---------------------------------------------------------------- the widget

// Tell the kernel a view is drawn: from then on its bots play at a pace one can follow
// (logger_widget.board.persistence.front_end_attached), even in a front end that sends no cell ids.
function announceFrontEnd(model) {
  try {
    model.send({ type: "hello" });
  } catch (err) {
    // no kernel (a saved page): nothing to announce
  }
}

function render({ model, el }) {
  const client = `v${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
  let seq = 0;
  let pendingTimer = null;
  const ctx = {
    model,
    client,
    view: {},
    ui: {
      focus: "c3", // keyboard cursor
      preview: null, // chop preview shown (cell id)
      confirmNew: false,
      copied: null,
      notationLpn: null,
      cellKeys: {},
      panelKeys: {},
    },
    els: {},
    cellEls: {},
    root: null,
    paletteKey: "",
    send(action, extra = {}) {
      seq += 1;
      try {
        model.send({ type: "intent", client, seq, version: ctx.view.version, action, ...extra });
      } catch (err) {
        // the kernel is gone (restarted or shut down): nothing to do until the cell runs again
        console.warn("logger_widget: cannot reach the kernel", err);
        return;
      }
      ctx.root.classList.add("lw-pending");
      clearTimeout(pendingTimer);
      pendingTimer = setTimeout(() => ctx.root.classList.remove("lw-pending"), 4000);
    },
  };

  // data-lm-suppress-shortcuts: keys pressed on the board are not JupyterLab shortcuts
  const root = h("div", { class: "lw-board", "data-version": "0", "data-lm-suppress-shortcuts": "true" });
  ctx.root = root;
  const top = buildHeader(ctx);
  const main = h("div", { class: "lw-main" }, buildGrid(ctx), buildSide(ctx));
  const bottom = buildBottom(ctx);
  root.append(top, ctx.els.banner, main, bottom, ctx.els.chart);
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && ctx.view.review && ctx.view.review.active) {
      consume(e);
      ctx.send("review", { op: "exit" });
    } else if (e.key === "Escape" && ctx.view.back && ctx.view.back.enabled) {
      consume(e);
      ctx.send("back");
    }
  });
  el.append(root);

  // the view: its static part (labels, palette, languages, cell names; sent once per language
  // as `_static`) under the panels of the moment (`_view`)
  const onView = () => {
    ctx.view = { ...(model.get("_static") || {}), ...(model.get("_view") || {}) };
    if (ctx.view.cells) drawAll(ctx);
  };
  const onCustom = (msg) => {
    if (msg && msg.type === "download") download(root, msg);
  };
  model.on("change:_view", onView);
  model.on("change:_static", onView);
  model.on("msg:custom", onCustom);
  onView();
  announceFrontEnd(model);

  return () => {
    clearTimeout(pendingTimer);
    model.off("change:_view", onView);
    model.off("change:_static", onView);
    model.off("msg:custom", onCustom);
  };
}

export default { render };
