import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DiscordError, Errors } from "./errors.js";
import { UserActor } from "./actor.js";
import { Gateway } from "./gateway.js";
import { matchRoute, parseBody, readBody, sleep } from "./http-util.js";
import { Interactions } from "./interactions.js";
import { ChannelType, type MessageRec } from "./model.js";
import { type Violation, SpecOracle } from "./oracle.js";
import { parsePermissions } from "./permissions.js";
import { RateLimiter, type RateLimitOptions } from "./ratelimit.js";
import { buildRoutes, majorOf, type Route } from "./routes.js";
import { EmulatorState } from "./state/index.js";

export { DiscordError } from "./errors.js";
export { UserActor } from "./actor.js";
export { InteractionHandle, type InteractionEvent } from "./interaction-handle.js";
export { P as Permissions } from "./permissions.js";
export type { Violation } from "./oracle.js";
export type { RateLimitOptions, BucketLimit } from "./ratelimit.js";

type Json = Record<string, unknown>;

export interface EmulatorOptions {
  port?: number;
  host?: string;
  botName?: string;
  /** Permissions of the bot's managed role in every guild (default: a moderator-like set, not ADMINISTRATOR). */
  botPermissions?: bigint | string;
  /** @everyone permissions of new guilds (default: Discord's defaults). */
  everyonePermissions?: bigint | string;
  /** Shards recommended by GET /gateway/bot (default 1). */
  shardCount?: number;
  heartbeatIntervalMs?: number;
  /** Whether the bot may request privileged intents (default true). */
  privilegedIntents?: boolean;
  /** Added to every HTTP request (ms), or per route ("METHOD /template"). */
  latencyMs?: number | ((route: string) => number);
  rateLimit?: RateLimitOptions;
  /** Reject (HTTP 400) bot requests that Discord's OpenAPI spec does not allow. */
  strict?: boolean;
  /** Load the OpenAPI oracle when discord-api-spec is installed (default true). */
  oracle?: boolean;
  /** The bot's window for the first interaction answer (default 3000 ms). */
  interactionAckMs?: number;
  /** Interaction token lifetime (default 15 min). */
  interactionTokenMs?: number;
  /**
   * How many requests `requests()` keeps (default 10,000; the oldest half goes when it is full,
   * counted by `droppedRequests()`). Benchmarks that count every call raise it.
   */
  requestLogLimit?: number;
}

export interface GuildInfo {
  id: string;
  everyoneRoleId: string;
  botRoleId: string;
  ownerId: string;
}

/**
 * An injected Discord failure on matching requests. `refuse`: the request is not performed and
 * answers `status`; `lost`: the request is performed (the object is made, the message posted)
 * but its answer is replaced by `status`, as when Discord's edge loses the origin's reply.
 */
export interface Fault {
  /** "METHOD /template" (e.g. "POST /channels/{channel_id}/messages") or a predicate on it. */
  route: string | ((route: string) => boolean);
  /** The status answered (default 502). */
  status?: number;
  /** Discord's JSON error code and message (default 0 and "<status>: injected fault"). */
  code?: number;
  message?: string;
  mode?: "refuse" | "lost";
  /** How many matching requests it hits (default: until it is cleared). */
  times?: number;
}

export interface Account {
  id: string;
  token: string;
  username: string;
}

export interface RequestRecord {
  method: string;
  route: string;
  path: string;
  status: number;
  actor: "bot" | "user" | "none";
  /** When the emulator received the request and when it answered (ms since the epoch). */
  startedAt: number;
  finishedAt: number;
}

export class Emulator {
  readonly state: EmulatorState;
  readonly interactions: Interactions;
  readonly gateway: Gateway;
  readonly limiter: RateLimiter;
  oracle: SpecOracle | null = null;
  apiBase = "";
  gatewayUrl = "";
  port = 0;
  strict: boolean;
  private server: Server;
  private routes: Route[];
  private latency: EmulatorOptions["latencyMs"];
  private readonly receivedAt = new WeakMap<ServerResponse, number>();
  private readonly counts = new Map<string, number>();
  private readonly logLimit: number;
  private dropped = 0;
  private readonly log: RequestRecord[] = [];
  private readonly violationList: Violation[] = [];
  private readonly shardCount: number;
  private readonly messageWaiters = new Set<() => void>();
  private faults: { fault: Fault; left: number }[] = [];

