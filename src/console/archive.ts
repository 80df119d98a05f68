import type { FastifyInstance, FastifyReply } from "fastify";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { games, inputs, phaseReport, resolutions } from "../db/schema/index.js";
import type { AnyGameState, Lang, PhaseReport } from "../engine/types.js";
import { tallyText } from "../games/ballots.js";
import { secretOf } from "../games/fairness.js";
import { gameLogFiles } from "../games/game-log.js";
import { maskModeOf, maskNames } from "../games/masks.js";
import { displayContext, seatGenders } from "../games/render.js";
import { hasStarted, stateBefore } from "../games/state.js";
import { verifyGameLog, type Verdict } from "../games/verify.js";
import type { GameService } from "../games/service.js";
import { phaseName, t } from "../i18n/index.js";
import { factionName, roleName } from "../render/names.js";
import { describeInput, gameContext, type GameContext } from "./phase.js";
import { html, page, timeTag, type Html } from "./html.js";
import { publicPostsByPhase, type PostView } from "./archive-posts.js";
import { causeWord, statusWord } from "./words.js";
import { renderText } from "../engine/helpers.js";

/**
 * The public archive of a finished game (docs/community.md): one read-only page at
 * `/archive/<token>` (the game's `archive_token`, 244 random bits, linked by the reveal message),
 * open without sign-in, and its `game-log.json`. Only a game that has ended is shown: any other
 * token, or the token of a game still running, gets the same "no such archive" page. Each phase
 * shows what players wrote in the public chats then (archive-posts.ts). Under masks
 * the page names masks, and the accounts behind them only when the GM chose it at creation
 * (`archive_accounts`).
 */

export const ARCHIVE_TOKEN = /^[0-9a-f]{64}$/;

/** How many built archive pages the console process keeps. */
const ARCHIVE_CACHE = 50;

