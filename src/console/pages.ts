import type { AvailableAction } from "../engine/ruleset.js";
import type { Lang } from "../engine/types.js";
import { phaseName, t } from "../i18n/index.js";
import type { Refusal } from "./auth.js";
import { Html, html, page, timeTag, zoneName, type Section } from "./html.js";
import type { Overview } from "./model.js";
import { regnumModel, regnumSeatFacts } from "./regnum.js";
import { statusWord } from "./words.js";
import type { RState } from "../rulesets/regnum/state.js";
import type { DraftView, GameContext, LiveView, Outcome } from "./phase.js";

/** The console's pages (docs/console.md). */

/** The sections a game's console has (the navigation). */
export const SECTIONS: readonly Section[] = ["overview", "live", "dryrun", "review", "log", "model"];

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

/** After signing out: the session is over; nothing of the game is shown. */
export function signedOutPage(lang: Lang | null): string {
  const langs: Lang[] = lang ? [lang] : ["ru", "en"];
  const body = html`<div class="refusal" id="signed-out">
    ${langs.map(
      (l) =>
        html`<section lang="${l}">
          <h2>${t(l, "console.signed_out_title")}</h2>
          <p>${t(l, "console.signed_out")}</p>
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
      <dd>
        ${deadline}
        <span class="muted">(${zoneName(zone, o.phase.deadlineAt ?? o.game.createdAt, lang)})</span>
      </dd>
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
    const facts =
      o.ruleset.id === "regnum" && o.state ? regnumSeatFacts(o.state as RState, s.seatId, lang) : [];
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
        <dd>${s.alive === null ? "—" : t(lang, s.alive ? "gmroom.alive" : "gmroom.dead", { gender: "" })}</dd>
        <dt>${t(lang, "console.statuses")}</dt>
        <dd>${s.statuses.length > 0 ? s.statuses.map((w) => statusWord(lang, w)).join(", ") : "—"}</dd>
        ${facts.map(
          ([k, v]) =>
            html`<dt>${k}</dt>
              <dd>${v}</dd>`,
        )}
      </dl>
      ${
        extras.length > 0
          ? html`<details class="technical">
              <summary class="muted">${t(lang, "console.rules_data")}</summary>
              <dl>
                ${extras.map(
                  ([k, v]) =>
                    html`<dt><code>${k}</code></dt>
                      <dd><code>${typeof v === "string" ? v : JSON.stringify(v)}</code></dd>`,
                )}
              </dl>
            </details>`
          : ""
      }
    </li>`;
  });
  const chats = o.chats.map(
    (c) =>
      html`<tr data-chat="${c.id}">
        <td>${c.name}<br /><span class="muted">${t(lang, `console.chat_${c.kind}`)}</span></td>
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
                ${t(lang, `console.deadline_kind.${d.kind}`)}${
                  d.kind === "reminder" && /^\d+$/.test(d.key)
                    ? html` <span class="muted"
                        >(${t(lang, "console.minutes_before", { count: Number(d.key) })})</span
                      >`
                    : ""
                }
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

// ---- this phase, live ------------------------------------------------------------------------

function phaseHead(ctx: GameContext): Html {
  const { lang, phase, game } = ctx;
  if (!phase) return html`<p>${t(lang, `state.${game.status}`)}</p>`;
  const deadline = phase.pausedAt
    ? html`<span class="bad">${t(lang, "console.paused")}</span>`
    : phase.deadlineAt
      ? timeTag(phase.deadlineAt, game.timezone, lang)
      : html`<span class="muted">${t(lang, "console.no_deadline")}</span>`;
  return html`<p>
    <strong>${phaseName(lang, phase.label)}</strong> · ${t(lang, "console.deadline")}: ${deadline}
  </p>`;
}

/** The live part of the phase page, sent again by server-sent events when anything changes. */
export function liveFragment(view: LiveView): Html {
  const { lang } = view.ctx;
  const acted = view.seats.filter((s) => s.orders.length > 0);
  const seats = acted.map(
    (s) =>
      html`<li data-seat="${s.seatId}">
        <strong>${s.name}</strong>:
        ${s.orders.map(
          (o, i) =>
            html`${i > 0 ? "; " : ""}<span class="order">${o.text}</span
              >${o.byGm ? html` <em class="muted">${t(lang, "console.by_gm")}</em>` : ""}`,
        )}
      </li>`,
  );
  const inputs = view.inputs.map(
    (i) =>
      html`<tr class="${i.accepted ? "" : "bad"}">
        <td>${timeTag(i.at, view.ctx.game.timezone, lang)}</td>
        <td>${i.seat ?? "—"}${i.byGm ? html` <em class="muted">${t(lang, "console.by_gm")}</em>` : ""}</td>
        <td>
          ${i.text}${i.rejection ? html`<br /><span class="bad">${t(lang, "console.refused_input")}: ${i.rejection}</span>` : ""}
        </td>
      </tr>`,
  );
  return html`${phaseHead(view.ctx)}
    <h2>${t(lang, "console.acted", { count: acted.length })}</h2>
    ${
      acted.length > 0
        ? html`<ul id="acted">
            ${seats}
          </ul>`
        : html`<p class="muted" id="acted">${t(lang, "console.nobody_acted")}</p>`
    }
    <h2>${t(lang, "console.missing", { count: view.missing.length })}</h2>
    <p id="missing">
      ${view.missing.length > 0 ? view.missing.join(", ") : html`<span class="good">${t(lang, "console.none_missing")}</span>`}
    </p>
    ${
      view.tally
        ? html`<h2>${t(lang, "console.tally")}</h2>
            <pre id="tally">${view.tally}</pre>`
        : ""
    }
    <h2>${t(lang, "console.inputs")}</h2>
    ${
      view.inputs.length > 0
        ? html`<div class="scroll">
            <table id="inputs">
              <tbody>
                ${inputs}
              </tbody>
            </table>
          </div>`
        : html`<p class="muted">${t(lang, "console.no_inputs")}</p>`
    }`;
}

export function livePage(view: LiveView, eventsPath: string): string {
  const { lang, game } = view.ctx;
  const body = html`<p class="muted"><span class="live-dot"></span>${t(lang, "console.live_note")}</p>
    <div data-live="${eventsPath}" id="live">${liveFragment(view)}</div>`;
  return page({
    lang,
    title: t(lang, "console.title", { name: game.name, ruleset: view.ctx.ruleset.name[lang] }),
    body,
    nav: { gameId: game.id, current: "live", sections: SECTIONS },
  });
}

// ---- dry run -----------------------------------------------------------------------------------

function outcomeBlock(lang: Lang, outcome: Outcome): Html {
  return html`<section id="dry-newspaper">
      <h2>${t(lang, "console.newspaper")}</h2>
      ${outcome.newspaper.length > 0 ? html`<pre class="box">${outcome.newspaper.join("\n")}</pre>` : html`<p class="muted">${t(lang, "console.empty")}</p>`}
    </section>
    <section id="dry-private">
      <h2>${t(lang, "console.private_results")}</h2>
      ${
        outcome.privates.length > 0
          ? html`<ul>
              ${outcome.privates.map((m) => html`<li><strong>${m.to}</strong>: <span class="text">${m.text}</span></li>`)}
            </ul>`
          : html`<p class="muted">${t(lang, "console.empty")}</p>`
      }
    </section>
    <section id="dry-deaths">
      <h2>${t(lang, "console.deaths")}</h2>
      ${
        outcome.deaths.length > 0
          ? html`<ul>
              ${outcome.deaths.map((d) => html`<li>${d}</li>`)}
            </ul>`
          : html`<p class="muted">${t(lang, "console.empty")}</p>`
      }
    </section>
    <section id="dry-changes">
      <h2>${t(lang, "console.changes")}</h2>
      ${
        outcome.changes.length > 0
          ? html`<ul>
              ${outcome.changes.map((c) => html`<li><strong>${c.name}</strong>: ${c.before} → ${c.after}</li>`)}
            </ul>`
          : html`<p class="muted">${t(lang, "console.empty")}</p>`
      }
    </section>
    ${
      outcome.events.length > 0
        ? html`<details class="box technical" id="dry-events">
            <summary>${t(lang, "console.engine_events")}</summary>
            <ul>
              ${outcome.events.map((e) => html`<li><code>${e.type}</code> <span class="muted">${e.detail}</span></li>`)}
            </ul>
          </details>`
        : ""
    }
    <p>
      ${outcome.ended ? t(lang, "console.then_ends") : t(lang, "console.then_next", { phase: outcome.nextPhase ?? "" })}
    </p>`;
}

export function dryRunPage(input: {
  ctx: GameContext;
  result: { outcome: Outcome; rejection: string | null } | null;
  offers: { seatId: string; name: string; offers: AvailableAction[] }[];
  trial: string | null;
}): string {
  const { ctx } = input;
  const { lang, game } = ctx;
  const seatOptions =
    ctx.state?.players.map((p) => html`<option value="${p.id}">${ctx.names.get(p.id) ?? p.id}</option>`) ??
    [];
  const offerOptions = input.offers.flatMap((s) =>
    s.offers.map((o, i) => html`<option value="${s.seatId}|${i}">${s.name}: ${o.label[lang]}</option>`),
  );
  const forms = html`<details class="box" ${new Html(input.trial ? " open" : "")}>
    <summary>${t(lang, "console.try_override")}</summary>
    <form method="post" id="try-order">
      <input type="hidden" name="kind" value="order" />
      <p>
        <label
          >${t(lang, "console.order")}<br /><select name="offer">
            ${offerOptions}
          </select></label
        >
      </p>
      <p>
        <label
          >${t(lang, "console.target")}<br /><select name="target">
            <option value="">—</option>
            ${seatOptions}
          </select></label
        >
      </p>
      <p>
        <label
          >${t(lang, "console.target2")}<br /><select name="target2">
            <option value="">—</option>
            ${seatOptions}
          </select></label
        >
      </p>
      <button type="submit">${t(lang, "console.try")}</button>
    </form>
    <form method="post" id="try-status">
      <input type="hidden" name="kind" value="status" />
      <p>
        <label
          >${t(lang, "console.seat")}<br /><select name="seat">
            ${seatOptions}
          </select></label
        >
      </p>
      <p>
        <label>${t(lang, "console.status")}<br /><input name="status" maxlength="60" required /></label>
      </p>
      <p>
        <label><input type="radio" name="set" value="1" checked /> ${t(lang, "console.status_set")}</label>
        <label><input type="radio" name="set" value="0" /> ${t(lang, "console.status_clear")}</label>
      </p>
      <button type="submit">${t(lang, "console.try")}</button>
    </form>
  </details>`;
  const result = input.result;
  const body = html`<p class="muted">${t(lang, "console.dry_note")}</p>
    ${phaseHead(ctx)}
    ${input.trial ? html`<p class="box" id="trial">${t(lang, "console.with_override", { override: input.trial })}</p>` : ""}
    ${result?.rejection ? html`<p class="bad" id="trial-refused">${t(lang, "console.override_refused", { reason: result.rejection })}</p>` : ""}
    ${forms}
    ${result ? outcomeBlock(lang, result.outcome) : html`<p class="muted">${t(lang, "console.no_phase")}</p>`}`;
  return page({
    lang,
    title: t(lang, "console.title", { name: game.name, ruleset: ctx.ruleset.name[lang] }),
    body,
    nav: { gameId: game.id, current: "dryrun", sections: SECTIONS },
  });
}

// ---- review ------------------------------------------------------------------------------------

export function reviewPage(input: {
  ctx: GameContext;
  draft: DraftView | null;
  flash: string | null;
  error: string | null;
}): string {
  const { ctx, draft } = input;
  const { lang, game } = ctx;
  const action = (name: string, cls = "") =>
    html`<form method="post" action="review/${name}" class="inline">
      <button type="submit" id="review-${name}" class="${cls}">${t(lang, `console.review.${name}`)}</button>
    </form>`;
  const body = draft
    ? html`<p>
          <strong>${phaseName(lang, draft.resolution.phase)}</strong> ·
          ${t(lang, draft.resolution.status === "held" ? "console.draft_held" : "console.draft_waiting")}
        </p>
        <p>${action("publish", "primary")} ${action("hold")} ${action("rerun")}</p>
        <section id="draft-newspaper">
          <h2>${t(lang, "console.newspaper")}</h2>
          <form method="post" action="review/edit">
            <textarea name="text" id="edit-text">${draft.newspaper}</textarea>
            ${draft.files.length > 0 ? html`<p class="muted">${t(lang, "console.images_kept", { files: draft.files.join(", ") })}</p>` : ""}
            <button type="submit" id="review-edit">${t(lang, "console.review.edit")}</button>
          </form>
        </section>
        <section id="draft-private">
          <h2>${t(lang, "console.private_results")}</h2>
          ${
            draft.privates.length > 0
              ? html`<ul>
                  ${draft.privates.map((m) => html`<li><strong>${m.to}</strong>: <span class="text">${m.text}</span></li>`)}
                </ul>`
              : html`<p class="muted">${t(lang, "console.empty")}</p>`
          }
        </section>`
    : html`<p class="muted" id="no-draft">
        ${t(lang, game.publishMode === "review" ? "console.no_draft" : "console.not_review")}
      </p>`;
  return page({
    lang,
    title: t(lang, "console.title", { name: game.name, ruleset: ctx.ruleset.name[lang] }),
    body: html`${input.flash ? html`<p class="box good" id="flash">${input.flash}</p>` : ""}${input.error ? html`<p class="box bad" id="error">${input.error}</p>` : ""}${body}`,
    nav: { gameId: game.id, current: "review", sections: SECTIONS },
  });
}

// ---- the log and the model --------------------------------------------------------------------

export interface LogRow {
  seq: number;
  at: Date;
  phase: string;
  type: string;
  /** The account's shown name where the log has it, else its id; null for the system's own steps. */
  who: string | null;
  seat: string | null;
  /** The input in words; the refusal's reason in words when the rules refused it. */
  text: string;
  refusal: string | null;
  /** The input as logged (JSON), folded on the page. */
  payload: string;
  accepted: boolean;
}

export function logPage(input: {
  ctx: GameContext;
  rows: LogRow[];
  filters: { type: string; seat: string; phase: string };
  phases: string[];
}): string {
  const { ctx, filters } = input;
  const { lang, game } = ctx;
  const option = (value: string, label: string, current: string) =>
    html`<option value="${value}" ${new Html(value === current ? " selected" : "")}>${label}</option>`;
  const form = html`<form method="get" class="box" id="log-filters">
    <label
      >${t(lang, "console.log_type")}
      <select name="type">
        ${option("", "—", filters.type)}${["action", "gm", "control", "resolve"].map((v) =>
          option(v, t(lang, `console.log_kind.${v}`), filters.type),
        )}
      </select></label
    >
    <label
      >${t(lang, "console.seat")}
      <select name="seat">
        ${option("", "—", filters.seat)}${[...ctx.names].map(([id, name]) => option(id, name, filters.seat))}
      </select></label
    >
    <label
      >${t(lang, "console.phase")}
      <select name="phase">
        ${option("", "—", filters.phase)}${input.phases.map((p) => option(p, phaseLabel(lang, p), filters.phase))}
      </select></label
    >
    <button type="submit">${t(lang, "console.filter")}</button>
  </form>`;
  const exports = html`<p class="box" id="log-export">
    ${t(lang, "console.log_export")}
    <a href="/console/g/${game.id}/export/game-log.json" download>game-log.json</a> ·
    <a href="/console/g/${game.id}/export/game-log.txt" download>game-log.txt</a>
  </p>`;
  const rows = input.rows.map(
    (r) =>
      html`<tr class="${r.accepted ? "" : "bad"}" data-type="${r.type}">
        <td>${r.seq}</td>
        <td>
          ${timeTag(r.at, game.timezone, lang)}<br /><span class="muted">${phaseLabel(lang, r.phase)}</span>
        </td>
        <td>${t(lang, `console.log_kind.${r.type}`)}</td>
        <td>
          ${r.who ?? html`<span class="muted">${t(lang, "console.system")}</span>`}${r.seat ? html`<br /><span class="muted">${r.seat}</span>` : ""}
        </td>
        <td>
          ${r.text}${r.refusal ? html`<br /><span class="bad">${t(lang, "console.refused_input")}: ${r.refusal}</span>` : ""}
          <details class="technical">
            <summary class="muted">${t(lang, "console.details")}</summary>
            <code>${r.payload}</code>
          </details>
        </td>
      </tr>`,
  );
  const body = html`${form}${exports}
    <div class="scroll">
      <table id="log">
        <tbody>
          ${rows}
        </tbody>
      </table>
    </div>`;
  return page({
    lang,
    title: t(lang, "console.title", { name: game.name, ruleset: ctx.ruleset.name[lang] }),
    body,
    nav: { gameId: game.id, current: "log", sections: SECTIONS },
  });
}

/** A phase of the log: the lobby before the start, then the rules' phases. */
function phaseLabel(lang: Lang, label: string): string {
  return label === "lobby" ? t(lang, "console.lobby") : phaseName(lang, label);
}

function jsonTable(value: unknown): Html {
  if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((v) => v && typeof v === "object" && !Array.isArray(v))
  ) {
    const keys = [...new Set(value.flatMap((v) => Object.keys(v as object)))];
    return html`<div class="scroll">
      <table>
        <thead>
          <tr>
            ${keys.map((k) => html`<th>${k}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${value.map(
            (v) =>
              html`<tr>
                ${keys.map((k) => html`<td><code>${JSON.stringify((v as Record<string, unknown>)[k] ?? null)}</code></td>`)}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return html`<dl>
      ${Object.entries(value).map(
        ([k, v]) =>
          html`<dt>${k}</dt>
            <dd><code>${JSON.stringify(v)}</code></dd>`,
      )}
    </dl>`;
  }
  return html`<code>${JSON.stringify(value)}</code>`;
}

/** The ruleset's own model (regnum: countries, armies and units, treasuries, case files, appearances). */
export function modelPage(ctx: GameContext): string {
  const { lang, game } = ctx;
  const data = ctx.state?.data;
  const regnum = ctx.ruleset.id === "regnum" && ctx.state !== null;
  // Regnum's model is named as players read it; every ruleset's data is also there as the engine
  // keeps it (folded: its keys are the rules' own), so nothing of the model can be missing. The
  // other rulesets have no view of their own yet: only the folded data.
  const raw =
    data && typeof data === "object"
      ? Object.entries(data as Record<string, unknown>).map(
          ([key, value]) =>
            html`<section data-model="${regnum ? `raw:${key}` : key}">
              <h3><code>${key}</code></h3>
              ${jsonTable(value)}
            </section>`,
        )
      : [];
  const body =
    raw.length === 0
      ? html`<p class="muted">${t(lang, "console.no_phase")}</p>`
      : html`${regnum ? regnumModel(ctx) : ""}
          <details class="box technical" id="engine-data">
            <summary>${t(lang, "console.model.engine_data")}</summary>
            ${raw}
          </details>`;
  return page({
    lang,
    title: t(lang, "console.title", { name: game.name, ruleset: ctx.ruleset.name[lang] }),
    body,
    nav: { gameId: game.id, current: "model", sections: SECTIONS },
  });
}
