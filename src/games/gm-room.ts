import type { AvailableAction, RenderContext } from "../engine/ruleset.js";
import type { AnyGameState, Lang } from "../engine/types.js";
import { describeChosen, type LabelOf } from "../render/orders.js";
import { phaseName, statusName, t } from "../i18n/index.js";

/**
 * What the GM room shows (pure text; the service turns it into outbox effects): the setup card
 * at the deal, one status message per phase kept up to date in place, and the draft card of a
 * resolution under review. Only GMs read the GM room, so these name roles and every order.
 */

/** Actions that record chat activity rather than orders; the status leaves them out. */
const ACTIVITY = new Set(["post", "edit_post"]);

export interface SeatInfo {
  seatId: string;
  seat: number;
  userId: string;
}

/** `<@id>`: a mention renders as the member's name; the outbox never lets it ping. */
export const mention = (userId: string) => `<@${userId}>`;

export function setupCard(input: {
  lang: Lang;
  gameName: string;
  rulesetName: string;
  state: AnyGameState;
  seats: readonly SeatInfo[];
  reader: RenderContext;
}): string {
  const { lang, state, reader } = input;
  const bySeat = new Map(input.seats.map((s) => [s.seatId, s]));
  const lines = state.players.map((p) => {
    const seat = bySeat.get(p.id);
    const status = [
      t(lang, p.alive ? "gmroom.alive" : "gmroom.dead", { gender: reader.gender?.(p.id) ?? "" }),
      ...(p.statuses.length > 0
        ? [
            t(lang, "gmroom.statuses", {
              list: p.statuses.map((s) => statusName(lang, s, reader.gender?.(p.id) ?? "")).join(", "),
            }),
          ]
        : []),
    ].join(", ");
    return t(lang, "gmroom.setup_line", {
      seat: seat?.seat ?? "?",
      name: reader.player(p.id),
      account: seat ? mention(seat.userId) : "?",
      role: reader.role(p.role),
      faction: p.faction ? reader.faction(p.faction) : t(lang, "gmroom.no_faction"),
      status,
    });
  });
  const title = t(lang, "gmroom.setup_title", {
    name: input.gameName,
    ruleset: input.rulesetName,
    count: state.players.length,
  });
  return [title, ...lines].join("\n");
}

export interface PhaseOrder {
  seatId: string;
  /** Who submitted it: an account of the seat, or a GM on its behalf. */
  userId: string;
  /** Given by a GM for the seat (/gm order), not by an account that played it. */
  byGm: boolean;
  action: string;
  targets: string[];
  params: Record<string, unknown>;
}

/**
 * The phase's status for the GMs: the deadline, each seat that acted with its orders as given
 * (the latest of each slot, as the rules count them), the alive seats with orders open to them
 * (naming a target or a choice) and none given, and the public tally where the rules keep one.
 */
