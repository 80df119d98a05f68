import type { ResolutionStep } from "../../engine/ruleset.js";
import { emitEvent, emitPrivate, emitPublic } from "../../engine/helpers.js";
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
  P,
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
  must,
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

const live = (s: RState) => s.data.orders.filter((o) => !s.data.scratch.cancelled.includes(o.seq));
const ordersOf = (s: RState, ...actions: string[]) => live(s).filter((o) => actions.includes(o.action));
const freeOf = (s: RState, ...actions: string[]) =>
  s.data.freeOrders.filter((o) => actions.includes(o.action) && !s.data.scratch.cancelled.includes(o.seq));
const tgt = (s: RState, o: Order) => P(s, o.targets[0] ?? "");
const cancel = (s: RState, o: Order) => s.data.scratch.cancelled.push(o.seq);

type Column = "info" | "check" | "detain" | "personal" | "remote";

/** Target status effects (§5.14), rows in their precedence order; null = normal. */
export function statusGate(actor: RPlayer, t: RPlayer, col: Column): string | null {
  if (dead(t)) return "failed";
  if (abroad(actor) && t.location !== actor.location && col !== "check" && col !== "remote") return "failed";
  if (abroad(t)) {
    if (col === "info") return "hidden";
    if (col === "check") return "suspicious";
    if (col === "detain") return "abroad";
    if (col === "personal") return actor.location === t.location ? null : "failed";
    return null;
  }
  if (underground(t)) {
    if (col === "info") return "hidden";
    if (col === "check") return "suspicious";
    if (col === "detain") return "wanted";
    return null;
  }
  if (detained(t) && col === "detain") return "already";
  return null;
}

export function suspicious(t: RPlayer): boolean {
  return (
    t.faction === "ozd" ||
    hasRole(t, "assassin") ||
    hasRole(t, "rainbow_baron") ||
    underground(t) ||
    abroad(t)
  );
}

/** The target's move this phase, as surveillance sees it. */
function observedMove(s: RState, t: RPlayer): Json {
  if (detained(t)) return null;
  const o = live(s).find((x) => x.actor === t.id);
  if (!o) return null;
  return {
    action: o.action,
    targets: o.targets.map((id) => P(s, id)?.currentAppearance ?? id),
  };
}

function stealthAvoids(s: RState, t: RPlayer): boolean {
  if (!hasRole(t, "assassin") || t.stealthUsed || !t.alive) return false;
  t.stealthUsed = true;
  notice(s, t.id, "danger_avoided", {});
  emitEvent(s, "danger_avoided", { player: t.id });
  return true;
}

// ---------------------------------------------------------------- steps

function step1Cancel(s: RState): void {
  ensureStarted(s);
  const sc = s.data.scratch;
  for (const ov of s.data.overrides) {
    if (ov.kind === "cancel_order" || ov.kind === "force_result") {
      const actor = ov.params["actor"];
      const mine = s.data.orders.filter((o) => o.actor === actor);
      for (const o of mine) cancel(s, o);
      for (const o of s.data.freeOrders.filter((x) => x.actor === actor)) cancel(s, o);
      if (ov.kind === "force_result" && typeof actor === "string" && P(s, actor)) {
        sc.forced.push(actor);
        const o = mine[0];
        sendResult(
          s,
          actor,
          o?.action ?? "order",
          o?.targets[0] && P(s, o.targets[0]) ? (o.targets[0] as string) : null,
          typeof ov.params["result"] === "string" ? (ov.params["result"] as string) : "done",
          {},
          typeof ov.params["text"] === "string" ? (ov.params["text"] as string) : undefined,
        );
      }
    }
    if (ov.kind === "protect") for (const t of ov.params["targets"] as string[]) sc.protectedTargets.push(t);
  }
  const unable = (id: PlayerId) => {
    const p = P(s, id);
    return !p || !free(p);
  };
  for (const o of [...s.data.orders, ...s.data.freeOrders])
    if (unable(o.actor) && !sc.cancelled.includes(o.seq)) cancel(s, o);
  for (const o of live(s)) {
    const cost = ORCHIUM_COST[o.action] ?? 0;
    if (cost === 0) continue;
    const a = must(s, o.actor);
    if (a.orchium < cost) {
      cancel(s, o);
      sendResult(s, a.id, o.action, o.targets[0] ?? null, "no_orchium");
      continue;
    }
    a.orchium -= cost;
  }
}

