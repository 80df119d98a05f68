import { findPlayer, hasStatus } from "../../engine/helpers.js";
import type { AvailableAction } from "../../engine/ruleset.js";
import type { Json, JsonObject, Localized, PlayerId } from "../../engine/types.js";
import { localize } from "../../engine/messages.js";
import { LABELS as MESSAGES } from "./labels.js";
import { CLAN_NAMES, ROLE_NAMES } from "./texts.js";
import { bySeat, CLANS, type ClansState, GUESS_ROLES, openSlots, type Slot } from "./state.js";

/** What a player may do now (availableActions, actionLabel) and may know (playerView). */

const LABELS: Record<string, { en: string; ru: string }> = {
  kill: { en: "Kill (guess the clan)", ru: "Убить (назвать клан)" },
  recruit: { en: "Recruit", ru: "Завербовать" },
  protect: { en: "Protect from recruitment", ru: "Защитить от вербовки" },
  check: { en: "Check", ru: "Проверить" },
  heal: { en: "Heal", ru: "Лечить" },
  shoot: { en: "Shoot", ru: "Стрелять" },
  meet: { en: "Meet (acquaintance)", ru: "Познакомиться" },
  pass: { en: "Pass", ru: "Пропустить" },
  post: { en: "Post", ru: "Написать" },
  edit_post: { en: "Edit a post", ru: "Редактировать пост" },
  vote_against: { en: "Vote against", ru: "Голосовать «против»" },
  vote_for: { en: "Vote for", ru: "Голосовать «за»" },
};

const SLOT_ACTIONS: Record<Slot, string[]> = {
  kill: ["kill"],
  recruit: ["recruit"],
  scout: ["protect", "check"],
  doctor: ["heal"],
  shooter: ["shoot"],
  meet: ["meet"],
};

/** An offer's label with its choice («Убить (назвать клан): Якудза»). */
const withChoice = (base: Localized, choice: Localized): Localized =>
  localize(MESSAGES.with_choice, (lang) => ({ action: base[lang], choice: choice[lang] }));

/** The recruitment's guesses as the reader reads them («Доктор, Якудза»). */
const recruitGuess = (role: Localized, clan: Localized): Localized =>
  localize(MESSAGES.recruit_guess, (lang) => ({ role: role[lang], clan: clan[lang] }));

function one(
  action: string,
  targets: string[],
  label = action,
  params?: JsonObject,
  suffix?: Localized,
): AvailableAction | null {
  if (targets.length === 0) return null;
  const base = LABELS[label] ?? { en: action, ru: action };
  return {
    action,
    targets,
    minTargets: 1,
    maxTargets: 1,
    label: suffix ? withChoice(base, suffix) : base,
    ...(params ? { params } : {}),
  };
}

/** The number a recruitment offer submits (the panel has no number field; §5 step 4 ties only). */
export const OFFERED_NUMBER = 50;

const CHECK_LABELS = {
  recruited: { en: "recruited?", ru: "завербован?" },
  clan_role: { en: "clan and role", ru: "клан и роль" },
} as const;

/** The night orders of one action, one entry per choice of its params (§4.1). */
function nightOffers(action: string, targets: string[]): (AvailableAction | null)[] {
  switch (action) {
    case "kill":
      return CLANS.map((c) => one(action, targets, action, { guess_clan: c }, CLAN_NAMES[c]));
    case "recruit":
      return GUESS_ROLES.flatMap((role) =>
        CLANS.map((c) =>
          one(
            action,
            targets,
            action,
            { guess_role: role, guess_clan: c, number: OFFERED_NUMBER },
            recruitGuess(ROLE_NAMES[role], CLAN_NAMES[c]),
          ),
        ),
      );
    case "check":
      return (["recruited", "clan_role"] as const).map((k) =>
        one(action, targets, action, { check: k }, CHECK_LABELS[k]),
      );
    default:
      return [one(action, targets)];
  }
}
function none(action: string): AvailableAction {
  return {
    action,
    targets: [],
    minTargets: 0,
    maxTargets: 0,
    label: LABELS[action] ?? { en: action, ru: action },
  };
}

