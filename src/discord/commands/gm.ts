import {
  ActionRowBuilder,
  GuildMember,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type ModalSubmitInteraction,
  type SlashCommandStringOption,
  type SlashCommandUserOption,
} from "discord.js";
import type { JsonObject } from "../../engine/types.js";
import { UserError } from "../../games/errors.js";
import { draftOf, draftText, type ResolutionRow } from "../../games/queries.js";
import { systemClock, type GameRow } from "../../games/service.js";
import { discordTime, localTime, parseLocalTime } from "../../games/time.js";
import { rulesetOrThrow } from "../../games/state.js";
import { commandTexts } from "../../i18n/commands.js";
import { phaseName, rejectionText, t } from "../../i18n/index.js";
import type { Command, Ctx } from "../context.js";
import { safeName } from "../../render/names.js";
import { gameChoices, refuseSeatForAdmin, requireGm, resolveGame } from "../preconditions.js";
import { describeChosen, labelsOf } from "../../render/orders.js";
import { seatNames } from "../masks/seat-names.js";
import { findOffer, offerValue, paramsFor, targetChoices } from "../orders.js";
import { displayNameOf } from "./game.js";
import { benchOf, leaveBench } from "../../games/bench.js";
import { named, MAX_PHASE_INDEX } from "./builders.js";
import { ConsoleAuth, LINK_TTL_MS } from "../../console/auth.js";

/**
 * /gm: the GM's tools. Every subcommand checks that the caller is a GM of the game first, so
 * a non-GM is refused the same way whatever the subcommand and nothing changes.
 */

const gameOption = (o: SlashCommandStringOption) => named(o, "opt.game").setAutocomplete(true);
const playerOption = (o: SlashCommandUserOption) => named(o, "opt.player").setRequired(true);
const memberOption = (o: SlashCommandUserOption) => named(o, "opt.user").setRequired(true);

export const data = named(new SlashCommandBuilder(), "gm")
  .setDMPermission(false)
  .addSubcommand((s) => named(s, "gm.modkill").addUserOption(playerOption).addStringOption(gameOption))
  .addSubcommand((s) => named(s, "gm.revive").addUserOption(playerOption).addStringOption(gameOption))
  .addSubcommand((s) =>
    named(s, "gm.replace")
      .addUserOption(playerOption)
      .addUserOption((o) => named(o, "opt.with_bench"))
      .addStringOption(gameOption),
  )
  .addSubcommandGroup((g) =>
    named(g, "gm.status")
      .addSubcommand((s) =>
        named(s, "gm.status.set")
          .addUserOption(playerOption)
          .addStringOption((o) => named(o, "opt.status").setRequired(true).setMaxLength(60))
          .addStringOption(gameOption),
      )
      .addSubcommand((s) =>
        named(s, "gm.status.clear")
          .addUserOption(playerOption)
          .addStringOption((o) => named(o, "opt.status").setRequired(true).setMaxLength(60))
          .addStringOption(gameOption),
      ),
  )
  .addSubcommand((s) =>
    named(s, "gm.extend")
      .addIntegerOption((o) =>
        named(o, "opt.minutes")
          .setRequired(true)
          .setMinValue(1)
          .setMaxValue(7 * 24 * 60),
      )
      .addStringOption(gameOption),
  )
  .addSubcommand((s) =>
    named(s, "gm.deadline")
      .addStringOption((o) => named(o, "opt.time").setRequired(true).setMaxLength(40))
      .addStringOption(gameOption),
  )
  .addSubcommand((s) => named(s, "gm.pause").addStringOption(gameOption))
  .addSubcommand((s) => named(s, "gm.resume").addStringOption(gameOption))
  .addSubcommand((s) => named(s, "gm.force").addStringOption(gameOption))
  .addSubcommand((s) =>
    named(s, "gm.publish")
      .addIntegerOption((o) => named(o, "opt.phase").setMinValue(0).setMaxValue(MAX_PHASE_INDEX))
      .addStringOption(gameOption),
  )
  .addSubcommand((s) =>
    named(s, "gm.hold")
      .addIntegerOption((o) => named(o, "opt.phase").setMinValue(0).setMaxValue(MAX_PHASE_INDEX))
      .addStringOption(gameOption),
  )
  .addSubcommand((s) =>
    named(s, "gm.edit")
      .addIntegerOption((o) => named(o, "opt.phase").setMinValue(0).setMaxValue(MAX_PHASE_INDEX))
      .addStringOption((o) => named(o, "opt.text").setMaxLength(4000))
      .addStringOption(gameOption),
  )
  .addSubcommand((s) =>
    named(s, "gm.rerun")
      .addIntegerOption((o) => named(o, "opt.phase").setMinValue(0).setMaxValue(MAX_PHASE_INDEX))
      .addStringOption(gameOption),
  )
  .addSubcommand((s) =>
    named(s, "gm.order")
      .addUserOption(playerOption)
      .addStringOption((o) => named(o, "opt.action").setRequired(true).setAutocomplete(true))
      .addStringOption((o) => named(o, "opt.target").setAutocomplete(true))
      .addStringOption((o) => named(o, "opt.target2").setAutocomplete(true))
      .addStringOption((o) => named(o, "opt.reason").setMaxLength(500))
      .addStringOption(gameOption),
  )
  .addSubcommand((s) => named(s, "gm.console").addStringOption(gameOption))
  .addSubcommand((s) =>
    named(s, "gm.announce")
      .addStringOption((o) => named(o, "opt.text").setRequired(true).setMaxLength(2000))
      .addStringOption(gameOption),
  )
  .addSubcommand((s) => named(s, "gm.add").addUserOption(memberOption).addStringOption(gameOption))
  .addSubcommand((s) => named(s, "gm.remove").addUserOption(memberOption).addStringOption(gameOption));