function step2Mail(s: RState): void {
  for (const m of s.data.mail) {
    if (m.status !== "pending") continue;
    const to = must(s, m.to);
    const lost = dead(to) || underground(to) || inEnemyCountry(s, to);
    m.status = lost ? "lost" : "delivered";
    if (lost) {
      emitEvent(s, "mail_lost", { from: m.from, to: m.to, kind: m.kind });
      continue;
    }
    to.crowns += m.crowns;
    to.items.push(...m.items);
    const from = must(s, m.from);
    learn(to, from.currentAppearance);
    emitEvent(s, "mail_delivered", { from: m.from, to: m.to, kind: m.kind });
    emitPrivate(s, m.to, "relay", {
      session: null,
      from: from.currentAppearance,
      text: m.text,
      mail: m.kind,
      crowns: m.crowns,
      items: [...m.items],
    });
  }
}

function step3Appointments(s: RState): void {
  // appoint_director (R14)
  const votes = freeOf(s, "appoint_director");
  if (votes.length > 0) {
    const able = s.players.filter(
      (p) => (acts(s, p, "king") || acts(s, p, "president")) && free(p) && !underground(p) && !abroad(p),
    );
    const choices = able.map((p) => votes.filter((v) => v.actor === p.id).pop()?.targets[0]);
    const first = choices[0];
    if (able.length > 0 && first !== undefined && choices.every((c) => c === first)) {
      const t = must(s, first);
      if (!t.posts.includes("director") || !acts(s, t, "director")) {
        assignPost(s, t.id, "director");
        emitEvent(s, "director_appointed", { player: t.id });
        emitPublic(s, "director_appointed", { appearance: t.currentAppearance });
      }
    }
  }
  // Magister election (§5.5)
  if (!actingHolder(s, "magister")) {
    const ballots = freeOf(s, "vote_magister");
    if (ballots.length > 0) {
      const tally = new Map<string, number>();
      for (const b of ballots) {
        const t = b.targets[0] as string;
        tally.set(t, (tally.get(t) ?? 0) + 1);
      }
      const best = Math.max(...tally.values());
      const top = [...tally.entries()].filter(([, n]) => n === best).map(([id]) => id);
      if (top.length === 1) elect(s, top[0] as string);
      else emitEvent(s, "magister_election_tied", {});
    } else if (s.phase.kind === "night" && s.phase.n === 1) {
      const elders = s.players.filter((p) => p.alive && hasRole(p, "elder_adept"));
      if (elders.length === 1 && elders[0]) elect(s, elders[0].id);
    }
  }
}
function elect(s: RState, id: PlayerId): void {
  emitEvent(s, "magister_elected", { player: id });
  assignPost(s, id, "magister");
}

function step4Peace(s: RState): void {
  const signs = ordersOf(s, "sign_peace");
  const done = new Set<string>();
  for (const o of signs) {
    const a = must(s, o.actor);
    const other = (o.params["army"] as string | undefined) ?? (o.targets[0] as string);
    const mine = sortArmies(Object.keys(commanderArmies(s, a))).find((m) => atWar(s, m, other));
    const key = [mine, other].sort().join("|");
    if (done.has(key)) continue;
    const counterpart = signs.find((x) => {
      const b = must(s, x.actor);
      const theirs = (x.params["army"] as string | undefined) ?? (x.targets[0] as string);
      return (
        x !== o &&
        mine !== undefined &&
        theirs === mine &&
        commanderOf(s, other)?.id === b.id &&
        b.location === a.location
      );
    });
    if (mine && counterpart) {
      done.add(key);
      s.data.wars = s.data.wars.filter(
        ([x, y]) => !((x === mine && y === other) || (x === other && y === mine)),
      );
      const armies = sortArmies([mine, other]);
      emitEvent(s, "peace_signed", { armies });
      emitPublic(s, "peace_signed", { a: armies[0] as string, b: armies[1] as string });
      sendResult(s, o.actor, "sign_peace", null, "ok");
      sendResult(s, counterpart.actor, "sign_peace", null, "ok");
    }
  }
  for (const o of signs) {
    const a = must(s, o.actor);
    const other = (o.params["army"] as string | undefined) ?? (o.targets[0] as string);
    const mine = sortArmies(Object.keys(commanderArmies(s, a))).find((m) => atWar(s, m, other));
    if (mine && atWar(s, mine, other)) sendResult(s, o.actor, "sign_peace", null, "failed");
  }
}
function commanderArmies(s: RState, a: RPlayer): Record<string, true> {
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
    if (commanderOf(s, army)?.id === a.id) out[army] = true;
  return out;
}

