import { type Canvas, type SKRSContext2D, createCanvas } from "@napi-rs/canvas";
import type { Lang, PlayerId } from "../engine/types.js";
import { phaseName, statusName, t } from "../i18n/index.js";
import { reichstag, type Board } from "../rulesets/reichstag/index.js";
import { DEJAVU_SANS, DEJAVU_SANS_BOLD, fontsOnce } from "./fonts.js";
import { factionName, roleName } from "./names.js";

/**
 * Pure renderer of the public `reichstag` board (reichstag.md section 7) to a PNG: the liberal track
 * (5), the fascist track (6), the election tracker (3), deck/discard sizes and the players with their
 * statuses. Input is `boardOf(state)`: public data only. Same board → same bytes. Every word is
 * the game's language (`reichstag_board.*`, the statuses', roles' and sides' catalog words) and
 * every seat its shown name: the image goes out with a Russian newspaper as with an English one.
 */

const FAMILY = "ReichstagBoardSans";
const FAMILY_BOLD = "ReichstagBoardSansBold";
const ensureFonts = fontsOnce([
  [DEJAVU_SANS, FAMILY],
  [DEJAVU_SANS_BOLD, FAMILY_BOLD],
]);

export const COLORS = {
  background: "#1e1b18",
  panel: "#2b2724",
  text: "#f2ece4",
  muted: "#9a928a",
  liberal: "#2f6fb5",
  liberalEmpty: "#cfe0f3",
  fascist: "#b3261e",
  fascistEmpty: "#f2cfcb",
  tracker: "#e8b931",
  trackerEmpty: "#4a4440",
  dead: "#5a5450",
} as const;

export const LAYOUT = {
  width: 900,
  margin: 24,
  slotW: 104,
  slotH: 140,
  slotGap: 12,
  liberalY: 70,
  fascistY: 260,
  trackerY: 440,
  trackerR: 14,
  playersY: 500,
  rowH: 34,
};

/** The rectangle of slot `i` (0-based) of a track. */
export function slotRect(
  track: "liberal" | "fascist",
  i: number,
): { x: number; y: number; w: number; h: number } {
  const count = track === "liberal" ? 5 : 6;
  const total = count * LAYOUT.slotW + (count - 1) * LAYOUT.slotGap;
  const x0 = Math.round((LAYOUT.width - total) / 2);
  return {
    x: x0 + i * (LAYOUT.slotW + LAYOUT.slotGap),
    y: track === "liberal" ? LAYOUT.liberalY : LAYOUT.fascistY,
    w: LAYOUT.slotW,
    h: LAYOUT.slotH,
  };
}

/** The centre of election-tracker position `i` (0-based, 0..2). */
export function trackerCenter(i: number): { x: number; y: number } {
  return { x: LAYOUT.width / 2 - 60 + i * 60 + 80, y: LAYOUT.trackerY };
}

export function boardHeight(board: Board): number {
  return LAYOUT.playersY + board.players.length * LAYOUT.rowH + LAYOUT.margin;
}

function text(
  ctx: SKRSContext2D,
  s: string,
  x: number,
  y: number,
  size: number,
  color: string,
  bold = false,
) {
  ctx.font = `${size}px ${bold ? FAMILY_BOLD : FAMILY}`;
  ctx.fillStyle = color;
  ctx.fillText(s, x, y);
}

/** Every word the board shows, in the game's language, seats by their shown names (ids where none). */
export interface BoardWords {
  title: string;
  info: string;
  liberal: string;
  fascist: string;
  liberalLetter: string;
  fascistLetter: string;
  tracker: string;
  /** Per player of the board, in its order: the name (with the role once it is public), the statuses. */
  players: { name: string; statuses: string }[];
  /** The ending, when the board is of an ended game. */
  over: string | null;
}

