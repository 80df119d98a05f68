import { type Canvas, type SKRSContext2D, createCanvas } from "@napi-rs/canvas";
import type { AnyGameState, GameEvent, Lang, PhaseReport, PlayerId } from "../engine/types.js";
import { has, phaseName, t, type Params } from "../i18n/index.js";
import { baseStrength, effectiveStrength, type BattleContext } from "../rulesets/regnum/battles.js";
import { sortArmies, type Unit } from "../rulesets/regnum/state.js";
import { armyName, COUNTRY_NAMES, countryName, unitName } from "../rulesets/regnum/names.js";
import { DEJAVU_SANS, DEJAVU_SANS_BOLD, fontsOnce } from "./fonts.js";

/**
 * Pure renderer of a `regnum` battle (regnum.md §6.4) to a PNG: the two sides in two columns, each
 * unit with its type and strength (a doubled strength is marked), the destroyed units crossed out
 * in the order the loss took them (weakest first), the units in transit that took no part, the
 * result and the capture (§6.6). The input is a `BattleReport`, built from the `battle` event and
 * the state around the resolution by `battleReports`. Same report → same bytes.
 */

const FAMILY = "RegnumBattleSans";
const FAMILY_BOLD = "RegnumBattleSansBold";
const ensureFonts = fontsOnce([
  [DEJAVU_SANS, FAMILY],
  [DEJAVU_SANS_BOLD, FAMILY_BOLD],
]);

// ---------------------------------------------------------------- the report

export interface BattleUnit {
  id: string;
  army: string;
  type: string;
  /** Base strength (§6.1). */
  base: number;
  /** Effective strength in this battle: base, or doubled with an advantage. */
  strength: number;
  advantage: boolean;
  destroyed: boolean;
}

export interface BattleSide {
  armies: string[];
  /** Side strength: the sum of its units' effective strengths. */
  strength: number;
  /** The loss it suffers: the other side's strength. */
  loss: number;
  /** Its active units, weakest first: the order in which the loss takes them. */
  units: BattleUnit[];
  remaining: number;
  remainingStrength: number;
}

export interface TransitUnit {
  id: string;
  army: string;
  type: string;
  from: string;
  to: string;
}

export type BattleResult = "first" | "second" | "both_destroyed" | "both_stand";

export interface BattleReport {
  country: string;
  /** The phase label, "night 1". */
  phase: string;
  season: string;
  winterNorth: boolean;
  rule: "cover" | "any";
  sides: [BattleSide, BattleSide];
  /** Units in transit into or out of the country: they take no part (§6.5). */
  inTransit: TransitUnit[];
  result: BattleResult;
  capture: { army: string; commander: PlayerId | null } | null;
}

interface RegnumLikeData {
  units: Unit[];
  scratch?: { fighting?: string[] };
  freeOrders?: { action: string; params: Record<string, unknown> }[];
}
interface RegnumLikeOptions {
  season?: string;
  countryFront?: Record<string, string>;
  battleLossRule?: "cover" | "any";
}

/** Casualty order of §6.4 step 5: effective strength, then base strength ascending, newest first. */
function weakestFirst(units: readonly Unit[], eff: ReadonlyMap<string, number>): Unit[] {
  return [...units].sort(
    (a, b) => (eff.get(a.id) ?? 0) - (eff.get(b.id) ?? 0) || baseStrength(a) - baseStrength(b) || b.n - a.n,
  );
}

function resultOf(a: BattleSide, b: BattleSide): BattleResult {
  if (a.remaining > 0 && b.remaining === 0) return "first";
  if (b.remaining > 0 && a.remaining === 0) return "second";
  return a.remaining === 0 ? "both_destroyed" : "both_stand";
}

/**
 * The battles of one resolved regnum phase: `before` is the state just before the resolution (its
 * units are the ones that fought), `after` the state the resolution returned (its scratch tells
 * whose units were active), `report` the phase's report. GM-forced battles (no sides) are skipped.
 */
