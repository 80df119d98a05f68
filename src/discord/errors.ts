import { randomBytes } from "node:crypto";
import {
  DiscordAPIError,
  HTTPError,
  MessageFlags,
  type AutocompleteInteraction,
  type Interaction,
  type RepliableInteraction,
} from "discord.js";
import { isConnectionError } from "../db/client.js";
import type { Lang } from "../engine/types.js";
import { UserError } from "../games/errors.js";
import { rejectionText, t } from "../i18n/index.js";
import type { Logger } from "../log.js";

/**
 * The one error classifier at the Discord boundary:
 * - UserError (an expected refusal) → its localized message, privately;
 * - DiscordAPIError → logged, and a localized "Discord refused: …";
 * - Postgres unreachable or a connection cut, Discord not answering (5xx, timeouts) → logged,
 *   and a localized "try again in a moment";
 * - anything else → logged with a short correlation id that the user is shown.
 */
export interface Classified {
  kind: "user" | "discord" | "unavailable" | "internal";
  message: string;
  correlationId?: string;
}

export function userErrorText(lang: Lang, error: UserError): string {
  // A rule's refusal reads in the reader's language wherever the message quotes it.
  if (error.rejection)
    return t(lang, error.key, { ...error.params, reason: rejectionText(lang, error.rejection) });
  return t(lang, error.key, error.params);
}

export function classify(
  error: unknown,
  lang: Lang,
  log: Logger,
  where: Record<string, unknown> = {},
): Classified {
  if (error instanceof UserError) return { kind: "user", message: userErrorText(lang, error) };
  if (error instanceof DiscordAPIError) {
    log.warn(
      { ...where, code: error.code, status: error.status, url: error.url, err: error.message },
      "discord refused",
    );
    return { kind: "discord", message: t(lang, "error.discord", { message: error.message }) };
  }
  if (isConnectionError(error) || error instanceof HTTPError || isAbort(error)) {
    log.warn({ ...where, err: (error as Error).message }, "a dependency failed during an interaction");
    return { kind: "unavailable", message: t(lang, "error.unavailable") };
  }
  const correlationId = randomBytes(4).toString("hex");
  log.error(
    {
      ...where,
      correlationId,
      // The whole error, its cause too (a failed query's driver error), parameters redacted by the logger.
      err: error,
    },
    "interaction failed",
  );
  return { kind: "internal", message: t(lang, "error.internal", { id: correlationId }), correlationId };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/** Answers privately, whatever state the interaction is in (fresh, deferred, replied). */
export async function answerPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  if (interaction.deferred && !interaction.replied) {
    await interaction.editReply({ content, embeds: [], components: [] });
  } else if (interaction.replied) {
    await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  } else {
    await interaction.reply({ content, flags: MessageFlags.Ephemeral });
  }
}

/** Classifies and answers; a failure to answer (token expired) is only logged. */
export async function answerError(
  interaction: Interaction,
  error: unknown,
  lang: Lang,
  log: Logger,
): Promise<Classified> {
  const where = { interaction: interaction.id, user: interaction.user.id, guild: interaction.guildId };
  const classified = classify(error, lang, log, where);
  try {
    if (interaction.isAutocomplete()) await respondEmpty(interaction);
    else if (interaction.isRepliable()) await answerPrivately(interaction, classified.message);
  } catch (answerFailure) {
    log.warn({ ...where, err: (answerFailure as Error).message }, "could not answer an interaction");
  }
  return classified;
}

async function respondEmpty(interaction: AutocompleteInteraction): Promise<void> {
  if (!interaction.responded) await interaction.respond([]);
}
