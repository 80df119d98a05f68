import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  Routes,
  StringSelectMenuBuilder,
  type ButtonInteraction,
  type RESTPostAPIChannelMessageJSONBody,
  type StringSelectMenuInteraction,
} from "discord.js";
import type { REST } from "@discordjs/rest";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.js";
import { outbox } from "../db/schema/index.js";
import type { AvailableAction } from "../engine/ruleset.js";
import type { Lang } from "../engine/types.js";
import { UserError } from "../games/errors.js";
import { chatKeyOf } from "../games/queries.js";
import type { GameService } from "../games/service.js";
import { rulesetOrThrow } from "../games/state.js";
import { discordTime } from "../games/time.js";
import { phaseName, t } from "../i18n/index.js";
import { type Ctx } from "./context.js";
import { paramLabels, targetLabel } from "../render/orders.js";
import { seatNames, type SeatNames } from "./masks/seat-names.js";
import { submitOrder } from "./orders.js";
import { apiError } from "./refusals.js";

/**
 * The orders panel: one message in a player's own thread at each phase start, with select
 * menus (actions with targets) and buttons (actions without) for exactly what is open to the
 * seat now (the ruleset's availableActions, params included: the don's executor, Ja/Nein,
 * discard/enact, veto, powers). Selecting submits through the service and answers privately.
 *
 * Custom ids: `op:<gameId>:<index>:<action>` — the index of the offer at build time; the
 * handler re-reads the offers, so a stale panel is judged by the rules as they are now.
 */

export const PANEL_PREFIX = "op";
const MAX_ROWS = 5;
const MAX_OPTIONS = 25;

export function panelCustomId(gameId: string, index: number, action: string): string {
  return `${PANEL_PREFIX}:${gameId}:${index}:${action}`.slice(0, 100);
}

export function parsePanelCustomId(
  customId: string,
): { gameId: string; index: number; action: string } | null {
  const [prefix, gameId, index, ...rest] = customId.split(":");
  if (prefix !== PANEL_PREFIX || !gameId || index === undefined || rest.length === 0) return null;
  const n = Number(index);
  if (!Number.isInteger(n) || n < 0) return null;
  return { gameId, index: n, action: rest.join(":") };
}

function choiceSuffix(lang: Lang, offer: AvailableAction, names: ReadonlyMap<string, string>): string {
  const values = paramLabels(lang, offer.params ?? {}, names, "plain");
  return values.length > 0 ? ` (${values.join(", ")})` : "";
}

/**
 * The panel as a message body (REST `POST /channels/{id}/messages`), for the outbox. `seats`
 * names the seats and gives the options' values. No mentions are ever parsed: the thread is private.
 */
export function buildOrdersPanel(
  lang: Lang,
  actions: readonly AvailableAction[],
  seats: SeatNames,
  gameId: string,
  phaseLabel?: string,
  /** The phase's deadline, shown as a Discord timestamp (each reader's own zone). */
  deadlineAt?: Date | null,
  /** The GM stopped the clock: no deadline holds until he resumes it. */
  paused = false,
): RESTPostAPIChannelMessageJSONBody {
  const phase = phaseLabel ? phaseName(lang, phaseLabel) : "";
  if (actions.length === 0) {
    return {
      content: t(lang, "panel.none", { phase }).trim(),
      components: [],
      allowed_mentions: { parse: [] },
    };
  }
  const names = seats.names;
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  let buttons: ActionRowBuilder<ButtonBuilder> | null = null;
  let dropped = false;
  for (const [index, offer] of actions.entries()) {
    const label = `${offer.label[lang]}${choiceSuffix(lang, offer, names)}`;
    if (offer.targets.length === 0 || offer.maxTargets === 0) {
      if (!buttons || buttons.components.length >= 5) {
        if (rows.length >= MAX_ROWS) {
          dropped = true;
          continue;
        }
        buttons = new ActionRowBuilder<ButtonBuilder>();
        rows.push(buttons);
      }
      buttons.addComponents(
        new ButtonBuilder()
          .setCustomId(panelCustomId(gameId, index, offer.action))
          .setLabel(label.slice(0, 80))
          .setStyle(ButtonStyle.Secondary),
      );
      continue;
    }
    if (rows.length >= MAX_ROWS) {
      dropped = true;
      continue;
    }
    buttons = null;
    const options = seats
      .order(offer.targets)
      .slice(0, MAX_OPTIONS)
      .map((id) => ({
        label: targetLabel(lang, id, names, "plain").slice(0, 100),
        value: seats.valueOf(id),
      }));
    const max = Math.max(1, Math.min(offer.maxTargets, options.length));
    const min = Math.min(Math.max(offer.minTargets, 1), max);
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(panelCustomId(gameId, index, offer.action))
          .setPlaceholder(t(lang, "panel.choose", { action: label }).slice(0, 150))
          .setMinValues(min)
          .setMaxValues(max)
          .addOptions(options),
      ),
    );
  }
  const header = paused
    ? t(lang, "panel.header_paused", { phase }).trim()
    : deadlineAt
      ? t(lang, "panel.header", { phase, when: discordTime(deadlineAt) }).trim()
      : t(lang, "panel.header_open", { phase }).trim();
  return {
    content: dropped ? `${header}\n${t(lang, "panel.more")}` : header,
    components: rows.map((r) => r.toJSON()),
    allowed_mentions: { parse: [] },
  };
}