export function battleReports(
  before: AnyGameState,
  after: AnyGameState,
  report: PhaseReport,
): BattleReport[] {
  const data = before.data as RegnumLikeData;
  const options = before.options as RegnumLikeOptions;
  const fighting = (after.data as RegnumLikeData).scratch?.fighting;
  const assigned = new Set<string>();
  for (const o of data.freeOrders ?? [])
    if (o.action === "units_defend" || o.action === "units_attack") {
      const ids = o.params["units"];
      if (Array.isArray(ids)) for (const id of ids) if (typeof id === "string") assigned.add(id);
    }
  const out: BattleReport[] = [];
  const events = report.events;
  events.forEach((event, index) => {
    if (event.type !== "battle") return;
    const rawSides = Array.isArray(event["sides"]) ? event["sides"] : [];
    if (rawSides.length !== 2) return;
    const country = String(event["country"]);
    // Units that vanished earlier in the resolution (their owner died, …) did not fight.
    const goneBefore = new Set(
      events
        .slice(0, index)
        .filter((e) => e.type === "unit_destroyed")
        .map((e) => String(e["unit"])),
    );
    const ctx: BattleContext = {
      winterNorth: options.season === "winter" && (options.countryFront?.[country] ?? "home") === "north",
      rule: options.battleLossRule ?? "cover",
    };
    const sideUnits = rawSides.map((raw) => {
      const side = raw as { armies?: string[]; destroyed?: string[] };
      const armies = side.armies ?? [];
      const destroyed = new Set(side.destroyed ?? []);
      return data.units.filter(
        (u) =>
          u.location === country &&
          u.inTransitTo === null &&
          armies.includes(u.army) &&
          !goneBefore.has(u.id) &&
          (destroyed.has(u.id) ||
            (!assigned.has(u.id) &&
              (fighting === undefined || (u.owner !== null && fighting.includes(`${u.owner}:${u.army}`))))),
      );
    }) as [Unit[], Unit[]];
    const sides = rawSides.map((raw, i) => {
      const side = raw as {
        armies?: string[];
        strength?: number;
        loss?: number;
        destroyed?: string[];
        remaining?: number;
        remainingStrength?: number;
      };
      const own = sideUnits[i] ?? [];
      const opposing = sideUnits[1 - i] ?? [];
      const eff = new Map(own.map((u) => [u.id, effectiveStrength(u, opposing, ctx)]));
      const destroyed = new Set(side.destroyed ?? []);
      const units = weakestFirst(own, eff).map((u) => ({
        id: u.id,
        army: u.army,
        type: u.type,
        base: baseStrength(u),
        strength: eff.get(u.id) ?? baseStrength(u),
        advantage: (eff.get(u.id) ?? 0) > baseStrength(u),
        destroyed: destroyed.has(u.id),
      }));
      return {
        armies: sortArmies(side.armies ?? []),
        strength: side.strength ?? 0,
        loss: side.loss ?? 0,
        units,
        remaining: side.remaining ?? units.filter((u) => !u.destroyed).length,
        remainingStrength:
          side.remainingStrength ?? units.filter((u) => !u.destroyed).reduce((s, u) => s + u.base, 0),
      };
    }) as [BattleSide, BattleSide];
    const inTransit = data.units
      .filter((u) => u.inTransitTo !== null && (u.inTransitTo === country || u.location === country))
      .map((u) => ({ id: u.id, army: u.army, type: u.type, from: u.location, to: u.inTransitTo ?? "" }));
    const captured = events
      .slice(index)
      .find((e: GameEvent) => e.type === "country_captured" && e["country"] === country);
    out.push({
      country,
      phase: report.phase,
      season: options.season ?? "summer",
      winterNorth: ctx.winterNorth,
      rule: ctx.rule,
      sides,
      inTransit,
      result: resultOf(sides[0], sides[1]),
      capture: captured
        ? {
            army: String(captured["army"]),
            commander: typeof captured["commander"] === "string" ? captured["commander"] : null,
          }
        : null,
    });
  });
  return out;
}

// ---------------------------------------------------------------- labels

/** The labels of the battle card in the reader's language (src/i18n: `battle_card.*`). */
function labels(lang: Lang) {
  const L = (key: string, params: Params = {}) => t(lang, `battle_card.${key}`, params);
  return {
    battle: (country: string) => L("title", { country }),
    season: L("season"),
    seasonName: (season: string) => (has(`battle_card.season.${season}`) ? L(`season.${season}`) : season),
    rule: (rule: string) => L(rule === "cover" ? "rule.cover" : "rule.remainder"),
    strength: L("strength"),
    loss: L("loss"),
    weakest: L("weakest"),
    left: (units: number, strength: number) => L("left", { units, strength }),
    none: L("none"),
    winner: (armies: string) => L("winner", { armies }),
    both_destroyed: L("both_destroyed"),
    both_stand: L("both_stand"),
    captured: (country: string, army: string, feminine = false) =>
      L("captured", { country, army, feminine: feminine ? "yes" : "no" }),
    commander: (name: string) => L("commander", { name }),
    transit: L("transit"),
    winnerTag: L("winner_tag"),
  };
}

// ---------------------------------------------------------------- layout

export const COLORS = {
  background: "#1b1d22",
  panel: "#262a31",
  rowAlt: "#2d323a",
  text: "#eef0f3",
  muted: "#8d949e",
  dead: "#6b7079",
  strike: "#d43c33",
  advantage: "#e8b931",
  sideA: "#2f6fb5",
  sideB: "#9b3b8f",
  winner: "#e8b931",
  capture: "#d43c33",
  transit: "#4a5260",
} as const;

