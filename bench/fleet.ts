import { REST } from "@discordjs/rest";
import type pg from "pg";
import { pino } from "pino";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { deadlines, maskGames } from "../src/db/schema/index.js";
import { drainOutbox } from "../src/discord/outbox.js";
import type { Emulator } from "../src/emulator/index.js";
import type { ChannelRec, GuildRec, RoleRec } from "../src/emulator/model.js";
import type { AvailableAction } from "../src/engine/ruleset.js";
import { drawInt, shuffle } from "../src/engine/rng.js";
import { GameService } from "../src/games/service.js";
import { rulesetOrThrow } from "../src/games/state.js";
import { jobIds } from "../src/jobs/registry.js";

/**
 * A fleet of real games in mid-game, for the worker's benchmarks (bench/deadlines.ts,
 * bench/memory.ts). A few template games, one per ruleset and table size, are played through
 * the GameService in this process as players play them: every living seat talks in the chats it
 * may write in (each post is an input, as the bot logs it), votes where its rules vote and gives
 * each of its role's orders (targets drawn at random among the valid ones), phase after phase,
 * with the Discord layout built in the emulator by the real outbox drain. Each template stops in
 * mid-game with a whole phase's inputs given and its deadline open. Copies are then made in a few
 * statements per table: every row of the game (log, snapshots, phases, seats, chats) under a new
 * id, in a Discord guild of its own (the template's guild copied in the emulator: roles,
 * channels, threads, overwrites, members), with only the open phase's resolve deadline, due when
 * the caller says.
 */

const log = pino({ level: "silent" });

export interface TemplateSpec {
  ruleset: string;
  players: number;
  seed: number;
  /** Phases resolved before the one left open (the open one gets a full phase of inputs). */
  phases: number;
}

/**
 * Every ruleset at tables of 12–24 (classic deals its 24 cards unless the GM lists roles;
 * reichstag is played at 10 at most), different seeds and phases.
 */
export const FLEET_TEMPLATES: TemplateSpec[] = [
  { ruleset: "classic", players: 24, seed: 11, phases: 3 },
  { ruleset: "classic", players: 24, seed: 12, phases: 4 },
  { ruleset: "mayor", players: 20, seed: 13, phases: 3 },
  { ruleset: "mayor", players: 14, seed: 14, phases: 4 },
  { ruleset: "clans", players: 12, seed: 15, phases: 3 },
  { ruleset: "regnum", players: 12, seed: 16, phases: 3 },
  { ruleset: "regnum", players: 18, seed: 17, phases: 4 },
  { ruleset: "reichstag", players: 10, seed: 18, phases: 3 },
];

/** Moves that are not a phase's play: leaving, asking for time, drastic exits, filler. */
const NOT_PLAY = new Set([
  "post",
  "edit_post",
  "leave",
  "pass",
  "rest",
  "vacation",
  "request_extension",
  "object_close",
  "go_underground",
  "go_abroad",
  "desert",
]);

/** Posts each living seat makes in a phase: a day's talk, a few lines in a secret chat at night. */
const POSTS_BY_DAY = 4;
const POSTS_BY_NIGHT = 2;

export interface Template {
  spec: TemplateSpec;
  gameId: string;
  guildId: string;
  /** The open phase. */
  phaseIndex: number;
  phaseLabel: string;
  /** Accepted inputs in the log, and those of the open phase. */
  inputs: number;
  openPhaseInputs: number;
}

interface Picker {
  rng: number[];
}

function spread(option: AvailableAction, picker: Picker): string[] {
  if (option.targets.length === 0) return [];
  const count = Math.min(option.targets.length, Math.max(option.minTargets, 1), option.maxTargets);
  return shuffle(picker, option.targets).slice(0, count);
}

