import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import { shardOf } from "./snowflake.js";
import { type DispatchScope, type EmulatorState, Intents } from "./state/index.js";

type Json = Record<string, unknown>;

const PRIVILEGED = Intents.GUILD_MEMBERS | Intents.MESSAGE_CONTENT | (1 << 8);

export interface GatewayOptions {
  heartbeatIntervalMs: number;
  /** Whether the application may ask for privileged intents (members, presences, message content). */
  privilegedIntents: boolean;
  /** How long a disconnected session stays resumable. */
  resumeWindowMs: number;
}

export interface GatewaySession {
  id: string;
  userId: string;
  intents: number;
  shard: [number, number];
  seq: number;
  buffer: { op: 0; s: number; t: string; d: Json }[];
  socket: WebSocket | null;
  closedAt: number | null;
}

export class Gateway {
  readonly wss = new WebSocketServer({ noServer: true });
  readonly sessions = new Map<string, GatewaySession>();
  private sessionCounter = 0;
  private readonly state: EmulatorState;
  private readonly opts: GatewayOptions;
  private readonly url: () => string;
  /** Every op/event received and sent, for tests. */
  readonly log: { dir: "in" | "out"; sessionId: string | null; op: number; t?: string }[] = [];

  constructor(state: EmulatorState, opts: GatewayOptions, url: () => string) {
    this.state = state;
    this.opts = opts;
    this.url = url;
    state.onDispatch((event, data, scope) => this.fanOut(event, data, scope));
    this.wss.on("connection", (ws, req) => this.onConnection(ws, req));
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit("connection", ws, req));
  }

  private send(ws: WebSocket, payload: Json, sessionId: string | null): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    const entry: (typeof this.log)[number] = { dir: "out", sessionId, op: Number(payload["op"]) };
    if (typeof payload["t"] === "string") entry.t = payload["t"];
    this.log.push(entry);
    ws.send(JSON.stringify(payload));
  }

  private onConnection(ws: WebSocket, req: IncomingMessage): void {
    const q = new URL(req.url ?? "/", "http://x").searchParams;
    if ((q.get("encoding") ?? "json") !== "json") {
      ws.close(4002, "Only JSON encoding is emulated");
      return;
    }
    if (q.get("v") && q.get("v") !== "10") {
      ws.close(4012, "Invalid API version");
      return;
    }
    let session: GatewaySession | null = null;
    this.send(
      ws,
      {
        op: 10,
        d: { heartbeat_interval: this.opts.heartbeatIntervalMs, _trace: ["emulator"] },
        s: null,
        t: null,
      },
      null,
    );
    ws.on("message", (raw) => {
      let p: Json;
      try {
        p = JSON.parse(String(raw)) as Json;
      } catch {
        ws.close(4002, "Decode error");
        return;
      }
      const op = Number(p["op"]);
      this.log.push({ dir: "in", sessionId: session?.id ?? null, op });
      const d = (p["d"] ?? {}) as Json;
      switch (op) {
        case 1:
          this.send(ws, { op: 11 }, session?.id ?? null);
          return;
        case 2:
          if (session) return void ws.close(4005, "Already authenticated");
          session = this.identify(ws, d);
          return;
        case 6:
          if (session) return void ws.close(4005, "Already authenticated");
          session = this.resume(ws, d);
          return;
        case 3:
        case 4:
        case 8:
          if (!session) ws.close(4003, "Not authenticated");
          return;
        default:
          ws.close(4001, "Unknown opcode");
      }
    });
    ws.on("close", () => {
      if (session && session.socket === ws) {
        session.socket = null;
        session.closedAt = Date.now();
      }
    });
  }

  private identify(ws: WebSocket, d: Json): GatewaySession | null {
    const userId = this.state.users.byToken.get(String(d["token"] ?? "").replace(/^Bot\s+/i, ""));
    const user = userId ? this.state.users.byId.get(userId) : undefined;
    if (!user) {
      ws.close(4004, "Authentication failed");
      return null;
    }
    const intents = user.bot ? Number(d["intents"]) : 0x7fffffff;
    if (user.bot && !Number.isInteger(intents)) {
      ws.close(4013, "Invalid intent(s)");
      return null;
    }
    if (user.bot && !this.opts.privilegedIntents && intents & PRIVILEGED) {
      ws.close(4014, "Disallowed intent(s)");
      return null;
    }
    const shardRaw = Array.isArray(d["shard"]) ? (d["shard"] as unknown[]) : [0, 1];
    const shard: [number, number] = [Number(shardRaw[0] ?? 0), Number(shardRaw[1] ?? 1)];
    if (!(shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1])) {
      ws.close(4010, "Invalid shard");
      return null;
    }
    const id = `emu-session-${++this.sessionCounter}`;
    const session: GatewaySession = {
      id,
      userId: user.id,
      intents,
      shard,
      seq: 0,
      buffer: [],
      socket: ws,
      closedAt: null,
    };
    this.sessions.set(id, session);
    const guilds = [...this.state.guilds.byId.values()].filter(
      (g) => g.members.has(user.id) && this.onShard(session, g.id),
    );
    this.push(session, "READY", {
      v: 10,
      user: { ...this.state.users.json(user.id), verified: true, mfa_enabled: false, email: null },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: id,
      session_type: "normal",
      resume_gateway_url: this.url(),
      shard,
      application: { id: this.state.applicationId, flags: 0 },
      private_channels: [],
      presences: [],
      relationships: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: ["emulator"],
      user_settings: {},
      auth: {},
      _trace: ["emulator"],
    });
    for (const g of guilds) this.push(session, "GUILD_CREATE", this.guildCreate(g.id, session));
    return session;
  }

  guildCreate(guildId: string, session: GatewaySession): Json {
    const s = this.state;
    const g = s.guilds.get(guildId);
    const uid = session.userId;
    const isBot = s.users.byId.get(uid)?.bot === true;
    const channels = [...s.channels.byId.values()].filter((c) => c.guild_id === g.id);
    const members = [...g.members.values()].filter(
      (m) => m.user_id === uid || session.intents & Intents.GUILD_MEMBERS,
    );
    return {
      ...s.guilds.json(g),
      joined_at: g.members.get(uid)?.joined_at ?? new Date().toISOString(),
      large: false,
      unavailable: false,
      member_count: g.members.size,
      voice_states: [],
      members: members.map((m) => s.guilds.memberJson(m)),
      // Bots get every channel, obfuscated where they cannot view it; people get the ones listed.
      channels: channels
        .filter((c) => !c.thread && (isBot || s.access.channelListed(uid, c)))
        .map((c) => s.channels.jsonFor(c, uid)),
      threads: channels
        .filter((c) => c.thread && !c.thread.archived && s.access.canView(uid, c.id))
        .map((c) => s.channels.json(c, uid)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      embedded_activities: [],
      lazy: true,
    };
  }

  private resume(ws: WebSocket, d: Json): GatewaySession | null {
    const session = this.sessions.get(String(d["session_id"] ?? ""));
    const userId = this.state.users.byToken.get(String(d["token"] ?? "").replace(/^Bot\s+/i, ""));
    const fresh =
      session && (session.closedAt === null || Date.now() - session.closedAt < this.opts.resumeWindowMs);
    if (!session || !fresh || session.userId !== userId) {
      this.send(ws, { op: 9, d: false, s: null, t: null }, null);
      return null;
    }
    if (session.socket && session.socket !== ws) session.socket.close(4009, "Session resumed elsewhere");
    session.socket = ws;
    session.closedAt = null;
    const seq = Number(d["seq"] ?? 0);
    for (const p of session.buffer) if (p.s > seq) this.send(ws, p, session.id);
    this.push(session, "RESUMED", { _trace: ["emulator"] });
    return session;
  }

  private onShard(session: GatewaySession, guildId: string | null): boolean {
    const [id, count] = session.shard;
    if (guildId === null) return id === 0;
    return count <= 1 || shardOf(guildId, count) === id;
  }

  private push(session: GatewaySession, t: string, d: Json): void {
    const payload = { op: 0 as const, s: ++session.seq, t, d };
    session.buffer.push(payload);
    if (session.buffer.length > 2000) session.buffer.splice(0, session.buffer.length - 2000);
    if (session.socket) this.send(session.socket, payload, session.id);
  }

  private fanOut(event: string, data: Json, scope: DispatchScope): void {
    for (const session of this.sessions.values()) {
      if (session.closedAt !== null && Date.now() - session.closedAt > this.opts.resumeWindowMs) {
        this.sessions.delete(session.id);
        continue;
      }
      const uid = session.userId;
      if (scope.intent && !(session.intents & scope.intent)) {
        // Without GUILD_MEMBERS, THREAD_MEMBERS_UPDATE still reaches a user added or removed themself.
        if (!(
          event === "THREAD_MEMBERS_UPDATE" &&
          session.intents & Intents.GUILDS &&
          mentionsSelf(data, uid)
        ))
          continue;
      }
      if (scope.recipients && !scope.recipients.includes(uid)) continue;
      if (scope.guildId !== null && !this.state.guilds.byId.get(scope.guildId)?.members.has(uid)) continue;
      if (!this.onShard(session, scope.guildId)) continue;
      if (scope.visibleTo && !scope.visibleTo(uid)) continue;
      this.push(session, event, scope.transform ? scope.transform(data, uid, session.intents) : data);
    }
  }

  /** Closes every socket (code 4000 by default) but keeps the sessions resumable. */
  dropConnections(code = 4000): void {
    for (const s of this.sessions.values()) s.socket?.close(code, "Emulator dropped the connection");
  }

  /** A guild the bot just joined: GUILD_CREATE to the sessions of its members on the guild's shard. */
  guildJoined(guildId: string): void {
    const guild = this.state.guilds.byId.get(guildId);
    for (const s of this.sessions.values())
      if (guild?.members.has(s.userId) && this.onShard(s, guildId))
        this.push(s, "GUILD_CREATE", this.guildCreate(guildId, s));
  }

  /** Sends a dispatch to one session directly (used for events discord.js needs outside of state changes). */
  pushTo(sessionId: string, t: string, d: Json): void {
    const s = this.sessions.get(sessionId);
    if (s) this.push(s, t, d);
  }

  close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}

function mentionsSelf(data: Json, uid: string): boolean {
  const added = Array.isArray(data["added_members"]) ? (data["added_members"] as Json[]) : [];
  const removed = Array.isArray(data["removed_member_ids"]) ? (data["removed_member_ids"] as string[]) : [];
  return added.some((m) => m["user_id"] === uid) || removed.includes(uid);
}
