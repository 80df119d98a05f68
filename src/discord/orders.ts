import type { AvailableAction, RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, JsonObject, Lang } from "../engine/types.js";
import { systemClock } from "../games/service.js";
import { discordTime } from "../games/time.js";
import { rejectionText, t } from "../i18n/index.js";
import { paramsKey, type Ctx } from "./context.js";
import { describeChosen, targetLabel } from "../render/orders.js";
import { seatNames, type SeatNames } from "./masks/seat-names.js";

/**
 * Submits a player's order through the service (the engine is the judge) and returns the
 * receipt in the server's language: "Принято: Убить → Анна" or "Не принято: <reason>".
 * A refused order is logged by the service and changes nothing.
 */
export async function submitOrder(
  ctx: Ctx,
  gameId: string,
  userId: string,
  order: { action: string; targets: string[]; params: JsonObject },
  offers: readonly AvailableAction[],
  /** The seat names the caller already read (a second read would give the same). */
  seats?: SeatNames,
): Promise<{ accepted: boolean; text: string }> {
  const committed = await ctx.service.submit(gameId, userId, order);
  await ctx.after(gameId, committed);
  const outcome = committed.value;
  if (!outcome.accepted) {
    const reason = outcome.rejection ? rejectionText(ctx.lang, outcome.rejection) : "?";
    return { accepted: false, text: t(ctx.lang, "order.rejected", { reason }) };
  }
  const { names } = seats ?? (await seatNames(ctx.db, gameId));
  const accepted = t(ctx.lang, "order.accepted", {
    action: describeChosen(ctx.lang, order, offers, names),
    targets: "",
  });
  // The deadline it may still be changed until, unless the phase has just closed or is frozen
  // (as the commit left the phase).
  const now = (ctx.deps.clock ?? systemClock).now();
  const deadline = outcome.deadlineAt ?? null;
  if (!deadline || deadline.getTime() <= now.getTime()) return { accepted: true, text: accepted };
  return {
    accepted: true,
    text: `${accepted}\n${t(ctx.lang, "deadline.line", { when: discordTime(deadline) })}`,
  };
}

/**
 * The value of an action choice: `kill` or `kill|executor=p3` (an offer's params; a seat in them
 * by its opaque value in masked games).
 */
export function offerValue(offer: AvailableAction, seats: SeatNames): string {
  const params = offer.params
    ? Object.fromEntries(
        Object.entries(offer.params).map(([k, v]) => [k, typeof v === "string" ? seats.valueOf(v) : v]),
      )
    : undefined;
  const key = paramsKey(params);
  return (key ? `${offer.action}|${key}` : offer.action).slice(0, 100);
}

/** Finds the offer a typed or chosen action value names: by value, by action id, by label. */
export function findOffer(
  lang: Lang,
  offers: readonly AvailableAction[],
  value: string,
  seats: SeatNames,
): AvailableAction | undefined {
  const exact = offers.find((o) => offerValue(o, seats) === value);
  if (exact) return exact;
  const action = value.split("|")[0] ?? value;
  return (
    offers.find((o) => o.action === action) ??
    offers.find((o) => o.label[lang].toLowerCase() === value.trim().toLowerCase())
  );
}

/**
 * The params to submit: the offer's, a reason when given, and an empty reason when the
 * action's schema needs one (e.g. classic votes without a required reason).
 */
export function paramsFor(
  ruleset: RulesetDefinition<AnyGameState>,
  action: string,
  offer: AvailableAction | undefined,
  reason: string | null,
): JsonObject {
  const params: JsonObject = { ...(offer?.params ?? {}) };
  if (reason) params["reason"] = reason;
  const schema = ruleset.actions[action]?.params;
  if (
    schema &&
    !reason &&
    !schema.safeParse(params).success &&
    schema.safeParse({ ...params, reason: "" }).success
  )
    params["reason"] = "";
  return params;
}

/** Autocomplete of targets: only those the chosen action (or any open action) accepts now. */
export function targetChoices(
  lang: Lang,
  offers: readonly AvailableAction[],
  actionValue: string | null,
  seats: SeatNames,
  typed: string,
  exclude: readonly string[] = [],
): { name: string; value: string }[] {
  const offer = actionValue ? findOffer(lang, offers, actionValue, seats) : undefined;
  const pool = offer ? offer.targets : [...new Set(offers.flatMap((o) => o.targets))];
  const needle = typed.trim().toLowerCase();
  return seats
    .order(pool)
    .filter((id) => !exclude.includes(seats.valueOf(id)) && !exclude.includes(id))
    .map((id) => ({
      name: targetLabel(lang, id, seats.names, "plain").slice(0, 100),
      value: seats.valueOf(id),
    }))
    .filter((c) => c.name.toLowerCase().includes(needle) || c.value.toLowerCase() === needle)
    .slice(0, 25);
}
