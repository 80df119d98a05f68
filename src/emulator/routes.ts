import { Errors } from "./errors.js";
import type { Interactions } from "./interactions.js";
import { ChannelType } from "./model.js";
import { P } from "./permissions.js";
import type { EmulatorState, FileUpload } from "./state/index.js";

type Json = Record<string, unknown>;

export interface RouteContext {
  /** The authenticated user (the bot or a human), or null for token-in-path routes. */
  actor: string | null;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  files: FileUpload[];
  gatewayUrl: string;
  shardCount: number;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Route {
  method: string;
  template: string;
  /** "bot": only a bot token; "any": bot or user token; "none": no Authorization needed. */
  auth: "bot" | "any" | "none";
  /**
   * The major parameter of the route's rate-limit bucket: a parameter name, or names joined by
   * "+" (Discord's "webhook_id + webhook_token": each interaction token has buckets of its own).
   */
  major?: string;
  run: (c: RouteContext) => RouteResult;
}

const ok = (body: unknown, status = 200): RouteResult => ({ status, body });
const noContent = (): RouteResult => ({ status: 204 });

function obj(v: unknown): Json {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {};
}

function need(c: RouteContext): string {
  if (!c.actor) throw Errors.unauthorized();
  return c.actor;
}

function p(c: RouteContext, k: string): string {
  return c.params[k] ?? "";
}

export function buildRoutes(s: EmulatorState, ix: Interactions): Route[] {
  const routes: Route[] = [];
  const add = (
    method: string,
    template: string,
    auth: Route["auth"],
    run: Route["run"],
    major?: string,
  ): void => {
    const r: Route = { method, template, auth, run };
    const m =
      major ??
      (template.includes("{channel_id}")
        ? "channel_id"
        : template.includes("{guild_id}")
          ? "guild_id"
          : template.includes("{webhook_id}/{webhook_token}")
            ? "webhook_id+webhook_token"
            : template.includes("{webhook_id}")
              ? "webhook_id"
              : template.includes("{interaction_id}/{interaction_token}")
                ? "interaction_id+interaction_token"
                : undefined);
    if (m) r.major = m;
    routes.push(r);
  };
  const appGuild = (c: RouteContext): string | null => c.params["guild_id"] ?? null;

  // ---- gateway, users, application
  add("GET", "/gateway", "none", (c) => ok({ url: c.gatewayUrl }));
  add("GET", "/gateway/bot", "bot", (c) =>
    ok({
      url: c.gatewayUrl,
      shards: c.shardCount,
      session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 16 },
    }),
  );
  add("GET", "/users/@me", "any", (c) =>
    ok({
      ...s.users.json(need(c)),
      verified: true,
      mfa_enabled: false,
      locale: s.users.get(need(c)).locale,
      premium_type: 0,
      email: null,
    }),
  );
  add("GET", "/users/{user_id}", "any", (c) => ok(s.users.json(p(c, "user_id"))));
  add("GET", "/users/@me/guilds", "any", (c) =>
    ok(
      [...s.guilds.byId.values()]
        .filter((g) => g.members.has(need(c)))
        .map((g) => ({
          id: g.id,
          name: g.name,
          icon: null,
          banner: null,
          owner: g.owner_id === c.actor,
          permissions: s.access.basePermissions(g, need(c)).toString(),
          features: [],
          approximate_member_count: g.members.size,
          approximate_presence_count: 0,
        })),
    ),
  );
  const appJson = (): Json => ({
    id: s.applicationId,
    name: s.bot.username,
    icon: null,
    description: "",
    type: null,
    cover_image: null,
    primary_sku_id: null,
    bot: s.users.json(s.bot.id),
    slug: null,
    guild_id: null,
    rpc_origins: [],
    bot_public: true,
    bot_require_code_grant: false,
    terms_of_service_url: null,
    privacy_policy_url: null,
    custom_install_url: null,
    install_params: null,
    integration_types_config: {},
    verify_key: "0".repeat(64),
    flags: 0,
    max_participants: null,
    tags: [],
    redirect_uris: [],
    interactions_endpoint_url: null,
    role_connections_verification_url: null,
    owner: s.users.json(s.bot.id),
    approximate_guild_count: s.guilds.byId.size,
    approximate_user_install_count: 0,
    explicit_content_filter: 0,
    team: null,
  });
  add("GET", "/applications/@me", "bot", () => ok(appJson()));
  add("GET", "/oauth2/applications/@me", "bot", () => ok(appJson()));

