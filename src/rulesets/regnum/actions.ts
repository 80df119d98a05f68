import { z } from "zod";
import type { ActionDefinition } from "../../engine/ruleset.js";
import { emitEvent, emitPrivate, emitPublic } from "../../engine/helpers.js";
import type { ActionInput, JsonObject, PlayerId, Rejection } from "../../engine/types.js";
import { type RegnumRejection, reject } from "./rejections.js";
import { ARMY_CHAT, COUNTRIES, FOREIGN_COUNTRIES, sortArmies, type RPlayer, type RState } from "./state.js";
import {
  P,
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
  must,
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
  who(s: RState, actor: RPlayer, input: ActionInput): Rejection | null;
  /** Free actions: the immediate effect. */
  run?(s: RState, actor: RPlayer, input: ActionInput): void;
  /** The army a command order is about (R18 exception). */
  army?(s: RState, actor: RPlayer, input: ActionInput): string | undefined;
  /** Candidate targets for availableActions (default: every player). */
  candidates?(s: RState, actor: RPlayer): string[];
}

export function resolveTarget(s: RState, t: string): string {
  if (!t.startsWith("@")) return t;
  const a = t.slice(1);
  return s.data.occupant[a] ?? s.players.find((p) => p.appearance === a)?.id ?? t;
}
export function normalize(s: RState, input: ActionInput): ActionInput {
  return { ...input, targets: input.targets.map((t) => resolveTarget(s, t)) };
}
/** A param given directly or as the single target. */
export function arg(input: ActionInput, name: string): string | undefined {
  const v = input.params[name];
  if (typeof v === "string") return v;
  return input.targets[0];
}
const target = (s: RState, input: ActionInput) => P(s, input.targets[0] ?? "") as RPlayer;

const needRole = (role: string, key: RegnumRejection) => (_s: RState, a: RPlayer) =>
  hasRole(a, role) ? null : reject("not_" + role, key);
const director = (s: RState, a: RPlayer) =>
  directorFunctions(s, a) ? null : reject("not_director", "notDirector");
const anyone = () => null;

