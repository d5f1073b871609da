// Logger board — the anywidget front end of logger_widget.Board.
//
// Python is the single source of truth: this module only draws the view model
// that Python syncs as the `_view` trait and reports the player's intents with
// `model.send({type: "intent", client, seq, version, basis, action, ...})`, each answered by
// `{type: "answer", client, seq, result}`.
// It contains no user-visible text: every string comes from the view model.

const SVG_NS = "http://www.w3.org/2000/svg";
const KINDS = ["plant", "protest", "chop"];
const FILES = ["a", "b", "c", "d", "e"];
const RANKS = ["5", "4", "3", "2", "1"];

// ---------------------------------------------------------------- the view model's shape
//
// The view Python sends (`_static` and `_view` together), as JSDoc types: the same shapes as the
// TypedDicts of logger_widget/board/panels.py (tests/test_view_types.py checks that the two agree
// and runs TypeScript's `tsc --checkJs` on this module).

/**
 * The status line: "kind" (prompt, thinking, paused, over, replay, solved) and "text".
 * @typedef {object} StatusPanel
 * @property {string} kind
 * @property {string} text
 */

/**
 * One phase of the turn (Movement, Growth, Action): "state" is done, current or todo.
 * @typedef {object} PhasePanel
 * @property {string} id
 * @property {string} label
 * @property {string} state
 */

/**
 * The Plant / Protest / Chop buttons.
 * @typedef {object} ActionButton
 * @property {string} id
 * @property {string} label
 * @property {boolean} enabled
 * @property {boolean} pressed
 */

/**
 * The end-game banner.
 * @typedef {object} BannerPanel
 * @property {string} title
 * @property {string} text
 */

/**
 * The replay slider.
 * @typedef {object} ReplayPanel
 * @property {boolean} active
 * @property {number} min
 * @property {number} value
 * @property {number} max
 * @property {string} text
 */

/**
 * One turn of the history list: "who" ("3. Player 1"), its notation, its spoken "label".
 * @typedef {object} HistoryItem
 * @property {number} ply
 * @property {number} seat
 * @property {string} who
 * @property {string} notation
 * @property {string} label
 * @property {boolean} current
 */

/**
 * The turns played (a window of them).
 * @typedef {object} HistoryPanel
 * @property {HistoryItem[]} items
 * @property {string} empty
 * @property {number} first
 * @property {number} total
 */

/**
 * The Hint button and its text (a mode may add its own "label"); "turn": the suggested turn in
 * notation and words, while it is shown (a mode may label it its own way).
 * @typedef {object} HintPanel
 * @property {boolean} [enabled]
 * @property {string|null} [text]
 * @property {string} [label]
 * @property {string} [turn]
 */

/**
 * A lesson the board went on to ("Next lesson"): its header and explanation, shown on the board.
 * @typedef {object} LessonIntro
 * @property {string} title
 * @property {string} text
 * @property {string} more
 */

/**
 * The lesson buttons ("Restart lesson", "Next lesson" once solved), and the lesson gone on to.
 * @typedef {object} LessonPanel
 * @property {boolean} solved
 * @property {string} restart
 * @property {string|null} next
 * @property {LessonIntro|null} intro
 */

/**
 * A puzzle board's puzzle: its id, theme, result, rating, hints.
 * @typedef {object} PuzzlePanel
 * @property {string} id
 * @property {string} theme
 * @property {string|null} result
 * @property {number} rating
 * @property {number} hints
 * @property {boolean} side_line
 * @property {Object<string, number>|null} values
 */

/**
 * A class game's state, read by code and tests; no panel draws it.
 * @typedef {object} OnlinePanel
 * @property {number} game
 * @property {string} state
 * @property {string} status
 * @property {boolean} watching
 * @property {number[]} mine
 * @property {string[]} seats
 * @property {Object<string, any>|null} result
 * @property {number} ply
 */

/**
 * A class game's Resign under the board, asked first: its texts in the board's language.
 * @typedef {object} ResignPanel
 * @property {boolean} shown
 * @property {boolean} asking
 * @property {string} label
 * @property {string} question
 * @property {string} yes
 * @property {string} no
 */

/**
 * What a board with a mode adds to its view: the puzzle, or the class game (its state and Resign).
 * @typedef {object} ModePanels
 * @property {PuzzlePanel} [puzzle]
 * @property {OnlinePanel} [online]
 * @property {ResignPanel} [resign]
 */

/**
 * Which of the header's controls apply to this board (a class game has no New game, no language menu).
 * @typedef {object} ControlsPanel
 * @property {boolean} new_game
 * @property {boolean} language
 */

/**
 * One entry of the language menu: its "id" ("uk") and its name in itself ("Українська").
 * @typedef {object} LanguageOption
 * @property {string} id
 * @property {string} label
 */

/**
 * A seat's colours (from :mod:logger_widget.palette): fill, text on it, line dashes.
 * @typedef {object} SeatStyle
 * @property {string} colour
 * @property {string} text
 * @property {string} dash
 */

/**
 * Every piece's SVG markup (logger_widget/svg.py `pieces()`): stage or seat → markup.
 * @typedef {object} PiecesPanel
 * @property {Object<string, string>} tree
 * @property {Object<string, string>} protested
 * @property {Object<string, string>} logger
 * @property {Object<string, string>} ghost
 * @property {string} stump
 */

/**
 * The part of the view that changes only with the language (static_view).
 * @typedef {object} StaticPanel
 * @property {LanguageOption[]} languages
 * @property {Object<string, any>} labels
 * @property {Object<string, SeatStyle>} palette
 * @property {PiecesPanel} pieces
 * @property {string[]} files
 * @property {string[]} ranks
 * @property {string[]} cell_names
 */

/**
 * One cell of the grid: its content, its mark (what a click does), its badges, its spoken label.
 * @typedef {object} CellView
 * @property {string} id
 * @property {string|null} piece
 * @property {boolean} protested
 * @property {number|null} logger
 * @property {string|null} mark
 * @property {boolean} selectable
 * @property {boolean} grew
 * @property {boolean} spawner
 * @property {boolean} new
 * @property {boolean} suggested
 * @property {boolean} preview
 * @property {string[]} parents
 * @property {string} label
 */

/**
 * One seat's card: name, kind, score and supply (numbers and texts), and its badge.
 * @typedef {object} PlayerCard
 * @property {number} seat
 * @property {string} name
 * @property {string} kind
 * @property {string} kind_text
 * @property {string} bot_name
 * @property {string} bot_name_full
 * @property {number} score
 * @property {string} score_text
 * @property {number} supply
 * @property {string} supply_text
 * @property {boolean} to_move
 * @property {boolean} first
 * @property {boolean} thinking
 * @property {boolean} paused
 * @property {boolean} winner
 * @property {string} badge
 */

/**
 * One turn of the last round (drawn as an arrow along "path", the latest one brighter).
 * @typedef {object} RoundTurn
 * @property {number} seat
 * @property {string} text
 * @property {string[]} path
 * @property {boolean} latest
 */

/**
 * The last turn: its cells ("origin" … "felled"), its sentence, and the round it ends.
 * @typedef {object} LastTurnPanel
 * @property {number} seat
 * @property {string} origin
 * @property {string} destination
 * @property {string[]} path
 * @property {string} notation
 * @property {string|null} action
 * @property {string[]} targets
 * @property {string[]} grew
 * @property {string[]} spawned
 * @property {string[]} felled
 * @property {string} text
 * @property {string} title
 * @property {RoundTurn[]} round
 */

