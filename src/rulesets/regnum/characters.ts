import { z } from "zod";
import { emitEvent, emitPrivate, findPlayer } from "../../engine/helpers.js";
import type { JsonObject, PlayerId } from "../../engine/types.js";
import { postInfo } from "./posts.js";
import { type RegnumRejection, reject } from "./rejections.js";
import { gmAction, paramsOf, targetPlayers } from "./spec.js";
import type { RPlayer, RState } from "./state.js";

/** Characters (§2.4, §2.6): status and role predicates, known appearances, and what a character is told (results and notices, §13.4). */

export const has = (p: RPlayer, status: string) => p.statuses.includes(status);
export function setStatus(player: RPlayer, status: string, on: boolean): void {
  if (on && !player.statuses.includes(status)) player.statuses.push(status);
  if (!on) player.statuses = player.statuses.filter((x) => x !== status);
}
export const dead = (p: RPlayer) => !p.alive;
export const neutralized = (p: RPlayer) => !p.alive || has(p, "neutralized");
export const detained = (p: RPlayer) => has(p, "detained");
export const free = (p: RPlayer) => p.alive && !detained(p) && !has(p, "neutralized");
export const underground = (p: RPlayer) => has(p, "underground");
export const abroad = (p: RPlayer) => p.location !== "regnum";
export const allRoles = (p: RPlayer) => [p.role, ...p.roles.filter((r) => r !== p.role)];
export const hasRole = (p: RPlayer, r: string) => p.role === r || p.roles.includes(r);
/** An action only a holder of `role` may use. */
export const needRole = (role: string, key: RegnumRejection) => (_s: RState, actor: RPlayer) =>
  hasRole(actor, role) ? null : reject("not_" + role, key);
export function present(player: RPlayer): boolean {
  return (
    !neutralized(player) &&
    !underground(player) &&
    (!abroad(player) || player.posts.includes(`adviser_${player.location}`))
  );
}
export const phaseLabelOf = (state: RState) => `${state.phase.kind} ${state.phase.n}`;

/** Known appearances (§2.6): stored plus own original plus the public ones. */
export function knownAppearances(state: RState, player: RPlayer): string[] {
  const out = new Set<string>([player.appearance, ...player.knownAppearances]);
  for (const p of state.players) {
    if (allRoles(p).some((r) => state.options.publicRoles.includes(r))) out.add(p.appearance);
    if (p.posts.some((post) => postInfo(state, post).public)) out.add(p.appearance);
  }
  return [...out];
}

export function learn(player: RPlayer, appearance: string): void {
  if (!player.knownAppearances.includes(appearance)) player.knownAppearances.push(appearance);
}

/**
 * The `text` of each result code (§13.4), in the rules file's Russian: the simulator prints it
 * and the scenario cases check it. Readers of the bot read the code in their language (texts.ts).
 */
export const RESULT_TEXT: Record<string, string> = {
  ok: "Ход выполнен.",
  hidden: "Цель скрывается.",
  suspicious: "Цель вызывает подозрение.",
  not_suspicious: "Цель не вызывает подозрения.",
  unidentifiable: "Опознание невозможно.",
  unavailable: "Тело недоступно.",
  invalid: "Опознание невозможно.",
  opened: "Допрос начат.",
  done: "Ход выполнен.",
  released: "Задержанный освобождён.",
  failed: "Ход не удался.",
  requested: "Запрос отправлен.",
  incomplete: "Обыск не проведён.",
  abroad: "Цель за границей.",
  wanted: "Цель скрывается. Цель объявлена в розыск.",
  protected: "Разыскиваемый защищён ВС",
  already: "Цель уже задержана.",
  avoided: "Задержание не удалось.",
  detained: "Цель задержана.",
  too_early: "Освобождение пока невозможно.",
  no_orchium: "Недостаточно орхиума.",
};

/**
 * A move's own text that wins over its code's (§5, §13.4): the result carries its id as `reason`
 * beside the rules file's Russian `text`, so a reader reads the reason in his language.
 */
export const REASON_TEXT = {
  /** `go_abroad`/`travel` `failed`: the border between the countries is closed (§5.10). */
  border_closed: "Граница закрыта.",
  /** `go_abroad`/`travel` `failed`: the destination is neither allied nor on the traveller's visas. */
  no_alliance_or_visa: "Нет союза или визы.",
  /** `ksb_derecruit` `done`, whatever the target was (R15). */
  derecruited: "Развербовка проведена.",
} as const;
export type ResultReason = keyof typeof REASON_TEXT;

/** What a result says besides its code: a move's own reason, or the GM's text (§10). */
export type ResultWords = { reason: ResultReason } | { gmText: string | undefined };

export function sendResult(
  state: RState,
  to: PlayerId,
  action: string,
  target: PlayerId | null,
  result: string,
  data: JsonObject = {},
  words?: ResultWords,
): void {
  const targetPlayer = target ? findPlayer(state, target) : undefined;
  const actor = findPlayer(state, to);
  if (targetPlayer && actor) learn(actor, targetPlayer.currentAppearance);
  const reason = words && "reason" in words ? words.reason : undefined;
  const gmText = words && "gmText" in words ? words.gmText : undefined;
  emitPrivate(state, to, "result", {
    action,
    target,
    targetAppearance: targetPlayer ? targetPlayer.currentAppearance : null,
    result,
    text: gmText ?? (reason ? REASON_TEXT[reason] : undefined) ?? RESULT_TEXT[result] ?? result,
    ...(reason ? { reason } : {}),
    ...data,
  });
}

export function notice(state: RState, to: PlayerId, about: string, fields: JsonObject = {}): void {
  emitPrivate(state, to, "notice", { about, ...fields });
}

/** The GM sets a character's faction, groups, power and difficulty (§10). */
export const characterGmActions = {
  set_faction: gmAction(paramsOf({ faction: z.string().regex(/^[a-z][a-z0-9_]*$/) }), {
    targets: "some",
    run(state, input) {
      const faction = input.params.faction;
      for (const player of targetPlayers(state, input)) {
        if (faction === "ksb" && player.faction !== "ksb") player.ksbPeriods += 1;
        player.faction = faction;
        emitEvent(state, "faction_set", { player: player.id, faction });
      }
    },
  }),
  set_group: gmAction(
    paramsOf({ group: z.string().regex(/^[a-z][a-z0-9_]*$/), remove: z.boolean().default(false) }),
    {
      targets: "some",
      run(state, input) {
        const group = input.params.group;
        for (const player of targetPlayers(state, input))
          player.groups = input.params.remove
            ? player.groups.filter((held) => held !== group)
            : [...new Set([...player.groups, group])];
      },
    },
  ),
  set_power: gmAction(paramsOf({ power: z.number().int().min(1).max(5).nullable() }), {
    targets: "some",
    run(state, input) {
      for (const player of targetPlayers(state, input)) player.power = input.params.power ?? null;
    },
  }),
  set_difficulty: gmAction(paramsOf({ difficulty: z.number() }), {
    targets: "some",
    run(state, input) {
      for (const player of targetPlayers(state, input)) player.difficulty = input.params.difficulty;
    },
  }),
};
