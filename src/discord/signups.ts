import { MessageFlags, type ButtonInteraction } from "discord.js";
import { gameContext } from "../games/context.js";
import { UserError } from "../games/errors.js";
import { extendSignups, SIGNUP_EXTENSIONS, SIGNUP_PREFIX, startFromSignups } from "../games/signups.js";
import { discordTime } from "../games/time.js";
import { t } from "../i18n/index.js";
import { join, leaveGame } from "./commands/game.js";
import type { Ctx } from "./context.js";

export { SIGNUP_PREFIX };

/**
 * The sign-up post's buttons (src/games/signups.ts, docs/community.md): Join and Leave do what
 * `/game join` and `/game leave` do, with the same refusals; the GM's extend and start buttons
 * under a close that did not start the game. Every answer is private, in the server's language.
 */
export async function handleSignupButton(ctx: Ctx, interaction: ButtonInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const [, what, gameId = "", amount] = interaction.customId.split(":");
  const game = await ctx.service.game(gameId);
  if (game.guildId !== interaction.guildId) throw new UserError("game.not_found");
  const gctx = gameContext(ctx.db, ctx.service.clock, ctx.actor);
  switch (what) {
    case "join":
      return join(ctx, interaction, game);
    case "leave":
      return leaveGame(ctx, interaction, game);
    case "extend": {
      const minutes = SIGNUP_EXTENSIONS.find((m) => String(m) === amount);
      if (minutes === undefined) throw new UserError("signup.none");
      const committed = await extendSignups(gctx, game.id, interaction.user.id, minutes);
      await ctx.after(game.id, committed);
      await interaction.editReply(
        t(ctx.lang, "signup.extended", { name: game.name, when: discordTime(committed.value) }),
      );
      return;
    }
    case "start": {
      const committed = await startFromSignups(gctx, game.id, interaction.user.id);
      await ctx.after(game.id, committed);
      await interaction.editReply(t(ctx.lang, "signup.started", { name: game.name }));
      return;
    }
  }
  throw new UserError("signup.none");
}
