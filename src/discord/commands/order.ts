import {
  MessageFlags,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import { UserError } from "../../games/errors.js";
import { rulesetOrThrow } from "../../games/state.js";
import { t } from "../../i18n/index.js";
import { type Command, type Ctx } from "../context.js";
import { paramLabels } from "../../render/orders.js";
import { seatNamesFrom } from "../masks/seat-names.js";
import { findOffer, offerValue, paramsFor, submitOrder, targetChoices } from "../orders.js";
import { buildOrdersPanel } from "../panels.js";
import { gameChoices, requireStarted, resolveGame } from "../preconditions.js";
import type { AvailableAction } from "../../engine/ruleset.js";
import type { AnyGameState } from "../../engine/types.js";
import type { GameRow, PlayerRow } from "../../games/service.js";
import { named } from "./builders.js";

/**
 * /order: give or change an order. The action and its targets autocomplete from exactly what
 * the rules open to the seat now; without an action it shows the orders panel privately.
 */
export const data = named(new SlashCommandBuilder(), "order")
  .setDMPermission(false)
  .addStringOption((o) => named(o, "opt.action").setAutocomplete(true))
  .addStringOption((o) => named(o, "opt.target").setAutocomplete(true))
  .addStringOption((o) => named(o, "opt.target2").setAutocomplete(true))
  .addStringOption((o) => named(o, "opt.reason").setMaxLength(500))
  .addStringOption((o) => named(o, "opt.game").setAutocomplete(true));

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  requireStarted(game);
  // The open phase, the seat, the state and the seats' names: one read.
  const table = await ctx.service.table(game);
  const phase = table.phase;
  if (!phase) throw new UserError("phase.closed");
  const actions = offersOf(game, table, interaction.user.id);
  const seats = await seatNamesFrom(ctx.db, game, table);
  const chosen = interaction.options.getString("action");
  if (!chosen) {
    const panel = buildOrdersPanel(ctx.lang, actions, seats, game.id, phase.label, phase.deadlineAt);
    await interaction.editReply({ content: panel.content ?? "", components: panel.components ?? [] });
    return;
  }
  const ruleset = rulesetOrThrow(game.ruleset);
  const offer = findOffer(ctx.lang, actions, chosen, seats);
  const action = offer?.action ?? chosen.split("|")[0] ?? chosen;
  if (!offer && !Object.hasOwn(ruleset.actions, action)) {
    const list = [...new Set(actions.map((a) => a.label[ctx.lang]))].join(", ") || t(ctx.lang, "role.none");
    throw new UserError("order.unknown_action", { actions: list });
  }
  const targets = ["target", "target2"]
    .map((n) => interaction.options.getString(n))
    .filter((v): v is string => !!v)
    .map((v) => seats.targetOf(v));
  const params = paramsFor(ruleset, action, offer, interaction.options.getString("reason"));
  const receipt = await submitOrder(
    ctx,
    game.id,
    interaction.user.id,
    { action, targets, params },
    actions,
    seats,
  );
  await interaction.editReply(receipt.text);
}

export async function autocomplete(ctx: Ctx, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === "game") {
    await interaction.respond(await gameChoices(ctx, interaction.guildId, focused.value));
    return;
  }
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  const table = await ctx.service.table(game);
  const actions = offersOf(game, table, interaction.user.id);
  const seats = await seatNamesFrom(ctx.db, game, table);
  const names = seats.names;
  if (focused.name === "action") {
    const typed = focused.value.toLowerCase();
    const choices = actions
      .map((o) => {
        const extra = paramLabels(ctx.lang, o.params ?? {}, names, "plain");
        const name = extra.length > 0 ? `${o.label[ctx.lang]} (${extra.join(", ")})` : o.label[ctx.lang];
        return { name: name.slice(0, 100), value: offerValue(o, seats) };
      })
      .filter((c) => c.name.toLowerCase().includes(typed) || c.value.startsWith(typed))
      .slice(0, 25);
    await interaction.respond(choices);
    return;
  }
  const exclude = focused.name === "target2" ? [interaction.options.getString("target") ?? ""] : [];
  await interaction.respond(
    targetChoices(ctx.lang, actions, interaction.options.getString("action"), seats, focused.value, exclude),
  );
}

/** What the rules open to the user's seat now (none once the game is over); not a player: refused. */
function offersOf(
  game: GameRow,
  table: { seats: PlayerRow[]; state: AnyGameState | null },
  userId: string,
): AvailableAction[] {
  return seatOffers(game, table, userId).actions;
}

/** The user's seat at the table and what the rules open to it now; not a player: refused. */
export function seatOffers(
  game: GameRow,
  table: { seats: PlayerRow[]; state: AnyGameState | null },
  userId: string,
): { seat: PlayerRow; actions: AvailableAction[] } {
  const seat = table.seats.find((s) => s.userId === userId);
  if (!seat) throw new UserError("game.not_player");
  if (game.status === "ended" || !table.state) return { seat, actions: [] };
  return { seat, actions: rulesetOrThrow(game.ruleset).availableActions(table.state, seat.seatId) };
}

export const command: Command = { data, execute, autocomplete };