/**
 * What chopping one target would fell and score.
 * @typedef {object} ChopPreview
 * @property {string[]} felled
 * @property {number} points
 * @property {string} title
 * @property {string[]} lines
 * @property {string} text
 */

/**
 * The final result: the winners (seats), the tie-break used, why the game ended.
 * @typedef {object} ResultPanel
 * @property {number[]} winners
 * @property {string} tie_break
 * @property {string} reason
 * @property {string} headline
 * @property {string} detail
 * @property {string} title
 */

/**
 * A notice to the player: "kind" (success, error, info) and its "text".
 * @typedef {object} NoticePanel
 * @property {string} kind
 * @property {string} text
 */

/**
 * The "Done" button of a protest.
 * @typedef {object} DoneButton
 * @property {boolean} visible
 * @property {boolean} enabled
 * @property {string} label
 */

/**
 * The "Back" button (a step of the turn in progress back).
 * @typedef {object} BackButton
 * @property {boolean} enabled
 * @property {string} label
 */

/**
 * A button that is only on or off (Undo, Redo).
 * @typedef {object} Toggle
 * @property {boolean} enabled
 */

/**
 * The live chart: a PNG data URL and its text alternative.
 * @typedef {object} ChartPanel
 * @property {string} src
 * @property {string} alt
 */

/**
 * The button that brings back the game this board saved.
 * @typedef {object} ResumePanel
 * @property {string} label
 */

/**
 * A reviewed turn or the better one: its cells, its notation and sentence, its colour.
 * @typedef {object} ReviewTurn
 * @property {string[]} path
 * @property {string} destination
 * @property {string} kind
 * @property {string[]} targets
 * @property {string[]} felled
 * @property {string[]} spawns
 * @property {string} notation
 * @property {string} text
 * @property {string} colour
 */

/**
 * The reviewed turn shown: which of "total", its verdict, the turn played and the better one.
 * @typedef {object} ReviewStep
 * @property {number} ply
 * @property {number} total
 * @property {string} text
 * @property {string} label
 * @property {string} label_text
 * @property {string} glyph
 * @property {string} colour
 * @property {number} seat
 * @property {string} sentence
 * @property {ReviewTurn} played
 * @property {ReviewTurn|null} better
 * @property {boolean} first
 * @property {boolean} last
 */

/**
 * How far the review's search is: "done" of "total" turns.
 * @typedef {object} ReviewProgress
 * @property {number} done
 * @property {number} total
 * @property {string} text
 */

/**
 * The Review panel's fixed labels.
 * @typedef {object} ReviewLabels
 * @property {string} title
 * @property {string} prev
 * @property {string} next
 * @property {string} exit
 * @property {string} slider
 */

/**
 * The Review panel: its button, whether it is open or searching, and the step shown.
 * @typedef {object} ReviewPanel
 * @property {boolean} available
 * @property {string} open
 * @property {boolean} active
 * @property {boolean} pending
 * @property {ReviewLabels} labels
 * @property {ReviewProgress|null} progress
 * @property {ReviewStep|null} step
 * @property {StatusPanel} status
 */

/**
 * The whole view the front end draws: StaticPanel and the panels of the moment.
 * @typedef {object} BoardView
 * @property {LanguageOption[]} languages
 * @property {Object<string, any>} labels
 * @property {Object<string, SeatStyle>} palette
 * @property {PiecesPanel} pieces
 * @property {string[]} files
 * @property {string[]} ranks
 * @property {string[]} cell_names
 * @property {number} version
 * @property {number} basis
 * @property {string} lang
 * @property {CellView[][]} cells
 * @property {PlayerCard[]} players
 * @property {number} to_move
 * @property {string} stage
 * @property {boolean} interactive
 * @property {StatusPanel} status
 * @property {PhasePanel[]} phases
 * @property {ActionButton[]} actions
 * @property {boolean} show_actions
 * @property {DoneButton} protest_done
 * @property {BackButton} back
 * @property {Object<string, ChopPreview>} previews
 * @property {string|null} preview_default
 * @property {LessonPanel|null} lesson
 * @property {ControlsPanel} controls
 * @property {PuzzlePanel} [puzzle]
 * @property {OnlinePanel} [online]
 * @property {ResignPanel} [resign]
 * @property {LastTurnPanel|null} last
 * @property {BannerPanel|null} banner
 * @property {ResultPanel|null} result
 * @property {NoticePanel|null} notice
 * @property {string|null} task
 * @property {HintPanel} hint
 * @property {Toggle} undo
 * @property {Toggle} redo
 * @property {HistoryPanel} history
 * @property {ReplayPanel} replay
 * @property {string} lpn
 * @property {string} shown_lpn
 * @property {boolean} over
 * @property {number} players_count
 * @property {ChartPanel|null} chart
 * @property {ResumePanel|null} resume
 * @property {ReviewPanel} review
 */


// Seat colours come from Python (logger_widget/palette.py) with the board's static part:
// `view.palette["1"] = {colour, text, dash}`, passed to every function that draws a seat
// (no page-global state: each board on the page has its own). Without one, pieces are grey.

/** @param {Object<string, SeatStyle>} palette */
function seatColour(palette, seat) {
  const p = palette && palette[String(seat)];
  return p ? p.colour : "#767676";
}

/** @param {Object<string, SeatStyle>} palette */
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

// The pieces come drawn from Python (`view.pieces`, logger_widget/svg.py, the one renderer of a
// piece): the board, its legend, the players' cards and the teacher's dashboard show the same tree
// and logger, in the palette's colours.

/** @param {PiecesPanel} pieces */
function treeMarkup(pieces, piece, protestedFlag) {
  return (protestedFlag ? pieces.protested : pieces.tree)[piece] || "";
}

/** @param {PiecesPanel} pieces */
function loggerMarkup(pieces, seat) {
  return pieces.logger[String(seat)] || "";
}

/** @param {PiecesPanel} pieces */
function ghostMarkup(pieces, seat) {
  // where the logger stood before the last turn: a dashed outline of the pawn
  return pieces.ghost[String(seat)] || "";
}

/** @param {Object<string, SeatStyle>} palette */
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

/** @param {CellView} cell */
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