  // ---- guilds
  add("GET", "/guilds/{guild_id}", "any", (c) => {
    const g = s.guilds.getFor(need(c), p(c, "guild_id"));
    const out = s.guilds.json(g);
    if (c.query.get("with_counts") === "true")
      Object.assign(out, { approximate_member_count: g.members.size, approximate_presence_count: 0 });
    return ok(out);
  });
  add("GET", "/guilds/{guild_id}/channels", "any", (c) =>
    ok(s.channels.inGuild(need(c), p(c, "guild_id")).map((ch) => s.channels.json(ch))),
  );
  add("POST", "/guilds/{guild_id}/channels", "any", (c) =>
    ok(s.channels.json(s.channels.create(need(c), p(c, "guild_id"), obj(c.body))), 201),
  );
  add("GET", "/guilds/{guild_id}/threads/active", "any", (c) => {
    const list = s.threads.active(need(c), p(c, "guild_id"));
    return ok({
      threads: list.map((t) => s.channels.json(t)),
      members: list
        .filter((t) => t.threadMembers?.has(need(c)))
        .map((t) => s.threads.memberJson(t, need(c), false)),
    });
  });
  add("GET", "/guilds/{guild_id}/roles", "any", (c) =>
    ok([...s.guilds.getFor(need(c), p(c, "guild_id")).roles.values()].map((r) => s.guilds.roleJson(r))),
  );
  add("POST", "/guilds/{guild_id}/roles", "any", (c) =>
    ok(s.guilds.roleJson(s.guilds.createRole(need(c), p(c, "guild_id"), obj(c.body)))),
  );
  add("PATCH", "/guilds/{guild_id}/roles/{role_id}", "any", (c) =>
    ok(s.guilds.roleJson(s.guilds.modifyRole(need(c), p(c, "guild_id"), p(c, "role_id"), obj(c.body)))),
  );
  add("DELETE", "/guilds/{guild_id}/roles/{role_id}", "any", (c) => {
    s.guilds.deleteRole(need(c), p(c, "guild_id"), p(c, "role_id"));
    return noContent();
  });
  add("GET", "/guilds/{guild_id}/members", "bot", (c) => {
    const g = s.guilds.getFor(need(c), p(c, "guild_id"));
    const limit = Math.min(1000, Number(c.query.get("limit") ?? 1));
    const after = BigInt(c.query.get("after") ?? "0");
    const list = [...g.members.values()]
      .filter((m) => BigInt(m.user_id) > after)
      .sort((a, b) => (BigInt(a.user_id) < BigInt(b.user_id) ? -1 : 1));
    return ok(list.slice(0, limit).map((m) => s.guilds.memberJson(m)));
  });
  add("GET", "/guilds/{guild_id}/members/{user_id}", "any", (c) => {
    const g = s.guilds.getFor(need(c), p(c, "guild_id"));
    return ok(s.guilds.memberJson(s.guilds.member(g, p(c, "user_id"))));
  });
  add("PATCH", "/guilds/{guild_id}/members/{user_id}", "any", (c) => {
    const g = s.guilds.get(p(c, "guild_id"));
    return ok(s.guilds.memberJson(s.guilds.modifyMember(need(c), g.id, p(c, "user_id"), obj(c.body))));
  });
  add("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", "any", (c) => {
    s.guilds.setMemberRole(need(c), p(c, "guild_id"), p(c, "user_id"), p(c, "role_id"), true);
    return noContent();
  });
  add("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", "any", (c) => {
    s.guilds.setMemberRole(need(c), p(c, "guild_id"), p(c, "user_id"), p(c, "role_id"), false);
    return noContent();
  });

