import type { Lang } from "../engine/types.js";
import { has, phaseName, t } from "../i18n/index.js";
import { armyName, countryName, unitName } from "../rulesets/regnum/names.js";
import { actingHolder } from "../rulesets/regnum/posts.js";
import {
  ARMIES,
  COMMANDER_POST,
  COUNTRIES,
  pairKey,
  type RPlayer,
  type RState,
} from "../rulesets/regnum/state.js";
import { resultWords } from "../rulesets/regnum/texts.js";
import { LABELS } from "../rulesets/regnum/view.js";
import { html, type Html } from "./html.js";
import type { GameContext } from "./phase.js";

/**
 * Regnum's model on the console (docs/console.md): countries, wars and alliances, armies and their
 * units, treasuries, the characters' purses, the case file and the appearances, named as the
 * players read them (the rules' own names in the game's language, seats by their shown names).
 */

/** A post in the language: the catalogs' word for it (`target.<post>`), as orders and receipts say it. */
export function postName(post: string, lang: Lang): string {
  return has(`target.${post}`) ? t(lang, `target.${post}`) : post.replace(/_/g, " ");
}

/** An army's or a country's name (wars and alliances name either). */
function sideName(id: string, lang: Lang): string {
  return (ARMIES as readonly string[]).includes(id) ? armyName(id, lang) : countryName(id, lang);
}

function treasuryName(id: string, lang: Lang): string {
  return id === "royal" || id === "parliament"
    ? t(lang, `console.regnum.treasury_${id}`)
    : sideName(id, lang);
}

function caseAction(action: string, lang: Lang): string {
  const label = LABELS[action];
  if (label) return label[lang === "ru" ? 1 : 0];
  return t(lang, `console.regnum.case_${action === "gm_entry" || action === "evasion" ? action : "other"}`);
}

function caseResult(result: string, data: Record<string, unknown>, lang: Lang): string {
  const text = typeof data["text"] === "string" ? data["text"] : "";
  const known = resultWords(lang, result);
  if (known) return known;
  if (result === "evasion") return t(lang, "console.regnum.case_evasion");
  return text || "—";
}

const TYPE_NAMES: Record<string, [string, string]> = {
  ki: ["KI", "КИ"],
  km: ["KM", "КМ"],
  im: ["IM", "ИМ"],
  ii: ["II", "ИИ"],
};

/** What the overview's seat card adds for a regnum character, in words. */
export function regnumSeatFacts(state: RState, seatId: string, lang: Lang): [string, string][] {
  const p = state.players.find((x) => x.id === seatId) as RPlayer | undefined;
  if (!p) return [];
  const tr = (key: string) => t(lang, `console.regnum.${key}`);
  const facts: [string, string][] = [
    [tr("type"), TYPE_NAMES[p.type]?.[lang === "ru" ? 1 : 0] ?? p.type],
    [tr("wearing"), p.currentAppearance],
    [tr("location"), countryName(p.location, lang)],
    [tr("posts"), list(p.posts.map((x) => postName(x, lang)))],
    [tr("crowns"), String(p.crowns)],
    [tr("orchium"), String(p.orchium)],
    [tr("items"), list(p.items)],
  ];
  return facts;
}

const list = (items: string[]) => (items.length > 0 ? items.join(", ") : "—");