/** @param {BoardView} view */
function cellMarkup(cell, view, extra) {
  let out = "";
  if (extra.stump) out += view.pieces.stump;
  if (extra.ghost) out += ghostMarkup(view.pieces, extra.ghost);
  if (cell.mark === "stay") out += markMarkup(view.palette, "stay", view.to_move);
  if (cell.logger) out += loggerMarkup(view.pieces, cell.logger);
  else if (cell.piece) out += treeMarkup(view.pieces, cell.piece, cell.protested);
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

/** @param {PiecesPanel} pieces */
function legendIcon(pieces, piece) {
  const inner =
    piece === "logger"
      ? loggerMarkup(pieces, 1)
      : piece === "protested"
        ? treeMarkup(pieces, "mature", true)
        : treeMarkup(pieces, piece, false);
  return `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">${inner.replace(/ data-piece="[^"]*"| data-protested="true"/g, "")}</svg>`;
}

// ---------------------------------------------------------------- the panels
//
// Each panel is one function that builds its elements, wires their events to `board.send` and
// returns them with its `draw(view)`: the build and the draw of a panel side by side, its elements
// its own (no other panel reaches into them). `board` is the state of one board on the page (its
// model, client id, current view, root element); nothing is shared between two boards on a page.
// `render` lays the panels out and `drawAll` calls every panel's draw for each new view.

/**
 * @param {string} testid
 * @param {string} [cls]
 * @param {((ev: MouseEvent) => void) | null} [onclick]
 */
function button(testid, cls = "lw-btn", onclick = null) {
  const b = h("button", { type: "button", class: cls, "data-testid": testid });
  if (onclick) b.addEventListener("click", onclick);
  return b;
}

// A key the board acts on is the board's alone: hosts that bind keys on the document (VS Code's
// notebook, JupyterLab's command mode) must not also move a cell or run one.
function consume(ev) {
  ev.preventDefault();
  ev.stopPropagation();
}

// Skip a panel whose part of the view did not change (a redraw costs the same at turn 10 and 1,000).
/** @param {BoardInstance} board */
function changed(board, panel, part) {
  const key = JSON.stringify(part) + board.paletteKey;
  if (board.panelKeys[panel] === key) return false;
  board.panelKeys[panel] = key;
  return true;
}

// ---------------------------------------------------------------- header: title, phases, language, new game / lesson buttons, banner

/** @param {BoardInstance} board */
function headerPanel(board) {
  const title = h("h2", { class: "lw-title" });
  const phases = h("ol", { class: "lw-phases" });
  const langLabel = h("span", { class: "lw-lang-label" });
  const langSelect = h("select", { "data-testid": "locale", class: "lw-select" });
  let confirmNew = false;
  const newGameBtn = button("new-game", "lw-btn lw-btn-quiet", () => {
    const view = board.view;
    if (!confirmNew && view.lpn && view.history && view.history.items.length && !view.over) {
      confirmNew = true;
      newGameBtn.textContent = view.labels.confirm_new_game || view.labels.new_game;
      newGameBtn.classList.add("lw-confirm");
      setTimeout(() => {
        confirmNew = false;
        draw(board.view);
      }, 4000);
      return;
    }
    confirmNew = false;
    board.send("new_game");
  });
  const restartBtn = button("restart-lesson", "lw-btn lw-btn-quiet", () => board.send("restart"));
  const nextLessonBtn = button("next-lesson", "lw-btn lw-btn-strong", () => board.send("next_lesson"));
  langSelect.addEventListener("change", () => {
    board.model.set("locale", langSelect.value);
    board.model.save_changes();
  });
  const banner = h("div", { class: "lw-banner", "data-testid": "banner", hidden: true });
  const el = h(
    "div",
    { class: "lw-top" },
    title,
    phases,
    h("div", { class: "lw-top-right" }, h("label", { class: "lw-lang" }, langLabel, langSelect), newGameBtn, restartBtn, nextLessonBtn),
  );

  /** @param {BoardView} view */
  function draw(view) {
    const L = view.labels;
    title.textContent = L.title;
    phases.setAttribute("aria-label", L.phase);
    phases.replaceChildren(
      ...view.phases.map((p) => h("li", { class: `lw-phase lw-phase-${p.state}`, "aria-current": p.state === "current" ? "step" : null }, p.label)),
    );
    langLabel.textContent = L.language;
    if (langSelect.options.length !== view.languages.length) {
      langSelect.replaceChildren(...view.languages.map((l) => h("option", { value: l.id, lang: l.id.replace("_", "-") }, l.label)));
    }
    langSelect.value = view.lang;
    if (!confirmNew) {
      newGameBtn.textContent = L.new_game;
      newGameBtn.classList.remove("lw-confirm");
    }
    // a lesson board restarts its lesson (and goes on once solved) instead of starting a new game
    const lesson = view.lesson;
    const controls = view.controls || { new_game: true, language: true };
    newGameBtn.hidden = !!lesson || !controls.new_game;
    langLabel.parentElement.hidden = !controls.language;
    restartBtn.hidden = !lesson;
    nextLessonBtn.hidden = !(lesson && lesson.next);
    if (lesson) {
      restartBtn.textContent = lesson.restart;
      nextLessonBtn.textContent = lesson.next || "";
    }
    banner.hidden = !view.banner;
    if (view.banner) banner.replaceChildren(h("strong", {}, view.banner.title + ": "), view.banner.text);
  }

  return { el, banner, draw };
}

// ---------------------------------------------------------------- the grid: cells, keyboard cursor, arrows overlay

/** @param {BoardView} view */
function cellData(view, id) {
  if (!view.cells) return null;
  const r = RANKS.indexOf(id[1]);
  const f = FILES.indexOf(id[0]);
  return view.cells[r] && view.cells[r][f];
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

/** @param {BoardView} view */
function findLogger(view, seat) {
  if (!view.cells) return null;
  for (const row of view.cells) for (const c of row) if (c.logger === seat) return c.id;
  return null;
}

/**
 * How the reviewed turn is drawn: "played" (dashed, ✗) when the search found a better one, else "better".
 * @param {ReviewStep} step
 */
function playedStyle(step) {
  return step.better ? "played" : "better";
}

/**
 * The reviewed turn and the better one (null when the turn played was the best), each with its style.
 * @param {ReviewStep} step
 * @returns {[string, ReviewTurn | null][]}
 */
function reviewTurns(step) {
  return [
    [playedStyle(step), step.played],
    ["better", step.better],
  ];
}

/** The cell id of the chop preview shown: the hovered / focused target, else the only target of a chop. */
/** @param {BoardInstance} board */
function shownPreview(board) {
  const view = board.view;
  const id = board.preview || view.preview_default;
  return id && view.previews && view.previews[id] ? id : null;
}

// The arrows over the grid: the round's turns, a reviewed turn and its better one, a chop's fall.
function overlayPanel() {
  const el = svg("svg", { class: "lw-overlay", viewBox: "0 0 500 500", "aria-hidden": "true" });

  /** @param {BoardView} view */
  function drawRound(view) {
    // every turn of the round (older ones fainter), so a reply never hides the pupil's own move
    for (const t of (view.last && view.last.round) || []) {
      if (t.path.length < 2) continue;
      const g = arrow(t.path, seatColour(view.palette, t.seat), t.latest ? "lw-arrow-move" : "lw-arrow-move lw-arrow-old");
      if (!t.latest) g.setAttribute("opacity", "0.55");
      el.append(g);
    }
  }

  /** @param {BoardView} view */
  function drawReview(view) {
    const step = view.review && view.review.active ? view.review.step : null;
    if (!step) return;
    // the turn played (dashed) and the better turn (solid), each along its logger's path; a turn
    // played that was the best is drawn as the best (solid), never with the mistake's dashes
    for (const [which, t] of reviewTurns(step)) {
      if (!t || t.path.length < 2) continue;
      const g = arrow(t.path, t.colour, `lw-arrow-review lw-arrow-${which}`);
      if (which === "played") g.querySelectorAll("polyline").forEach((l) => l.setAttribute("stroke-dasharray", "14 10"));
      el.append(g);
    }
  }

  /**
   * @param {BoardView} view
   * @param {string | null} shown
   */
  function drawFall(view, shown) {
    const p = shown ? view.previews[shown] : null;
    if (!p || !p.felled.length) return;
    // the chopped tree falls away from the logger: a dotted line over the trees that fall
    const loggerCell = findLogger(view, view.to_move);
    if (!loggerCell) return;
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
    el.append(g);
  }

  /**
   * @param {BoardView} view
   * @param {string | null} shown
   */
  function draw(view, shown) {
    el.replaceChildren();
    drawRound(view);
    drawReview(view);
    drawFall(view, shown);
  }

  return { el, draw };
}

// One cell of the grid (`c`: its element and SVG) from the view; its SVG is redrawn only when
// what it shows changed (`cellKeys`: cell id → what its SVG was drawn from).
/**
 * @param {BoardView} view
 * @param {CellView} cell
 * @param {BoardInstance} board
 */
function drawCell(board, c, cellKeys, view, cell, last) {
  const stump = last.stumps.has(cell.id) && !cell.piece && !cell.logger;
  const sparkle = last.sparkles.has(cell.id) && !cell.new;
  const shown = { ...cell, grew: cell.grew || (last.grew.has(cell.id) && !!cell.piece) };
  const moved = cell.id === last.from && last.from !== last.to;
  const ghost = moved && !cell.piece && !cell.logger ? last.seat : 0;
  const key = JSON.stringify([shown, stump, sparkle, ghost, view.to_move, board.paletteKey]);
  if (cellKeys[cell.id] !== key) {
    cellKeys[cell.id] = key;
    c.svg.innerHTML = cellMarkup(shown, view, { stump, sparkle, ghost });
  }
  const e = c.el;
  e.setAttribute("aria-label", cell.label);
  e.dataset.mark = cell.mark || "";
  e.classList.toggle("lw-selectable", !!cell.selectable);
  e.classList.toggle("lw-suggested", !!cell.suggested);
  e.classList.toggle("lw-last-from", moved);
  e.classList.toggle("lw-last-to", cell.id === last.to);
  e.classList.toggle("lw-last-target", last.targets.has(cell.id) || stump);
  e.setAttribute("aria-disabled", cell.selectable ? "false" : "true");
  e.setAttribute("aria-selected", cell.mark === "chosen" ? "true" : "false");
}

// The last turn's traces on the grid: stumps, new seedlings, grown trees, the path's ends, targets.
/** @param {BoardView} view */
function lastTraces(view) {
  const l = view.last;
  return {
    stumps: new Set(l ? l.felled : []),
    sparkles: new Set(l ? l.spawned : []),
    grew: new Set(l ? l.grew : []),
    from: l ? l.origin : null,
    to: l ? l.destination : null,
    targets: new Set(l ? l.targets : []),
    seat: l ? l.seat : 0,
  };
}

/** The cell the keyboard cursor moves to from `focus` on `key` (arrows, Home, End), or null. */
function cursorStep(focus, key) {
  const f = FILES.indexOf(focus[0]);
  const r = RANKS.indexOf(focus[1]);
  const moves = {
    ArrowLeft: [Math.max(0, f - 1), r],
    ArrowRight: [Math.min(4, f + 1), r],
    ArrowUp: [f, Math.max(0, r - 1)],
    ArrowDown: [f, Math.min(4, r + 1)],
    Home: [0, r],
    End: [4, r],
  };
  const to = Object.prototype.hasOwnProperty.call(moves, key) ? moves[key] : null;
  return to ? FILES[to[0]] + RANKS[to[1]] : null;
}

/**
 * Where the keyboard cursor goes when its cell can no longer be chosen: the logger to move
 * (its "stay" cell), else the selectable cell nearest to `focus` (first in reading order on a tie).
 * @param {BoardView} view
 * @param {string} focus
 * @returns {string | null}
 */
function cursorHome(view, focus) {
  let best = null;
  let bestDistance = Infinity;
  for (const row of view.cells) {
    for (const cell of row) {
      if (!cell.selectable) continue;
      const d = cell.mark === "stay" ? -1 : Math.abs(FILES.indexOf(cell.id[0]) - FILES.indexOf(focus[0])) + Math.abs(RANKS.indexOf(cell.id[1]) - RANKS.indexOf(focus[1]));
      if (d < bestDistance) {
        best = cell.id;
        bestDistance = d;
      }
    }
  }
  return best;
}

// The reviewed turn's destination and targets (cell id → "played", "better" or "both") and the
// trees the better turn fells.
/** @param {BoardView} view */
function reviewMarks(view) {
  const r = view.review;
  const step = r && r.active ? r.step : null;
  const marks = {};
  if (step) {
    for (const [which, t] of reviewTurns(step)) {
      if (!t) continue;
      for (const id of [t.destination, ...t.targets]) marks[id] = marks[id] && marks[id] !== which ? "both" : which;
    }
  }
  return { marks, fell: new Set(step && step.better ? step.better.felled : []) };
}

// The 5 × 5 grid of cells: a roving keyboard cursor, hover / focus previews, the last turn's
// traces, the reviewed turn's marks and the overlay of arrows.
/** @param {BoardInstance} board */
function gridPanel(board) {
  const grid = h("div", { class: "lw-grid", role: "grid" });
  const cells = {}; // cell id → { el, svg }
  const cellKeys = {}; // cell id → what its SVG was drawn from
  let focus = "c3"; // keyboard cursor
  const overlay = overlayPanel();

  const choose = (id) => {
    if (!board.view.cells) return;
    focus = id;
    board.send("cell", { cell: id });
  };
  const updateRoving = () => {
    for (const [id, c] of Object.entries(cells)) c.el.setAttribute("tabindex", id === focus ? "0" : "-1");
  };
  const hover = (id) => {
    const p = id && board.view.previews ? board.view.previews[id] : null;
    board.preview = p ? id : null;
    board.drawPreview();
    // a seedling candidate shows the spawning tree(s) it would come from
    const cell = id ? cellData(board.view, id) : null;
    const parents = new Set(cell && cell.parents ? cell.parents : []);
    for (const [cid, c] of Object.entries(cells)) c.el.classList.toggle("lw-parent", parents.has(cid));
  };

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
      c.addEventListener("click", () => choose(id));
      c.addEventListener("mouseenter", () => hover(id));
      c.addEventListener("mouseleave", () => hover(null));
      c.addEventListener("focus", () => {
        focus = id;
        updateRoving();
        hover(id);
      });
      c.addEventListener("blur", () => hover(null));
      cells[id] = { el: c, svg: cellSvg };
      row.append(c);
    }
    grid.append(row);
  }
  grid.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      consume(ev);
      choose(focus);
      return;
    }
    const next = cursorStep(focus, ev.key);
    if (!next) return;
    consume(ev);
    focus = next;
    updateRoving();
    cells[focus].el.focus();
  });
  const rankCoords = h("div", { class: "lw-coords lw-coords-ranks", "aria-hidden": "true" }, ...RANKS.map((r) => h("span", {}, r)));
  const fileCoords = h("div", { class: "lw-coords lw-coords-files", "aria-hidden": "true" }, ...FILES.map((f) => h("span", {}, f)));
  const boardHelp = h("p", { class: "lw-sr", id: `${board.client}-help` });
  grid.setAttribute("aria-describedby", `${board.client}-help`);
  const el = h(
    "div",
    { class: "lw-boardarea" },
    h("div", { class: "lw-boardframe" }, rankCoords, h("div", { class: "lw-gridwrap" }, grid, overlay.el), h("span"), fileCoords),
    boardHelp,
  );

  /** @param {BoardView} view */
  function drawReviewMarks(view) {
    const { marks, fell } = reviewMarks(view);
    for (const [id, c] of Object.entries(cells)) {
      if (marks[id]) c.el.dataset.review = marks[id];
      else delete c.el.dataset.review;
      c.el.classList.toggle("lw-review-fell", fell.has(id));
    }
  }

  /** @param {BoardView} view */
  function draw(view) {
    grid.setAttribute("aria-label", view.labels.board);
    boardHelp.textContent = view.labels.board_help;
    const last = lastTraces(view);
    for (const row of view.cells) {
      for (const cell of row) {
        const c = cells[cell.id];
        if (!c) continue;
        drawCell(board, c, cellKeys, view, cell, last);
      }
    }
    // keep the keyboard cursor on something useful, near where the play is
    const focused = grid.contains(document.activeElement);
    const cur = cellData(view, focus);
    const home = cur && cur.selectable ? null : cursorHome(view, focus);
    if (home) {
      focus = home;
      updateRoving();
      if (focused) cells[focus].el.focus();
    } else {
      updateRoving();
    }
    drawReviewMarks(view);
  }

  // the chop preview shown (a cell id or null): the trees that would fall, and the arrows
  /**
   * @param {BoardView} view
   * @param {string | null} shown
   */
  function drawPreview(view, shown) {
    const p = shown ? view.previews[shown] : null;
    const felled = new Set(p ? p.felled : []);
    for (const [id, c] of Object.entries(cells)) c.el.classList.toggle("lw-fall", felled.has(id));
    overlay.draw(view, shown);
  }

  return { el, draw, drawPreview };
}

