import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { desc, eq } from "drizzle-orm";
import { inputs } from "../db/schema/index.js";
import type { Db } from "../db/client.js";
import type { Lang } from "../engine/types.js";
import { PermissionFlagsBits } from "discord.js";
import type { BotDeps } from "../bot/bot.js";
import { safeName } from "../render/names.js";
import { settingsOf } from "../games/queries.js";
import { contextFor } from "../discord/router.js";
import { UserError } from "../games/errors.js";
import { gameLogFiles } from "../games/game-log.js";
import { GameService, systemClock, type Actor, type AfterCommit, type Clock } from "../games/service.js";
import type { Logger } from "../log.js";
import { ConsoleAuth, COOKIE_NAME, readCookie, sessionCookie, type Grant } from "./auth.js";
import { CSS, JS } from "./html.js";
import { archiveMissingPage, registerArchive } from "./archive.js";
import { registerArchiveList } from "./archive-list.js";
import { overview } from "./model.js";
import {
  dryRunPage,
  logPage,
  modelPage,
  enterPage,
  liveFragment,
  livePage,
  overviewPage,
  refusalPage,
  reviewPage,
  signedOutPage,
} from "./pages.js";
import { describeInput, draftView, dryRun, gameContext, liveStamp, liveView, type Trial } from "./phase.js";
import { describeChosen } from "../render/orders.js";
import type { AnyGameState } from "../engine/types.js";
import { has, t } from "../i18n/index.js";

/**
 * The GM web console's routes (docs/console.md), a fastify plugin for the bot process's console
 * server (src/http/server.ts). `/console/enter` turns a `/gm console` link into a session
 * cookie; every page under `/console/g/<game>/` needs that cookie, for that game, of an account
 * that is a GM of it now. Anything else gets a refusal page and nothing of the game.
 */

export interface ConsoleDeps {
  db: Db;
  clock: Clock;
  /**
   * Who the account is on the game's server now (its GM role, Manage Server, its shown name), as
   * the bot's interactions see it; null when the bot cannot see the member.
   */
  actorOf(guildId: string, userId: string): Promise<Actor | null>;
  log: Logger;
  /** The cookie is Secure (the console's public URL is https); also when a proxy says https. */
  secure: boolean;
  /** After a committed change (review actions): enqueue its deadlines, ask for an outbox drain. */
  after(gameId: string, committed: AfterCommit): Promise<void>;
}

const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "cache-control": "no-store",
};

