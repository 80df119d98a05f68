import { and, asc, desc, eq, max } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { inputPayload, inputs, masks as masksTable, resolutions } from "../db/schema/index.js";
import { resolutionPosts } from "../games/effects.js";
import { resolvePhase, submitAction, submitGmAction } from "../engine/game.js";
import type { AvailableAction, RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Lang, PlayerId, Rejection } from "../engine/types.js";
import { describeChosen, type LabelOf } from "../render/orders.js";
import { maskModeOf, maskNames } from "../games/masks.js";
import { tallyText } from "../games/ballots.js";
import { displayContext, renderReport, seatGenders } from "../games/render.js";
import type { Gender } from "../engine/grammar.js";
import type { GameRow, GameService, PhaseRow, ResolutionRow } from "../games/service.js";
import { hasStarted, loadState, rulesetOrThrow } from "../games/state.js";
import { has, phaseName, rejectionText, t } from "../i18n/index.js";
import { causeWord, statusWord } from "./words.js";

/**
 * The console's views of the phase (docs/console.md): what has been given so far (live), what the
 * phase would give if it resolved now (the dry run: the pure engine on a copy, nothing stored or
 * sent), and the draft under review. Names are plain text here; the pages escape them.
 */

/** Actions that record chat activity rather than orders (as in the GM room's status). */
const ACTIVITY = new Set(["post", "edit_post"]);

export interface GameContext {
  game: GameRow;
  lang: Lang;
  ruleset: RulesetDefinition<AnyGameState>;
  /** The engine state now (null before the start). */
  state: AnyGameState | null;
  phase: PhaseRow | null;
  /** Seat → the name the GMs read it by (the mask in masked games, with the account's name). */
  names: Map<PlayerId, string>;
  userOf: Map<PlayerId, string>;
  /** Seat → the account's own name (without the mask). */
  accounts: Map<PlayerId, string>;
  /** Seat → the grammatical gender its player said (none under a mask: docs/i18n.md). */
  genders: Map<PlayerId, Gender | null>;
}

export async function gameContext(db: Db, service: GameService, gameId: string): Promise<GameContext> {
  const game = await service.game(gameId);
  const ruleset = rulesetOrThrow(game.ruleset);
  const lang = await service.language(game.guildId);
  const seats = await service.players(gameId);
  const started = game.status !== "lobby" && (await hasStarted(db, gameId));
  const state = started ? (await loadState(db, gameId, ruleset)).state : null;
  const masked = started && (await maskModeOf(db, gameId, game.ruleset)) !== "off";
  const masks = masked ? await maskNames(db, gameId) : new Map<string, string>();
  const accounts = await accountNames(db, gameId, seats);
  const names = new Map(
    seats.map((s) => {
      const mask = masks.get(s.seatId);
      const account = accounts.get(s.seatId) ?? s.displayName;
      return [s.seatId, mask && mask !== account ? `${mask} (${account})` : account];
    }),
  );
  return {
    game,
    lang,
    ruleset,
    state,
    phase: (await service.currentPhase(gameId)) ?? null,
    names,
    userOf: new Map(seats.map((s) => [s.seatId, s.userId])),
    accounts,
    genders: seatGenders(seats),
  };
}

/**
 * Seat → the account's own name. In masked games a seat's shown name becomes its mask once the
 * masks are dealt; the name the account joined with is kept with the mask (src/discord/masks).
 */
export async function accountNames(
  db: Db,
  gameId: string,
  seats: { seatId: string; displayName: string }[],
): Promise<Map<PlayerId, string>> {
  const rows = await db
    .select({ seatId: masksTable.seatId, accountName: masksTable.accountName })
    .from(masksTable)
    .where(eq(masksTable.gameId, gameId));
  const kept = new Map(rows.map((r) => [r.seatId, r.accountName]));
  return new Map(seats.map((s) => [s.seatId, kept.get(s.seatId) ?? s.displayName]));
}

/** A stamp that changes whenever the live view may have: a new input, a phase or draft step. */
export async function liveStamp(db: Db, service: GameService, gameId: string): Promise<string> {
  const [last] = await db
    .select({ seq: max(inputs.seq) })
    .from(inputs)
    .where(eq(inputs.gameId, gameId));
  const [resolution] = await db
    .select({ id: resolutions.id, status: resolutions.status })
    .from(resolutions)
    .where(eq(resolutions.gameId, gameId))
    .orderBy(desc(resolutions.id))
    .limit(1);
  const phase = await service.currentPhase(gameId);
  return [
    last?.seq ?? 0,
    phase?.index ?? "-",
    phase?.deadlineAt?.getTime() ?? "-",
    phase?.pausedAt ? "p" : "",
    resolution?.id ?? "-",
    resolution?.status ?? "-",
  ].join(":");
}

export interface GivenOrder {
  text: string;
  byGm: boolean;
  at: Date;
}

