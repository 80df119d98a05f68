import { z } from "zod";
import type { ActionDefinition } from "../../engine/ruleset.js";
import { emitEvent, emitPrivate, emitPublic, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import type { ActionInput, JsonObject, PlayerId, Rejection } from "../../engine/types.js";
import { type RegnumRejection, reject } from "./rejections.js";
import { ARMY_CHAT, COUNTRIES, FOREIGN_COUNTRIES, sortArmies, type RPlayer, type RState } from "./state.js";
import {
  abroad,
  access,
  acts,
  atWar,
  caseEntry,
  chatMembers,
  commanderOf,
  commands,
  createUnit,
  detained,
  directorFunctions,
  free,
  hasRole,
  inEnemyCountry,
  isForeignArmy,
  isGovernmentMember,
  isUndergroundChat,
  knownAppearances,
  notice,
  postVacant,
  removeUnits,
  reconcile,
  sendResult,
  setStatus,
  underground,
  unitAllowed,
} from "./logic.js";
import { palaceLeave } from "./death.js";
import { ensureStarted, started } from "./phase.js";

/** Player actions (§5). Moves are recorded as orders; free actions take effect at once. */

const obj = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).passthrough() as unknown as z.ZodType<JsonObject>;
const none = obj({});

export const ORCHIUM_COST: Record<string, number> = {
  recruit: 1,
  palace_force: 1,
  baron_protect: 1,
  baron_showdown: 1,
};
export const POWER_FUNCTIONS = [
  "appoint_director",
  "request_warrant",
  "grant_warrant",
  "deny_warrant",
  "ksb_derecruit",
  "ksb_accuse",
  "ksb_release",
  "ksb_mail_check",
  "ksb_detain",
  "embezzle",
  "conscript",
  "move_troops",
  "units_defend",
  "units_attack",
  "sign_peace",
];
const COMMAND_ORDERS = ["conscript", "move_troops", "units_defend", "units_attack", "sign_peace"];

type Targets = "none" | "one" | "param";

interface Spec {
  kind: "move" | "free";
  targets: Targets;
  /** For `param` targets: the param the single target stands for. */
  param?: string;
  params?: z.ZodType<JsonObject>;
  selfOk?: boolean;
  allowDetained?: boolean;
  /** Who may use it, with any precondition; null = allowed. */
  who(state: RState, actor: RPlayer, input: ActionInput): Rejection | null;
  /** Free actions: the immediate effect. */
  run?(state: RState, actor: RPlayer, input: ActionInput): void;
  /** The army a command order is about (R18 exception). */
  army?(state: RState, actor: RPlayer, input: ActionInput): string | undefined;
  /** Candidate targets for availableActions (default: every player). */
  candidates?(state: RState, actor: RPlayer): string[];
}

export function resolveTarget(state: RState, t: string): string {
  if (!t.startsWith("@")) return t;
  const a = t.slice(1);
  return state.data.occupant[a] ?? state.players.find((p) => p.appearance === a)?.id ?? t;
}
export function normalize(state: RState, input: ActionInput): ActionInput {
  return { ...input, targets: input.targets.map((t) => resolveTarget(state, t)) };
}
/** A param given directly or as the single target. */
export function arg(input: ActionInput, name: string): string | undefined {
  const v = input.params[name];
  if (typeof v === "string") return v;
  return input.targets[0];
}
const targetOf = (state: RState, input: ActionInput) => findPlayer(state, input.targets[0] ?? "") as RPlayer;

const needRole = (role: string, key: RegnumRejection) => (_s: RState, actor: RPlayer) =>
  hasRole(actor, role) ? null : reject("not_" + role, key);
const director = (state: RState, actor: RPlayer) =>
  directorFunctions(state, actor) ? null : reject("not_director", "notDirector");
const anyone = () => null;

function commandedArmies(state: RState, actor: RPlayer): string[] {
  return sortArmies(Object.keys(ARMY_CHAT).concat(["norsland", "orientem", "britonia"])).filter((army) =>
    commands(state, actor, army),
  );
}
function conscriptArmies(state: RState, actor: RPlayer): string[] {
  const out = commandedArmies(state, actor).filter((x) => !isForeignArmy(x));
  if (acts(state, actor, "defence_minister_royal")) out.push("royal");
  if (acts(state, actor, "defence_minister_parliament")) out.push("parliament");
  return sortArmies(out);
}
function fightArmies(state: RState, actor: RPlayer): string[] {
  const out = [...actor.serviceOf, ...commandedArmies(state, actor)];
  if (acts(state, actor, "defence_minister_royal")) out.push("royal");
  if (acts(state, actor, "defence_minister_parliament")) out.push("parliament");
  return sortArmies(out);
}
const strList = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** Units selected by move_troops (§5.9): `units`, or `count` (+ `type`, `from`), default all movable. */
export function troopSelection(
  state: RState,
  actor: RPlayer,
  input: ActionInput,
): { army?: string; ids: string[] } {
  const to = arg(input, "to");
  const armyParam = typeof input.params["army"] === "string" ? (input.params["army"] as string) : undefined;
  const ids = strList(input.params["units"]);
  if (ids.length > 0) {
    const units = state.data.units.filter((u) => ids.includes(u.id));
    return { ...(units[0] ? { army: units[0].army } : {}), ids };
  }
  const army = armyParam ?? commandedArmies(state, actor)[0];
  if (!army) return { ids: [] };
  const type = typeof input.params["type"] === "string" ? input.params["type"] : undefined;
  const from = typeof input.params["from"] === "string" ? input.params["from"] : undefined;
  let units = state.data.units.filter(
    (u) =>
      u.army === army &&
      u.inTransitTo === null &&
      u.location !== to &&
      (type === undefined || u.type === type) &&
      (from === undefined || u.location === from),
  );
  if (typeof input.params["count"] === "number") units = units.slice(0, input.params["count"]);
  return { army, ids: units.map((u) => u.id) };
}