function step5Units(s: RState): void {
  for (const o of ordersOf(s, "fight")) {
    const a = must(s, o.actor);
    const army = (o.params["army"] as string | undefined) ?? o.targets[0] ?? fightDefault(s, a);
    if (army) s.data.scratch.fighting.push(`${a.id}:${army}`);
  }
}
function fightDefault(s: RState, a: RPlayer): string | undefined {
  const all = sortArmies([...a.serviceOf, ...Object.keys(commanderArmies(s, a))]);
  return all[0];
}

function identify(s: RState, a: RPlayer, t: RPlayer): { result: string; data: JsonObject } {
  if (dead(t)) {
    const rec = t.deathRecord;
    if (!rec || rec.location !== a.location) return { result: "failed", data: {} };
    if (rec.body === "unidentifiable") return { result: "unidentifiable", data: {} };
    if (rec.body === "unavailable") return { result: "unavailable", data: {} };
    return { result: "ok", data: { appearance: rec.appearance } };
  }
  const gate = statusGate(a, t, "personal");
  if (gate) return { result: gate, data: {} };
  if (!detained(t)) return { result: "invalid", data: {} };
  return { result: "ok", data: { appearance: t.currentAppearance } };
}

function step6Information(s: RState): void {
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
  const orders = ordersOf(s, ...INFO, "ksb_accuse", "det_accuse");
  // surveillance outcomes first (det_surveil watchers need all of them)
  const surveilResult = new Map<number, string | null>();
  for (const o of orders) {
    if (!["ksb_surveil", "det_surveil", "assassin_surveil"].includes(o.action)) continue;
    const t = tgt(s, o);
    if (t) surveilResult.set(o.seq, statusGate(must(s, o.actor), t, "info"));
  }
  const searchDone = new Set<string>();
  for (const o of orders) {
    const a = must(s, o.actor);
    const t = tgt(s, o);
    if (!t) continue;
    const source = o.action.startsWith("det_") ? "detective" : "ksb";
    const toCase = o.action !== "assassin_surveil";
    const out = (result: string, data: JsonObject = {}) => {
      sendResult(s, a.id, o.action, t.id, result, data);
      if (toCase) caseEntry(s, source, o.action, a.id, t.id, result, data);
    };
    switch (o.action) {
      case "ksb_check":
      case "det_check": {
        if (dead(t)) out("failed");
        else out(statusGate(a, t, "check") ?? (suspicious(t) ? "suspicious" : "not_suspicious"));
        break;
      }
      case "ksb_surveil":
      case "assassin_surveil":
      case "det_surveil":
      case "ksb_guard": {
        const gate = o.action === "ksb_guard" ? statusGate(a, t, "info") : (surveilResult.get(o.seq) ?? null);
        if (gate) {
          out(gate);
          break;
        }
        const data: JsonObject = { move: observedMove(s, t) };
        if (o.action === "ksb_surveil" || o.action === "assassin_surveil")
          data["appearance"] = t.currentAppearance;
        if (o.action === "det_surveil") {
          data["watchers"] = orders
            .filter(
              (x) =>
                x.seq !== o.seq &&
                x.targets[0] === t.id &&
                surveilResult.get(x.seq) === null &&
                x.actor !== a.id,
            )
            .map((x) => must(s, x.actor).currentAppearance);
        }
        if (o.action === "ksb_guard") s.data.scratch.guards.push({ guard: a.id, target: t.id });
        out("ok", data);
        break;
      }
      case "ksb_identify":
      case "det_identify": {
        const r = identify(s, a, t);
        out(r.result, r.data);
        break;
      }
      case "ksb_search": {
        const gate = statusGate(a, t, "info");
        if (gate) {
          out(gate);
          break;
        }
        const group = orders.filter((x) => x.action === "ksb_search" && x.targets[0] === t.id);
        const agent = group.some((x) => hasRole(must(s, x.actor), "ksb_agent"));
        const expert = group.some((x) => hasRole(must(s, x.actor), "expert"));
        if (!agent || !expert) {
          out("incomplete");
          break;
        }
        out("ok", {
          apparent: t.currentAppearance,
          true: t.appearance,
          roles: [t.role, ...t.roles],
          inventory: { crowns: t.crowns, items: [...t.items], orchium: t.orchium, resources: t.resources },
        });
        if (!searchDone.has(t.id)) {
          searchDone.add(t.id);
          notice(s, t.id, "searched", {});
          const w = s.data.warrants.find(
            (x) => x.measure === "search" && x.target === t.id && x.status === "granted",
          );
          if (w) w.status = "used";
        }
        break;
      }
      case "ksb_mail_check": {
        if (dead(t)) {
          out("failed");
          break;
        }
        const mail = s.data.mail
          .filter((m) => m.from === t.id || m.to === t.id)
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
        const w = s.data.warrants.find(
          (x) => x.measure === "mail_check" && x.target === t.id && x.status === "granted",
        );
        if (w) w.status = "used";
        break;
      }
      case "ksb_interrogate":
      case "det_interrogate": {
        const gate = statusGate(a, t, "info");
        if (gate) {
          out(gate);
          break;
        }
        const id = `i${s.data.sessions.length + 1}`;
        s.data.sessions.push({
          id,
          source: source as "ksb" | "detective",
          interrogator: a.id,
          target: t.id,
          question: null,
          askedAt: null,
          answered: false,
          open: true,
        });
        emitEvent(s, "interrogation_opened", { id, interrogator: a.id, target: t.id });
        notice(s, t.id, "summons", { session: id, from: a.currentAppearance });
        out(
          "opened",
          o.action === "det_interrogate"
            ? { session: id, apparent: t.currentAppearance, true: t.appearance }
            : { session: id },
        );
        if (o.action === "det_interrogate") learn(a, t.appearance);
        break;
      }
      case "ksb_accuse":
      case "det_accuse": {
        if (dead(t)) {
          out("failed");
          break;
        }
        const article = typeof o.params["article"] === "string" ? o.params["article"] : "";
        out("done", { article });
        emitEvent(s, "accusation", { by: a.id, target: t.id, article });
        emitPublic(s, "accusation", { appearance: t.currentAppearance, article });
        break;
      }
    }
  }
}