export interface LoggedInput {
  seq: number;
  at: Date;
  seat: string | null;
  byGm: boolean;
  text: string;
  accepted: boolean;
  rejection: string | null;
}

export interface LiveView {
  ctx: GameContext;
  seats: { seatId: string; name: string; alive: boolean; orders: GivenOrder[] }[];
  missing: string[];
  tally: string | null;
  inputs: LoggedInput[];
}

const plain = (ctx: GameContext) => displayContext(ctx.ruleset, ctx.lang, ctx.names, "plain", ctx.genders);

/** The phase as the players have acted in it: each seat's orders as given, who has not, the tally. */
export async function liveView(db: Db, ctx: GameContext): Promise<LiveView> {
  const { state, phase, lang } = ctx;
  if (!state || !phase) return { ctx, seats: [], missing: [], tally: null, inputs: [] };
  const rows = await db
    .select()
    .from(inputs)
    .where(and(eq(inputs.gameId, ctx.game.id), eq(inputs.phase, phase.label), eq(inputs.type, "action")))
    .orderBy(asc(inputs.seq));
  const offers = new Map<string, AvailableAction[]>();
  const offersOf = (seat: string) => {
    let list = offers.get(seat);
    if (!list) {
      list = ctx.ruleset.availableActions(state, seat);
      offers.set(seat, list);
    }
    return list;
  };
  const labelOf = labelsOf(ctx);
  const describe = (seatId: string, payload: unknown) => {
    const p = inputPayload.parse(payload);
    const order = { action: p.action ?? "?", targets: p.targets ?? [], params: p.params ?? {} };
    return { action: order.action, text: describeChosen(lang, order, offersOf(seatId), ctx.names, labelOf) };
  };
  const bySeat = new Map<string, (GivenOrder & { action: string })[]>();
  const logged: LoggedInput[] = [];
  for (const row of rows) {
    const seatId = row.seatId ?? "";
    const { action, text } = describe(seatId, row.payload);
    const byGm = row.userId !== ctx.userOf.get(seatId);
    logged.push({
      seq: row.seq,
      at: row.at,
      seat: ctx.names.get(seatId) ?? seatId,
      byGm,
      text,
      accepted: row.accepted,
      rejection: row.rejection ? rejectionText(lang, row.rejection as Rejection) : null,
    });
    if (!row.accepted || ACTIVITY.has(action)) continue;
    // A later order of the same action replaces the earlier one, as the rules count them.
    const list = (bySeat.get(seatId) ?? []).filter((o) => o.action !== action);
    list.push({ action, text, byGm, at: row.at });
    bySeat.set(seatId, list);
  }
  const seats = state.players.map((p) => ({
    seatId: p.id,
    name: ctx.names.get(p.id) ?? p.id,
    alive: p.alive,
    orders: bySeat.get(p.id) ?? [],
  }));
  const missing = state.players
    .filter((p) => p.alive && !bySeat.has(p.id) && offersOf(p.id).some((o) => !ACTIVITY.has(o.action)))
    .map((p) => ctx.names.get(p.id) ?? p.id);
  const board = ctx.ruleset.votes?.board?.(state) ?? null;
  const tally = board ? tallyText(board, plain(ctx), phaseName(lang, board.key)) : null;
  return { ctx, seats, missing, tally, inputs: logged.reverse() };
}

/**
 * An action's label for an order no offer of its seat names now (refused, or given in another
 * phase): the rules' own label, else the label any seat is offered it under now.
 */
function labelsOf(ctx: GameContext): LabelOf {
  let all: AvailableAction[] | null = null;
  return (action, params) => {
    const ruled = ctx.ruleset.actionLabel?.(action, params);
    if (ruled) return ruled;
    const state = ctx.state;
    all ??= state ? state.players.flatMap((p) => ctx.ruleset.availableActions(state, p.id)) : [];
    return all.find((o) => o.action === action)?.label;
  };
}

/**
 * One input of the log in words of the game's language: an order as the panel names it, a GM's
 * action with its seats, a control step (start, publish, hold, …), a resolution. The raw payload
 * stays available to the page, folded.
 */
export function describeInput(
  ctx: GameContext,
  row: { type: string; seatId: string | null; payload: unknown; rejection: unknown },
): { text: string; refusal: string | null } {
  const { lang } = ctx;
  const p = (row.payload ?? {}) as {
    action?: string;
    targets?: string[];
    params?: Record<string, unknown>;
    seat?: string;
  };
  const seatName = (id: string) => ctx.names.get(id) ?? id;
  const refusal =
    row.rejection && typeof row.rejection === "object"
      ? rejectionText(lang, row.rejection as Rejection)
      : null;
  if (row.type === "action") {
    const order = { action: p.action ?? "?", targets: p.targets ?? [], params: p.params ?? {} };
    const offers = ctx.state && row.seatId ? ctx.ruleset.availableActions(ctx.state, row.seatId) : [];
    return { text: describeChosen(lang, order, offers, ctx.names, labelsOf(ctx)), refusal };
  }
  if (row.type === "gm") {
    const targets = (p.targets ?? []).map(seatName);
    const action = t(lang, "console.log_kind.gm");
    return {
      text:
        targets.length > 0
          ? `${action}, ${t(lang, "console.gm_action_on", { targets: targets.join(", ") })}`
          : action,
      refusal,
    };
  }
  if (row.type === "resolve") return { text: t(lang, "console.resolved"), refusal };
  const key = `console.control.${p.action ?? ""}`;
  const step = has(key) ? t(lang, key) : t(lang, "console.control.other");
  return { text: p.seat ? `${step}: ${seatName(p.seat)}` : step, refusal };
}