export const EDIT_MODAL = "gmedit";

/** The Discord-side name of a GM subcommand in the server's language. */
function subName(ctx: Ctx, key: keyof typeof commandTexts): string {
  return commandTexts[key].name[ctx.lang];
}

async function seatOfUser(
  ctx: Ctx,
  game: GameRow,
  interaction: ChatInputCommandInteraction,
): Promise<string> {
  const user = interaction.options.getUser("player", true);
  return (await ctx.service.seatOf(game.id, user.id)).seatId;
}

/** A GM action of the ruleset through the service; the ruleset judges it like any input. */
async function rulesetGm(
  ctx: Ctx,
  interaction: ChatInputCommandInteraction,
  game: GameRow,
  action: string,
  targets: string[],
  params: JsonObject,
  shown: string,
): Promise<void> {
  const ruleset = rulesetOrThrow(game.ruleset);
  if (!Object.hasOwn(ruleset.gmActions, action))
    throw new UserError("gm.unsupported", { ruleset: ruleset.name[ctx.lang], action: shown });
  const committed = await ctx.service.gm(game.id, interaction.user.id, { action, targets, params });
  await ctx.after(game.id, committed);
  const outcome = committed.value;
  if (!outcome.accepted) {
    const reason = outcome.rejection ? rejectionText(ctx.lang, outcome.rejection) : "?";
    await interaction.editReply(t(ctx.lang, "gm.rejected", { reason }));
    return;
  }
  // The rules that apply this GM action at the resolution: the GM is told it has not acted yet.
  const done = ruleset.deferredGmActions?.includes(action)
    ? t(ctx.lang, "gm.deferred", { action: shown, ruleset: ruleset.name[ctx.lang] })
    : t(ctx.lang, "gm.done", { action: shown });
  await interaction.editReply(withCorrectionNote(ctx, done, outcome.stale, outcome.phase));
}

/** A GM's correction while a draft waits: the reply says the draft is held until a Re-run. */
function withCorrectionNote(ctx: Ctx, text: string, stale: boolean, phase: string): string {
  return stale
    ? `${text}\n${t(ctx.lang, "gm.correction_note", { phase: phaseName(ctx.lang, phase) })}`
    : text;
}

/**
 * /gm order: an order on behalf of a seat (a GM's override), offered from what the rules open to
 * that seat now and judged by them as the seat's own; logged under the GM's account.
 */
