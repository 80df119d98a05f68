import { and, eq, gt } from "drizzle-orm";
import WebSocket from "ws";
import { chats, outbox } from "../../src/db/schema/index.js";
import { mayWrite, removalIsTheRule } from "../../src/discord/activity.js";
import type { Account } from "../../src/emulator/index.js";
import { maskModeOf } from "../../src/games/masks.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { registry } from "../../src/http/metrics.js";
import { isEphemeral, type Harness, type Json } from "./harness.js";

/**
 * The voice matrix (docs/secrecy.md): for a game in some state, every seat × every chat the seat
 * can see but may not write in × every way a Discord client speaks, and the bot-mediated ways
 * (/say and its form, /vote, a panel button). Each attempt must be refused by Discord (the
 * emulator) or by the bot before any other member's client receives anything: every other
 * member (the players and an outsider; not the GMs, who read every chat) has a gateway session
 * of his own, and any event the attempt caused there is a leak. The cases docs/secrecy.md still
 * leaves to removal (`removalIsTheRule`) are kept apart: their post must be removed by the bot
 * and counted under `net="rule"`, and they are listed so that the test fails when one appears
 * that the table does not name.
 */

interface Seen {
  to: string;
  t: string;
  d: Json;
}

/** A gateway session per member, each recording what it receives. */
export class Listeners {
  readonly events: Seen[] = [];
  private readonly sockets: WebSocket[] = [];

  constructor(private readonly h: Harness) {}

  async connect(accounts: readonly Account[]): Promise<void> {
    await Promise.all(
      accounts.map(
        (account) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(`${this.h.emu.gatewayUrl}?v=10&encoding=json`);
            this.sockets.push(ws);
            ws.on("message", (raw: WebSocket.RawData) => {
              const payload = JSON.parse(String(raw)) as Json;
              if (payload["op"] === 10) {
                ws.send(JSON.stringify({ op: 2, d: { token: account.token, properties: {} } }));
              } else if (payload["op"] === 0) {
                const t = String(payload["t"]);
                if (t === "READY") resolve();
                else this.events.push({ to: account.id, t, d: (payload["d"] ?? {}) as Json });
              }
            });
            ws.on("error", reject);
          }),
      ),
    );
  }

  close(): void {
    for (const ws of this.sockets) ws.close();
  }
}

/** What an event tells another member about an attempt by `user` in `channel`, if anything. */
function caused(e: Seen, user: string, channel: string): boolean {
  const d = e.d;
  switch (e.t) {
    case "MESSAGE_CREATE":
    case "MESSAGE_UPDATE":
      return (d["author"] as Json | undefined)?.["id"] === user;
    case "MESSAGE_REACTION_ADD":
    case "MESSAGE_REACTION_REMOVE":
      return d["user_id"] === user;
    case "THREAD_CREATE":
      return d["owner_id"] === user || d["id"] === channel;
    case "THREAD_MEMBERS_UPDATE":
      return d["id"] === channel;
    case "CHANNEL_PINS_UPDATE":
      return d["channel_id"] === channel;
    default:
      return false;
  }
}

export interface Cell {
  seat: string;
  user: string;
  chatKey: string;
  channel: string;
  isThread: boolean;
}

export interface MatrixResult {
  /** Attempts made (refused or not). */
  attempts: number;
  /** `state chat way`: accepted by Discord and delivered to another member. */
  leaks: string[];
  /** `chat way`: delivered, then removed by the bot, where docs/secrecy.md leaves it to removal. */
  byRemoval: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function safetyNetCount(): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find(
    (m) => m.name === "gm_voiceless_posts_removed_total",
  );
  const values = (metric?.values ?? []) as { value: number; labels: Record<string, string | number> }[];
  return values.filter((v) => v.labels["net"] === "safety").reduce((a, v) => a + v.value, 0);
}