// ---------------------------------------------------------------- the side column

// The chop preview's text: what the chop shown would fell.
function previewPanel() {
  const el = h("div", { class: "lw-preview", "data-testid": "chop-preview", "aria-live": "polite", hidden: true });

  /**
   * @param {BoardView} view
   * @param {string | null} shown
   */
  function draw(view, shown) {
    const p = shown ? view.previews[shown] : null;
    if (p) {
      el.hidden = false;
      el.replaceChildren(h("strong", {}, p.title), h("ul", {}, ...p.lines.map((line) => h("li", {}, line))));
    } else {
      el.hidden = true;
      el.replaceChildren();
    }
  }

  return { el, draw };
}

function firstBadge(label) {
  const b = h("span", { class: "lw-first", title: label });
  b.innerHTML = FLAG_ICON;
  b.append(h("span", {}, label));
  return b;
}

/**
 * @param {BoardView} view
 * @param {PlayerCard} p
 */
function playerCard(view, p) {
  const icon = h("span", { class: "lw-pawn", "aria-hidden": "true" });
  icon.innerHTML = `<svg viewBox="0 0 100 100" focusable="false">${loggerMarkup(view.pieces, p.seat).replace(/ data-piece="[^"]*"/, "")}</svg>`;
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
      h("div", { class: "lw-player-name" }, p.name, p.first ? firstBadge(view.labels.first_player) : null),
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
}

