import { addStatus, hasStatus, removeStatus } from "../../engine/helpers.js";
import { drawInt } from "../../engine/rng.js";
import type { ResolutionStep } from "../../engine/ruleset.js";
import type { GameEvent, JsonObject, PlayerId } from "../../engine/types.js";
import { emitEvent, emitPublic, removePlayer, tell } from "./output.js";
import {
  bySeat,
  type Clan,
  type ClansPlayer,
  type ClansState,
  currentChat,
  mustPlayer,
  type NightOrder,
  type NightScratch,
  type DayResult,
  type PendingJoin,
} from "./state.js";
import { runSuccessions } from "./succession.js";
import { checkEnd } from "./win.js";

type Step = ResolutionStep<ClansState>;

const night = (name: string, run: (state: ClansState, s: NightScratch) => void): Step => ({
  name,
  run(state) {
    if (state.phase.kind !== "night") return;
    state.data.scratch ??= { protections: {}, healed: [], joins: [], killed: [] };
    run(state, state.data.scratch);
  },
});
const day = (name: string, run: (state: ClansState) => void): Step => ({
  name,
  run(state) {
    if (state.phase.kind === "day") run(state);
  },
});

const seatOf = (state: ClansState, id: PlayerId) => mustPlayer(state, id).seat;
const ordersOf = (state: ClansState, action: NightOrder["action"]) =>
  state.data.orders
    .filter((o) => o.action === action)
    .sort((a, b) => seatOf(state, a.actor) - seatOf(state, b.actor));

/** Circular distance on 1..100 with 100 ≡ 0 (§5 step 4). */
export function circularDistance(number: number, r: number): number {
  const d = Math.abs(number - r) % 100;
  return Math.min(d, 100 - d);
}

/** The night's random number R (§5 step 0). */
export function nightNumber(state: ClansState): number {
  return state.data.numbers.find((n) => n.night === state.phase.n)?.value ?? 0;
}

// ---------------------------------------------------------------- night

const step0Collect = night("0. collect: void orders of the dead and on the dead; fix R", (state) => {
  state.data.orders = state.data.orders.filter(
    (o) => mustPlayer(state, o.actor).alive && mustPlayer(state, o.target).alive,
  );
  const n = state.phase.n;
  const pinned = state.options.numbers[n - 1];
  const value = pinned ?? drawInt(state, 1, 100);
  const source = pinned === undefined ? "prng" : "option";
  state.data.numbers.push({ night: n, value, source });
  emitEvent(state, "random_number", { night: n, value, source });
});

/** Carried out at the day's close (§6.3, Ruling R6). */
const step1BossChangeAfterVote = night("1. boss change after the vote (done at the day's close)", () => {});

const step2Protection = night("2. scout protection", (state, s) => {
  for (const o of ordersOf(state, "protect")) (s.protections[o.target] ??= []).push(o.actor);
});

const step3Doctors = night("3. doctors", (state, s) => {
  for (const o of ordersOf(state, "heal")) if (!s.healed.includes(o.target)) s.healed.push(o.target);
});

function failRecruit(state: ClansState, o: NightOrder, reason: string, by: PlayerId[] = []): void {
  emitEvent(state, "recruit_failed", { player: o.target, boss: o.actor, reason, by });
}