async function orderFor(ctx: Ctx, interaction: ChatInputCommandInteraction, game: GameRow): Promise<void> {
  const user = interaction.options.getUser("player", true);
  const { seat, actions } = await ctx.service.available(game.id, user.id);
  const seats = await seatNames(ctx.db, game.id);
  const player = safeName(seats.names.get(seat.seatId) ?? seat.displayName);
  const chosen = interaction.options.getString("action", true);
  const ruleset = rulesetOrThrow(game.ruleset);
  const offer = findOffer(ctx.lang, actions, chosen, seats);
  const action = offer?.action ?? chosen.split("|")[0] ?? chosen;
  if (!offer && !Object.hasOwn(ruleset.actions, action)) {
    const list = [...new Set(actions.map((a) => a.label[ctx.lang]))].join(", ") || t(ctx.lang, "role.none");
    throw new UserError("gm.order_unknown_action", { player, action: chosen.slice(0, 60), actions: list });
  }
  const targets = ["target", "target2"]
    .map((n) => interaction.options.getString(n))
    .filter((v): v is string => !!v)
    .map((v) => seats.targetOf(v));
  const params = paramsFor(ruleset, action, offer, interaction.options.getString("reason"));
  const order = { action, targets, params };
  const committed = await ctx.service.submitFor(game.id, interaction.user.id, seat.seatId, order);
  await ctx.after(game.id, committed);
  const outcome = committed.value;
  if (!outcome.accepted) {
    const reason = outcome.rejection ? rejectionText(ctx.lang, outcome.rejection) : "?";
    await interaction.editReply(t(ctx.lang, "gm.order_refused", { player, reason }));
    return;
  }
  const text = t(ctx.lang, "gm.order_done", {
    player,
    action: describeChosen(ctx.lang, order, actions, seats.names, labelsOf(ruleset)),
  });
  await interaction.editReply(withCorrectionNote(ctx, text, outcome.stale, outcome.phase));
}

/** The edit modal of a draft, filled with its newspaper text as it stands. */
export async function editModal(ctx: Ctx, gameId: string, draft: ResolutionRow): Promise<ModalBuilder> {
  const current = await draftText(ctx.db, draft.id);
  const input = new TextInputBuilder()
    .setCustomId("text")
    .setLabel(t(ctx.lang, "gm.edit_label").slice(0, 45))
    .setStyle(TextInputStyle.Paragraph)
    .setMaxLength(4000)
    .setRequired(true);
  if (current) input.setValue(current.slice(0, 4000));
  return new ModalBuilder()
    .setCustomId(`${EDIT_MODAL}:${gameId}:${draft.phaseIndex}`)
    .setTitle(t(ctx.lang, "gm.edit_title").slice(0, 45))
    .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
}

