import { type Canvas, type SKRSContext2D, createCanvas } from "@napi-rs/canvas";
import type { Board } from "../rulesets/reichstag/index.js";
import { DEJAVU_SANS, DEJAVU_SANS_BOLD, fontsOnce } from "./fonts.js";

/**
 * Pure renderer of the public `reichstag` board (reichstag.md section 7) to a PNG: the liberal track
 * (5), the fascist track (6), the election tracker (3), deck/discard sizes and the players with their
 * statuses. Input is `boardOf(state)`: public data only. Same board → same bytes.
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

const STATUS_LABEL: Record<string, string> = {
  candidate_president: "Candidate-President",
  candidate_chancellor: "Candidate-Chancellor",
  president: "President",
  chancellor: "Chancellor",
  former_president: "former President",
  former_chancellor: "former Chancellor",
  not_hitler: "not Hitler",
  investigated: "investigated",
  executed: "executed",
};

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

function drawTrack(ctx: SKRSContext2D, track: "liberal" | "fascist", filled: number): void {
  const count = track === "liberal" ? 5 : 6;
  const full = track === "liberal" ? COLORS.liberal : COLORS.fascist;
  const empty = track === "liberal" ? COLORS.liberalEmpty : COLORS.fascistEmpty;
  const first = slotRect(track, 0);
  text(
    ctx,
    track === "liberal" ? `Liberal policies ${filled}/5` : `Fascist policies ${filled}/6`,
    first.x,
    first.y - 12,
    20,
    COLORS.text,
    true,
  );
  for (let i = 0; i < count; i++) {
    const r = slotRect(track, i);
    ctx.fillStyle = i < filled ? full : empty;
    ctx.fillRect(r.x, r.y, r.w, r.h);
    if (i < filled)
      text(ctx, track === "liberal" ? "L" : "F", r.x + r.w / 2 - 10, r.y + r.h - 16, 28, "#ffffff", true);
  }
}

/** Draws the board on a fresh canvas (exported for pixel tests). */
export function drawBoard(board: Board): Canvas {
  ensureFonts();
  const canvas = createCanvas(LAYOUT.width, boardHeight(board));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  text(ctx, `Reichstag: ${board.phase}`, LAYOUT.margin, 34, 24, COLORS.text, true);
  const info = `Deck ${board.deckSize} · Discard ${board.discardSize}${board.vetoUnlocked ? " · Veto unlocked" : ""}`;
  text(ctx, info, LAYOUT.width - LAYOUT.margin - 330, 34, 16, COLORS.muted);

  drawTrack(ctx, "liberal", Math.min(5, Math.max(0, board.liberal)));
  drawTrack(ctx, "fascist", Math.min(6, Math.max(0, board.fascist)));

  text(ctx, "Election tracker", LAYOUT.margin, LAYOUT.trackerY + 6, 18, COLORS.text, true);
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
    text(ctx, `${p.seat}.`, LAYOUT.margin + 8, y, 18, color);
    text(ctx, p.id + (p.role ? ` (${p.role})` : ""), LAYOUT.margin + 48, y, 18, color, true);
    const statuses = p.statuses.map((s) => STATUS_LABEL[s] ?? s).join(", ");
    text(ctx, statuses, LAYOUT.margin + 300, y, 16, p.alive ? COLORS.muted : COLORS.dead);
  });
  if (board.ended) {
    text(
      ctx,
      `Game over. Winners: ${board.winners.join(", ") || "none"}.`,
      LAYOUT.margin,
      LAYOUT.trackerY + 40,
      18,
      COLORS.tracker,
      true,
    );
  }
  return canvas;
}

/** The board as PNG bytes. */
export async function renderReichstagBoard(board: Board): Promise<Buffer> {
  return drawBoard(board).encode("png");
}
