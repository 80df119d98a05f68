import { MessageFlags, type ButtonInteraction } from "discord.js";
import { UserError } from "../games/errors.js";
import { draftOf } from "../games/queries.js";
import { REVIEW_PREFIX } from "../games/service.js";
import { phaseName, t } from "../i18n/index.js";
import { editModal } from "./commands/gm.js";
import type { Ctx } from "./context.js";
import { requireGm } from "./preconditions.js";

/**
 * The buttons of a draft's card in the GM room (src/games/gm-room.ts): Publish, Edit, Hold and
 * Re-run, `review:<action>:<game>:<phase index>`. Only a GM of the game may press them; anyone
 * else is refused privately and nothing changes. Each does what its /gm subcommand does.
 */

export { REVIEW_PREFIX };

export async function handleReviewButton(ctx: Ctx, interaction: ButtonInteraction): Promise<void> {
  const [, action = "", gameId = "", index = ""] = interaction.customId.split(":");
  const game = await ctx.service.game(gameId);
  await requireGm(ctx, game.id, interaction.user.id);
  const phaseIndex = Number(index);
  const draft = Number.isInteger(phaseIndex) ? await draftOf(ctx.db, game.id, phaseIndex) : undefined;
  if (!draft) throw new UserError("game.no_draft");
  if (action === "edit") {
    // A modal must be the first answer.
    await interaction.showModal(await editModal(ctx, game.id, draft));
    return;
  }
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const phase = phaseName(ctx.lang, draft.phase);
  const userId = interaction.user.id;
  switch (action) {
    case "publish":
      await ctx.after(game.id, await ctx.service.publish(game.id, draft.phaseIndex, userId));
      await interaction.editReply(t(ctx.lang, "gm.published", { phase }));
      return;
    case "hold":
      await ctx.after(game.id, await ctx.service.hold(game.id, draft.phaseIndex, userId));
      await interaction.editReply(t(ctx.lang, "gm.held", { phase }));
      return;
    case "rerun":
      await ctx.after(game.id, await ctx.service.rerun(game.id, draft.phaseIndex, userId));
      await interaction.editReply(t(ctx.lang, "gm.rerun_done", { phase }));
      return;
    default:
      throw new UserError("game.no_draft");
  }
}