/** Units assigned by units_defend/units_attack: `units`, default all the army's units in the target's country. */
export function assignedUnits(
  state: RState,
  actor: RPlayer,
  input: ActionInput,
): { army?: string; ids: string[] } {
  const ids = strList(input.params["units"]);
  if (ids.length > 0) {
    const first = state.data.units.find((u) => u.id === ids[0]);
    return { ...(first ? { army: first.army } : {}), ids };
  }
  const target = findPlayer(state, input.targets[0] ?? "");
  const armyParam = typeof input.params["army"] === "string" ? (input.params["army"] as string) : undefined;
  const armies = armyParam ? [armyParam] : commandedArmies(state, actor);
  for (const army of armies) {
    const units = state.data.units.filter(
      (u) => u.army === army && u.inTransitTo === null && target && u.location === target.location,
    );
    if (units.length > 0) return { army, ids: units.map((u) => u.id) };
  }
  return { ...(armies[0] ? { army: armies[0] } : {}), ids: [] };
}

function warrantFor(state: RState, measure: string, targetId: string) {
  return state.data.warrants.find(
    (warrant) => warrant.measure === measure && warrant.target === targetId && warrant.status === "granted",
  );
}
const needWarrant = (measure: string) => (state: RState, _a: RPlayer, input: ActionInput) =>
  warrantFor(state, measure, input.targets[0] ?? "") ? null : reject("no_warrant", "noWarrant", { measure });
const both =
  (...checks: ((state: RState, actor: RPlayer, input: ActionInput) => Rejection | null)[]) =>
  (state: RState, actor: RPlayer, input: ActionInput) => {
    for (const c of checks) {
      const r = c(state, actor, input);
      if (r) return r;
    }
    return null;
  };

function invitable(state: RState, p: RPlayer): boolean {
  return p.alive && free(p) && !p.incorporeal && !abroad(p) && !state.data.palace.includes(p.id);
}

const crownsOrItem = obj({
  crowns: z.number().optional(),
  item: z.string().optional(),
});
function stealParams(input: ActionInput): Rejection | null {
  const c = input.params["crowns"];
  const it = input.params["item"];
  if (c !== undefined && it !== undefined) return reject("steal_params", "stealParams");
  if (c !== undefined && (typeof c !== "number" || !Number.isInteger(c) || c < 1 || c > 100))
    return reject("steal_crowns", "stealCrowns");
  return null;
}

const playersOnly = (state: RState) => state.players.map((p) => p.id);

