import type { AnyGameState } from "../engine/types.js";
import { computeWinners } from "../rulesets/regnum/win.js";
import { neutralized } from "../rulesets/regnum/characters.js";
import { power } from "../rulesets/regnum/posts.js";
import type { RState } from "../rulesets/regnum/state.js";

/**
 * The winners the sandbox GM names at `end_game` in a ruleset that ends only by the GM (regnum,
 * rules §9): those the engine computes (KSB, the Order) when it computes any; otherwise, as the
 * rules leave the other factions to the GM's list, the faction(s) whose living, unneutralized
 * characters hold the most power (each character's power, §2) when the GM stops the game.
 */
export function gmWinners(ruleset: string, state: AnyGameState): string[] | undefined {
  if (ruleset !== "regnum") return undefined;
  const s = state as unknown as RState;
  const computed = computeWinners(s);
  if (computed.length > 0) return computed;
  const held = new Map<string, number>();
  for (const p of s.players)
    if (!neutralized(p)) held.set(p.faction, (held.get(p.faction) ?? 0) + power(s, p));
  const most = Math.max(0, ...held.values());
  return most > 0 ? [...held].filter(([, n]) => n === most).map(([faction]) => faction) : undefined;
}
