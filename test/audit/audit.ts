import { eq } from "drizzle-orm";
import { chats, outbox, players as playersTable } from "../../src/db/schema/index.js";
import { seatNames } from "../../src/discord/masks/seat-names.js";
import { parseChatKey, phaseThreadKey } from "../../src/discord/layout.js";
import { offerValue } from "../../src/discord/orders.js";
import type { Account } from "../../src/emulator/index.js";
import { drawInt, initialRngState, shuffle } from "../../src/engine/rng.js";
import type { AvailableAction, ChatSpec, RulesetDefinition } from "../../src/engine/ruleset.js";
import type { AnyGameState, Json as EngineJson, Lang } from "../../src/engine/types.js";
import { countPending } from "../../src/games/service.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { t } from "../../src/i18n/index.js";
import { messageText, playerNames } from "../../src/sandbox/sandbox.js";
import { startHarness, textOf, type Harness, type Json } from "../bot/harness.js";

/**
 * The player-side audit: a whole game played through slash commands and the orders panel with
 * the real bot on the emulator; at every phase, every account (each player, the GM, an outsider
 * member) is checked as its own Discord client would see things — REST with the account's token
 * for channels, active threads, thread members and messages, the emulator's permission functions
 * for sending, and the bot's answers to `/game status`, `/role`, `/orders` and autocomplete —
 * against what its seat may know by the rules: the ruleset's chat layout (readers and writers)
 * and the engine's `playerView`, never the Discord side.
 *
 * `runAudit(ruleset, options)` is reusable: masked variants pass their own setup, expectations
 * and extra checks.
 */

export type AccountKind = "player" | "gm" | "outsider";

export interface AuditAccount {
  kind: AccountKind;
  account: Account;
  /** The seat of a player. */
  seatId?: string;
  name: string;
}

/** What an account may do with one of the game's Discord objects (a `chats` row). */
export interface Expectation {
  read: boolean;
  send: boolean;
}

export interface ChatObject {
  key: string;
  discordId: string;
  kind: "channel" | "thread";
}

export interface AuditContext {
  h: Harness;
  gameId: string;
  ruleset: RulesetDefinition<AnyGameState>;
  lang: Lang;
  state: AnyGameState;
  /** Over by its rules or by the GM's `/game end` (then the engine state itself is not `ended`). */
  ended: boolean;
  accounts: AuditAccount[];
  names: Map<string, string>;
  /** The chats of the layout as last seen (chats that left the layout keep their last spec). */
  lastSpec: Map<string, ChatSpec>;
  objects: ChatObject[];
  /** Records one checked cell; a failed check records a failure line instead of throwing. */
  cell(area: string, ok: boolean, detail: () => string): void;
}

export interface AuditOptions {
  players: number;
  /** Ruleset options for `/game create` (JSON). */
  options?: Record<string, unknown>;
  /** `/game create masks:` (regnum plays under appearances unless told `off`). */
  masks?: "off" | "masks" | "appearances";
  /** The simulated players' choices (their own PRNG, as in the sandbox). */
  seed?: number;
  /** The GM ends a game still running after this many phases (`/game end`). */
  maxPhases?: number;
  lang?: Lang;
  /** After `/game create`, before anyone joins (e.g. a masked game's settings). */
  setup?: (ctx: { h: Harness; gameId: string; gm: string; lobby: string }) => Promise<void>;
  /** What an account may do with an object; the default follows the layout's readers/writers. */
  expect?: (ctx: AuditContext, who: AuditAccount, object: ChatObject) => Expectation;
  /** Extra checks at every phase, after the standard ones. */
  extraChecks?: (ctx: AuditContext) => Promise<void>;
  /** A hook after each phase's orders and before the deadline (GM actions, test probes). */
  beforeResolve?: (ctx: AuditContext) => Promise<void>;
}

export interface AuditReport {
  ruleset: string;
  phases: number;
  /** Whether the game ended by its rules (else the GM ended it after `maxPhases`). */
  endedByRules: boolean;
  cells: Record<string, number>;
  total: number;
  failures: string[];
}

/** How long a member waits for the bot's answer (a loaded machine defers and answers late). */
const ANSWER_MS = 60_000;

