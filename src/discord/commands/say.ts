import {
  ActionRowBuilder,
  type Attachment,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type ModalSubmitInteraction,
} from "discord.js";
import type { RelayFile } from "../../db/schema/index.js";
import type { Lang } from "../../engine/types.js";
import { UserError } from "../../games/errors.js";
import { rulesetOrThrow } from "../../games/state.js";
import { rejectionText, t } from "../../i18n/index.js";
import type { Command, Ctx } from "../context.js";
import { named } from "./builders.js";
import { safeName } from "../../render/names.js";
import type { MaskDeps } from "../masks/gm-room.js";
import {
  checkSaid,
  deleteSaid,
  editSaid,
  MAX_TEXT,
  ownPost,
  recentPosts,
  say,
  speakerIn,
  type Said,
  type Speaker,
} from "../masks/speak.js";

/**
 * /say: speak in a masked game's chat under the mask (docs/masks.md). Used in the chat where the
 * player wants to speak; answered privately; the bot re-posts through the channel's webhook.
 * - `/say text:… [file:…]` posts; `/say` alone opens a form for long text;
 * - `/say edit:<your message> text:…` edits, `/say delete:<your message>` deletes (autocomplete
 *   offers your recent messages in this chat).
 */

export const SAY_MODAL = "mask-say";

export const data = named(new SlashCommandBuilder(), "say")
  .setDMPermission(false)
  .addStringOption((o) => named(o, "say.text").setMaxLength(MAX_TEXT))
  .addAttachmentOption((o) => named(o, "say.file"))
  .addStringOption((o) => named(o, "say.edit").setAutocomplete(true))
  .addStringOption((o) => named(o, "say.delete").setAutocomplete(true));

function depsOf(ctx: Ctx, interaction: { client: { rest: MaskDeps["rest"] } }): MaskDeps {
  return { db: ctx.db, rest: interaction.client.rest, log: ctx.log };
}

function form(lang: Lang, userId: string): ModalBuilder {
  return new ModalBuilder()
    .setCustomId(`${SAY_MODAL}:${userId}`)
    .setTitle(t(lang, "mask.modal.title"))
    .addComponents(
      new ActionRowBuilder<TextInputBuilder>().addComponents(
        new TextInputBuilder()
          .setCustomId("text")
          .setLabel(t(lang, "mask.modal.label"))
          .setStyle(TextInputStyle.Paragraph)
          .setMaxLength(MAX_TEXT)
          .setRequired(true),
      ),
    );
}

/**
 * Speech under a mask is the speaker's post for the rules, as a message of his own would be
 * (src/discord/activity.ts): activity for the inactivity rules, the dead's post limits. A post
 * the rules refuse is not relayed; the refusal is the answer. Personal threads do not count.
 */
async function ruledAsPost(
  ctx: Ctx,
  speaker: Speaker,
  userId: string,
  action: "post" | "edit_post",
): Promise<string | null> {
  if (!speaker.chatKey.startsWith("chat:")) return null;
  const ruleset = rulesetOrThrow(speaker.game.ruleset);
  if (!Object.hasOwn(ruleset.actions, action)) return null;
  const chat = speaker.chatKey.slice("chat:".length);
  let committed;
  try {
    committed = await ctx.service.submit(speaker.game.id, userId, { action, targets: [], params: { chat } });
  } catch (error) {
    if (error instanceof UserError) return null; // paused and the like: the chat rules decide
    throw error;
  }
  await ctx.after(speaker.game.id, committed);
  const rejection = committed.value.rejection;
  if (committed.value.accepted || !rejection) return null;
  return t(ctx.lang, "activity.post_refused", { reason: rejectionText(ctx.lang, rejection) });
}

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  const text = interaction.options.getString("text");
  const file = interaction.options.getAttachment("file");
  const edit = interaction.options.getString("edit");
  const remove = interaction.options.getString("delete");
  if (!text && !file && !edit && !remove) {
    await interaction.showModal(form(ctx.lang, interaction.user.id));
    return;
  }
  await speak(ctx, interaction, { body: text ?? "", file, edit, remove });
}

