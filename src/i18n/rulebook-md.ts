import { formatMessage } from "../engine/messages.js";
import type { Lang } from "../engine/types.js";
import { rulesets } from "../rulesets/index.js";
import { rulebooks } from "./rulebooks.js";

/**
 * The player rulebooks, docs/rulebooks/<ruleset>.<lang>.md, built from the same catalog as
 * `/rules` (src/i18n/rulebooks.ts) and the ruleset's own definition (roles, sides, the default
 * options): `npx tsx scripts/rulebooks.ts` writes them, and a test checks they are up to date.
 */

const TEXT: Record<Lang, Record<string, string>> = {
  en: {
    intro:
      "The rules of this game for players and GMs, as the bot plays them. The normative rules (every order of operations, refusal and ruling) are in [docs/rules/{id}.md](../rules/{id}.md); in Discord, `/rules` shows this summary and `/rules role:…` a role.",
    roles: "Roles",
    role: "Role",
    side: "Side",
    what: "What it does",
    sides: "Sides",
    commands: "Playing on Discord",
    commandsText: [
      "- `/game join` takes a seat in the lobby; the GM deals the roles with `/game start`.",
      "- Your role card, your orders panel, your receipts and your private results are in your own thread with the GMs; `/role` shows the card again, `/orders` your orders this phase.",
      "- Orders: the panel's buttons and menus, or `/order action:… target:…` (both autocomplete exactly what the rules open to you now).",
      "- Votes: `/vote choice:…` with autocomplete; the receipt names your exact choice. Where the rules make votes public, each vote is posted in the vote chat and one tally message per day is kept up to date.",
      "- `/rules` shows this summary, `/rules role:…` a role; `/game status` the phase, the deadline and the players.",
    ].join("\n"),
    masked:
      "In a game under masks (regnum's appearances always; clans when the GM creates it with `masks:masks`), post in its chats with `/say text:…`: the bot re-posts under your mask or appearance.",
    extension: "`/extension` asks for more time, within the limits of the rules.",
    options: "Options",
    optionsText:
      "A GM sets options when creating the game: `/game create ruleset:{id} name:… options:'''{…}'''` with a JSON object of the keys to change (the others keep their defaults; an unknown key or a wrong type is refused with the reason). The defaults, which also show each option's JSON shape:",
    optionsMore: "What each option means: [docs/rules/{id}.md](../rules/{id}.md), section «Options».",
  },
  ru: {
    intro:
      "Правила этой игры для игроков и ведущих — так, как их играет бот. Нормативные правила (порядок разрешения, отказы и решения спорных мест) — в [docs/rules/{id}.md](../rules/{id}.md) (на английском); в Discord команда `/rules` показывает это краткое изложение, а `/rules role:…` — роль.",
    roles: "Роли",
    role: "Роль",
    side: "Сторона",
    what: "Что делает",
    sides: "Стороны",
    commands: "Как играть в Discord",
    commandsText: [
      "- `/game join` — записаться в игру; ведущий раздаёт роли командой `/game start`.",
      "- Карточка роли, панель приказов, квитанции и личные итоги — в вашей ветке с ведущими; `/role` покажет карточку снова, `/orders` — ваши приказы в этой фазе.",
      "- Приказы: кнопки и меню панели или `/order action:… target:…` (оба с подсказками ровно того, что правила открывают вам сейчас).",
      "- Голоса: `/vote choice:…` с подсказками; квитанция называет ваш выбор. Где правила делают голоса открытыми, каждый голос публикуется в чате голосования, и одно сообщение с подсчётом за день обновляется на месте.",
      "- `/rules` — это краткое изложение, `/rules role:…` — роль; `/game status` — фаза, срок и игроки.",
    ].join("\n"),
    masked:
      "В игре под масками (regnum с обликами — всегда; clans — если ведущий создал её с `masks:masks`) пишите в её чатах командой `/say text:…`: бот перепубликует сообщение под вашей маской или обликом.",
    extension: "`/extension` просит продления в пределах правил.",
    options: "Настройки",
    optionsText:
      "Ведущий задаёт настройки при создании игры: `/game create ruleset:{id} name:… options:'''{…}'''` с JSON-объектом изменяемых ключей (остальные берутся по умолчанию; неизвестный ключ или неверный тип отклоняются с причиной). Значения по умолчанию — они же показывают JSON-форму каждой настройки:",
    optionsMore: "Что значит каждая настройка: [docs/rules/{id}.md](../rules/{id}.md), раздел «Options».",
  },
};

const MASKED = new Set(["clans", "regnum"]);

/** A text of TEXT is an ICU message (docs/i18n.md): `{id}` is the ruleset, and the quoted
 * `'''{…}'''` reads as '{…}', the shell's quotes around a JSON object. */
const fill = (lang: Lang, s: string, id: string) => formatMessage(lang, s, { id });

export function rulebookMarkdown(id: string, lang: Lang): string {
  const ruleset = rulesets[id];
  const book = rulebooks[id]?.[lang];
  if (!ruleset || !book) throw new Error(`no rulebook for ${id}`);
  const x = TEXT[lang];
  const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const out: string[] = [];
  out.push(`# ${ruleset.name[lang]}`, "", fill(lang, x["intro"] ?? "", id), "");
  out.push(book.summary, "");
  out.push(`## ${x["sides"]}`, "");
  for (const faction of Object.values(ruleset.factions)) out.push(`- ${faction.name[lang]}`);
  out.push(
    "",
    `## ${x["roles"]}`,
    "",
    `| ${x["role"]} | ${x["side"]} | ${x["what"]} |`,
    "| --- | --- | --- |",
  );
  for (const [roleId, role] of Object.entries(ruleset.roles)) {
    const side = role.faction ? (ruleset.factions[role.faction]?.name[lang] ?? role.faction) : "—";
    out.push(
      `| ${cell(role.name[lang])} (\`${roleId}\`) | ${cell(side)} | ${cell(book.roles[roleId] ?? "")} |`,
    );
  }
  out.push("", `## ${x["commands"]}`, "", x["commandsText"] ?? "");
  if (MASKED.has(id)) out.push(`- ${x["masked"]}`);
  if (Object.hasOwn(ruleset.actions, "request_extension")) out.push(`- ${x["extension"]}`);
  const defaults = ruleset.options.parse({}) as unknown;
  out.push("", `## ${x["options"]}`, "", fill(lang, x["optionsText"] ?? "", id), "");
  out.push(
    "```json",
    JSON.stringify(defaults, null, 2),
    "```",
    "",
    fill(lang, x["optionsMore"] ?? "", id),
    "",
  );
  return out.join("\n");
}