/** A click or a selection on a panel: submit for the clicker's own seat, answer privately. */
export async function handlePanel(
  ctx: Ctx,
  interaction: ButtonInteraction | StringSelectMenuInteraction,
): Promise<void> {
  const parsed = parsePanelCustomId(interaction.customId);
  if (!parsed) return;
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await ctx.service.game(parsed.gameId);
  const { seat, actions } = await ctx.service.available(game.id, interaction.user.id);
  // A panel in someone else's own thread is not yours to use, even for a GM who can see it.
  const key = interaction.channelId ? await chatKeyOf(ctx.db, interaction.channelId) : undefined;
  if (key?.startsWith("personal:") && key !== `personal:${seat.seatId}`)
    throw new UserError("panel.not_yours");
  const atIndex = actions[parsed.index];
  const offer =
    atIndex && atIndex.action === parsed.action ? atIndex : actions.find((a) => a.action === parsed.action);
  const seats = await seatNames(ctx.db, game.id);
  const targets = interaction.isStringSelectMenu() ? interaction.values.map((v) => seats.targetOf(v)) : [];
  const receipt = await submitOrder(
    ctx,
    game.id,
    interaction.user.id,
    { action: parsed.action, targets, params: offer?.params ?? {} },
    actions,
    seats,
  );
  await interaction.editReply({ content: receipt.text });
}

/**
 * Every seat's panel for the open phase, as outbox-ready posts to `personal:<seat>` chats (for
 * the lead's wiring after each phase opens). Seats with nothing to do get no panel.
 */
export async function panelsForPhase(
  service: GameService,
  gameId: string,
  /** Only these seats (a step opened within the phase); absent: every seat with an order. */
  only?: readonly string[],
  /** A paused game's panels too (a refresh), which say the clock is stopped. */
  opts: { paused?: boolean } = {},
): Promise<{ chat: string; body: RESTPostAPIChannelMessageJSONBody }[]> {
  const game = await service.game(gameId);
  const paused = game.status === "paused";
  if (game.status !== "running" && !(paused && opts.paused)) return [];
  const phase = await service.currentPhase(gameId);
  if (!phase) return [];
  const lang = await service.language(game.guildId);
  const ruleset = rulesetOrThrow(game.ruleset);
  const state = await service.state(gameId);
  const names = await seatNames(service.db, gameId);
  const out: { chat: string; body: RESTPostAPIChannelMessageJSONBody }[] = [];
  for (const seat of await service.players(gameId)) {
    if (only && !only.includes(seat.seatId)) continue;
    const actions = ruleset.availableActions(state, seat.seatId);
    if (actions.length === 0) continue;
    out.push({
      chat: `personal:${seat.seatId}`,
      body: buildOrdersPanel(lang, actions, names, gameId, phase.label, phase.deadlineAt, paused),
    });
  }
  return out;
}

const postedPanels = z.looseObject({ panelMessages: z.record(z.string(), z.string()).optional() });

/**
 * The phase's panels as posted (each seat's latest, recorded by the outbox when it posted them),
 * edited to what they are now: the deadline the GM moved, paused or resumed, and the orders open
 * to the seat. A panel the player deleted is not posted again (/order shows his orders any time).
 */
export async function refreshPanels(
  deps: { db: Db; rest: REST },
  service: GameService,
  gameId: string,
  phaseIndex: number,
  channelFor: (chat: string) => Promise<string>,
): Promise<void> {
  const rows = await deps.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        eq(outbox.gameId, gameId),
        eq(outbox.kind, "panels"),
        eq(outbox.status, "done"),
        sql`(${outbox.payload}->>'phaseIndex')::int = ${phaseIndex}`,
        sql`${outbox.payload} ? 'panelMessages'`,
      ),
    )
    .orderBy(asc(outbox.id));
  const messages = new Map<string, string>();
  for (const row of rows)
    for (const [chat, id] of Object.entries(postedPanels.parse(row.payload).panelMessages ?? {}))
      messages.set(chat, id);
  if (messages.size === 0) return;
  for (const panel of await panelsForPhase(service, gameId, undefined, { paused: true })) {
    const messageId = messages.get(panel.chat);
    if (!messageId) continue;
    const channelId = await channelFor(panel.chat);
    try {
      await deps.rest.patch(Routes.channelMessage(channelId, messageId), {
        body: {
          content: panel.body.content,
          components: panel.body.components ?? [],
          allowed_mentions: { parse: [] },
        },
      });
    } catch (error) {
      if (apiError(error)?.status !== 404) throw error;
    }
  }
}
