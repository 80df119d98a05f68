import type { AvailableAction } from "../engine/ruleset.js";
import type { JsonObject, Lang, Localized } from "../engine/types.js";
import { has, t } from "../i18n/index.js";
import { safeName } from "./names.js";

/**
 * Orders and their targets as readers see them (receipts, panels, the GM room, the console):
 * labels from the ruleset's offers, seats by their shown names, catalog words for choice ids.
 */

/** A target as a reader sees it: a seat's shown name, a choice's localized label, or the id. */
export function targetLabel(
  lang: Lang,
  id: string,
  names: ReadonlyMap<string, string>,
  /** `text` for message bodies, `plain` for component labels and autocomplete choices. */
  as: "text" | "plain" = "text",
): string {
  const name = names.get(id);
  if (name !== undefined) return safeName(name, as);
  // Masked games submit `@<appearance>` for the rules to resolve: it reads as the appearance.
  if (id.startsWith("@")) return id.slice(1);
  return has(`target.${id}`) ? t(lang, `target.${id}`) : id;
}

/**
 * The choice params of an order worth showing beside its label: seats and appearances by name,
 * words the catalogs name (`target.<id>`), and free text (a reason). Bare ids the label already
 * says in words (`clan_role`, `cosa_nostra`, `isolate`) are left out.
 */
export function paramLabels(
  lang: Lang,
  params: Record<string, unknown>,
  names: ReadonlyMap<string, string>,
  as: "text" | "plain" = "text",
): string[] {
  return Object.values(params)
    .filter((v): v is string => typeof v === "string" && v.length > 0)
    .filter((v) => names.has(v) || v.startsWith("@") || has(`target.${v}`) || !/^[a-z0-9_]+$/.test(v))
    .map((v) => targetLabel(lang, v, names, as));
}

/** "Kill → Anna" / "Vote (Ja!)": an action with its targets and choice params for receipts. */
export function describeOrder(
  lang: Lang,
  label: string,
  targets: readonly string[],
  names: ReadonlyMap<string, string>,
  params: Record<string, unknown> = {},
): string {
  const shown = targets.map((id) => targetLabel(lang, id, names));
  const extras = paramLabels(lang, params, names);
  const tail = shown.length > 0 ? ` → ${shown.join(", ")}` : "";
  const more = extras.length > 0 ? ` (${extras.join(", ")})` : "";
  return `${label}${tail}${more}`;
}

export function humanize(action: string): string {
  const words = action.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The offer an order was made from: same action and the offer's params all equal to the order's
 * (a vote's side, a verdict's choice), else the action's first offer.
 */
export function matchingOffer(
  action: string,
  params: Record<string, unknown>,
  offers: readonly AvailableAction[],
): AvailableAction | undefined {
  return exactOffer(action, params, offers) ?? offers.find((a) => a.action === action);
}

/** The offer of the same action whose params all equal the order's, if one is open. */
function exactOffer(
  action: string,
  params: Record<string, unknown>,
  offers: readonly AvailableAction[],
): AvailableAction | undefined {
  return offers.find(
    (o) =>
      o.action === action &&
      Object.entries(o.params ?? {}).every(([k, v]) => JSON.stringify(params[k]) === JSON.stringify(v)),
  );
}

/** The ruleset's label of any of its actions (RulesetDefinition.actionLabel). */
export type LabelOf = (action: string, params: JsonObject) => Localized | undefined;

/** A ruleset's `actionLabel`, bound, for describeChosen. */
export const labelsOf =
  (ruleset: { actionLabel?(action: string, params: JsonObject): Localized | undefined }): LabelOf =>
  (action, params) =>
    ruleset.actionLabel?.(action, params);

/** The label of an action in the language: from the ruleset's offer, else the id made readable. */
export function actionLabel(
  lang: Lang,
  action: string,
  offers: readonly AvailableAction[],
  params: Record<string, unknown> = {},
  labelOf?: LabelOf,
): string {
  const exact = exactOffer(action, params, offers);
  if (exact) return exact.label[lang];
  const ruled = labelOf?.(action, params as JsonObject);
  if (ruled) return ruled[lang];
  const offer = matchingOffer(action, params, offers);
  return offer ? offer.label[lang] : humanize(action);
}

/**
 * An order's receipt text: the label of the offer it was made from (which names the chosen
 * side or verdict), its targets, and only the params that label does not already name.
 */
export function describeChosen(
  lang: Lang,
  order: { action: string; targets: readonly string[]; params: Record<string, unknown> },
  offers: readonly AvailableAction[],
  names: ReadonlyMap<string, string>,
  labelOf?: LabelOf,
): string {
  const offer = exactOffer(order.action, order.params, offers);
  const ruled = offer ? undefined : labelOf?.(order.action, order.params as JsonObject);
  if (ruled) {
    // The rules' label names the choice params; only seats and free text are left to show.
    const rest = Object.fromEntries(
      Object.entries(order.params).filter(
        ([k, v]) =>
          k !== "reason" &&
          typeof v === "string" &&
          (names.has(v) || v.startsWith("@") || !/^[a-zA-Z0-9_]+$/.test(v)),
      ),
    );
    return describeOrder(lang, ruled[lang], order.targets, names, rest);
  }
  const shown = offer ?? matchingOffer(order.action, order.params, offers);
  const named = new Set(["reason", ...Object.keys(shown?.params ?? {})]);
  const rest = Object.fromEntries(Object.entries(order.params).filter(([k]) => !named.has(k)));
  return describeOrder(
    lang,
    actionLabel(lang, order.action, offers, order.params, labelOf),
    order.targets,
    names,
    rest,
  );
}