export const SPECS: Record<string, Spec> = {
  // ------------------------------------------------------------ §5.1 KSB
  ksb_check: { kind: "move", targets: "one", who: needRole("ksb_agent", "onlyKsbAgent") },
  ksb_surveil: { kind: "move", targets: "one", who: needRole("ksb_agent", "onlyKsbAgent") },
  ksb_identify: { kind: "move", targets: "one", who: needRole("ksb_agent", "onlyKsbAgent") },
  ksb_interrogate: { kind: "move", targets: "one", who: needRole("ksb_agent", "onlyKsbAgent") },
  ksb_guard: { kind: "move", targets: "one", who: needRole("ksb_agent", "onlyKsbAgent") },
  ksb_derecruit: { kind: "move", targets: "one", who: director },
  ksb_accuse: {
    kind: "move",
    targets: "one",
    params: obj({ article: z.string().default("") }),
    who: director,
  },
  ksb_release: { kind: "move", targets: "one", who: director },
  request_warrant: {
    kind: "free",
    targets: "one",
    selfOk: true,
    params: obj({ measure: z.enum(["search", "mail_check", "detain"]).default("detain") }),
    who: director,
    run(state, actor, input) {
      const measure = input.params["measure"] as "search" | "mail_check" | "detain";
      const id = `w${state.data.warrants.length + 1}`;
      const t = input.targets[0] as string;
      state.data.warrants.push({ id, measure, target: t, requester: actor.id, status: "pending" });
      emitEvent(state, "warrant_requested", { id, measure, target: t });
      sendResult(state, actor.id, "request_warrant", t, "requested", { warrant: id });
      const judge = state.players.find((p) => acts(state, p, "supreme_judge"));
      if (judge)
        notice(state, judge.id, "warrant_request", {
          warrant: id,
          measure,
          targetAppearance: playerOrThrow(state, t).currentAppearance,
        });
    },
  },
  grant_warrant: {
    kind: "free",
    targets: "one",
    selfOk: true,
    params: obj({
      measure: z.enum(["search", "mail_check", "detain"]).optional(),
      request: z.string().optional(),
    }),
    who: (state, actor, input) => {
      if (!acts(state, actor, "supreme_judge")) return reject("not_judge", "notJudge");
      return pendingWarrant(state, input) ? null : reject("no_request", "noRequest");
    },
    run: (state, _a, input) => decideWarrant(state, input, "granted"),
  },
  deny_warrant: {
    kind: "free",
    targets: "one",
    selfOk: true,
    params: obj({
      measure: z.enum(["search", "mail_check", "detain"]).optional(),
      request: z.string().optional(),
    }),
    who: (state, actor, input) => {
      if (!acts(state, actor, "supreme_judge")) return reject("not_judge", "notJudge");
      return pendingWarrant(state, input) ? null : reject("no_request", "noRequest");
    },
    run: (state, _a, input) => decideWarrant(state, input, "denied"),
  },
  ksb_search: {
    kind: "move",
    targets: "one",
    who: both(
      (_s, actor) =>
        hasRole(actor, "ksb_agent") || hasRole(actor, "expert")
          ? null
          : reject("not_searcher", "notSearcher"),
      needWarrant("search"),
    ),
  },
  ksb_mail_check: { kind: "move", targets: "one", who: both(director, needWarrant("mail_check")) },
  ksb_detain: { kind: "move", targets: "one", who: both(director, needWarrant("detain")) },
  // ------------------------------------------------------------ §5.1.1 interrogation
  ask: {
    kind: "free",
    targets: "none",
    params: obj({ text: z.string().default(""), session: z.string().optional() }),
    who: (state, actor, input) =>
      askSession(state, actor, input) ? null : reject("no_session", "noSession"),
    run(state, actor, input) {
      const session = askSession(state, actor, input);
      if (!session) return;
      const text = input.params["text"] as string;
      session.question = text;
      session.askedAt = state.data.phaseIndex;
      session.askedAtMs = state.now;
      emitPrivate(state, session.target, "relay", {
        session: session.id,
        from: actor.currentAppearance,
        text,
      });
      caseEntry(state, session.source, "ask", actor.id, session.target, "question", {
        session: session.id,
        text,
      });
    },
  },
  answer: {
    kind: "free",
    targets: "none",
    allowDetained: true,
    params: obj({ text: z.string().default(""), session: z.string().optional() }),
    who: (state, actor, input) =>
      answerSession(state, actor, input) ? null : reject("no_question", "noQuestion"),
    run(state, actor, input) {
      const session = answerSession(state, actor, input);
      if (!session) return;
      const text = input.params["text"] as string;
      const first = !session.answered;
      session.question = null;
      session.askedAt = null;
      session.answered = true;
      emitPrivate(state, session.interrogator, "relay", {
        session: session.id,
        from: actor.currentAppearance,
        text,
      });
      caseEntry(state, session.source, "answer", actor.id, session.interrogator, "answer", {
        session: session.id,
        text,
      });
      if (first && session.source === "detective")
        notice(state, session.interrogator, "character_type", { target: actor.id, type: actor.type });
    },
  },
  end_interrogation: {
    kind: "free",
    targets: "none",
    params: obj({ session: z.string().optional() }),
    who: (state, actor) =>
      state.data.sessions.some((x) => x.open && x.interrogator === actor.id)
        ? null
        : reject("no_session", "noOpenSession"),
    run(state, actor, input) {
      const id = input.params["session"];
      for (const x of state.data.sessions)
        if (x.open && x.interrogator === actor.id && (id === undefined || x.id === id)) {
          x.open = false;
          emitEvent(state, "interrogation_closed", { id: x.id });
        }
    },
  },
  // ------------------------------------------------------------ §5.2 Detective
  det_check: { kind: "move", targets: "one", who: needRole("detective", "onlyDetective") },
  det_surveil: { kind: "move", targets: "one", who: needRole("detective", "onlyDetective") },
  det_identify: { kind: "move", targets: "one", who: needRole("detective", "onlyDetective") },
  det_interrogate: { kind: "move", targets: "one", who: needRole("detective", "onlyDetective") },
  det_accuse: {
    kind: "move",
    targets: "one",
    params: obj({ article: z.string().default("") }),
    who: needRole("detective", "onlyDetective"),
  },
  // ------------------------------------------------------------ §5.4 Thief
  rob: { kind: "move", targets: "one", who: needRole("thief", "onlyThief") },
  steal: {
    kind: "move",
    targets: "one",
    params: crownsOrItem,
    who: both(needRole("thief", "onlyThief"), (_s, _a, input) => stealParams(input)),
  },
  embezzle: {
    kind: "move",
    targets: "none",
    params: obj({
      crowns: z.number().optional(),
      item: z.string().optional(),
      treasury: z.string().optional(),
    }),
    who: both(needRole("thief", "onlyThief"), (state, actor, input) =>
      isGovernmentMember(state, actor) ? stealParams(input) : reject("not_government", "notGovernment"),
    ),
  },
  // ------------------------------------------------------------ §5.5 appearances, the Order, the Director
  take_appearance: {
    kind: "move",
    targets: "param",
    param: "appearance",
    params: obj({ appearance: z.string().optional() }),
    who: both(needRole("elder_adept", "onlyElderAdept"), (state, actor, input) => {
      const ap = arg(input, "appearance");
      return ap && knownAppearances(state, actor).includes(ap)
        ? null
        : reject("unknown_appearance", "unknownAppearance");
    }),
    candidates: (state, actor) => knownAppearances(state, actor),
  },
  vote_magister: {
    kind: "free",
    targets: "one",
    selfOk: true,
    who(state, actor, input) {
      if (!hasRole(actor, "elder_adept")) return reject("not_elder", "notElder");
      if (abroad(actor)) return reject("abroad_vote", "abroadVote");
      if (!postVacant(state, "magister")) return reject("magister_held", "magisterHeld");
      const target = targetOf(state, input);
      return target.alive && hasRole(target, "elder_adept")
        ? null
        : reject("not_elder_target", "notElderTarget");
    },
    run(state, actor, input) {
      state.data.freeOrders = state.data.freeOrders.filter(
        (order) => !(order.action === "vote_magister" && order.actor === actor.id),
      );
      pushFree(state, actor, input);
    },
  },
  recruit: { kind: "move", targets: "one", who: actsPost("magister", "onlyMagister") },
  exclude_from_ozd: {
    kind: "free",
    targets: "one",
    who: both(actsPost("magister", "onlyMagister"), (state, _a, input) => {
      const target = targetOf(state, input);
      const junior = hasRole(target, "junior_adept") && target.faction === "ozd";
      if (!(junior || target.ozdChatKept) || target.ozdChatExcluded) return reject("not_junior", "notJunior");
      return null;
    }),
    run(state, _a, input) {
      const target = targetOf(state, input);
      target.ozdChatExcluded = true;
      emitEvent(state, "ozd_chat_excluded", { player: target.id });
    },
  },
  appoint_director: {
    kind: "free",
    targets: "one",
    selfOk: true,
    who(state, actor, input) {
      if (!acts(state, actor, "king") && !acts(state, actor, "president"))
        return reject("not_king_president", "notKingPresident");
      if (state.phase.kind !== "day" || state.phase.n < 2)
        return reject("too_early_director", "tooEarlyDirector");
      return hasRole(targetOf(state, input), "ksb_agent") ? null : reject("not_agent", "notAgent");
    },
    run(state, actor, input) {
      state.data.freeOrders = state.data.freeOrders.filter(
        (order) => !(order.action === "appoint_director" && order.actor === actor.id),
      );
      pushFree(state, actor, input);
    },
  },
  // ------------------------------------------------------------ §5.6 Assassin
  assassin_surveil: { kind: "move", targets: "one", who: needRole("assassin", "onlyAssassin") },
  assassin_attack: {
    kind: "move",
    targets: "one",
    params: obj({ loot: z.string().optional() }),
    who: needRole("assassin", "onlyAssassin"),
  },
  // ------------------------------------------------------------ §5.7 Rainbow Baron
  palace_invite: {
    kind: "free",
    targets: "one",
    who: both(needRole("rainbow_baron", "onlyRainbowBaron"), (state, _a, input) =>
      invitable(state, targetOf(state, input)) && !state.data.invitations.includes(targetOf(state, input).id)
        ? null
        : reject("not_invitable", "notInvitable"),
    ),
    run(state, _a, input) {
      const target = targetOf(state, input);
      state.data.invitations.push(target.id);
      notice(state, target.id, "palace_invitation", {});
    },
  },
  palace_accept: {
    kind: "free",
    targets: "none",
    who: (state, actor) =>
      state.data.invitations.includes(actor.id) && invitable(state, actor)
        ? null
        : reject("not_invited", "notInvited"),
    run(state, actor) {
      state.data.invitations = state.data.invitations.filter((x) => x !== actor.id);
      joinPalace(state, actor.id);
    },
  },
  palace_decline: {
    kind: "free",
    targets: "none",
    who: (state, actor) =>
      state.data.invitations.includes(actor.id) ? null : reject("not_invited", "notInvited"),
    run(state, actor) {
      state.data.invitations = state.data.invitations.filter((x) => x !== actor.id);
    },
  },
  palace_request: {
    kind: "free",
    targets: "none",
    who: (state, actor) =>
      invitable(state, actor) && !state.data.requests.includes(actor.id) && !hasRole(actor, "rainbow_baron")
        ? null
        : reject("not_invitable", "cannotAskPalace"),
    run(state, actor) {
      state.data.requests.push(actor.id);
      for (const b of state.players)
        if (b.alive && hasRole(b, "rainbow_baron"))
          notice(state, b.id, "palace_request", { appearance: actor.currentAppearance });
    },
  },
  palace_admit: {
    kind: "free",
    targets: "one",
    who: both(needRole("rainbow_baron", "onlyRainbowBaron"), (state, _a, input) =>
      state.data.requests.includes(targetOf(state, input).id) && invitable(state, targetOf(state, input))
        ? null
        : reject("not_requested", "notRequested"),
    ),
    run(state, _a, input) {
      const target = targetOf(state, input);
      state.data.requests = state.data.requests.filter((x) => x !== target.id);
      joinPalace(state, target.id);
    },
  },
  palace_leave: {
    kind: "free",
    targets: "none",
    who: (state, actor) =>
      state.data.palace.includes(actor.id) ? null : reject("not_in_palace", "notInPalace"),
    run: (state, actor) => palaceLeave(state, actor.id),
  },
  palace_force: { kind: "move", targets: "one", who: needRole("rainbow_baron", "onlyRainbowBaron") },
  baron_protect: {
    kind: "move",
    targets: "one",
    selfOk: true,
    who: needRole("rainbow_baron", "onlyRainbowBaron"),
  },
  baron_showdown: { kind: "move", targets: "one", who: needRole("rainbow_baron", "onlyRainbowBaron") },
  // ------------------------------------------------------------ §5.9 military
  fight: {
    kind: "move",
    targets: "param",
    param: "army",
    params: obj({ army: z.string().optional() }),
    who(state, actor, input) {
      const armies = fightArmies(state, actor);
      const army = arg(input, "army") ?? (armies.length === 1 ? armies[0] : undefined);
      if (!army) return reject("army_needed", "armyNeeded");
      return armies.includes(army) ? null : reject("not_serviceman", "notServiceman");
    },
    candidates: (state, actor) => fightArmies(state, actor),
  },
  conscript: {
    kind: "free",
    targets: "param",
    param: "army",
    params: obj({
      army: z.string().optional(),
      count: z.number().int().min(1).default(1),
      pay: z.enum(["resource", "crowns"]).default("resource"),
    }),
    army: (state, actor, input) => arg(input, "army") ?? conscriptArmies(state, actor)[0],
    who(state, actor, input) {
      const army = arg(input, "army") ?? conscriptArmies(state, actor)[0];
      if (!army || !conscriptArmies(state, actor).includes(army))
        return reject("not_commander", "notCommander");
      const count = input.params["count"] as number;
      if (input.params["pay"] === "crowns") {
        const price = state.options.squadCostCrowns;
        if (price === null) return reject("no_crowns_price", "noCrownsPrice");
        if (actor.crowns < price * count) return reject("no_crowns", "noCrowns");
      } else if (actor.resources < count) return reject("no_resources", "noResources");
      if (!unitAllowed(state, "squad", actor.location)) return reject("not_allowed_here", "notAllowedHere");
      const chat = ARMY_CHAT[army];
      const members = chat ? chatMembers(state, chat).length : 0;
      const squads = state.data.units.filter((u) => u.army === army && u.conscripted).length;
      return squads + count > members ? reject("squad_cap", "squadCap") : null;
    },
    run(state, actor, input) {
      const army = (arg(input, "army") ?? conscriptArmies(state, actor)[0]) as string;
      const count = input.params["count"] as number;
      if (input.params["pay"] === "crowns") actor.crowns -= (state.options.squadCostCrowns ?? 0) * count;
      else actor.resources -= count;
      const ids: string[] = [];
      for (let k = 0; k < count; k++)
        ids.push(
          createUnit(state, {
            army,
            type: "squad",
            owner: actor.id,
            location: actor.location,
            conscripted: true,
          }).id,
        );
      emitEvent(state, "units_created", { army, owner: actor.id, units: ids, unitType: "squad" });
    },
    candidates: (state, actor) => conscriptArmies(state, actor),
  },
  move_troops: {
    kind: "free",
    targets: "param",
    param: "to",
    params: obj({
      to: z.string().optional(),
      units: z.array(z.string()).optional(),
      count: z.number().int().min(1).optional(),
      type: z.string().optional(),
      from: z.string().optional(),
      army: z.string().optional(),
    }),
    army: (state, actor, input) => troopSelection(state, actor, input).army,
    who(state, actor, input) {
      const to = arg(input, "to");
      if (!to || !(COUNTRIES as readonly string[]).includes(to)) return reject("bad_country", "badCountry");
      const sel = troopSelection(state, actor, input);
      if (sel.ids.length === 0) return reject("no_units", "noUnits");
      const units = sel.ids.map((id) => state.data.units.find((u) => u.id === id));
      if (units.some((u) => !u)) return reject("unknown_unit", "unknownUnit");
      for (const u of units) {
        if (!u) continue;
        if (!commands(state, actor, u.army)) return reject("not_commander", "notCommanderMoves");
        if (u.inTransitTo !== null) return reject("in_transit", "inTransit");
        if (u.location === to) return reject("same_country", "sameCountry");
        if (!unitAllowed(state, u.type, to)) return reject("not_allowed_here", "notAllowedHere");
      }
      return null;
    },
    run(state, actor, input) {
      const to = arg(input, "to") as string;
      const sel = troopSelection(state, actor, input);
      const units = state.data.units.filter((u) => sel.ids.includes(u.id)).sort((x, y) => x.n - y.n);
      const from = units[0]?.location ?? "regnum";
      for (const u of units) u.inTransitTo = to;
      const ids = units.map((u) => u.id);
      emitEvent(state, "units_moved", { units: ids, from, to });
      state.data.freeOrders.push({
        seq: ++state.data.seq,
        actor: actor.id,
        action: "move_troops",
        targets: [],
        params: { units: ids, to },
        phaseIndex: state.data.phaseIndex,
      });
    },
    candidates: () => [...COUNTRIES],
  },
  units_defend: {
    kind: "free",
    targets: "one",
    selfOk: true,
    params: obj({ units: z.array(z.string()).optional(), army: z.string().optional() }),
    army: (state, actor, input) => assignedUnits(state, actor, input).army,
    who: (state, actor, input) => checkAssigned(state, actor, input),
    run: (state, actor, input) =>
      pushFree(state, actor, {
        ...input,
        params: { ...input.params, units: assignedUnits(state, actor, input).ids },
      }),
  },
  units_attack: {
    kind: "free",
    targets: "one",
    params: obj({ units: z.array(z.string()).optional(), army: z.string().optional() }),
    army: (state, actor, input) => assignedUnits(state, actor, input).army,
    who: (state, actor, input) => checkAssigned(state, actor, input),
    run: (state, actor, input) =>
      pushFree(state, actor, {
        ...input,
        params: { ...input.params, units: assignedUnits(state, actor, input).ids },
      }),
  },
  sign_peace: {
    kind: "move",
    targets: "param",
    param: "army",
    params: obj({ army: z.string().optional() }),
    army: (state, actor, input) => peaceArmy(state, actor, arg(input, "army")),
    who(state, actor, input) {
      const other = arg(input, "army");
      if (!other) return reject("army_needed", "peaceArmyNeeded");
      return peaceArmy(state, actor, other) ? null : reject("not_at_war", "notAtWar");
    },
    candidates: (state, actor) =>
      sortArmies(state.data.wars.flat()).filter((x) =>
        commandedArmies(state, actor).some((m) => atWar(state, m, x)),
      ),
  },
  desert: {
    kind: "free",
    targets: "param",
    param: "army",
    params: obj({ army: z.string().optional() }),
    who(state, actor, input) {
      if (hasRole(actor, "knight")) return reject("knight", "knight");
      const army = arg(input, "army") ?? (actor.serviceOf.length === 1 ? actor.serviceOf[0] : undefined);
      return army && actor.serviceOf.includes(army) ? null : reject("not_serviceman", "notServingHere");
    },
    run(state, actor, input) {
      const army = (arg(input, "army") ?? actor.serviceOf[0]) as string;
      actor.serviceOf = actor.serviceOf.filter((x) => x !== army);
      emitEvent(state, "deserted", { player: actor.id, army });
      const ids = state.data.units.filter((u) => u.owner === actor.id && u.army === army).map((u) => u.id);
      if (ids.length > 0) removeUnits(state, ids, "desertion");
      declareWanted(state, actor, "state");
    },
    candidates: (_s, actor) => actor.serviceOf,
  },
  // ------------------------------------------------------------ §5.10 statuses
  go_underground: {
    kind: "free",
    targets: "none",
    who: (_s, actor) => (abroad(actor) || underground(actor) ? reject("cannot_hide", "cannotHide") : null),
    run(state, actor) {
      setStatus(actor, "underground", true);
      emitEvent(state, "underground", { player: actor.id, on: true });
    },
  },
  leave_underground: {
    kind: "free",
    targets: "none",
    who: (_s, actor) => (underground(actor) ? null : reject("not_underground", "notUnderground")),
    run(state, actor) {
      setStatus(actor, "underground", false);
      emitEvent(state, "underground", { player: actor.id, on: false });
      if (actor.statuses.includes("wanted")) {
        const by = actor.wantedBy ?? "gm";
        setStatus(actor, "detained", true);
        setStatus(actor, "wanted", false);
        actor.detainedBy = by;
        actor.detainedAt = state.data.phaseIndex;
        actor.wantedBy = null;
        emitEvent(state, "detained", { player: actor.id, by });
        notice(state, actor.id, "detained", {});
      }
    },
  },
  go_abroad: {
    kind: "move",
    targets: "param",
    param: "country",
    params: obj({ country: z.string().optional() }),
    who(_s, actor, input) {
      if (abroad(actor)) return reject("already_abroad", "alreadyAbroad");
      const c = arg(input, "country");
      return c && (FOREIGN_COUNTRIES as readonly string[]).includes(c)
        ? null
        : reject("bad_country", "foreignCountryNeeded");
    },
    candidates: () => [...FOREIGN_COUNTRIES],
  },
  travel: {
    kind: "move",
    targets: "param",
    param: "country",
    params: obj({ country: z.string().optional() }),
    who(_s, actor, input) {
      if (!abroad(actor)) return reject("not_abroad", "notAbroad");
      const c = arg(input, "country");
      return c && (COUNTRIES as readonly string[]).includes(c) && c !== actor.location
        ? null
        : reject("bad_country", "otherCountryNeeded");
    },
    candidates: () => [...COUNTRIES],
  },
  // ------------------------------------------------------------ §5.11 mail
  send_letter: {
    kind: "free",
    targets: "one",
    params: obj({ text: z.string().default("") }),
    who: mailCheck,
    run: (state, actor, input) => queueMail(state, actor, input, "letter", 0, []),
  },
  send_parcel: {
    kind: "free",
    targets: "one",
    params: obj({ crowns: z.number().int().min(0).default(0), items: z.array(z.string()).default([]) }),
    who: both(mailCheck, (_s, actor, input) => {
      const c = input.params["crowns"] as number;
      const items = strList(input.params["items"]);
      if (c > actor.crowns) return reject("no_crowns", "noCrowns");
      const left = [...actor.items];
      for (const it of items) {
        const k = left.indexOf(it);
        if (k < 0) return reject("no_item", "noItem", { item: it });
        left.splice(k, 1);
      }
      return null;
    }),
    run: (state, actor, input) =>
      queueMail(
        state,
        actor,
        input,
        "parcel",
        input.params["crowns"] as number,
        strList(input.params["items"]),
      ),
  },
  transfer: {
    kind: "free",
    targets: "one",
    params: obj({ crowns: z.number().int().min(1).default(1) }),
    who: both(mailCheck, (_s, actor, input) =>
      (input.params["crowns"] as number) > actor.crowns ? reject("no_crowns", "noCrowns") : null,
    ),
    run: (state, actor, input) =>
      queueMail(state, actor, input, "transfer", input.params["crowns"] as number, []),
  },
  // ------------------------------------------------------------ §5.12 other
  advocate_release: {
    kind: "move",
    targets: "one",
    who: (_s, actor) =>
      hasRole(actor, "advocate") || hasRole(actor, "devils_advocate")
        ? null
        : reject("not_advocate", "notAdvocate"),
  },
  order: {
    kind: "move",
    targets: "none",
    params: obj({ text: z.string().default("") }),
    who: anyone,
  },
};

