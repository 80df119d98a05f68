import { z } from "zod";
import { emitEvent, emitPublic, playerOrThrow } from "../../engine/helpers.js";
import type { Json, JsonObject } from "../../engine/types.js";
import { allRoles, hasRole, neutralized } from "./characters.js";
import { baronPalacePower } from "./palace.js";
import { actingHolder, actingPosts, postInfo, power } from "./posts.js";
import { gmAction, paramsOf, targetPlayers } from "./spec.js";
import { COUNTRIES, type RPlayer, type RState } from "./state.js";

/** End of game, win conditions, captured power and rewards (§9). */

export function ozdCapturedPower(state: RState): number {
  let sum = 0;
  const ok = (p: RPlayer) => p.alive && !neutralized(p) && p.faction === "ozd";
  // (a) recruited members
  for (const p of state.players) if (ok(p) && !state.data.setupOzd.includes(p.id)) sum += power(state, p);
  // (b) places of non-OZD owners occupied by OZD doubles
  for (const owner of state.players) {
    if (owner.faction === "ozd") continue;
    const occupant = state.data.occupant[owner.appearance];
    if (occupant && occupant !== owner.id && ok(playerOrThrow(state, occupant))) sum += power(state, owner);
  }
  // (c) posts newly acted by members at setup
  for (const id of state.data.setupOzd) {
    const p = playerOrThrow(state, id);
    if (!ok(p)) continue;
    const had = state.data.setupPosts[id] ?? [];
    for (const post of actingPosts(state, p))
      if (post !== "magister" && !had.includes(post)) sum += postInfo(state, post).power;
  }
  return sum;
}

export function computeWinners(state: RState): string[] {
  const out: string[] = [];
  const enemies = state.players.filter(
    (p) => p.faction === "ozd" || hasRole(p, "assassin") || hasRole(p, "rainbow_baron"),
  );
  if (enemies.every((p) => neutralized(p)) && !state.data.ksbDefeat) out.push("ksb");
  if (ozdCapturedPower(state) >= 1) out.push("ozd");
  return out;
}

export function computeRewards(state: RState, winners: string[]): Record<string, number> {
  const coefficient = state.options.rewardCoefficient;
  const penaltySum = state.data.penalties.reduce((sum, p) => sum + p.amount, 0);
  const nKsb = state.data.setupKsb.length;
  const nOzd = state.data.setupOzd.length;
  const ksbWon = winners.includes("ksb");
  const baseReward = (p: RPlayer) => (state.options.materialistReward === "crowns" ? p.crowns : 0);
  const out: Record<string, number> = {};
  const materialists = state.players.filter((p) => p.type === "km" || p.type === "im");
  for (const p of materialists) {
    let reward = baseReward(p);
    if (p.type === "km" && p.ksbPeriods > 0 && !ksbWon && nKsb > 0) {
      const ksbPenalties = state.data.penalties
        .filter((x) => x.ksbMembers.includes(p.id))
        .reduce((sum, x) => sum + x.amount, 0);
      reward = Math.max(0, reward - ksbPenalties / nKsb);
    }
    out[p.id] = reward;
  }
  const materialistAverage =
    materialists.length > 0
      ? materialists.reduce((sum, p) => sum + (out[p.id] ?? 0), 0) / materialists.length
      : 0;
  const captured = ozdCapturedPower(state);
  for (const p of state.players) {
    if (p.type === "km" || p.type === "im") continue;
    if (p.type === "ki" && p.faction === "ozd")
      out[p.id] = nOzd > 0 ? (captured / nOzd) * 100 * coefficient : 0;
    else if (p.type === "ii" && hasRole(p, "rainbow_baron")) {
      const sumPower = state.data.baronFrozen[p.id] ?? baronPalacePower(state, p);
      out[p.id] = 100 * (state.options.baronRewardUsesCoefficient ? coefficient : 1) * sumPower;
    } else if (p.type === "ki" && p.faction === "ksb")
      out[p.id] = ksbWon ? Math.max(0, materialistAverage - (nKsb > 0 ? penaltySum / nKsb : 0)) : 0;
    else out[p.id] = winners.includes(p.faction) ? materialistAverage : 0;
  }
  for (const [id, r] of Object.entries(state.data.rewardOverrides)) out[id] = r;
  return out;
}