/** Engaged units (§6.3) assigned by the given free orders; existing, not in transit, allowed, fighting owners. */
function engaged(s: RState, o: Order): Unit[] {
  const ids = (o.params["units"] as string[] | undefined) ?? [];
  const t = tgt(s, o);
  return s.data.units.filter(
    (u) =>
      ids.includes(u.id) &&
      u.inTransitTo === null &&
      unitAllowed(s, u.type, u.location) &&
      t !== undefined &&
      u.location === t.location &&
      unitWorks(s, u),
  );
}
function unitWorks(s: RState, u: Unit): boolean {
  const owner = u.owner ? P(s, u.owner) : undefined;
  return (
    owner !== undefined && !neutralized(owner) && s.data.scratch.fighting.includes(`${owner.id}:${u.army}`)
  );
}
function defenders(s: RState, t: RPlayer): Unit[] {
  const out: Unit[] = [];
  for (const o of freeOf(s, "units_defend")) if (o.targets[0] === t.id) out.push(...engaged(s, o));
  return out.filter((u, i) => out.indexOf(u) === i && s.data.units.includes(u));
}

function step7Protections(s: RState): void {
  for (const o of ordersOf(s, "baron_protect")) {
    s.data.scratch.protectedTargets.push(o.targets[0] as string);
    sendResult(s, o.actor, "baron_protect", o.targets[0] ?? null, "ok");
  }
}

function step8Detentions(s: RState): void {
  const before = new Set(s.players.filter((p) => detained(p)).map((p) => p.id));
  for (const o of ordersOf(s, "ksb_detain", "ksb_release", "advocate_release").sort(
    (a, b) => a.seq - b.seq,
  )) {
    const a = must(s, o.actor);
    if (!free(a)) continue;
    const t = tgt(s, o);
    if (!t) continue;
    if (o.action === "ksb_detain") {
      let r = statusGate(a, t, "detain");
      if (r === "wanted") declareWanted(s, t, "ksb");
      if (!r && defenders(s, t).length > 0) {
        r = "protected";
        declareWanted(s, t, "ksb");
      }
      if (!r && detained(t)) r = "already";
      if (!r && stealthAvoids(s, t)) r = "avoided";
      if (!r) {
        r = "detained";
        setStatus(t, "detained", true);
        setStatus(t, "wanted", false);
        t.detainedBy = "ksb";
        t.detainedAt = s.data.phaseIndex;
        t.wantedBy = null;
        emitEvent(s, "detained", { player: t.id, by: "ksb" });
        notice(s, t.id, "detained", {});
        const w = s.data.warrants.find(
          (x) => x.measure === "detain" && x.target === t.id && x.status === "granted",
        );
        if (w) w.status = "used";
      }
      sendResult(s, a.id, o.action, t.id, r);
      caseEntry(s, "ksb", o.action, a.id, t.id, r);
    } else if (o.action === "ksb_release") {
      if (detained(t) && t.detainedBy === "ksb" && t.alive) {
        release(s, t, "ksb", false);
        sendResult(s, a.id, o.action, t.id, "released");
      } else sendResult(s, a.id, o.action, t.id, "failed");
      caseEntry(s, "ksb", o.action, a.id, t.id, detained(t) ? "failed" : "released");
    } else {
      if (!detained(t) || !t.alive) sendResult(s, a.id, o.action, t.id, "failed");
      else if (s.data.phaseIndex - (t.detainedAt ?? 0) >= 2 * s.options.advocateReleaseSutki) {
        release(s, t, "advocate", true);
        sendResult(s, a.id, o.action, t.id, "released");
      } else sendResult(s, a.id, o.action, t.id, "too_early");
    }
  }
  // later-step orders of characters detained here are cancelled
  for (const o of [...s.data.orders, ...s.data.freeOrders]) {
    const p = P(s, o.actor);
    if (p && detained(p) && !before.has(p.id) && !s.data.scratch.cancelled.includes(o.seq)) cancel(s, o);
  }
}