  // ---- channels
  add("GET", "/channels/{channel_id}", "any", (c) =>
    ok(s.channels.json(s.access.channelFor(need(c), p(c, "channel_id")), need(c))),
  );
  add("PATCH", "/channels/{channel_id}", "any", (c) =>
    ok(s.channels.json(s.channels.modify(need(c), p(c, "channel_id"), obj(c.body)), need(c))),
  );
  add("DELETE", "/channels/{channel_id}", "any", (c) =>
    ok(s.channels.json(s.channels.delete(need(c), p(c, "channel_id")))),
  );
  add("PUT", "/channels/{channel_id}/permissions/{overwrite_id}", "any", (c) => {
    s.channels.putOverwrite(need(c), p(c, "channel_id"), p(c, "overwrite_id"), obj(c.body));
    return noContent();
  });
  add("DELETE", "/channels/{channel_id}/permissions/{overwrite_id}", "any", (c) => {
    s.channels.deleteOverwrite(need(c), p(c, "channel_id"), p(c, "overwrite_id"));
    return noContent();
  });
  add("POST", "/channels/{channel_id}/typing", "any", (c) => {
    s.access.channelFor(need(c), p(c, "channel_id"));
    return noContent();
  });

  // ---- messages
  add("GET", "/channels/{channel_id}/messages", "any", (c) => {
    const q: { limit?: number; before?: string; after?: string; around?: string } = {};
    const l = c.query.get("limit");
    if (l) q.limit = Number(l);
    for (const k of ["before", "after", "around"] as const) {
      const v = c.query.get(k);
      if (v) q[k] = v;
    }
    return ok(s.messages.list(need(c), p(c, "channel_id"), q).map((m) => s.messages.json(m)));
  });
  add("POST", "/channels/{channel_id}/messages", "any", (c) =>
    ok(s.messages.json(s.messages.create(need(c), p(c, "channel_id"), obj(c.body), c.files))),
  );
  add("GET", "/channels/{channel_id}/messages/{message_id}", "any", (c) =>
    ok(s.messages.json(s.messages.get(need(c), p(c, "channel_id"), p(c, "message_id")))),
  );
  add("PATCH", "/channels/{channel_id}/messages/{message_id}", "any", (c) =>
    ok(
      s.messages.json(s.messages.edit(need(c), p(c, "channel_id"), p(c, "message_id"), obj(c.body), c.files)),
    ),
  );
  add("DELETE", "/channels/{channel_id}/messages/{message_id}", "any", (c) => {
    s.messages.delete(need(c), p(c, "channel_id"), p(c, "message_id"));
    return noContent();
  });

  // ---- reactions and pins (state/reactions.ts)
  const reaction = "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}";
  add("PUT", `${reaction}/@me`, "any", (c) => {
    s.reactions.add(need(c), p(c, "channel_id"), p(c, "message_id"), p(c, "emoji_name"));
    return noContent();
  });
  add("DELETE", `${reaction}/@me`, "any", (c) => {
    s.reactions.remove(need(c), p(c, "channel_id"), p(c, "message_id"), p(c, "emoji_name"));
    return noContent();
  });
  add("DELETE", `${reaction}/{user_id}`, "any", (c) => {
    const [channel, message, emoji] = [p(c, "channel_id"), p(c, "message_id"), p(c, "emoji_name")];
    s.reactions.remove(need(c), channel, message, emoji, p(c, "user_id"));
    return noContent();
  });
  add("GET", reaction, "any", (c) =>
    ok(
      s.reactions
        .users(need(c), p(c, "channel_id"), p(c, "message_id"), p(c, "emoji_name"))
        .map((u) => s.users.json(u)),
    ),
  );
  for (const pins of ["/channels/{channel_id}/messages/pins", "/channels/{channel_id}/pins"]) {
    add("PUT", `${pins}/{message_id}`, "any", (c) => {
      s.reactions.pin(need(c), p(c, "channel_id"), p(c, "message_id"), true);
      return noContent();
    });
    add("DELETE", `${pins}/{message_id}`, "any", (c) => {
      s.reactions.pin(need(c), p(c, "channel_id"), p(c, "message_id"), false);
      return noContent();
    });
  }
  add("GET", "/channels/{channel_id}/pins", "any", (c) =>
    ok(s.reactions.pins(need(c), p(c, "channel_id")).map((m) => s.messages.json(m))),
  );

