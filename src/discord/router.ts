import type { Interaction } from "discord.js";
import type { BotDeps } from "../bot/bot.js";

/**
 * Routes an interaction to its command and classifies any failure at this one boundary.
 */
export async function handleInteraction(deps: BotDeps, interaction: Interaction): Promise<void> {
  deps.log.debug({ id: interaction.id, type: interaction.type }, "interaction");
}