async function phaseIndexOf(ctx: Ctx, game: GameRow, interaction: ChatInputCommandInteraction) {
  const draft = await draftOf(ctx.db, game.id, interaction.options.getInteger("phase"));
  if (!draft) throw new UserError("game.no_draft");
  return draft;
}

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  const group = interaction.options.getSubcommandGroup(false);
  const sub = interaction.options.getSubcommand();
  const userId = interaction.user.id;
  const lang = ctx.lang;

  if (sub === "edit" && !interaction.options.getString("text")) {
    // A modal must be the first answer: the checks before it are single quick queries.
    const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
    await requireGm(ctx, game.id, userId);
    const draft = await phaseIndexOf(ctx, game, interaction);
    await interaction.showModal(await editModal(ctx, game.id, draft));
    return;
  }

  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  await requireGm(ctx, game.id, userId);

  if (group === "status") {
    const seat = await seatOfUser(ctx, game, interaction);
    const status = interaction.options.getString("status", true);
    const action = sub === "set" ? "set_status" : "clear_status";
    const key = sub === "set" ? "gm.status.set" : "gm.status.clear";
    await rulesetGm(
      ctx,
      interaction,
      game,
      action,
      [seat],
      { status },
      `${subName(ctx, "gm.status")} ${subName(ctx, key)}`,
    );
    return;
  }
  switch (sub) {
    case "modkill":
    case "revive": {
      const seat = await seatOfUser(ctx, game, interaction);
      await rulesetGm(
        ctx,
        interaction,
        game,
        sub,
        [seat],
        {},
        subName(ctx, sub === "modkill" ? "gm.modkill" : "gm.revive"),
      );
      return;
    }
    case "replace": {
      const from = interaction.options.getUser("player", true);
      // Without `with`, the bench's first substitute takes the seat (src/games/bench.ts).
      const chosen = interaction.options.getUser("with");
      const first = chosen ? undefined : (await benchOf(ctx.db, game.id))[0];
      if (!chosen && !first) throw new UserError("bench.empty");
      const to = { id: chosen?.id ?? first?.userId ?? "" };
      const toName = chosen ? displayNameOf(interaction, to.id) : (first?.displayName ?? "");
      const member = chosen
        ? interaction.options.getMember("with")
        : await interaction.guild?.members.fetch(to.id).catch(() => null);
      refuseSeatForAdmin(member instanceof GuildMember ? member.permissions : null, false);
      const fromSeat = await ctx.service.seatOf(game.id, from.id);
      const committed = await ctx.service.replace(game.id, userId, from.id, to.id, toName);
      // Seated now: off the bench, whether named or called as the first.
      await leaveBench(ctx.db, game.id, to.id);
      await ctx.after(game.id, committed);
      const ruleset = rulesetOrThrow(game.ruleset);
      if (game.status !== "lobby" && Object.hasOwn(ruleset.gmActions, "replace")) {
        const recorded = await ctx.service.gm(game.id, userId, {
          action: "replace",
          targets: [fromSeat.seatId],
          params: { with: committed.value.substitute },
        });
        await ctx.after(game.id, recorded);
      }
      await interaction.editReply(
        t(lang, "gm.replaced", {
          to: safeName(toName),
          from: safeName(fromSeat.displayName),
        }),
      );
      return;
    }
    case "extend": {
      const minutes = interaction.options.getInteger("minutes", true);
      const phase = await ctx.service.currentPhase(game.id);
      const committed = await ctx.service.extend(game.id, userId, minutes);
      await ctx.after(game.id, committed);
      await interaction.editReply(
        t(lang, "gm.extended", {
          minutes,
          phase: phaseName(lang, phase?.label ?? ""),
          when: discordTime(committed.value.dueAt),
        }),
      );
      return;
    }
    case "deadline": {
      // Read on the game's clock: "21:00" is the next 21:00 there, wherever the GM is.
      const text = interaction.options.getString("time", true);
      const now = (ctx.deps.clock ?? systemClock).now();
      const at = parseLocalTime(text, game.timezone, now);
      if (!at) throw new UserError("gm.deadline_format", { text: text.slice(0, 40), zone: game.timezone });
      const phase = await ctx.service.currentPhase(game.id);
      const committed = await ctx.service.setDeadline(game.id, userId, at);
      await ctx.after(game.id, committed);
      await interaction.editReply(
        t(lang, "gm.deadline_set", {
          phase: phaseName(lang, phase?.label ?? ""),
          when: discordTime(at),
          local: localTime(at, game.timezone),
          zone: game.timezone,
        }),
      );
      return;
    }
    case "pause":
      await ctx.after(game.id, await ctx.service.pause(game.id, userId));
      await interaction.editReply(t(lang, "gm.paused"));
      return;
    case "resume": {
      const committed = await ctx.service.resume(game.id, userId);
      await ctx.after(game.id, committed);
      await interaction.editReply(t(lang, "gm.resumed"));
      return;
    }
    case "force": {
      const committed = await ctx.service.forceNow(game.id, userId);
      await ctx.after(game.id, committed);
      await interaction.editReply(t(lang, "gm.forced"));
      return;
    }
    case "publish": {
      const draft = await phaseIndexOf(ctx, game, interaction);
      const committed = await ctx.service.publish(game.id, draft.phaseIndex, userId);
      await ctx.after(game.id, committed);
      await interaction.editReply(t(lang, "gm.published", { phase: phaseName(lang, draft.phase) }));
      return;
    }
    case "hold": {
      const draft = await phaseIndexOf(ctx, game, interaction);
      await ctx.after(game.id, await ctx.service.hold(game.id, draft.phaseIndex, userId));
      await interaction.editReply(t(lang, "gm.held", { phase: phaseName(lang, draft.phase) }));
      return;
    }
    case "edit": {
      const draft = await phaseIndexOf(ctx, game, interaction);
      const text = interaction.options.getString("text", true);
      await ctx.after(
        game.id,
        await ctx.service.editDraft(game.id, draft.phaseIndex, userId, text.split("\n")),
      );
      await interaction.editReply(t(lang, "gm.edited", { phase: phaseName(lang, draft.phase) }));
      return;
    }
    case "rerun": {
      const draft = await phaseIndexOf(ctx, game, interaction);
      await ctx.after(game.id, await ctx.service.rerun(game.id, draft.phaseIndex, userId));
      await interaction.editReply(t(lang, "gm.rerun_done", { phase: phaseName(lang, draft.phase) }));
      return;
    }
    case "order":
      await orderFor(ctx, interaction, game);
      return;
    case "add":
    case "remove": {
      // Co-GMs: any GM of the game (or of the server) adds or removes one; the game keeps one.
      const member = interaction.options.getUser("user", true);
      if (sub === "add" && member.bot) throw new UserError("gm.add_bot");
      const committed =
        sub === "add"
          ? await ctx.service.addGm(game.id, userId, member.id)
          : await ctx.service.removeGm(game.id, userId, member.id);
      await ctx.after(game.id, committed);
      await interaction.editReply({
        content: t(lang, sub === "add" ? "gm.added" : "gm.removed", {
          user: safeName(displayNameOf(interaction, member.id)),
          name: game.name,
        }),
        allowedMentions: { parse: [] },
      });
      return;
    }
    case "console": {
      const base = ctx.deps.consoleUrl;
      if (!base) {
        await interaction.editReply(t(lang, "gm.console_off"));
        return;
      }
      const { token } = await new ConsoleAuth(ctx.db, ctx.service.clock, (g, u) =>
        ctx.service.isGm(g, u),
      ).issueLink(game.id, userId);
      const url = `${base.replace(/\/+$/, "")}/console/enter?t=${token}`;
      await interaction.editReply(
        t(lang, "gm.console_link", { name: game.name, url, minutes: LINK_TTL_MS / 60_000 }),
      );
      return;
    }
    case "announce": {
      const text = interaction.options.getString("text", true);
      const committed = await ctx.service.announce(game.id, userId, text, interaction.id);
      await ctx.after(game.id, committed);
      await interaction.editReply(t(lang, "gm.announced"));
      return;
    }
  }
}