/** Every chat of the game a seat's account can see on Discord and may not write in now. */
export async function voicelessCells(
  h: Harness,
  gameId: string,
  users: ReadonlyMap<string, string>,
): Promise<Cell[]> {
  const game = await h.service.game(gameId);
  const ruleset = rulesetOrThrow(game.ruleset);
  const state = await h.service.state(gameId);
  const layout = ruleset.chatLayout(state);
  const talkIn = { ruleset, masked: (await maskModeOf(h.database.db, gameId)) !== "off" };
  const rows = await h.database.db.select().from(chats).where(eq(chats.gameId, gameId));
  const cells: Cell[] = [];
  for (const [user, seat] of users) {
    for (const row of rows) {
      const key = row.chatKey;
      const talk =
        key.startsWith("chat:") ||
        key.startsWith("personal:") ||
        key.startsWith("mirror:") ||
        key === "newspaper" ||
        key === "gm";
      if (!talk || !h.emu.canView(user, row.discordId)) continue;
      // Masked play: a reader's mirror is only the bot's to write in; players speak through /say.
      if (key.startsWith("mirror:")) {
        cells.push({ seat, user, chatKey: key, channel: row.discordId, isThread: true });
        continue;
      }
      const seated = seat !== "" && (key.startsWith("chat:") || key.startsWith("personal:"));
      if (seated && game.status !== "ended" && mayWrite(state, layout, key, seat, talkIn)) continue;
      if (
        seated &&
        game.status === "ended" &&
        key === `personal:${seat}` &&
        mayWrite(state, layout, key, seat, talkIn)
      )
        continue;
      const isThread = Boolean(h.emu.channel(row.discordId)?.["thread_metadata"]);
      cells.push({ seat, user, chatKey: key, channel: row.discordId, isThread });
    }
  }
  return cells;
}

/**
 * Tries every way to speak in every cell. `others` are the accounts listening; `stateName` names
 * the cells in the result.
 */
