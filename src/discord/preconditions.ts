import { PermissionFlagsBits, type BaseInteraction, type PermissionsBitField } from "discord.js";
import { refuseUnlessGm } from "../games/control.js";
import { UserError } from "../games/errors.js";
import { gameOfDiscordChannel, gamesAround, guildGames, involvedIn } from "../games/queries.js";
import type { GameRow, PhaseRow, PlayerRow } from "../games/service.js";
import { t } from "../i18n/index.js";
import type { Ctx } from "./context.js";

/**
 * Reusable checks before a command does anything. Each throws a UserError (answered privately
 * and localized by the error classifier) and changes nothing.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The game whose channel or thread the interaction came from (a thread counts by its parent too). */
export async function gameOfInteractionChannel(
  ctx: Ctx,
  interaction: BaseInteraction,
): Promise<string | undefined> {
  const channel = interaction.channel;
  const ids = [interaction.channelId ?? ""];
  if (channel && "parentId" in channel && channel.parentId) ids.push(channel.parentId);
  return gameOfDiscordChannel(ctx.db, ids);
}

/**
 * In a game channel: the game. Several games per server: an explicit `game` option (an id from
 * autocomplete, or a name) wins; then the channel; then the only game the user takes part in,
 * or the only game of the server.
 */
export async function resolveGame(
  ctx: Ctx,
  interaction: BaseInteraction,
  explicit: string | null,
): Promise<GameRow> {
  const guildId = interaction.guildId;
  if (!guildId) throw new UserError("game.none_here");
  if (explicit) {
    if (UUID.test(explicit)) {
      const game = await ctx.service.game(explicit);
      if (game.guildId !== guildId) throw new UserError("game.not_found");
      return game;
    }
    const named = (await guildGames(ctx.db, guildId, 100)).filter(
      (g) => g.name.toLowerCase() === explicit.toLowerCase(),
    );
    const game = named.find((g) => g.status !== "ended") ?? named[0];
    if (!game) throw new UserError("game.not_found");
    return game;
  }
  // The channel's game, or the server's games and the user's part in each: one statement.
  const channel = interaction.channel;
  const ids = [interaction.channelId ?? ""];
  if (channel && "parentId" in channel && channel.parentId) ids.push(channel.parentId);
  const { here, active } = await gamesAround(ctx.db, guildId, ids, interaction.user.id);
  if (here) return here;
  const games = active.map((a) => a.game);
  const involved = active.filter((a) => a.involved).map((a) => a.game);
  if (involved.length === 1 && involved[0]) return involved[0];
  if (involved.length === 0 && games.length === 1 && games[0]) return games[0];
  if (games.length === 0) {
    // Nothing running: the latest finished game the user took part in (status, reveal, role).
    const recent = await guildGames(ctx.db, guildId, 10);
    const took = await involvedIn(
      ctx.db,
      recent.map((g) => g.id),
      interaction.user.id,
    );
    const last = recent.find((g) => took.has(g.id));
    if (last) return last;
    throw new UserError("game.none_here");
  }
  throw new UserError("game.which");
}

/** A GM of the game (src/games/authority.ts): a seated member is refused in a seat's own words. */
export async function requireGm(ctx: Ctx, gameId: string, userId: string): Promise<void> {
  refuseUnlessGm(await ctx.service.gmStanding(gameId, userId));
}

export async function requirePlayer(ctx: Ctx, gameId: string, userId: string): Promise<PlayerRow> {
  return ctx.service.seatOf(gameId, userId);
}

/**
 * Discord shows every channel to the server's owner and to Administrator, the secret chats and
 * the GM room included, and no overwrite can hide one from them: such a member cannot take a seat
 * (`own`: joining himself; else a GM names him, `/gm replace`). docs/gm.md.
 */
export function refuseSeatForAdmin(
  permissions: Readonly<PermissionsBitField> | null | undefined,
  own: boolean,
): void {
  if (permissions?.has(PermissionFlagsBits.Administrator))
    throw new UserError(own ? "game.admin_cannot_join" : "game.admin_cannot_sit");
}

/** The game has started and is not over. */
export function requireStarted(game: GameRow): void {
  if (game.status === "lobby") throw new UserError("game.not_started");
  if (game.status === "ended") throw new UserError("game.ended");
}

/** The game is running and a phase is open. */
export async function requireOpenPhase(ctx: Ctx, game: GameRow): Promise<PhaseRow> {
  requireStarted(game);
  const phase = await ctx.service.currentPhase(game.id);
  if (!phase) throw new UserError("phase.closed");
  return phase;
}

/** Choices of the `game` option: this server's games, matching what the user typed. */
export async function gameChoices(ctx: Ctx, guildId: string | null, typed: string) {
  if (!guildId) return [];
  const games = await guildGames(ctx.db, guildId, 50);
  const needle = typed.toLowerCase();
  return games
    .filter((g) => g.name.toLowerCase().includes(needle))
    .slice(0, 25)
    .map((g) => ({
      name: `${g.name} · ${g.ruleset} · ${t(ctx.lang, `state.${g.status}`)}`.slice(0, 100),
      value: g.id,
    }));
}