/** How often an open live page's stream looks for changes. */
const LIVE_POLL_MS = 1_000;
const REVIEW_ACTIONS = new Set(["publish", "hold", "rerun", "edit"]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function consoleRoutes(deps: ConsoleDeps): FastifyPluginAsync {
  /** Reads that need no member (languages, names of games). */
  const reader = new GameService(deps.db, deps.clock);
  /** The service acting as the account: its GM check counts the server's GM role, its log names it. */
  const serviceAs = async (gameId: string, userId: string): Promise<GameService> => {
    const game = await reader.game(gameId);
    return new GameService(deps.db, deps.clock, await deps.actorOf(game.guildId, userId));
  };
  const isGm = async (gameId: string, userId: string) => {
    try {
      return await (await serviceAs(gameId, userId)).isGm(gameId, userId);
    } catch (error) {
      if (error instanceof UserError) return false;
      throw error;
    }
  };
  const auth = new ConsoleAuth(deps.db, deps.clock, isGm);
  /** Open event streams and their session cookies: ended when the server closes or the session signs out. */
  const streams = new Map<() => void, string | undefined>();

  const dryRunResponse = async (gameId: string, form: Record<string, string> | null): Promise<string> => {
    const ctx = await gameContext(deps.db, reader, gameId);
    const offers = ctx.state
      ? ctx.state.players
          .filter((p) => p.alive)
          .map((p) => ({
            seatId: p.id,
            name: ctx.names.get(p.id) ?? p.id,
            offers: ctx.ruleset.availableActions(ctx.state as AnyGameState, p.id),
          }))
      : [];
    let trial: Trial | null = null;
    let shown: string | null = null;
    if (form?.["kind"] === "order") {
      const [seatId = "", index = ""] = String(form["offer"] ?? "").split("|");
      const offer = offers.find((o) => o.seatId === seatId)?.offers[Number(index)];
      if (offer) {
        const targets = [form["target"], form["target2"]].filter((v): v is string => !!v);
        trial = { kind: "order", seatId, action: offer.action, targets, params: { ...(offer.params ?? {}) } };
        const chosen = describeChosen(
          ctx.lang,
          { action: offer.action, targets, params: offer.params ?? {} },
          [offer],
          ctx.names,
        );
        shown = `${ctx.names.get(seatId) ?? seatId}: ${chosen}`;
      }
    } else if (form?.["kind"] === "status" && form["seat"] && form["status"]) {
      const set = form["set"] !== "0";
      trial = { kind: "status", seatId: form["seat"], status: form["status"].slice(0, 60), set };
      shown = `${ctx.names.get(form["seat"]) ?? form["seat"]}: ${set ? "+" : "−"}${trial.status}`;
    }
    const result = dryRun(ctx, deps.clock.now(), trial);
    return dryRunPage({ ctx, result, offers, trial: shown });
  };

  /** A form posted from the console's own pages (SameSite=Strict already keeps other sites' out). */
  const sameOrigin = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (!origin) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  };
  /**
   * The sign-in form was posted from the console's own page. Stricter than `sameOrigin`: a request
   * without Origin counts only with a same-site Referer (the pages send `referrer-policy:
   * same-origin`), so another site cannot sign a GM's browser into a session of its own (login
   * CSRF: the victim would then act in the attacker's console). Browsers send Origin with every POST.
   */
  const signInFromHere = (request: FastifyRequest): boolean => {
    const from = request.headers.origin ?? request.headers.referer;
    if (!from) return false;
    try {
      return new URL(from).host === request.headers.host;
    } catch {
      return false;
    }
  };
  const secureByConfig = deps.secure;

  const langOf = async (gameId: string | undefined): Promise<Lang | null> => {
    if (!gameId) return null;
    try {
      return await reader.language((await reader.game(gameId)).guildId);
    } catch {
      return null;
    }
  };

  const send = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).headers(SECURITY_HEADERS).type("text/html; charset=utf-8").send(body);

  /** The GM session of a request for the game in its path, or a refusal already sent. */
  const gate = async (request: FastifyRequest, reply: FastifyReply): Promise<Grant | null> => {
    const { gameId } = request.params as { gameId: string };
    const grant = UUID.test(gameId)
      ? await auth.session(readCookie(request.headers.cookie, COOKIE_NAME), gameId)
      : null;
    if (!grant) {
      await send(reply, 403, refusalPage(null, "no_session"));
      return null;
    }
    return grant;
  };

  return async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.get("/console/assets/console.css", async (_request, reply) =>
      reply
        .headers(SECURITY_HEADERS)
        .header("cache-control", "public, max-age=300")
        .type("text/css")
        .send(CSS),
    );
    app.get("/console/assets/console.js", async (_request, reply) =>
      reply
        .headers(SECURITY_HEADERS)
        .header("cache-control", "public, max-age=300")
        .type("text/javascript")
        .send(JS),
    );

    // The link of /gm console: shows a button; only pressing it spends the token.
    app.get("/console/enter", async (request, reply) => {
      const token = String((request.query as Record<string, unknown>)["t"] ?? "");
      const peeked = await auth.peekLink(token);
      if ("refused" in peeked)
        return send(reply, 403, refusalPage(await langOf(peeked.gameId), peeked.refused));
      const game = await reader.game(peeked.gameId);
      return send(reply, 200, enterPage(await reader.language(game.guildId), game.name, token));
    });

    app.post("/console/enter", async (request, reply) => {
      // Refused before the token is looked at: a cross-site post spends nothing.
      if (!signInFromHere(request)) return send(reply, 403, refusalPage(null, "cross_site"));
      const body = (request.body ?? {}) as Record<string, unknown>;
      const exchanged = await auth.exchange(String(body["t"] ?? ""));
      if ("refused" in exchanged)
        return send(reply, 403, refusalPage(await langOf(exchanged.gameId), exchanged.refused));
      const secure = secureByConfig || request.headers["x-forwarded-proto"] === "https";
      const path = `/console/g/${exchanged.gameId}/`;
      deps.log.info({ game: exchanged.gameId, user: exchanged.userId }, "console session opened");
      return reply
        .code(303)
        .headers(SECURITY_HEADERS)
        .header(
          "set-cookie",
          sessionCookie(exchanged.session, {
            path,
            maxAgeS: (exchanged.expiresAt.getTime() - deps.clock.now().getTime()) / 1000,
            secure,
          }),
        )
        .header("location", path)
        .send();
    });

    // Sign-out: the session is deleted on the server (the cookie opens nothing from now on, even if
    // a copy of it was kept), the browser is told to drop the cookie, and its open streams end.
    // Not gated: a session that already ended signs out just the same.
    app.post("/console/g/:gameId/sign-out", async (request, reply) => {
      const { gameId } = request.params as { gameId: string };
      if (!UUID.test(gameId) || !sameOrigin(request))
        return send(reply, 403, refusalPage(null, "no_session"));
      const cookie = readCookie(request.headers.cookie, COOKIE_NAME);
      const grant = await auth.session(cookie, gameId);
      await auth.end(cookie);
      for (const [stop, of] of [...streams]) if (cookie && of === cookie) stop();
      if (grant) deps.log.info({ game: gameId, user: grant.userId }, "console session ended");
      const secure = secureByConfig || request.headers["x-forwarded-proto"] === "https";
      // Only a session that was valid learns the game's language; anyone else gets both.
      const lang = grant ? await langOf(gameId) : null;
      return reply
        .code(303)
        .headers(SECURITY_HEADERS)
        .header("set-cookie", sessionCookie("", { path: `/console/g/${gameId}/`, maxAgeS: 0, secure }))
        .header("location", `/console/signed-out${lang ? `?lang=${lang}` : ""}`)
        .send();
    });

    app.get("/console/signed-out", async (request, reply) => {
      const lang = (request.query as Record<string, unknown>)["lang"];
      return send(reply, 200, signedOutPage(lang === "ru" || lang === "en" ? lang : null));
    });

    app.get("/console/g/:gameId/", async (request, reply) => {
      const grant = await gate(request, reply);
      if (!grant) return reply;
      return send(reply, 200, overviewPage(await overview(deps.db, reader, grant.gameId)));
    });

    app.get("/console/g/:gameId/live", async (request, reply) => {
      const grant = await gate(request, reply);
      if (!grant) return reply;
      const ctx = await gameContext(deps.db, reader, grant.gameId);
      return send(
        reply,
        200,
        livePage(await liveView(deps.db, ctx), `/console/g/${grant.gameId}/live/events`),
      );
    });

    // Server-sent events: the live part of the phase page, again whenever the log or the phase moved.
    app.get("/console/g/:gameId/live/events", async (request, reply) => {
      const grant = await gate(request, reply);
      if (!grant) return reply;
      const cookie = readCookie(request.headers.cookie, COOKIE_NAME);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...SECURITY_HEADERS,
        "content-type": "text/event-stream; charset=utf-8",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      let stamp = "";
      let closed = false;
      let beats = 0;
      const stop = () => {
        closed = true;
        streams.delete(stop);
        raw.end();
      };
      streams.set(stop, cookie);
      request.raw.on("close", () => {
        closed = true;
        streams.delete(stop);
      });
      const tick = async () => {
        if (closed) return;
        // The session is checked again now and then: a GM removed meanwhile stops receiving.
        if (beats % 15 === 14 && !(await auth.session(cookie, grant.gameId))) return stop();
        beats += 1;
        const now = await liveStamp(deps.db, reader, grant.gameId);
        if (now !== stamp) {
          stamp = now;
          const ctx = await gameContext(deps.db, reader, grant.gameId);
          const fragment = liveFragment(await liveView(deps.db, ctx)).value;
          if (closed) return;
          raw.write(
            `event: update\n${fragment
              .split("\n")
              .map((line) => `data: ${line}`)
              .join("\n")}\n\n`,
          );
        } else if (beats % 15 === 0) raw.write(": keep-alive\n\n");
      };
      const loop = async () => {
        while (!closed) {
          try {
            await tick();
          } catch (error) {
            deps.log.warn(
              { err: (error as Error).message, game: grant.gameId },
              "console live update failed",
            );
          }
          await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_MS));
        }
      };
      void loop();
    });

    app.get("/console/g/:gameId/dry-run", async (request, reply) => {
      const grant = await gate(request, reply);
      if (!grant) return reply;
      return send(reply, 200, await dryRunResponse(grant.gameId, null));
    });

    // Trying an override: the dry run again with it; nothing is stored (no POST here changes the game).
    app.post("/console/g/:gameId/dry-run", async (request, reply) => {
      const grant = await gate(request, reply);
      if (!grant) return reply;
      return send(
        reply,
        200,
        await dryRunResponse(grant.gameId, (request.body ?? {}) as Record<string, string>),
      );
    });

    app.get("/console/g/:gameId/review", async (request, reply) => {
      const grant = await gate(request, reply);
      if (!grant) return reply;
      const query = request.query as Record<string, string | undefined>;
      const ctx = await gameContext(deps.db, reader, grant.gameId);
      const done = query["done"];
      const flash = done && REVIEW_ACTIONS.has(done) ? t(ctx.lang, `console.review_done.${done}`) : null;
      const error = refusalText(ctx.lang, query["error"], query["error_params"]);
      return send(
        reply,
        200,
        reviewPage({ ctx, draft: await draftView(deps.db, reader, ctx), flash, error }),
      );
    });

    // Publish, Hold, Re-run and Edit: the service's own methods, acting as the GM (checked and logged).
    app.post("/console/g/:gameId/review/:action", async (request, reply) => {
      const grant = await gate(request, reply);
      if (!grant) return reply;
      const { action } = request.params as { action: string };
      const back = `/console/g/${grant.gameId}/review`;
      if (!sameOrigin(request) || !REVIEW_ACTIONS.has(action))
        return send(reply, 403, refusalPage(null, "no_session"));
      const service = await serviceAs(grant.gameId, grant.userId);
      const draft = await service.pendingDraft(grant.gameId);
      try {
        if (!draft) throw new UserError("game.no_draft");
        const index = draft.phaseIndex;
        const committed =
          action === "publish"
            ? await service.publish(grant.gameId, index, grant.userId)
            : action === "hold"
              ? await service.hold(grant.gameId, index, grant.userId)
              : action === "rerun"
                ? await service.rerun(grant.gameId, index, grant.userId)
                : await service.editDraft(
                    grant.gameId,
                    index,
                    grant.userId,
                    String((request.body as Record<string, unknown> | undefined)?.["text"] ?? "")
                      .replace(/\r\n/g, "\n")
                      .split("\n"),
                  );
        await deps.after(grant.gameId, committed);
        deps.log.info({ game: grant.gameId, user: grant.userId, action }, "console review action");
        return reply.code(303).headers(SECURITY_HEADERS).header("location", `${back}?done=${action}`).send();
      } catch (error) {
        if (!(error instanceof UserError)) throw error;
        return reply
          .code(303)
          .headers(SECURITY_HEADERS)
          .header(
            "location",
            `${back}?error=${encodeURIComponent(error.key)}&error_params=${encodeURIComponent(JSON.stringify(error.params))}`,
          )
          .send();
      }
    });

    app.get("/console/g/:gameId/log", async (request, reply) => {
      const grant = await gate(request, reply);
      if (!grant) return reply;
      const q = request.query as Record<string, string | undefined>;
      const filters = { type: q["type"] ?? "", seat: q["seat"] ?? "", phase: q["phase"] ?? "" };
      const ctx = await gameContext(deps.db, reader, grant.gameId);
      const all = await deps.db
        .select()
        .from(inputs)
        .where(eq(inputs.gameId, grant.gameId))
        .orderBy(desc(inputs.seq));
      const phases = [...new Set(all.map((r) => r.phase))].reverse();
      const rows = all
        .filter(
          (r) =>
            (!filters.type || r.type === filters.type) &&
            (!filters.seat || r.seatId === filters.seat) &&
            (!filters.phase || r.phase === filters.phase),
        )
        .slice(0, 1000)
        .map((r) => {
          const described = describeInput(ctx, r);
          return {
            seq: r.seq,
            at: r.at,
            phase: r.phase,
            type: r.type,
            who:
              r.actorName ??
              (r.userId === "system"
                ? null
                : r.seatId && ctx.userOf.get(r.seatId) === r.userId
                  ? (ctx.accounts.get(r.seatId) ?? r.userId)
                  : r.userId),
            seat: r.seatId ? (ctx.names.get(r.seatId) ?? r.seatId) : null,
            text: described.text,
            refusal: described.refusal,
            payload: JSON.stringify(r.payload) + (r.rejection ? ` ✗ ${JSON.stringify(r.rejection)}` : ""),
            accepted: r.accepted,
          };
        });
      return send(reply, 200, logPage({ ctx, rows, filters, phases }));
    });

    // The game's log as the reveal will attach it (docs/console.md): for its GMs, at any time.
    app.get("/console/g/:gameId/export/:file", async (request, reply) => {
      const grant = await gate(request, reply);
      if (!grant) return reply;
      const name = (request.params as { file?: string }).file ?? "";
      const file = (await gameLogFiles(deps.db, grant.gameId)).find((f) => f.name === name);
      if (!file) return reply.code(404).send();
      return reply
        .code(200)
        .header(
          "content-type",
          name.endsWith(".json") ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
        )
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        .send(file.data);
    });

    app.get("/console/g/:gameId/model", async (request, reply) => {
      const grant = await gate(request, reply);
      if (!grant) return reply;
      return send(reply, 200, modelPage(await gameContext(deps.db, reader, grant.gameId)));
    });

    // The public archive of finished games: no session (src/console/archive.ts).
    registerArchive(app, {
      db: deps.db,
      reader,
      headers: SECURITY_HEADERS,
      notFound: () => archiveMissingPage(),
    });
    // A server's listing of them, when it chose one (src/console/archive-list.ts).
    registerArchiveList(app, {
      db: deps.db,
      reader,
      headers: SECURITY_HEADERS,
      notFound: () => archiveMissingPage(),
    });

    app.addHook("preClose", async () => {
      for (const stop of [...streams.keys()]) stop();
    });

    app.setErrorHandler(async (error, request, reply) => {
      if (error instanceof UserError) return send(reply, 400, refusalPage(null, "unknown"));
      deps.log.error({ err: (error as Error).message, url: request.url }, "console request failed");
      return send(reply, 500, refusalPage(null, "unknown"));
    });
  };
}