/** One phase of play at the table: talk, votes and orders of every living seat. */
async function playPhase(
  service: GameService,
  gameId: string,
  rulesetId: string,
  users: Map<string, string>,
  picker: Picker,
): Promise<number> {
  const ruleset = rulesetOrThrow(rulesetId);
  let accepted = 0;
  const state = await service.state(gameId);
  const night = state.phase.kind === "night";
  const posts = night ? POSTS_BY_NIGHT : POSTS_BY_DAY;
  for (const player of state.players) {
    const userId = users.get(player.id);
    if (!userId || !player.alive) continue;
    if (Object.hasOwn(ruleset.actions, "post")) {
      const now = await service.state(gameId);
      const open = ruleset
        .chatLayout(now)
        .filter((c) => c.purpose === undefined && c.writers.includes(player.id));
      const secret = open.filter((c) => c.kind === "secret");
      const pub = open.filter((c) => c.kind === "public");
      const where = night && secret.length > 0 ? secret : pub.length > 0 ? pub : secret;
      for (let i = 0; i < posts && where.length > 0; i++) {
        const chat = where[drawInt(picker, 0, where.length - 1)];
        if (!chat) break;
        const done = await service.submit(gameId, userId, {
          action: "post",
          targets: [],
          params: { chat: chat.id },
        });
        if (done.value.accepted) accepted++;
      }
    }
    // Each of the seat's orders and votes: one choice per action, targets spread.
    const { actions } = await service.available(gameId, userId);
    const byAction = new Map<string, AvailableAction[]>();
    for (const option of actions) {
      if (NOT_PLAY.has(option.action)) continue;
      byAction.set(option.action, [...(byAction.get(option.action) ?? []), option]);
    }
    for (const choices of byAction.values()) {
      const choice = choices[drawInt(picker, 0, choices.length - 1)];
      if (!choice) continue;
      const done = await service.submit(gameId, userId, {
        action: choice.action,
        targets: spread(choice, picker),
        params: choice.params ?? {},
      });
      if (done.value.accepted) accepted++;
    }
  }
  return accepted;
}

/**
 * Plays one template game to mid-game (see the module's comment). Discord's rate limits should
 * be off in the emulator meanwhile (setting up is not what is measured).
 */
export async function buildTemplate(db: Db, emu: Emulator, spec: TemplateSpec): Promise<Template> {
  const guild = emu.createGuild({ name: `fleet-${spec.ruleset}-${spec.players}`, members: spec.players + 1 });
  const members = guild.members.map((m) => m.id);
  const gm = members[spec.players] ?? "";
  const rest = new REST({ api: emu.apiBase }).setToken(emu.botToken);
  const deps = { db, rest, log };
  const service = new GameService(db);
  const game = await service.create({
    guildId: guild.id,
    name: `${spec.ruleset} ${spec.players}`,
    ruleset: spec.ruleset,
    createdBy: gm,
    seed: spec.seed,
    // A day per phase: only the deadline the benchmark sets falls inside a run.
    phaseDurationMs: 24 * 3_600_000,
  });
  // Masked games relay through webhooks the copies would not have: the GM plays unmasked.
  await db
    .insert(maskGames)
    .values({ gameId: game.id, mode: "off" })
    .onConflictDoUpdate({ target: maskGames.gameId, set: { mode: "off" } });
  for (const user of members.slice(0, spec.players))
    await service.join(game.id, user, `player-${user.slice(-4)}`);
  await service.start(game.id, gm);
  await drainOutbox(deps, game.id);
  const users = new Map((await service.players(game.id)).map((s) => [s.seatId, s.userId]));
  const picker: Picker = { rng: [spec.seed, 3, 5, 7] };
  let inputs = 0;
  for (let i = 0; i < spec.phases; i++) {
    inputs += await playPhase(service, game.id, spec.ruleset, users, picker);
    const phase = await service.currentPhase(game.id);
    if (!phase) throw new Error(`${spec.ruleset}: no open phase`);
    await service.resolveDue(game.id, phase.index, null);
    await drainOutbox(deps, game.id);
    if ((await service.game(game.id)).status !== "running")
      throw new Error(`${spec.ruleset} ${spec.players} (seed ${spec.seed}) ended after ${i + 1} phases`);
  }
  const openPhaseInputs = await playPhase(service, game.id, spec.ruleset, users, picker);
  await drainOutbox(deps, game.id);
  const phase = await service.currentPhase(game.id);
  if (!phase) throw new Error(`${spec.ruleset}: no open phase`);
  return {
    spec,
    gameId: game.id,
    guildId: guild.id,
    phaseIndex: phase.index,
    phaseLabel: phase.label,
    inputs: inputs + openPhaseInputs,
    openPhaseInputs,
  };
}

/** Builds every template with the emulator's rate limits off, then turns them back on. */
export async function buildTemplates(
  db: Db,
  emu: Emulator,
  specs: TemplateSpec[] = FLEET_TEMPLATES,
): Promise<Template[]> {
  emu.configureRateLimit({ enabled: false });
  try {
    const templates: Template[] = [];
    for (const spec of specs) templates.push(await buildTemplate(db, emu, spec));
    // The templates themselves never resolve again: their deadlines are left to the copies.
    await db
      .update(deadlines)
      .set({ status: "cancelled" })
      .where(
        and(
          inArray(
            deadlines.gameId,
            templates.map((t) => t.gameId),
          ),
          eq(deadlines.status, "pending"),
        ),
      );
    return templates;
  } finally {
    emu.configureRateLimit({ enabled: true });
  }
}

/**
 * Copies a guild in the emulator: roles, channels and threads (overwrites, thread members) under
 * new ids, the same members with the copied roles. Returns the new guild's id and the id map.
 */
