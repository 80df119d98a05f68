import type { ResolutionStep } from "../../engine/ruleset.js";
import { emitEvent, emitPrivate, emitPublic, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import type { Json, JsonObject, PlayerId } from "../../engine/types.js";
import {
  ARMY_CHAT,
  COUNTRIES,
  FOREIGN_ARMIES,
  sortArmies,
  type Order,
  type RPlayer,
  type RState,
  type Unit,
} from "./state.js";
import {
  abroad,
  access,
  actingHolder,
  acts,
  atWar,
  border,
  caseEntry,
  commanderOf,
  dead,
  detained,
  free,
  friendlyTo,
  hasRole,
  hostileTo,
  inEnemyCountry,
  isGovernmentMember,
  learn,
  neutralized,
  notice,
  present,
  reconcile,
  relation,
  removeUnits,
  sendResult,
  setStatus,
  underground,
  unitAllowed,
} from "./logic.js";
import { ORCHIUM_COST, declareWanted, joinPalace } from "./actions.js";
import { assignPost, kill, palaceLeave, treasury } from "./death.js";
import { baseStrength, battleComponents, fightSides } from "./battles.js";
import { advancePhase, ensureStarted } from "./phase.js";

/** The resolution at the deadline (§3.5), one named step per item, in the rules file's order. */

const live = (state: RState) =>
  state.data.orders.filter((order) => !state.data.scratch.cancelled.includes(order.seq));
const ordersOf = (state: RState, ...actions: string[]) =>
  live(state).filter((order) => actions.includes(order.action));
const freeOf = (state: RState, ...actions: string[]) =>
  state.data.freeOrders.filter(
    (order) => actions.includes(order.action) && !state.data.scratch.cancelled.includes(order.seq),
  );
const targetOf = (state: RState, order: Order) => findPlayer(state, order.targets[0] ?? "");
const cancel = (state: RState, order: Order) => state.data.scratch.cancelled.push(order.seq);

type Column = "info" | "check" | "detain" | "personal" | "remote";

/** Target status effects (§5.14), rows in their precedence order; null = normal. */
export function statusGate(actor: RPlayer, target: RPlayer, col: Column): string | null {
  if (dead(target)) return "failed";
  if (abroad(actor) && target.location !== actor.location && col !== "check" && col !== "remote")
    return "failed";
  if (abroad(target)) {
    if (col === "info") return "hidden";
    if (col === "check") return "suspicious";
    if (col === "detain") return "abroad";
    if (col === "personal") return actor.location === target.location ? null : "failed";
    return null;
  }
  if (underground(target)) {
    if (col === "info") return "hidden";
    if (col === "check") return "suspicious";
    if (col === "detain") return "wanted";
    return null;
  }
  if (detained(target) && col === "detain") return "already";
  return null;
}

export function suspicious(target: RPlayer): boolean {
  return (
    target.faction === "ozd" ||
    hasRole(target, "assassin") ||
    hasRole(target, "rainbow_baron") ||
    underground(target) ||
    abroad(target)
  );
}

/** The target's move this phase, as surveillance sees it. */
function observedMove(state: RState, target: RPlayer): Json {
  if (detained(target)) return null;
  const o = live(state).find((x) => x.actor === target.id);
  if (!o) return null;
  return {
    action: o.action,
    targets: o.targets.map((id) => findPlayer(state, id)?.currentAppearance ?? id),
  };
}

function stealthAvoids(state: RState, target: RPlayer): boolean {
  if (!hasRole(target, "assassin") || target.stealthUsed || !target.alive) return false;
  target.stealthUsed = true;
  notice(state, target.id, "danger_avoided", {});
  emitEvent(state, "danger_avoided", { player: target.id });
  return true;
}

// ---------------------------------------------------------------- steps

function step1Cancel(state: RState): void {
  ensureStarted(state);
  const scratch = state.data.scratch;
  for (const override of state.data.overrides) {
    if (override.kind === "cancel_order" || override.kind === "force_result") {
      const actor = override.params["actor"];
      const mine = state.data.orders.filter((order) => order.actor === actor);
      for (const order of mine) cancel(state, order);
      for (const order of state.data.freeOrders.filter((x) => x.actor === actor)) cancel(state, order);
      if (override.kind === "force_result" && typeof actor === "string" && findPlayer(state, actor)) {
        scratch.forced.push(actor);
        const o = mine[0];
        sendResult(
          state,
          actor,
          o?.action ?? "order",
          o?.targets[0] && findPlayer(state, o.targets[0]) ? (o.targets[0] as string) : null,
          typeof override.params["result"] === "string" ? (override.params["result"] as string) : "done",
          {},
          typeof override.params["text"] === "string" ? (override.params["text"] as string) : undefined,
        );
      }
    }
    if (override.kind === "protect")
      for (const t of override.params["targets"] as string[]) scratch.protectedTargets.push(t);
  }
  const unable = (id: PlayerId) => {
    const p = findPlayer(state, id);
    return !p || !free(p);
  };
  for (const order of [...state.data.orders, ...state.data.freeOrders])
    if (unable(order.actor) && !scratch.cancelled.includes(order.seq)) cancel(state, order);
  for (const order of live(state)) {
    const cost = ORCHIUM_COST[order.action] ?? 0;
    if (cost === 0) continue;
    const actor = playerOrThrow(state, order.actor);
    if (actor.orchium < cost) {
      cancel(state, order);
      sendResult(state, actor.id, order.action, order.targets[0] ?? null, "no_orchium");
      continue;
    }
    actor.orchium -= cost;
  }
}

function step2Mail(state: RState): void {
  for (const m of state.data.mail) {
    if (m.status !== "pending") continue;
    const to = playerOrThrow(state, m.to);
    const lost = dead(to) || underground(to) || inEnemyCountry(state, to);
    m.status = lost ? "lost" : "delivered";
    if (lost) {
      emitEvent(state, "mail_lost", { from: m.from, to: m.to, kind: m.kind });
      continue;
    }
    to.crowns += m.crowns;
    to.items.push(...m.items);
    const from = playerOrThrow(state, m.from);
    learn(to, from.currentAppearance);
    emitEvent(state, "mail_delivered", { from: m.from, to: m.to, kind: m.kind });
    emitPrivate(state, m.to, "relay", {
      session: null,
      from: from.currentAppearance,
      text: m.text,
      mail: m.kind,
      crowns: m.crowns,
      items: [...m.items],
    });
  }
}

function step3Appointments(state: RState): void {
  // appoint_director (R14)
  const votes = freeOf(state, "appoint_director");
  if (votes.length > 0) {
    const able = state.players.filter(
      (p) =>
        (acts(state, p, "king") || acts(state, p, "president")) && free(p) && !underground(p) && !abroad(p),
    );
    const choices = able.map((p) => votes.filter((v) => v.actor === p.id).pop()?.targets[0]);
    const first = choices[0];
    if (able.length > 0 && first !== undefined && choices.every((c) => c === first)) {
      const target = playerOrThrow(state, first);
      if (!target.posts.includes("director") || !acts(state, target, "director")) {
        assignPost(state, target.id, "director");
        emitEvent(state, "director_appointed", { player: target.id });
        emitPublic(state, "director_appointed", { appearance: target.currentAppearance });
      }
    }
  }
  // Magister election (§5.5)
  if (!actingHolder(state, "magister")) {
    const ballots = freeOf(state, "vote_magister");
    if (ballots.length > 0) {
      const tally = new Map<string, number>();
      for (const b of ballots) {
        const t = b.targets[0] as string;
        tally.set(t, (tally.get(t) ?? 0) + 1);
      }
      const best = Math.max(...tally.values());
      const top = [...tally.entries()].filter(([, n]) => n === best).map(([id]) => id);
      if (top.length === 1) elect(state, top[0] as string);
      else emitEvent(state, "magister_election_tied", {});
    } else if (state.phase.kind === "night" && state.phase.n === 1) {
      const elders = state.players.filter((p) => p.alive && hasRole(p, "elder_adept"));
      if (elders.length === 1 && elders[0]) elect(state, elders[0].id);
    }
  }
}
function elect(state: RState, id: PlayerId): void {
  emitEvent(state, "magister_elected", { player: id });
  assignPost(state, id, "magister");
}

function step4Peace(state: RState): void {
  const signs = ordersOf(state, "sign_peace");
  const done = new Set<string>();
  for (const order of signs) {
    const actor = playerOrThrow(state, order.actor);
    const other = (order.params["army"] as string | undefined) ?? (order.targets[0] as string);
    const mine = sortArmies(Object.keys(commanderArmies(state, actor))).find((m) => atWar(state, m, other));
    const key = [mine, other].sort().join("|");
    if (done.has(key)) continue;
    const counterpart = signs.find((x) => {
      const b = playerOrThrow(state, x.actor);
      const theirs = (x.params["army"] as string | undefined) ?? (x.targets[0] as string);
      return (
        x !== order &&
        mine !== undefined &&
        theirs === mine &&
        commanderOf(state, other)?.id === b.id &&
        b.location === actor.location
      );
    });
    if (mine && counterpart) {
      done.add(key);
      state.data.wars = state.data.wars.filter(
        ([x, y]) => !((x === mine && y === other) || (x === other && y === mine)),
      );
      const armies = sortArmies([mine, other]);
      emitEvent(state, "peace_signed", { armies });
      emitPublic(state, "peace_signed", { a: armies[0] as string, b: armies[1] as string });
      sendResult(state, order.actor, "sign_peace", null, "ok");
      sendResult(state, counterpart.actor, "sign_peace", null, "ok");
    }
  }
  for (const order of signs) {
    const actor = playerOrThrow(state, order.actor);
    const other = (order.params["army"] as string | undefined) ?? (order.targets[0] as string);
    const mine = sortArmies(Object.keys(commanderArmies(state, actor))).find((m) => atWar(state, m, other));
    if (mine && atWar(state, mine, other)) sendResult(state, order.actor, "sign_peace", null, "failed");
  }
}
function commanderArmies(state: RState, actor: RPlayer): Record<string, true> {
  const out: Record<string, true> = {};
  for (const army of [
    "royal",
    "parliament",
    "inquisition",
    "aik",
    "ksb",
    "ozd",
    "darkness",
    ...FOREIGN_ARMIES,
  ])
    if (commanderOf(state, army)?.id === actor.id) out[army] = true;
  return out;
}

function step5Units(state: RState): void {
  for (const order of ordersOf(state, "fight")) {
    const actor = playerOrThrow(state, order.actor);
    const army =
      (order.params["army"] as string | undefined) ?? order.targets[0] ?? fightDefault(state, actor);
    if (army) state.data.scratch.fighting.push(`${actor.id}:${army}`);
  }
}
function fightDefault(state: RState, actor: RPlayer): string | undefined {
  const all = sortArmies([...actor.serviceOf, ...Object.keys(commanderArmies(state, actor))]);
  return all[0];
}

function identify(state: RState, actor: RPlayer, target: RPlayer): { result: string; data: JsonObject } {
  if (dead(target)) {
    const rec = target.deathRecord;
    if (!rec || rec.location !== actor.location) return { result: "failed", data: {} };
    if (rec.body === "unidentifiable") return { result: "unidentifiable", data: {} };
    if (rec.body === "unavailable") return { result: "unavailable", data: {} };
    return { result: "ok", data: { appearance: rec.appearance } };
  }
  const gate = statusGate(actor, target, "personal");
  if (gate) return { result: gate, data: {} };
  if (!detained(target)) return { result: "invalid", data: {} };
  return { result: "ok", data: { appearance: target.currentAppearance } };
}

function step6Information(state: RState): void {
  const INFO = [
    "ksb_check",
    "det_check",
    "ksb_surveil",
    "det_surveil",
    "assassin_surveil",
    "ksb_guard",
    "ksb_identify",
    "det_identify",
    "ksb_search",
    "ksb_mail_check",
    "ksb_interrogate",
    "det_interrogate",
  ];
  const orders = ordersOf(state, ...INFO, "ksb_accuse", "det_accuse");
  // surveillance outcomes first (det_surveil watchers need all of them)
  const surveilResult = new Map<number, string | null>();
  for (const order of orders) {
    if (!["ksb_surveil", "det_surveil", "assassin_surveil"].includes(order.action)) continue;
    const target = targetOf(state, order);
    if (target) surveilResult.set(order.seq, statusGate(playerOrThrow(state, order.actor), target, "info"));
  }
  const searchDone = new Set<string>();
  for (const order of orders) {
    const actor = playerOrThrow(state, order.actor);
    const target = targetOf(state, order);
    if (!target) continue;
    const source = order.action.startsWith("det_") ? "detective" : "ksb";
    const toCase = order.action !== "assassin_surveil";
    const out = (result: string, data: JsonObject = {}) => {
      sendResult(state, actor.id, order.action, target.id, result, data);
      if (toCase) caseEntry(state, source, order.action, actor.id, target.id, result, data);
    };
    switch (order.action) {
      case "ksb_check":
      case "det_check": {
        if (dead(target)) out("failed");
        else
          out(statusGate(actor, target, "check") ?? (suspicious(target) ? "suspicious" : "not_suspicious"));
        break;
      }
      case "ksb_surveil":
      case "assassin_surveil":
      case "det_surveil":
      case "ksb_guard": {
        const gate =
          order.action === "ksb_guard"
            ? statusGate(actor, target, "info")
            : (surveilResult.get(order.seq) ?? null);
        if (gate) {
          out(gate);
          break;
        }
        const data: JsonObject = { move: observedMove(state, target) };
        if (order.action === "ksb_surveil" || order.action === "assassin_surveil")
          data["appearance"] = target.currentAppearance;
        if (order.action === "det_surveil") {
          data["watchers"] = orders
            .filter(
              (x) =>
                x.seq !== order.seq &&
                x.targets[0] === target.id &&
                surveilResult.get(x.seq) === null &&
                x.actor !== actor.id,
            )
            .map((x) => playerOrThrow(state, x.actor).currentAppearance);
        }
        if (order.action === "ksb_guard")
          state.data.scratch.guards.push({ guard: actor.id, target: target.id });
        out("ok", data);
        break;
      }
      case "ksb_identify":
      case "det_identify": {
        const r = identify(state, actor, target);
        out(r.result, r.data);
        break;
      }
      case "ksb_search": {
        const gate = statusGate(actor, target, "info");
        if (gate) {
          out(gate);
          break;
        }
        const group = orders.filter((x) => x.action === "ksb_search" && x.targets[0] === target.id);
        const agent = group.some((x) => hasRole(playerOrThrow(state, x.actor), "ksb_agent"));
        const expert = group.some((x) => hasRole(playerOrThrow(state, x.actor), "expert"));
        if (!agent || !expert) {
          out("incomplete");
          break;
        }
        out("ok", {
          apparent: target.currentAppearance,
          true: target.appearance,
          roles: [target.role, ...target.roles],
          inventory: {
            crowns: target.crowns,
            items: [...target.items],
            orchium: target.orchium,
            resources: target.resources,
          },
        });
        if (!searchDone.has(target.id)) {
          searchDone.add(target.id);
          notice(state, target.id, "searched", {});
          const warrant = state.data.warrants.find(
            (x) => x.measure === "search" && x.target === target.id && x.status === "granted",
          );
          if (warrant) warrant.status = "used";
        }
        break;
      }
      case "ksb_mail_check": {
        if (dead(target)) {
          out("failed");
          break;
        }
        const mail = state.data.mail
          .filter((m) => m.from === target.id || m.to === target.id)
          .map((m) => ({
            from: m.from,
            to: m.to,
            kind: m.kind,
            text: m.text,
            crowns: m.crowns,
            items: m.items,
            phase: m.phase,
          }));
        out("ok", { mail });
        const warrant = state.data.warrants.find(
          (x) => x.measure === "mail_check" && x.target === target.id && x.status === "granted",
        );
        if (warrant) warrant.status = "used";
        break;
      }
      case "ksb_interrogate":
      case "det_interrogate": {
        const gate = statusGate(actor, target, "info");
        if (gate) {
          out(gate);
          break;
        }
        const id = `i${state.data.sessions.length + 1}`;
        state.data.sessions.push({
          id,
          source: source as "ksb" | "detective",
          interrogator: actor.id,
          target: target.id,
          question: null,
          askedAt: null,
          answered: false,
          open: true,
        });
        emitEvent(state, "interrogation_opened", { id, interrogator: actor.id, target: target.id });
        notice(state, target.id, "summons", { session: id, from: actor.currentAppearance });
        out(
          "opened",
          order.action === "det_interrogate"
            ? { session: id, apparent: target.currentAppearance, true: target.appearance }
            : { session: id },
        );
        if (order.action === "det_interrogate") learn(actor, target.appearance);
        break;
      }
      case "ksb_accuse":
      case "det_accuse": {
        if (dead(target)) {
          out("failed");
          break;
        }
        const article = typeof order.params["article"] === "string" ? order.params["article"] : "";
        out("done", { article });
        emitEvent(state, "accusation", { by: actor.id, target: target.id, article });
        emitPublic(state, "accusation", { appearance: target.currentAppearance, article });
        break;
      }
    }
  }
}

/** Engaged units (§6.3) assigned by the given free orders; existing, not in transit, allowed, fighting owners. */
function engaged(state: RState, order: Order): Unit[] {
  const ids = (order.params["units"] as string[] | undefined) ?? [];
  const target = targetOf(state, order);
  return state.data.units.filter(
    (u) =>
      ids.includes(u.id) &&
      u.inTransitTo === null &&
      unitAllowed(state, u.type, u.location) &&
      target !== undefined &&
      u.location === target.location &&
      unitWorks(state, u),
  );
}
function unitWorks(state: RState, u: Unit): boolean {
  const owner = u.owner ? findPlayer(state, u.owner) : undefined;
  return (
    owner !== undefined &&
    !neutralized(owner) &&
    state.data.scratch.fighting.includes(`${owner.id}:${u.army}`)
  );
}
function defenders(state: RState, target: RPlayer): Unit[] {
  const out: Unit[] = [];
  for (const order of freeOf(state, "units_defend"))
    if (order.targets[0] === target.id) out.push(...engaged(state, order));
  return out.filter((u, i) => out.indexOf(u) === i && state.data.units.includes(u));
}

function step7Protections(state: RState): void {
  for (const order of ordersOf(state, "baron_protect")) {
    state.data.scratch.protectedTargets.push(order.targets[0] as string);
    sendResult(state, order.actor, "baron_protect", order.targets[0] ?? null, "ok");
  }
}

function step8Detentions(state: RState): void {
  const before = new Set(state.players.filter((p) => detained(p)).map((p) => p.id));
  for (const order of ordersOf(state, "ksb_detain", "ksb_release", "advocate_release").sort(
    (a, b) => a.seq - b.seq,
  )) {
    const actor = playerOrThrow(state, order.actor);
    if (!free(actor)) continue;
    const target = targetOf(state, order);
    if (!target) continue;
    if (order.action === "ksb_detain") {
      let r = statusGate(actor, target, "detain");
      if (r === "wanted") declareWanted(state, target, "ksb");
      if (!r && defenders(state, target).length > 0) {
        r = "protected";
        declareWanted(state, target, "ksb");
      }
      if (!r && detained(target)) r = "already";
      if (!r && stealthAvoids(state, target)) r = "avoided";
      if (!r) {
        r = "detained";
        setStatus(target, "detained", true);
        setStatus(target, "wanted", false);
        target.detainedBy = "ksb";
        target.detainedAt = state.data.phaseIndex;
        target.wantedBy = null;
        emitEvent(state, "detained", { player: target.id, by: "ksb" });
        notice(state, target.id, "detained", {});
        const warrant = state.data.warrants.find(
          (x) => x.measure === "detain" && x.target === target.id && x.status === "granted",
        );
        if (warrant) warrant.status = "used";
      }
      sendResult(state, actor.id, order.action, target.id, r);
      caseEntry(state, "ksb", order.action, actor.id, target.id, r);
    } else if (order.action === "ksb_release") {
      if (detained(target) && target.detainedBy === "ksb" && target.alive) {
        release(state, target, "ksb", false);
        sendResult(state, actor.id, order.action, target.id, "released");
      } else sendResult(state, actor.id, order.action, target.id, "failed");
      caseEntry(state, "ksb", order.action, actor.id, target.id, detained(target) ? "failed" : "released");
    } else {
      if (!detained(target) || !target.alive) sendResult(state, actor.id, order.action, target.id, "failed");
      else if (state.data.phaseIndex - (target.detainedAt ?? 0) >= 2 * state.options.advocateReleaseSutki) {
        release(state, target, "advocate", true);
        sendResult(state, actor.id, order.action, target.id, "released");
      } else sendResult(state, actor.id, order.action, target.id, "too_early");
    }
  }
  // later-step orders of characters detained here are cancelled
  for (const order of [...state.data.orders, ...state.data.freeOrders]) {
    const p = findPlayer(state, order.actor);
    if (p && detained(p) && !before.has(p.id) && !state.data.scratch.cancelled.includes(order.seq))
      cancel(state, order);
  }
}

export function release(state: RState, target: RPlayer, by: string, wanted: boolean): void {
  setStatus(target, "detained", false);
  target.detainedBy = null;
  target.detainedAt = null;
  emitEvent(state, "released", { player: target.id, by, wanted });
  notice(state, target.id, "released", {});
  if (wanted) declareWanted(state, target, by === "advocate" ? "state" : by);
  else {
    setStatus(target, "wanted", false);
    target.wantedBy = null;
  }
}

function step9Recruitment(state: RState): void {
  for (const order of ordersOf(state, "recruit", "ksb_derecruit")) {
    const actor = playerOrThrow(state, order.actor);
    const target = targetOf(state, order);
    if (!target || !free(actor)) continue;
    if (order.action === "recruit") {
      const gate = statusGate(actor, target, "personal");
      if (gate || target.faction === "ozd") {
        sendResult(state, actor.id, order.action, target.id, gate ?? "failed");
        continue;
      }
      target.previousFaction = target.faction;
      target.faction = "ozd";
      if (target.role !== "junior_adept" && !target.roles.includes("junior_adept"))
        target.roles.push("junior_adept");
      setStatus(target, "recruited", true);
      target.ozdChatKept = false;
      notice(state, target.id, "recruited", {});
      emitEvent(state, "recruited", { player: target.id });
      sendResult(state, actor.id, order.action, target.id, "ok");
    } else {
      const gate = statusGate(actor, target, "info");
      if (gate) {
        sendResult(state, actor.id, order.action, target.id, gate);
        caseEntry(state, "ksb", order.action, actor.id, target.id, gate);
        continue;
      }
      if (hasRole(target, "junior_adept") && target.faction === "ozd") {
        const faction = target.previousFaction ?? "citizens";
        target.faction = faction;
        if (faction === "ksb") target.ksbPeriods += 1;
        if (target.role === "junior_adept")
          target.role = target.roles.find((r) => r !== "junior_adept") ?? "citizen";
        target.roles = target.roles.filter((r) => r !== "junior_adept" && r !== target.role);
        setStatus(target, "recruited", false);
        target.ozdChatKept = true;
        notice(state, target.id, "derecruited", {});
        emitEvent(state, "derecruited", { player: target.id, faction });
      }
      sendResult(state, actor.id, order.action, target.id, "done", {}, "Развербовка проведена.");
      caseEntry(state, "ksb", order.action, actor.id, target.id, "done");
    }
  }
}

function takeGoods(
  state: RState,
  order: Order,
  from: { crowns: number; items: string[] },
  thief: RPlayer,
): { crowns?: number; item?: string | null } {
  const item = order.params["item"];
  if (typeof item === "string") {
    const k = from.items.indexOf(item);
    if (k < 0) return { item: null };
    from.items.splice(k, 1);
    thief.items.push(item);
    return { item };
  }
  const want = typeof order.params["crowns"] === "number" ? order.params["crowns"] : 100;
  const got = Math.min(want, from.crowns);
  from.crowns -= got;
  thief.crowns += got;
  return { crowns: got };
}

function step10Theft(state: RState): void {
  for (const order of ordersOf(state, "rob", "steal", "embezzle")) {
    const actor = playerOrThrow(state, order.actor);
    if (!free(actor)) continue;
    if (order.action === "embezzle") {
      const gov = isGovernmentMember(state, actor);
      const tid =
        typeof order.params["treasury"] === "string"
          ? order.params["treasury"]
          : (gov ?? state.options.defaultTreasury);
      const got = takeGoods(state, order, treasury(state, tid), actor);
      emitEvent(state, "embezzled", { thief: actor.id, treasury: tid });
      sendResult(state, actor.id, order.action, null, "ok", got as JsonObject);
      continue;
    }
    const target = targetOf(state, order);
    if (!target) continue;
    const gate = statusGate(actor, target, "personal");
    if (gate) {
      sendResult(state, actor.id, order.action, target.id, gate);
      continue;
    }
    if (order.action === "rob") {
      if (acts(state, target, "king")) {
        sendResult(state, actor.id, order.action, target.id, "failed");
        continue;
      }
      const taken = {
        crowns: target.crowns,
        items: [...target.items],
        orchium: target.orchium,
        resources: target.resources,
      };
      actor.crowns += target.crowns;
      actor.items.push(...target.items);
      actor.orchium += target.orchium;
      actor.resources += target.resources;
      target.crowns = 0;
      target.items = [];
      target.orchium = 0;
      target.resources = 0;
      notice(state, target.id, "robbed", { by: actor.currentAppearance });
      learn(target, actor.currentAppearance);
      emitEvent(state, "robbed", { thief: actor.id, target: target.id });
      sendResult(state, actor.id, order.action, target.id, "ok", taken);
    } else {
      const got = takeGoods(state, order, target, actor);
      emitEvent(state, "stolen", { thief: actor.id, target: target.id, ...(got as JsonObject) });
      sendResult(state, actor.id, order.action, target.id, "ok", got as JsonObject);
    }
  }
}

function step11Palace(state: RState): void {
  for (const order of ordersOf(state, "palace_force")) {
    const target = targetOf(state, order);
    if (!target) continue;
    const ok =
      target.alive &&
      free(target) &&
      !target.incorporeal &&
      !abroad(target) &&
      !state.data.palace.includes(target.id);
    if (ok) {
      joinPalace(state, target.id);
      notice(state, target.id, "palace_joined", {});
    }
    sendResult(state, order.actor, order.action, target.id, ok ? "ok" : "failed");
  }
}

/** One attack on T (§5.8). Returns whether T died of it. */
function attack(state: RState, order: Order, kind: "assassin" | "units" | "showdown"): boolean {
  const actor = playerOrThrow(state, order.actor);
  const target = targetOf(state, order);
  if (!target || dead(target)) return false;
  const cause = kind === "assassin" ? "assassin" : kind === "showdown" ? "showdown" : "units";
  const killer = actor.id;
  const loot = typeof order.params["loot"] === "string" ? order.params["loot"] : null;
  if (kind !== "showdown") {
    if (state.data.scratch.protectedTargets.includes(target.id)) {
      emitEvent(state, "attack_blocked", { player: target.id, by: "protection" });
      return false;
    }
    if (kind === "units") {
      const attackers = engaged(state, order);
      if (attackers.length === 0) return false;
      const defs = defenders(state, target);
      if (defs.length > 0) {
        const [ra, rd] = fightSides(attackers, defs, battleCtx(state, target.location));
        removeUnits(state, [...ra.destroyed, ...rd.destroyed], "defense");
        if (rd.remaining > 0 || ra.remaining === 0) {
          emitEvent(state, "attack_blocked", { player: target.id, by: "units" });
          return false;
        }
      }
    } else {
      const defs = defenders(state, target);
      if (defs.length > 0) {
        const weakest = [...defs].sort((x, y) => baseStrength(x) - baseStrength(y) || y.n - x.n)[0] as Unit;
        removeUnits(state, [weakest.id], "defense");
        emitEvent(state, "attack_blocked", { player: target.id, by: "units" });
        return false;
      }
    }
    const guard = state.data.scratch.guards.find((g) => {
      const gp = findPlayer(state, g.guard);
      return g.target === target.id && gp !== undefined && gp.alive && gp.location === target.location;
    });
    if (guard) {
      emitEvent(state, "guard_intercepted", { guard: guard.guard, target: target.id });
      kill(state, guard.guard, cause, { killer });
      return false;
    }
  }
  if (stealthAvoids(state, target)) return false;
  kill(state, target.id, cause, { killer, loot });
  return true;
}

function battleCtx(state: RState, country: string) {
  return {
    winterNorth:
      state.options.season === "winter" && (state.options.countryFront[country] ?? "home") === "north",
    rule: state.options.battleLossRule,
  };
}

function step12Killing(state: RState): void {
  const orders = [
    ...ordersOf(state, "baron_showdown", "assassin_attack"),
    ...freeOf(state, "units_attack"),
  ].sort((a, b) => a.seq - b.seq);
  for (const order of orders) {
    const actor = findPlayer(state, order.actor);
    if (!actor || !free(actor)) continue;
    if (order.action === "units_attack") {
      const commander = actor;
      const ok = attack(state, order, "units");
      sendResult(state, commander.id, order.action, order.targets[0] ?? null, ok ? "ok" : "failed");
    } else {
      const ok = attack(state, order, order.action === "baron_showdown" ? "showdown" : "assassin");
      sendResult(state, actor.id, order.action, order.targets[0] ?? null, ok ? "ok" : "failed");
    }
  }
}

/** Active units of a country (§6.3). */
export function activeUnits(state: RState, country: string): Unit[] {
  const assigned = new Set<string>();
  for (const order of freeOf(state, "units_defend", "units_attack"))
    for (const id of (order.params["units"] as string[] | undefined) ?? []) assigned.add(id);
  return state.data.units.filter(
    (u) =>
      u.location === country &&
      u.inTransitTo === null &&
      unitAllowed(state, u.type, country) &&
      !assigned.has(u.id) &&
      unitWorks(state, u),
  );
}

function step13Battles(state: RState): void {
  for (const country of COUNTRIES) {
    const ov = state.data.overrides.filter((x) => x.params["country"] === country);
    if (ov.some((x) => x.kind === "no_battle")) continue;
    const forced = ov.find((x) => x.kind === "battle_result");
    if (forced) {
      const ids = ((forced.params["destroy"] as string[] | undefined) ?? []).filter((id) =>
        state.data.units.some((u) => u.id === id),
      );
      removeUnits(state, ids, "battle");
      emitEvent(state, "battle", { country, sides: [], gm: true, destroyed: ids });
      continue;
    }
    const units = activeUnits(state, country);
    const armies = sortArmies(units.map((u) => u.army));
    const { battles, needsGm } = battleComponents(armies, (a, b) => atWar(state, a, b));
    for (const comp of needsGm) emitEvent(state, "battle_needs_gm", { country, armies: comp });
    for (const [sa, sb] of battles) {
      const ua = units.filter((u) => sa.includes(u.army));
      const ub = units.filter((u) => sb.includes(u.army));
      const [ra, rb] = fightSides(ua, ub, battleCtx(state, country));
      const sides = [ra, rb].map((r) => ({ ...r }));
      emitEvent(state, "battle", { country, sides: sides as unknown as Json });
      const destroyed = [...ra.destroyed, ...rb.destroyed];
      const losses = [...sa, ...sb].map((army) => ({
        army,
        n: units.filter((u) => u.army === army && destroyed.includes(u.id)).length,
      }));
      removeUnits(state, destroyed, "battle");
      emitPublic(state, "battle", { country, losses });
    }
  }
}

function step14Capture(state: RState): void {
  for (const country of COUNTRIES) {
    const ov = state.data.overrides.filter((x) => x.params["country"] === country);
    if (ov.some((x) => x.kind === "no_capture")) continue;
    const forced = ov.find((x) => x.kind === "capture");
    let winner: string | undefined =
      typeof forced?.params["army"] === "string" ? (forced.params["army"] as string) : undefined;
    if (!winner) {
      const present = state.data.units.filter((u) => u.location === country && u.inTransitTo === null);
      const armies = sortArmies(present.map((u) => u.army));
      const hostile = armies.filter((a) => hostileTo(state, a, country));
      if (hostile.length === 0 || armies.some((a) => friendlyTo(state, a, country))) continue;
      const strength = (army: string) =>
        present.filter((u) => u.army === army).reduce((sum, u) => sum + baseStrength(u), 0);
      winner = [...hostile].sort((a, b) => strength(b) - strength(a))[0];
    }
    if (!winner) continue;
    capture(state, country, winner);
  }
}

export function capture(state: RState, country: string, army: string): void {
  state.data.ownForces[country] = [army];
  const commander = commanderOf(state, army);
  emitEvent(state, "country_captured", { country, army, commander: commander?.id ?? null });
  emitPublic(state, "captured", { country, army });
  if (commander) {
    if (country === "regnum")
      for (const p of ["king", "pope", "president"]) assignPost(state, commander.id, p);
    else assignPost(state, commander.id, `ruler_${country}`);
  }
  if (country === "regnum") {
    state.data.ksbDefeat = true;
    emitEvent(state, "ksb_defeat", {});
  }
}

function step15SquadCap(state: RState): void {
  for (const army of ["royal", "parliament", "inquisition", "aik", "ksb", "ozd", "darkness"]) {
    const q = state.data.units.filter((u) => u.army === army && u.conscripted).sort((a, b) => a.n - b.n);
    const chat = ARMY_CHAT[army] ?? army;
    const m = state.players.filter((p) => access(state, p, chat) === "member").length;
    if (q.length > m) {
      const gone = q.slice(q.length - (q.length - m)).map((u) => u.id);
      state.data.units = state.data.units.filter((u) => !gone.includes(u.id));
      emitEvent(state, "units_deserted", { army, units: gone, count: gone.length });
    }
  }
}

function step16Travel(state: RState): void {
  for (const order of ordersOf(state, "go_abroad", "travel")) {
    const actor = playerOrThrow(state, order.actor);
    if (!free(actor)) continue;
    const to = (order.params["country"] as string | undefined) ?? (order.targets[0] as string);
    const from = actor.location;
    let fail: string | null = null;
    if (border(state, from, to) !== "open") fail = "Граница закрыта.";
    else if (to !== "regnum" && relation(state, from, to) !== "allied" && !actor.visas.includes(to))
      fail = "Нет союза или визы.";
    if (fail) {
      emitEvent(state, "travel_failed", { player: actor.id });
      sendResult(state, actor.id, order.action, null, "failed", { country: to }, fail);
      continue;
    }
    actor.location = to;
    if (underground(actor)) {
      setStatus(actor, "underground", false);
      emitEvent(state, "underground", { player: actor.id, on: false });
    }
    if (to === "regnum") emitEvent(state, "returned", { player: actor.id });
    else {
      emitEvent(state, "abroad", { player: actor.id, country: to });
      palaceLeave(state, actor.id);
    }
    sendResult(state, actor.id, order.action, null, "ok", { country: to });
  }
  for (const order of state.data.freeOrders.filter((x) => x.action === "move_troops")) {
    const ids = (order.params["units"] as string[] | undefined) ?? [];
    const to = order.params["to"] as string;
    const arrived: string[] = [];
    for (const u of state.data.units)
      if (ids.includes(u.id) && u.inTransitTo === to) {
        u.location = to;
        u.inTransitTo = null;
        arrived.push(u.id);
      }
    emitEvent(state, "units_arrived", { units: arrived, country: to });
  }
}

function step17Appearance(state: RState): void {
  for (const order of ordersOf(state, "take_appearance")) {
    const actor = playerOrThrow(state, order.actor);
    if (!free(actor)) continue;
    const ap = (order.params["appearance"] as string | undefined) ?? (order.targets[0] as string);
    actor.currentAppearance = ap;
    emitEvent(state, "appearance_changed", { player: actor.id, appearance: ap });
    sendResult(state, actor.id, order.action, null, "ok", { appearance: ap });
  }
}

export function doublesOccupancy(state: RState): void {
  for (const owner of state.players) {
    const A = owner.appearance;
    const current = state.data.occupant[A] ?? null;
    const doubles = state.players.filter((d) => d.id !== owner.id && d.currentAppearance === A);
    const displaced = owner.currentAppearance !== A || !present(owner);
    const mayReturn =
      !displaced && doubles.filter((d) => d.difficulty > owner.difficulty).every((d) => !present(d));
    const presentDoubles = doubles.filter((d) => present(d));
    const best = [...presentDoubles].sort((x, y) => x.difficulty - y.difficulty || x.seat - y.seat)[0];
    let next: PlayerId | null;
    if (current === owner.id) next = displaced ? (best?.id ?? null) : owner.id;
    else if (mayReturn) next = owner.id;
    else if (current !== null && presentDoubles.some((d) => d.id === current)) next = current;
    else next = best?.id ?? null;
    if (next === current) continue;
    state.data.occupant[A] = next;
    if (next === null) emitEvent(state, "place_vacated", { place: A, owner: owner.id });
    else if (next === owner.id) emitEvent(state, "double_returned", { place: A, owner: owner.id });
    else emitEvent(state, "double_replaced", { place: A, owner: owner.id, by: next });
  }
}

function step19Windows(state: RState): void {
  for (const x of state.data.sessions) {
    if (!x.open || x.question === null || x.askedAt === null) continue;
    // A live game measures the window in real hours (a worker timer, `regnumTimers`).
    if (x.askedAtMs !== undefined && x.askedAtMs !== null) continue;
    if (state.data.phaseIndex < x.askedAt + 1) continue;
    recordEvasion(state, x);
  }
}

/** An unanswered question whose window ran out: an evasion in the case file (§5.1.1). */
export function recordEvasion(state: RState, x: RState["data"]["sessions"][number]): void {
  emitEvent(state, "evasion", { id: x.id });
  caseEntry(state, x.source, "evasion", x.target, x.interrogator, "evasion", { session: x.id });
  x.question = null;
  x.askedAt = null;
  x.askedAtMs = null;
  if (x.source === "detective") {
    x.open = false;
    emitEvent(state, "interrogation_closed", { id: x.id });
  }
}

/** §3.2: each pending question of a live game expires `answerWindowHours` real hours after it was asked. */
export function regnumTimers(state: RState): { key: string; at: number }[] {
  return state.data.sessions
    .filter((x) => x.open && x.question !== null && typeof x.askedAtMs === "number")
    .map((x) => ({ key: x.id, at: (x.askedAtMs as number) + state.options.answerWindowHours * 3_600_000 }));
}

function step20Chats(state: RState): void {
  reconcile(state);
  for (const order of live(state).filter((x) => x.action === "order")) {
    if (state.data.scratch.forced.includes(order.actor)) continue;
    state.data.pending.push({
      actor: order.actor,
      targets: order.targets,
      text: typeof order.params["text"] === "string" ? order.params["text"] : "",
      phase: `${state.phase.kind} ${state.phase.n}`,
    });
    emitEvent(state, "order_pending", { actor: order.actor });
  }
}

function nextPhase(state: RState): void {
  if (state.ended) return;
  advancePhase(state);
}

export const resolution: readonly ResolutionStep<RState>[] = [
  { name: "1. cancel orders of unable actors; pay orchium", run: step1Cancel },
  { name: "2. mail delivery", run: step2Mail },
  { name: "3. appointments: Director, Magister", run: step3Appointments },
  { name: "4. peace treaties", run: step4Peace },
  { name: "5. unit activity fixed", run: step5Units },
  { name: "6. information moves and case file", run: step6Information },
  { name: "7. protections", run: step7Protections },
  { name: "8. detentions and releases", run: step8Detentions },
  { name: "9. recruitment and de-recruitment", run: step9Recruitment },
  { name: "10. robbery, theft, embezzlement", run: step10Theft },
  { name: "11. forced palace invitations", run: step11Palace },
  { name: "12. killing orders", run: step12Killing },
  { name: "13. battles", run: step13Battles },
  { name: "14. capture", run: step14Capture },
  { name: "15. squad cap", run: step15SquadCap },
  { name: "16. travel and troop arrivals", run: step16Travel },
  { name: "17. appearance changes", run: step17Appearance },
  { name: "18. doubles occupancy", run: doublesOccupancy },
  { name: "19. interrogation windows", run: step19Windows },
  { name: "20. chat access reconciliation", run: step20Chats },
  { name: "next phase", run: nextPhase },
];