function actsPost(post: string, key: RegnumRejection) {
  return (state: RState, actor: RPlayer) => (acts(state, actor, post) ? null : reject(`not_${post}`, key));
}

function peaceArmy(state: RState, actor: RPlayer, other: string | undefined): string | undefined {
  if (!other) return undefined;
  return commandedArmies(state, actor).find((m) => atWar(state, m, other));
}

function checkAssigned(state: RState, actor: RPlayer, input: ActionInput): Rejection | null {
  const sel = assignedUnits(state, actor, input);
  if (sel.ids.length === 0) return reject("no_units", "noUnitsInTargetCountry");
  const target = targetOf(state, input);
  for (const id of sel.ids) {
    const u = state.data.units.find((x) => x.id === id);
    if (!u) return reject("unknown_unit", "unknownUnit");
    if (!commands(state, actor, u.army)) return reject("not_commander", "notCommanderAssigns");
    if (u.inTransitTo !== null) return reject("in_transit", "unitInTransit");
    if (u.location !== target.location) return reject("not_there", "notThere");
  }
  const taken = state.data.freeOrders.some(
    (order) =>
      (order.action === "units_defend" || order.action === "units_attack") &&
      strList(order.params["units"]).some((x) => sel.ids.includes(x)),
  );
  return taken ? reject("already_assigned", "alreadyAssigned") : null;
}