export function cloneGuild(emu: Emulator, guildId: string): { guildId: string; ids: Map<string, string> } {
  const s = emu.state;
  const g = s.guilds.get(guildId);
  const ids = new Map<string, string>();
  const id = s.ids.next();
  ids.set(g.id, id);
  for (const role of g.roles.keys()) if (role !== g.id) ids.set(role, s.ids.next());
  const channels = [...s.channels.byId.values()].filter((c) => c.guild_id === guildId);
  for (const c of channels) ids.set(c.id, s.ids.next());
  const map = (x: string) => ids.get(x) ?? x;
  const roles = new Map<string, RoleRec>();
  for (const r of g.roles.values()) roles.set(map(r.id), { ...r, id: map(r.id), guild_id: id });
  const members = new Map(
    [...g.members.entries()].map(([user, m]) => [user, { ...m, roles: m.roles.map(map) }]),
  );
  const copy: GuildRec = { ...g, id, name: `${g.name} copy`, roles, members };
  s.guilds.byId.set(id, copy);
  for (const c of channels) {
    const next: ChannelRec = {
      ...c,
      id: map(c.id),
      guild_id: id,
      parent_id: c.parent_id === null ? null : map(c.parent_id),
      overwrites: c.overwrites.map((o) => ({ ...o, id: map(o.id) })),
      last_message_id: null,
      message_count: 0,
      total_message_sent: 0,
      ...(c.thread ? { thread: { ...c.thread } } : {}),
      ...(c.threadMembers
        ? { threadMembers: new Map([...c.threadMembers.entries()].map(([u, m]) => [u, { ...m }])) }
        : {}),
    };
    s.channels.add(next);
  }
  return { guildId: id, ids };
}

/** Replaces every Discord id of the map in a JSON text. */
function remap(text: string, ids: Map<string, string>): string {
  return text.replace(/\d{15,21}/g, (x) => ids.get(x) ?? x);
}

const GAME_TABLES = [
  "game_secrets",
  "game_masters",
  "game_snapshots",
  "players",
  "inputs",
  "resolutions",
  "mask_games",
];