/** The edit modal's submission: the new newspaper text of the draft. */
export async function handleEditModal(ctx: Ctx, interaction: ModalSubmitInteraction): Promise<void> {
  const [, gameId, index] = interaction.customId.split(":");
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await ctx.service.game(gameId ?? "");
  await requireGm(ctx, game.id, interaction.user.id);
  const phaseIndex = Number(index);
  const draft = await draftOf(ctx.db, game.id, Number.isInteger(phaseIndex) ? phaseIndex : null);
  if (!draft) throw new UserError("game.no_draft");
  const text = interaction.fields.getTextInputValue("text");
  await ctx.after(
    game.id,
    await ctx.service.editDraft(game.id, draft.phaseIndex, interaction.user.id, text.split("\n")),
  );
  await interaction.editReply(t(ctx.lang, "gm.edited", { phase: phaseName(ctx.lang, draft.phase) }));
}

export async function autocomplete(ctx: Ctx, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  const player = interaction.options.get("player")?.value;
  if (focused.name === "game" || typeof player !== "string") {
    await interaction.respond(await gameChoices(ctx, interaction.guildId, focused.value));
    return;
  }
  // /gm order: what the rules open to the named seat now (GMs only; others get nothing).
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  if (!(await ctx.service.isGm(game.id, interaction.user.id))) {
    await interaction.respond([]);
    return;
  }
  const { actions } = await ctx.service.available(game.id, player);
  const seats = await seatNames(ctx.db, game.id);
  if (focused.name === "action") {
    const typed = focused.value.toLowerCase();
    await interaction.respond(
      actions
        .map((o) => ({ name: o.label[ctx.lang].slice(0, 100), value: offerValue(o, seats) }))
        .filter((c) => c.name.toLowerCase().includes(typed) || c.value.startsWith(typed))
        .slice(0, 25),
    );
    return;
  }
  const exclude = focused.name === "target2" ? [interaction.options.getString("target") ?? ""] : [];
  await interaction.respond(
    targetChoices(ctx.lang, actions, interaction.options.getString("action"), seats, focused.value, exclude),
  );
}

export const command: Command = { data, execute, autocomplete };