function commandedArmies(s: RState, a: RPlayer): string[] {
  return sortArmies(Object.keys(ARMY_CHAT).concat(["norsland", "orientem", "britonia"])).filter((army) =>
    commands(s, a, army),
  );
}
function conscriptArmies(s: RState, a: RPlayer): string[] {
  const out = commandedArmies(s, a).filter((x) => !isForeignArmy(x));
  if (acts(s, a, "defence_minister_royal")) out.push("royal");
  if (acts(s, a, "defence_minister_parliament")) out.push("parliament");
  return sortArmies(out);
}
function fightArmies(s: RState, a: RPlayer): string[] {
  const out = [...a.serviceOf, ...commandedArmies(s, a)];
  if (acts(s, a, "defence_minister_royal")) out.push("royal");
  if (acts(s, a, "defence_minister_parliament")) out.push("parliament");
  return sortArmies(out);
}
const strList = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** Units selected by move_troops (§5.9): `units`, or `count` (+ `type`, `from`), default all movable. */
export function troopSelection(s: RState, a: RPlayer, input: ActionInput): { army?: string; ids: string[] } {
  const to = arg(input, "to");
  const armyParam = typeof input.params["army"] === "string" ? (input.params["army"] as string) : undefined;
  const ids = strList(input.params["units"]);
  if (ids.length > 0) {
    const units = s.data.units.filter((u) => ids.includes(u.id));
    return { ...(units[0] ? { army: units[0].army } : {}), ids };
  }
  const army = armyParam ?? commandedArmies(s, a)[0];
  if (!army) return { ids: [] };
  const type = typeof input.params["type"] === "string" ? input.params["type"] : undefined;
  const from = typeof input.params["from"] === "string" ? input.params["from"] : undefined;
  let units = s.data.units.filter(
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
export function assignedUnits(s: RState, a: RPlayer, input: ActionInput): { army?: string; ids: string[] } {
  const ids = strList(input.params["units"]);
  if (ids.length > 0) {
    const first = s.data.units.find((u) => u.id === ids[0]);
    return { ...(first ? { army: first.army } : {}), ids };
  }
  const t = P(s, input.targets[0] ?? "");
  const armyParam = typeof input.params["army"] === "string" ? (input.params["army"] as string) : undefined;
  const armies = armyParam ? [armyParam] : commandedArmies(s, a);
  for (const army of armies) {
    const units = s.data.units.filter(
      (u) => u.army === army && u.inTransitTo === null && t && u.location === t.location,
    );
    if (units.length > 0) return { army, ids: units.map((u) => u.id) };
  }
  return { ...(armies[0] ? { army: armies[0] } : {}), ids: [] };
}

function warrantFor(s: RState, measure: string, targetId: string) {
  return s.data.warrants.find(
    (w) => w.measure === measure && w.target === targetId && w.status === "granted",
  );
}
const needWarrant = (measure: string) => (s: RState, _a: RPlayer, input: ActionInput) =>
  warrantFor(s, measure, input.targets[0] ?? "") ? null : reject("no_warrant", "noWarrant", { measure });
const both =
  (...checks: ((s: RState, a: RPlayer, i: ActionInput) => Rejection | null)[]) =>
  (s: RState, a: RPlayer, i: ActionInput) => {
    for (const c of checks) {
      const r = c(s, a, i);
      if (r) return r;
    }
    return null;
  };

function invitable(s: RState, p: RPlayer): boolean {
  return p.alive && free(p) && !p.incorporeal && !abroad(p) && !s.data.palace.includes(p.id);
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

const playersOnly = (s: RState) => s.players.map((p) => p.id);

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
    run(s, a, input) {
      const measure = input.params["measure"] as "search" | "mail_check" | "detain";
      const id = `w${s.data.warrants.length + 1}`;
      const t = input.targets[0] as string;
      s.data.warrants.push({ id, measure, target: t, requester: a.id, status: "pending" });
      emitEvent(s, "warrant_requested", { id, measure, target: t });
      sendResult(s, a.id, "request_warrant", t, "requested", { warrant: id });
      const judge = s.players.find((p) => acts(s, p, "supreme_judge"));
      if (judge)
        notice(s, judge.id, "warrant_request", {
          warrant: id,
          measure,
          targetAppearance: must(s, t).currentAppearance,
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
    who: (s, a, input) => {
      if (!acts(s, a, "supreme_judge")) return reject("not_judge", "notJudge");
      return pendingWarrant(s, input) ? null : reject("no_request", "noRequest");
    },
    run: (s, _a, input) => decideWarrant(s, input, "granted"),
  },
  deny_warrant: {
    kind: "free",
    targets: "one",
    selfOk: true,
    params: obj({
      measure: z.enum(["search", "mail_check", "detain"]).optional(),
      request: z.string().optional(),
    }),
    who: (s, a, input) => {
      if (!acts(s, a, "supreme_judge")) return reject("not_judge", "notJudge");
      return pendingWarrant(s, input) ? null : reject("no_request", "noRequest");
    },
    run: (s, _a, input) => decideWarrant(s, input, "denied"),
  },
  ksb_search: {
    kind: "move",
    targets: "one",
    who: both(
      (_s, a) =>
        hasRole(a, "ksb_agent") || hasRole(a, "expert") ? null : reject("not_searcher", "notSearcher"),
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
    who: (s, a, input) => (askSession(s, a, input) ? null : reject("no_session", "noSession")),
    run(s, a, input) {
      const session = askSession(s, a, input);
      if (!session) return;
      const text = input.params["text"] as string;
      session.question = text;
      session.askedAt = s.data.phaseIndex;
      session.askedAtMs = s.now;
      emitPrivate(s, session.target, "relay", { session: session.id, from: a.currentAppearance, text });
      caseEntry(s, session.source, "ask", a.id, session.target, "question", { session: session.id, text });
    },
  },
  answer: {
    kind: "free",
    targets: "none",
    allowDetained: true,
    params: obj({ text: z.string().default(""), session: z.string().optional() }),
    who: (s, a, input) => (answerSession(s, a, input) ? null : reject("no_question", "noQuestion")),
    run(s, a, input) {
      const session = answerSession(s, a, input);
      if (!session) return;
      const text = input.params["text"] as string;
      const first = !session.answered;
      session.question = null;
      session.askedAt = null;
      session.answered = true;
      emitPrivate(s, session.interrogator, "relay", { session: session.id, from: a.currentAppearance, text });
      caseEntry(s, session.source, "answer", a.id, session.interrogator, "answer", {
        session: session.id,
        text,
      });
      if (first && session.source === "detective")
        notice(s, session.interrogator, "character_type", { target: a.id, type: a.type });
    },
  },
  end_interrogation: {
    kind: "free",
    targets: "none",
    params: obj({ session: z.string().optional() }),
    who: (s, a) =>
      s.data.sessions.some((x) => x.open && x.interrogator === a.id)
        ? null
        : reject("no_session", "noOpenSession"),
    run(s, a, input) {
      const id = input.params["session"];
      for (const x of s.data.sessions)
        if (x.open && x.interrogator === a.id && (id === undefined || x.id === id)) {
          x.open = false;
          emitEvent(s, "interrogation_closed", { id: x.id });
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
    who: both(needRole("thief", "onlyThief"), (_s, _a, i) => stealParams(i)),
  },
  embezzle: {
    kind: "move",
    targets: "none",
    params: obj({
      crowns: z.number().optional(),
      item: z.string().optional(),
      treasury: z.string().optional(),
    }),
    who: both(needRole("thief", "onlyThief"), (s, a, i) =>
      isGovernmentMember(s, a) ? stealParams(i) : reject("not_government", "notGovernment"),
    ),
  },
  // ------------------------------------------------------------ §5.5 appearances, the Order, the Director
  take_appearance: {
    kind: "move",
    targets: "param",
    param: "appearance",
    params: obj({ appearance: z.string().optional() }),
    who: both(needRole("elder_adept", "onlyElderAdept"), (s, a, i) => {
      const ap = arg(i, "appearance");
      return ap && knownAppearances(s, a).includes(ap)
        ? null
        : reject("unknown_appearance", "unknownAppearance");
    }),
    candidates: (s, a) => knownAppearances(s, a),
  },
  vote_magister: {
    kind: "free",
    targets: "one",
    selfOk: true,
    who(s, a, input) {
      if (!hasRole(a, "elder_adept")) return reject("not_elder", "notElder");
      if (abroad(a)) return reject("abroad_vote", "abroadVote");
      if (!postVacant(s, "magister")) return reject("magister_held", "magisterHeld");
      const t = target(s, input);
      return t.alive && hasRole(t, "elder_adept") ? null : reject("not_elder_target", "notElderTarget");
    },
    run(s, a, input) {
      s.data.freeOrders = s.data.freeOrders.filter(
        (o) => !(o.action === "vote_magister" && o.actor === a.id),
      );
      pushFree(s, a, input);
    },
  },
  recruit: { kind: "move", targets: "one", who: actsPost("magister", "onlyMagister") },
  exclude_from_ozd: {
    kind: "free",
    targets: "one",
    who: both(actsPost("magister", "onlyMagister"), (s, _a, i) => {
      const t = target(s, i);
      const junior = hasRole(t, "junior_adept") && t.faction === "ozd";
      if (!(junior || t.ozdChatKept) || t.ozdChatExcluded) return reject("not_junior", "notJunior");
      return null;
    }),
    run(s, _a, input) {
      const t = target(s, input);
      t.ozdChatExcluded = true;
      emitEvent(s, "ozd_chat_excluded", { player: t.id });
    },
  },
  appoint_director: {
    kind: "free",
    targets: "one",
    selfOk: true,
    who(s, a, input) {
      if (!acts(s, a, "king") && !acts(s, a, "president"))
        return reject("not_king_president", "notKingPresident");
      if (s.phase.kind !== "day" || s.phase.n < 2) return reject("too_early_director", "tooEarlyDirector");
      return hasRole(target(s, input), "ksb_agent") ? null : reject("not_agent", "notAgent");
    },
    run(s, a, input) {
      s.data.freeOrders = s.data.freeOrders.filter(
        (o) => !(o.action === "appoint_director" && o.actor === a.id),
      );
      pushFree(s, a, input);
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
    who: both(needRole("rainbow_baron", "onlyRainbowBaron"), (s, _a, i) =>
      invitable(s, target(s, i)) && !s.data.invitations.includes(target(s, i).id)
        ? null
        : reject("not_invitable", "notInvitable"),
    ),
    run(s, _a, input) {
      const t = target(s, input);
      s.data.invitations.push(t.id);
      notice(s, t.id, "palace_invitation", {});
    },
  },
  palace_accept: {
    kind: "free",
    targets: "none",
    who: (s, a) =>
      s.data.invitations.includes(a.id) && invitable(s, a) ? null : reject("not_invited", "notInvited"),
    run(s, a) {
      s.data.invitations = s.data.invitations.filter((x) => x !== a.id);
      joinPalace(s, a.id);
    },
  },
  palace_decline: {
    kind: "free",
    targets: "none",
    who: (s, a) => (s.data.invitations.includes(a.id) ? null : reject("not_invited", "notInvited")),
    run(s, a) {
      s.data.invitations = s.data.invitations.filter((x) => x !== a.id);
    },
  },
  palace_request: {
    kind: "free",
    targets: "none",
    who: (s, a) =>
      invitable(s, a) && !s.data.requests.includes(a.id) && !hasRole(a, "rainbow_baron")
        ? null
        : reject("not_invitable", "cannotAskPalace"),
    run(s, a) {
      s.data.requests.push(a.id);
      for (const b of s.players)
        if (b.alive && hasRole(b, "rainbow_baron"))
          notice(s, b.id, "palace_request", { appearance: a.currentAppearance });
    },
  },
  palace_admit: {
    kind: "free",
    targets: "one",
    who: both(needRole("rainbow_baron", "onlyRainbowBaron"), (s, _a, i) =>
      s.data.requests.includes(target(s, i).id) && invitable(s, target(s, i))
        ? null
        : reject("not_requested", "notRequested"),
    ),
    run(s, _a, input) {
      const t = target(s, input);
      s.data.requests = s.data.requests.filter((x) => x !== t.id);
      joinPalace(s, t.id);
    },
  },
  palace_leave: {
    kind: "free",
    targets: "none",
    who: (s, a) => (s.data.palace.includes(a.id) ? null : reject("not_in_palace", "notInPalace")),
    run: (s, a) => palaceLeave(s, a.id),
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
    who(s, a, input) {
      const armies = fightArmies(s, a);
      const army = arg(input, "army") ?? (armies.length === 1 ? armies[0] : undefined);
      if (!army) return reject("army_needed", "armyNeeded");
      return armies.includes(army) ? null : reject("not_serviceman", "notServiceman");
    },
    candidates: (s, a) => fightArmies(s, a),
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
    army: (s, a, i) => arg(i, "army") ?? conscriptArmies(s, a)[0],
    who(s, a, input) {
      const army = arg(input, "army") ?? conscriptArmies(s, a)[0];
      if (!army || !conscriptArmies(s, a).includes(army)) return reject("not_commander", "notCommander");
      const count = input.params["count"] as number;
      if (input.params["pay"] === "crowns") {
        const price = s.options.squadCostCrowns;
        if (price === null) return reject("no_crowns_price", "noCrownsPrice");
        if (a.crowns < price * count) return reject("no_crowns", "noCrowns");
      } else if (a.resources < count) return reject("no_resources", "noResources");
      if (!unitAllowed(s, "squad", a.location)) return reject("not_allowed_here", "notAllowedHere");
      const chat = ARMY_CHAT[army];
      const members = chat ? chatMembers(s, chat).length : 0;
      const squads = s.data.units.filter((u) => u.army === army && u.conscripted).length;
      return squads + count > members ? reject("squad_cap", "squadCap") : null;
    },
    run(s, a, input) {
      const army = (arg(input, "army") ?? conscriptArmies(s, a)[0]) as string;
      const count = input.params["count"] as number;
      if (input.params["pay"] === "crowns") a.crowns -= (s.options.squadCostCrowns ?? 0) * count;
      else a.resources -= count;
      const ids: string[] = [];
      for (let k = 0; k < count; k++)
        ids.push(
          createUnit(s, { army, type: "squad", owner: a.id, location: a.location, conscripted: true }).id,
        );
      emitEvent(s, "units_created", { army, owner: a.id, units: ids, unitType: "squad" });
    },
    candidates: (s, a) => conscriptArmies(s, a),
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
    army: (s, a, i) => troopSelection(s, a, i).army,
    who(s, a, input) {
      const to = arg(input, "to");
      if (!to || !(COUNTRIES as readonly string[]).includes(to)) return reject("bad_country", "badCountry");
      const sel = troopSelection(s, a, input);
      if (sel.ids.length === 0) return reject("no_units", "noUnits");
      const units = sel.ids.map((id) => s.data.units.find((u) => u.id === id));
      if (units.some((u) => !u)) return reject("unknown_unit", "unknownUnit");
      for (const u of units) {
        if (!u) continue;
        if (!commands(s, a, u.army)) return reject("not_commander", "notCommanderMoves");
        if (u.inTransitTo !== null) return reject("in_transit", "inTransit");
        if (u.location === to) return reject("same_country", "sameCountry");
        if (!unitAllowed(s, u.type, to)) return reject("not_allowed_here", "notAllowedHere");
      }
      return null;
    },
    run(s, a, input) {
      const to = arg(input, "to") as string;
      const sel = troopSelection(s, a, input);
      const units = s.data.units.filter((u) => sel.ids.includes(u.id)).sort((x, y) => x.n - y.n);
      const from = units[0]?.location ?? "regnum";
      for (const u of units) u.inTransitTo = to;
      const ids = units.map((u) => u.id);
      emitEvent(s, "units_moved", { units: ids, from, to });
      s.data.freeOrders.push({
        seq: ++s.data.seq,
        actor: a.id,
        action: "move_troops",
        targets: [],
        params: { units: ids, to },
        phaseIndex: s.data.phaseIndex,
      });
    },
    candidates: () => [...COUNTRIES],
  },
  units_defend: {
    kind: "free",
    targets: "one",
    selfOk: true,
    params: obj({ units: z.array(z.string()).optional(), army: z.string().optional() }),
    army: (s, a, i) => assignedUnits(s, a, i).army,
    who: (s, a, i) => checkAssigned(s, a, i),
    run: (s, a, input) =>
      pushFree(s, a, { ...input, params: { ...input.params, units: assignedUnits(s, a, input).ids } }),
  },
  units_attack: {
    kind: "free",
    targets: "one",
    params: obj({ units: z.array(z.string()).optional(), army: z.string().optional() }),
    army: (s, a, i) => assignedUnits(s, a, i).army,
    who: (s, a, i) => checkAssigned(s, a, i),
    run: (s, a, input) =>
      pushFree(s, a, { ...input, params: { ...input.params, units: assignedUnits(s, a, input).ids } }),
  },
  sign_peace: {
    kind: "move",
    targets: "param",
    param: "army",
    params: obj({ army: z.string().optional() }),
    army: (s, a, i) => peaceArmy(s, a, arg(i, "army")),
    who(s, a, input) {
      const other = arg(input, "army");
      if (!other) return reject("army_needed", "peaceArmyNeeded");
      return peaceArmy(s, a, other) ? null : reject("not_at_war", "notAtWar");
    },
    candidates: (s, a) =>
      sortArmies(s.data.wars.flat()).filter((x) => commandedArmies(s, a).some((m) => atWar(s, m, x))),
  },
  desert: {
    kind: "free",
    targets: "param",
    param: "army",
    params: obj({ army: z.string().optional() }),
    who(s, a, input) {
      if (hasRole(a, "knight")) return reject("knight", "knight");
      const army = arg(input, "army") ?? (a.serviceOf.length === 1 ? a.serviceOf[0] : undefined);
      return army && a.serviceOf.includes(army) ? null : reject("not_serviceman", "notServingHere");
    },
    run(s, a, input) {
      const army = (arg(input, "army") ?? a.serviceOf[0]) as string;
      a.serviceOf = a.serviceOf.filter((x) => x !== army);
      emitEvent(s, "deserted", { player: a.id, army });
      const ids = s.data.units.filter((u) => u.owner === a.id && u.army === army).map((u) => u.id);
      if (ids.length > 0) removeUnits(s, ids, "desertion");
      declareWanted(s, a, "state");
    },
    candidates: (_s, a) => a.serviceOf,
  },
  // ------------------------------------------------------------ §5.10 statuses
  go_underground: {
    kind: "free",
    targets: "none",
    who: (_s, a) => (abroad(a) || underground(a) ? reject("cannot_hide", "cannotHide") : null),
    run(s, a) {
      setStatus(a, "underground", true);
      emitEvent(s, "underground", { player: a.id, on: true });
    },
  },
  leave_underground: {
    kind: "free",
    targets: "none",
    who: (_s, a) => (underground(a) ? null : reject("not_underground", "notUnderground")),
    run(s, a) {
      setStatus(a, "underground", false);
      emitEvent(s, "underground", { player: a.id, on: false });
      if (a.statuses.includes("wanted")) {
        const by = a.wantedBy ?? "gm";
        setStatus(a, "detained", true);
        setStatus(a, "wanted", false);
        a.detainedBy = by;
        a.detainedAt = s.data.phaseIndex;
        a.wantedBy = null;
        emitEvent(s, "detained", { player: a.id, by });
        notice(s, a.id, "detained", {});
      }
    },
  },
  go_abroad: {
    kind: "move",
    targets: "param",
    param: "country",
    params: obj({ country: z.string().optional() }),
    who(_s, a, input) {
      if (abroad(a)) return reject("already_abroad", "alreadyAbroad");
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
    who(_s, a, input) {
      if (!abroad(a)) return reject("not_abroad", "notAbroad");
      const c = arg(input, "country");
      return c && (COUNTRIES as readonly string[]).includes(c) && c !== a.location
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
    run: (s, a, input) => queueMail(s, a, input, "letter", 0, []),
  },
  send_parcel: {
    kind: "free",
    targets: "one",
    params: obj({ crowns: z.number().int().min(0).default(0), items: z.array(z.string()).default([]) }),
    who: both(mailCheck, (_s, a, i) => {
      const c = i.params["crowns"] as number;
      const items = strList(i.params["items"]);
      if (c > a.crowns) return reject("no_crowns", "noCrowns");
      const left = [...a.items];
      for (const it of items) {
        const k = left.indexOf(it);
        if (k < 0) return reject("no_item", "noItem", { item: it });
        left.splice(k, 1);
      }
      return null;
    }),
    run: (s, a, input) =>
      queueMail(s, a, input, "parcel", input.params["crowns"] as number, strList(input.params["items"])),
  },
  transfer: {
    kind: "free",
    targets: "one",
    params: obj({ crowns: z.number().int().min(1).default(1) }),
    who: both(mailCheck, (_s, a, i) =>
      (i.params["crowns"] as number) > a.crowns ? reject("no_crowns", "noCrowns") : null,
    ),
    run: (s, a, input) => queueMail(s, a, input, "transfer", input.params["crowns"] as number, []),
  },
  // ------------------------------------------------------------ §5.12 other
  advocate_release: {
    kind: "move",
    targets: "one",
    who: (_s, a) =>
      hasRole(a, "advocate") || hasRole(a, "devils_advocate") ? null : reject("not_advocate", "notAdvocate"),
  },
  order: {
    kind: "move",
    targets: "none",
    params: obj({ text: z.string().default("") }),
    who: anyone,
  },
};

function actsPost(post: string, key: RegnumRejection) {
  return (s: RState, a: RPlayer) => (acts(s, a, post) ? null : reject(`not_${post}`, key));
}

function peaceArmy(s: RState, a: RPlayer, other: string | undefined): string | undefined {
  if (!other) return undefined;
  return commandedArmies(s, a).find((m) => atWar(s, m, other));
}

function checkAssigned(s: RState, a: RPlayer, input: ActionInput): Rejection | null {
  const sel = assignedUnits(s, a, input);
  if (sel.ids.length === 0) return reject("no_units", "noUnitsInTargetCountry");
  const t = target(s, input);
  for (const id of sel.ids) {
    const u = s.data.units.find((x) => x.id === id);
    if (!u) return reject("unknown_unit", "unknownUnit");
    if (!commands(s, a, u.army)) return reject("not_commander", "notCommanderAssigns");
    if (u.inTransitTo !== null) return reject("in_transit", "unitInTransit");
    if (u.location !== t.location) return reject("not_there", "notThere");
  }
  const taken = s.data.freeOrders.some(
    (o) =>
      (o.action === "units_defend" || o.action === "units_attack") &&
      strList(o.params["units"]).some((x) => sel.ids.includes(x)),
  );
  return taken ? reject("already_assigned", "alreadyAssigned") : null;
}

function pushFree(s: RState, a: RPlayer, input: ActionInput): void {
  s.data.freeOrders.push({
    seq: ++s.data.seq,
    actor: a.id,
    action: input.action,
    targets: [...input.targets],
    params: input.params,
    phaseIndex: s.data.phaseIndex,
  });
}

function joinPalace(s: RState, id: PlayerId): void {
  if (s.data.palace.includes(id)) return;
  s.data.palace.push(id);
  s.data.requests = s.data.requests.filter((x) => x !== id);
  emitEvent(s, "palace_joined", { player: id });
}
export { joinPalace };

export function declareWanted(s: RState, p: RPlayer, by: string): void {
  const was = p.statuses.includes("wanted");
  setStatus(p, "wanted", true);
  p.wantedBy = by;
  if (!was) {
    emitEvent(s, "wanted", { player: p.id, by });
    emitPublic(s, "wanted", { appearance: p.currentAppearance });
    notice(s, p.id, "wanted", {});
  }
}

function mailCheck(s: RState, a: RPlayer): Rejection | null {
  if (underground(a)) return reject("underground_mail", "undergroundMail");
  if (inEnemyCountry(s, a)) return reject("enemy_mail", "enemyMail");
  return null;
}

function queueMail(
  s: RState,
  a: RPlayer,
  input: ActionInput,
  kind: "letter" | "parcel" | "transfer",
  crowns: number,
  items: string[],
): void {
  a.crowns -= crowns;
  for (const it of items) {
    const k = a.items.indexOf(it);
    if (k >= 0) a.items.splice(k, 1);
  }
  s.data.mail.push({
    from: a.id,
    to: input.targets[0] as string,
    kind,
    text: typeof input.params["text"] === "string" ? input.params["text"] : "",
    crowns,
    items,
    phase: `${s.phase.kind} ${s.phase.n}`,
    status: "pending",
  });
}

function pendingWarrant(s: RState, input: ActionInput) {
  const req = input.params["request"];
  const measure = input.params["measure"];
  return s.data.warrants.find(
    (w) =>
      w.status === "pending" &&
      (typeof req === "string"
        ? w.id === req
        : w.target === input.targets[0] && (measure === undefined || w.measure === measure)),
  );
}
export function decideWarrant(s: RState, input: ActionInput, status: "granted" | "denied"): void {
  const w = pendingWarrant(s, input);
  if (!w) return;
  w.status = status;
  emitEvent(s, status === "granted" ? "warrant_granted" : "warrant_denied", { id: w.id });
  if (w.requester)
    notice(s, w.requester, status === "granted" ? "warrant_granted" : "warrant_denied", {
      warrant: w.id,
      measure: w.measure,
    });
}

function askSession(s: RState, a: RPlayer, input: ActionInput) {
  const id = input.params["session"];
  return s.data.sessions.find(
    (x) => x.open && x.interrogator === a.id && x.question === null && (id === undefined || x.id === id),
  );
}
function answerSession(s: RState, a: RPlayer, input: ActionInput) {
  const id = input.params["session"];
  return s.data.sessions.find(
    (x) => x.open && x.target === a.id && x.question !== null && (id === undefined || x.id === id),
  );
}

// ---------------------------------------------------------------- generic validation

export function validateOn(s: RState, input: ActionInput): Rejection | null {
  const spec = SPECS[input.action];
  if (!spec) return reject("unknown_action", "unknownAction", { action: input.action });
  const a = P(s, input.actor);
  if (!a) return reject("unknown_player", "unknownPlayer");
  if (!a.alive) return reject("dead_actor", "deadActor");
  if (!free(a) && !spec.allowDetained)
    return reject("detained_actor", detained(a) ? "detainedActor" : "neutralizedActor");
  // targets
  if (spec.targets === "one") {
    if (input.targets.length !== 1) return reject("one_target", "oneTarget");
    const t = P(s, input.targets[0] as string);
    if (!t) return reject("unknown_target", "unknownTargetId", { target: input.targets[0] ?? "" });
    if (t.id === a.id && !spec.selfOk && spec.kind === "move") return reject("self_target", "selfTarget");
    if (t.id === a.id && !spec.selfOk && spec.kind === "free") return reject("self_target", "selfTarget");
  } else if (spec.targets === "none") {
    if (input.targets.length > 0 && input.action !== "order") return reject("no_targets", "noTargets");
    if (input.action === "order" && input.targets.some((t) => !P(s, t)))
      return reject("unknown_target", "unknownTarget");
  } else if (input.targets.length > 1) return reject("one_target", "atMostOneTarget");
  // power functions (§5.13, R18)
  if (POWER_FUNCTIONS.includes(input.action)) {
    if (abroad(a)) return reject("power_abroad", "powerAbroad");
    if (underground(a)) {
      const army = spec.army?.(s, a, input);
      const chat = army ? ARMY_CHAT[army] : undefined;
      const exempt =
        COMMAND_ORDERS.includes(input.action) && chat !== undefined && isUndergroundChat(s, chat);
      if (!exempt) return reject("power_underground", "powerUnderground");
    }
  }
  const who = spec.who(s, a, input);
  if (who) return who;
  // orchium costs (§3.4)
  const cost = ORCHIUM_COST[input.action] ?? 0;
  if (cost > 0) {
    const mine = s.data.orders.filter((o) => o.actor === a.id);
    const replaced = mine.length >= s.options.movesPerPhase ? mine[0] : undefined;
    const committed = mine
      .filter((o) => o !== replaced)
      .reduce((sum, o) => sum + (ORCHIUM_COST[o.action] ?? 0), 0);
    if (a.orchium < cost + committed) return reject("no_orchium", "noOrchium");
  }
  return null;
}

export function applyAction(s: RState, input: ActionInput): void {
  const spec = SPECS[input.action];
  if (!spec) return;
  const a = must(s, input.actor);
  if (spec.kind === "move") {
    const mine = s.data.orders.filter((o) => o.actor === a.id);
    if (mine.length >= s.options.movesPerPhase && mine[0]) {
      const old = mine[0];
      s.data.orders = s.data.orders.filter((o) => o !== old);
      emitEvent(s, "order_replaced", { actor: a.id, action: old.action });
    }
    s.data.orders.push({
      seq: ++s.data.seq,
      actor: a.id,
      action: input.action,
      targets: [...input.targets],
      params: input.params,
      phaseIndex: s.data.phaseIndex,
    });
  } else {
    spec.run?.(s, a, input);
  }
  reconcile(s);
}

export function actionDefinitions(): Record<string, ActionDefinition<RState>> {
  const out: Record<string, ActionDefinition<RState>> = {};
  for (const [id, spec] of Object.entries(SPECS)) {
    out[id] = {
      params: spec.params ?? none,
      validate: (state, input) => {
        const s = started(state);
        return validateOn(s, normalize(s, input));
      },
      apply: (state, input) => {
        ensureStarted(state);
        applyAction(state, normalize(state, input));
      },
    };
  }
  return out;
}

export function candidateTargets(s: RState, action: string, actor: RPlayer): string[] {
  const spec = SPECS[action];
  if (!spec) return [];
  if (spec.candidates) return spec.candidates(s, actor);
  return playersOnly(s);
}

export { access as accessOf, commanderOf as commanderOfArmy };