function pushFree(state: RState, actor: RPlayer, input: ActionInput): void {
  state.data.freeOrders.push({
    seq: ++state.data.seq,
    actor: actor.id,
    action: input.action,
    targets: [...input.targets],
    params: input.params,
    phaseIndex: state.data.phaseIndex,
  });
}

function joinPalace(state: RState, id: PlayerId): void {
  if (state.data.palace.includes(id)) return;
  state.data.palace.push(id);
  state.data.requests = state.data.requests.filter((x) => x !== id);
  emitEvent(state, "palace_joined", { player: id });
}
export { joinPalace };

export function declareWanted(state: RState, p: RPlayer, by: string): void {
  const was = p.statuses.includes("wanted");
  setStatus(p, "wanted", true);
  p.wantedBy = by;
  if (!was) {
    emitEvent(state, "wanted", { player: p.id, by });
    emitPublic(state, "wanted", { appearance: p.currentAppearance });
    notice(state, p.id, "wanted", {});
  }
}

function mailCheck(state: RState, actor: RPlayer): Rejection | null {
  if (underground(actor)) return reject("underground_mail", "undergroundMail");
  if (inEnemyCountry(state, actor)) return reject("enemy_mail", "enemyMail");
  return null;
}

function queueMail(
  state: RState,
  actor: RPlayer,
  input: ActionInput,
  kind: "letter" | "parcel" | "transfer",
  crowns: number,
  items: string[],
): void {
  actor.crowns -= crowns;
  for (const it of items) {
    const k = actor.items.indexOf(it);
    if (k >= 0) actor.items.splice(k, 1);
  }
  state.data.mail.push({
    from: actor.id,
    to: input.targets[0] as string,
    kind,
    text: typeof input.params["text"] === "string" ? input.params["text"] : "",
    crowns,
    items,
    phase: `${state.phase.kind} ${state.phase.n}`,
    status: "pending",
  });
}