export function release(s: RState, t: RPlayer, by: string, wanted: boolean): void {
  setStatus(t, "detained", false);
  t.detainedBy = null;
  t.detainedAt = null;
  emitEvent(s, "released", { player: t.id, by, wanted });
  notice(s, t.id, "released", {});
  if (wanted) declareWanted(s, t, by === "advocate" ? "state" : by);
  else {
    setStatus(t, "wanted", false);
    t.wantedBy = null;
  }
}

function step9Recruitment(s: RState): void {
  for (const o of ordersOf(s, "recruit", "ksb_derecruit")) {
    const a = must(s, o.actor);
    const t = tgt(s, o);
    if (!t || !free(a)) continue;
    if (o.action === "recruit") {
      const gate = statusGate(a, t, "personal");
      if (gate || t.faction === "ozd") {
        sendResult(s, a.id, o.action, t.id, gate ?? "failed");
        continue;
      }
      t.previousFaction = t.faction;
      t.faction = "ozd";
      if (t.role !== "junior_adept" && !t.roles.includes("junior_adept")) t.roles.push("junior_adept");
      setStatus(t, "recruited", true);
      t.ozdChatKept = false;
      notice(s, t.id, "recruited", {});
      emitEvent(s, "recruited", { player: t.id });
      sendResult(s, a.id, o.action, t.id, "ok");
    } else {
      const gate = statusGate(a, t, "info");
      if (gate) {
        sendResult(s, a.id, o.action, t.id, gate);
        caseEntry(s, "ksb", o.action, a.id, t.id, gate);
        continue;
      }
      if (hasRole(t, "junior_adept") && t.faction === "ozd") {
        const faction = t.previousFaction ?? "citizens";
        t.faction = faction;
        if (faction === "ksb") t.ksbPeriods += 1;
        if (t.role === "junior_adept") t.role = t.roles.find((r) => r !== "junior_adept") ?? "citizen";
        t.roles = t.roles.filter((r) => r !== "junior_adept" && r !== t.role);
        setStatus(t, "recruited", false);
        t.ozdChatKept = true;
        notice(s, t.id, "derecruited", {});
        emitEvent(s, "derecruited", { player: t.id, faction });
      }
      sendResult(s, a.id, o.action, t.id, "done", {}, "Развербовка проведена.");
      caseEntry(s, "ksb", o.action, a.id, t.id, "done");
    }
  }
}

function takeGoods(
  s: RState,
  o: Order,
  from: { crowns: number; items: string[] },
  thief: RPlayer,
): { crowns?: number; item?: string | null } {
  const item = o.params["item"];
  if (typeof item === "string") {
    const k = from.items.indexOf(item);
    if (k < 0) return { item: null };
    from.items.splice(k, 1);
    thief.items.push(item);
    return { item };
  }
  const want = typeof o.params["crowns"] === "number" ? o.params["crowns"] : 100;
  const got = Math.min(want, from.crowns);
  from.crowns -= got;
  thief.crowns += got;
  return { crowns: got };
}