/** @param {BoardInstance} board */
function playersPanel(board) {
  const el = h("div", { class: "lw-players" });

  /** @param {BoardView} view */
  function draw(view) {
    if (!changed(board, "players", [view.players, view.labels.first_player, view.labels.supply])) return;
    el.replaceChildren(...view.players.map((p) => playerCard(view, p)));
    el.setAttribute("aria-label", view.labels.players);
  }

  return { el, draw };
}

function trophy() {
  const t = h("div", { class: "lw-trophy", "aria-hidden": "true" });
  t.innerHTML = ICONS.trophy;
  return t;
}

// The status line, the task, the notice, the saved game's Resume, a paused bot's buttons, the result.
/** @param {BoardInstance} board */
function statusPanel(board) {
  const send = board.send;
  const status = h("div", { class: "lw-status", role: "status", "aria-live": "polite", "data-testid": "status" });
  const task = h("div", { class: "lw-task", "data-testid": "task", hidden: true });
  // after "Next lesson" the notebook's text above explains the lesson before: the new one's is here
  const introTitle = h("h3", { class: "lw-h3" });
  const introText = h("p", { class: "lw-lesson-intro-text" });
  const introMore = h("p", { class: "lw-lesson-intro-more" });
  const intro = h("section", { class: "lw-lesson-intro", "data-testid": "lesson-intro", hidden: true }, introTitle, introText, introMore);
  const noticeIcon = h("span", { class: "lw-notice-icon", "aria-hidden": "true" });
  const noticeWord = h("strong", { class: "lw-notice-word" });
  const noticeText = h("span", { class: "lw-notice-text", "data-testid": "message" });
  const notice = h("div", { class: "lw-notice", "data-testid": "notice", "aria-live": "assertive", hidden: true }, noticeIcon, noticeWord, noticeText);
  // the game this board saved beside the notebook (after a kernel restart): one click brings it back
  const resumeBtn = button("resume", "lw-btn lw-btn-strong lw-resume", () => send("resume"));
  resumeBtn.hidden = true;
  const pausedBox = h("div", { class: "lw-paused", hidden: true });
  const retryBtn = button("retry-bot", "lw-btn lw-btn-strong", () => send("retry"));
  const takeOverBtn = button("take-over", "lw-btn", () => send("take_over"));
  pausedBox.append(retryBtn, takeOverBtn);
  const result = h("div", { class: "lw-result", "data-testid": "result", hidden: true });

  /** @param {BoardView} view */
  function draw(view) {
    const L = view.labels;
    status.textContent = view.status.text;
    status.dataset.kind = view.status.kind;
    if (view.status.kind === "thinking") status.prepend(h("span", { class: "lw-spinner", "aria-hidden": "true" }));
    task.hidden = !view.task;
    task.textContent = view.task || "";
    const about = view.lesson ? view.lesson.intro : null;
    intro.hidden = !about;
    introTitle.textContent = about ? about.title : "";
    introText.textContent = about ? about.text : "";
    introMore.textContent = about ? about.more : "";
    const n = view.notice;
    notice.hidden = !n;
    notice.dataset.kind = n ? n.kind : "";
    noticeText.dataset.kind = n ? n.kind : "";
    noticeText.textContent = n ? n.text : "";
    noticeIcon.innerHTML = n ? NOTICE_ICONS[n.kind] || NOTICE_ICONS.info : "";
    noticeWord.textContent = n ? L[NOTICE_WORDS[n.kind] || "note"] || "" : "";
    resumeBtn.hidden = !view.resume;
    resumeBtn.textContent = view.resume ? view.resume.label : "";
    pausedBox.hidden = view.status.kind !== "paused";
    retryBtn.textContent = L.retry;
    takeOverBtn.textContent = L.take_over;
    result.hidden = !view.result;
    if (view.result) {
      result.replaceChildren(trophy(), h("div", {}, h("h3", { class: "lw-result-title" }, view.result.headline), h("p", {}, view.result.detail)));
    }
  }

  return { intro, task, status, notice, resumeBtn, pausedBox, result, draw };
}

// The three actions (plant, protest, chop), "done" for a protest and "back".
/** @param {BoardInstance} board */
function actionsPanel(board) {
  const send = board.send;
  const actionButtons = {};
  const actionRow = h("div", { class: "lw-actionrow" });
  for (const k of KINDS) {
    const b = button(`action-${k}`, `lw-btn lw-action lw-action-${k}`, () => send("action", { kind: k }));
    b.innerHTML = `<span class="lw-icon">${ICONS[k]}</span><span class="lw-action-label"></span>`;
    actionButtons[k] = b;
    actionRow.append(b);
  }
  const doneBtn = button("protest-done", "lw-btn lw-btn-strong", () => send("done"));
  const backBtn = button("cancel", "lw-btn lw-btn-quiet", () => send("back"));
  const title = h("h3", { class: "lw-h3" });
  const el = h("div", { class: "lw-actions", role: "group" }, title, actionRow, h("div", { class: "lw-actionrow lw-actionrow-2" }, doneBtn, backBtn));

  /** @param {BoardView} view */
  function draw(view) {
    el.hidden = !view.show_actions;
    title.textContent = view.labels.actions;
    el.setAttribute("aria-label", view.labels.actions);
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
  }

  return { el, draw };
}

