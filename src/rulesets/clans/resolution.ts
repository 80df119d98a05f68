import {
  addStatus,
  emitEvent,
  emitPublic,
  hasStatus,
  playerOrThrow,
  removeStatus,
} from "../../engine/helpers.js";
import { drawInt } from "../../engine/rng.js";
import type { ResolutionStep } from "../../engine/ruleset.js";
import type { GameEvent, JsonObject, PlayerId } from "../../engine/types.js";
import { tell } from "./inbox.js";
import { removePlayer } from "./removal.js";
import {
  bySeat,
  type Clan,
  type ClansPlayer,
  type ClansState,
  currentChat,
  type NightOrder,
  type NightScratch,
  type DayResult,
  type PendingJoin,
} from "./state.js";
import { runSuccessions } from "./succession.js";
import { checkEnd } from "./win.js";

type Step = ResolutionStep<ClansState>;

const night = (name: string, run: (state: ClansState, scratch: NightScratch) => void): Step => ({
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

const seatOf = (state: ClansState, id: PlayerId) => playerOrThrow(state, id).seat;
const ordersOf = (state: ClansState, action: NightOrder["action"]) =>
  state.data.orders
    .filter((o) => o.action === action)
    .sort((a, b) => seatOf(state, a.actor) - seatOf(state, b.actor));

/** Circular distance on 1..100 with 100 ≡ 0 (§5 step 4). */
export function circularDistance(number: number, drawn: number): number {
  const distance = Math.abs(number - drawn) % 100;
  return Math.min(distance, 100 - distance);
}

/** The night's random number R (§5 step 0). */
export function nightNumber(state: ClansState): number {
  return state.data.numbers.find((n) => n.night === state.phase.n)?.value ?? 0;
}

// ---------------------------------------------------------------- night

const step0Collect = night("0. collect: void orders of the dead and on the dead; fix R", (state) => {
  state.data.orders = state.data.orders.filter(
    (o) => playerOrThrow(state, o.actor).alive && playerOrThrow(state, o.target).alive,
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

const step2Protection = night("2. scout protection", (state, scratch) => {
  for (const o of ordersOf(state, "protect")) (scratch.protections[o.target] ??= []).push(o.actor);
});

const step3Doctors = night("3. doctors", (state, scratch) => {
  for (const o of ordersOf(state, "heal"))
    if (!scratch.healed.includes(o.target)) scratch.healed.push(o.target);
});

function failRecruit(state: ClansState, order: NightOrder, reason: string, by: PlayerId[] = []): void {
  emitEvent(state, "recruit_failed", { player: order.target, boss: order.actor, reason, by });
}

const step4Recruitment = night("4. recruitment", (state, scratch) => {
  const drawn = nightNumber(state);
  const targets = [...new Set(state.data.orders.filter((o) => o.action === "recruit").map((o) => o.target))]
    .map((id) => playerOrThrow(state, id))
    .sort(bySeat);
  const won: { order: NightOrder; target: ClansPlayer }[] = [];
  for (const target of targets) {
    const orders = ordersOf(state, "recruit").filter((o) => o.target === target.id);
    const live: NightOrder[] = [];
    for (const order of orders) {
      if (target.role === "boss") failRecruit(state, order, "target_is_boss");
      else if (target.team !== null) failRecruit(state, order, "already_in_team");
      else live.push(order);
    }
    const key = (order: NightOrder) => [
      order.guessRole === target.role ? 0 : 1,
      order.guessClan === target.faction ? 0 : 1,
      circularDistance(order.number ?? 50, drawn),
    ];
    const compareRank = (a: NightOrder, b: NightOrder) => {
      const rankA = key(a);
      const rankB = key(b);
      for (let i = 0; i < 3; i++) if (rankA[i] !== rankB[i]) return (rankA[i] ?? 0) - (rankB[i] ?? 0);
      return 0;
    };
    live.sort((a, b) => compareRank(a, b) || seatOf(state, a.actor) - seatOf(state, b.actor));
    let protections = (scratch.protections[target.id] ?? []).length;
    const by = [...new Set(scratch.protections[target.id] ?? [])].sort(
      (a, b) => seatOf(state, a) - seatOf(state, b),
    );
    while (live.length > 0) {
      const best = live[0] as NightOrder;
      const second = live[1];
      if (second && compareRank(best, second) === 0) {
        for (const order of live) failRecruit(state, order, "tie");
        break;
      }
      live.shift();
      if (protections > 0) {
        protections -= 1;
        failRecruit(state, best, "protected", by);
        continue;
      }
      won.push({ order: best, target: target });
      for (const order of live) failRecruit(state, order, "outranked");
      break;
    }
  }
  // Joining order within a night: recruits by seat of the recruit (§5 step 8).
  for (const { order, target } of won.sort((a, b) => bySeat(a.target, b.target))) {
    const boss = playerOrThrow(state, order.actor);
    const clan = boss.team as Clan;
    const event = state.output.events.length;
    emitEvent(state, "recruited", {
      player: target.id,
      clan,
      boss: boss.id,
      posthumous: false,
      counted: true,
    });
    scratch.joins.push({
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

const step5Acquaintances = night("5. acquaintances", (state, scratch) => {
  for (const order of ordersOf(state, "meet")) {
    const actor = playerOrThrow(state, order.actor);
    const target = playerOrThrow(state, order.target);
    if (scratch.joins.some((j) => j.player === actor.id)) {
      emitEvent(state, "meet_failed", { player: actor.id, target: target.id, reason: "recruited" });
    } else if (target.alive && target.role === "boss" && target.team === actor.home) {
      const event = state.output.events.length;
      emitEvent(state, "acquainted", {
        player: actor.id,
        clan: actor.home,
        boss: target.id,
        posthumous: false,
      });
      scratch.joins.push({
        player: actor.id,
        clan: actor.home,
        boss: target.id,
        via: "meet",
        chat: chatOf(state, actor.home),
        event,
      });
    } else {
      emitEvent(state, "meet_failed", { player: actor.id, target: target.id, reason: "wrong_target" });
    }
  }
});

const step6Shootout = night("6. shootout", (state, scratch) => {
  const attackedByBoss = new Set<PlayerId>();
  const attacked = new Set<PlayerId>();
  for (const order of ordersOf(state, "kill")) {
    const target = playerOrThrow(state, order.target);
    if (order.guessClan === target.faction) {
      attacked.add(target.id);
      attackedByBoss.add(target.id);
    } else
      emitEvent(state, "boss_kill_missed", { player: target.id, boss: order.actor, guess: order.guessClan });
  }
  const shots = new Map<PlayerId, number>();
  for (const order of ordersOf(state, "shoot")) shots.set(order.target, (shots.get(order.target) ?? 0) + 1);
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
  const victims = [...attacked].map((id) => playerOrThrow(state, id)).sort(bySeat);
  for (const victim of victims) {
    const by: string[] = [];
    if (scratch.healed.includes(victim.id)) by.push("doctor");
    if (hasStatus(victim, "day_protected")) by.push("day_protection");
    if (by.length > 0) {
      emitEvent(state, "saved", { player: victim.id, by });
      continue;
    }
    removePlayer(state, victim.id, attackedByBoss.has(victim.id) ? "boss_kill" : "shooters");
    scratch.killed.push(victim.id);
  }
});

const step7BossChange = night("7. boss change after night deaths", (state, scratch) => {
  runSuccessions(state, scratch.joins);
});

const step8Dawn = night("8. dawn: transfers", (state, scratch) => {
  const joinRank = (j: PendingJoin) => (j.via === "recruit" ? 0 : 1000) + seatOf(state, j.player);
  for (const join of [...scratch.joins].sort((a, b) => joinRank(a) - joinRank(b))) {
    const joiner = playerOrThrow(state, join.player);
    const posthumous = !joiner.alive;
    joiner.team = join.clan;
    joiner.faction = join.clan;
    joiner.joinOrder = ++state.data.joinCounter;
    removeStatus(joiner, "unrecruited");
    addStatus(joiner, join.via === "recruit" ? "recruited" : "acquainted");
    const chat = state.data.chats.find((c) => c.id === join.chat);
    if (chat && !chat.members.includes(joiner.id)) chat.members.push(joiner.id);
    let roleLost = false;
    if (
      join.via === "recruit" &&
      join.clan !== joiner.home &&
      (joiner.role === "doctor" || joiner.role === "scout")
    ) {
      emitEvent(state, "role_lost", { player: joiner.id, role: joiner.role });
      joiner.role = "member";
      addStatus(joiner, "role_lost");
      roleLost = true;
    }
    const event = state.output.events[join.event] as GameEvent;
    event["posthumous"] = posthumous;
    if (join.via === "recruit") event["counted"] = !posthumous;
    tell(state, joiner.id, "joined_clan", {
      clan: join.clan,
      boss: join.boss,
      via: join.via,
      posthumous,
      role_lost: roleLost,
    });
    const boss = state.players.find((b) => b.alive && b.role === "boss" && b.team === join.clan);
    const bossInChat =
      boss &&
      (chat?.members.includes(boss.id) ||
        scratch.joins.some((x) => x.player === boss.id && x.chat === join.chat));
    if (boss && bossInChat && boss.id !== joiner.id)
      tell(state, boss.id, "new_member", { member: joiner.id, via: join.via, posthumous });
  }
});

const step9Checks = night("9. checks", (state) => {
  for (const order of ordersOf(state, "check")) {
    if (!playerOrThrow(state, order.actor).alive) continue;
    const target = playerOrThrow(state, order.target);
    const fields: JsonObject =
      order.check === "recruited"
        ? {
            target: target.id,
            check: "recruited",
            result: target.team !== null ? "recruited" : "not_recruited",
          }
        : { target: target.id, check: "clan_role", clan: target.faction, role: target.role };
    tell(state, order.actor, "check_result", fields);
  }
});

const morningReport = night("then: clear day protection, morning report", (state, scratch) => {
  for (const p of state.players) removeStatus(p, "day_protected");
  const n = state.phase.n;
  const killed = [...scratch.killed].sort((a, b) => seatOf(state, a) - seatOf(state, b));
  const clans = clanSizes(state);
  const recruitments = scratch.joins.filter(
    (j) => j.via === "recruit" && playerOrThrow(state, j.player).alive,
  ).length;
  emitEvent(state, "morning_report", { night: n, killed, clans, recruitments });
  const lines: { key: string; params: JsonObject }[] = [
    { key: "night_results", params: { n } },
    killed.length > 0 ? { key: "killed", params: { names: killed } } : { key: "nobody_killed", params: {} },
    { key: "clan_sizes", params: clans },
    { key: "recruitments", params: { k: recruitments } },
  ];
  for (const line of lines) emitPublic(state, line.key, line.params);
  state.data.lastReport = { phase: `night ${n}`, lines };
  // the night's orders set next night's restrictions (R20)
  state.data.lastProtect = {};
  state.data.lastHeal = {};
  for (const order of state.data.orders) {
    if (order.action === "protect") state.data.lastProtect[order.actor] = order.target;
    if (order.action === "heal") state.data.lastHeal[order.actor] = order.target;
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
    (v) => playerOrThrow(state, v.voter).alive && playerOrThrow(state, v.target).alive,
  );
}

function tally(state: ClansState, side: "against" | "for"): Record<PlayerId, number> {
  const counts = new Map<PlayerId, number>();
  for (const vote of countedVotes(state))
    if (vote.side === side) counts.set(vote.target, (counts.get(vote.target) ?? 0) + 1);
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
  const outcome = result(state);
  outcome.against = tally(state, "against");
  outcome.for = tally(state, "for");
  const prot = uniqueTop(outcome.for);
  outcome.protected = prot === "tie" ? null : prot;
  const first = uniqueTop(outcome.against);
  let lynched: PlayerId | null = null;
  if (first !== null && first !== "tie") {
    if (first !== outcome.protected) lynched = first;
    else {
      const second = uniqueTop(outcome.against, first);
      lynched = second === "tie" ? null : second;
    }
  }
  outcome.lynched = lynched;
  if (lynched) removePlayer(state, lynched, "lynch");
});

const dayInactivity = day("3. inactivity removals", (state) => {
  const outcome = result(state);
  if (!state.options.inactivity_autokill) return;
  const votedAgainst = new Set(state.data.votes.filter((v) => v.side === "against").map((v) => v.voter));
  for (const p of [...state.players].sort(bySeat)) {
    if (!p.alive || state.data.excused.includes(p.id) || state.data.replaced.includes(p.id)) continue;
    if (state.data.posted.includes(p.id) && votedAgainst.has(p.id)) continue;
    removePlayer(state, p.id, "inactivity");
    outcome.inactive.push(p.id);
  }
});

const daySuccession = day("4. boss succession (the seed's night step 1)", (state) =>
  runSuccessions(state, []),
);

const dayProtection = day("5–6. day protection, vote result and day report", (state) => {
  const outcome = result(state);
  if (outcome.protected) {
    const spared = playerOrThrow(state, outcome.protected);
    if (spared.alive) addStatus(spared, "day_protected");
  }
  const n = state.phase.n;
  emitEvent(state, "vote_result", {
    day: n,
    lynched: outcome.lynched,
    protected: outcome.protected,
    peaceful: outcome.lynched === null,
    against: outcome.against,
    for: outcome.for,
  });
  const lines: { key: string; params: JsonObject }[] = [
    { key: "day_results", params: { n } },
    outcome.lynched ? { key: "lynched", params: { name: outcome.lynched } } : { key: "peaceful", params: {} },
    outcome.protected
      ? { key: "protected", params: { name: outcome.protected } }
      : { key: "nobody_protected", params: {} },
  ];
  if (outcome.inactive.length > 0) lines.push({ key: "inactivity", params: { names: outcome.inactive } });
  for (const line of lines) emitPublic(state, line.key, line.params);
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
  const data = state.data;
  data.orders = [];
  data.filled = {};
  data.votes = [];
  data.posted = [];
  data.deadPosts = {};
  data.excused = [];
  data.replaced = [];
  data.scratch = null;
  data.dayResult = null;
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