function pendingWarrant(state: RState, input: ActionInput) {
  const req = input.params["request"];
  const measure = input.params["measure"];
  return state.data.warrants.find(
    (warrant) =>
      warrant.status === "pending" &&
      (typeof req === "string"
        ? warrant.id === req
        : warrant.target === input.targets[0] && (measure === undefined || warrant.measure === measure)),
  );
}
export function decideWarrant(state: RState, input: ActionInput, status: "granted" | "denied"): void {
  const warrant = pendingWarrant(state, input);
  if (!warrant) return;
  warrant.status = status;
  emitEvent(state, status === "granted" ? "warrant_granted" : "warrant_denied", { id: warrant.id });
  if (warrant.requester)
    notice(state, warrant.requester, status === "granted" ? "warrant_granted" : "warrant_denied", {
      warrant: warrant.id,
      measure: warrant.measure,
    });
}

function askSession(state: RState, actor: RPlayer, input: ActionInput) {
  const id = input.params["session"];
  return state.data.sessions.find(
    (x) => x.open && x.interrogator === actor.id && x.question === null && (id === undefined || x.id === id),
  );
}
function answerSession(state: RState, actor: RPlayer, input: ActionInput) {
  const id = input.params["session"];
  return state.data.sessions.find(
    (x) => x.open && x.target === actor.id && x.question !== null && (id === undefined || x.id === id),
  );
}

