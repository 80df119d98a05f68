import { createCanvas } from "@napi-rs/canvas";
import { DEJAVU_SANS, DEJAVU_SANS_BOLD, fontsOnce } from "./fonts.js";

/**
 * The records' chart (`/stats`, docs/community.md) as a PNG: one horizontal bar per row, its
 * length the row's games against the longest, its dark part the games won, and the figures at its
 * end. Texts come rendered in the reader's language. Pure: same input → same bytes.
 */

const FONTS = {
  sans: [DEJAVU_SANS, "StatsSans"],
  bold: [DEJAVU_SANS_BOLD, "StatsSansBold"],
} as const;
const ensureFonts = fontsOnce(Object.values(FONTS));

export interface ChartRow {
  label: string;
  games: number;
  wins: number;
  /** The figures written after the bar ("2/3 · 67%"). */
  figures: string;
}

export interface StatsChart {
  title: string;
  legend: string;
  rows: readonly ChartRow[];
}

const W = 880;
const MARGIN = 28;
const LABEL_W = 360;
const ROW_H = 34;
const BAR_H = 20;
const HEAD = 84;
const COLORS = {
  paper: "#f6f3ec",
  ink: "#1f1a14",
  muted: "#6d6458",
  bar: "#c9bfae",
  won: "#2f5d50",
} as const;

/** Cuts `text` with an ellipsis to fit `max` pixels in the context's current font. */
function fit(measure: (s: string) => number, text: string, max: number): string {
  if (measure(text) <= max) return text;
  let cut = text.length;
  while (cut > 1 && measure(`${text.slice(0, cut)}…`) > max) cut--;
  return `${text.slice(0, cut)}…`;
}

export function renderStatsChart(chart: StatsChart): Buffer {
  ensureFonts();
  const height = HEAD + chart.rows.length * ROW_H + MARGIN;
  const canvas = createCanvas(W, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = COLORS.paper;
  ctx.fillRect(0, 0, W, height);
  ctx.fillStyle = COLORS.ink;
  ctx.font = `22px ${FONTS.bold[1]}`;
  ctx.fillText(
    fit((s) => ctx.measureText(s).width, chart.title, W - 2 * MARGIN),
    MARGIN,
    38,
  );
  ctx.fillStyle = COLORS.muted;
  ctx.font = `14px ${FONTS.sans[1]}`;
  ctx.fillText(chart.legend, MARGIN, 62);
  const most = Math.max(1, ...chart.rows.map((r) => r.games));
  const barMax = W - MARGIN * 2 - LABEL_W - 130;
  chart.rows.forEach((row, i) => {
    const y = HEAD + i * ROW_H;
    ctx.font = `15px ${FONTS.sans[1]}`;
    ctx.fillStyle = COLORS.ink;
    ctx.fillText(
      fit((s) => ctx.measureText(s).width, row.label, LABEL_W - 12),
      MARGIN,
      y + 15,
    );
    const x = MARGIN + LABEL_W;
    const full = Math.max(2, Math.round((row.games / most) * barMax));
    ctx.fillStyle = COLORS.bar;
    ctx.fillRect(x, y, full, BAR_H);
    ctx.fillStyle = COLORS.won;
    ctx.fillRect(x, y, Math.round((row.wins / most) * barMax), BAR_H);
    ctx.fillStyle = COLORS.muted;
    ctx.font = `14px ${FONTS.sans[1]}`;
    ctx.fillText(row.figures, x + full + 8, y + 15);
  });
  return canvas.toBuffer("image/png");
}