const step4Recruitment = night("4. recruitment", (state, s) => {
  const r = nightNumber(state);
  const targets = [...new Set(state.data.orders.filter((o) => o.action === "recruit").map((o) => o.target))]
    .map((id) => mustPlayer(state, id))
    .sort(bySeat);
  const won: { order: NightOrder; target: ClansPlayer }[] = [];
  for (const t of targets) {
    const orders = ordersOf(state, "recruit").filter((o) => o.target === t.id);
    const live: NightOrder[] = [];
    for (const o of orders) {
      if (t.role === "boss") failRecruit(state, o, "target_is_boss");
      else if (t.team !== null) failRecruit(state, o, "already_in_team");
      else live.push(o);
    }
    const key = (o: NightOrder) => [
      o.guessRole === t.role ? 0 : 1,
      o.guessClan === t.faction ? 0 : 1,
      circularDistance(o.number ?? 50, r),
    ];
    const cmp = (a: NightOrder, b: NightOrder) => {
      const ka = key(a);
      const kb = key(b);
      for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return (ka[i] ?? 0) - (kb[i] ?? 0);
      return 0;
    };
    live.sort((a, b) => cmp(a, b) || seatOf(state, a.actor) - seatOf(state, b.actor));
    let protections = (s.protections[t.id] ?? []).length;
    const by = [...new Set(s.protections[t.id] ?? [])].sort((a, b) => seatOf(state, a) - seatOf(state, b));
    while (live.length > 0) {
      const best = live[0] as NightOrder;
      const second = live[1];
      if (second && cmp(best, second) === 0) {
        for (const o of live) failRecruit(state, o, "tie");
        break;
      }
      live.shift();
      if (protections > 0) {
        protections -= 1;
        failRecruit(state, best, "protected", by);
        continue;
      }
      won.push({ order: best, target: t });
      for (const o of live) failRecruit(state, o, "outranked");
      break;
    }
  }
  // Joining order within a night: recruits by seat of the recruit (§5 step 8).
  for (const { order, target } of won.sort((a, b) => bySeat(a.target, b.target))) {
    const boss = mustPlayer(state, order.actor);
    const clan = boss.team as Clan;
    const event = state.output.events.length;
    emitEvent(state, "recruited", {
      player: target.id,
      clan,
      boss: boss.id,
      posthumous: false,
      counted: true,
    });
    s.joins.push({
      player: target.id,
      clan,
      boss: boss.id,
      via: "recruit",
      chat: chatOf(state, clan),
      event,
    });
  }
});

function chatOf(state: ClansState, clan: Clan): string {
  return currentChat(state, clan)?.id ?? `clan-${clan}-1`;
}

const step5Acquaintances = night("5. acquaintances", (state, s) => {
  for (const o of ordersOf(state, "meet")) {
    const u = mustPlayer(state, o.actor);
    const x = mustPlayer(state, o.target);
    if (s.joins.some((j) => j.player === u.id)) {
      emitEvent(state, "meet_failed", { player: u.id, target: x.id, reason: "recruited" });
    } else if (x.alive && x.role === "boss" && x.team === u.home) {
      const event = state.output.events.length;
      emitEvent(state, "acquainted", { player: u.id, clan: u.home, boss: x.id, posthumous: false });
      s.joins.push({
        player: u.id,
        clan: u.home,
        boss: x.id,
        via: "meet",
        chat: chatOf(state, u.home),
        event,
      });
    } else {
      emitEvent(state, "meet_failed", { player: u.id, target: x.id, reason: "wrong_target" });
    }
  }
});

const step6Shootout = night("6. shootout", (state, s) => {
  const attackedByBoss = new Set<PlayerId>();
  const attacked = new Set<PlayerId>();
  for (const o of ordersOf(state, "kill")) {
    const t = mustPlayer(state, o.target);
    if (o.guessClan === t.faction) {
      attacked.add(t.id);
      attackedByBoss.add(t.id);
    } else emitEvent(state, "boss_kill_missed", { player: t.id, boss: o.actor, guess: o.guessClan });
  }
  const shots = new Map<PlayerId, number>();
  for (const o of ordersOf(state, "shoot")) shots.set(o.target, (shots.get(o.target) ?? 0) + 1);
  const max = Math.max(0, ...shots.values());
  if (max > 0) {
    const top = [...shots.entries()]
      .filter(([, v]) => v === max)
      .map(([id]) => id)
      .sort((a, b) => seatOf(state, a) - seatOf(state, b));
    if (top.length === 1) {
      attacked.add(top[0] as PlayerId);
      emitEvent(state, "shooters_target", { player: top[0] as PlayerId, votes: max });
    } else emitEvent(state, "shooters_tie", { players: top, votes: max });
  }
  const victims = [...attacked].map((id) => mustPlayer(state, id)).sort(bySeat);
  for (const v of victims) {
    const by: string[] = [];
    if (s.healed.includes(v.id)) by.push("doctor");
    if (hasStatus(v, "day_protected")) by.push("day_protection");
    if (by.length > 0) {
      emitEvent(state, "saved", { player: v.id, by });
      continue;
    }
    removePlayer(state, v.id, attackedByBoss.has(v.id) ? "boss_kill" : "shooters");
    s.killed.push(v.id);
  }
});

const step7BossChange = night("7. boss change after night deaths", (state, s) => {
  runSuccessions(state, s.joins);
});