// Hint, Undo, Redo (with the review's open button in their row, passed as `extra`) and the hint's text.
/** @param {BoardInstance} board */
function toolsPanel(board, ...extra) {
  const send = board.send;
  const hintBtn = button("hint", "lw-btn", () => send("hint"));
  const undoBtn = button("undo", "lw-btn", () => send("undo"));
  const redoBtn = button("redo", "lw-btn", () => send("redo"));
  const row = h("div", { class: "lw-toolrow" }, hintBtn, undoBtn, redoBtn, ...extra);
  const hintText = h("div", { class: "lw-hinttext", "data-testid": "hint-text", hidden: true });

  /** @param {BoardView} view */
  function draw(view) {
    const L = view.labels;
    hintBtn.textContent = view.hint.label || L.hint; // a puzzle's second hint: "Solution"
    hintBtn.disabled = !view.hint.enabled;
    undoBtn.textContent = L.undo;
    undoBtn.disabled = !view.undo.enabled;
    redoBtn.textContent = L.redo;
    redoBtn.disabled = !view.redo.enabled;
    hintText.hidden = !view.hint.text;
    hintText.textContent = view.hint.text || "";
  }

  return { row, hintText, draw };
}

function reviewSwatch(which, colour) {
  const dash = which === "played" ? ' stroke-dasharray="6 4"' : "";
  const icon = which === "played" ? '<path d="M20 6 L28 14 M28 6 L20 14" stroke="#1b1b1b" stroke-width="3"/>' : '<path d="M24 3 L26.5 9 L33 9 L28 13 L30 19 L24 15.5 L18 19 L20 13 L15 9 L21.5 9 Z" fill="#1b1b1b"/>';
  const s = svg("svg", { viewBox: "0 0 36 22", width: "36", height: "22", "aria-hidden": "true", focusable: "false" });
  s.innerHTML = `<line x1="2" y1="16" x2="14" y2="16" stroke="${colour}" stroke-width="5"${dash}/>${icon}`;
  return s;
}

// The Review mode's panel: the verdict, the sentence (a live region), the two turns' legend,
// previous / next / exit buttons and a slider; ← and → step while the panel has the focus.
// Its open button sits in the tools' row; the cells' marks are the grid's.
/** @param {BoardInstance} board */
function reviewPanel(board) {
  const send = board.send;
  const openBtn = button("review-open", "lw-btn lw-btn-strong lw-review-open", () => send("review", { op: "open" }));
  openBtn.hidden = true;
  // the panel's name for screen readers; on screen the status line above says "Game review: Turn n of m"
  const title = h("h3", { class: "lw-h3 lw-sr", id: `${board.client}-review` });
  const progress = h("progress", { class: "lw-review-progress", "data-testid": "review-progress", max: "1", value: "0" });
  const progressText = h("span", { class: "lw-review-progress-text" });
  const wait = h("div", { class: "lw-review-wait", role: "status" }, progress, progressText);
  const label = h("div", { class: "lw-review-label", "data-testid": "review-label" });
  const sentence = h("p", { class: "lw-review-sentence", "data-testid": "review-sentence", "aria-live": "polite" });
  const legend = h("ul", { class: "lw-review-legend", "data-testid": "review-legend" });
  const prev = button("review-prev", "lw-btn", () => send("review", { op: "prev" }));
  const next = button("review-next", "lw-btn lw-btn-strong", () => send("review", { op: "next" }));
  const exit = button("review-exit", "lw-btn lw-btn-quiet", () => send("review", { op: "exit" }));
  const slider = h("input", { type: "range", min: "1", max: "1", step: "1", value: "1", class: "lw-range", "data-testid": "review-slider" });
  slider.addEventListener("input", () => send("review", { op: "goto", ply: Number(slider.value) }));
  // The arrows, Home and End step the review here and stay here: the notebook around the board
  // must not get them (JupyterLab moved the focus to the next cell).
  slider.addEventListener("keydown", (ev) => {
    const low = Number(slider.min);
    const high = Number(slider.max);
    const now = Number(slider.value);
    let target = -1;
    if (ev.key === "ArrowRight" || ev.key === "ArrowUp") target = now + 1;
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowDown") target = now - 1;
    else if (ev.key === "Home") target = low;
    else if (ev.key === "End") target = high;
    else return;
    consume(ev);
    target = Math.max(low, Math.min(high, target));
    if (String(target) === slider.value) return;
    slider.value = String(target);
    send("review", { op: "goto", ply: target });
  });
  const stepText = h("span", { class: "lw-replay-value", "data-testid": "review-step" });
  const nav = h("div", { class: "lw-review-nav" }, h("div", { class: "lw-actionrow" }, prev, next, exit), h("label", { class: "lw-replay" }, slider, stepText));
  const el = h(
    "section",
    { class: "lw-review", "data-testid": "review", "aria-labelledby": `${board.client}-review`, hidden: true },
    title,
    wait,
    label,
    sentence,
    legend,
    nav,
  );
  el.addEventListener("keydown", (ev) => {
    if (ev.target === slider) return; // the slider steps with the arrows itself (above)
    const step = board.view.review && board.view.review.step;
    if (!step) return;
    if (ev.key === "ArrowLeft" && !step.first) {
      consume(ev);
      send("review", { op: "prev" });
    } else if (ev.key === "ArrowRight" && !step.last) {
      consume(ev);
      send("review", { op: "next" });
    }
  });

  /**
   * @param {ReviewPanel} r
   * @param {ReviewStep} step
   */
  function drawStep(r, step) {
    label.style.setProperty("--rv-label", step.colour);
    label.replaceChildren(h("span", { class: "lw-review-glyph", "aria-hidden": "true" }, step.glyph), h("strong", {}, step.label_text));
    sentence.textContent = step.sentence;
    const items = [h("li", {}, reviewSwatch(playedStyle(step), step.played.colour), h("span", {}, step.played.text))];
    if (step.better) items.push(h("li", {}, reviewSwatch("better", step.better.colour), h("span", {}, step.better.text)));
    legend.replaceChildren(...items);
    prev.textContent = r.labels.prev;
    prev.disabled = step.first;
    next.textContent = r.labels.next;
    next.disabled = step.last;
    exit.textContent = r.labels.exit;
    slider.max = String(step.total);
    slider.disabled = step.total < 2;
    if (document.activeElement !== slider) slider.value = String(step.ply);
    slider.setAttribute("aria-label", r.labels.slider);
    slider.setAttribute("aria-valuetext", step.text);
    stepText.textContent = step.text;
  }

  /** @param {BoardView} view */
  function draw(view) {
    const root = board.root;
    const r = view.review;
    openBtn.hidden = !(r && r.available);
    if (r) openBtn.textContent = r.open;
    const active = !!(r && r.active);
    root.dataset.review = active ? (r.step ? r.step.label : "pending") : "false";
    el.hidden = !active;
    if (!active) return;
    const step = r.step;
    if (step) {
      root.style.setProperty("--rv-played", step.played.colour);
      if (step.better) root.style.setProperty("--rv-better", step.better.colour);
    }
    title.textContent = r.labels.title;
    wait.hidden = !r.pending;
    if (r.progress) {
      progress.max = Math.max(1, r.progress.total);
      progress.value = r.progress.done;
      progressText.textContent = r.progress.text;
    }
    label.hidden = !step;
    sentence.hidden = !step;
    legend.hidden = !step;
    nav.hidden = !step;
    if (step) drawStep(r, step);
  }

  return { el, openBtn, draw };
}