function step10Theft(s: RState): void {
  for (const o of ordersOf(s, "rob", "steal", "embezzle")) {
    const a = must(s, o.actor);
    if (!free(a)) continue;
    if (o.action === "embezzle") {
      const gov = isGovernmentMember(s, a);
      const tid =
        typeof o.params["treasury"] === "string" ? o.params["treasury"] : (gov ?? s.options.defaultTreasury);
      const got = takeGoods(s, o, treasury(s, tid), a);
      emitEvent(s, "embezzled", { thief: a.id, treasury: tid });
      sendResult(s, a.id, o.action, null, "ok", got as JsonObject);
      continue;
    }
    const t = tgt(s, o);
    if (!t) continue;
    const gate = statusGate(a, t, "personal");
    if (gate) {
      sendResult(s, a.id, o.action, t.id, gate);
      continue;
    }
    if (o.action === "rob") {
      if (acts(s, t, "king")) {
        sendResult(s, a.id, o.action, t.id, "failed");
        continue;
      }
      const taken = { crowns: t.crowns, items: [...t.items], orchium: t.orchium, resources: t.resources };
      a.crowns += t.crowns;
      a.items.push(...t.items);
      a.orchium += t.orchium;
      a.resources += t.resources;
      t.crowns = 0;
      t.items = [];
      t.orchium = 0;
      t.resources = 0;
      notice(s, t.id, "robbed", { by: a.currentAppearance });
      learn(t, a.currentAppearance);
      emitEvent(s, "robbed", { thief: a.id, target: t.id });
      sendResult(s, a.id, o.action, t.id, "ok", taken);
    } else {
      const got = takeGoods(s, o, t, a);
      emitEvent(s, "stolen", { thief: a.id, target: t.id, ...(got as JsonObject) });
      sendResult(s, a.id, o.action, t.id, "ok", got as JsonObject);
    }
  }
}

function step11Palace(s: RState): void {
  for (const o of ordersOf(s, "palace_force")) {
    const t = tgt(s, o);
    if (!t) continue;
    const ok = t.alive && free(t) && !t.incorporeal && !abroad(t) && !s.data.palace.includes(t.id);
    if (ok) {
      joinPalace(s, t.id);
      notice(s, t.id, "palace_joined", {});
    }
    sendResult(s, o.actor, o.action, t.id, ok ? "ok" : "failed");
  }
}

/** One attack on T (§5.8). Returns whether T died of it. */
function attack(s: RState, o: Order, kind: "assassin" | "units" | "showdown"): boolean {
  const a = must(s, o.actor);
  const t = tgt(s, o);
  if (!t || dead(t)) return false;
  const cause = kind === "assassin" ? "assassin" : kind === "showdown" ? "showdown" : "units";
  const killer = a.id;
  const loot = typeof o.params["loot"] === "string" ? o.params["loot"] : null;
  if (kind !== "showdown") {
    if (s.data.scratch.protectedTargets.includes(t.id)) {
      emitEvent(s, "attack_blocked", { player: t.id, by: "protection" });
      return false;
    }
    if (kind === "units") {
      const attackers = engaged(s, o);
      if (attackers.length === 0) return false;
      const defs = defenders(s, t);
      if (defs.length > 0) {
        const [ra, rd] = fightSides(attackers, defs, battleCtx(s, t.location));
        removeUnits(s, [...ra.destroyed, ...rd.destroyed], "defense");
        if (rd.remaining > 0 || ra.remaining === 0) {
          emitEvent(s, "attack_blocked", { player: t.id, by: "units" });
          return false;
        }
      }
    } else {
      const defs = defenders(s, t);
      if (defs.length > 0) {
        const weakest = [...defs].sort((x, y) => baseStrength(x) - baseStrength(y) || y.n - x.n)[0] as Unit;
        removeUnits(s, [weakest.id], "defense");
        emitEvent(s, "attack_blocked", { player: t.id, by: "units" });
        return false;
      }
    }
    const guard = s.data.scratch.guards.find((g) => {
      const gp = P(s, g.guard);
      return g.target === t.id && gp !== undefined && gp.alive && gp.location === t.location;
    });
    if (guard) {
      emitEvent(s, "guard_intercepted", { guard: guard.guard, target: t.id });
      kill(s, guard.guard, cause, { killer });
      return false;
    }
  }
  if (stealthAvoids(s, t)) return false;
  kill(s, t.id, cause, { killer, loot });
  return true;
}

function battleCtx(s: RState, country: string) {
  return {
    winterNorth: s.options.season === "winter" && (s.options.countryFront[country] ?? "home") === "north",
    rule: s.options.battleLossRule,
  };
}

function step12Killing(s: RState): void {
  const orders = [...ordersOf(s, "baron_showdown", "assassin_attack"), ...freeOf(s, "units_attack")].sort(
    (a, b) => a.seq - b.seq,
  );
  for (const o of orders) {
    const a = P(s, o.actor);
    if (!a || !free(a)) continue;
    if (o.action === "units_attack") {
      const commander = a;
      const ok = attack(s, o, "units");
      sendResult(s, commander.id, o.action, o.targets[0] ?? null, ok ? "ok" : "failed");
    } else {
      const ok = attack(s, o, o.action === "baron_showdown" ? "showdown" : "assassin");
      sendResult(s, a.id, o.action, o.targets[0] ?? null, ok ? "ok" : "failed");
    }
  }
}