// ---------------------------------------------------------------- generic validation

export function validateOn(state: RState, input: ActionInput): Rejection | null {
  const spec = SPECS[input.action];
  if (!spec) return reject("unknown_action", "unknownAction", { action: input.action });
  const actor = findPlayer(state, input.actor);
  if (!actor) return reject("unknown_player", "unknownPlayer");
  if (!actor.alive) return reject("dead_actor", "deadActor");
  if (!free(actor) && !spec.allowDetained)
    return reject("detained_actor", detained(actor) ? "detainedActor" : "neutralizedActor");
  // targets
  if (spec.targets === "one") {
    if (input.targets.length !== 1) return reject("one_target", "oneTarget");
    const target = findPlayer(state, input.targets[0] as string);
    if (!target) return reject("unknown_target", "unknownTargetId", { target: input.targets[0] ?? "" });
    if (target.id === actor.id && !spec.selfOk && spec.kind === "move")
      return reject("self_target", "selfTarget");
    if (target.id === actor.id && !spec.selfOk && spec.kind === "free")
      return reject("self_target", "selfTarget");
  } else if (spec.targets === "none") {
    if (input.targets.length > 0 && input.action !== "order") return reject("no_targets", "noTargets");
    if (input.action === "order" && input.targets.some((t) => !findPlayer(state, t)))
      return reject("unknown_target", "unknownTarget");
  } else if (input.targets.length > 1) return reject("one_target", "atMostOneTarget");
  // power functions (§5.13, R18)
  if (POWER_FUNCTIONS.includes(input.action)) {
    if (abroad(actor)) return reject("power_abroad", "powerAbroad");
    if (underground(actor)) {
      const army = spec.army?.(state, actor, input);
      const chat = army ? ARMY_CHAT[army] : undefined;
      const exempt =
        COMMAND_ORDERS.includes(input.action) && chat !== undefined && isUndergroundChat(state, chat);
      if (!exempt) return reject("power_underground", "powerUnderground");
    }
  }
  const who = spec.who(state, actor, input);
  if (who) return who;
  // orchium costs (§3.4)
  const cost = ORCHIUM_COST[input.action] ?? 0;
  if (cost > 0) {
    const mine = state.data.orders.filter((order) => order.actor === actor.id);
    const replaced = mine.length >= state.options.movesPerPhase ? mine[0] : undefined;
    const committed = mine
      .filter((order) => order !== replaced)
      .reduce((sum, order) => sum + (ORCHIUM_COST[order.action] ?? 0), 0);
    if (actor.orchium < cost + committed) return reject("no_orchium", "noOrchium");
  }
  return null;
}

