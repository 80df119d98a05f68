import { copyJson } from "../../engine/copy.js";
import type { Json } from "../../engine/types.js";
import type { AcceptedVote, ClassicData, ClassicPlayer, ClassicState, Order } from "./state.js";

/**
 * The engine copies the state before every input and resolution (src/engine/game.ts); for a
 * 24-seat table the generic copy was about half of a night's resolution. This one knows the
 * shapes of ClassicState and builds each object as a literal, which V8 does far faster than a
 * walk over unknown keys. It gives exactly what `copyJson` gives: an object whose keys are not
 * exactly the known ones (a key more, one missing or undefined) is copied by `copyJson`, so a
 * state of another shape is still copied right, only slower. Options, output, check results and
 * replacements (rarely large) go through `copyJson` too.
 * src/rulesets/classic/copy.test.ts compares both copies on every state of random games.
 */
export function copyClassicState(s: ClassicState): ClassicState {
  if (
    keyCount(s) !== 11 ||
    s.rng === undefined ||
    s.phase === undefined ||
    s.now === undefined ||
    s.seed === undefined ||
    s.ended === undefined ||
    s.winners === undefined ||
    s.players === undefined ||
    s.data === undefined ||
    s.output === undefined ||
    s.options === undefined ||
    s.ruleset === undefined ||
    !Array.isArray(s.players)
  )
    return generic(s);
  const phase = s.phase;
  const players = s.players;
  const copied = new Array<ClassicPlayer>(players.length);
  for (let i = 0; i < players.length; i++) copied[i] = copyPlayer(players[i] as ClassicPlayer);
  return {
    ruleset: s.ruleset,
    seed: s.seed,
    rng: strings(s.rng) as number[],
    options: generic(s.options),
    phase:
      keyCount(phase) === 2 && phase.kind !== undefined && phase.n !== undefined
        ? { kind: phase.kind, n: phase.n }
        : generic(phase),
    now: s.now,
    ended: s.ended,
    winners: strings(s.winners) as string[],
    players: copied,
    output: generic(s.output),
    data: copyData(s.data),
  };
}

function generic<T>(value: T): T {
  return copyJson(value as unknown as Json) as unknown as T;
}

/** Own enumerable keys, as `for … in` walks them on plain JSON objects. */
function keyCount(o: object): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}

/** A copy of an array of primitives (null where JSON would turn undefined into null). */
function strings(list: readonly unknown[]): unknown[] {
  const n = list.length;
  const copy = new Array<unknown>(n);
  for (let i = 0; i < n; i++) {
    const v = list[i];
    if (typeof v === "object" && v !== null) return generic(list) as unknown[];
    copy[i] = v === undefined ? null : v;
  }
  return copy;
}

function copyPlayer(p: ClassicPlayer): ClassicPlayer {
  if (
    keyCount(p) !== 8 ||
    p.id === undefined ||
    p.seat === undefined ||
    p.role === undefined ||
    p.faction === undefined ||
    p.alive === undefined ||
    p.statuses === undefined ||
    p.replacedBy === undefined ||
    p.clan === undefined
  )
    return generic(p);
  return {
    id: p.id,
    seat: p.seat,
    role: p.role,
    faction: p.faction,
    alive: p.alive,
    statuses: strings(p.statuses) as string[],
    replacedBy: p.replacedBy.length === 0 ? [] : generic(p.replacedBy),
    clan: p.clan,
  };
}

function copyOrder(o: Order): Order {
  if (
    keyCount(o) !== 5 ||
    o.action === undefined ||
    o.targets === undefined ||
    o.executor === undefined ||
    o.seq === undefined ||
    o.changed === undefined
  )
    return generic(o);
  return {
    action: o.action,
    targets: strings(o.targets) as string[],
    executor: o.executor,
    seq: o.seq,
    changed: o.changed,
  };
}

function copyVote(v: AcceptedVote): AcceptedVote {
  if (keyCount(v) !== 3 || v.voter === undefined || v.target === undefined || v.void === undefined)
    return generic(v);
  return { voter: v.voter, target: v.target, void: v.void };
}

/**
 * A record of primitives (`voted`, `causes`, `refusals`, `dons`): spread, which V8 copies in one
 * step, once a scan found neither an object nor an undefined value in it.
 */
function flat<T extends object>(record: T): T {
  for (const key in record) {
    const v = record[key] as unknown;
    if (v === undefined || (typeof v === "object" && v !== null)) return generic(record);
  }
  return { ...record };
}

function copyData(d: ClassicData): ClassicData {
  if (
    keyCount(d) !== 23 ||
    d.dons === undefined ||
    d.donChoice === undefined ||
    d.orders === undefined ||
    d.seq === undefined ||
    d.votes === undefined ||
    d.voted === undefined ||
    d.active === undefined ||
    d.modkills === undefined ||
    d.leaves === undefined ||
    d.duelWinner === undefined ||
    d.refusals === undefined ||
    d.against === undefined ||
    d.testament === undefined ||
    d.protectsLeft === undefined ||
    d.protectedEver === undefined ||
    d.beatenEver === undefined ||
    d.beaten === undefined ||
    d.lastHeal === undefined ||
    d.ninjaKills === undefined ||
    d.causes === undefined ||
    d.revealed === undefined ||
    d.checks === undefined ||
    d.contacts === undefined
  )
    return generic(d);
  // Records keyed by seat: spread (one step in V8), then each value replaced by its copy.
  const orders = { ...d.orders };
  for (const actor in orders) {
    const slots = orders[actor];
    if (typeof slots !== "object" || slots === null) return generic(d);
    const copy = { ...slots };
    for (const slot in copy) {
      const order = copy[slot];
      if (typeof order !== "object" || order === null) return generic(d);
      copy[slot] = copyOrder(order);
    }
    orders[actor] = copy;
  }
  const against = { ...d.against };
  for (const id in against) {
    const entry = against[id];
    if (!Array.isArray(entry)) return generic(d);
    against[id] = strings(entry) as [number, number, number];
  }
  const votes = new Array<AcceptedVote>(d.votes.length);
  for (let i = 0; i < d.votes.length; i++) votes[i] = copyVote(d.votes[i] as AcceptedVote);
  const lastHeal = d.lastHeal;
  return {
    dons: flat(d.dons),
    donChoice: flat(d.donChoice),
    orders,
    seq: d.seq,
    votes,
    voted: flat(d.voted),
    active: flat(d.active),
    modkills: strings(d.modkills) as string[],
    leaves: strings(d.leaves) as string[],
    duelWinner: d.duelWinner,
    refusals: flat(d.refusals),
    against,
    testament: d.testament === null ? null : (strings(d.testament) as string[]),
    protectsLeft: d.protectsLeft,
    protectedEver: strings(d.protectedEver) as string[],
    beatenEver: strings(d.beatenEver) as string[],
    beaten: d.beaten,
    lastHeal:
      lastHeal === null
        ? null
        : keyCount(lastHeal) === 2 && lastHeal.night !== undefined && lastHeal.target !== undefined
          ? { night: lastHeal.night, target: lastHeal.target }
          : generic(lastHeal),
    ninjaKills: d.ninjaKills,
    causes: flat(d.causes),
    revealed: strings(d.revealed) as string[],
    checks: generic(d.checks),
    contacts: strings(d.contacts) as string[],
  };
}
