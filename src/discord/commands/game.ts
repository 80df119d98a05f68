import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  MessageFlags,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type GuildMember,
  type SlashCommandStringOption,
  type StringSelectMenuInteraction,
} from "discord.js";
import type { JsonObject } from "../../engine/types.js";
import { UserError } from "../../games/errors.js";
import { benchOf, joinBench, leaveBench } from "../../games/bench.js";
import { activeGames, guildGames, playingIn, seatCounts, settingsOf } from "../../games/queries.js";
import { systemClock, type GameRow } from "../../games/service.js";
import type { PlayerRow } from "../../games/rows.js";
import { hasStarted, rulesetOrThrow } from "../../games/state.js";
import { discordTime, gameZone, parseLocalTime, zoneChoices } from "../../games/time.js";
import { minimumOf, openSignups, refreshSignups, startFromSignups } from "../../games/signups.js";
import { gameContext } from "../../games/context.js";
import { phaseName, t } from "../../i18n/index.js";
import { rulesets } from "../../rulesets/index.js";
import type { Command, Ctx } from "../context.js";
import {
  gameChoices,
  gameOfInteractionChannel,
  refuseSeatForAdmin,
  requireGm,
  resolveGame,
} from "../preconditions.js";
import { roleName, safeName } from "../../render/names.js";
import { maskModes, type MaskMode } from "../../db/schema/index.js";
import { defaultMaskMode, maskModeOf, setMaskMode, supportsAppearances } from "../../games/masks.js";
import { seatNamesFrom } from "../masks/seat-names.js";
import { shownNameOf } from "../members.js";
import { statusEmbed, statusView } from "../render/status.js";
import { choice, named } from "./builders.js";
import { failedEffectsOf, RETRY_PREFIX } from "../outbox-failures.js";
import { genderOption, saveMemberGender } from "../../games/profiles.js";

/** Presets of `/game create`: options and pacing on top of the ruleset's defaults. */
export const PRESETS: Record<string, { options: JsonObject; phaseDurationMs: number | null }> = {
  standard: { options: {}, phaseDurationMs: null },
  blitz: { options: {}, phaseDurationMs: 15 * 60_000 },
};

/** An id no seat ever has: the public view of a game (what a spectator may know). */
export const SPECTATOR = "\u0000spectator";

const gameOption = (o: SlashCommandStringOption) => named(o, "opt.game").setAutocomplete(true);

export const data = named(new SlashCommandBuilder(), "game")
  .setDMPermission(false)
  .addSubcommand((s) =>
    named(s, "game.create")
      .addStringOption((o) =>
        named(o, "opt.ruleset")
          .setRequired(true)
          .addChoices(
            ...Object.values(rulesets).map((r) => ({
              name: r.name.en.slice(0, 100),
              name_localizations: { ru: r.name.ru.slice(0, 100) },
              value: r.id,
            })),
          ),
      )
      .addStringOption((o) => named(o, "opt.name").setRequired(true).setMaxLength(80))
      .addStringOption((o) =>
        named(o, "opt.preset").addChoices(...Object.keys(PRESETS).map((p) => choice(`preset.${p}`, p))),
      )
      .addStringOption((o) =>
        named(o, "opt.publish").addChoices(
          choice("publish.auto", "auto"),
          choice("publish.review", "review"),
        ),
      )
      .addStringOption((o) => named(o, "opt.options").setMaxLength(4000))
      .addStringOption((o) =>
        named(o, "opt.masks").addChoices(
          choice("masks.off", "off"),
          choice("masks.masks", "masks"),
          choice("masks.appearances", "appearances"),
        ),
      )
      .addIntegerOption((o) =>
        named(o, "opt.phase_minutes")
          .setMinValue(1)
          .setMaxValue(7 * 24 * 60),
      )
      .addStringOption((o) => named(o, "opt.timezone").setAutocomplete(true).setMaxLength(64))
      .addBooleanOption((o) => named(o, "opt.ranked"))
      .addBooleanOption((o) => named(o, "opt.archive_accounts"))
      .addIntegerOption((o) => named(o, "opt.max_players").setMinValue(1).setMaxValue(100))
      .addStringOption((o) => named(o, "opt.signup_until").setMaxLength(40))
      .addIntegerOption((o) => named(o, "opt.min_players").setMinValue(1).setMaxValue(100)),
  )
  .addSubcommand((s) =>
    named(s, "game.join")
      .addStringOption(gameOption)
      .addStringOption((o) =>
        named(o, "opt.gender").addChoices(
          choice("gender.m", "m"),
          choice("gender.f", "f"),
          choice("gender.none", "none"),
        ),
      ),
  )
  .addSubcommand((s) => named(s, "game.leave").addStringOption(gameOption))
  .addSubcommand((s) =>
    named(s, "game.assign")
      .addUserOption((o) => named(o, "opt.user").setRequired(true))
      .addStringOption((o) => named(o, "opt.role").setRequired(true).setAutocomplete(true))
      .addStringOption((o) => named(o, "opt.faction").setAutocomplete(true))
      .addStringOption((o) => named(o, "opt.options").setMaxLength(1000))
      .addStringOption(gameOption),
  )
  .addSubcommand((s) =>
    named(s, "game.options")
      .addStringOption((o) => named(o, "opt.set_options").setRequired(true).setMaxLength(4000))
      .addStringOption(gameOption),
  )
  .addSubcommand((s) => named(s, "game.start").addStringOption(gameOption))
  .addSubcommand((s) => named(s, "game.status").addStringOption(gameOption))
  .addSubcommand((s) => named(s, "game.list"))
  .addSubcommand((s) => named(s, "game.end").addStringOption(gameOption));

