import { EmbedBuilder } from "discord.js";
import type { Json, Lang } from "../../engine/types.js";
import { t } from "../../i18n/index.js";
import { targetLabel } from "../../render/orders.js";
import type { SeatNames } from "../masks/seat-names.js";
import { safeName } from "../../render/names.js";

/** Votes a view discloses, as (voter, target) pairs; any ruleset with `votes: [{voter, target}]`. */
export function votesOf(view: Json): { voter: string; target: string }[] {
  if (!view || typeof view !== "object" || Array.isArray(view)) return [];
  const votes = view["votes"];
  const out: { voter: string; target: string }[] = [];
  if (Array.isArray(votes)) {
    for (const v of votes) {
      if (!v || typeof v !== "object" || Array.isArray(v)) continue;
      const voter = v["voter"];
      const target = v["target"] ?? v["vote"] ?? v["choice"];
      if (typeof voter === "string" && typeof target === "string") out.push({ voter, target });
    }
  } else if (votes && typeof votes === "object") {
    // { voter: choice } maps (e.g. Ja/Nein when voting is open)
    for (const [voter, target] of Object.entries(votes))
      if (typeof target === "string") out.push({ voter, target });
  }
  return out;
}

/** The live tally: each target with its count ("3 голоса"), most votes first, and who voted. */
export function tallyEmbed(lang: Lang, view: Json, seats: SeatNames): EmbedBuilder {
  const names = seats.names;
  const votes = votesOf(view);
  const byTarget = new Map<string, string[]>();
  for (const v of votes) byTarget.set(v.target, [...(byTarget.get(v.target) ?? []), v.voter]);
  const order = seats.order([...byTarget.keys()]);
  const rows = [...byTarget.entries()].sort(
    (a, b) => b[1].length - a[1].length || order.indexOf(a[0]) - order.indexOf(b[0]),
  );
  const lines = rows.map(([target, voters]) => {
    const who = seats
      .order(voters)
      .map((id) => safeName(names.get(id) ?? id))
      .join(", ");
    return `${t(lang, "vote.tally_line", { name: targetLabel(lang, target, names), count: voters.length })} — ${who}`;
  });
  return new EmbedBuilder()
    .setTitle(t(lang, "vote.tally"))
    .setDescription((lines.join("\n") || t(lang, "vote.tally_empty")).slice(0, 4096));
}