export const LAYOUT = {
  width: 960,
  margin: 24,
  gap: 24,
  headerY: 92,
  headerH: 64,
  rowsY: 196,
  rowH: 34,
  badgeW: 34,
} as const;

const COL_W = (LAYOUT.width - 2 * LAYOUT.margin - LAYOUT.gap) / 2;

/** The side's header band (army names, strength, loss). */
export function sideHeaderRect(side: 0 | 1): { x: number; y: number; w: number; h: number } {
  return {
    x: LAYOUT.margin + side * (COL_W + LAYOUT.gap),
    y: LAYOUT.headerY,
    w: COL_W,
    h: LAYOUT.headerH,
  };
}

/** The row of unit `i` (in weakest-first order) of a side. */
export function unitRowRect(side: 0 | 1, i: number): { x: number; y: number; w: number; h: number } {
  return {
    x: LAYOUT.margin + side * (COL_W + LAYOUT.gap),
    y: LAYOUT.rowsY + i * LAYOUT.rowH,
    w: COL_W,
    h: LAYOUT.rowH - 2,
  };
}

/** The "×2" badge of a unit with an advantage. */
export function advantageBadgeRect(side: 0 | 1, i: number): { x: number; y: number; w: number; h: number } {
  const r = unitRowRect(side, i);
  return { x: r.x + r.w - 76 - LAYOUT.badgeW, y: r.y + 6, w: LAYOUT.badgeW, h: r.h - 12 };
}

/** A point on the strike line of a destroyed unit's row, left of its name. */
export function strikePoint(side: 0 | 1, i: number): { x: number; y: number } {
  const r = unitRowRect(side, i);
  return { x: r.x + 36, y: r.y + 15 };
}

function rowsCount(report: BattleReport): number {
  return Math.max(1, report.sides[0].units.length, report.sides[1].units.length);
}

/** The top of the result block (below the unit rows). */
export function resultY(report: BattleReport): number {
  return LAYOUT.rowsY + rowsCount(report) * LAYOUT.rowH + 40;
}

export function battleHeight(report: BattleReport): number {
  let h = resultY(report) + 34;
  if (report.capture) h += 32;
  if (report.inTransit.length > 0) h += 40 + report.inTransit.length * 24;
  return h + LAYOUT.margin;
}

// ---------------------------------------------------------------- drawing

function text(
  ctx: SKRSContext2D,
  s: string,
  x: number,
  y: number,
  size: number,
  color: string,
  bold = false,
  align: "left" | "right" | "center" = "left",
) {
  ctx.font = `${size}px ${bold ? FAMILY_BOLD : FAMILY}`;
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.fillText(s, x, y);
  ctx.textAlign = "left";
}

/** Shortens a string with "…" to fit `max` pixels at the current font. */
function fit(ctx: SKRSContext2D, s: string, max: number, size: number, bold = false): string {
  ctx.font = `${size}px ${bold ? FAMILY_BOLD : FAMILY}`;
  if (ctx.measureText(s).width <= max) return s;
  let out = s;
  while (out.length > 1 && ctx.measureText(`${out}…`).width > max) out = out.slice(0, -1);
  return `${out}…`;
}