function parseJson(text: string | null): JsonObject {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UserError("game.bad_options_json", { detail: (error as Error).message });
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new UserError("game.bad_options_json", { detail: typeof parsed });
  return parsed as JsonObject;
}

/** A member's shown name as the game stores it: cleaned of invisible and bidi characters, capped. */
export function displayNameOf(interaction: ChatInputCommandInteraction, userId?: string): string {
  if (!userId || userId === interaction.user.id) return shownNameOf(interaction);
  const user = interaction.options.getUser("user") ?? interaction.options.getUser("with");
  const member = interaction.options.getMember("user") ?? interaction.options.getMember("with");
  const fromMember = member && "displayName" in member ? (member as GuildMember).displayName : null;
  return safeName(fromMember ?? user?.globalName ?? user?.username ?? userId, "plain");
}

/**
 * Creating a game needs the server's GM role or the Manage Server permission (with no GM role
 * set, Manage Server only): each game builds its own channels and roles on the server.
 */
function mayCreate(ctx: Ctx): boolean {
  return ctx.actor?.serverGm ?? false;
}

function maskModeOption(value: string | null): MaskMode | null {
  return maskModes.find((m) => m === value) ?? null;
}

/**
 * `signup_until` read on the clock of the zone the game will have (as `/gm deadline` reads times),
 * before the game is created: a time that cannot be read, or has passed, creates nothing.
 */
async function signupTime(
  ctx: Ctx,
  interaction: ChatInputCommandInteraction,
  rulesetId: string,
  options: JsonObject,
  text: string,
  now: Date,
): Promise<Date> {
  const zone = gameZone({
    chosen: interaction.options.getString("timezone"),
    options,
    rulesZone: rulesets[rulesetId]?.rulesZone,
    server: (await settingsOf(ctx.db, interaction.guildId ?? "")).timezone,
    fallback: ctx.deps.env.DEFAULT_TIMEZONE,
  });
  // A zone that is no zone is refused by the creation itself, in its own words.
  if ("bad" in zone) return now;
  const at = parseLocalTime(text, zone.zone, now);
  if (!at) throw new UserError("signup.bad_time", { text: text.slice(0, 40), zone: zone.zone });
  if (at.getTime() <= now.getTime()) throw new UserError("signup.past");
  return at;
}