const step8Dawn = night("8. dawn: transfers", (state, s) => {
  const order = (j: PendingJoin) => (j.via === "recruit" ? 0 : 1000) + seatOf(state, j.player);
  for (const j of [...s.joins].sort((a, b) => order(a) - order(b))) {
    const p = mustPlayer(state, j.player);
    const posthumous = !p.alive;
    p.team = j.clan;
    p.faction = j.clan;
    p.joinOrder = ++state.data.joinCounter;
    removeStatus(p, "unrecruited");
    addStatus(p, j.via === "recruit" ? "recruited" : "acquainted");
    const chat = state.data.chats.find((c) => c.id === j.chat);
    if (chat && !chat.members.includes(p.id)) chat.members.push(p.id);
    let roleLost = false;
    if (j.via === "recruit" && j.clan !== p.home && (p.role === "doctor" || p.role === "scout")) {
      emitEvent(state, "role_lost", { player: p.id, role: p.role });
      p.role = "member";
      addStatus(p, "role_lost");
      roleLost = true;
    }
    const ev = state.output.events[j.event] as GameEvent;
    ev["posthumous"] = posthumous;
    if (j.via === "recruit") ev["counted"] = !posthumous;
    tell(state, p.id, "joined_clan", {
      clan: j.clan,
      boss: j.boss,
      via: j.via,
      posthumous,
      role_lost: roleLost,
    });
    const boss = state.players.find((b) => b.alive && b.role === "boss" && b.team === j.clan);
    const bossInChat =
      boss &&
      (chat?.members.includes(boss.id) || s.joins.some((x) => x.player === boss.id && x.chat === j.chat));
    if (boss && bossInChat && boss.id !== p.id)
      tell(state, boss.id, "new_member", { member: p.id, via: j.via, posthumous });
  }
});

const step9Checks = night("9. checks", (state) => {
  for (const o of ordersOf(state, "check")) {
    if (!mustPlayer(state, o.actor).alive) continue;
    const t = mustPlayer(state, o.target);
    const fields: JsonObject =
      o.check === "recruited"
        ? { target: t.id, check: "recruited", result: t.team !== null ? "recruited" : "not_recruited" }
        : { target: t.id, check: "clan_role", clan: t.faction, role: t.role };
    tell(state, o.actor, "check_result", fields);
  }
});

const morningReport = night("then: clear day protection, morning report", (state, s) => {
  for (const p of state.players) removeStatus(p, "day_protected");
  const n = state.phase.n;
  const killed = [...s.killed].sort((a, b) => seatOf(state, a) - seatOf(state, b));
  const clans = clanSizes(state);
  const recruitments = s.joins.filter((j) => j.via === "recruit" && mustPlayer(state, j.player).alive).length;
  emitEvent(state, "morning_report", { night: n, killed, clans, recruitments });
  const lines: { key: string; params: JsonObject }[] = [
    { key: "night_results", params: { n } },
    killed.length > 0 ? { key: "killed", params: { names: killed } } : { key: "nobody_killed", params: {} },
    { key: "clan_sizes", params: clans },
    { key: "recruitments", params: { k: recruitments } },
  ];
  for (const l of lines) emitPublic(state, l.key, l.params);
  state.data.lastReport = { phase: `night ${n}`, lines };
  // the night's orders set next night's restrictions (R20)
  state.data.lastProtect = {};
  state.data.lastHeal = {};
  for (const o of state.data.orders) {
    if (o.action === "protect") state.data.lastProtect[o.actor] = o.target;
    if (o.action === "heal") state.data.lastHeal[o.actor] = o.target;
  }
  state.data.scratch = null;
});

/** Living team members per clan, boss included (R15). */
export function clanSizes(state: ClansState): Record<Clan, number> {
  const sizes = { yakuza: 0, cosa_nostra: 0, russian_mafia: 0 };
  for (const p of state.players) if (p.alive && p.team) sizes[p.team] += 1;
  return sizes;
}

// ---------------------------------------------------------------- day

/** §6.2: counted votes (voter and target alive at the close, before this day's removals). */
export function countedVotes(state: ClansState) {
  return state.data.votes.filter(
    (v) => mustPlayer(state, v.voter).alive && mustPlayer(state, v.target).alive,
  );
}

function tally(state: ClansState, side: "against" | "for"): Record<PlayerId, number> {
  const counts = new Map<PlayerId, number>();
  for (const v of countedVotes(state))
    if (v.side === side) counts.set(v.target, (counts.get(v.target) ?? 0) + 1);
  const out: Record<PlayerId, number> = {};
  for (const [id, n] of [...counts.entries()].sort((a, b) => seatOf(state, a[0]) - seatOf(state, b[0])))
    out[id] = n;
  return out;
}