  // ---- threads
  add("POST", "/channels/{channel_id}/threads", "any", (c) =>
    ok(s.channels.json(s.threads.create(need(c), p(c, "channel_id"), obj(c.body)), need(c)), 201),
  );
  add("POST", "/channels/{channel_id}/messages/{message_id}/threads", "any", (c) =>
    ok(
      s.channels.json(
        s.threads.create(need(c), p(c, "channel_id"), obj(c.body), p(c, "message_id")),
        need(c),
      ),
      201,
    ),
  );
  add("GET", "/channels/{channel_id}/thread-members", "any", (c) => {
    const withMember = c.query.get("with_member") === "true";
    const ch = s.access.channelFor(need(c), p(c, "channel_id"));
    return ok(s.threads.members(need(c), ch.id).map((u) => s.threads.memberJson(ch, u, withMember)));
  });
  add("GET", "/channels/{channel_id}/thread-members/{user_id}", "any", (c) => {
    const ch = s.access.channelFor(need(c), p(c, "channel_id"));
    if (!s.threads.members(need(c), ch.id).includes(p(c, "user_id"))) throw Errors.unknownMember();
    return ok(s.threads.memberJson(ch, p(c, "user_id"), c.query.get("with_member") === "true"));
  });
  for (const who of ["{user_id}", "@me"]) {
    add("PUT", `/channels/{channel_id}/thread-members/${who}`, "any", (c) => {
      s.threads.addMember(need(c), p(c, "channel_id"), who === "@me" ? need(c) : p(c, "user_id"));
      return noContent();
    });
    add("DELETE", `/channels/{channel_id}/thread-members/${who}`, "any", (c) => {
      s.threads.removeMember(need(c), p(c, "channel_id"), who === "@me" ? need(c) : p(c, "user_id"));
      return noContent();
    });
  }
  // List Public / Private / Joined Private Archived Threads
  // (https://discord.com/developers/docs/resources/channel#list-private-archived-threads): public
  // ones need READ_MESSAGE_HISTORY, private ones READ_MESSAGE_HISTORY and MANAGE_THREADS, and the
  // joined private ones only READ_MESSAGE_HISTORY.
  const archived = (c: RouteContext, kind: "public" | "private" | "joined"): RouteResult => {
    const actor = need(c);
    const parent = s.access.channelFor(actor, p(c, "channel_id"));
    s.access.require(actor, parent.id, P.READ_MESSAGE_HISTORY | (kind === "private" ? P.MANAGE_THREADS : 0n));
    const types: number[] =
      kind === "public"
        ? [ChannelType.PublicThread, ChannelType.AnnouncementThread]
        : [ChannelType.PrivateThread];
    const list = [...s.channels.byId.values()]
      .filter(
        (t) =>
          t.parent_id === parent.id &&
          types.includes(t.type) &&
          t.thread?.archived &&
          (kind !== "joined" || t.threadMembers?.has(actor)),
      )
      .sort((a, b) =>
        kind === "joined"
          ? Number(BigInt(b.id) - BigInt(a.id))
          : (b.thread?.archive_timestamp ?? "").localeCompare(a.thread?.archive_timestamp ?? ""),
      );
    return ok({
      threads: list.map((t) => s.channels.json(t)),
      members: list
        .filter((t) => t.threadMembers?.has(actor))
        .map((t) => s.threads.memberJson(t, actor, false)),
      has_more: false,
    });
  };
  add("GET", "/channels/{channel_id}/threads/archived/public", "any", (c) => archived(c, "public"));
  add("GET", "/channels/{channel_id}/threads/archived/private", "any", (c) => archived(c, "private"));
  add("GET", "/channels/{channel_id}/users/@me/threads/archived/private", "any", (c) =>
    archived(c, "joined"),
  );