async function create(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply();
  if (!mayCreate(ctx)) throw new UserError("game.create_forbidden");
  const guildId = interaction.guildId ?? "";
  const name = interaction.options.getString("name", true).trim();
  if ((await activeGames(ctx.db, guildId)).some((g) => g.name.toLowerCase() === name.toLowerCase()))
    throw new UserError("game.name_taken", { name });
  const rulesetId = interaction.options.getString("ruleset", true);
  const preset = PRESETS[interaction.options.getString("preset") ?? "standard"] ?? PRESETS["standard"];
  const options = { ...preset?.options, ...parseJson(interaction.options.getString("options")) };
  const publish = interaction.options.getString("publish") === "review" ? "review" : "auto";
  const phaseMinutes = interaction.options.getInteger("phase_minutes");
  const masks = maskModeOption(interaction.options.getString("masks"));
  if (masks === "appearances" && !supportsAppearances(rulesetId)) throw new UserError("game.no_appearances");
  // Sign-ups' close, read on the game's clock as `/gm deadline` reads times (checked before creating).
  const signupText = interaction.options.getString("signup_until");
  // A minimum is checked only at the sign-ups' close: without one it would do nothing.
  if (!signupText && interaction.options.getInteger("min_players") !== null)
    throw new UserError("signup.min_without_until");
  const now = (ctx.deps.clock ?? systemClock).now();
  const signupAt = signupText
    ? await signupTime(ctx, interaction, rulesetId, options, signupText, now)
    : null;
  const game = await ctx.service.create({
    guildId,
    name,
    ruleset: rulesetId,
    options,
    createdBy: interaction.user.id,
    publishMode: publish,
    timezone: interaction.options.getString("timezone"),
    defaultTimezone: ctx.deps.env.DEFAULT_TIMEZONE,
    // A GM-set length of every phase wins over the preset and the ruleset's own schedule.
    phaseDurationMs: phaseMinutes !== null ? phaseMinutes * 60_000 : (preset?.phaseDurationMs ?? null),
    ranked: interaction.options.getBoolean("ranked") ?? true,
    archiveAccounts: interaction.options.getBoolean("archive_accounts") ?? false,
    maxPlayers: interaction.options.getInteger("max_players"),
  });
  const ruleset = rulesetOrThrow(game.ruleset);
  // The creator is the game's GM and the game is in its lobby: the mode is accepted.
  if (masks) await setMaskMode(ctx.db, game.id, interaction.user.id, masks);
  let signups = "";
  if (signupAt) {
    const minPlayers = interaction.options.getInteger("min_players");
    const opened = await openSignups(
      gameContext(ctx.db, ctx.service.clock, ctx.actor),
      game.id,
      interaction.user.id,
      { until: signupAt, minPlayers, channelId: interaction.channelId },
    ).catch(async (error: unknown) => {
      // A refused sign-up (a minimum the table cannot hold) leaves no open lobby behind.
      await ctx.service.end(game.id, interaction.user.id);
      throw error;
    });
    await ctx.after(game.id, opened);
    signups = ` ${t(ctx.lang, "signup.created", { when: discordTime(signupAt) })}`;
  }
  await interaction.editReply({
    content:
      t(ctx.lang, "game.created", { name: game.name, ruleset: ruleset.name[ctx.lang] }) +
      (game.ranked ? "" : ` ${t(ctx.lang, "stats.unranked_created")}`) +
      signups,
    allowedMentions: { parse: [] },
  });
}

