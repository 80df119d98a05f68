import { eq } from "drizzle-orm";
import WebSocket from "ws";
import { chats, games } from "../../src/db/schema/index.js";
import type { Account } from "../../src/emulator/index.js";
import { textOf, type Harness, type Json } from "../bot/harness.js";

/**
 * What a curious member's own client can do in a masked game, and the checks that nothing it
 * sees ties a mask (or an appearance) to an account: REST with the member's own token, the
 * gateway events its session receives, and the bot's answers to its slash commands and
 * autocomplete. Every check is counted (`audit.checks`) and every failure kept (`audit.failures`).
 */

export interface Seat {
  seatId: string;
  userId: string;
  mask: string;
}

export class MaskAudit {
  checks = 0;
  readonly failures: string[] = [];
  private readonly events = new Map<string, Json[]>();
  private readonly sockets: WebSocket[] = [];
  /** Each player's guild roles when the game started: they must never change while it runs. */
  private readonly rolesAtStart = new Map<string, string[]>();

  constructor(
    private readonly h: Harness,
    readonly players: readonly Account[],
    readonly outsiders: readonly Account[],
  ) {}

  check(ok: boolean, what: string): void {
    this.checks++;
    if (!ok && this.failures.length < 200) this.failures.push(what);
  }

  /** REST as the member: `GET` with his own token; the status and the JSON body. */
  async get(account: Account, path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.h.emu.apiBase}/v10${path}`, {
      headers: { Authorization: account.token },
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** Opens a gateway session per member; its dispatches are scanned by `scanGateway`. */
  async connect(): Promise<void> {
    await Promise.all(
      [...this.players, ...this.outsiders].map(
        (account) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(`${this.h.emu.gatewayUrl}?v=10&encoding=json`);
            const seen: Json[] = [];
            this.events.set(account.id, seen);
            this.sockets.push(ws);
            ws.on("message", (raw: WebSocket.RawData) => {
              const payload = JSON.parse(String(raw)) as Json;
              if (payload["op"] === 10) {
                ws.send(JSON.stringify({ op: 2, d: { token: account.token, properties: {} } }));
              } else if (payload["op"] === 0) {
                seen.push(payload);
                if (payload["t"] === "READY") resolve();
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

  async snapshotRoles(guildId: string): Promise<void> {
    for (const p of this.players) {
      const { body } = await this.get(p, `/guilds/${guildId}/members/${p.id}`);
      this.rolesAtStart.set(p.id, [...((body as { roles?: string[] }).roles ?? [])].sort());
    }
    for (const events of this.events.values()) events.length = 0;
  }

  /** The secrets a viewer must not see: every other player's account id, username and shown name. */
  private secretsFor(viewer: string, seats: readonly Seat[], accountNames: ReadonlyMap<string, string>) {
    return seats
      .filter((s) => s.userId !== viewer)
      .flatMap((s) => [s.userId, accountNames.get(s.userId) ?? s.userId])
      .map((secret) => new RegExp(`(^|[^0-9A-Za-z])${secret}([^0-9A-Za-z]|$)`));
  }

  /**
   * Everything a member lists and reads over REST: the channels and active threads he sees, the
   * members of every thread he sees, every message there (authors, webhook metadata, content,
   * embeds), every player's roles, and the webhooks behind the masks.
   */
  async scanRest(
    guildId: string,
    gameId: string,
    seats: readonly Seat[],
    accountNames: ReadonlyMap<string, string>,
    botId: string,
    label: string,
  ): Promise<void> {
    const gameChats = await this.h.database.db.select().from(chats).where(eq(chats.gameId, gameId));
    const gameIds = new Set(gameChats.map((c) => c.discordId));
    const playerIds = new Set(seats.map((s) => s.userId));
    for (const viewer of [...this.players, ...this.outsiders]) {
      const secrets = this.secretsFor(viewer.id, seats, accountNames);
      const channels = (await this.get(viewer, `/guilds/${guildId}/channels`)).body as Json[];
      const threads = (
        (await this.get(viewer, `/guilds/${guildId}/threads/active`)).body as { threads?: Json[] }
      ).threads;
      const visible = [...channels, ...(threads ?? [])].filter((c) => gameIds.has(String(c["id"])));
      for (const thread of threads ?? []) {
        const id = String(thread["id"]);
        if (!gameIds.has(id)) continue;
        const { status, body } = await this.get(viewer, `/channels/${id}/thread-members`);
        const members = status === 200 ? (body as { user_id: string }[]).map((m) => m.user_id) : [];
        const others = members.filter((m) => m !== viewer.id && m !== botId);
        this.check(
          others.length === 0,
          `${label}: ${viewer.username} lists ${others.join(",")} in thread ${String(thread["name"])}`,
        );
      }
      for (const channel of visible) {
        const id = String(channel["id"]);
        if (Number(channel["type"]) === 4) continue; // a category has no messages
        const { status, body } = await this.get(viewer, `/channels/${id}/messages?limit=100`);
        if (status !== 200) continue;
        for (const message of body as Json[]) {
          const author = (message["author"] ?? {}) as Json;
          const authorId = String(author["id"] ?? "");
          this.check(
            !playerIds.has(authorId) || authorId === viewer.id,
            `${label}: ${viewer.username} reads a post by account ${authorId} in ${String(channel["name"])}`,
          );
          const webhook = message["webhook_id"];
          if (typeof webhook === "string") {
            this.check(
              !playerIds.has(authorId),
              `${label}: a webhook message carries the account ${authorId} as its author`,
            );
            const hook = await this.get(viewer, `/webhooks/${webhook}`);
            this.check(hook.status >= 400, `${label}: ${viewer.username} reads webhook ${webhook}`);
          }
          const text = JSON.stringify(message);
          for (const secret of secrets)
            this.check(
              !secret.test(text),
              `${label}: ${viewer.username} reads ${secret.source}: ${text.slice(0, 200)}`,
            );
          this.check(
            !/\b(seat|место) \d+|\bp\d+\b/.test(String(message["content"] ?? "")),
            `${label}: a seat number in ${String(message["content"]).slice(0, 120)}`,
          );
        }
      }
      for (const p of this.players) {
        const { body } = await this.get(viewer, `/guilds/${guildId}/members/${p.id}`);
        const roles = [...((body as { roles?: string[] }).roles ?? [])].sort();
        this.check(
          JSON.stringify(roles) === JSON.stringify(this.rolesAtStart.get(p.id) ?? []),
          `${label}: ${viewer.username} sees ${p.username}'s roles change to ${roles.join(",")}`,
        );
      }
    }
  }

  /**
   * The gateway events each member received since the last scan: no member update of a player
   * (a role flip), no thread event naming another member, no post by another player's account.
   */
  scanGateway(
    seats: readonly Seat[],
    accountNames: ReadonlyMap<string, string>,
    botId: string,
    label: string,
  ) {
    const playerIds = new Set(seats.map((s) => s.userId));
    for (const viewer of [...this.players, ...this.outsiders]) {
      const events = this.events.get(viewer.id) ?? [];
      const secrets = this.secretsFor(viewer.id, seats, accountNames);
      for (const event of events.splice(0)) {
        const type = String(event["t"]);
        const d = (event["d"] ?? {}) as Json;
        if (type === "GUILD_MEMBER_UPDATE") {
          const user = String(((d["user"] ?? {}) as Json)["id"] ?? "");
          this.check(!playerIds.has(user), `${label}: ${viewer.username} gets a member update of ${user}`);
          continue;
        }
        if (type.startsWith("THREAD_")) {
          const ids = JSON.stringify(d).match(/"(?:user_id|id)":"(\d+)"/g) ?? [];
          const named = ids
            .map((m) => /(\d+)"$/.exec(m)?.[1] ?? "")
            .filter((id) => playerIds.has(id) && id !== viewer.id && id !== botId);
          const removed = Array.isArray(d["removed_member_ids"]) ? (d["removed_member_ids"] as string[]) : [];
          this.check(
            named.length === 0 && removed.every((id) => id === viewer.id),
            `${label}: ${viewer.username} gets ${type} naming ${[...named, ...removed].join(",")}`,
          );
          continue;
        }
        if (type === "MESSAGE_CREATE" || type === "MESSAGE_UPDATE") {
          const author = String(((d["author"] ?? {}) as Json)["id"] ?? "");
          this.check(
            !playerIds.has(author) || author === viewer.id,
            `${label}: ${viewer.username} gets a message by account ${author}`,
          );
          const text = JSON.stringify(d);
          for (const secret of secrets)
            this.check(!secret.test(text), `${label}: ${viewer.username} gets ${secret.source} in ${type}`);
        }
        if (type === "TYPING_START") {
          const user = String(d["user_id"] ?? "");
          this.check(!playerIds.has(user) || user === viewer.id, `${label}: typing of ${user} shown`);
        }
      }
    }
  }

  /** `/game status` as each member: names only, no seat numbers, masks in name order. */
  async scanStatus(seats: readonly Seat[], accountNames: ReadonlyMap<string, string>, label: string) {
    for (const viewer of [...this.players, ...this.outsiders]) {
      const reply = await this.h.slash(viewer.id, "game status");
      const text = textOf(reply);
      for (const secret of this.secretsFor(viewer.id, seats, accountNames))
        this.check(!secret.test(text), `${label}: /game status shows ${viewer.username} ${secret.source}`);
      this.check(!/^\s*\d+\.\s/m.test(text), `${label}: /game status numbers seats: ${text.slice(0, 200)}`);
      const embeds = (reply["embeds"] ?? []) as Json[];
      for (const field of embeds.flatMap((e) => (e["fields"] ?? []) as Json[])) {
        const lines = String(field["value"])
          .split("\n")
          .map((l) => l.split(" — ")[0] ?? l)
          .filter((l) => seats.some((s) => s.mask === l));
        const sorted = [...lines].sort((a, b) => a.localeCompare(b));
        this.check(
          JSON.stringify(lines) === JSON.stringify(sorted),
          `${label}: /game status lists ${lines.join(", ")} out of name order`,
        );
      }
    }
  }

  /** Autocomplete of a command option as `viewer`: values must be opaque (never a seat id). */
  async scanChoices(
    viewer: Account,
    line: string,
    options: Json,
    focused: string,
    seats: readonly Seat[],
    accountNames: ReadonlyMap<string, string>,
    label: string,
  ): Promise<{ name: string; value: string }[]> {
    const typed = { [focused]: "", ...options };
    const choices = (await this.h.choices(viewer.id, line, typed, focused)).map((c) => ({
      name: c.name,
      value: String(c.value),
    }));
    for (const c of choices) {
      this.check(!/(^|[|=,])p\d+($|[|=,])/.test(c.value), `${label}: /${line} ${focused} value ${c.value}`);
      for (const secret of this.secretsFor(viewer.id, seats, accountNames))
        this.check(
          !secret.test(`${c.name} ${c.value}`),
          `${label}: /${line} ${focused} shows ${secret.source}`,
        );
    }
    // Within each action ("Against → …"), the masks come in name order.
    const groups = new Map<string, string[]>();
    for (const c of choices) {
      const cut = c.name.lastIndexOf(" → ");
      const [group, shown] = cut < 0 ? ["", c.name] : [c.name.slice(0, cut), c.name.slice(cut + 3)];
      if (seats.some((s) => s.mask === shown)) groups.set(group, [...(groups.get(group) ?? []), shown]);
    }
    for (const masked of groups.values())
      this.check(
        JSON.stringify(masked) === JSON.stringify([...masked].sort((a, b) => a.localeCompare(b))),
        `${label}: /${line} ${focused} choices out of name order: ${masked.join(", ")}`,
      );
    return choices;
  }
}

export async function gameByName(h: Harness, name: string) {
  const [game] = await h.database.db.select().from(games).where(eq(games.name, name));
  if (!game) throw new Error(`no game ${name}`);
  return game;
}