export function endGame(state: RState, given: string[] | undefined, chances: string | undefined): void {
  const winners = given ?? computeWinners(state);
  state.winners = [...winners];
  const rewards = computeRewards(state, winners);
  state.data.rewards = rewards;
  for (const p of state.players) p.reward = rewards[p.id] ?? 0;
  emitEvent(state, "game_over", { winners: [...winners] });
  // `by`: whether the GM named the winners or §9's win conditions did (the line tells its reader).
  emitPublic(state, winners.length > 0 ? "game_over" : "game_over_none", {
    winners: [...winners],
    by: given ? "gm" : "rules",
  });
  for (const p of state.players) {
    emitPublic(state, "reveal", {
      player: p.id,
      appearance: p.appearance,
      roles: allRoles(p),
      factions: [p.faction, ...p.groups],
      type: p.type,
      posts: [...p.posts],
      // A dead character's posts stay nominal (§8.1) and were announced vacant: the Russian
      // reveal says so instead of listing them as held.
      alive: p.alive,
    });
  }
  if (chances !== undefined) emitPublic(state, "chances", { text: chances });
  const losers = [...new Set(state.players.map((p) => p.faction))].filter((f) => !winners.includes(f));
  emitPublic(state, "losers", { factions: losers });
  for (const p of state.players) {
    emitEvent(state, "reward", { player: p.id, amount: rewards[p.id] ?? 0 });
    emitPublic(state, "reward", { player: p.id, amount: rewards[p.id] ?? 0 });
  }
  state.ended = true;
}

/** Who rules a country now (§6.6): the acting King in Regnum, the acting `ruler_<c>` abroad. */
function rulerOf(state: RState, country: string): string | null {
  return actingHolder(state, country === "regnum" ? "king" : `ruler_${country}`)?.id ?? null;
}

/**
 * The top-level `final` keys of §2.4: every existing unit (creation order), each country's own
 * forces and ruler, the wars, the treasuries, the case file, the KSB penalties and the OZD's
 * captured power (§9).
 */
export function finalExtra(state: RState): JsonObject {
  const data = state.data;
  const countries = [...new Set([...COUNTRIES, ...Object.keys(data.ownForces)])];
  return {
    units: [...data.units]
      .sort((a, b) => a.n - b.n)
      .map((u) => ({
        id: u.id,
        army: u.army,
        type: u.type,
        owner: u.owner,
        location: u.location,
        inTransitTo: u.inTransitTo,
        conscripted: u.conscripted,
      })),
    countries: Object.fromEntries(
      countries.map((c) => [c, { ownForces: [...(data.ownForces[c] ?? [])], ruler: rulerOf(state, c) }]),
    ),
    wars: data.wars.map(([a, b]) => [a, b]),
    treasuries: JSON.parse(JSON.stringify(data.treasuries)) as Json,
    caseFile: JSON.parse(JSON.stringify(data.caseFile)) as Json,
    penalties: data.penalties.map((p) => ({ ...p, ksbMembers: [...p.ksbMembers] })),
    ozdCaptured: ozdCapturedPower(state),
  };
}

/** The GM sets a reward and ends the game (§10). */
export const winGmActions = {
  set_reward: gmAction(paramsOf({ reward: z.number() }), {
    targets: "some",
    run(state, input) {
      for (const player of targetPlayers(state, input))
        state.data.rewardOverrides[player.id] = input.params.reward;
    },
  }),
  end_game: gmAction(paramsOf({ winners: z.array(z.string()).optional(), chances: z.string().optional() }), {
    targets: "none",
    run(state, input) {
      endGame(state, input.params.winners, input.params.chances);
    },
  }),
};