  constructor(opts: EmulatorOptions) {
    this.logLimit = opts.requestLogLimit ?? 10_000;
    const stateOpts: ConstructorParameters<typeof EmulatorState>[0] = {
      baseUrl: () => this.apiBase.replace(/\/api$/, ""),
    };
    if (opts.botName !== undefined) stateOpts.botName = opts.botName;
    if (opts.botPermissions !== undefined) stateOpts.botPermissions = parsePermissions(opts.botPermissions);
    if (opts.everyonePermissions !== undefined)
      stateOpts.everyonePermissions = parsePermissions(opts.everyonePermissions);
    this.state = new EmulatorState(stateOpts);
    this.interactions = new Interactions(this.state, {
      ackWindowMs: opts.interactionAckMs ?? 3000,
      tokenLifetimeMs: opts.interactionTokenMs ?? 15 * 60_000,
    });
    this.gateway = new Gateway(
      this.state,
      {
        heartbeatIntervalMs: opts.heartbeatIntervalMs ?? 41_250,
        privilegedIntents: opts.privilegedIntents ?? true,
        resumeWindowMs: 120_000,
      },
      () => this.gatewayUrl,
    );
    this.limiter = new RateLimiter(opts.rateLimit);
    this.strict = opts.strict ?? false;
    this.latency = opts.latencyMs;
    this.shardCount = opts.shardCount ?? 1;
    this.routes = buildRoutes(this.state, this.interactions);
    this.state.onDispatch((event) => {
      if (event.startsWith("MESSAGE_")) for (const w of [...this.messageWaiters]) w();
    });
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on("upgrade", (req, socket, head) => {
      if ((req.url ?? "").startsWith("/gateway")) this.gateway.handleUpgrade(req, socket, head);
      else socket.destroy();
    });
    this.server.keepAliveTimeout = 5000;
  }