// The last turn (or the whole round) in words.
function lastTurnPanel() {
  const el = h("div", { class: "lw-last", "data-testid": "last-turn", hidden: true });

  /** @param {BoardView} view */
  function draw(view) {
    el.hidden = !view.last;
    if (!view.last) return;
    const round = view.last.round || [];
    if (round.length <= 1) {
      el.replaceChildren(h("strong", {}, view.last.title + ": "), view.last.text);
      return;
    }
    el.replaceChildren(
      h("strong", {}, view.last.title),
      h("ul", { class: "lw-round" }, ...round.map((t) => h("li", { style: `--seat:${seatColour(view.palette, t.seat)}` }, t.text))),
    );
  }

  return { el, draw };
}

// ---------------------------------------------------------------- the bottom row

// The game's turns (each a button that replays it), the replay slider and "back to the game".
/** @param {BoardInstance} board */
function historyPanel(board) {
  const send = board.send;
  const title = h("h3", { class: "lw-h3" });
  const list = h("ol", { class: "lw-history", "data-testid": "history" });
  const replayLabel = h("span", { class: "lw-replay-label" });
  const replayValue = h("span", { class: "lw-replay-value" });
  const replay = h("input", { type: "range", min: "0", max: "0", step: "1", value: "0", "data-testid": "replay", class: "lw-range" });
  replay.addEventListener("input", () => send("replay", { ply: Number(replay.value) }));
  const replayExit = button("replay-exit", "lw-btn lw-btn-strong", () => send("replay", { ply: null }));
  replayExit.hidden = true;
  const el = h("section", { class: "lw-historybox" }, title, list, h("label", { class: "lw-replay" }, replayLabel, replay, replayValue), replayExit);

  /**
   * @param {BoardView} view
   * @param {HistoryItem} it
   */
  function historyItem(view, it) {
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
    b.addEventListener("click", () => send("replay", { ply: it.ply }));
    return h("li", {}, b);
  }

  /** @param {BoardView} view */
  function drawList(view) {
    const items = view.history.items;
    if (!items.length) {
      list.replaceChildren(h("li", { class: "lw-history-empty" }, view.history.empty));
      return;
    }
    list.replaceChildren(...items.map((it) => historyItem(view, it)));
    const cur = list.querySelector(".lw-current");
    if (cur && !view.replay.active) list.scrollTop = list.scrollHeight;
    else if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  /** @param {BoardView} view */
  function draw(view) {
    const L = view.labels;
    title.textContent = L.history;
    if (changed(board, "history", [view.history, view.replay.active])) drawList(view);
    replayLabel.textContent = L.replay;
    replay.min = String(view.replay.min); // 1 while a review is shown: the slider names the reviewed turn
    replay.max = String(view.replay.max);
    if (document.activeElement !== replay) replay.value = String(view.replay.value);
    replay.disabled = view.replay.max <= view.replay.min;
    replay.setAttribute("aria-valuetext", view.replay.text);
    replayValue.textContent = view.replay.text;
    replayExit.hidden = !view.replay.active;
    replayExit.textContent = L.back_to_game;
  }

  return { el, draw };
}

// The legend and, folded under "More", the expert tools: typed turns, the LPN to copy, JSON records.
/** @param {BoardInstance} board */
function gameToolsPanel(board) {
  const send = board.send;
  let notationLpn = null; // the position a typed turn was sent from: the input clears once it changes
  const notationLabel = h("span", {});
  const notationInput = h("input", { type: "text", class: "lw-input", "data-testid": "notation-input", autocomplete: "off", spellcheck: "false" });
  const notationBtn = h("button", { type: "submit", class: "lw-btn", "data-testid": "notation-submit" });
  const notationForm = h("form", { class: "lw-notation" }, h("label", {}, notationLabel, notationInput), notationBtn);
  notationForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    notationLpn = board.view.lpn;
    send("notation", { text: notationInput.value });
  });
  notationInput.addEventListener("keydown", (ev) => ev.stopPropagation());
  const lpnInput = h("input", { type: "text", readonly: true, class: "lw-input lw-lpn", "data-testid": "lpn" });
  const copyMsg = h("span", { class: "lw-copymsg", "aria-live": "polite" });
  const copyBtn = button("copy-lpn", "lw-btn", () => copyLpn(board.view, lpnInput, copyMsg));
  const exportBtn = button("export", "lw-btn", () => send("export"));
  const importFile = h("input", { type: "file", accept: ".json,application/json,text/plain", hidden: true, "data-testid": "import-file" });
  const importBtn = button("import", "lw-btn", () => importFile.click());
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
  const keys = h("p", { class: "lw-keys" });
  const moreSummary = h("summary", { class: "lw-more-summary", "data-testid": "more" });
  const more = h(
    "details",
    { class: "lw-more" },
    moreSummary,
    h(
      "div",
      { class: "lw-more-body" },
      gameTitle,
      notationForm,
      h("div", { class: "lw-lpnrow" }, lpnInput, copyBtn),
      copyMsg,
      h("div", { class: "lw-toolrow" }, exportBtn, importBtn, importFile),
      keys,
    ),
  );
  const el = h("section", { class: "lw-toolsbox" }, legendTitle, legend, more);

  /** @param {BoardView} view */
  function draw(view) {
    const L = view.labels;
    moreSummary.textContent = L.more;
    gameTitle.textContent = L.game;
    notationLabel.textContent = L.notation;
    notationInput.placeholder = L.notation_placeholder;
    notationBtn.textContent = L.play;
    if (notationLpn && notationLpn !== view.lpn) {
      notationInput.value = "";
      notationLpn = null;
    }
    lpnInput.value = view.lpn;
    lpnInput.setAttribute("aria-label", L.copy_lpn);
    copyBtn.textContent = L.copy_lpn;
    exportBtn.textContent = L.export;
    importBtn.textContent = L.import;
    legendTitle.textContent = L.legend;
    if (!changed(board, "legend", L.legend_items)) return;
    legend.replaceChildren(
      ...L.legend_items.map((it) => {
        const li = h("li", {});
        li.innerHTML = legendIcon(view.pieces, it.piece);
        li.append(h("span", {}, it.label));
        return li;
      }),
    );
    keys.textContent = L.keyboard;
  }

  return { el, draw };
}

// Copy the position's LPN: the clipboard API where the page is a secure context, else the
// selected text field; says "copied" (or that it failed) for three seconds.
/** @param {BoardView} view */
async function copyLpn(view, lpnInput, copyMsg) {
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
  copyMsg.textContent = view.labels[ok ? "copied" : "copy_failed"] || "";
  setTimeout(() => {
    copyMsg.textContent = "";
  }, 3000);
}

// The live chart under the board (an image Python draws).
function chartPanel() {
  const img = h("img", { class: "lw-chart-img", alt: "" });
  const el = h("section", { class: "lw-chart", "data-testid": "chart", hidden: true }, img);

  /** @param {BoardView} view */
  function draw(view) {
    el.hidden = !view.chart;
    if (view.chart && img.getAttribute("src") !== view.chart.src) img.setAttribute("src", view.chart.src);
    if (view.chart) img.setAttribute("alt", view.chart.alt);
  }

  return { el, draw };
}