export function applyAction(state: RState, input: ActionInput): void {
  const spec = SPECS[input.action];
  if (!spec) return;
  const actor = playerOrThrow(state, input.actor);
  if (spec.kind === "move") {
    const mine = state.data.orders.filter((order) => order.actor === actor.id);
    if (mine.length >= state.options.movesPerPhase && mine[0]) {
      const old = mine[0];
      state.data.orders = state.data.orders.filter((order) => order !== old);
      emitEvent(state, "order_replaced", { actor: actor.id, action: old.action });
    }
    state.data.orders.push({
      seq: ++state.data.seq,
      actor: actor.id,
      action: input.action,
      targets: [...input.targets],
      params: input.params,
      phaseIndex: state.data.phaseIndex,
    });
  } else {
    spec.run?.(state, actor, input);
  }
  reconcile(state);
}

export function actionDefinitions(): Record<string, ActionDefinition<RState>> {
  const out: Record<string, ActionDefinition<RState>> = {};
  for (const [id, spec] of Object.entries(SPECS)) {
    out[id] = {
      params: spec.params ?? none,
      validate: (state, input) => {
        const startedState = started(state);
        return validateOn(startedState, normalize(startedState, input));
      },
      apply: (state, input) => {
        ensureStarted(state);
        applyAction(state, normalize(state, input));
      },
    };
  }
  return out;
}

export function candidateTargets(state: RState, action: string, actor: RPlayer): string[] {
  const spec = SPECS[action];
  if (!spec) return [];
  if (spec.candidates) return spec.candidates(state, actor);
  return playersOnly(state);
}

export { access as accessOf, commanderOf as commanderOfArmy };
