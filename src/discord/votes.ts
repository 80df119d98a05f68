import type { AvailableAction, RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Lang } from "../engine/types.js";
import { targetLabel } from "../render/orders.js";
import type { SeatNames } from "./masks/seat-names.js";
import { offerValue } from "./orders.js";

/**
 * The choices `/vote` offers: one per vote offer of the ruleset and target ("Verdict: isolate →
 * Anna", "Vote Ja / Nein: Nein"), built from exactly what availableActions opens to the player.
 * A choice's value is the offer's value and the target, `verdict|choice=isolate>p3` (in masked
 * games the target by its opaque value, `>@<mask>`, and the targets in name order).
 */
export interface VoteChoice {
  value: string;
  name: string;
  offer: AvailableAction;
  target: string | null;
}

/** The ruleset's vote actions; a ruleset that declares none votes with its `vote` action. */
export function voteActions(ruleset: RulesetDefinition<AnyGameState>): readonly string[] {
  return ruleset.votes?.actions ?? (Object.hasOwn(ruleset.actions, "vote") ? ["vote"] : []);
}

export function voteChoices(
  lang: Lang,
  ruleset: RulesetDefinition<AnyGameState>,
  offers: readonly AvailableAction[],
  seats: SeatNames,
): VoteChoice[] {
  const names = seats.names;
  const actions = voteActions(ruleset);
  const out: VoteChoice[] = [];
  for (const offer of offers) {
    if (!actions.includes(offer.action)) continue;
    const base = offerValue(offer, seats);
    const label = offer.label[lang];
    // A choice without a target where the rules allow one (reichstag's Ja/Nein, mayor's abstain).
    if (offer.minTargets === 0) out.push({ value: base, name: label.slice(0, 100), offer, target: null });
    if (offer.maxTargets === 0) continue;
    for (const target of seats.order(offer.targets)) {
      out.push({
        value: `${base}>${seats.valueOf(target)}`.slice(0, 100),
        name: `${label} → ${targetLabel(lang, target, names, "plain")}`.slice(0, 100),
        offer,
        target,
      });
    }
  }
  return out;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * The choice a typed or picked value names: its value, its shown name, or — typed by hand — a
 * target's name or a choice's own word ("nein", "isolate", "против") when exactly one choice
 * fits. Undefined when nothing or more than one choice fits.
 */
export function findVoteChoice(
  lang: Lang,
  choices: readonly VoteChoice[],
  typed: string,
  seats: SeatNames,
): VoteChoice | undefined {
  const names = seats.names;
  // A seat id typed by hand names nobody in a masked game (it would tell seats from masks).
  const byId = (target: string) => (seats.mode === "off" ? target : seats.valueOf(target)) === typed.trim();
  const exact = choices.find((c) => c.value === typed) ?? choices.find((c) => norm(c.name) === norm(typed));
  if (exact) return exact;
  const word = norm(typed);
  const byTarget = choices.filter(
    (c) =>
      c.target !== null && (byId(c.target) || norm(targetLabel(lang, c.target, names, "plain")) === word),
  );
  if (byTarget.length === 1) return byTarget[0];
  const byWord = choices.filter((c) => {
    if (c.target !== null) return false;
    const words = [
      ...Object.values(c.offer.params ?? {}).map((v) => norm(String(v))),
      norm(c.offer.label[lang].split(":").pop() ?? ""),
      norm(c.offer.label.en.split(":").pop() ?? ""),
    ];
    return words.includes(word);
  });
  return byWord.length === 1 ? byWord[0] : undefined;
}

/**
 * A choice value that is not open now (picked from a stale list, or typed): the order it names,
 * so that the rules judge it and answer with their reason. Null when it is not a vote's value.
 */
export function parseVoteValue(
  value: string,
  actions: readonly string[],
): { action: string; params: Record<string, unknown>; target: string | null } | null {
  const match = /^([a-z_]+)(?:\|([^>]*))?(?:>(\S+))?$/.exec(value.trim());
  if (!match?.[1] || !actions.includes(match[1])) return null;
  const params: Record<string, unknown> = {};
  for (const pair of (match[2] ?? "").split(",").filter(Boolean)) {
    const [key = "", raw = ""] = pair.split("=");
    try {
      params[key] = JSON.parse(raw) as unknown;
    } catch {
      params[key] = raw;
    }
  }
  return { action: match[1], params, target: match[3] ?? null };
}