export function boardWords(
  board: Board,
  lang: Lang = "en",
  names: ReadonlyMap<PlayerId, string> = new Map(),
): BoardWords {
  const say = (key: string, params: Record<string, string | number> = {}) =>
    t(lang, `reichstag_board.${key}`, params);
  return {
    title: say("title", { phase: phaseName(lang, board.phase) }),
    info: say("info", {
      deck: board.deckSize,
      discard: board.discardSize,
      veto: board.vetoUnlocked ? "yes" : "no",
    }),
    liberal: say("liberal", { count: Math.min(5, Math.max(0, board.liberal)) }),
    fascist: say("fascist", { count: Math.min(6, Math.max(0, board.fascist)) }),
    liberalLetter: say("liberal_letter"),
    fascistLetter: say("fascist_letter"),
    tracker: say("tracker"),
    players: board.players.map((p) => ({
      name: (names.get(p.id) ?? p.id) + (p.role ? ` (${roleName(reichstag, lang, p.role)})` : ""),
      statuses: p.statuses.map((status) => statusName(lang, status)).join(", "),
    })),
    over: board.ended
      ? say("over", {
          count: board.winners.length,
          winners: board.winners.map((w) => factionName(reichstag, lang, w)).join(", "),
        })
      : null,
  };
}

function drawTrack(
  ctx: SKRSContext2D,
  words: BoardWords,
  track: "liberal" | "fascist",
  filled: number,
): void {
  const count = track === "liberal" ? 5 : 6;
  const full = track === "liberal" ? COLORS.liberal : COLORS.fascist;
  const empty = track === "liberal" ? COLORS.liberalEmpty : COLORS.fascistEmpty;
  const first = slotRect(track, 0);
  text(ctx, words[track], first.x, first.y - 12, 20, COLORS.text, true);
  const letter = track === "liberal" ? words.liberalLetter : words.fascistLetter;
  for (let i = 0; i < count; i++) {
    const r = slotRect(track, i);
    ctx.fillStyle = i < filled ? full : empty;
    ctx.fillRect(r.x, r.y, r.w, r.h);
    if (i < filled) text(ctx, letter, r.x + r.w / 2 - 10, r.y + r.h - 16, 28, "#ffffff", true);
  }
}

/** Draws the board on a fresh canvas (exported for pixel tests). */
export function drawBoard(
  board: Board,
  lang: Lang = "en",
  names: ReadonlyMap<PlayerId, string> = new Map(),
): Canvas {
  const words = boardWords(board, lang, names);
  ensureFonts();
  const canvas = createCanvas(LAYOUT.width, boardHeight(board));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  text(ctx, words.title, LAYOUT.margin, 34, 24, COLORS.text, true);
  text(ctx, words.info, LAYOUT.width - LAYOUT.margin - 330, 34, 16, COLORS.muted);

  drawTrack(ctx, words, "liberal", Math.min(5, Math.max(0, board.liberal)));
  drawTrack(ctx, words, "fascist", Math.min(6, Math.max(0, board.fascist)));

  text(ctx, words.tracker, LAYOUT.margin, LAYOUT.trackerY + 6, 18, COLORS.text, true);
  for (let i = 0; i < 3; i++) {
    const c = trackerCenter(i);
    ctx.beginPath();
    ctx.arc(c.x, c.y, LAYOUT.trackerR, 0, Math.PI * 2);
    ctx.fillStyle = i < board.tracker ? COLORS.tracker : COLORS.trackerEmpty;
    ctx.fill();
  }

  board.players.forEach((p, i) => {
    const y = LAYOUT.playersY + i * LAYOUT.rowH;
    ctx.fillStyle = i % 2 === 0 ? COLORS.panel : COLORS.background;
    ctx.fillRect(LAYOUT.margin, y - 22, LAYOUT.width - 2 * LAYOUT.margin, LAYOUT.rowH);
    const color = p.alive ? COLORS.text : COLORS.dead;
    const shown = words.players[i];
    text(ctx, `${p.seat}.`, LAYOUT.margin + 8, y, 18, color);
    text(ctx, shown?.name ?? p.id, LAYOUT.margin + 48, y, 18, color, true);
    text(ctx, shown?.statuses ?? "", LAYOUT.margin + 300, y, 16, p.alive ? COLORS.muted : COLORS.dead);
  });
  if (words.over) text(ctx, words.over, LAYOUT.margin, LAYOUT.trackerY + 40, 18, COLORS.tracker, true);
  return canvas;
}

/** The board as PNG bytes. */
export async function renderReichstagBoard(
  board: Board,
  lang: Lang = "en",
  names: ReadonlyMap<PlayerId, string> = new Map(),
): Promise<Buffer> {
  return drawBoard(board, lang, names).encode("png");
}
