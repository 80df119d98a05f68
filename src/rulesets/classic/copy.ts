import { copyJson } from "../../engine/copy.js";
import type { Json } from "../../engine/types.js";
import type { AcceptedVote, ClassicData, ClassicPlayer, ClassicState, Order } from "./state.js";

/**
 * The engine copies the state before every input and resolution (src/engine/game.ts); for a
 * 24-seat table the copyGeneric copy was about half of a night's resolution. This one knows the
 * shapes of ClassicState and builds each object as a literal, which V8 does far faster than a
 * walk over unknown keys. It gives exactly what `copyJson` gives: an object whose keys are not
 * exactly the known ones (a key more, one missing or undefined) is copied by `copyJson`, so a
 * state of another shape is still copied right, only slower. Options, output, check results and
 * replacements (rarely large) go through `copyJson` too.
 * src/rulesets/classic/copy.test.ts compares both copies on every state of random games.
 */
export function copyClassicState(state: ClassicState): ClassicState {
  if (
    keyCount(state) !== 11 ||
    state.rng === undefined ||
    state.phase === undefined ||
    state.now === undefined ||
    state.seed === undefined ||
    state.ended === undefined ||
    state.winners === undefined ||
    state.players === undefined ||
    state.data === undefined ||
    state.output === undefined ||
    state.options === undefined ||
    state.ruleset === undefined ||
    !Array.isArray(state.players)
  )
    return copyGeneric(state);
  const phase = state.phase;
  const players = state.players;
  const copied = new Array<ClassicPlayer>(players.length);
  for (let i = 0; i < players.length; i++) copied[i] = copyPlayer(players[i] as ClassicPlayer);
  return {
    ruleset: state.ruleset,
    seed: state.seed,
    rng: copyPrimitives(state.rng) as number[],
    options: copyGeneric(state.options),
    phase:
      keyCount(phase) === 2 && phase.kind !== undefined && phase.n !== undefined
        ? { kind: phase.kind, n: phase.n }
        : copyGeneric(phase),
    now: state.now,
    ended: state.ended,
    winners: copyPrimitives(state.winners) as string[],
    players: copied,
    output: copyGeneric(state.output),
    data: copyData(state.data),
  };
}

function copyGeneric<T>(value: T): T {
  return copyJson(value as unknown as Json) as unknown as T;
}

/** Own enumerable keys, as `for … in` walks them on plain JSON objects. */
function keyCount(object: object): number {
  let count = 0;
  for (const _ in object) count++;
  return count;
}

/** A copy of an array of primitives (null where JSON would turn undefined into null). */
function copyPrimitives(list: readonly unknown[]): unknown[] {
  const length = list.length;
  const copy = new Array<unknown>(length);
  for (let i = 0; i < length; i++) {
    const item = list[i];
    if (typeof item === "object" && item !== null) return copyGeneric(list) as unknown[];
    copy[i] = item === undefined ? null : item;
  }
  return copy;
}

function copyPlayer(player: ClassicPlayer): ClassicPlayer {
  if (
    keyCount(player) !== 8 ||
    player.id === undefined ||
    player.seat === undefined ||
    player.role === undefined ||
    player.faction === undefined ||
    player.alive === undefined ||
    player.statuses === undefined ||
    player.replacedBy === undefined ||
    player.clan === undefined
  )
    return copyGeneric(player);
  return {
    id: player.id,
    seat: player.seat,
    role: player.role,
    faction: player.faction,
    alive: player.alive,
    statuses: copyPrimitives(player.statuses) as string[],
    replacedBy: player.replacedBy.length === 0 ? [] : copyGeneric(player.replacedBy),
    clan: player.clan,
  };
}

function copyOrder(order: Order): Order {
  if (
    keyCount(order) !== 5 ||
    order.action === undefined ||
    order.targets === undefined ||
    order.executor === undefined ||
    order.seq === undefined ||
    order.changed === undefined
  )
    return copyGeneric(order);
  return {
    action: order.action,
    targets: copyPrimitives(order.targets) as string[],
    executor: order.executor,
    seq: order.seq,
    changed: order.changed,
  };
}