/** The console of the bot process: its database, clock and scheduler (the same `after` as commands). */
export function consoleRoutesFor(deps: BotDeps, publicUrl: string | undefined): FastifyPluginAsync {
  const clock = deps.clock ?? systemClock;
  return consoleRoutes({
    db: deps.database.db,
    clock,
    actorOf: (guildId, userId) => memberActor(deps, guildId, userId),
    log: deps.log,
    secure: publicUrl?.startsWith("https:") ?? false,
    after: (gameId, committed) => contextFor(deps, "ru").after(gameId, committed),
  });
}

/** A member as the interaction router sees one (src/discord/router.ts actorOf), from the gateway's cache or REST. */
async function memberActor(deps: BotDeps, guildId: string, userId: string): Promise<Actor | null> {
  const guild = deps.client.guilds.cache.get(guildId);
  const member = await guild?.members.fetch(userId).catch(() => null);
  if (!member) return null;
  const settings = await settingsOf(deps.database.db, guildId);
  const hasGmRole = settings.gmRoleId !== null && member.roles.cache.has(settings.gmRoleId);
  const manager = member.permissions.has(PermissionFlagsBits.ManageGuild);
  return {
    guildId,
    userId,
    name: safeName(member.displayName, "plain"),
    serverGm: manager || hasGmRole,
  };
}

/**
 * A refusal the review page was redirected with (`?error=<key>&error_params=<json>`), in the
 * reader's language; null for anything that is not a catalog key with its arguments (the query
 * is the visitor's to edit: a wrong one shows no refusal, it never breaks the page).
 */
function refusalText(lang: Lang, key: string | undefined, json: string | undefined): string | null {
  if (!key || !has(key)) return null;
  let params: Record<string, string | number> = {};
  try {
    const parsed: unknown = JSON.parse(json ?? "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      params = Object.fromEntries(
        Object.entries(parsed).filter(
          (entry): entry is [string, string | number] =>
            typeof entry[1] === "string" || typeof entry[1] === "number",
        ),
      );
  } catch {
    return null;
  }
  try {
    return t(lang, key, params);
  } catch {
    return null;
  }
}