/** The archive's address of a game, under the console's public URL. */
export function archiveUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, "")}/archive/${token}`;
}

interface PhaseView {
  label: string;
  newspaper: string[];
  posts: PostView[];
  deaths: { name: string; cause: string }[];
  orders: { seat: string; text: string }[];
  tally: string | null;
}

export interface ArchiveView {
  ctx: GameContext;
  names: Map<string, string>;
  phases: PhaseView[];
  seats: { name: string; role: string; side: string; alive: boolean; statuses: string[] }[];
  winners: string[];
  fairness: {
    commitment: string | null;
    secret: string | null;
    seed: number | null;
    verdict: Verdict;
  };
  masked: boolean;
}

/** The ended game of a token, or null (no such token, or the game has not ended). */
export async function archivedGame(db: Db, token: string): Promise<{ id: string; guildId: string } | null> {
  if (!ARCHIVE_TOKEN.test(token)) return null;
  const [game] = await db
    .select({ id: games.id, guildId: games.guildId, status: games.status })
    .from(games)
    .where(eq(games.archiveToken, token));
  if (!game || game.status !== "ended" || !(await hasStarted(db, game.id))) return null;
  return { id: game.id, guildId: game.guildId };
}

/** Everything the archive page shows of an ended game. */
export async function archiveView(db: Db, service: GameService, gameId: string): Promise<ArchiveView> {
  const ctx = await gameContext(db, service, gameId);
  const state = ctx.state as AnyGameState;
  const { ruleset, lang, game } = ctx;
  const masked = (await maskModeOf(db, gameId, game.ruleset)) !== "off";
  // Under masks the page names the masks; the accounts behind them only if the GM chose so.
  const names = masked && !game.archiveAccounts ? await maskNames(db, gameId) : ctx.names;
  const shown: GameContext = { ...ctx, names };
  const seats = await service.players(gameId);
  const reader = displayContext(ruleset, lang, names, "plain", masked ? new Map() : seatGenders(seats));
  const reports = await db
    .select({ report: resolutions.report })
    .from(resolutions)
    .where(and(eq(resolutions.gameId, gameId), eq(resolutions.status, "published")))
    .orderBy(asc(resolutions.phaseIndex));
  const log = await db.select().from(inputs).where(eq(inputs.gameId, gameId)).orderBy(asc(inputs.seq));
  const posts = await publicPostsByPhase(db, { gameId, ruleset, state, lang, names, masked });
  const phases: PhaseView[] = [];
  for (const { report: raw } of reports) {
    const report: PhaseReport = phaseReport.parse(raw);
    const orders = log
      .filter((row) => row.phase === report.phase && row.type === "action" && row.accepted)
      .filter((row) => {
        const action = (row.payload as { action?: unknown }).action;
        return action !== "post" && action !== "edit_post";
      })
      .map((row) => ({
        seat: names.get(row.seatId ?? "") ?? row.seatId ?? "",
        text: describeInput(shown, row).text,
      }));
    // The ballot as it stood when the phase resolved: the state just before its resolve entry.
    const resolve = log.find((row) => row.phase === report.phase && row.type === "resolve" && row.accepted);
    let tally: string | null = null;
    if (resolve && ruleset.votes?.board) {
      const before = await stateBefore(db, gameId, ruleset, resolve.seq);
      const board = ruleset.votes.board(before);
      if (board && board.votes.length > 0) tally = tallyText(board, reader, phaseName(lang, board.key));
    }
    phases.push({
      label: phaseName(lang, report.phase),
      newspaper: report.public.map((line) => {
        try {
          return renderText(ruleset, line, reader);
        } catch {
          return line.key;
        }
      }),
      posts: posts.get(report.phase) ?? [],
      deaths: report.deaths.map((d) => ({
        name: names.get(d.player) ?? d.player,
        cause: causeWord(lang, d.cause),
      })),
      orders,
      tally,
    });
  }
  // A phase the game ended in without resolving it (the GM's end) has no report, but what was
  // said in it stands: its posts get a section of their own.
  const shownPhases = new Set(reports.map((r) => phaseReport.parse(r.report).phase));
  for (const [phase, said] of posts) {
    if (shownPhases.has(phase)) continue;
    phases.push({
      label: phaseName(lang, phase),
      newspaper: [],
      posts: said,
      deaths: [],
      orders: [],
      tally: null,
    });
  }
  const files = await gameLogFiles(db, gameId);
  const json = JSON.parse(files.find((f) => f.name === "game-log.json")?.data.toString("utf8") ?? "{}") as {
    fairness?: { commitment?: string };
  };
  const secret = game.seed === null ? await secretOf(db, gameId) : null;
  const verdict = verifyGameLog(json, secret !== null ? { secret } : { seed: game.seed ?? 0 });
  return {
    ctx,
    names,
    phases,
    seats: [...state.players]
      .sort((a, b) => a.seat - b.seat)
      .map((p) => ({
        name: names.get(p.id) ?? p.id,
        role: roleName(ruleset, lang, p.role),
        side: factionName(ruleset, lang, p.faction),
        alive: p.alive,
        statuses: p.statuses.map((s) => statusWord(lang, s)),
      })),
    winners: state.winners.map((w) => factionName(ruleset, lang, w)),
    fairness: { commitment: json.fairness?.commitment ?? null, secret, seed: game.seed, verdict },
    masked,
  };
}

const A = (lang: Lang, key: string, params: Record<string, string | number> = {}) =>
  t(lang, `archive.${key}`, params);

function postLine(lang: Lang, zone: string, post: PostView): Html {
  return html`<li>
    <span class="muted">${timeTag(post.at, zone, lang)} · ${post.chat}</span><br /><b>${post.seat}</b>:
    <span class="text">${post.text}</span
    >${post.edited ? html` <span class="muted">(${A(lang, "edited")})</span>` : ""}
  </li>`;
}

function phaseSection(lang: Lang, zone: string, phase: PhaseView): Html {
  return html`<section class="box phase">
    <h2>${phase.label}</h2>
    <h3>${A(lang, "newspaper")}</h3>
    ${
      phase.newspaper.length > 0
        ? html`<div class="text">${phase.newspaper.map((l) => html`<p>${l}</p>`)}</div>`
        : html`<p class="muted">${A(lang, "nothing")}</p>`
    }
    <h3>${A(lang, "posts")}</h3>
    ${
      phase.posts.length > 0
        ? html`<ul class="posts">
            ${phase.posts.map((p) => postLine(lang, zone, p))}
          </ul>`
        : html`<p class="muted">${A(lang, "no_posts")}</p>`
    }
    ${
      phase.deaths.length > 0
        ? html`<h3>${A(lang, "deaths")}</h3>
            <ul>
              ${phase.deaths.map((d) => html`<li>${d.name} — ${d.cause}</li>`)}
            </ul>`
        : ""
    }
    ${
      phase.tally
        ? html`<h3>${A(lang, "votes")}</h3>
            <pre class="tally">${phase.tally.replace(/^\p{Extended_Pictographic}\s*/u, "")}</pre>`
        : ""
    }
    <h3>${A(lang, "orders")}</h3>
    ${
      phase.orders.length > 0
        ? html`<ul class="orders">
            ${phase.orders.map((o) => html`<li><b>${o.seat}</b>: ${o.text}</li>`)}
          </ul>`
        : html`<p class="muted">${A(lang, "no_orders")}</p>`
    }
  </section>`;
}

/** The archive page (HTML) of a game. */
export function archivePage(view: ArchiveView, token: string): string {
  const { lang, game, ruleset } = view.ctx;
  const f = view.fairness;
  const summary = f.verdict.summary;
  const body = html`
    <p class="muted">${A(lang, "intro", { ruleset: ruleset.name[lang] })}</p>
    <p>
      <b
        >${view.winners.length > 0 ? A(lang, "winners", { winners: view.winners.join(", ") }) : A(lang, "no_winners")}</b
      >
    </p>
    ${view.masked ? html`<p class="muted">${A(lang, game.archiveAccounts ? "masks_named" : "masks_only")}</p>` : ""}
    <h2>${A(lang, "roles")}</h2>
    <div class="scroll">
      <table id="roles">
        <thead>
          <tr>
            <th>${A(lang, "seat")}</th>
            <th>${A(lang, "role")}</th>
            <th>${A(lang, "side")}</th>
            <th>${A(lang, "fate")}</th>
          </tr>
        </thead>
        <tbody>
          ${view.seats.map(
            (s) =>
              html`<tr>
                <td>${s.name}</td>
                <td>${s.role}</td>
                <td>${s.side}</td>
                <td>
                  ${s.alive ? A(lang, "alive") : A(lang, "dead")}${s.statuses.length > 0 ? ` · ${s.statuses.join(", ")}` : ""}
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    <h2>${A(lang, "timeline")}</h2>
    ${view.phases.map((p) => phaseSection(lang, game.timezone, p))}
    <h2>${A(lang, "fairness")}</h2>
    <div class="box" id="fairness">
      <dl class="stack">
        ${
          f.commitment
            ? html`<dt>${A(lang, "commitment")}</dt>
                <dd><code class="hash">${f.commitment}</code></dd>`
            : ""
        }
        ${
          f.secret
            ? html`<dt>${A(lang, "secret")}</dt>
                <dd><code class="hash">${f.secret}</code></dd>`
            : ""
        }
        ${
          f.seed !== null
            ? html`<dt>${A(lang, "seed")}</dt>
                <dd><code>${f.seed}</code></dd>`
            : ""
        }
        <dt>${A(lang, "digest")}</dt>
        <dd><code class="hash">${summary.digest}</code></dd>
        <dt>${A(lang, "verdict")}</dt>
        <dd id="verdict" class="${f.verdict.ok ? "good" : "bad"}">
          ${
            f.verdict.ok
              ? A(lang, "verified", { inputs: summary.inputs, phases: summary.phases })
              : A(lang, "not_verified", { reason: f.verdict.reason })
          }
        </dd>
      </dl>
      <p class="muted">${A(lang, "verify_hint")}</p>
      <p><a id="download" href="/archive/${token}/game-log.json" download>${A(lang, "download")}</a></p>
    </div>
  `;
  return page({ lang, title: A(lang, "title", { name: game.name }), body });
}

/** No archive here (a wrong token, or a game not over): the same page in both languages, nothing of any game. */
export function archiveMissingPage(): string {
  const langs: Lang[] = ["ru", "en"];
  const body = html`<div class="refusal">
    ${langs.map((l) => html`<section lang="${l}"><p>${A(l, "not_found")}</p></section>`)}
  </div>`;
  return page({
    lang: "ru",
    title: langs.map((l) => t(l, "console.title_plain")).join(" · "),
    body,
    status: 404,
  });
}

/** The archive's routes on the console's server: the page and its log, no session, no cookie. */
export function registerArchive(
  app: FastifyInstance,
  deps: { db: Db; reader: GameService; headers: Record<string, string>; notFound: () => string },
): void {
  const missing = (reply: FastifyReply) =>
    reply.code(404).headers(deps.headers).type("text/html; charset=utf-8").send(deps.notFound());
  // An ended game never changes: its page is built once per language and kept (a few at a time),
  // since building it replays the game (verify) and reads the state before each resolution.
  const built = new Map<string, string>();
  app.get("/archive/:token", async (request, reply) => {
    const { token } = request.params as { token: string };
    const game = await archivedGame(deps.db, token);
    if (!game) return missing(reply);
    const key = `${token}:${await deps.reader.language(game.guildId)}`;
    let body = built.get(key);
    if (body === undefined) {
      body = archivePage(await archiveView(deps.db, deps.reader, game.id), token);
      built.set(key, body);
      if (built.size > ARCHIVE_CACHE) built.delete(built.keys().next().value ?? key);
    }
    return reply
      .code(200)
      .headers(deps.headers)
      .header("cache-control", "public, max-age=300")
      .type("text/html; charset=utf-8")
      .send(body);
  });
  app.get("/archive/:token/game-log.json", async (request, reply) => {
    const { token } = request.params as { token: string };
    const game = await archivedGame(deps.db, token);
    if (!game) return missing(reply);
    const file = (await gameLogFiles(deps.db, game.id)).find((f) => f.name === "game-log.json");
    if (!file) return missing(reply);
    return reply
      .code(200)
      .headers(deps.headers)
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", 'attachment; filename="game-log.json"')
      .header("cache-control", "public, max-age=300")
      .send(file.data);
  });
}