// ---------------------------------------------------------------- the widget

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

// Tell the kernel a view is drawn: from then on its bots play at a pace one can follow
// (logger_widget.board.persistence.front_end_attached), even in a front end that sends no cell ids.
function announceFrontEnd(model) {
  try {
    model.send({ type: "hello" });
  } catch (err) {
    // no kernel (a saved page): nothing to announce
  }
}

/** @typedef {ReturnType<typeof makeBoard>} BoardInstance */

// One board on the page: its model, client id, current view, root element and intents.
function makeBoard(model, root) {
  const client = `v${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
  let seq = 0;
  let pendingTimer = null;
  const board = {
    model,
    client,
    view: /** @type {BoardView} */ ({}),
    root,
    preview: null, // the hovered / focused chop target (a cell id)
    paletteKey: "",
    panelKeys: {},
    drawPreview: () => {},
    send(action, extra = {}) {
      seq += 1;
      try {
        const { version, basis } = board.view;
        model.send({ type: "intent", client, seq, version, basis, action, ...extra });
      } catch (err) {
        // the kernel is gone (restarted or shut down): nothing to do until the cell runs again
        console.warn("logger_widget: cannot reach the kernel", err);
        return;
      }
      board.sent = seq;
      board.root.classList.add("lw-pending");
      clearTimeout(pendingTimer);
      // the kernel answers every intent (answered()); this only covers a kernel that is gone
      pendingTimer = setTimeout(() => board.root.classList.remove("lw-pending"), 10000);
    },
    // The kernel's answer to intent `msg.seq` ("ok", "rejected", "stale"…; a refusal's reason is in the
    // view's notice): the pending mark goes once the last intent sent is answered.
    answered(msg) {
      board.root.dataset.answer = String(msg.result);
      if (msg.seq === board.sent) {
        clearTimeout(pendingTimer);
        board.root.classList.remove("lw-pending");
      }
    },
    sent: 0,
    dispose() {
      clearTimeout(pendingTimer);
    },
  };
  return board;
}

// A class game's Resign: one press asks (Yes, resign / No, play on), so a misclick loses nothing.
// Shown only while the pupil may resign; the question takes the focus to "No" (Escape-safe, keyboard first).
/** @param {BoardInstance} board */
function resignPanel(board) {
  const send = board.send;
  const resignBtn = button("resign", "lw-btn lw-online-resign", () => send("resign", { op: "ask" }));
  const question = h("span", { class: "lw-online-resign-confirm", role: "alert" });
  const yesBtn = button("resign-yes", "lw-btn lw-btn-strong lw-online-resign-yes", () => send("resign", { op: "yes" }));
  const noBtn = button("resign-no", "lw-btn lw-online-resign-no", () => send("resign", { op: "no" }));
  const el = h("div", { class: "lw-online-bar", role: "group", hidden: true }, resignBtn, question, yesBtn, noBtn);
  let asked = false;

  /** @param {BoardView} view */
  function draw(view) {
    const r = view.resign;
    el.hidden = !r || !r.shown;
    if (!r) return;
    const asking = r.shown && r.asking;
    el.setAttribute("aria-label", r.label);
    resignBtn.textContent = r.label;
    question.textContent = r.question;
    yesBtn.textContent = r.yes;
    noBtn.textContent = r.no;
    resignBtn.hidden = asking;
    question.hidden = yesBtn.hidden = noBtn.hidden = !asking;
    if (asking && !asked) noBtn.focus();
    asked = asking;
  }

  return { el, draw };
}

// Build every panel into the board's root; return the function that draws a view.
/** @param {BoardInstance} board */
function layOut(board) {
  const root = board.root;
  const header = headerPanel(board);
  const grid = gridPanel(board);
  const players = playersPanel(board);
  const status = statusPanel(board);
  const review = reviewPanel(board);
  const actions = actionsPanel(board);
  const preview = previewPanel();
  const tools = toolsPanel(board, review.openBtn);
  const last = lastTurnPanel();
  const history = historyPanel(board);
  const gameTools = gameToolsPanel(board);
  const chart = chartPanel();
  const resign = resignPanel(board);
  const side = h(
    "div",
    { class: "lw-side" },
    players.el,
    status.intro,
    status.task,
    status.status,
    tools.hintText, // right under the status, so the hint is seen without scrolling past the buttons
    status.notice,
    status.resumeBtn,
    status.pausedBox,
    status.result,
    review.el,
    actions.el,
    preview.el,
    tools.row,
    resign.el,
    last.el,
  );
  const main = h("div", { class: "lw-main" }, grid.el, side);
  const bottom = h("div", { class: "lw-bottom" }, history.el, gameTools.el);
  root.append(header.el, header.banner, main, bottom, chart.el);
  root.addEventListener("keydown", (e) => {
    const view = board.view;
    if (e.key === "Escape" && view.review && view.review.active) {
      consume(e);
      board.send("review", { op: "exit" });
    } else if (e.key === "Escape" && view.back && view.back.enabled) {
      consume(e);
      board.send("back");
    }
  });
  board.drawPreview = () => {
    const shown = shownPreview(board);
    preview.draw(board.view, shown);
    grid.drawPreview(board.view, shown);
  };
  const panels = [header, grid, players, status, chart, actions, tools, last, history, review, gameTools, resign];

  /** @param {BoardView} view */
  return function drawAll(view) {
    const t0 = performance.now();
    board.paletteKey = JSON.stringify(view.palette || {});
    root.dataset.version = String(view.version);
    root.dataset.basis = String(view.basis);
    root.dataset.stage = view.stage;
    root.dataset.toMove = String(view.to_move);
    root.dataset.over = view.over ? "true" : "false";
    root.dataset.interactive = view.interactive ? "true" : "false";
    root.dataset.replay = view.replay.active ? "true" : "false";
    root.setAttribute("lang", view.lang.replace("_", "-")); // BCP 47: "es-419"
    root.style.setProperty("--mover", seatColour(view.palette, view.to_move));
    for (const panel of panels) panel.draw(view);
    if (board.preview && !(view.previews && view.previews[board.preview])) board.preview = null;
    board.drawPreview();
    root.dataset.drawMs = (performance.now() - t0).toFixed(2); // the redraw's cost, read by the browser tests
  };
}

function render({ model, el }) {
  // data-lm-suppress-shortcuts: keys pressed on the board are not JupyterLab shortcuts
  const root = h("div", { class: "lw-board", "data-version": "0", "data-lm-suppress-shortcuts": "true" });
  const board = makeBoard(model, root);
  const drawAll = layOut(board);
  el.append(root);

  // the view: its static part (labels, palette, languages, cell names; sent once per language
  // as `_static`) under the panels of the moment (`_view`)
  const onView = () => {
    board.view = /** @type {BoardView} */ ({ ...(model.get("_static") || {}), ...(model.get("_view") || {}) });
    if (board.view.cells) drawAll(board.view);
  };
  const onCustom = (msg) => {
    if (msg && msg.type === "download") download(root, msg);
    else if (msg && msg.type === "answer" && msg.client === board.client) board.answered(msg);
  };
  model.on("change:_view", onView);
  model.on("change:_static", onView);
  model.on("msg:custom", onCustom);
  onView();
  announceFrontEnd(model);

  return () => {
    board.dispose();
    model.off("change:_view", onView);
    model.off("change:_static", onView);
    model.off("msg:custom", onCustom);
  };
}

export default { render };