async function status(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  const ruleset = rulesetOrThrow(game.ruleset);
  // A game ended from its lobby has no state: it reads as a lobby does.
  const started = game.status !== "lobby" && (await hasStarted(ctx.db, game.id));
  // The open phase, the seats, the mask mode and the state: one read.
  const table = await ctx.service.table(started ? game : { ...game, status: "lobby" });
  const { phase, seats, state } = table;
  const publicView = state ? statusView(ruleset, state, SPECTATOR) : null;
  const masked = (table.maskMode ?? defaultMaskMode(game.ruleset)) !== "off";
  const shown = await seatNamesFrom(ctx.db, game, table);
  const gms = await ctx.service.gms(game.id);
  // A lobby shows its bench in order and the close of its sign-ups.
  const lobby = game.status === "lobby";
  const bench = lobby ? await benchOf(ctx.db, game.id) : [];
  const signups =
    lobby && game.signupUntil
      ? {
          until: game.signupUntil,
          open: game.signupUntil.getTime() > ctx.service.clock.now().getTime(),
          min: minimumOf(game),
          max: game.maxPlayers ?? ruleset.players.max,
        }
      : null;
  const embed = statusEmbed({
    lang: ctx.lang,
    game,
    ruleset,
    phase,
    seats,
    publicView,
    shown,
    masked,
    gms,
    signups,
    bench,
  });
  // A GM also learns here of effects Discord refused for good (in case the GM room itself is
  // what cannot be reached), with a Retry of them all.
  // Who is a GM, from what is read already (src/games/authority.ts): a seat excludes it, else a
  // GM of the game or of the server; a player's status costs no statement more.
  const user = interaction.user.id;
  const gm = !seats.some((s) => s.userId === user) && (gms.includes(user) || (ctx.actor?.serverGm ?? false));
  const failed = gm ? await failedEffectsOf(ctx.db, game.id) : { count: 0, lastError: null };
  if (failed.count === 0) {
    await interaction.editReply({ embeds: [embed] });
    return;
  }
  embed.addFields({
    name: t(ctx.lang, "status.failed_title"),
    value: t(ctx.lang, "status.failed", {
      count: failed.count,
      error: (failed.lastError ?? "?").slice(0, 300),
    }).slice(0, 1024),
  });
  const retry = new ButtonBuilder()
    .setCustomId(`${RETRY_PREFIX}:all:${game.id}`)
    .setLabel(t(ctx.lang, "status.failed_retry").slice(0, 80))
    .setStyle(ButtonStyle.Danger);
  await interaction.editReply({
    embeds: [embed],
    components: [new ActionRowBuilder<ButtonBuilder>().addComponents(retry)],
  });
}

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  const sub = interaction.options.getSubcommand();
  if (sub === "create") return create(ctx, interaction);
  if (sub === "status") return status(ctx, interaction);
  if (sub === "list") return list(ctx, interaction);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (sub === "join" && !interaction.options.getString("game")) {
    // Said before a picker is shown, the member's word is kept for the game they pick.
    const said = genderOption(interaction.options.getString("gender"));
    if (said !== undefined) await saveMemberGender(ctx.db, interaction.user.id, said);
    const picked = await joinTarget(ctx, interaction);
    if (picked) await join(ctx, interaction, picked);
    return;
  }
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  const lang = ctx.lang;
  const userId = interaction.user.id;
  switch (sub) {
    case "join":
      return join(ctx, interaction, game);
    case "leave":
      return leaveGame(ctx, interaction, game);
    case "assign": {
      await requireGm(ctx, game.id, userId);
      const target = interaction.options.getUser("user", true);
      const role = interaction.options.getString("role", true);
      const faction = interaction.options.getString("faction");
      const setup: JsonObject = { ...parseJson(interaction.options.getString("options")), role };
      if (faction) setup["faction"] = faction;
      await ctx.service.assign(game.id, userId, target.id, setup);
      const ruleset = rulesetOrThrow(game.ruleset);
      const seat = await ctx.service.seatOf(game.id, target.id);
      await interaction.editReply(
        t(lang, "game.assigned", { user: safeName(seat.displayName), role: roleName(ruleset, lang, role) }),
      );
      return;
    }
    case "options": {
      const options = await ctx.service.setOptions(
        game.id,
        userId,
        parseJson(interaction.options.getString("options", true)),
      );
      const shown = JSON.stringify(options);
      await interaction.editReply({
        content: t(lang, "game.options_set", {
          name: game.name,
          options: shown === "{}" ? t(lang, "game.options_default") : `\`${shown.slice(0, 1500)}\``,
        }),
        allowedMentions: { parse: [] },
      });
      return;
    }
    case "start": {
      // A game on Discord: the rules' table minimum and the server's cap on running games apply.
      const committed = await startFromSignups(
        gameContext(ctx.db, ctx.service.clock, ctx.actor),
        game.id,
        userId,
      );
      await ctx.after(game.id, committed);
      await interaction.editReply(
        t(lang, "game.started", { name: game.name, phase: phaseName(lang, committed.value.label) }),
      );
      return;
    }
    case "end": {
      await requireGm(ctx, game.id, userId);
      // The reveal (roles, winners, the log as files) goes out through the outbox.
      const committed = await ctx.service.end(game.id, userId);
      await ctx.after(game.id, committed);
      const key = committed.value.revealed ? "game.ended_done" : "game.closed_lobby";
      await interaction.editReply(t(lang, key, { name: game.name }));
      return;
    }
  }
}