export async function runMatrix(
  h: Harness,
  gameId: string,
  listeners: Listeners,
  cells: readonly Cell[],
  others: readonly Account[],
  stateName: string,
  botWays: boolean,
): Promise<MatrixResult> {
  const game = await h.service.game(gameId);
  const ruleset = rulesetOrThrow(game.ruleset);
  const state = await h.service.state(gameId);
  const layout = ruleset.chatLayout(state);
  const result: MatrixResult = { attempts: 0, leaks: [], byRemoval: [] };
  // Under masks nobody posts directly at all: nothing is left to removal there.
  const masked = (await maskModeOf(h.database.db, gameId)) !== "off";
  const personalOf = new Map<string, string>();
  for (const row of await h.database.db.select().from(chats).where(eq(chats.gameId, gameId)))
    if (row.chatKey.startsWith("personal:"))
      personalOf.set(row.chatKey.slice("personal:".length), row.discordId);
  const triedBot = new Set<string>();
  if (process.env["VOICE_MATRIX_CELLS"])
    console.info(cells.map((c) => `${c.seat || c.user} ${c.chatKey}`).join("\n"));

  for (const cell of cells) {
    const actor = h.emu.user(cell.user);
    const messages = () =>
      h.emu.messages(cell.channel).filter((m) => !m["flags"] || !(Number(m["flags"]) & 64));
    const latest = () => messages().at(-1);
    const own = messages()
      .filter((m) => (m["author"] as Json)["id"] === cell.user)
      .at(-1);
    const stranger = others.find(
      (o) => o.id !== cell.user && !h.emu.threadMembers(cell.channel).includes(o.id),
    );
    const ownThread = personalOf.get(cell.seat);
    const sourceInOwn = ownThread ? h.emu.messages(ownThread).at(-1) : undefined;
    const id = (m: Json | undefined) => String(m?.["id"] ?? "");
    const ways: [string, (() => unknown) | null][] = [
      ["send", () => actor.send(cell.channel, "a word from a seat without a voice")],
      ["mention", () => actor.send(cell.channel, `<@${stranger?.id ?? others[0]?.id ?? ""}> listen`)],
      [
        "edit an earlier message",
        own ? () => actor.edit(cell.channel, id(own), { content: "edited later" }) : null,
      ],
      ["reply", latest() ? () => actor.reply(cell.channel, id(latest()), "a reply") : null],
      ["react", latest() ? () => actor.react(cell.channel, id(latest()), "🔥") : null],
      ["add a reaction", latest() ? () => actor.react(cell.channel, id(latest()), "👍") : null],
      [
        "create a thread from a message",
        latest() ? () => actor.threadFrom(cell.channel, id(latest()), "aside") : null,
      ],
      ["create a thread", cell.isThread ? null : () => actor.createThread(cell.channel, "aside", 11)],
      [
        "add a thread member",
        cell.isThread && stranger ? () => actor.addThreadMember(cell.channel, stranger.id) : null,
      ],
      [
        "forward",
        sourceInOwn && ownThread ? () => actor.forward(cell.channel, ownThread, id(sourceInOwn)) : null,
      ],
      ["pin", latest() ? () => actor.pin(cell.channel, id(latest())) : null],
    ];
    // Someone with a voice (or the GMs) starting a reaction is refused too: with no reaction on a
    // message, nobody can add to one (layout.ts, REACT).
    const writerOfChat = [...others].find((o) => o.id !== cell.user && h.emu.canView(o.id, cell.channel));
    if (writerOfChat && latest()) {
      try {
        h.emu.user(writerOfChat.id).react(cell.channel, id(latest()), "👍");
        result.leaks.push(`${stateName} ${cell.chatKey}: a reader could start a reaction for others to join`);
      } catch {
        // refused, as it must be
      }
    }
    for (const [way, attempt] of ways) {
      if (!attempt) continue;
      result.attempts++;
      const mark = listeners.events.length;
      let accepted: Json | undefined;
      try {
        accepted = (attempt() ?? {}) as Json;
      } catch {
        continue; // refused by Discord
      }
      // Discord accepted it: whatever it dispatched is on its way to the sessions (a busy machine
      // may take a while), so wait for it before judging.
      const deliveredNow = () =>
        listeners.events.slice(mark).filter((e) => e.to !== cell.user && caused(e, cell.user, cell.channel));
      for (let waited = 0; deliveredNow().length === 0 && waited < 400; waited += 20) await sleep(20);
      const delivered = deliveredNow();
      if (delivered.length === 0) continue;
      const action = way === "edit an earlier message" ? "edit_post" : "post";
      const isPost = ["send", "mention", "reply", "forward", "edit an earlier message"].includes(way);
      if (isPost && !masked && removalIsTheRule(ruleset, layout, cell.chatKey, action, state)) {
        result.byRemoval.push(`${cell.chatKey} ${way}`);
        const messageId = way === "edit an earlier message" ? id(own) : String(accepted["id"] ?? "");
        const until = Date.now() + 10_000;
        while (h.emu.messages(cell.channel).some((m) => m["id"] === messageId) && Date.now() < until)
          await sleep(50);
        if (h.emu.messages(cell.channel).some((m) => m["id"] === messageId))
          result.leaks.push(`${stateName} ${cell.seat} ${cell.chatKey} ${way}: delivered and never removed`);
        continue;
      }
      result.leaks.push(
        `${stateName} ${cell.seat || "an outsider"} ${cell.chatKey} ${way}: ${delivered.map((e) => `${e.t}→${e.to}`).join(", ")}`,
      );
    }
    // /vote and a panel button are the seat's as a whole: tried for the seats the rules leave no
    // action at all (the dead, an ended game's seats, an account without a seat); a living seat's
    // vote or order is the rules' to take, not speech in a chat.
    const player = state.players.find((p) => p.id === cell.seat);
    const actionless = game.status === "ended" || !player || !player.alive;
    // /say and its form are speech: tried in every ruleset chat (or mirror) the seat sees without
    // a voice there. /vote and a panel button: once per actionless seat, from such a chat.
    if (!botWays) continue;
    const mirror = /^mirror:(.+):[^:]*$/.exec(cell.chatKey);
    const chatKey = mirror ? `chat:${mirror[1] ?? ""}` : cell.chatKey;
    if (!chatKey.startsWith("chat:")) continue;
    const voiced =
      cell.seat !== "" &&
      game.status !== "ended" &&
      mayWrite(state, layout, chatKey, cell.seat, { ruleset, masked });
    if (voiced) continue;
    const actions = actionless && !triedBot.has(cell.user);
    if (actions) triedBot.add(cell.user);
    await botMediated(h, gameId, cell, stateName, result, actions);
  }
  return result;
}