/** Active units of a country (§6.3). */
export function activeUnits(s: RState, country: string): Unit[] {
  const assigned = new Set<string>();
  for (const o of freeOf(s, "units_defend", "units_attack"))
    for (const id of (o.params["units"] as string[] | undefined) ?? []) assigned.add(id);
  return s.data.units.filter(
    (u) =>
      u.location === country &&
      u.inTransitTo === null &&
      unitAllowed(s, u.type, country) &&
      !assigned.has(u.id) &&
      unitWorks(s, u),
  );
}

function step13Battles(s: RState): void {
  for (const country of COUNTRIES) {
    const ov = s.data.overrides.filter((x) => x.params["country"] === country);
    if (ov.some((x) => x.kind === "no_battle")) continue;
    const forced = ov.find((x) => x.kind === "battle_result");
    if (forced) {
      const ids = ((forced.params["destroy"] as string[] | undefined) ?? []).filter((id) =>
        s.data.units.some((u) => u.id === id),
      );
      removeUnits(s, ids, "battle");
      emitEvent(s, "battle", { country, sides: [], gm: true, destroyed: ids });
      continue;
    }
    const units = activeUnits(s, country);
    const armies = sortArmies(units.map((u) => u.army));
    const { battles, needsGm } = battleComponents(armies, (a, b) => atWar(s, a, b));
    for (const comp of needsGm) emitEvent(s, "battle_needs_gm", { country, armies: comp });
    for (const [sa, sb] of battles) {
      const ua = units.filter((u) => sa.includes(u.army));
      const ub = units.filter((u) => sb.includes(u.army));
      const [ra, rb] = fightSides(ua, ub, battleCtx(s, country));
      const sides = [ra, rb].map((r) => ({ ...r }));
      emitEvent(s, "battle", { country, sides: sides as unknown as Json });
      const destroyed = [...ra.destroyed, ...rb.destroyed];
      const losses = [...sa, ...sb].map((army) => ({
        army,
        n: units.filter((u) => u.army === army && destroyed.includes(u.id)).length,
      }));
      removeUnits(s, destroyed, "battle");
      emitPublic(s, "battle", { country, losses });
    }
  }
}

function step14Capture(s: RState): void {
  for (const country of COUNTRIES) {
    const ov = s.data.overrides.filter((x) => x.params["country"] === country);
    if (ov.some((x) => x.kind === "no_capture")) continue;
    const forced = ov.find((x) => x.kind === "capture");
    let winner: string | undefined =
      typeof forced?.params["army"] === "string" ? (forced.params["army"] as string) : undefined;
    if (!winner) {
      const present = s.data.units.filter((u) => u.location === country && u.inTransitTo === null);
      const armies = sortArmies(present.map((u) => u.army));
      const hostile = armies.filter((a) => hostileTo(s, a, country));
      if (hostile.length === 0 || armies.some((a) => friendlyTo(s, a, country))) continue;
      const strength = (army: string) =>
        present.filter((u) => u.army === army).reduce((sum, u) => sum + baseStrength(u), 0);
      winner = [...hostile].sort((a, b) => strength(b) - strength(a))[0];
    }
    if (!winner) continue;
    capture(s, country, winner);
  }
}

export function capture(s: RState, country: string, army: string): void {
  s.data.ownForces[country] = [army];
  const commander = commanderOf(s, army);
  emitEvent(s, "country_captured", { country, army, commander: commander?.id ?? null });
  emitPublic(s, "captured", { country, army });
  if (commander) {
    if (country === "regnum") for (const p of ["king", "pope", "president"]) assignPost(s, commander.id, p);
    else assignPost(s, commander.id, `ruler_${country}`);
  }
  if (country === "regnum") {
    s.data.ksbDefeat = true;
    emitEvent(s, "ksb_defeat", {});
  }
}

function step15SquadCap(s: RState): void {
  for (const army of ["royal", "parliament", "inquisition", "aik", "ksb", "ozd", "darkness"]) {
    const q = s.data.units.filter((u) => u.army === army && u.conscripted).sort((a, b) => a.n - b.n);
    const chat = ARMY_CHAT[army] ?? army;
    const m = s.players.filter((p) => access(s, p, chat) === "member").length;
    if (q.length > m) {
      const gone = q.slice(q.length - (q.length - m)).map((u) => u.id);
      s.data.units = s.data.units.filter((u) => !gone.includes(u.id));
      emitEvent(s, "units_deserted", { army, units: gone, count: gone.length });
    }
  }
}