function drawSide(ctx: SKRSContext2D, report: BattleReport, index: 0 | 1, lang: Lang, won: boolean): void {
  const L = labels(lang);
  const side = report.sides[index];
  const h = sideHeaderRect(index);
  ctx.fillStyle = index === 0 ? COLORS.sideA : COLORS.sideB;
  ctx.fillRect(h.x, h.y, h.w, h.h);
  if (won) {
    ctx.strokeStyle = COLORS.winner;
    ctx.lineWidth = 4;
    ctx.strokeRect(h.x + 2, h.y + 2, h.w - 4, h.h - 4);
  }
  const armies = side.armies.map((a) => armyName(a, lang)).join(" + ");
  text(ctx, fit(ctx, armies, h.w - (won ? 130 : 24), 20, true), h.x + 12, h.y + 27, 20, "#ffffff", true);
  if (won) text(ctx, L.winnerTag, h.x + h.w - 12, h.y + 27, 16, COLORS.winner, true, "right");
  text(ctx, `${L.strength} ${side.strength} · ${L.loss} ${side.loss}`, h.x + 12, h.y + 52, 16, "#ffffff");
  text(
    ctx,
    L.left(side.remaining, side.remainingStrength),
    h.x + h.w - 12,
    h.y + 52,
    14,
    "#e6e9ee",
    false,
    "right",
  );

  if (side.units.length === 0) {
    const r = unitRowRect(index, 0);
    text(ctx, L.none, r.x + 12, r.y + 22, 16, COLORS.muted);
  }
  side.units.forEach((u, i) => {
    const r = unitRowRect(index, i);
    ctx.fillStyle = i % 2 === 0 ? COLORS.panel : COLORS.rowAlt;
    ctx.fillRect(r.x, r.y, r.w, r.h);
    const color = u.destroyed ? COLORS.dead : COLORS.text;
    text(ctx, `${i + 1}.`, r.x + 10, r.y + 22, 14, COLORS.muted);
    ctx.font = `13px ${FAMILY}`;
    const idW = ctx.measureText(u.id).width;
    const right = u.advantage ? LAYOUT.badgeW + 88 : 56;
    const name = fit(ctx, unitName(u.type, lang), r.w - 48 - idW - right, 17, true);
    text(ctx, name, r.x + 40, r.y + 22, 17, color, true);
    ctx.font = `17px ${FAMILY_BOLD}`;
    const nameW = ctx.measureText(name).width;
    text(ctx, u.id, r.x + 48 + nameW, r.y + 22, 13, COLORS.muted);
    if (u.advantage) {
      const b = advantageBadgeRect(index, i);
      ctx.fillStyle = COLORS.advantage;
      ctx.fillRect(b.x, b.y, b.w, b.h);
      text(ctx, "×2", b.x + b.w / 2, b.y + b.h - 5, 14, "#1b1d22", true, "center");
    }
    const strength = u.advantage ? `${u.base}→${u.strength}` : `${u.strength}`;
    text(
      ctx,
      strength,
      r.x + r.w - 16,
      r.y + 22,
      18,
      u.advantage && !u.destroyed ? COLORS.advantage : color,
      true,
      "right",
    );
    if (u.destroyed) {
      ctx.fillStyle = COLORS.strike;
      // Across the unit's name and id; its strength stays readable.
      ctx.fillRect(r.x + 34, r.y + 15, 14 + nameW + idW + 6, 2);
    }
  });
}

/** Draws the battle on a fresh canvas (exported for pixel tests). */
export function drawBattle(
  report: BattleReport,
  lang: Lang = "en",
  names: ReadonlyMap<PlayerId, string> = new Map(),
): Canvas {
  ensureFonts();
  const L = labels(lang);
  const canvas = createCanvas(LAYOUT.width, battleHeight(report));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);

  const where =
    lang === "ru"
      ? (COUNTRY_NAMES[report.country]?.ruIn ?? report.country)
      : countryName(report.country, lang);
  text(ctx, L.battle(where), LAYOUT.margin, 42, 28, COLORS.text, true);
  text(ctx, phaseName(lang, report.phase), LAYOUT.width - LAYOUT.margin, 42, 20, COLORS.muted, true, "right");
  const season = L.seasonName(report.season);
  text(ctx, `${L.season}: ${season} · ${L.rule(report.rule)}`, LAYOUT.margin, 72, 15, COLORS.muted);

  drawSide(ctx, report, 0, lang, report.result === "first");
  drawSide(ctx, report, 1, lang, report.result === "second");
  text(ctx, `↓ ${L.weakest}`, LAYOUT.margin, LAYOUT.rowsY - 14, 13, COLORS.muted);

  let y = resultY(report);
  const winnerSide = report.result === "first" ? 0 : report.result === "second" ? 1 : null;
  const resultLine =
    winnerSide !== null
      ? L.winner(report.sides[winnerSide].armies.map((a) => armyName(a, lang)).join(" + "))
      : report.result === "both_destroyed"
        ? L.both_destroyed
        : L.both_stand;
  text(ctx, resultLine, LAYOUT.margin, y, 22, COLORS.winner, true);
  if (report.capture) {
    y += 32;
    const c = report.capture;
    const commander = c.commander ? ` (${L.commander(names.get(c.commander) ?? c.commander)})` : "";
    text(
      ctx,
      `${L.captured(countryName(report.country, lang), armyName(c.army, lang), COUNTRY_NAMES[report.country]?.ruFem ?? false)}${commander}`,
      LAYOUT.margin,
      y,
      20,
      COLORS.capture,
      true,
    );
  }
  if (report.inTransit.length > 0) {
    y += 40;
    text(ctx, L.transit, LAYOUT.margin, y, 16, COLORS.muted, true);
    for (const u of report.inTransit) {
      y += 24;
      text(
        ctx,
        `${unitName(u.type, lang)} ${u.id} · ${armyName(u.army, lang)} · ${countryName(u.from, lang)} → ${countryName(u.to, lang)}`,
        LAYOUT.margin + 16,
        y,
        15,
        COLORS.muted,
      );
    }
  }
  return canvas;
}

/** The battle as PNG bytes. */
export async function renderRegnumBattle(
  report: BattleReport,
  lang: Lang = "en",
  names: ReadonlyMap<PlayerId, string> = new Map(),
): Promise<Buffer> {
  return drawBattle(report, lang, names).encode("png");
}