async function columnsOf(client: pg.PoolClient, table: string): Promise<{ name: string; serial: boolean }[]> {
  const { rows } = await client.query<{ column_name: string; column_default: string | null }>(
    `SELECT column_name, column_default FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => ({ name: r.column_name, serial: (r.column_default ?? "").startsWith("nextval(") }));
}

/**
 * `count` copies of the templates (copy i of template i mod the count), in one transaction; copy
 * i's open phase is due at `dueOf()[i]` (ms), asked for once the copies are made. Returns the new
 * game ids and their due times.
 */
export async function cloneFleet(
  pool: pg.Pool,
  emu: Emulator,
  templates: Template[],
  count: number,
  dueOf: () => number[],
): Promise<{ ids: string[]; due: number[] }> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  // Placeholders until the copies exist; the deadlines are set last (copying takes a while).
  const placeholder = ids.map(() => Date.now() + 86_400_000);
  const client = await pool.connect();
  try {
    const columns = new Map<string, { name: string; serial: boolean }[]>();
    for (const table of [...GAME_TABLES, "phases", "games"])
      columns.set(table, await columnsOf(client, table));
    await client.query("BEGIN");
    for (const [t, template] of templates.entries()) {
      const mine = ids
        .map((id, i) => ({ id, due: placeholder[i] ?? 0, i }))
        .filter((x) => x.i % templates.length === t);
      if (mine.length === 0) continue;
      const guilds = mine.map(() => cloneGuild(emu, template.guildId));
      const gameIds = mine.map((m) => m.id);
      const dueAt = mine.map((m) => new Date(m.due).toISOString());
      const copy = `WITH m AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[]) AS m(id, due, guild))`;
      const args = [gameIds, dueAt, guilds.map((g) => g.guildId), template.gameId];
      const select = (table: string, override: Record<string, string> = {}) => {
        const cols = (columns.get(table) ?? []).filter((c) => !c.serial || override[c.name] !== undefined);
        const values = cols.map((c) => override[c.name] ?? (c.name === "game_id" ? "m.id" : `t.${c.name}`));
        return { names: cols.map((c) => c.name).join(", "), values: values.join(", ") };
      };
      // Each copy is a game of its own: its own archive address (unique), drawn as Postgres draws it.
      const games = select("games", {
        id: "m.id",
        guild_id: "m.guild",
        status: "'running'",
        archive_token: "replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')",
      });
      await client.query(
        `${copy} INSERT INTO games (${games.names}) SELECT ${games.values} FROM m, games t WHERE t.id = $4`,
        args,
      );
      for (const table of GAME_TABLES) {
        const cols = select(table);
        await client.query(
          `${copy} INSERT INTO ${table} (${cols.names}) SELECT ${cols.values} FROM m, ${table} t WHERE t.game_id = $4`,
          args,
        );
      }
      const ph = select("phases", {
        deadline_at: "CASE WHEN t.status = 'open' THEN m.due ELSE t.deadline_at END",
      });
      await client.query(
        `${copy} INSERT INTO phases (${ph.names}) SELECT ${ph.values} FROM m, phases t WHERE t.game_id = $4`,
        args,
      );
      await client.query(
        `WITH m AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[]) AS m(id, due, job_id))
         INSERT INTO deadlines (game_id, phase_index, kind, key, due_at, job_id, payload)
         SELECT m.id, $4, 'resolve', '', m.due, m.job_id, '{}'::jsonb FROM m`,
        [
          gameIds,
          dueAt,
          mine.map((m) => jobIds.phaseDeadline("resolve", m.id, template.phaseIndex, "", new Date(m.due))),
          template.phaseIndex,
        ],
      );
      // The game's chats in each copy's own guild: what the bot applied, with the ids mapped.
      const { rows: chatRows } = await client.query<{
        chat_key: string;
        discord_id: string;
        discord_kind: string;
        applied_members: unknown;
        applied_state: unknown;
      }>(
        `SELECT chat_key, discord_id, discord_kind, applied_members, applied_state FROM chats WHERE game_id = $1`,
        [template.gameId],
      );
      const chatArgs: string[][] = [[], [], [], [], [], []];
      for (const [n, m] of mine.entries()) {
        const map = guilds[n]?.ids ?? new Map<string, string>();
        for (const row of chatRows) {
          chatArgs[0]?.push(m.id);
          chatArgs[1]?.push(row.chat_key);
          chatArgs[2]?.push(map.get(row.discord_id) ?? row.discord_id);
          chatArgs[3]?.push(row.discord_kind);
          chatArgs[4]?.push(JSON.stringify(row.applied_members));
          chatArgs[5]?.push(remap(JSON.stringify(row.applied_state), map));
        }
      }
      await client.query(
        `INSERT INTO chats (game_id, chat_key, discord_id, discord_kind, applied_members, applied_state)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::jsonb[])`,
        chatArgs,
      );
      // The server's settings.
      const { rows: settings } = await client.query<{ gm_role_id: string | null }>(
        `SELECT gm_role_id FROM guild_settings WHERE guild_id = $1`,
        [template.guildId],
      );
      const gmRole = settings[0]?.gm_role_id ?? null;
      if (settings[0])
        await client.query(
          `INSERT INTO guild_settings (guild_id, language, gm_role_id, timezone, max_running_games)
           SELECT g.id, s.language, g.gm_role, s.timezone, s.max_running_games
             FROM unnest($1::text[], $2::text[]) AS g(id, gm_role), guild_settings s WHERE s.guild_id = $3`,
          [
            guilds.map((g) => g.guildId),
            guilds.map((g) => (gmRole === null ? null : (g.ids.get(gmRole) ?? gmRole))),
            template.guildId,
          ],
        );
    }
    const due = dueOf();
    await setDue(client, templates, ids, due);
    await client.query("COMMIT");
    return { ids, due };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Moves the open phase's deadline of copies made by cloneFleet (same `templates`, same order of
 * `ids`) to `due` (ms): the phase row and its resolve deadline, with the job id for that time.
 * Enqueue the deadlines afterwards (Scheduler.enqueueDeadlines of pendingOf).
 */
export async function setDue(
  client: pg.PoolClient | pg.Pool,
  templates: Template[],
  ids: string[],
  due: number[],
): Promise<void> {
  const openIndex = ids.map((_, i) => templates[i % templates.length]?.phaseIndex ?? 0);
  const at = due.map((d) => new Date(d).toISOString());
  await client.query(
    `UPDATE phases p SET deadline_at = m.due
       FROM unnest($1::uuid[], $2::timestamptz[], $3::int[]) AS m(id, due, idx)
      WHERE p.game_id = m.id AND p.index = m.idx`,
    [ids, at, openIndex],
  );
  await client.query(
    `UPDATE deadlines d SET due_at = m.due, job_id = m.job_id
       FROM unnest($1::uuid[], $2::timestamptz[], $3::text[]) AS m(id, due, job_id)
      WHERE d.game_id = m.id AND d.kind = 'resolve' AND d.status = 'pending'`,
    [
      ids,
      at,
      ids.map((id, i) => jobIds.phaseDeadline("resolve", id, openIndex[i] ?? 0, "", new Date(due[i] ?? 0))),
    ],
  );
}
