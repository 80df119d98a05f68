import { DateTime } from "luxon";
import type { Lang } from "../engine/types.js";
import { t } from "../i18n/index.js";

/**
 * The console's HTML: server-rendered pages, no build step, readable on a phone. Every value that
 * comes from the game (names, texts, orders) goes through `esc`; pages carry no inline script
 * (the Content-Security-Policy of src/console/routes.ts allows only /console/assets/*).
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A trusted fragment of HTML (already escaped). */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Tagged template: interpolations are escaped unless they are Html (or arrays of Html). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new Html(out);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return esc(value);
}

/** A time in the game's zone (as the pages label it); the viewer's local time shows on hover. */
export function timeTag(at: Date, zone: string, lang: Lang): Html {
  const shown = DateTime.fromJSDate(at, { zone }).setLocale(lang).toFormat("d MMM yyyy, HH:mm ZZ");
  return html`<time datetime="${at.toISOString()}" data-local>${shown}</time>`;
}

/** The game's time zone as its readers name it ("Moscow Standard Time", "Москва, стандартное время"). */
export function zoneName(zone: string, at: Date, lang: Lang): string {
  return DateTime.fromJSDate(at, { zone }).setLocale(lang).offsetNameLong ?? zone;
}

export interface Nav {
  gameId: string;
  current: string;
}

export type Section = "overview" | "live" | "dryrun" | "review" | "log" | "model";
const PATHS: Record<Section, string> = {
  overview: "",
  live: "live",
  dryrun: "dry-run",
  review: "review",
  log: "log",
  model: "model",
};

/** The path of a section of a game's console. */
export function sectionPath(gameId: string, section: Section): string {
  return `/console/g/${gameId}/${PATHS[section]}`;
}

export function page(input: {
  lang: Lang;
  title: string;
  body: Html;
  nav?: { gameId: string; current: Section; sections: readonly Section[] };
  status?: number;
}): string {
  const { lang, nav } = input;
  const links = nav
    ? html`<nav>
        ${nav.sections.map(
          (s) =>
            html`<a
              href="${sectionPath(nav.gameId, s)}"
              ${new Html(s === nav.current ? ' aria-current="page"' : "")}
              >${t(lang, `console.nav.${s}`)}</a
            >`,
        )}
      </nav>`
    : "";
  // Every page of a game's console can end its session (a POST: a link cannot sign anyone out).
  const signOut = nav
    ? html`<form method="post" action="/console/g/${nav.gameId}/sign-out" class="sign-out">
        <button type="submit" id="sign-out">${t(lang, "console.sign_out")}</button>
      </form>`
    : "";
  return `<!doctype html>${
    html`<html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${input.title}</title>
        <link rel="stylesheet" href="/console/assets/console.css" />
        <script src="/console/assets/console.js" defer></script>
      </head>
      <body>
        <header>
          <div class="head">
            <h1>${input.title}</h1>
            ${signOut}
          </div>
          ${links}
        </header>
        <main>${input.body}</main>
      </body>
    </html>`.value
  }`;
}

export const CSS = `
:root { color-scheme: light dark; --muted: #777; --line: #8884; --accent: #3b6fd6; --bad: #c0392b; --good: #2e8b57; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; }
header { padding: .75rem 1rem; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: Canvas; z-index: 1; }
h1 { font-size: 1.15rem; margin: 0 0 .4rem; }
.head { display: flex; align-items: flex-start; justify-content: space-between; gap: .6rem; }
.sign-out button { padding: .2rem .6rem; font-size: .9rem; white-space: nowrap; }
h2 { font-size: 1.05rem; margin: 1.4rem 0 .5rem; }
nav { display: flex; flex-wrap: wrap; gap: .3rem .9rem; }
nav a { text-decoration: none; color: var(--accent); }
nav a[aria-current] { font-weight: 600; color: CanvasText; }
main { padding: .5rem 1rem 3rem; max-width: 70rem; }
.muted { color: var(--muted); }
.bad { color: var(--bad); }
.good { color: var(--good); }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: .6rem; padding: 0; list-style: none; }
.card { border: 1px solid var(--line); border-radius: .5rem; padding: .6rem .75rem; }
.card h3 { font-size: 1rem; margin: 0 0 .3rem; }
.card.dead { opacity: .65; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .6rem; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: .3rem .4rem; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
.scroll { overflow-x: auto; }
.scroll > table { width: max-content; min-width: 100%; }
.scroll th, .scroll td { max-width: 24rem; overflow-wrap: break-word; }
pre, .text { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; margin: 0; }
.box { border: 1px solid var(--line); border-radius: .5rem; padding: .6rem .75rem; margin: .5rem 0; }
form.inline { display: inline; }
button, select, input, textarea { font: inherit; }
button { padding: .35rem .8rem; border-radius: .4rem; border: 1px solid var(--line); cursor: pointer; }
button.primary { background: var(--accent); color: #fff; border-color: var(--accent); }
textarea { width: 100%; min-height: 12rem; }
.refusal { max-width: 32rem; margin: 3rem auto; }
.live-dot { display: inline-block; width: .55rem; height: .55rem; border-radius: 50%; background: var(--muted); margin-right: .3rem; }
.live-dot.on { background: var(--good); }
dl.stack { display: block; }
dl.stack dt { margin-top: .5rem; }
code.hash { word-break: break-all; }
.phase h3 { font-size: .95rem; margin: .7rem 0 .25rem; }
.phase ul { margin: 0; padding-left: 1.2rem; }
`;

/** The pages' only script: local times, and live sections fed by server-sent events. */
export const JS = `
"use strict";
function localTimes(root) {
  for (const el of root.querySelectorAll("time[data-local]")) {
    const at = new Date(el.getAttribute("datetime"));
    if (isNaN(at.getTime())) continue;
    // The text is the game's zone, as labelled; the viewer's own clock is the tooltip.
    el.title = at.toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });
  }
}
document.addEventListener("DOMContentLoaded", () => {
  localTimes(document);
  const live = document.querySelector("[data-live]");
  if (live && window.EventSource) {
    const dot = document.querySelector(".live-dot");
    const source = new EventSource(live.getAttribute("data-live"));
    source.addEventListener("open", () => dot && dot.classList.add("on"));
    source.addEventListener("error", () => dot && dot.classList.remove("on"));
    source.addEventListener("update", (event) => {
      live.innerHTML = event.data;
      localTimes(live);
      live.setAttribute("data-version", String(Number(live.getAttribute("data-version") || "0") + 1));
    });
  }
});
`;