  // ---- application commands (global and guild)
  for (const base of [
    "/applications/{application_id}/commands",
    "/applications/{application_id}/guilds/{guild_id}/commands",
  ]) {
    add("GET", base, "bot", (c) => {
      const loc = c.query.get("with_localizations") === "true";
      return ok(
        s.commands.list(need(c), p(c, "application_id"), appGuild(c)).map((x) => s.commands.json(x, loc)),
      );
    });
    add("PUT", base, "bot", (c) =>
      ok(
        s.commands
          .overwrite(need(c), p(c, "application_id"), appGuild(c), c.body)
          .map((x) => s.commands.json(x)),
      ),
    );
    add("POST", base, "bot", (c) =>
      ok(s.commands.json(s.commands.create(need(c), p(c, "application_id"), appGuild(c), obj(c.body))), 201),
    );
    add("GET", `${base}/{command_id}`, "bot", (c) =>
      ok(s.commands.json(s.commands.get(need(c), p(c, "application_id"), appGuild(c), p(c, "command_id")))),
    );
    add("PATCH", `${base}/{command_id}`, "bot", (c) =>
      ok(
        s.commands.json(
          s.commands.edit(need(c), p(c, "application_id"), appGuild(c), p(c, "command_id"), obj(c.body)),
        ),
      ),
    );
    add("DELETE", `${base}/{command_id}`, "bot", (c) => {
      s.commands.delete(need(c), p(c, "application_id"), appGuild(c), p(c, "command_id"));
      return noContent();
    });
  }

  // ---- interactions (bot side) and webhooks
  add(
    "POST",
    "/interactions/{interaction_id}/{interaction_token}/callback",
    "none",
    (c) => {
      const out = ix.callback(
        p(c, "interaction_id"),
        p(c, "interaction_token"),
        obj(c.body),
        c.files,
        c.query.get("with_response") === "true",
      );
      return out ? ok(out) : noContent();
    },
    "interaction_id",
  );
  add("POST", "/channels/{channel_id}/webhooks", "any", (c) =>
    ok(s.webhooks.json(s.webhooks.create(need(c), p(c, "channel_id"), obj(c.body)), true)),
  );
  add("GET", "/channels/{channel_id}/webhooks", "any", (c) =>
    ok(s.webhooks.inChannel(need(c), p(c, "channel_id")).map((w) => s.webhooks.json(w, true))),
  );
  const channelHook = (c: RouteContext) => {
    const w = s.webhooks.byId.get(p(c, "webhook_id"));
    if (!w) throw Errors.unknownWebhook();
    if (w.token !== p(c, "webhook_token")) throw Errors.invalidWebhookToken();
    return w;
  };
  add("GET", "/webhooks/{webhook_id}/{webhook_token}", "none", (c) =>
    ok(s.webhooks.json(channelHook(c), false)),
  );
  add("POST", "/webhooks/{webhook_id}/{webhook_token}", "none", (c) => {
    const rec = ix.byToken(p(c, "webhook_id"), p(c, "webhook_token"));
    if (rec) return ok(s.messages.json(ix.followUp(rec, obj(c.body), c.files)));
    const m = s.webhooks.execute(channelHook(c), obj(c.body), c.files, c.query.get("thread_id"));
    return c.query.get("wait") === "true" ? ok(s.messages.json(m)) : noContent();
  });
  for (const which of ["@original", "{message_id}"]) {
    const path = `/webhooks/{webhook_id}/{webhook_token}/messages/${which}`;
    const target = (c: RouteContext): string => (which === "@original" ? "@original" : p(c, "message_id"));
    const rec = (c: RouteContext) => ix.byToken(p(c, "webhook_id"), p(c, "webhook_token"));
    add("GET", path, "none", (c) => {
      const r = rec(c);
      if (r) return ok(s.messages.json(ix.getMessage(r, target(c))));
      const w = channelHook(c);
      const m = s.messages.byId.get(target(c));
      if (!m || m.deleted || m.webhook?.id !== w.id) throw Errors.unknownMessage();
      return ok(s.messages.json(m));
    });
    add("PATCH", path, "none", (c) => {
      const r = rec(c);
      if (r) return ok(s.messages.json(ix.editMessage(r, target(c), obj(c.body), c.files)));
      const w = channelHook(c);
      const m = s.messages.byId.get(target(c));
      if (!m || m.deleted || m.webhook?.id !== w.id) throw Errors.unknownMessage();
      return ok(
        s.messages.json(s.messages.edit(w.creator_id, m.channel_id, m.id, obj(c.body), c.files, true)),
      );
    });
    add("DELETE", path, "none", (c) => {
      const r = rec(c);
      if (r) ix.deleteMessage(r, target(c));
      else {
        const w = channelHook(c);
        const m = s.messages.byId.get(target(c));
        if (!m || m.deleted || m.webhook?.id !== w.id) throw Errors.unknownMessage();
        s.messages.delete(w.creator_id, m.channel_id, m.id, true);
      }
      return noContent();
    });
  }

