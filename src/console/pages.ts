import type { Lang } from "../engine/types.js";
import { phaseName, t } from "../i18n/index.js";
import type { Refusal } from "./auth.js";
import { html, page, timeTag, type Html, type Section } from "./html.js";
import type { Overview } from "./model.js";

/** The console's pages (docs/console.md). */

/** The sections a game's console has (the navigation). */
export const SECTIONS: readonly Section[] = ["overview"];

/** A refusal: what went wrong and how to get a new link, and nothing else (no game, no name). */
export function refusalPage(lang: Lang | null, reason: Refusal | "no_session"): string {
  const langs: Lang[] = lang ? [lang] : ["ru", "en"];
  const body = html`<div class="refusal">
    ${langs.map(
      (l) =>
        html`<section lang="${l}">
          <h2>${t(l, "console.refused_title")}</h2>
          <p>${t(l, `console.refused.${reason}`)}</p>
          <p class="muted">${t(l, "console.refused_hint")}</p>
        </section>`,
    )}
  </div>`;
  return page({ lang: lang ?? "ru", title: langs.map((l) => t(l, "console.title_plain")).join(" · "), body });
}

/**
 * The page a link opens: one button that spends the token. Opening the link alone spends nothing,
 * so a link preview (or a browser's prefetch) cannot use it up before the GM does.
 */
export function enterPage(lang: Lang, gameName: string, token: string): string {
  const body = html`<div class="refusal">
    <p>${t(lang, "console.enter_text", { name: gameName })}</p>
    <form method="post" action="/console/enter">
      <input type="hidden" name="t" value="${token}" />
      <button class="primary" type="submit" id="enter">${t(lang, "console.enter_button")}</button>
    </form>
  </div>`;
  return page({ lang, title: t(lang, "console.title_plain"), body });
}

function audience(lang: Lang, audienceKey: string | null, names: string[]): Html | string {
  if (audienceKey) return t(lang, `console.audience.${audienceKey}`);
  if (names.length === 0) return html`<span class="muted">${t(lang, "console.nobody")}</span>`;
  return names.join(", ");
}

export function gameTitle(o: Pick<Overview, "game" | "ruleset" | "lang">): string {
  return t(o.lang, "console.title", { name: o.game.name, ruleset: o.ruleset.name[o.lang] });
}

export function phaseBlock(o: Overview): Html {
  const { lang } = o;
  const zone = o.game.timezone;
  const status = t(lang, `state.${o.game.status}`);
  if (!o.phase) return html`<p>${status}</p>`;
  const deadline = o.phase.pausedAt
    ? html`<span class="bad">${t(lang, "console.paused")}</span>`
    : o.phase.deadlineAt
      ? timeTag(o.phase.deadlineAt, zone, lang)
      : html`<span class="muted">${t(lang, "console.no_deadline")}</span>`;
  const draft = o.draft
    ? html`<p class="bad">${t(lang, `console.draft_${o.draft.status === "held" ? "held" : "waiting"}`)}</p>`
    : "";
  return html`<dl>
      <dt>${t(lang, "console.phase")}</dt>
      <dd>${phaseName(lang, o.phase.label)} <span class="muted">#${o.phase.index}</span></dd>
      <dt>${t(lang, "console.deadline")}</dt>
      <dd>${deadline} <span class="muted">(${zone})</span></dd>
      <dt>${t(lang, "console.game_status")}</dt>
      <dd>${status}</dd>
    </dl>
    ${draft}`;
}

export function overviewPage(o: Overview, sections: readonly Section[] = SECTIONS): string {
  const { lang } = o;
  const zone = o.game.timezone;
  const seats = o.seats.map((s) => {
    const extras = Object.entries(s.extras).filter(([, v]) => v !== null);
    return html`<li class="card${s.alive === false ? " dead" : ""}" data-seat="${s.seatId}">
      <h3>${s.seat}. ${s.mask ?? s.account}</h3>
      <dl>
        <dt>${t(lang, "console.account")}</dt>
        <dd>${s.account} <span class="muted">(${s.userId})</span></dd>
        ${
          s.mask
            ? html`<dt>${t(lang, o.maskMode === "appearances" ? "console.appearance" : "console.mask")}</dt>
                <dd>${s.mask}</dd>`
            : ""
        }
        <dt>${t(lang, "console.role")}</dt>
        <dd>${s.role ?? "—"}</dd>
        <dt>${t(lang, "console.faction")}</dt>
        <dd>${s.faction ?? "—"}</dd>
        <dt>${t(lang, "console.state")}</dt>
        <dd>${s.alive === null ? "—" : t(lang, s.alive ? "gmroom.alive" : "gmroom.dead")}</dd>
        <dt>${t(lang, "console.statuses")}</dt>
        <dd>${s.statuses.length > 0 ? s.statuses.join(", ") : "—"}</dd>
        ${extras.map(
          ([k, v]) =>
            html`<dt>${k}</dt>
              <dd><code>${typeof v === "string" ? v : JSON.stringify(v)}</code></dd>`,
        )}
      </dl>
    </li>`;
  });
  const chats = o.chats.map(
    (c) =>
      html`<tr data-chat="${c.id}">
        <td>${c.name}<br /><span class="muted">${c.id} · ${t(lang, `console.chat_${c.kind}`)}</span></td>
        <td>${audience(lang, c.readAudience, c.readers)}</td>
        <td>${audience(lang, c.writeAudience, c.writers)}</td>
      </tr>`,
  );
  const schedule =
    o.schedule.length === 0
      ? html`<p class="muted">${t(lang, "console.schedule_empty")}</p>`
      : html`<ul>
          ${o.schedule.map(
            (d) =>
              html`<li>
                ${timeTag(d.dueAt, zone, lang)} —
                ${t(lang, `console.deadline_kind.${d.kind}`)}${d.key ? html` <span class="muted">(${d.key})</span>` : ""}
              </li>`,
          )}
        </ul>`;
  const body = html`<section id="phase">
      <h2>${t(lang, "console.section.phase")}</h2>
      ${phaseBlock(o)}
      <h3>${t(lang, "console.schedule")}</h3>
      ${schedule}
    </section>
    <section id="seats">
      <h2>${t(lang, "console.section.seats")} (${o.seats.length})</h2>
      <ul class="cards">
        ${seats}
      </ul>
    </section>
    <section id="chats">
      <h2>${t(lang, "console.section.chats")}</h2>
      ${
        o.chats.length === 0
          ? html`<p class="muted">${t(lang, "console.no_chats")}</p>`
          : html`<div class="scroll">
              <table>
                <thead>
                  <tr>
                    <th>${t(lang, "console.chat")}</th>
                    <th>${t(lang, "console.readers")}</th>
                    <th>${t(lang, "console.writers")}</th>
                  </tr>
                </thead>
                <tbody>
                  ${chats}
                </tbody>
              </table>
            </div>`
      }
      ${o.personalChats > 0 ? html`<p class="muted">${t(lang, "console.personal_chats", { count: o.personalChats })}</p>` : ""}
    </section>`;
  return page({
    lang,
    title: gameTitle(o),
    body,
    nav: { gameId: o.game.id, current: "overview", sections },
  });
}
