import type { RenderContext, RulesetDefinition, TextCatalog, TextTemplate } from "./ruleset.js";
import type { AnyGameState, Json, JsonObject, Lang, Rejection } from "./types.js";
import { formatMessage, scalarArgs, textArgs, type ArgsOf } from "./messages.js";
import { paramText } from "./params.js";

/**
 * Rejections as texts: each refusal a ruleset (or the engine) can produce is an entry of a typed
 * table with its English — the rules file's reason, verbatim, with ids — and its Russian. The
 * table becomes `rejection.<key>` entries of the ruleset's `texts` catalogs (`engine.<key>` for
 * the engine's own), so a refusal is rendered like every other text of the game, with names.
 */

/**
 * One refusal in both languages: ICU messages (docs/i18n.md) whose arguments `args` makes of the
 * refusal's params (`scalarArgs`, the string and number params as they are, when absent).
 */
export interface RejectionText {
  en: string | TextTemplate;
  ru: string | TextTemplate;
  args?: ArgsOf;
  /** The params of a typical refusal, when the text has any (the test renders every entry with them). */
  example?: JsonObject;
}

export type RejectionTexts<K extends string = string> = Record<K, RejectionText>;

export interface Rejections<K extends string> {
  /** The namespace of the codes (`<namespace>.<id>`): the ruleset's id, or `engine`. */
  namespace: string;
  /** `rejection.` for a ruleset's texts, `engine.` for the engine's. */
  prefix: string;
  texts: RejectionTexts<K>;
  /** The entries as catalog texts (`<prefix><key>`), to spread into the ruleset's `texts`. */
  catalogs: Record<Lang, TextCatalog>;
  /** The refusal `<namespace>.<id>` worded by the entry `key`. */
  reject(id: string, key: K, params?: JsonObject): Rejection;
  /**
   * The same for input that is itself malformed (wrong shape, unknown id): code
   * `<namespace>.malformed.<id>`; the simulator treats a scenario containing one as malformed.
   */
  malformed(id: string, key: K, params?: JsonObject): Rejection;
}

const template = (entry: RejectionText, lang: Lang): TextTemplate => {
  const text = entry[lang];
  if (typeof text !== "string") return text;
  const argsOf = entry.args ?? scalarArgs;
  return (params, ctx) => formatMessage(lang, text, argsOf(params, ctx));
};

/** The reader of the English reason: ids as ids, as the rules files and the scenario output print them. */
function idReader(lang: Lang): RenderContext {
  return { lang, player: (id) => id, role: (role) => role, faction: (faction) => faction };
}

/** A rejection's code and English reason from a table's entry; the text carries key and params. */
export function rejectionOf(
  code: string,
  texts: RejectionTexts,
  prefix: string,
  key: string,
  params: JsonObject = {},
): Rejection {
  const entry = texts[key];
  if (!entry) throw new Error(`${code}: no rejection text ${key}`);
  return {
    code,
    reason: template(entry, "en")(params, idReader("en")),
    text: { key: `${prefix}${key}`, params },
  };
}

function catalog(texts: RejectionTexts, prefix: string, lang: Lang): TextCatalog {
  return Object.fromEntries(
    Object.entries(texts).map(([key, entry]) => [`${prefix}${key}`, template(entry, lang)]),
  );
}

/** A table of rejection texts for a namespace (a ruleset's id, or `engine`). */
export function defineRejections<K extends string>(
  namespace: string,
  texts: RejectionTexts<K>,
  prefix = "rejection.",
): Rejections<K> {
  return {
    namespace,
    prefix,
    texts,
    catalogs: { en: catalog(texts, prefix, "en"), ru: catalog(texts, prefix, "ru") },
    reject: (id, key, params) => rejectionOf(`${namespace}.${id}`, texts, prefix, key, params),
    malformed: (id, key, params) => rejectionOf(`${namespace}.malformed.${id}`, texts, prefix, key, params),
  };
}

/** A zod message in Russian where it is the engine's own fallback. */
export const ruZodMessage = (value: Json | undefined): string =>
  paramText(value) === "invalid" ? "недопустимое значение" : paramText(value);

