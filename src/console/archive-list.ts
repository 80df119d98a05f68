import type { FastifyInstance, FastifyReply } from "fastify";
import type { Db } from "../db/client.js";
import type { Lang } from "../engine/types.js";
import { listedArchives, type ListedGame } from "../games/archive-list.js";
import type { GameService } from "../games/service.js";
import { rulesetOrThrow } from "../games/state.js";
import { t } from "../i18n/index.js";
import { html, page, timeTag } from "./html.js";

/**
 * The public listing of a server's archives (docs/community.md), when the server chose it with
 * `/settings public_archives`: `/archives/<token>` lists its finished games (ranked, or all),
 * newest first, each linking its archive page. No session, no cookie; a listing that is off, or
 * any other token, gets the same "no archive here" page as a wrong game address.
 */

const L = (lang: Lang, key: string, params: Record<string, string | number> = {}) =>
  t(lang, `archive.list_${key}`, params);

/** The listing page (HTML) of a server's finished games, in its language. */
export function archiveListPage(lang: Lang, scope: "ranked" | "all", listed: readonly ListedGame[]): string {
  // A list rather than a table: a phone shows every game's rules and end without scrolling sideways.
  const item = (game: ListedGame) => {
    const ruleset = rulesetOrThrow(game.ruleset);
    return html`<li>
      <a href="/archive/${game.archiveToken}">${game.name}</a
      >${game.ranked ? "" : html` <span class="muted">(${L(lang, "unranked")})</span>`}<br />
      <span class="muted"
        >${L(lang, "rules")}: ${ruleset.name[lang]} · ${L(lang, "ended")}:
        ${timeTag(game.endedAt, game.timezone, lang)}</span
      >
    </li>`;
  };
  const body = html`
    <p class="muted">${L(lang, "intro", { scope })}</p>
    ${
      listed.length === 0
        ? html`<p id="archives-empty">${L(lang, "empty")}</p>`
        : html`<ul id="archives">
            ${listed.map(item)}
          </ul>`
    }
  `;
  return page({ lang, title: L(lang, "title"), body });
}

/** The listing's route on the console's server. */
export function registerArchiveList(
  app: FastifyInstance,
  deps: { db: Db; reader: GameService; headers: Record<string, string>; notFound: () => string },
): void {
  const missing = (reply: FastifyReply) =>
    reply.code(404).headers(deps.headers).type("text/html; charset=utf-8").send(deps.notFound());
  app.get("/archives/:token", async (request, reply) => {
    const { token } = request.params as { token: string };
    const listing = await listedArchives(deps.db, token);
    if (!listing) return missing(reply);
    const lang = await deps.reader.language(listing.guildId);
    return (
      reply
        .code(200)
        .headers(deps.headers)
        // Unlike an archive's page it changes (a game ends, the server turns it off): never cached.
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(archiveListPage(lang, listing.scope, listing.games))
    );
  });
}
