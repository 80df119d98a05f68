import { emitEvent, emitPrivate, findPlayer } from "../../engine/helpers.js";
import type { JsonObject, PlayerId } from "../../engine/types.js";
import {
  COMMANDER_POST,
  DEFAULT_POSTS,
  FOREIGN_ARMIES,
  MULTI_POSTS,
  pairKey,
  type PostInfo,
  ROLES,
  type RPlayer,
  type RState,
  type Unit,
  UNIT_TYPES,
} from "./state.js";

/** Predicates and derived values of the model (§2.4–§2.9, §4). Pure functions of the state. */

export const has = (p: RPlayer, s: string) => p.statuses.includes(s);
export function setStatus(p: RPlayer, s: string, on: boolean): void {
  if (on && !p.statuses.includes(s)) p.statuses.push(s);
  if (!on) p.statuses = p.statuses.filter((x) => x !== s);
}
export const dead = (p: RPlayer) => !p.alive;
export const neutralized = (p: RPlayer) => !p.alive || has(p, "neutralized");
export const detained = (p: RPlayer) => has(p, "detained");
export const free = (p: RPlayer) => p.alive && !detained(p) && !has(p, "neutralized");
export const underground = (p: RPlayer) => has(p, "underground");
export const abroad = (p: RPlayer) => p.location !== "regnum";
export const allRoles = (p: RPlayer) => [p.role, ...p.roles.filter((r) => r !== p.role)];
export const hasRole = (p: RPlayer, r: string) => p.role === r || p.roles.includes(r);
export function present(p: RPlayer): boolean {
  return !neutralized(p) && !underground(p) && (!abroad(p) || p.posts.includes(`adviser_${p.location}`));
}
export const phaseLabelOf = (state: RState) => `${state.phase.kind} ${state.phase.n}`;

export function postInfo(state: RState, post: string): PostInfo {
  const base = DEFAULT_POSTS[post] ?? { power: 1, government: null, chats: [], public: true };
  const o = state.options.posts[post];
  let power = base.power;
  if (post.startsWith("ruler_")) power = state.options.countryPower[post.slice(6)] ?? 1;
  return {
    power: o?.power ?? power,
    government: o?.government !== undefined ? o.government : base.government,
    chats: o?.chats ?? base.chats,
    public: o?.public ?? base.public,
  };
}

/** Posts X exercises now (§2.7). */
export function actingPosts(state: RState, x: RPlayer): string[] {
  if (neutralized(x)) return [];
  const out: string[] = [];
  for (const owner of state.players) {
    if (state.data.occupant[owner.appearance] !== x.id) continue;
    for (const p of owner.posts) if (!out.includes(p)) out.push(p);
  }
  return out;
}
/** Whether X exercises `post` now (§2.7): one pass over the places, nothing allocated. */
export function acts(state: RState, x: RPlayer, post: string): boolean {
  if (neutralized(x)) return false;
  return state.players.some(
    (owner) => state.data.occupant[owner.appearance] === x.id && owner.posts.includes(post),
  );
}

/**
 * The first (canonical order) acting holder of a post. Linear in the table: the occupants of the
 * places that carry the post, then the first of them in canonical order (asking `acts` of every
 * player made each lookup quadratic, and regnum's offers call it per seat and per army).
 */
export function actingHolder(state: RState, post: string): RPlayer | undefined {
  const occupants = new Set<string>();
  for (const owner of state.players) {
    const occupant = state.data.occupant[owner.appearance];
    if (occupant && owner.posts.includes(post)) occupants.add(occupant);
  }
  if (occupants.size === 0) return undefined;
  return state.players.find((p) => occupants.has(p.id) && !neutralized(p));
}
export const postVacant = (state: RState, post: string) => actingHolder(state, post) === undefined;

export function rolePower(state: RState, role: string): number {
  return state.options.rolePower[role] ?? ROLES[role]?.power ?? 1;
}
export function power(state: RState, x: RPlayer): number {
  if (x.power !== null) return x.power;
  let best = 1;
  for (const r of allRoles(x)) best = Math.max(best, rolePower(state, r));
  for (const p of actingPosts(state, x)) best = Math.max(best, postInfo(state, p).power);
  return Math.min(5, best);
}

/** Director functions: the acting Director, or the acting King while the Director is vacant (R14). */
export function directorFunctions(state: RState, x: RPlayer): boolean {
  if (acts(state, x, "director")) return true;
  return postVacant(state, "director") && acts(state, x, "king");
}
export function commanderOf(state: RState, army: string): RPlayer | undefined {
  if (army === "ksb") {
    const d = actingHolder(state, "director");
    return d ?? actingHolder(state, "king");
  }
  const post = COMMANDER_POST[army];
  return post ? actingHolder(state, post) : undefined;
}
export function commands(state: RState, x: RPlayer, army: string): boolean {
  return commanderOf(state, army)?.id === x.id;
}
export function isGovernmentMember(state: RState, x: RPlayer): string | null {
  for (const p of actingPosts(state, x)) {
    const g = postInfo(state, p).government;
    if (g) return g;
  }
  return null;
}

// ---------------------------------------------------------------- countries and armies

export function atWar(state: RState, a: string, b: string): boolean {
  return state.data.wars.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}