/** A slash command as the member, waiting for the bot's (first) answer. */
async function ask(
  h: Harness,
  userId: string,
  line: string,
  options: Json = {},
  channel = h.lobby,
): Promise<Json> {
  return (await h.emu.user(userId).slash(channel, line, options).reply(ANSWER_MS)) as Json;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A member's own client: REST with the user's token (no `Bot ` prefix). */
async function userRest(
  h: Harness,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(`${h.emu.apiBase}/v10${path}`, {
        method,
        headers: { authorization: token, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch (error) {
      // A dropped keep-alive connection (ECONNRESET on a loaded machine): a client sends a GET
      // again; a POST that may have arrived is not repeated.
      if (attempt >= 3 || method !== "GET") throw error;
      await sleep(200 * attempt);
      continue;
    }
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : null;
    // A client waits out a rate limit as Discord asks, then tries again.
    if (res.status === 429) {
      await sleep(Math.ceil(Number((json as { retry_after?: number } | null)?.retry_after ?? 1) * 1000));
      continue;
    }
    return { status: res.status, json };
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every (seat, role/faction) pair a view states (team lists, checks, reveals), walking the JSON. */
function statedPairs(view: EngineJson, out = new Set<string>()): Set<string> {
  if (Array.isArray(view)) for (const v of view) statedPairs(v, out);
  else if (view && typeof view === "object") {
    const o = view as Record<string, EngineJson>;
    const id = ["id", "player", "target"].map((k) => o[k]).find((v): v is string => typeof v === "string");
    if (id) {
      for (const k of ["role", "faction", "clan", "result"]) {
        const value = o[k];
        if (typeof value === "string") out.add(`${id}=${value}`);
      }
    }
    for (const v of Object.values(o)) statedPairs(v, out);
  }
  return out;
}

/**
 * A line that states a seat's role or faction: the name, then a separator a statement uses
 * ("Anna — Mafia", "Anna: Doctor", "Anna (Maniac)", "Anna is Citizen", "Anna was the Don").
 * Mere co-occurrence ("Boris was killed by the Italian mafia") names the killer, not Boris.
 */
function statesRole(line: string, name: string, role: string): boolean {
  const sep = String.raw`\s*(?:[—–:(,-]|\s(?:is|was|это|был|была)(?![\p{L}\p{N}]))\s*(?:(?:an?|the)\s+)?`;
  const edge = String.raw`(?![\p{L}\p{N}])`;
  return new RegExp(String.raw`(?<![\p{L}\p{N}])` + escapeRe(name) + sep + escapeRe(role) + edge, "iu").test(
    line,
  );
}

/** The default expectation: the ruleset's readers and writers for the account's seat. */
export function layoutExpectation(ctx: AuditContext, who: AuditAccount, object: ChatObject): Expectation {
  if (who.kind === "gm") return { read: true, send: true };
  const ended = ctx.ended;
  const seat = who.seatId;
  if (object.key === "newspaper") return { read: true, send: false };
  if (object.key === "gm") return { read: false, send: false };
  // The parent of the private threads: players see it (threads inherit from it); it holds no posts.
  if (object.key === "threads") return { read: who.kind === "player", send: false };
  if (object.key.startsWith("personal:")) {
    const own = object.key.slice("personal:".length) === seat;
    const spec = [...ctx.lastSpec.values()].find(
      (c) => c.purpose === "personal" && c.readers.length === 1 && c.readers[0] === seat,
    );
    // The ruleset's own chat for the seat says whether it still writes (classic: even after the end).
    // Without one, the thread with the GMs stays open, also after the end.
    return { read: own, send: own && (spec ? spec.writers.includes(seat ?? "") : true) };
  }
  const key = parseChatKey(object.key);
  const id = key?.chatId ?? "";
  const spec = ctx.lastSpec.get(id);
  if (!spec) return { read: false, send: false };
  const current = ctx.ruleset.chatLayout(ctx.state).some((c) => c.id === id);
  const publicRead = spec.kind === "public" && spec.readAudience === "all";
  const read = seat ? spec.readers.includes(seat) || publicRead : publicRead;
  // A public chat with phase threads (unmasked games, src/discord/layout.ts): players talk in the
  // thread of the current phase only; the channel is the GMs' and the bot's.
  const threaded = ctx.objects.some((o) => o.key.startsWith(`chat:${id}@`));
  const open = key?.phase ? key.phase === `${ctx.state.phase.kind} ${ctx.state.phase.n}` : !threaded;
  const send = !!seat && current && !ended && open && spec.writers.includes(seat);
  return { read, send };
}

export async function runAudit(rulesetName: string, opts: AuditOptions): Promise<AuditReport> {
  const lang: Lang = opts.lang ?? "en";
  const definition = rulesetOrThrow(rulesetName);
  const h = await startHarness(0);
  const failures: string[] = [];
  const cells: Record<string, number> = {};
  let phases = 0;
  let endedByRules = true;
  try {
    const gm = h.guild.ownerId;
    const names = playerNames(opts.players + 1);
    const members = names.map((n) => h.emu.createMember(h.guild.id, n));
    const outsiderAccount = members.pop() as Account;
    await ask(h, gm, "settings", { language: lang });
    await ask(h, gm, "game create", {
      ruleset: rulesetName,
      name: `Audit ${rulesetName}`,
      options: JSON.stringify(opts.options ?? {}),
      ...(opts.masks ? { masks: opts.masks } : {}),
    });
    const [game] = await h.service.db.query.games.findMany();
    if (!game) throw new Error("/game create made no game");
    const gameId = game.id;
    await opts.setup?.({ h, gameId, gm, lobby: h.lobby });
    for (const m of members) {
      const joined = await ask(h, m.id, "game join");
      if (!textOf(joined)) throw new Error(`${m.username} could not join`);
    }
    const started = await ask(h, gm, "game start");
    if ((await h.service.game(gameId)).status === "lobby")
      throw new Error(`/game start failed: ${textOf(started)}`);
    await settle(h, gameId);

    const seats = await h.database.db.select().from(playersTable).where(eq(playersTable.gameId, gameId));
    const seatOf = new Map(seats.map((s) => [s.userId, s.seatId]));
    const accounts: AuditAccount[] = [
      ...members.map((account) => ({
        kind: "player" as const,
        account,
        seatId: seatOf.get(account.id) ?? "",
        name: account.username,
      })),
      {
        kind: "gm",
        account: { id: gm, token: h.emu.state.users.get(gm).token, username: "GM" },
        name: "GM",
      },
      { kind: "outsider", account: outsiderAccount, name: outsiderAccount.username },
    ];
    const seatNames = new Map(seats.map((s) => [s.seatId, s.displayName]));
    const lastSpec = new Map<string, ChatSpec>();
    const pickers = new Map(
      accounts.map((a, i) => [a.account.id, { rng: initialRngState((opts.seed ?? 1) * 1000 + i + 1) }]),
    );
    /** Receipts each seat got (secret to everyone else). */
    const receipts: { seatId: string; text: string }[] = [];

    const ctx: AuditContext = {
      h,
      gameId,
      ruleset: definition,
      lang,
      state: await h.service.state(gameId),
      ended: false,
      accounts,
      names: seatNames,
      lastSpec,
      objects: [],
      cell(area, ok, detail) {
        cells[area] = (cells[area] ?? 0) + 1;
        if (!ok && failures.length < 200) failures.push(`[${area}] ${detail()}`);
      },
    };
    const expect = opts.expect ?? layoutExpectation;

    for (let guard = 0; ; guard++) {
      ctx.state = await h.service.state(gameId);
      for (const chat of definition.chatLayout(ctx.state)) lastSpec.set(chat.id, chat);
      const rows = await h.database.db.select().from(chats).where(eq(chats.gameId, gameId));
      ctx.objects = rows
        .filter((r) => r.discordKind === "channel" || r.discordKind === "thread")
        .map((r) => ({
          key: r.chatKey,
          discordId: r.discordId,
          kind: r.discordKind as "channel" | "thread",
        }));
      const status = (await h.service.game(gameId)).status;
      ctx.ended = ctx.state.ended || status === "ended";
      phases++;
      const secretLines = await privateLines(ctx);
      // Accounts are checked side by side (each client has its own rate limits).
      await inParallel(accounts, 4, async (who) => {
        const reads = new Map<string, Json[]>();
        await auditAccess(ctx, who, expect, reads);
        await auditSecrets(ctx, who, definition, receipts, reads, secretLines);
      });
      await opts.extraChecks?.(ctx);
      if (status === "ended") break;
      if (guard >= (opts.maxPhases ?? 12)) {
        endedByRules = false;
        await ask(h, gm, "game end");
        await settle(h, gameId);
        continue;
      }
      // The players speak where the rules let them write, and act: a few legal orders each,
      // through /order and the orders panel.
      const phase = await h.service.currentPhase(gameId);
      const spoken = await talk(ctx);
      for (const who of accounts.filter((a) => a.kind === "player")) {
        const picker = pickers.get(who.account.id) ?? { rng: initialRngState(1) };
        await act(ctx, who, picker, receipts);
      }
      await opts.beforeResolve?.(ctx);
      await settle(h, gameId);
      // What a writer said stands (the bot removes only what the rules refuse).
      for (const post of spoken) {
        const stands = h.emu.messages(post.channel).some((m) => m["id"] === post.id);
        const told = () => {
          const own = ctx.objects.find((o) => o.key === `personal:${post.seatId}`)?.discordId;
          const last = own ? h.emu.messages(own).at(-1) : undefined;
          return last ? String(last["content"] ?? "") : "";
        };
        ctx.cell("speak", stands, () => `${post.at}: the post was removed (${told()})`);
      }
      const now = await h.service.currentPhase(gameId);
      if (now && phase && now.index === phase.index) {
        await h.resolvePhase(gameId).catch((error: unknown) => {
          failures.push(`[flow] resolving ${phase.label}: ${(error as Error).message}`);
        });
      }
      await settle(h, gameId);
    }
  } finally {
    await h.close();
  }
  const total = Object.values(cells).reduce((a, b) => a + b, 0);
  return { ruleset: rulesetName, phases, endedByRules, cells, total, failures };
}

/**
 * The lines the bot told some seats privately (posts to their own threads: results, checks,
 * peeks, team lists, notices), with the seats told; a line every seat was told (a phase's
 * heading) is not a secret. Another account must never be shown such a line while the game runs.
 */
async function privateLines(ctx: AuditContext): Promise<Map<string, Set<string>>> {
  const rows = await ctx.h.database.db.select().from(outbox).where(eq(outbox.gameId, ctx.gameId));
  const owners = new Map<string, Set<string>>();
  // The notice of a removed post answers the poster's own act with the same words for every seat
  // (probeRemoved makes them wherever Discord lets a voiceless seat post): it tells of nobody.
  const removedNotice = t(ctx.lang, "activity.voiceless").trim();
  for (const row of rows) {
    const effect = row.payload as { type?: string; chat?: string; content?: string };
    if (effect.type !== "post" || !effect.chat?.startsWith("personal:")) continue;
    const seat = effect.chat.slice("personal:".length);
    for (const raw of (effect.content ?? "").split("\n")) {
      const line = raw.trim();
      if (line.length < 12 || !/\p{L}/u.test(line) || line === removedNotice) continue;
      owners.set(line, (owners.get(line) ?? new Set()).add(seat));
    }
  }
  const seats = ctx.state.players.length;
  for (const [line, told] of owners) if (told.size >= seats) owners.delete(line);
  return owners;
}

async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

async function settle(h: Harness, gameId: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await h.drain(gameId);
    if ((await countPending(h.database.db, gameId)) === 0) break;
    await sleep(50);
  }
}

/**
 * Every player writes once in each chat of the current layout the rules let him write in, as
 * his own client would (REST with his token): the post must be accepted. Returns the posts.
 */
async function talk(
  ctx: AuditContext,
): Promise<{ channel: string; id: string; at: string; seatId: string }[]> {
  if (ctx.ended) return [];
  const phase = `${ctx.state.phase.kind} ${ctx.state.phase.n}`;
  const out: { channel: string; id: string; at: string; seatId: string }[] = [];
  for (const chat of ctx.ruleset.chatLayout(ctx.state)) {
    if (chat.purpose) continue;
    const object =
      ctx.objects.find((o) => o.key === phaseThreadKey(chat.id, ctx.state.phase)) ??
      ctx.objects.find((o) => o.key === `chat:${chat.id}`);
    if (!object) continue;
    for (const who of ctx.accounts) {
      if (who.kind !== "player" || !chat.writers.includes(who.seatId ?? "")) continue;
      const at = `${phase} ${who.name} (${who.seatId ?? ""}) in ${chat.id}`;
      const posted = await userRest(
        ctx.h,
        who.account.token,
        "POST",
        `/channels/${object.discordId}/messages`,
        {
          content: `${who.name} speaks in ${chat.id} (${phase})`,
        },
      );
      ctx.cell("speak", posted.status === 200, () => `${at}: HTTP ${posted.status}`);
      if (posted.status === 200)
        out.push({
          channel: object.discordId,
          id: (posted.json as { id: string }).id,
          at,
          seatId: who.seatId ?? "",
        });
    }
  }
  return out;
}

/** One seat's moves: up to two distinct legal orders (the first through /order, the next through the panel). */
async function act(
  ctx: AuditContext,
  who: AuditAccount,
  picker: { rng: number[] },
  receipts: { seatId: string; text: string }[],
): Promise<void> {
  const { h, gameId, lang } = ctx;
  const personal = ctx.objects.find((o) => o.key === `personal:${who.seatId ?? ""}`)?.discordId ?? h.lobby;
  const accepted = t(lang, "order.accepted", { action: "", targets: "" }).trim();
  const used = new Set<string>();
  for (let step = 0; step < 2; step++) {
    const offers = (await h.service.available(gameId, who.account.id)).actions.filter(
      (o) => !used.has(o.action) && !["leave", "post", "edit_post"].includes(o.action),
    );
    if (offers.length === 0) return;
    const offer = offers[drawInt(picker, 0, offers.length - 1)] as AvailableAction;
    used.add(offer.action);
    const n = offer.minTargets > 0 ? offer.minTargets : Math.min(offer.maxTargets, 1);
    const targets = shuffle(picker, offer.targets).slice(0, n);
    if (targets.length > 2) continue;
    let text = "";
    if (step === 1 && targets.length <= 1) text = await viaPanel(ctx, who, personal, offer, targets[0]);
    if (!text) {
      const options: Json = { action: offerValue(offer, await seatNames(h.database.db, gameId)) };
      if (targets[0]) options["target"] = ctx.names.get(targets[0]) ?? targets[0];
      if (targets[1]) options["target2"] = ctx.names.get(targets[1]) ?? targets[1];
      text = textOf(await ask(h, who.account.id, "order", options, personal));
    }
    if (text.startsWith(accepted))
      receipts.push({ seatId: who.seatId ?? "", text: text.split("\n")[0] ?? "" });
  }
}

/** The orders panel (`/order` without an action): a button, or a select with the target. */
async function viaPanel(
  ctx: AuditContext,
  who: AuditAccount,
  channel: string,
  offer: AvailableAction,
  target: string | undefined,
): Promise<string> {
  const user = ctx.h.emu.user(who.account.id);
  const handle = user.slash(channel, "order", {});
  const panel = (await handle.reply(ANSWER_MS)) as Json;
  const rows = (Array.isArray(panel["components"]) ? panel["components"] : []) as Json[];
  const id = String(panel["id"] ?? "");
  for (const row of rows) {
    for (const c of (row["components"] ?? []) as Json[]) {
      const customId = String(c["custom_id"] ?? "");
      if (!customId.endsWith(`:${offer.action}`)) continue;
      if (c["type"] === 2 && !target)
        return textOf((await user.click(id, customId).reply(ANSWER_MS)) as Json);
      if (c["type"] === 3 && target) {
        const option = ((c["options"] ?? []) as Json[]).find((o) => String(o["value"]).includes(target));
        if (option)
          return textOf(
            (await user.select(id, customId, [String(option["value"])]).reply(ANSWER_MS)) as Json,
          );
      }
    }
  }
  return "";
}

/**
 * View, read, send and list for one account and every object of the game; what it read is kept
 * in `reads` (object key → messages) for the scan.
 */
async function auditAccess(
  ctx: AuditContext,
  who: AuditAccount,
  expect: (ctx: AuditContext, who: AuditAccount, object: ChatObject) => Expectation,
  reads: Map<string, Json[]>,
): Promise<void> {
  const { h } = ctx;
  const phase = `${ctx.state.phase.kind} ${ctx.state.phase.n}`;
  {
    const token = who.account.token;
    const readable = new Set<string>();
    for (const object of ctx.objects) {
      const want = expect(ctx, who, object);
      const at = () => `${phase} ${who.name} (${who.seatId ?? who.kind}) ${object.key}`;
      const viewed = await userRest(h, token, "GET", `/channels/${object.discordId}`);
      ctx.cell(
        "view",
        (viewed.status === 200) === want.read,
        () => `${at()}: view ${viewed.status}, expected ${want.read}`,
      );
      const read = await userRest(h, token, "GET", `/channels/${object.discordId}/messages?limit=100`);
      ctx.cell(
        "read",
        (read.status === 200) === want.read,
        () => `${at()}: read ${read.status}, expected ${want.read}`,
      );
      if (want.read) readable.add(object.discordId);
      if (read.status === 200) reads.set(object.key, read.json as Json[]);
      const canSend = h.emu.canSend(who.account.id, object.discordId);
      if (canSend === want.send) ctx.cell("send", true, () => "");
      else if (canSend && !want.send) {
        // Not expressible as a permission: the bot must remove the post at once.
        ctx.cell("send", await probeRemoved(ctx, who, object), () => `${at()}: a post stayed`);
      } else ctx.cell("send", false, () => `${at()}: cannot send, but the rules let it write`);
      if (object.kind === "thread" && viewed.status === 200) {
        const members = await userRest(h, token, "GET", `/channels/${object.discordId}/thread-members`);
        const listed = (Array.isArray(members.json) ? (members.json as { user_id: string }[]) : []).map(
          (m) => m.user_id,
        );
        const allowed = allowedMembers(ctx, object);
        const extra = listed.filter((id) => !allowed.has(id));
        ctx.cell(
          "thread-members",
          members.status === 200 && extra.length === 0,
          () => `${at()}: members ${extra.join(",")} listed`,
        );
      }
    }
    const gameIds = new Set(ctx.objects.map((o) => o.discordId));
    const listed = await userRest(h, token, "GET", `/guilds/${h.guild.id}/channels`);
    const channels = ((listed.json ?? []) as { id: string }[])
      .map((c) => c.id)
      .filter((id) => gameIds.has(id));
    const wantChannels = ctx.objects.filter((o) => o.kind === "channel" && readable.has(o.discordId));
    ctx.cell(
      "list-channels",
      channels.length === wantChannels.length && channels.every((id) => readable.has(id)),
      () => `${phase} ${who.name}: lists ${channels.length} game channels, expected ${wantChannels.length}`,
    );
    const active = await userRest(h, token, "GET", `/guilds/${h.guild.id}/threads/active`);
    const threads = (
      ((active.json as { threads?: { id: string }[] } | null)?.threads ?? []) as { id: string }[]
    )
      .map((c) => c.id)
      .filter((id) => gameIds.has(id));
    ctx.cell(
      "list-threads",
      threads.every((id) => readable.has(id)),
      () => `${phase} ${who.name}: lists threads it may not read`,
    );
  }
}

/** Accounts a thread's member list may show: its readers' accounts, the bot, the GMs. */
function allowedMembers(ctx: AuditContext, object: ChatObject): Set<string> {
  const accountOf = new Map(ctx.accounts.filter((a) => a.seatId).map((a) => [a.seatId ?? "", a.account.id]));
  const allowed = new Set<string>([ctx.h.client.user?.id ?? ""]);
  for (const a of ctx.accounts) if (a.kind === "gm") allowed.add(a.account.id);
  if (object.key.startsWith("personal:")) allowed.add(accountOf.get(object.key.slice(9)) ?? "");
  const spec = ctx.lastSpec.get(parseChatKey(object.key)?.chatId ?? "");
  for (const seat of spec?.readers ?? []) allowed.add(accountOf.get(seat) ?? "");
  return allowed;
}

/** Posts as the account where it may not write; the post must be gone and the poster told privately. */
async function probeRemoved(ctx: AuditContext, who: AuditAccount, object: ChatObject): Promise<boolean> {
  const personal = ctx.objects.find((o) => o.key === `personal:${who.seatId ?? ""}`)?.discordId;
  const notice = t(ctx.lang, "activity.voiceless");
  const notices = () =>
    personal === undefined
      ? 0
      : ctx.h.emu.messages(personal).filter((m) => String(m["content"] ?? "").includes(notice)).length;
  const before = notices();
  const posted = await userRest(ctx.h, who.account.token, "POST", `/channels/${object.discordId}/messages`, {
    content: "audit: may I speak here?",
  });
  if (posted.status !== 200) return true;
  const id = (posted.json as { id: string }).id;
  for (let i = 0; i < 100; i++) {
    await ctx.h.drain(ctx.gameId);
    const removed = !ctx.h.emu.messages(object.discordId).some((m) => m["id"] === id);
    if (removed && notices() > before) return true;
    await sleep(50);
  }
  return false;
}

/** Everything each account can read or is shown, scanned for other seats' secrets. */
async function auditSecrets(
  ctx: AuditContext,
  who: AuditAccount,
  definition: RulesetDefinition<AnyGameState>,
  receipts: { seatId: string; text: string }[],
  reads: Map<string, Json[]>,
  secretLines: Map<string, Set<string>>,
): Promise<void> {
  const { h, state, lang } = ctx;
  const phase = `${state.phase.kind} ${state.phase.n}`;
  const shownAs = (value: string) =>
    [definition.roles[value]?.name[lang], definition.factions[value]?.name[lang]].filter(
      (s): s is string => !!s,
    );
  {
    if (who.kind === "gm") return; // the GMs know everything
    const view = definition.playerView(state, who.seatId ?? "outsider");
    const known = statedPairs(view);
    const texts: { where: string; text: string }[] = [];
    for (const [key, messages] of reads)
      for (const m of messages) texts.push({ where: key, text: messageText(m) });
    for (const line of ["game status", "role", "orders"]) {
      const reply = await ask(h, who.account.id, line).catch((e: unknown) => ({ content: String(e) }));
      texts.push({ where: `/${line}`, text: textOf(reply as Json) });
    }
    if (who.kind === "player" && !ctx.ended) {
      const channel = ctx.objects.find((o) => o.key === `personal:${who.seatId ?? ""}`)?.discordId ?? h.lobby;
      const choices = await h
        .choices(who.account.id, "order", { action: "" }, "action", channel)
        .catch(() => []);
      const shown = await seatNames(h.database.db, ctx.gameId);
      const offered = new Set(
        (await h.service.available(ctx.gameId, who.account.id)).actions.map((o) => offerValue(o, shown)),
      );
      ctx.cell(
        "autocomplete",
        choices.every((c) => offered.has(c.value)),
        () => `${phase} ${who.name}: /order offers an action its seat does not have`,
      );
      texts.push({ where: "autocomplete", text: choices.map((c) => c.name).join("\n") });
    }
    for (const { where, text } of texts) {
      const leaks: string[] = [];
      if (!ctx.ended) {
        for (const line of text.split("\n")) {
          for (const p of state.players) {
            const name = ctx.names.get(p.id);
            if (!name) continue;
            for (const secret of [p.role, p.faction]) {
              if (known.has(`${p.id}=${secret}`)) continue;
              if (shownAs(secret).some((shown) => statesRole(line, name, shown)))
                leaks.push(`${p.id} is ${secret}: "${line}"`);
            }
          }
        }
        for (const r of receipts) {
          if (r.seatId !== who.seatId && text.includes(r.text))
            leaks.push(`${r.seatId}'s order: "${r.text}"`);
        }
        for (const line of text.split("\n")) {
          const owners = secretLines.get(line.trim());
          if (owners && !owners.has(who.seatId ?? ""))
            leaks.push(`a private line of ${[...owners].join(",")}: "${line.trim()}"`);
        }
      }
      ctx.cell(
        "scan",
        leaks.length === 0,
        () => `${phase} ${who.name} (${who.seatId ?? who.kind}) ${where}: ${leaks.join("; ")}`,
      );
    }
  }
}
