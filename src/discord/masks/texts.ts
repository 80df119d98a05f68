import type { Lang } from "../../engine/types.js";

/** Every player-facing string of masked play, in Russian and English. */
const catalog = {
  "refuse.not_game_chat": {
    en: "Use /say in a game chat where you may speak.",
    ru: "Используйте /say в игровом чате, где вы можете писать.",
  },
  "refuse.not_masked": {
    en: "This game is not played under masks: write in the chat directly.",
    ru: "Эта игра идёт без масок: пишите в чат напрямую.",
  },
  "refuse.not_running": {
    en: "The game is not running now.",
    ru: "Игра сейчас не идёт.",
  },
  "refuse.not_player": {
    en: "You are not a player of this game.",
    ru: "Вы не участвуете в этой игре.",
  },
  "refuse.cannot_write": {
    en: "You may not speak in this chat now.",
    ru: "Сейчас вы не можете писать в этот чат.",
  },
  "refuse.empty": {
    en: "Nothing to send: give a text or an attachment.",
    ru: "Нечего отправлять: нужен текст или вложение.",
  },
  "refuse.too_long": {
    en: "The text is longer than {max} characters.",
    ru: "Текст длиннее {max} символов.",
  },
  "refuse.file_too_large": {
    en: "An attachment is larger than {mb} MB.",
    ru: "Вложение больше {mb} МБ.",
  },
  "refuse.not_yours": {
    en: "That is not one of your messages in this chat.",
    ru: "Это не ваше сообщение в этом чате.",
  },
  "refuse.gm_only": { en: "Only the game's GMs may do this.", ru: "Это могут только ведущие игры." },
  "refuse.lobby_only": {
    en: "The masks mode can only be changed before the game starts.",
    ru: "Режим масок можно менять только до начала игры.",
  },
  "refuse.no_appearances": {
    en: "This ruleset has no appearances; use masks.",
    ru: "В этих правилах нет обликов; используйте маски.",
  },
  "refuse.name_taken": { en: "Another seat already has that mask.", ru: "Эта маска уже у другого места." },
  "refuse.not_your_form": {
    en: "This form was opened by another member.",
    ru: "Эту форму открыл другой участник.",
  },
  "sent.post": { en: "Sent as **{name}**.", ru: "Отправлено от имени **{name}**." },
  "sent.edit": { en: "Edited.", ru: "Изменено." },
  "sent.delete": { en: "Deleted.", ru: "Удалено." },
  "sent.queued": {
    en: "Discord is slow: your message is queued and will be delivered in order.",
    ru: "Discord отвечает медленно: сообщение в очереди и будет доставлено по порядку.",
  },
  "sent.failed": {
    en: "Your message could not be delivered: {error}",
    ru: "Не удалось доставить ваше сообщение: {error}",
  },
  "modal.title": { en: "Say under your mask", ru: "Сказать под маской" },
  "modal.label": { en: "Text", ru: "Текст" },
  "gm.dealt_masks": {
    en: "🎭 Masks of this game (GMs only; published at the end):",
    ru: "🎭 Маски этой игры (видят только ведущие; раскрываются в конце):",
  },
  "gm.dealt_appearances": {
    en: "🎭 Original appearances (GMs only; published at the end):",
    ru: "🎭 Исходные облики (видят только ведущие; раскрываются в конце):",
  },
  "gm.avatar": { en: "🎭 Avatar of {name}", ru: "🎭 Аватар: {name}" },
  "reveal.title": { en: "🎭 Behind the masks:", ru: "🎭 Кто был под масками:" },
  "reveal.replaced": { en: "(replaced: {list})", ru: "(замены: {list})" },
} as const satisfies Record<string, Record<Lang, string>>;

export type MaskTextKey = keyof typeof catalog;

export function mt(lang: Lang, key: MaskTextKey, params: Record<string, string | number> = {}): string {
  return catalog[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** An expected refusal of masked play, answered privately in the speaker's language. */
export class MaskRefusal extends Error {
  constructor(
    readonly key: MaskTextKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
  text(lang: Lang): string {
    return mt(lang, this.key, this.params);
  }
}
