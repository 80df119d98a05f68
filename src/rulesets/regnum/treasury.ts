import { z } from "zod";
import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import { abroad, underground } from "./characters.js";
import { actingHolder } from "./posts.js";
import { gmAction, idParam, paramsOf, targetPlayers } from "./spec.js";
import type { RPlayer, RState } from "./state.js";
import { inEnemyCountry } from "./travel.js";

/** Treasuries and inventory transfers (§2.5, §8.2). */

export function treasury(state: RState, id: string): { crowns: number; items: string[] } {
  const existing = state.data.treasuries[id];
  if (existing) return existing;
  const created = { crowns: 0, items: [] as string[] };
  state.data.treasuries[id] = created;
  return created;
}

/** Moves inventory to a player or "treasury:<id>", with the event of §8.2. */
export function transferInventory(
  state: RState,
  from: RPlayer,
  to: string,
  part: { crowns: number; items: string[]; orchium: number; resources: number },
): void {
  if (part.crowns === 0 && part.items.length === 0 && part.orchium === 0 && part.resources === 0) return;
  from.crowns -= part.crowns;
  from.orchium -= part.orchium;
  from.resources -= part.resources;
  for (const item of part.items) {
    const i = from.items.indexOf(item);
    if (i >= 0) from.items.splice(i, 1);
  }
  if (to.startsWith("treasury:")) {
    const recipientTreasury = treasury(state, to.slice(9));
    recipientTreasury.crowns += part.crowns;
    recipientTreasury.items.push(...part.items);
  } else {
    const recipient = playerOrThrow(state, to);
    recipient.crowns += part.crowns;
    recipient.orchium += part.orchium;
    recipient.resources += part.resources;
    recipient.items.push(...part.items);
  }
  emitEvent(state, "inventory_transferred", {
    from: from.id,
    to,
    crowns: part.crowns,
    items: [...part.items],
    orchium: part.orchium,
    resources: part.resources,
  });
}

/** What the GM gives or takes: crowns, items, orchium, resources. */
const goods = {
  crowns: z.number().int().min(0).optional(),
  items: z.array(z.string()).optional(),
  orchium: z.number().int().min(0).optional(),
  resources: z.number().int().min(0).optional(),
};

/** The GM gives the targets goods (from treasury `tid`, if named) or takes them (into it). */
function give(
  state: RState,
  input: { targets: string[]; params: z.output<z.ZodObject<typeof goods>> },
  sign: 1 | -1,
  treasuryId: string | undefined,
): void {
  const crowns = input.params.crowns ?? 0;
  const orchium = input.params.orchium ?? 0;
  const resources = input.params.resources ?? 0;
  const items = input.params.items ?? [];
  for (const player of targetPlayers(state, input)) {
    if (sign === 1) {
      player.crowns += crowns;
      player.orchium += orchium;
      player.resources += resources;
      player.items.push(...items);
      if (treasuryId) {
        const fund = treasury(state, treasuryId);
        fund.crowns = Math.max(0, fund.crowns - crowns);
        for (const item of items) {
          const index = fund.items.indexOf(item);
          if (index >= 0) fund.items.splice(index, 1);
        }
      }
    } else {
      const part = {
        crowns: Math.min(crowns, player.crowns),
        orchium: Math.min(orchium, player.orchium),
        resources: Math.min(resources, player.resources),
        items: items.filter((item) => player.items.includes(item)),
      };
      if (treasuryId) transferInventory(state, player, `treasury:${treasuryId}`, part);
      else {
        player.crowns -= part.crowns;
        player.orchium -= part.orchium;
        player.resources -= part.resources;
        for (const item of part.items) player.items.splice(player.items.indexOf(item), 1);
      }
    }
    emitEvent(state, sign === 1 ? "gm_gave" : "gm_took", {
      player: player.id,
      crowns,
      orchium,
      resources,
      items,
    });
  }
}

/** The GM gives, takes, pays benefits, charges taxes and fines, and sets a treasury (§10). */
export const treasuryGmActions = {
  give: gmAction(paramsOf({ ...goods, from: z.string().optional() }), {
    targets: "some",
    run: (state, input) => give(state, input, 1, input.params.from),
  }),
  take: gmAction(paramsOf({ ...goods, to: z.string().optional() }), {
    targets: "some",
    run: (state, input) => give(state, input, -1, input.params.to),
  }),
  pay_benefit: gmAction(paramsOf({ crowns: z.number().int().min(0) }), {
    targets: "some",
    run(state, input) {
      const crowns = input.params.crowns;
      for (const player of targetPlayers(state, input)) {
        if (underground(player) || inEnemyCountry(state, player)) {
          emitEvent(state, "benefit_vanished", { player: player.id, crowns });
          continue;
        }
        if (abroad(player)) {
          const adviser = actingHolder(state, `adviser_${player.location}`);
          if (adviser) adviser.crowns += crowns;
          emitEvent(state, "benefit_paid", { player: player.id, to: adviser?.id ?? null, crowns });
          continue;
        }
        player.crowns += crowns;
        emitEvent(state, "benefit_paid", { player: player.id, to: player.id, crowns });
      }
    },
  }),
  charge: gmAction(
    paramsOf({
      crowns: z.number().int().min(0),
      kind: z.enum(["tax", "fine"]),
      treasury: z.string().optional(),
    }),
    {
      targets: "some",
      run(state, input) {
        const crowns = input.params.crowns;
        for (const player of targetPlayers(state, input)) {
          if (underground(player) || abroad(player)) {
            emitEvent(state, "charge_refused", { player: player.id });
            continue;
          }
          const paid = Math.min(crowns, player.crowns);
          player.crowns -= paid;
          treasury(state, input.params.treasury ?? state.options.defaultTreasury).crowns += paid;
          emitEvent(state, "charged", { player: player.id, crowns: paid, kind: input.params.kind });
        }
      },
    },
  ),
  set_treasury: gmAction(
    paramsOf({
      treasury: idParam,
      crowns: z.number().int().min(0).optional(),
      items: z.array(z.string()).optional(),
    }),
    {
      targets: "none",
      run(state, input) {
        const fund = treasury(state, input.params.treasury);
        if (typeof input.params.crowns === "number") fund.crowns = input.params.crowns;
        if (Array.isArray(input.params.items)) fund.items = [...input.params.items];
      },
    },
  ),
};
