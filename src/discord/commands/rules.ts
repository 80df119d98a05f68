import {
  EmbedBuilder,
  MessageFlags,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import type { RulesetDefinition } from "../../engine/ruleset.js";
import type { AnyGameState, Lang } from "../../engine/types.js";
import { UserError } from "../../games/errors.js";
import { t } from "../../i18n/index.js";
import { rulebooks } from "../../i18n/rulebooks.js";
import { rulesets } from "../../rulesets/index.js";
import type { Command, Ctx } from "../context.js";
import { resolveGame } from "../preconditions.js";
import { factionName, roleName } from "../../render/names.js";
import { named } from "./builders.js";

/**
 * /rules: a ruleset's summary for players, and a role's description (autocomplete), in the
 * server's language; always private. Without `ruleset`, the rules of the game of this channel
 * (or the one game the player takes part in).
 */
export const data = named(new SlashCommandBuilder(), "rules")
  .setDMPermission(false)
  .addStringOption((o) =>
    named(o, "opt.rules_ruleset").addChoices(
      ...Object.values(rulesets).map((r) => ({
        name: r.name.en.slice(0, 100),
        name_localizations: { ru: r.name.ru.slice(0, 100) },
        value: r.id,
      })),
    ),
  )
  .addStringOption((o) => named(o, "opt.rules_role").setAutocomplete(true));

/** The ruleset named, else the game's here, else none. */
async function rulesetOf(
  ctx: Ctx,
  interaction: ChatInputCommandInteraction | AutocompleteInteraction,
): Promise<RulesetDefinition<AnyGameState> | undefined> {
  const named = interaction.options.getString("ruleset");
  if (named) return rulesets[named];
  try {
    const game = await resolveGame(ctx, interaction, null);
    return rulesets[game.ruleset];
  } catch (error) {
    if (error instanceof UserError) return undefined;
    throw error;
  }
}

/** A role by id, or by its name in either language (typed by hand). */
function findRole(ruleset: RulesetDefinition<AnyGameState>, typed: string): string | undefined {
  const needle = typed.trim().toLowerCase();
  return Object.entries(ruleset.roles).find(
    ([id, r]) => id === needle || r.name.en.toLowerCase() === needle || r.name.ru.toLowerCase() === needle,
  )?.[0];
}

export function rulesEmbeds(
  lang: Lang,
  ruleset: RulesetDefinition<AnyGameState>,
  roleId: string | null,
): EmbedBuilder[] {
  const book = rulebooks[ruleset.id]?.[lang];
  const footer = t(lang, "rules.more", { file: `${ruleset.id}.${lang}.md`, id: ruleset.id });
  const main = new EmbedBuilder()
    .setTitle(t(lang, "rules.title", { ruleset: ruleset.name[lang] }).slice(0, 256))
    .setDescription(`${book?.summary ?? ruleset.name[lang]}\n\n${footer}`.slice(0, 4096));
  if (!roleId) {
    const roles = Object.keys(ruleset.roles).map((id) => roleName(ruleset, lang, id));
    main.addFields({ name: t(lang, "rules.roles"), value: roles.join(", ").slice(0, 1024) });
    return [main];
  }
  const role = ruleset.roles[roleId];
  const faction = role?.faction;
  const title = faction
    ? t(lang, "rules.role", {
        role: roleName(ruleset, lang, roleId),
        faction: factionName(ruleset, lang, faction),
      })
    : t(lang, "rules.role_alone", { role: roleName(ruleset, lang, roleId) });
  const about = new EmbedBuilder()
    .setTitle(title.slice(0, 256))
    .setDescription((book?.roles[roleId] ?? roleName(ruleset, lang, roleId)).slice(0, 4096));
  return [main, about];
}

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const ruleset = await rulesetOf(ctx, interaction);
  if (!ruleset) throw new UserError("rules.which");
  const typed = interaction.options.getString("role");
  let roleId: string | null = null;
  if (typed) {
    roleId = findRole(ruleset, typed) ?? null;
    if (!roleId)
      throw new UserError("rules.unknown_role", {
        role: typed.slice(0, 100),
        roles: Object.keys(ruleset.roles)
          .map((id) => roleName(ruleset, ctx.lang, id))
          .join(", "),
      });
  }
  await interaction.editReply({ embeds: rulesEmbeds(ctx.lang, ruleset, roleId) });
}

export async function autocomplete(ctx: Ctx, interaction: AutocompleteInteraction): Promise<void> {
  const ruleset = await rulesetOf(ctx, interaction);
  const needle = interaction.options.getFocused().trim().toLowerCase();
  const choices = Object.keys(ruleset?.roles ?? {})
    .map((id) => ({
      name: roleName(ruleset as RulesetDefinition<AnyGameState>, ctx.lang, id).slice(0, 100),
      value: id,
    }))
    .filter((c) => c.name.toLowerCase().includes(needle) || c.value.startsWith(needle))
    .slice(0, 25);
  await interaction.respond(choices);
}

export const command: Command = { data, execute, autocomplete };
