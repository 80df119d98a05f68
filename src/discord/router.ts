import { MessageFlags, PermissionFlagsBits, type Interaction } from "discord.js";
import type { BotDeps } from "../bot/bot.js";
import type { Lang } from "../engine/types.js";
import { closeEarlyIfComplete } from "../games/early-close.js";
import { GameService, systemClock, type Actor } from "../games/service.js";
import { settingsOf, type GuildSettings } from "../games/queries.js";
import { t } from "../i18n/index.js";
import { commandsByName } from "./commands/index.js";
import { EDIT_MODAL, handleEditModal } from "./commands/gm.js";
import { SAY_MODAL, submitForm } from "./commands/say.js";
import { handleJoinPick, JOIN_PICK } from "./commands/game.js";
import type { Ctx } from "./context.js";
import { answerError } from "./errors.js";
import { handleRetryButton, RETRY_PREFIX } from "./outbox-failures.js";
import { handlePanel, PANEL_PREFIX } from "./panels.js";
import { handleReviewButton, REVIEW_PREFIX } from "./review.js";
import { shownNameOf } from "./members.js";
import { handleSignupButton, SIGNUP_PREFIX } from "./signups.js";

/**
 * Who acts in an interaction: a member with the server's GM role or the Manage Server
 * permission is a GM of every game on the server (docs/gm.md). Null outside a server.
 */
export function actorOf(interaction: Interaction, settings: Pick<GuildSettings, "gmRoleId">): Actor | null {
  if (!interaction.guildId) return null;
  const member = interaction.member;
  const roles = member && "roles" in member ? member.roles : null;
  const hasGmRole =
    settings.gmRoleId !== null &&
    roles !== null &&
    (Array.isArray(roles) ? roles.includes(settings.gmRoleId) : roles.cache.has(settings.gmRoleId));
  const manager = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
  return {
    guildId: interaction.guildId,
    userId: interaction.user.id,
    name: shownNameOf(interaction),
    serverGm: manager || hasGmRole,
  };
}

/** A context for one interaction, in its server's language, acting as `actor` (if any). */
export function contextFor(deps: BotDeps, lang: Lang, actor: Actor | null = null): Ctx {
  const db = deps.database.db;
  return {
    deps,
    db,
    service: new GameService(db, deps.clock, actor),
    actor,
    lang,
    log: deps.log,
    async after(gameId, committed) {
      const scheduler = deps.scheduler;
      if (!scheduler) return;
      if (committed.deadlines.length > 0) await scheduler.enqueueDeadlines(committed.deadlines);
      if (committed.outbox) await scheduler.requestDrain(gameId, committed.version);
      // Everyone required has acted (where the ruleset allows it): the phase resolves now
      // (an input's own transaction has judged it already).
      if (committed.earlyCloseJudged) return;
      const early = await closeEarlyIfComplete(db, deps.clock ?? systemClock, gameId);
      if (early.deadlines.length > 0) await scheduler.enqueueDeadlines(early.deadlines);
    },
  };
}

/**
 * Routes an interaction to its command, panel or modal handler, and classifies any failure at
 * this one boundary (src/discord/errors.ts). Handlers defer first where work touches the database.
 */
/** A deferred interaction still unanswered after this long gets an interim answer (the final one replaces it). */
export const SLOW_ANSWER_MS = 8_000;

export async function handleInteraction(deps: BotDeps, interaction: Interaction): Promise<void> {
  let lang: Lang = "ru";
  // Whatever a handler does, a deferred interaction must not be left "thinking": a slow one is
  // told so, and one that ends without an answer gets an error (both logged, never silent).
  const slow = setTimeout(() => {
    if (!interaction.isRepliable() || !interaction.deferred || interaction.replied) return;
    deps.log.warn(
      { interaction: interaction.id, user: interaction.user.id },
      "interaction is slow to answer",
    );
    // Through the webhook, so discord.js still counts the interaction as unanswered.
    interaction.webhook
      .editMessage("@original", { content: t(lang, "error.slow") })
      .catch((error: unknown) =>
        deps.log.warn(
          { interaction: interaction.id, err: (error as Error).message },
          "interim answer failed",
        ),
      );
  }, SLOW_ANSWER_MS);
  slow.unref();
  try {
    let actor: Actor | null = null;
    if (interaction.guildId) {
      const settings = await settingsOf(deps.database.db, interaction.guildId);
      lang = settings.language;
      actor = actorOf(interaction, settings);
    }
    const ctx = contextFor(deps, lang, actor);
    if (interaction.isChatInputCommand()) {
      const command = commandsByName.get(interaction.commandName);
      if (!command) return;
      await command.execute(ctx, interaction);
    } else if (interaction.isAutocomplete()) {
      const command = commandsByName.get(interaction.commandName);
      if (command?.autocomplete) await command.autocomplete(ctx, interaction);
      else await interaction.respond([]);
    } else if (interaction.isStringSelectMenu() || interaction.isButton()) {
      if (interaction.customId.startsWith(`${PANEL_PREFIX}:`)) await handlePanel(ctx, interaction);
      else if (interaction.isStringSelectMenu() && interaction.customId === JOIN_PICK)
        await handleJoinPick(ctx, interaction);
      else if (interaction.isButton() && interaction.customId.startsWith(`${RETRY_PREFIX}:`))
        await handleRetryButton(ctx, interaction);
      else if (interaction.isButton() && interaction.customId.startsWith(`${SIGNUP_PREFIX}:`))
        await handleSignupButton(ctx, interaction);
      else if (interaction.isButton() && interaction.customId.startsWith(`${REVIEW_PREFIX}:`))
        await handleReviewButton(ctx, interaction);
      else await answerExpired(interaction, lang);
    } else if (interaction.isModalSubmit()) {
      if (interaction.customId.startsWith(`${EDIT_MODAL}:`)) await handleEditModal(ctx, interaction);
      else if (interaction.customId.startsWith(`${SAY_MODAL}:`)) await submitForm(ctx, interaction);
      else await answerExpired(interaction, lang);
    }
    if (interaction.isRepliable() && interaction.deferred && !interaction.replied) {
      deps.log.error(
        { interaction: interaction.id, user: interaction.user.id },
        "handler finished without answering a deferred interaction",
      );
      await interaction.editReply({ content: t(lang, "error.unanswered") });
    }
  } catch (error) {
    await answerError(interaction, error, lang, deps.log);
  } finally {
    clearTimeout(slow);
  }
}

/**
 * A button, menu or form this bot no longer knows (an older version's, or made up by a client)
 * gets a private answer instead of Discord's "This interaction failed".
 */
async function answerExpired(interaction: Interaction, lang: Lang): Promise<void> {
  if (!interaction.isRepliable() || interaction.replied || interaction.deferred) return;
  await interaction.reply({ content: t(lang, "error.expired"), flags: MessageFlags.Ephemeral });
}