export interface Outcome {
  newspaper: string[];
  privates: { to: string; text: string }[];
  deaths: string[];
  changes: { name: string; before: string; after: string }[];
  events: { type: string; detail: string }[];
  nextPhase: string | null;
  ended: boolean;
}

/** An override tried in the dry run only: an order for a seat, or a status set or cleared. */
export type Trial =
  | { kind: "order"; seatId: string; action: string; targets: string[]; params: Record<string, unknown> }
  | { kind: "status"; seatId: string; status: string; set: boolean };

/**
 * "If the phase resolved now": the pure engine on a copy of the state at `at`, after the trial
 * override if any. Nothing is stored, sent or scheduled.
 */
export function dryRun(
  ctx: GameContext,
  at: Date,
  trial: Trial | null,
): { outcome: Outcome; rejection: string | null } | null {
  if (!ctx.state || !ctx.phase) return null;
  let state = structuredClone(ctx.state);
  let rejection: string | null = null;
  if (trial) {
    const tried =
      trial.kind === "order"
        ? submitAction(
            ctx.ruleset,
            state,
            {
              actor: trial.seatId,
              action: trial.action,
              targets: trial.targets,
              params: trial.params as never,
            },
            at.getTime(),
          )
        : submitGmAction(
            ctx.ruleset,
            state,
            {
              action: trial.set ? "set_status" : "clear_status",
              targets: [trial.seatId],
              params: { status: trial.status },
            },
            at.getTime(),
          );
    if (tried.ok) state = tried.value;
    else rejection = rejectionText(ctx.lang, tried.rejection);
  }
  const { state: next, report } = resolvePhase(ctx.ruleset, state, at.getTime());
  return { outcome: outcomeOf(ctx, state, next, report), rejection };
}

function outcomeOf(
  ctx: GameContext,
  before: AnyGameState,
  next: AnyGameState,
  report: Parameters<typeof renderReport>[1],
): Outcome {
  const reader = plain(ctx);
  const rendered = renderReport(ctx.ruleset, report, reader);
  const name = (id: string) => ctx.names.get(id) ?? id;
  const after = new Map(next.players.map((p) => [p.id, p]));
  const changes: Outcome["changes"] = [];
  for (const p of before.players) {
    const q = after.get(p.id);
    if (!q) continue;
    const words = (x: typeof p) =>
      [x.alive ? "alive" : "dead", ...x.statuses].map((w) => statusWord(ctx.lang, w)).join(", ");
    const was = words(p);
    const now = words(q) + (q.role !== p.role ? ` · ${reader.role(q.role)}` : "");
    if (was !== now) changes.push({ name: name(p.id), before: was, after: now });
  }
  return {
    newspaper: rendered.public,
    privates: rendered.private.map((m) => ({ to: name(m.to), text: m.text })),
    deaths: report.deaths.map((d) => `${name(d.player)} (${causeWord(ctx.lang, d.cause)})`),
    changes,
    events: report.events.map((e) => {
      const { type, ...rest } = e;
      return { type, detail: JSON.stringify(rest) };
    }),
    nextPhase: next.ended ? null : phaseName(ctx.lang, `${next.phase.kind} ${next.phase.n}`),
    ended: next.ended,
  };
}

export interface DraftView {
  resolution: ResolutionRow;
  newspaper: string;
  files: string[];
  privates: { to: string; text: string }[];
}

/** The draft of the open phase (review mode), as its held effects will post it. */
export async function draftView(db: Db, service: GameService, ctx: GameContext): Promise<DraftView | null> {
  const resolution = await service.pendingDraft(ctx.game.id);
  if (!resolution) return null;
  const posts = await resolutionPosts(db, resolution.id);
  const paper = posts.filter((p) => p.chat === "newspaper");
  return {
    resolution,
    newspaper: paper.map((p) => p.content).join("\n"),
    files: paper.flatMap((p) => (p.files ?? []).map((f) => f.name)),
    privates: posts
      .filter((p) => p.chat.startsWith("personal:"))
      .map((p) => {
        const seat = p.chat.slice("personal:".length);
        return { to: ctx.names.get(seat) ?? seat, text: p.content };
      }),
  };
}