/** RulesetDefinition.actionLabel: each offer's label, rebuilt from its action and choice params. */
export function actionLabel(action: string, params: JsonObject): Localized | undefined {
  const suffixed = (base: Localized | undefined, suffix: Localized | undefined): Localized | undefined =>
    base && suffix ? withChoice(base, suffix) : base;
  const clan = CLAN_NAMES[params["guess_clan"] as keyof typeof CLAN_NAMES] as Localized | undefined;
  switch (action) {
    case "vote":
      return LABELS[params["side"] === "for" ? "vote_for" : "vote_against"];
    case "kill":
      return suffixed(LABELS["kill"], clan);
    case "recruit": {
      const role = ROLE_NAMES[params["guess_role"] as keyof typeof ROLE_NAMES] as Localized | undefined;
      return suffixed(LABELS["recruit"], role && clan ? recruitGuess(role, clan) : undefined);
    }
    case "check":
      return suffixed(
        LABELS["check"],
        CHECK_LABELS[params["check"] as keyof typeof CHECK_LABELS] as Localized | undefined,
      );
    default:
      return LABELS[action];
  }
}

/**
 * Exactly what `actor` may do now. Choices are params, one entry each: the kill's clan guess,
 * the recruitment's role and clan guesses (number 50), the check's kind, the vote's side.
 */
export function availableActions(state: ClansState, actor: PlayerId): AvailableAction[] {
  const me = findPlayer(state, actor);
  if (!me || state.ended) return [];
  const out: (AvailableAction | null)[] = [];
  const living = state.players.filter((p) => p.alive).sort(bySeat);
  const others = living.filter((p) => p.id !== me.id).map((p) => p.id);
  const all = living.map((p) => p.id);
  if (me.alive && state.phase.kind === "night") {
    const slots = openSlots(state, me);
    for (const slot of slots)
      for (const action of SLOT_ACTIONS[slot]) {
        if (action === "protect") {
          const last = state.data.lastProtect[me.id];
          out.push(
            one(
              action,
              all.filter((id) => id !== last),
            ),
          );
        } else if (action === "heal") {
          const last = state.data.lastHeal[me.id];
          out.push(
            one(
              action,
              all.filter((id) => id !== last),
            ),
          );
        } else out.push(...nightOffers(action, others));
      }
    if (slots.length > 0) out.push(none("pass"));
  }
  if (me.alive && state.phase.kind === "day") {
    const mine = state.data.votes.filter((v) => v.voter === me.id);
    if (!mine.some((v) => v.side === "against"))
      out.push(one("vote", all, "vote_against", { side: "against" }));
    if (!mine.some((v) => v.side === "for")) out.push(one("vote", others, "vote_for", { side: "for" }));
  }
  if (me.alive || !hasStatus(me, "dead_muted")) out.push(none("post"), none("edit_post"));
  return out.filter((a): a is AvailableAction => a !== null);
}

/** What `viewer` may know (§2.4, §7, §8, §10): never another player's role or clan before the end. */
export function playerView(state: ClansState, viewer: PlayerId): Json {
  const me = findPlayer(state, viewer);
  const reveal = state.ended && state.options.reveal_at_end;
  const players = [...state.players].sort(bySeat).map((p) => {
    const entry: JsonObject = {
      id: p.id,
      alive: p.alive,
      day_protected: p.statuses.includes("day_protected"),
      dead_muted: p.statuses.includes("dead_muted"),
    };
    if (reveal) {
      entry["role"] = p.role;
      entry["home"] = p.home;
      entry["faction"] = p.faction;
    }
    return entry;
  });
  const view: JsonObject = {
    ruleset: state.ruleset,
    phase: `${state.phase.kind} ${state.phase.n}`,
    ended: state.ended,
    winners: [...state.winners],
    players,
    // votes are public: the bot posts them in the vote thread as they are cast
    votes: state.phase.kind === "day" ? state.data.votes.map((v) => ({ ...v })) : [],
    lastReport: state.data.lastReport ? (JSON.parse(JSON.stringify(state.data.lastReport)) as Json) : null,
    numbers: reveal ? state.data.numbers.map((n) => ({ night: n.night, value: n.value })) : [],
  };
  if (!me) return view;
  const chats = state.data.chats
    .filter((c) => c.members.includes(me.id))
    .map((c) => ({ id: c.id, clan: c.clan, members: [...c.members] }));
  view["you"] = {
    id: me.id,
    alive: me.alive,
    role: me.role,
    home: me.home,
    number: me.number,
    clan: me.faction,
    inTeam: me.team !== null,
    statuses: [...me.statuses],
    clanChats: chats,
    orders: state.data.orders
      .filter((o) => o.actor === me.id)
      .map((o) => ({ ...o }) as unknown as JsonObject),
    filledSlots: [...(state.data.filled[me.id] ?? [])],
    messages: state.data.inbox
      .filter((m) => m.message.to === me.id)
      .map((m) => ({ phase: m.phase, ...m.message }) as JsonObject),
  };
  return view;
}