  // ---- the Discord client's own route: a user invokes a command or a component
  add("POST", "/interactions", "any", (c) => {
    const actor = need(c);
    if (s.users.byId.get(actor)?.bot) throw Errors.unauthorized();
    const b = obj(c.body);
    const data = obj(b["data"]);
    const type = Number(b["type"]);
    let handle;
    if (type === 2 || type === 4) {
      const ch = s.access.channelFor(actor, String(b["channel_id"] ?? ""));
      const cmd =
        s.commands.byId.get(String(data["id"] ?? "")) ??
        s.commands.find(ch.guild_id, String(data["name"] ?? ""));
      if (!cmd || (cmd.guild_id !== null && cmd.guild_id !== ch.guild_id)) throw Errors.unknownCommand();
      handle = ix.command(
        actor,
        ch.id,
        [cmd.name, ...flattenPath(data["options"])].join(" "),
        flattenValues(data["options"]),
        type === 4 ? focusedName(data["options"]) : undefined,
      );
    } else if (type === 3) {
      handle = ix.component(
        actor,
        String(b["message_id"] ?? ""),
        String(data["custom_id"] ?? ""),
        Array.isArray(data["values"]) ? (data["values"] as string[]) : undefined,
      );
    } else if (type === 5) {
      const values: Record<string, string> = {};
      collectValues(data["components"], values);
      handle = ix.submitModal(actor, values, String(data["custom_id"] ?? ""));
    } else
      throw Errors.invalidForm({
        type: { _errors: [{ code: "BASE_TYPE_CHOICES", message: "Value must be one of {2, 3, 4, 5}." }] },
      });
    return { status: 204, headers: { "X-Emulator-Interaction-Id": handle.id } };
  });
  add("GET", "/_emulator/interactions/{interaction_id}", "any", (c) => {
    const r = ix.byId.get(p(c, "interaction_id"));
    if (!r || r.userId !== c.actor) throw Errors.unknownInteraction();
    return ok({
      id: r.id,
      failed: r.failed,
      acknowledged: r.acked,
      events: r.events,
      original: r.originalId ? s.messages.json(s.messages.byId.get(r.originalId) ?? (null as never)) : null,
    });
  });

  return routes;
}

function flattenPath(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  const sub = (options as Json[]).find((o) => o["type"] === 1 || o["type"] === 2);
  return sub ? [String(sub["name"]), ...flattenPath(sub["options"])] : [];
}

function leafOptions(options: unknown): Json[] {
  if (!Array.isArray(options)) return [];
  const sub = (options as Json[]).find((o) => o["type"] === 1 || o["type"] === 2);
  return sub ? leafOptions(sub["options"]) : (options as Json[]);
}

function flattenValues(options: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of leafOptions(options)) out[String(o["name"])] = o["value"];
  return out;
}

function focusedName(options: unknown): string | undefined {
  const f = leafOptions(options).find((o) => o["focused"] === true);
  return f ? String(f["name"]) : undefined;
}

function collectValues(list: unknown, out: Record<string, string>): void {
  if (!Array.isArray(list)) return;
  for (const c of list as Json[]) {
    if (c["custom_id"] !== undefined && c["value"] !== undefined)
      out[String(c["custom_id"])] = String(c["value"]);
    collectValues(c["components"], out);
    if (c["component"]) collectValues([c["component"]], out);
  }
}

/** The major parameters' values of a request on `route`: what its rate-limit bucket is keyed by. */
export function majorOf(route: Pick<Route, "major">, params: Record<string, string>): string {
  if (!route.major) return "";
  return route.major
    .split("+")
    .map((name) => `${name}:${params[name] ?? ""}`)
    .join("|");
}
