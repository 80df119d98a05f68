import { type Canvas, type SKRSContext2D, createCanvas } from "@napi-rs/canvas";
import { renderText } from "../engine/helpers.js";
import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Lang, PhaseReport, PlayerId } from "../engine/types.js";
import { displayContext } from "../games/render.js";
import { phaseName, t } from "../i18n/index.js";
import { DEJAVU_SANS, DEJAVU_SERIF, DEJAVU_SERIF_BOLD, fontsOnce } from "./fonts.js";

/**
 * A "newspaper" card for a phase as a PNG: the masthead with the game's name, the phase label in
 * the reader's language ("Ночь 1" / "Night 1"), the phase's public lines word-wrapped, and a small
 * footer. For the README and for the Discord layer to attach to the newspaper post. Pure: same
 * input → same bytes.
 */

const FONTS = {
  serif: [DEJAVU_SERIF, "NewspaperSerif"],
  serifBold: [DEJAVU_SERIF_BOLD, "NewspaperSerifBold"],
  sans: [DEJAVU_SANS, "NewspaperSans"],
} as const;
const ensureFonts = fontsOnce(Object.values(FONTS));

export interface NewspaperCard {
  /** The game's name for the masthead ("Classic mafia", or the server's own game title). */
  game: string;
  /** The engine's phase label, "night 1": shown localized. */
  phase: string;
  /** The phase's public lines, already rendered in `lang`. */
  lines: readonly string[];
  lang: Lang;
  /** The small print at the bottom; a default per language when absent. */
  footer?: string;
}

export const COLORS = {
  paper: "#f3ecdc",
  ink: "#1f1a14",
  muted: "#6d6458",
  rule: "#3a3128",
  accent: "#8c1c13",
} as const;

export const LAYOUT = {
  width: 800,
  margin: 40,
  mastheadY: 70,
  /** The thick rule under the masthead. */
  ruleY: 92,
  ruleH: 4,
  phaseY: 128,
  bodyY: 176,
  lineH: 30,
  paragraphGap: 12,
  bodySize: 20,
  footerH: 56,
} as const;

function font(size: number, family: string): string {
  return `${size}px ${family}`;
}

/** Greedy word wrap to `max` pixels; a word longer than a line is cut by characters. */
export function wrap(ctx: SKRSContext2D, text: string, max: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    const candidate = line ? `${line} ${word}` : word;
    if (ctx.measureText(candidate).width <= max) {
      line = candidate;
      continue;
    }
    if (line) out.push(line);
    let rest = word;
    while (ctx.measureText(rest).width > max && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && ctx.measureText(rest.slice(0, cut)).width > max) cut--;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) out.push(line);
  return out.length > 0 ? out : [""];
}

interface Laid {
  paragraphs: string[][];
  height: number;
}

function layout(card: NewspaperCard): Laid {
  const measure = createCanvas(1, 1).getContext("2d");
  measure.font = font(LAYOUT.bodySize, FONTS.serif[1]);
  const lines = card.lines.length > 0 ? card.lines : [t(card.lang, "newspaper_card.empty")];
  const paragraphs = lines.map((l) => wrap(measure, l, LAYOUT.width - 2 * LAYOUT.margin - 24));
  const body = paragraphs.reduce((h, p) => h + p.length * LAYOUT.lineH + LAYOUT.paragraphGap, 0);
  return { paragraphs, height: LAYOUT.bodyY + body + LAYOUT.footerH };
}

export function cardHeight(card: NewspaperCard): number {
  return layout(card).height;
}

function text(
  ctx: SKRSContext2D,
  s: string,
  x: number,
  y: number,
  size: number,
  family: string,
  color: string,
) {
  ctx.font = font(size, family);
  ctx.fillStyle = color;
  ctx.fillText(s, x, y);
}

/** Draws the card on a fresh canvas (exported for pixel tests). */
export function drawNewspaper(card: NewspaperCard): Canvas {
  ensureFonts();
  const { paragraphs, height } = layout(card);
  const W = LAYOUT.width;
  const M = LAYOUT.margin;
  const canvas = createCanvas(W, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = COLORS.paper;
  ctx.fillRect(0, 0, W, height);
  // A thin frame.
  ctx.strokeStyle = COLORS.rule;
  ctx.lineWidth = 1;
  ctx.strokeRect(12.5, 12.5, W - 25, height - 25);

  // Masthead: the game's name, centred and fitted.
  let size = 44;
  ctx.font = font(size, FONTS.serifBold[1]);
  while (size > 20 && ctx.measureText(card.game).width > W - 2 * M) {
    size -= 2;
    ctx.font = font(size, FONTS.serifBold[1]);
  }
  ctx.textAlign = "center";
  text(ctx, card.game, W / 2, LAYOUT.mastheadY, size, FONTS.serifBold[1], COLORS.ink);
  ctx.textAlign = "left";
  ctx.fillStyle = COLORS.rule;
  ctx.fillRect(M, LAYOUT.ruleY, W - 2 * M, LAYOUT.ruleH);
  ctx.fillRect(M, LAYOUT.ruleY + LAYOUT.ruleH + 3, W - 2 * M, 1);

  // The phase label, in the reader's language.
  text(ctx, phaseName(card.lang, card.phase), M, LAYOUT.phaseY, 26, FONTS.serifBold[1], COLORS.accent);
  ctx.fillStyle = COLORS.rule;
  ctx.fillRect(M, LAYOUT.phaseY + 16, W - 2 * M, 1);

  let y = LAYOUT.bodyY;
  for (const paragraph of paragraphs) {
    ctx.fillStyle = COLORS.accent;
    ctx.fillRect(M + 2, y - 11, 7, 7);
    for (const line of paragraph) {
      text(ctx, line, M + 24, y, LAYOUT.bodySize, FONTS.serif[1], COLORS.ink);
      y += LAYOUT.lineH;
    }
    y += LAYOUT.paragraphGap;
  }

  const footerY = height - LAYOUT.footerH + 14;
  ctx.fillStyle = COLORS.rule;
  ctx.fillRect(M, footerY, W - 2 * M, 1);
  ctx.textAlign = "center";
  text(
    ctx,
    card.footer ?? t(card.lang, "newspaper_card.footer"),
    W / 2,
    footerY + 24,
    13,
    FONTS.sans[1],
    COLORS.muted,
  );
  ctx.textAlign = "left";
  return canvas;
}

/** The card as PNG bytes. */
export async function renderNewspaperCard(card: NewspaperCard): Promise<Buffer> {
  return drawNewspaper(card).encode("png");
}

/** The card of a phase report: its public lines rendered with the players' shown names. */
export function newspaperOf(
  ruleset: RulesetDefinition<AnyGameState>,
  report: PhaseReport,
  names: ReadonlyMap<PlayerId, string>,
  lang: Lang,
  game: string = ruleset.name[lang],
): NewspaperCard {
  const ctx = displayContext(ruleset, lang, names, "plain");
  return {
    game,
    phase: report.phase,
    lines: report.public.map((line) => renderText(ruleset, line, ctx)),
    lang,
  };
}