export function regnumModel(ctx: GameContext): Html {
  const { lang } = ctx;
  const state = ctx.state as RState;
  const d = state.data;
  const name = (id: string | null | undefined) => (id ? (ctx.names.get(id) ?? id) : "—");
  const account = (id: string) => ctx.accounts.get(id) ?? id;
  const tr = (key: string, params: Record<string, string | number> = {}) =>
    t(lang, `console.regnum.${key}`, params);

  const countries = [...new Set([...COUNTRIES, ...Object.keys(d.ownForces)])];
  const countryRows = countries.map((c) => {
    const ruler = actingHolder(state, c === "regnum" ? "king" : `ruler_${c}`);
    const others = countries
      .filter((o) => o !== c)
      .map((o) => {
        const key = pairKey(c, o);
        const relation = d.relations[key] ?? "neutral";
        const border = d.borders[key] ?? "open";
        return `${countryName(o, lang)}: ${tr(`relation_${relation}`)}, ${tr(`border_${border}`)}`;
      });
    return html`<tr data-country="${c}">
      <td><strong>${countryName(c, lang)}</strong></td>
      <td>${ruler ? name(ruler.id) : "—"}</td>
      <td>${list((d.ownForces[c] ?? []).map((a) => armyName(a, lang)))}</td>
      <td>${others.map((o, i) => html`${i > 0 ? html`<br />` : ""}${o}`)}</td>
    </tr>`;
  });
  const pairs = (items: [string, string][]) =>
    items.length > 0
      ? html`<ul>
          ${items.map(([a, b]) => html`<li>${sideName(a, lang)} — ${sideName(b, lang)}</li>`)}
        </ul>`
      : html`<p class="muted">${tr("none")}</p>`;

  const armies = [...new Set([...ARMIES, ...d.units.map((u) => u.army)])];
  const armyBlocks = armies
    .filter((a) => d.units.some((u) => u.army === a) || Object.values(d.ownForces).some((f) => f.includes(a)))
    .map((a) => {
      const units = d.units.filter((u) => u.army === a);
      const post = COMMANDER_POST[a];
      const commander = post ? actingHolder(state, post) : undefined;
      return html`<div class="box" data-army="${a}">
        <h3>${armyName(a, lang)}</h3>
        <p>
          ${tr("commander")}: ${commander ? name(commander.id) : "—"} ·
          ${tr("unit_count", { count: units.length })}
        </p>
        ${
          units.length > 0
            ? html`<div class="scroll">
                <table>
                  <thead>
                    <tr>
                      <th>№</th>
                      <th>${tr("unit_type")}</th>
                      <th>${tr("owner")}</th>
                      <th>${tr("location")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${units.map(
                      (u) =>
                        html`<tr data-unit="${u.id}">
                          <td>${u.id}</td>
                          <td>
                            ${unitName(u.type, lang)}${u.conscripted ? html` <span class="muted">(${tr("conscripted")})</span>` : ""}
                          </td>
                          <td>${u.owner ? name(u.owner) : tr("no_owner")}</td>
                          <td>
                            ${countryName(u.location, lang)}${u.inTransitTo ? html` → ${countryName(u.inTransitTo, lang)} <span class="muted">(${tr("in_transit")})</span>` : ""}
                          </td>
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </div>`
            : ""
        }
      </div>`;
    });

  const treasuries = Object.entries(d.treasuries).map(
    ([id, tr_]) =>
      html`<tr data-treasury="${id}">
        <td>${treasuryName(id, lang)}</td>
        <td>${tr_.crowns}</td>
        <td>${list(tr_.items)}</td>
      </tr>`,
  );

  const characters = state.players.map(
    (p) =>
      html`<tr data-character="${p.id}" class="${p.alive ? "" : "muted"}">
        <td>${name(p.id)}</td>
        <td>${countryName(p.location, lang)}</td>
        <td>${list(p.posts.map((x) => postName(x, lang)))}</td>
        <td>${p.crowns}</td>
        <td>${p.orchium}</td>
        <td>${p.resources}</td>
        <td>${list(p.items)}</td>
      </tr>`,
  );

  const cases = d.caseFile.map(
    (c) =>
      html`<tr data-case="${c.n}">
        <td>${c.n}</td>
        <td>${phaseName(lang, c.phase)}</td>
        <td>${tr(`source_${c.source === "ksb" || c.source === "detective" ? c.source : "gm"}`)}</td>
        <td>${caseAction(c.action, lang)}</td>
        <td>${name(c.actor)}</td>
        <td>${name(c.target)}</td>
        <td>${caseResult(c.result, c.data, lang)}</td>
      </tr>`,
  );

  const appearances = state.players.map((p) => {
    const wearer = d.occupant[p.appearance];
    return html`<tr data-appearance="${p.appearance}">
      <td><strong>${p.appearance}</strong></td>
      <td>${account(p.id)}</td>
      <td>${wearer ? account(wearer) : html`<span class="muted">${tr("nobody")}</span>`}</td>
      <td>${p.currentAppearance !== p.appearance ? tr("wears", { appearance: p.currentAppearance }) : ""}</td>
      <td>${p.knownAppearances.length}</td>
    </tr>`;
  });

  const table = (id: string, head: string[], rows: Html[], empty: string) =>
    rows.length > 0
      ? html`<div class="scroll">
          <table id="${id}">
            <thead>
              <tr>
                ${head.map((h) => html`<th>${h}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${rows}
            </tbody>
          </table>
        </div>`
      : html`<p class="muted">${empty}</p>`;

  return html`<section data-model="countries">
      <h2>${tr("countries")}</h2>
      ${table("countries", [tr("country"), tr("ruler"), tr("own_forces"), tr("relations")], countryRows, tr("none"))}
      <h3>${tr("wars")}</h3>
      ${pairs(d.wars)}
      <h3>${tr("alliances")}</h3>
      ${pairs(d.alliances)}
    </section>
    <section data-model="armies">
      <h2>${tr("armies")} (${tr("unit_count", { count: d.units.length })})</h2>
      ${armyBlocks}
    </section>
    <section data-model="treasuries">
      <h2>${tr("treasuries")}</h2>
      ${table("treasuries", [tr("treasury"), tr("crowns"), tr("items")], treasuries, tr("none"))}
      <h3>${tr("purses")}</h3>
      ${table(
        "characters",
        [
          tr("character"),
          tr("location"),
          tr("posts"),
          tr("crowns"),
          tr("orchium"),
          tr("resources"),
          tr("items"),
        ],
        characters,
        tr("none"),
      )}
    </section>
    <section data-model="case-file">
      <h2>${tr("case_file")} (${d.caseFile.length})</h2>
      ${table(
        "case-file",
        ["№", tr("phase"), tr("source"), tr("action"), tr("by"), tr("on"), tr("result")],
        cases,
        tr("case_empty"),
      )}
    </section>
    <section data-model="appearances">
      <h2>${tr("appearances")}</h2>
      ${table(
        "appearances",
        [tr("appearance"), tr("its_player"), tr("worn_by"), tr("now"), tr("known")],
        appearances,
        tr("none"),
      )}
    </section>`;
}
