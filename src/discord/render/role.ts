import { EmbedBuilder } from "discord.js";
import type { AvailableAction, RulesetDefinition } from "../../engine/ruleset.js";
import type { AnyGameState, Json, JsonObject, Lang } from "../../engine/types.js";
import { has, statusName, t } from "../../i18n/index.js";
import { targetLabel } from "../../render/orders.js";
import { factionName, roleName } from "../../render/names.js";

const obj = (v: Json | undefined): JsonObject | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? v : undefined;

/**
 * The role card from the seat's own playerView (the only way hidden facts leave the engine):
 * role, side, alive, statuses, the team the view discloses, checks, and the open actions.
 */
export function roleCard(input: {
  lang: Lang;
  ruleset: RulesetDefinition<AnyGameState>;
  view: Json;
  names: ReadonlyMap<string, string>;
  actions: readonly AvailableAction[];
  /** The seat whose card this is, and each seat's grammatical gender (docs/i18n.md). */
  seat?: string;
  genderOf?: (seat: string) => "m" | "f" | undefined;
}): EmbedBuilder {
  const { lang, ruleset, names } = input;
  const genderOf = (seat: string | undefined) => (seat === undefined ? "" : (input.genderOf?.(seat) ?? ""));
  const view = obj(input.view) ?? {};
  const you = obj(view["you"]) ?? obj(view["me"]) ?? view;
  const embed = new EmbedBuilder().setTitle(t(lang, "role.title"));
  const role = you["role"];
  const faction = you["faction"];
  if (typeof role === "string")
    embed.addFields({ name: t(lang, "role.role"), value: roleName(ruleset, lang, role), inline: true });
  if (typeof faction === "string")
    embed.addFields({
      name: t(lang, "role.faction"),
      value: factionName(ruleset, lang, faction),
      inline: true,
    });
  if (typeof you["alive"] === "boolean")
    embed.addFields({
      name: t(lang, "role.status"),
      value: t(lang, you["alive"] ? "role.alive" : "role.dead", { gender: genderOf(input.seat) }),
      inline: true,
    });
  // Posts a seat holds (regnum's King, Magister, …), named as the catalog names them.
  const posts = you["posts"];
  if (Array.isArray(posts) && posts.length > 0)
    embed.addFields({
      name: t(lang, "role.posts"),
      value: posts
        .map((p) => (has(`target.${String(p)}`) ? t(lang, `target.${String(p)}`) : String(p)))
        .join(", ")
        .slice(0, 1024),
    });
  const statuses = you["statuses"];
  if (Array.isArray(statuses) && statuses.length > 0)
    embed.addFields({
      name: t(lang, "role.statuses"),
      value: statuses
        .map((s) => statusName(lang, String(s), genderOf(input.seat)))
        .join(", ")
        .slice(0, 1024),
    });
  const team = obj(view["team"]);
  const members = team?.["members"];
  if (Array.isArray(members) && members.length > 0) {
    const lines = members.map((m) => {
      const entry = obj(m) ?? {};
      const id = typeof entry["id"] === "string" ? entry["id"] : "?";
      const r = typeof entry["role"] === "string" ? ` — ${roleName(ruleset, lang, entry["role"])}` : "";
      const dead =
        entry["alive"] === false ? ` (${t(lang, "role.dead", { gender: genderOf(id) }).toLowerCase()})` : "";
      return `${names.get(id) ?? id}${r}${dead}`;
    });
    embed.addFields({ name: t(lang, "role.team"), value: lines.join("\n").slice(0, 1024) });
  }
  const checks = view["checks"];
  if (Array.isArray(checks) && checks.length > 0) {
    const lines = checks.map((c) => {
      const entry = obj(c) ?? {};
      const target = typeof entry["target"] === "string" ? targetLabel(lang, entry["target"], names) : "?";
      const result = typeof entry["result"] === "string" ? roleName(ruleset, lang, entry["result"]) : "?";
      return `${target}: ${result}`;
    });
    embed.addFields({ name: t(lang, "role.checks"), value: lines.join("\n").slice(0, 1024) });
  }
  const open = [...new Set(input.actions.map((a) => a.label[lang]))];
  embed.addFields({
    name: t(lang, "role.actions"),
    value: (open.join(", ") || t(lang, "role.none")).slice(0, 1024),
  });
  return embed;
}