/**
 * The long-text form, sent. Handled here, not by a collector in the process that showed the form,
 * so a form filled in while the bot restarted is still said and nothing holds a stopping bot.
 * The form's id names the member it was shown to; only he can send it.
 */
export async function submitForm(ctx: Ctx, interaction: ModalSubmitInteraction): Promise<void> {
  const [, openedBy] = interaction.customId.split(":");
  if (openedBy !== interaction.user.id || !interaction.channelId) {
    await interaction.reply({
      content: t(ctx.lang, "mask.refuse.not_your_form"),
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  const body = interaction.fields.getTextInputValue("text");
  await speak(ctx, interaction, { body, file: null, edit: null, remove: null });
}

interface Speech {
  body: string;
  file: Attachment | null;
  edit: string | null;
  remove: string | null;
}

async function speak(
  ctx: Ctx,
  reply: ChatInputCommandInteraction | ModalSubmitInteraction,
  { body, file, edit, remove }: Speech,
): Promise<void> {
  const deps = depsOf(ctx, reply);
  await reply.deferReply({ flags: MessageFlags.Ephemeral });
  const notify = { applicationId: reply.applicationId, token: reply.token, lang: ctx.lang };
  // The answer says what is under way before the message is written: the worker's drain edits it
  // to the outcome (relay.ts `answer`), which this edit must never overwrite.
  const underWay = (content: string) => reply.editReply({ content, allowedMentions: { parse: [] } });
  const sent = async (said: Said) => ctx.after(said.value.gameId, said);
  try {
    const speaker = await speakerIn(deps, reply.channelId ?? "", reply.user.id);
    if (remove) {
      await ownPost(deps, speaker, Number(remove));
      await underWay(t(ctx.lang, "mask.sending.delete"));
      await sent(await deleteSaid(deps, speaker, { key: reply.id, relayId: Number(remove), notify }));
    } else if (edit) {
      await ownPost(deps, speaker, Number(edit));
      const refused = await ruledAsPost(ctx, speaker, reply.user.id, "edit_post");
      if (refused) {
        await underWay(refused);
        return;
      }
      await underWay(t(ctx.lang, "mask.sending.edit"));
      await sent(await editSaid(deps, speaker, { key: reply.id, relayId: Number(edit), text: body, notify }));
    } else {
      const files: RelayFile[] = file
        ? [
            {
              url: file.url,
              name: file.name,
              size: file.size,
              ...(file.contentType ? { contentType: file.contentType } : {}),
            },
          ]
        : [];
      checkSaid({ text: body, files });
      const refused = await ruledAsPost(ctx, speaker, reply.user.id, "post");
      if (refused) {
        await underWay(refused);
        return;
      }
      await underWay(t(ctx.lang, "mask.sending.post", { name: safeName(speaker.identity.username) }));
      await sent(await say(deps, speaker, { key: reply.id, text: body, files, notify }));
    }
  } catch (error) {
    if (!(error instanceof UserError) || error.rejection) throw error;
    await reply.editReply({ content: t(ctx.lang, error.key, error.params), allowedMentions: { parse: [] } });
  }
}

export async function autocomplete(ctx: Ctx, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name !== "edit" && focused.name !== "delete") {
    await interaction.respond([]);
    return;
  }
  try {
    const deps = depsOf(ctx, interaction);
    const speaker = await speakerIn(deps, interaction.channelId, interaction.user.id);
    const needle = focused.value.toLowerCase();
    const posts = await recentPosts(deps, speaker);
    await interaction.respond(
      posts
        .filter((p) => p.content.toLowerCase().includes(needle))
        .slice(0, 25)
        .map((p) => ({
          name: (
            p.content.replace(/\s+/g, " ").trim() ||
            p.files.map((f) => f.name).join(", ") ||
            `#${p.id}`
          ).slice(0, 100),
          value: String(p.id),
        })),
    );
  } catch (error) {
    if (!(error instanceof UserError) || error.rejection) throw error;
    await interaction.respond([]);
  }
}

export const command: Command = { data, execute, autocomplete };