function copyVote(vote: AcceptedVote): AcceptedVote {
  if (
    keyCount(vote) !== 3 ||
    vote.voter === undefined ||
    vote.target === undefined ||
    vote.void === undefined
  )
    return copyGeneric(vote);
  return { voter: vote.voter, target: vote.target, void: vote.void };
}

/**
 * A record of primitives (`voted`, `causes`, `refusals`, `dons`): spread, which V8 copies in one
 * step, once a scan found neither an object nor an undefined value in it.
 */
function copyFlatRecord<T extends object>(record: T): T {
  for (const key in record) {
    const value = record[key] as unknown;
    if (value === undefined || (typeof value === "object" && value !== null)) return copyGeneric(record);
  }
  return { ...record };
}

function copyData(data: ClassicData): ClassicData {
  if (
    keyCount(data) !== 23 ||
    data.dons === undefined ||
    data.donChoice === undefined ||
    data.orders === undefined ||
    data.seq === undefined ||
    data.votes === undefined ||
    data.voted === undefined ||
    data.active === undefined ||
    data.modkills === undefined ||
    data.leaves === undefined ||
    data.duelWinner === undefined ||
    data.refusals === undefined ||
    data.against === undefined ||
    data.testament === undefined ||
    data.protectsLeft === undefined ||
    data.protectedEver === undefined ||
    data.beatenEver === undefined ||
    data.beaten === undefined ||
    data.lastHeal === undefined ||
    data.ninjaKills === undefined ||
    data.causes === undefined ||
    data.revealed === undefined ||
    data.checks === undefined ||
    data.contacts === undefined
  )
    return copyGeneric(data);
  // Records keyed by seat: spread (one step in V8), then each value replaced by its copy.
  const orders = { ...data.orders };
  for (const actor in orders) {
    const slots = orders[actor];
    if (typeof slots !== "object" || slots === null) return copyGeneric(data);
    const slotsCopy = { ...slots };
    for (const slot in slotsCopy) {
      const order = slotsCopy[slot];
      if (typeof order !== "object" || order === null) return copyGeneric(data);
      slotsCopy[slot] = copyOrder(order);
    }
    orders[actor] = slotsCopy;
  }
  const against = { ...data.against };
  for (const id in against) {
    const entry = against[id];
    if (!Array.isArray(entry)) return copyGeneric(data);
    against[id] = copyPrimitives(entry) as [number, number, number];
  }
  const votes = new Array<AcceptedVote>(data.votes.length);
  for (let i = 0; i < data.votes.length; i++) votes[i] = copyVote(data.votes[i] as AcceptedVote);
  const lastHeal = data.lastHeal;
  return {
    dons: copyFlatRecord(data.dons),
    donChoice: copyFlatRecord(data.donChoice),
    orders,
    seq: data.seq,
    votes,
    voted: copyFlatRecord(data.voted),
    active: copyFlatRecord(data.active),
    modkills: copyPrimitives(data.modkills) as string[],
    leaves: copyPrimitives(data.leaves) as string[],
    duelWinner: data.duelWinner,
    refusals: copyFlatRecord(data.refusals),
    against,
    testament: data.testament === null ? null : (copyPrimitives(data.testament) as string[]),
    protectsLeft: data.protectsLeft,
    protectedEver: copyPrimitives(data.protectedEver) as string[],
    beatenEver: copyPrimitives(data.beatenEver) as string[],
    beaten: data.beaten,
    lastHeal:
      lastHeal === null
        ? null
        : keyCount(lastHeal) === 2 && lastHeal.night !== undefined && lastHeal.target !== undefined
          ? { night: lastHeal.night, target: lastHeal.target }
          : copyGeneric(lastHeal),
    ninjaKills: data.ninjaKills,
    causes: copyFlatRecord(data.causes),
    revealed: copyPrimitives(data.revealed) as string[],
    checks: copyGeneric(data.checks),
    contacts: copyPrimitives(data.contacts) as string[],
  };
}