/** Seats the member in a game and says where (an answer to the command or to the game picker). */
/** A game with timed sign-ups: its public post shows the new count (src/games/signups.ts). */
async function refreshPost(ctx: Ctx, game: GameRow): Promise<void> {
  if (game.signupChannelId === null) return;
  await ctx.after(game.id, await refreshSignups(ctx.db, ctx.service.clock, game.id));
}

/** `/game leave` and the sign-up post's Leave: a substitute leaves the bench, a seated player his seat. */
export async function leaveGame(
  ctx: Ctx,
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  game: GameRow,
): Promise<void> {
  const userId = interaction.user.id;
  if (await leaveBench(ctx.db, game.id, userId)) {
    await refreshPost(ctx, game);
    await interaction.editReply(t(ctx.lang, "bench.left", { name: game.name }));
    return;
  }
  await ctx.service.leave(game.id, userId);
  await refreshPost(ctx, game);
  await interaction.editReply(t(ctx.lang, "game.left", { name: game.name }));
}

/** `/game join`, its picker and the sign-up post's Join: a seat, else a place on the bench. */
export async function join(
  ctx: Ctx,
  interaction: ChatInputCommandInteraction | StringSelectMenuInteraction | ButtonInteraction,
  game: GameRow,
): Promise<void> {
  refuseSeatForAdmin(interaction.memberPermissions, true);
  const shown = shownNameOf(interaction);
  // The picker's answer carries no options: the member's profile speaks for them then.
  const said = interaction.isChatInputCommand()
    ? genderOption(interaction.options.getString("gender"))
    : undefined;
  let seat: PlayerRow;
  try {
    seat = await ctx.service.join(game.id, interaction.user.id, shown, said);
  } catch (error) {
    if (!(error instanceof UserError) || error.key !== "bench.table_full") throw error;
    // The GM's table is full: the member goes on the bench of substitutes (src/games/bench.ts).
    const place = await joinBench(ctx.db, game.id, interaction.user.id, shown);
    await refreshPost(ctx, game);
    await interaction.editReply({
      content: t(ctx.lang, "bench.joined", { name: game.name, max: game.maxPlayers ?? 0, place }),
      components: [],
    });
    return;
  }
  await refreshPost(ctx, game);
  // Masked games never show a seat number: seats follow the public join order.
  const masked = (await maskModeOf(ctx.db, game.id, game.ruleset)) !== "off";
  const content = masked
    ? t(ctx.lang, "game.joined_masked", { name: game.name })
    : t(ctx.lang, "game.joined", { name: game.name, seat: seat.seat });
  await interaction.editReply({ content, components: [] });
}

/**
 * `/game join` without a `game`: the game of this channel, else the server's only open lobby.
 * With several lobbies open the member chooses from a menu (answered here; undefined returned).
 */