/** The unique holder of the maximum count, null on a tie or no votes. */
function uniqueTop(
  counts: Record<PlayerId, number>,
  exclude: PlayerId | null = null,
): PlayerId | null | "tie" {
  const entries = Object.entries(counts).filter(([id, n]) => id !== exclude && n > 0);
  if (entries.length === 0) return null;
  const max = Math.max(...entries.map(([, n]) => n));
  const top = entries.filter(([, n]) => n === max);
  return top.length === 1 ? (top[0]?.[0] ?? null) : "tie";
}

function result(state: ClansState): DayResult {
  return (state.data.dayResult ??= { lynched: null, protected: null, against: {}, for: {}, inactive: [] });
}

const dayVotes = day("1–2. count the votes: protection and lynch", (state) => {
  const r = result(state);
  r.against = tally(state, "against");
  r.for = tally(state, "for");
  const prot = uniqueTop(r.for);
  r.protected = prot === "tie" ? null : prot;
  const first = uniqueTop(r.against);
  let lynched: PlayerId | null = null;
  if (first !== null && first !== "tie") {
    if (first !== r.protected) lynched = first;
    else {
      const second = uniqueTop(r.against, first);
      lynched = second === "tie" ? null : second;
    }
  }
  r.lynched = lynched;
  if (lynched) removePlayer(state, lynched, "lynch");
});

const dayInactivity = day("3. inactivity removals", (state) => {
  const r = result(state);
  if (!state.options.inactivity_autokill) return;
  const votedAgainst = new Set(state.data.votes.filter((v) => v.side === "against").map((v) => v.voter));
  for (const p of [...state.players].sort(bySeat)) {
    if (!p.alive || state.data.excused.includes(p.id) || state.data.replaced.includes(p.id)) continue;
    if (state.data.posted.includes(p.id) && votedAgainst.has(p.id)) continue;
    removePlayer(state, p.id, "inactivity");
    r.inactive.push(p.id);
  }
});

const daySuccession = day("4. boss succession (the seed's night step 1)", (state) =>
  runSuccessions(state, []),
);

const dayProtection = day("5–6. day protection, vote result and day report", (state) => {
  const r = result(state);
  if (r.protected) {
    const p = mustPlayer(state, r.protected);
    if (p.alive) addStatus(p, "day_protected");
  }
  const n = state.phase.n;
  emitEvent(state, "vote_result", {
    day: n,
    lynched: r.lynched,
    protected: r.protected,
    peaceful: r.lynched === null,
    against: r.against,
    for: r.for,
  });
  const lines: { key: string; params: JsonObject }[] = [
    { key: "day_results", params: { n } },
    r.lynched ? { key: "lynched", params: { name: r.lynched } } : { key: "peaceful", params: {} },
    r.protected
      ? { key: "protected", params: { name: r.protected } }
      : { key: "nobody_protected", params: {} },
  ];
  if (r.inactive.length > 0) lines.push({ key: "inactivity", params: { names: r.inactive } });
  for (const l of lines) emitPublic(state, l.key, l.params);
  state.data.lastReport = { phase: `day ${n}`, lines };
});

// ---------------------------------------------------------------- end and next phase

const endCheck: Step = { name: "end check (§9)", run: (state) => checkEnd(state) };

const nextPhase: Step = {
  name: "open the next phase",
  run(state) {
    if (state.ended) return;
    state.phase =
      state.phase.kind === "night"
        ? { kind: "day", n: state.phase.n }
        : { kind: "night", n: state.phase.n + 1 };
    resetPhaseData(state);
  },
};

export function resetPhaseData(state: ClansState): void {
  const d = state.data;
  d.orders = [];
  d.filled = {};
  d.votes = [];
  d.posted = [];
  d.deadPosts = {};
  d.excused = [];
  d.replaced = [];
  d.scratch = null;
  d.dayResult = null;
}

export const resolution: readonly Step[] = [
  step0Collect,
  step1BossChangeAfterVote,
  step2Protection,
  step3Doctors,
  step4Recruitment,
  step5Acquaintances,
  step6Shootout,
  step7BossChange,
  step8Dawn,
  step9Checks,
  morningReport,
  dayVotes,
  dayInactivity,
  daySuccession,
  dayProtection,
  endCheck,
  nextPhase,
];
