import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import type { RPlayer, RState } from "./state.js";

/** Treasuries and inventory transfers (§2.5, §8.2). */

export function treasury(state: RState, id: string): { crowns: number; items: string[] } {
  const t = state.data.treasuries[id];
  if (t) return t;
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
    const t = treasury(state, to.slice(9));
    t.crowns += part.crowns;
    t.items.push(...part.items);
  } else {
    const r = playerOrThrow(state, to);
    r.crowns += part.crowns;
    r.orchium += part.orchium;
    r.resources += part.resources;
    r.items.push(...part.items);
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