export function allied(state: RState, a: string, b: string): boolean {
  return state.data.alliances.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}
export function hostileTo(state: RState, army: string, country: string): boolean {
  return (state.data.ownForces[country] ?? []).some((o) => atWar(state, army, o));
}
export function friendlyTo(state: RState, army: string, country: string): boolean {
  const own = state.data.ownForces[country] ?? [];
  return own.includes(army) || own.some((o) => allied(state, army, o));
}
export function front(state: RState, country: string): string {
  return state.options.countryFront[country] ?? "home";
}
export function unitAllowed(state: RState, type: string, country: string): boolean {
  const info = UNIT_TYPES[type];
  if (!info) return false;
  const f = front(state, country);
  switch (info.allowed) {
    case "everywhere":
      return true;
    case "winter_or_north":
      return state.options.season === "winter" || f === "north";
    case "not_sea":
      return f !== "sea";
    case "not_north":
      return f !== "north";
  }
}
export const isForeignArmy = (army: string) => FOREIGN_ARMIES.includes(army);
export const relation = (state: RState, a: string, b: string) =>
  state.data.relations[pairKey(a, b)] ?? "neutral";
export const border = (state: RState, a: string, b: string) => state.data.borders[pairKey(a, b)] ?? "open";
export const inEnemyCountry = (state: RState, p: RPlayer) =>
  abroad(p) && relation(state, "regnum", p.location) === "enemy";

export function nextUnitId(state: RState): string {
  const used = new Set(state.data.units.map((u) => u.id));
  for (const p of state.players) used.add(p.id);
  let n = state.data.unitSeq;
  while (used.has(`u${n}`) || state.data.usedUnitIds.includes(`u${n}`)) n++;
  state.data.unitSeq = n + 1;
  return `u${n}`;
}
export function createUnit(
  state: RState,
  fields: Omit<Unit, "n" | "id" | "inTransitTo"> & { id?: string },
): Unit {
  const id = fields.id ?? nextUnitId(state);
  const unit: Unit = {
    id,
    n: state.data.unitCounter++,
    army: fields.army,
    type: fields.type,
    owner: fields.owner,
    location: fields.location,
    inTransitTo: null,
    conscripted: fields.conscripted,
  };
  state.data.units.push(unit);
  state.data.usedUnitIds.push(id);
  return unit;
}
export function removeUnits(state: RState, ids: string[], reason: string | null): void {
  const gone = state.data.units.filter((u) => ids.includes(u.id));
  state.data.units = state.data.units.filter((u) => !ids.includes(u.id));
  if (reason)
    for (const u of gone.sort((a, b) => a.n - b.n))
      emitEvent(state, "unit_destroyed", { unit: u.id, army: u.army, unitType: u.type, reason });
}

/** Known appearances (§2.6): stored plus own original plus the public ones. */
export function knownAppearances(state: RState, x: RPlayer): string[] {
  const out = new Set<string>([x.appearance, ...x.knownAppearances]);
  for (const p of state.players) {
    if (allRoles(p).some((r) => state.options.publicRoles.includes(r))) out.add(p.appearance);
    if (p.posts.some((post) => postInfo(state, post).public)) out.add(p.appearance);
  }
  return [...out];
}
export function learn(x: RPlayer, appearance: string): void {
  if (!x.knownAppearances.includes(appearance)) x.knownAppearances.push(appearance);
}

// ---------------------------------------------------------------- output helpers

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

export function sendResult(
  state: RState,
  to: PlayerId,
  action: string,
  target: PlayerId | null,
  result: string,
  data: JsonObject = {},
  text?: string,
): void {
  const targetPlayer = target ? findPlayer(state, target) : undefined;
  const actor = findPlayer(state, to);
  if (targetPlayer && actor) learn(actor, targetPlayer.currentAppearance);
  emitPrivate(state, to, "result", {
    action,
    target,
    targetAppearance: targetPlayer ? targetPlayer.currentAppearance : null,
    result,
    text: text ?? RESULT_TEXT[result] ?? result,
    ...data,
  });
}

export function notice(state: RState, to: PlayerId, about: string, fields: JsonObject = {}): void {
  emitPrivate(state, to, "notice", { about, ...fields });
}

export function caseEntry(
  state: RState,
  source: string,
  action: string,
  actor: PlayerId | null,
  target: PlayerId | null,
  result: string,
  data: JsonObject = {},
): void {
  const n = state.data.caseFile.length + 1;
  state.data.caseFile.push({ n, phase: phaseLabelOf(state), source, action, actor, target, result, data });
  emitEvent(state, "case_entry", { n, source, action, actor, target, result });
}

export function isMultiPost(post: string): boolean {
  return MULTI_POSTS.includes(post);
}

export function canReadCaseFile(state: RState, x: RPlayer): boolean {
  if (!free(x) || underground(x) || abroad(x)) return false;
  const acting = actingPosts(state, x);
  if (hasRole(x, "ksb_agent") || hasRole(x, "detective")) return true;
  if (acting.includes("director") || acting.includes("supreme_judge") || acting.includes("judge"))
    return true;
  const inq = x.faction === "inquisition" || x.groups.includes("inquisition");
  return inq && state.data.inquisitionActive;
}