/** Outbox rows of the game after `since` that write to a chat other players read. */
async function publicWritesSince(h: Harness, gameId: string, since: number): Promise<string[]> {
  const rows = await h.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.gameId, gameId), gt(outbox.id, since)));
  return rows
    .map((r) => String((r.payload as Json)["chat"] ?? r.kind))
    .filter((chat) => !chat.startsWith("personal:") && chat !== "gm");
}

async function lastOutboxId(h: Harness, gameId: string): Promise<number> {
  const rows = await h.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.gameId, gameId));
  return rows.reduce((max, r) => Math.max(max, r.id), 0);
}

/**
 * /say (with text, and its form), /vote and the latest panel button of the seat: each must be
 * answered privately and queue nothing for a chat other players read.
 */
async function botMediated(
  h: Harness,
  gameId: string,
  cell: Cell,
  stateName: string,
  result: MatrixResult,
  actions: boolean,
) {
  const actor = h.emu.user(cell.user);
  const all: [string, () => Promise<Json | null>][] = [
    [
      "/say",
      async () => (await actor.slash(cell.channel, "say", { text: "through the bot" }).reply(30_000)) as Json,
    ],
    [
      "/say form",
      async () => {
        const handle = actor.slash(cell.channel, "say", {});
        const first = (await handle.callback(30_000)) as Json;
        if (first["type"] !== 9) return (await handle.reply(30_000)) as Json;
        return (await actor.submitModal({ text: "through the form" }).reply(30_000)) as Json;
      },
    ],
    [
      "/vote",
      async () => {
        const choices = (await actor
          .autocomplete(cell.channel, "vote", { choice: "" }, "choice")
          .choices(30_000)) as {
          value: string;
        }[];
        const choice = choices[0]?.value ?? "p1";
        return (await actor.slash(cell.channel, "vote", { choice }).reply(30_000)) as Json;
      },
    ],
    [
      "a panel button",
      async () => {
        const thread = (await h.database.db.select().from(chats).where(eq(chats.gameId, gameId))).find(
          (r) => r.chatKey === `personal:${cell.seat}`,
        );
        const panel = thread
          ? h.emu
              .messages(thread.discordId)
              .filter((m) => Array.isArray(m["components"]) && (m["components"] as Json[]).length > 0)
              .at(-1)
          : undefined;
        const button = ((panel?.["components"] ?? []) as { components?: Json[] }[])
          .flatMap((r) => r.components ?? [])
          .find((c) => Number(c["type"]) === 2 && c["custom_id"]);
        if (!panel || !button) return null;
        return (await actor.click(String(panel["id"]), String(button["custom_id"])).reply(30_000)) as Json;
      },
    ],
  ];
  const attempts = actions ? all : all.filter(([way]) => way.startsWith("/say"));
  for (const [way, attempt] of attempts) {
    const since = await lastOutboxId(h, gameId);
    result.attempts++;
    let answer: Json | null;
    try {
      answer = await attempt();
    } catch (error) {
      if (process.env["VOICE_MATRIX_CELLS"])
        console.info(`${way} by ${cell.seat} in ${cell.chatKey}: ${String(error)}`);
      continue; // refused by Discord (the command cannot be used there)
    }
    if (process.env["VOICE_MATRIX_CELLS"])
      console.info(`${way} by ${cell.seat} in ${cell.chatKey}: ${JSON.stringify(answer)?.slice(0, 200)}`);
    if (answer === null) continue;
    const writes = await publicWritesSince(h, gameId, since);
    if (!isEphemeral(answer) || writes.length > 0)
      result.leaks.push(
        `${stateName} ${cell.seat} ${cell.chatKey} ${way}: ${writes.join(", ") || "a public answer"}`,
      );
  }
}