export function phaseStatus(input: {
  lang: Lang;
  phaseLabel: string;
  deadlineAt: Date | null;
  /** The GM stopped the clock: no deadline holds. */
  paused?: boolean;
  state: AnyGameState;
  seats: readonly SeatInfo[];
  orders: readonly PhaseOrder[];
  offers: ReadonlyMap<string, readonly AvailableAction[]>;
  names: ReadonlyMap<string, string>;
  reader: RenderContext;
  /** The ruleset's label of an order no longer offered (RulesetDefinition.actionLabel). */
  labelOf?: LabelOf;
  /** Which orders replace each other (RulesetDefinition.orderSlot); absent: the action id. */
  slotOf?: (seatId: string, action: string) => string | null;
  tally: string | null;
  resolved: "drafted" | "published" | null;
}): string {
  const { lang, state, reader } = input;
  const lines = [t(lang, "gmroom.status_title", { phase: phaseName(lang, input.phaseLabel) })];
  if (input.paused) lines.push(t(lang, "gmroom.status_paused"));
  else if (input.deadlineAt) {
    const at = Math.floor(input.deadlineAt.getTime() / 1000);
    lines.push(t(lang, "gmroom.status_deadline", { deadline: `<t:${at}:F> (<t:${at}:R>)` }));
  }
  const given = input.orders.filter((o) => !ACTIVITY.has(o.action));
  const bySeat = new Map<string, PhaseOrder[]>();
  const slotOf = input.slotOf ?? ((_seat: string, action: string) => action);
  for (const order of given) {
    // A later order of the same slot replaces the earlier one; orders without a slot add up.
    const slot = slotOf(order.seatId, order.action);
    const list = (bySeat.get(order.seatId) ?? []).filter(
      (o) => slot === null || slotOf(o.seatId, o.action) !== slot,
    );
    list.push(order);
    bySeat.set(order.seatId, list);
  }
  const acted = state.players.filter((p) => bySeat.has(p.id));
  lines.push(t(lang, "gmroom.status_acted", { count: acted.length }));
  for (const p of acted) {
    const offers = input.offers.get(p.id) ?? [];
    const orders = (bySeat.get(p.id) ?? []).map((o) => {
      const shown = describeChosen(lang, o, offers, input.names, input.labelOf);
      return o.byGm ? `${shown}${t(lang, "gmroom.status_by_gm")}` : shown;
    });
    lines.push(t(lang, "gmroom.status_order", { player: reader.player(p.id), orders: orders.join("; ") }));
  }
  // Missing: alive seats offered an order that names a target or a choice (not chat activity,
  // not a bare step such as classic's "leave the game"), who gave none.
  const missing = state.players.filter(
    (p) =>
      p.alive &&
      !bySeat.has(p.id) &&
      (input.offers.get(p.id) ?? []).some(
        (o) => !ACTIVITY.has(o.action) && (o.maxTargets > 0 || Object.keys(o.params ?? {}).length > 0),
      ),
  );
  lines.push(
    missing.length > 0
      ? t(lang, "gmroom.status_missing", {
          count: missing.length,
          list: missing.map((p) => reader.player(p.id)).join(", "),
        })
      : t(lang, "gmroom.status_none_missing"),
  );
  if (input.tally) lines.push("", input.tally);
  if (input.resolved)
    lines.push(
      "",
      t(lang, "gmroom.status_resolved", { outcome: t(lang, `gmroom.status_${input.resolved}`) }),
    );
  return lines.join("\n");
}

export type DraftNote =
  | { kind: "waiting" }
  | { kind: "held" | "stale" | "published" | "rerun" | "edited" | "ended"; by: string }
  | { kind: "published_auto" };

/** Who did it, as the GM room reads it: a GM's mention, or the system. */
export function byWhom(lang: Lang, userId: string | null): string {
  return userId === null || userId === "system" ? t(lang, "review.system") : mention(userId);
}

export function draftCard(input: {
  lang: Lang;
  phaseLabel: string;
  note: DraftNote;
  /** When the draft publishes itself (its grace period runs), if it does. */
  publishAt: Date | null;
  newspaper: string;
  privates: readonly { to: string; text: string }[];
  reader: RenderContext;
}): string {
  const { lang, note } = input;
  const status =
    note.kind === "waiting"
      ? []
      : note.kind === "published_auto"
        ? [t(lang, "review.published_auto")]
        : [t(lang, `review.${note.kind}`, { by: note.by })];
  if (input.publishAt)
    status.push(t(lang, "review.waiting", { when: `<t:${Math.floor(input.publishAt.getTime() / 1000)}:R>` }));
  const head = [t(lang, "review.title", { phase: phaseName(lang, input.phaseLabel) }), ...status, ""];
  const paper = [t(lang, "review.newspaper"), input.newspaper.trim() || t(lang, "review.empty")];
  const privates =
    input.privates.length > 0
      ? [
          "",
          t(lang, "review.private"),
          ...input.privates.map((m) => `• ${input.reader.player(m.to)}: ${m.text.replace(/\s*\n\s*/g, " ")}`),
        ]
      : [];
  return clip([...head, ...paper, ...privates].join("\n"));
}

/** Discord's message limit, with an ellipsis where the text is cut. */
export function clip(text: string, limit = 2000): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