function step16Travel(s: RState): void {
  for (const o of ordersOf(s, "go_abroad", "travel")) {
    const a = must(s, o.actor);
    if (!free(a)) continue;
    const to = (o.params["country"] as string | undefined) ?? (o.targets[0] as string);
    const from = a.location;
    let fail: string | null = null;
    if (border(s, from, to) !== "open") fail = "Граница закрыта.";
    else if (to !== "regnum" && relation(s, from, to) !== "allied" && !a.visas.includes(to))
      fail = "Нет союза или визы.";
    if (fail) {
      emitEvent(s, "travel_failed", { player: a.id });
      sendResult(s, a.id, o.action, null, "failed", { country: to }, fail);
      continue;
    }
    a.location = to;
    if (underground(a)) {
      setStatus(a, "underground", false);
      emitEvent(s, "underground", { player: a.id, on: false });
    }
    if (to === "regnum") emitEvent(s, "returned", { player: a.id });
    else {
      emitEvent(s, "abroad", { player: a.id, country: to });
      palaceLeave(s, a.id);
    }
    sendResult(s, a.id, o.action, null, "ok", { country: to });
  }
  for (const o of s.data.freeOrders.filter((x) => x.action === "move_troops")) {
    const ids = (o.params["units"] as string[] | undefined) ?? [];
    const to = o.params["to"] as string;
    const arrived: string[] = [];
    for (const u of s.data.units)
      if (ids.includes(u.id) && u.inTransitTo === to) {
        u.location = to;
        u.inTransitTo = null;
        arrived.push(u.id);
      }
    emitEvent(s, "units_arrived", { units: arrived, country: to });
  }
}

function step17Appearance(s: RState): void {
  for (const o of ordersOf(s, "take_appearance")) {
    const a = must(s, o.actor);
    if (!free(a)) continue;
    const ap = (o.params["appearance"] as string | undefined) ?? (o.targets[0] as string);
    a.currentAppearance = ap;
    emitEvent(s, "appearance_changed", { player: a.id, appearance: ap });
    sendResult(s, a.id, o.action, null, "ok", { appearance: ap });
  }
}

export function doublesOccupancy(s: RState): void {
  for (const owner of s.players) {
    const A = owner.appearance;
    const current = s.data.occupant[A] ?? null;
    const doubles = s.players.filter((d) => d.id !== owner.id && d.currentAppearance === A);
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
    s.data.occupant[A] = next;
    if (next === null) emitEvent(s, "place_vacated", { place: A, owner: owner.id });
    else if (next === owner.id) emitEvent(s, "double_returned", { place: A, owner: owner.id });
    else emitEvent(s, "double_replaced", { place: A, owner: owner.id, by: next });
  }
}

function step19Windows(s: RState): void {
  for (const x of s.data.sessions) {
    if (!x.open || x.question === null || x.askedAt === null) continue;
    // A live game measures the window in real hours (a worker timer, `regnumTimers`).
    if (x.askedAtMs !== undefined && x.askedAtMs !== null) continue;
    if (s.data.phaseIndex < x.askedAt + 1) continue;
    recordEvasion(s, x);
  }
}

/** An unanswered question whose window ran out: an evasion in the case file (§5.1.1). */
export function recordEvasion(s: RState, x: RState["data"]["sessions"][number]): void {
  emitEvent(s, "evasion", { id: x.id });
  caseEntry(s, x.source, "evasion", x.target, x.interrogator, "evasion", { session: x.id });
  x.question = null;
  x.askedAt = null;
  x.askedAtMs = null;
  if (x.source === "detective") {
    x.open = false;
    emitEvent(s, "interrogation_closed", { id: x.id });
  }
}

/** §3.2: each pending question of a live game expires `answerWindowHours` real hours after it was asked. */
export function regnumTimers(s: RState): { key: string; at: number }[] {
  return s.data.sessions
    .filter((x) => x.open && x.question !== null && typeof x.askedAtMs === "number")
    .map((x) => ({ key: x.id, at: (x.askedAtMs as number) + s.options.answerWindowHours * 3_600_000 }));
}

function step20Chats(s: RState): void {
  reconcile(s);
  for (const o of live(s).filter((x) => x.action === "order")) {
    if (s.data.scratch.forced.includes(o.actor)) continue;
    s.data.pending.push({
      actor: o.actor,
      targets: o.targets,
      text: typeof o.params["text"] === "string" ? o.params["text"] : "",
      phase: `${s.phase.kind} ${s.phase.n}`,
    });
    emitEvent(s, "order_pending", { actor: o.actor });
  }
}

function nextPhase(s: RState): void {
  if (s.ended) return;
  advancePhase(s);
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