  async listen(port: number, host: string): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
    const addr = this.server.address() as AddressInfo;
    this.port = addr.port;
    this.apiBase = `http://${host}:${addr.port}/api`;
    this.gatewayUrl = `ws://${host}:${addr.port}/gateway`;
  }

  get botToken(): string {
    return this.state.bot.token;
  }
  get applicationId(): string {
    return this.state.applicationId;
  }
  get botUserId(): string {
    return this.state.bot.id;
  }

  // ------------------------------------------------------------ HTTP

  private send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    const h: Record<string, string> = { ...headers };
    let payload: string | undefined;
    if (body !== undefined && status !== 204) {
      payload = JSON.stringify(body);
      h["Content-Type"] = "application/json";
    }
    res.writeHead(status, h);
    res.end(payload);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.receivedAt.set(res, Date.now());
    const url = new URL(req.url ?? "/", "http://emulator");
    const method = (req.method ?? "GET").toUpperCase();
    if (url.pathname.startsWith("/attachments/")) return this.serveAttachment(url.pathname, res);
    const m = /^\/api(?:\/v(\d+))?(\/.*)$/.exec(url.pathname);
    if (!m || (m[1] !== undefined && m[1] !== "10" && m[1] !== "9"))
      return this.send(res, 404, Errors.notFound().toJSON());
    const path = m[2] ?? "/";
    const match = matchRoute(this.routes, method, path);
    if (match === null) return this.send(res, 404, Errors.notFound().toJSON());
    if (match === "method") return this.send(res, 405, Errors.methodNotAllowed().toJSON());
    const { route, params } = match;
    const key = `${method} ${route.template}`;

    const auth = req.headers.authorization ?? "";
    let actor: string | null = null;
    let isBot = false;
    if (auth) {
      const bot = /^Bot\s+(.+)$/i.exec(auth);
      const id = this.state.users.byToken.get(bot ? (bot[1] ?? "") : auth);
      const u = id ? this.state.users.byId.get(id) : undefined;
      if (!u || u.bot !== Boolean(bot))
        return this.finish(res, key, path, route, 401, Errors.unauthorized().toJSON(), "none");
      actor = u.id;
      isBot = u.bot;
    }
    const kind: RequestRecord["actor"] = actor === null ? "none" : isBot ? "bot" : "user";
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (route.auth !== "none" && actor === null)
      return this.finish(res, key, path, route, 401, Errors.unauthorized().toJSON(), kind);
    if (route.auth === "bot" && !isBot)
      return this.finish(
        res,
        key,
        path,
        route,
        403,
        { message: "Only bots can use this endpoint", code: 20002 },
        kind,
      );

    const delay = typeof this.latency === "function" ? this.latency(key) : (this.latency ?? 0);
    if (delay > 0) await sleep(delay);

    const major = majorOf(route, params);
    const identity = actor ?? (params["webhook_id"] ? `webhook:${params["webhook_id"]}` : null);
    const exempt =
      route.template.startsWith("/interactions/") ||
      (route.template.startsWith("/webhooks/") && params["webhook_id"] === this.applicationId);
    const rl = this.limiter.check(key, major, identity, exempt);
    if (rl.limited) {
      const h: Record<string, string> = {
        ...rl.headers,
        "Retry-After": String(Math.max(1, Math.ceil(rl.limited.retryAfter))),
        "X-RateLimit-Scope": rl.limited.scope,
      };
      if (rl.limited.global) h["X-RateLimit-Global"] = "true";
      return this.finish(
        res,
        key,
        path,
        route,
        429,
        {
          message: "You are being rate limited.",
          retry_after: Number(rl.limited.retryAfter.toFixed(3)),
          global: rl.limited.global,
        },
        kind,
        h,
      );
    }

    let parsed;
    try {
      parsed = parseBody(req.headers["content-type"], await readBody(req));
    } catch {
      return this.finish(
        res,
        key,
        path,
        route,
        400,
        { message: "The request body contains invalid JSON.", code: 50109 },
        kind,
        rl.headers,
      );
    }

    const validated =
      this.oracle &&
      kind !== "user" &&
      !route.template.startsWith("/_emulator") &&
      route.template !== "/interactions";
    if (validated && this.oracle) {
      const issues = this.oracle.validateRequest(method, route.template, url.searchParams, parsed.json);
      if (issues.length) {
        this.violationList.push({ kind: "request", method, route: route.template, path, issues });
        if (this.strict) {
          const text = issues.map((i) => `${i.path}: ${i.message}`).join("; ");
          return this.finish(
            res,
            key,
            path,
            route,
            400,
            {
              message: `Invalid Form Body (emulator strict mode: Discord's OpenAPI spec refuses this request: ${text})`,
              code: 50035,
              errors: {
                _oracle: {
                  _errors: issues.map((i) => ({
                    code: "SPEC_VIOLATION",
                    message: `${i.path}: ${i.message}`,
                  })),
                },
              },
            },
            kind,
            rl.headers,
          );
        }
      }
    }

    const fault = this.takeFault(key);
    if (fault?.mode !== "lost" && fault)
      return this.finish(res, key, path, route, fault.status ?? 502, faultBody(fault), kind);

    let status: number;
    let body: unknown;
    let extra: Record<string, string> = {};
    try {
      const r = route.run({
        actor,
        params,
        query: url.searchParams,
        body: parsed.json,
        files: parsed.files,
        gatewayUrl: this.gatewayUrl,
        shardCount: this.shardCount,
      });
      status = r.status;
      body = r.body;
      extra = r.headers ?? {};
    } catch (e) {
      if (e instanceof DiscordError) {
        status = e.status;
        body = e.toJSON();
      } else {
        console.error("[emulator] internal error on", key, e);
        status = 500;
        body = { message: "500: Internal Server Error", code: 0 };
      }
    }
    if (validated && this.oracle) {
      const issues = this.oracle.validateResponse(method, route.template, status, body);
      if (issues.length)
        this.violationList.push({ kind: "response", method, route: route.template, path, status, issues });
    }
    if (fault) return this.finish(res, key, path, route, fault.status ?? 502, faultBody(fault), kind);
    this.finish(res, key, path, route, status, body, kind, { ...rl.headers, ...extra });
  }

  private takeFault(key: string): Fault | undefined {
    const hit = this.faults.find(({ fault }) =>
      typeof fault.route === "string" ? fault.route === key : fault.route(key),
    );
    if (!hit) return undefined;
    hit.left -= 1;
    if (hit.left <= 0) this.faults = this.faults.filter((f) => f !== hit);
    return hit.fault;
  }

  private finish(
    res: ServerResponse,
    key: string,
    path: string,
    route: Route,
    status: number,
    body: unknown,
    actor: RequestRecord["actor"],
    headers: Record<string, string> = {},
  ): void {
    const startedAt = this.receivedAt.get(res) ?? Date.now();
    this.log.push({
      method: key.split(" ")[0] ?? "",
      route: route.template,
      path,
      status,
      actor,
      startedAt,
      finishedAt: Date.now(),
    });
    if (this.log.length > this.logLimit) {
      const drop = Math.ceil(this.logLimit / 2);
      this.log.splice(0, drop);
      this.dropped += drop;
    }
    this.send(res, status, body, headers);
  }

  private serveAttachment(pathname: string, res: ServerResponse): void {
    const [, , channelId = "", id = ""] = pathname.split("/");
    const msgList = this.state.messages.byChannel.get(channelId) ?? [];
    const a = msgList.flatMap((m: MessageRec) => m.attachments).find((x) => x.id === id);
    if (!a) return this.send(res, 404, Errors.notFound().toJSON());
    res.writeHead(200, {
      "Content-Type": a.content_type ?? "application/octet-stream",
      "Content-Length": String(a.size),
    });
    res.end(a.data);
  }

  // ------------------------------------------------------------ test API: world building

  /** Creates a guild (owned by a new user) with the bot in it and `members` human members. */
  createGuild(
    /** `channels`: text channels the server has when it adds the bot (a real one has #general). */
    o: { name?: string; members?: number; locale?: string; channels?: string[] } = {},
  ): GuildInfo & { members: Account[] } {
    const gopts: { name: string; locale?: string } = { name: o.name ?? "Emulated Guild" };
    if (o.locale) gopts.locale = o.locale;
    const g = this.state.guilds.create(gopts);
    const botRole = [...g.roles.values()].find((r) => r.botId === this.state.bot.id);
    const members: Account[] = [];
    for (let i = 1; i <= (o.members ?? 0); i++) members.push(this.createMember(g.id, `player${i}`));
    for (const name of o.channels ?? []) this.createChannel(g.id, { name });
    // Sessions that are already connected learn about the new guild (on its shard only).
    this.gateway.guildJoined(g.id);
    return { id: g.id, everyoneRoleId: g.id, botRoleId: botRole?.id ?? "", ownerId: g.owner_id, members };
  }

  createUser(username: string, o: { locale?: string; globalName?: string } = {}): Account {
    const u = this.state.users.create({ username, ...o });
    return { id: u.id, token: u.token, username };
  }

  addMember(guildId: string, userId: string, roles: string[] = []): void {
    this.state.guilds.addMember(guildId, userId, roles);
  }

  createMember(guildId: string, username: string, roles: string[] = []): Account {
    const a = this.createUser(username);
    this.addMember(guildId, a.id, roles);
    return a;
  }

  private owner(guildId: string): string {
    return this.state.guilds.get(guildId).owner_id;
  }

  /** Creates a role as the guild owner would. */
  createRole(guildId: string, o: { name: string; permissions?: bigint | string; color?: number }): string {
    const body: Json = { name: o.name };
    if (o.permissions !== undefined) body["permissions"] = parsePermissions(o.permissions).toString();
    if (o.color !== undefined) body["color"] = o.color;
    return this.state.guilds.createRole(this.owner(guildId), guildId, body).id;
  }

  /** Creates a channel as the guild owner would (body as POST /guilds/{id}/channels). */
  createChannel(
    guildId: string,
    body: { name: string; type?: number; parent_id?: string; permission_overwrites?: Json[]; topic?: string },
  ): string {
    return this.state.channels.create(this.owner(guildId), guildId, body as Json).id;
  }

  setMemberRoles(guildId: string, userId: string, roles: string[]): void {
    this.state.guilds.modifyMember(this.owner(guildId), guildId, userId, { roles });
  }

  setOverwrite(
    channelId: string,
    targetId: string,
    o: { type: 0 | 1; allow?: bigint | string; deny?: bigint | string },
  ): void {
    const ch = this.state.channels.byId.get(channelId);
    if (!ch) throw Errors.unknownChannel();
    this.state.channels.putOverwrite(this.owner(ch.guild_id), channelId, targetId, {
      type: o.type,
      allow: parsePermissions(o.allow ?? 0n).toString(),
      deny: parsePermissions(o.deny ?? 0n).toString(),
    });
  }

  /** Acts as a human member. */
  user(userId: string): UserActor {
    this.state.users.get(userId);
    return new UserActor(this, userId);
  }

  canView(userId: string, channelId: string): boolean {
    return this.state.access.canView(userId, channelId);
  }

  canSend(userId: string, channelId: string): boolean {
    return this.state.access.canSend(userId, channelId);
  }

  /** Omniscient read of a channel or thread (no permission checks), oldest first. */
  messages(channelId: string): Json[] {
    return (this.state.messages.byChannel.get(channelId) ?? [])
      .filter((m) => !m.deleted)
      .map((m) => this.state.messages.json(m));
  }

  channel(channelId: string): Json | null {
    const ch = this.state.channels.byId.get(channelId);
    return ch ? this.state.channels.json(ch) : null;
  }

  /** Channels and threads of a guild, omnisciently. */
  guildChannels(guildId: string): Json[] {
    return [...this.state.channels.byId.values()]
      .filter((c) => c.guild_id === guildId)
      .map((c) => this.state.channels.json(c));
  }

  threadMembers(threadId: string): string[] {
    return [...(this.state.channels.byId.get(threadId)?.threadMembers?.keys() ?? [])];
  }

  /** Resolves with the first message in the channel (existing or future) matching `pred`. */
  waitForMessage(
    channelId: string,
    pred: (m: Json) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Json> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const hit = this.messages(channelId).find(pred);
        if (!hit) return false;
        this.messageWaiters.delete(check);
        clearTimeout(timer);
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        this.messageWaiters.delete(check);
        reject(new Error(`no matching message in ${channelId} within ${timeoutMs} ms`));
      }, timeoutMs);
      if (!check()) this.messageWaiters.add(check);
    });
  }

  // ------------------------------------------------------------ test API: observation and realism

  /** Requests by "METHOD /template" since the last reset. */
  requestCounts(): Record<string, number> {
    return Object.fromEntries([...this.counts.entries()].sort());
  }
  requestCount(route?: string): number {
    if (route) return this.counts.get(route) ?? 0;
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }
  resetRequestCounts(): void {
    this.counts.clear();
    this.log.length = 0;
    this.dropped = 0;
  }
  /** Requests `requests()` no longer holds (its limit was reached) since the last reset. */
  droppedRequests(): number {
    return this.dropped;
  }
  requests(): RequestRecord[] {
    return [...this.log];
  }
  violations(): Violation[] {
    return [...this.violationList];
  }
  clearViolations(): void {
    this.violationList.length = 0;
  }
  get oracleLoaded(): boolean {
    return this.oracle !== null;
  }
  setLatency(ms: number | ((route: string) => number)): void {
    this.latency = ms;
  }
  configureRateLimit(o: RateLimitOptions): void {
    this.limiter.configure(o);
  }
  /** The next request on `route` ("METHOD /template") gets a 429 with this retry_after. */
  forceRateLimit(route: string, retryAfterMs: number, global = false): void {
    this.limiter.force(route, retryAfterMs, global);
  }
  /** Fails matching requests until the returned function (or `clearFaults`) is called. */
  injectFault(fault: Fault): () => void {
    const entry = { fault, left: fault.times ?? Number.POSITIVE_INFINITY };
    this.faults.push(entry);
    return () => {
      this.faults = this.faults.filter((f) => f !== entry);
    };
  }
  clearFaults(): void {
    this.faults = [];
  }
  /** Closes every gateway socket (code 4000: clients resume). */
  dropConnections(code = 4000): void {
    this.gateway.dropConnections(code);
  }
  gatewaySessions(): {
    id: string;
    userId: string;
    shard: [number, number];
    seq: number;
    connected: boolean;
  }[] {
    return [...this.gateway.sessions.values()].map((s) => ({
      id: s.id,
      userId: s.userId,
      shard: s.shard,
      seq: s.seq,
      connected: s.socket !== null,
    }));
  }

  async close(): Promise<void> {
    this.interactions.close();
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function faultBody(fault: Fault): unknown {
  const status = fault.status ?? 502;
  return { message: fault.message ?? `${status}: injected fault`, code: fault.code ?? 0 };
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const emu = new Emulator(opts);
  if (opts.oracle !== false) emu.oracle = await SpecOracle.load();
  await emu.listen(opts.port ?? 0, opts.host ?? "127.0.0.1");
  return emu;
}

export { ChannelType };