/**
 * `ruZodMessage` inside an ICU message: the `{message}` argument, zod's own words, except the
 * engine's fallback `invalid`, which a Russian reader gets in Russian.
 */
export const RU_ZOD_MESSAGE = "{message, select, invalid {недопустимое значение} other {{message}}}";

/**
 * The engine's own refusals (`engine.*`) and those of its shared GM actions (helpers.ts:
 * replace, revive, set/clear status), which rulesets answer under their own namespace.
 */
export const ENGINE_REJECTIONS = defineRejections(
  "engine",
  {
    game_over: { en: "the game is over", ru: "игра окончена" },
    unknown_action: {
      en: "unknown action: {action}",
      ru: "неизвестное действие: {action}",
      args: textArgs("action"),
      example: { action: "fly" },
    },
    unknown_gm_action: {
      en: "unknown GM action: {action}",
      ru: "неизвестное действие ведущего: {action}",
      args: textArgs("action"),
      example: { action: "fly" },
    },
    unknown_player: {
      en: "unknown player: {player}",
      ru: "неизвестный игрок: {player}",
      args: textArgs("player"),
      example: { player: "zed" },
    },
    /** `options.<path>: <zod message>` */
    bad_options: {
      en: "options.{path}: {message}",
      ru: `неверная настройка options.{path}: ${RU_ZOD_MESSAGE}`,
      args: textArgs("path", "message"),
      example: { path: "roles", message: "invalid" },
    },
    /** `<path>: <zod message>` of an action's params. */
    bad_params: {
      en: "{path}: {message}",
      ru: `неверный параметр {path}: ${RU_ZOD_MESSAGE}`,
      args: textArgs("path", "message"),
      example: { path: "side", message: "invalid" },
    },
    /** The params as a whole (no path). */
    bad_params_object: {
      en: "params: {message}",
      ru: `неверные параметры действия: ${RU_ZOD_MESSAGE}`,
      args: textArgs("message"),
      example: { message: "invalid" },
    },
    replace_target: {
      en: "name exactly one player to replace",
      ru: "назовите ровно одного игрока, которого нужно заменить",
    },
    replace_with: {
      en: "the substitute must be new to the game",
      ru: "замена должна быть новым участником игры",
    },
    revive_none: { en: "name at least one player", ru: "назовите хотя бы одного игрока" },
    not_of_game: {
      en: "name at least one player of this game",
      ru: "назовите хотя бы одного игрока этой игры",
    },
    revive_alive: { en: "the player is alive", ru: "игрок жив" },
    unknown_status: {
      en: "these rules have no status “{status}”; their statuses: {known}",
      ru: "в этих правилах нет статуса «{status}»; их статусы: {known}",
      args: textArgs("status", "known"),
      example: { status: "sleepy", known: "jailed, isolated" },
    },
  },
  "engine.",
);

export type EngineRejectionKey = keyof typeof ENGINE_REJECTIONS.texts;

/** A refusal of the engine's shared GM actions under a ruleset's namespace (`<ruleset>.<id>`). */
export function sharedRejection(
  rulesetId: string,
  id: string,
  key: EngineRejectionKey,
  params?: JsonObject,
): Rejection {
  return rejectionOf(`${rulesetId}.${id}`, ENGINE_REJECTIONS.texts, ENGINE_REJECTIONS.prefix, key, params);
}

/**
 * A refusal in the reader's language: its text from the ruleset's catalog (`rejection.*`) or the
 * engine's (`engine.*`). A rejection recorded before refusals carried texts (or whose text is
 * gone) is shown with its English reason.
 */
export function renderRejection(
  rejection: Pick<Rejection, "reason"> & { text?: Rejection["text"] },
  ruleset: RulesetDefinition<AnyGameState> | undefined,
  ctx: RenderContext,
): string {
  const text = rejection.text;
  if (!text) return rejection.reason;
  const texts = text.key.startsWith(ENGINE_REJECTIONS.prefix) ? ENGINE_REJECTIONS.catalogs : ruleset?.texts;
  const found = texts?.[ctx.lang][text.key];
  return found ? found(text.params, ctx) : rejection.reason;
}