async function joinTarget(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<GameRow | undefined> {
  const here = await gameOfInteractionChannel(ctx, interaction);
  if (here) return ctx.service.game(here);
  const open = (await activeGames(ctx.db, interaction.guildId ?? "")).filter((g) => g.status === "lobby");
  if (open.length === 0) throw new UserError("game.no_lobby");
  // The lobbies the member does not sit in yet; sitting in every one, the join is refused as such.
  const seated = await playingIn(
    ctx.db,
    open.map((g) => g.id),
    interaction.user.id,
  );
  const lobbies = open.filter((g) => !seated.has(g.id));
  if (lobbies.length === 0) throw new UserError("game.already_joined");
  if (lobbies.length === 1) return lobbies[0];
  const menu = new StringSelectMenuBuilder()
    .setCustomId(JOIN_PICK)
    .setPlaceholder(t(ctx.lang, "join.placeholder").slice(0, 150))
    .addOptions(
      lobbies.slice(0, 25).map((g) => ({
        label: safeName(g.name, "plain").slice(0, 100),
        description: rulesetOrThrow(g.ruleset).name[ctx.lang].slice(0, 100),
        value: g.id,
      })),
    );
  await interaction.editReply({
    content: t(ctx.lang, "join.pick"),
    components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
  });
  return undefined;
}

/** The custom id of `/game join`'s game picker. */
export const JOIN_PICK = "joinpick";

/** The member chose a lobby from `/game join`'s picker. */
export async function handleJoinPick(ctx: Ctx, interaction: StringSelectMenuInteraction): Promise<void> {
  await interaction.deferUpdate();
  const game = await ctx.service.game(interaction.values[0] ?? "");
  if (game.guildId !== interaction.guildId) throw new UserError("game.not_found");
  await join(ctx, interaction, game);
}

/** `/game list`: the server's games, newest first, with their state and the member's part in each. */
async function list(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const guildId = interaction.guildId ?? "";
  const games = await guildGames(ctx.db, guildId, 25);
  const lang = ctx.lang;
  if (games.length === 0) {
    await interaction.editReply(t(lang, "list.empty"));
    return;
  }
  const ids = games.map((g) => g.id);
  const userId = interaction.user.id;
  const seats = await seatCounts(ctx.db, ids);
  const playing = await playingIn(ctx.db, ids, userId);
  const running = games.filter((g) => g.status === "running" || g.status === "paused").length;
  const lines: string[] = [];
  for (const g of games) {
    const phase =
      g.status === "running" || g.status === "paused" ? await ctx.service.currentPhase(g.id) : undefined;
    const you = playing.has(g.id)
      ? t(lang, "list.you_play")
      : g.status !== "ended" && (await ctx.service.isGm(g.id, userId))
        ? t(lang, "list.you_gm")
        : "";
    lines.push(
      t(lang, "list.line", {
        name: safeName(g.name),
        ruleset: rulesetOrThrow(g.ruleset).name[lang],
        state: t(lang, `state.${g.status}`),
        player_count: seats.get(g.id) ?? 0,
        phase: phase ? ` · ${phaseName(lang, phase.label)}` : "",
        you,
      }),
    );
  }
  const { maxRunningGames } = await settingsOf(ctx.db, guildId);
  const embed = new EmbedBuilder()
    .setTitle(t(lang, "list.title"))
    .setDescription(
      `${lines.join("\n").slice(0, 3800)}\n\n${t(lang, "list.running", { count: running, max: maxRunningGames })}`,
    );
  await interaction.editReply({ embeds: [embed], allowedMentions: { parse: [] } });
}

export async function autocomplete(ctx: Ctx, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === "game") {
    const offered = await gameChoices(ctx, interaction.guildId, focused.value);
    if (interaction.options.getSubcommand(false) !== "join") return interaction.respond(offered);
    // Joining: only the games still taking seats.
    const lobbies = new Set(
      (await activeGames(ctx.db, interaction.guildId ?? ""))
        .filter((g) => g.status === "lobby")
        .map((g) => g.id),
    );
    await interaction.respond(offered.filter((c) => lobbies.has(c.value)));
    return;
  }
  if (focused.name === "timezone") {
    await interaction.respond(zoneChoices(focused.value, (ctx.deps.clock ?? systemClock).now()));
    return;
  }
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  const ruleset = rulesetOrThrow(game.ruleset);
  const typed = focused.value.toLowerCase();
  const source = focused.name === "role" ? ruleset.roles : ruleset.factions;
  const choices = Object.entries(source)
    .map(([id, def]) => ({ name: `${def.name[ctx.lang]} (${id})`.slice(0, 100), value: id }))
    .filter((c) => c.name.toLowerCase().includes(typed))
    .slice(0, 25);
  await interaction.respond(choices);
}

export const command: Command = { data, execute, autocomplete };
