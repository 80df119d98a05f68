import type { LocalizationMap } from "discord.js";
import { commandTexts, type CommandTextKey } from "../../i18n/commands.js";
import { both } from "../../i18n/index.js";

/** Anything with Discord's localized name and description (commands, subcommands, options). */
interface Localizable {
  setName(name: string): this;
  setNameLocalizations(map: LocalizationMap | null): this;
  setDescription(description: string): this;
  setDescriptionLocalizations(map: LocalizationMap | null): this;
}

/** English name and description, Russian localizations, from src/i18n/commands.ts. */
export function named<T extends Localizable>(builder: T, key: CommandTextKey): T {
  const text = commandTexts[key];
  return builder
    .setName(text.name.en)
    .setNameLocalizations({ ru: text.name.ru })
    .setDescription(text.description.en)
    .setDescriptionLocalizations({ ru: text.description.ru });
}

/** A localized choice of a string option. */
export function choice(
  key: string,
  value: string,
): { name: string; name_localizations: LocalizationMap; value: string } {
  const text = both(key);
  return { name: text.en.slice(0, 100), name_localizations: { ru: text.ru.slice(0, 100) }, value };
}

/** The highest phase index a command accepts: far beyond any game, well inside Postgres' integer. */
export const MAX_PHASE_INDEX = 9_999;
