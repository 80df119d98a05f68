import type { Localized } from "../engine/types.js";

/**
 * Names and descriptions of the slash commands and their options. English names are the
 * command names; Russian names are their localizations (Discord: lower case, ≤ 32 chars).
 */
export interface CommandText {
  name: Localized;
  description: Localized;
}

const c = (en: string, ru: string, den: string, dru: string): CommandText => ({
  name: { en, ru },
  description: { en: den, ru: dru },
});

export const commandTexts = {
  game: c("game", "игра", "Create, join and run games", "Создание игр, запись и управление"),
  "game.create": c("create", "создать", "Create a game on this server", "Создать игру на этом сервере"),
  "game.join": c("join", "войти", "Take a seat in a game", "Записаться в игру"),
  "game.leave": c("leave", "выйти", "Give up your seat before the start", "Выйти из игры до начала"),
  "game.assign": c(
    "assign",
    "назначить",
    "GM: set a player's role before the deal",
    "Ведущий: задать роль игрока до раздачи",
  ),
  "game.options": c(
    "options",
    "настройки",
    "GM: change the game's options before the start",
    "Ведущий: изменить настройки игры до начала",
  ),
  "game.start": c(
    "start",
    "начать",
    "GM: deal the roles and open the first phase",
    "Ведущий: раздать роли и открыть первую фазу",
  ),
  "game.status": c("status", "статус", "The game's phase, deadline and players", "Фаза, срок и игроки"),
  "game.list": c("list", "список", "The server's games and their state", "Игры сервера и их состояние"),
  "game.end": c(
    "end",
    "завершить",
    "GM: end the game and reveal every role",
    "Ведущий: завершить игру и вскрыть роли",
  ),
  order: c("order", "приказ", "Give or change an order", "Отдать или изменить приказ"),
  orders: c("orders", "приказы", "Your orders this phase", "Ваши приказы в этой фазе"),
  role: c("role", "роль", "Your role card", "Ваша карточка роли"),
  vote: c("vote", "голос", "Vote, and see the live tally", "Проголосовать и увидеть подсчёт"),
  say: c(
    "say",
    "сказать",
    "Speak in this game chat under your mask",
    "Сказать в этом игровом чате под своей маской",
  ),
  "say.text": c(
    "text",
    "текст",
    "What to say (leave empty for a form for long text)",
    "Что сказать (пусто — форма для длинного текста)",
  ),
  "say.file": c("file", "файл", "An attachment", "Вложение"),
  "say.edit": c(
    "edit",
    "изменить",
    "One of your messages here, to replace its text",
    "Ваше сообщение здесь, чтобы заменить его текст",
  ),
  "say.delete": c(
    "delete",
    "удалить",
    "One of your messages here, to delete it",
    "Ваше сообщение здесь, чтобы удалить его",
  ),
  extension: c(
    "extension",
    "продление",
    "Ask for more time where the rules allow",
    "Попросить продление, где это разрешено",
  ),
  gm: c("gm", "ведущий", "GM tools", "Инструменты ведущего"),
  "gm.add": c("add", "добавить", "Make a member a co-GM of the game", "Сделать участника соведущим игры"),
  "gm.remove": c("remove", "убрать", "Take a member off the game's GMs", "Убрать участника из ведущих игры"),
  help: c("help", "помощь", "The commands you may use now", "Команды, доступные вам сейчас"),
  "gm.modkill": c("modkill", "модкилл", "Remove a player from the game", "Удалить игрока из игры"),
  "gm.revive": c("revive", "оживить", "Bring a dead player back", "Вернуть погибшего игрока"),
  "gm.replace": c(
    "replace",
    "заменить",
    "Give a seat to another account",
    "Передать место другому участнику",
  ),
  "gm.status": c("status", "статус", "Set or clear a player status", "Поставить или снять статус игрока"),
  "gm.status.set": c("set", "поставить", "Set a status on a player", "Поставить статус игроку"),
  "gm.status.clear": c("clear", "снять", "Clear a player's status", "Снять статус с игрока"),
  "gm.extend": c("extend", "продлить", "Move the deadline later", "Сдвинуть срок позже"),
  "gm.deadline": c(
    "deadline",
    "срок",
    "Set the deadline to a time on the game's clock",
    "Назначить срок на время по часам игры",
  ),
  "gm.pause": c("pause", "пауза", "Freeze the deadline", "Заморозить срок"),
  "gm.resume": c("resume", "продолжить", "Unfreeze the deadline", "Разморозить срок"),
  "gm.force": c("force", "подвести", "Resolve the phase now", "Подвести фазу сейчас"),
  "gm.publish": c(
    "publish",
    "опубликовать",
    "Publish the drafted resolution",
    "Опубликовать черновик итогов",
  ),
  "gm.hold": c(
    "hold",
    "задержать",
    "Hold the draft until you publish it",
    "Задержать черновик до публикации",
  ),
  "gm.edit": c("edit", "править", "Edit the newspaper draft", "Править черновик газеты"),
  "gm.rerun": c(
    "rerun",
    "пересчитать",
    "Discard the draft and resolve the phase again from the log",
    "Отбросить черновик и подвести фазу заново по журналу",
  ),
  "gm.order": c(
    "order",
    "приказ",
    "Give or override an order on behalf of a player",
    "Отдать или заменить приказ за игрока",
  ),
  "gm.console": c(
    "console",
    "пульт",
    "Open the game's GM web console (a private one-time link)",
    "Открыть веб-пульт ведущего игры (личная одноразовая ссылка)",
  ),
  "gm.announce": c(
    "announce",
    "объявить",
    "Post an announcement in the newspaper",
    "Опубликовать объявление в газете",
  ),
  rules: c("rules", "правила", "The rules of a game and its roles", "Правила игры и её роли"),
  "opt.rules_ruleset": c(
    "ruleset",
    "правила",
    "Which rules (default: this game's)",
    "Какие правила (по умолчанию — этой игры)",
  ),
  "opt.rules_role": c("role", "роль", "A role to describe", "Роль, которую описать"),
  settings: c("settings", "настройки", "Server settings of the bot", "Настройки бота на сервере"),
  // options
  "opt.game": c(
    "game",
    "игра",
    "The game (default: the one of this channel)",
    "Игра (по умолчанию — игра этого канала)",
  ),
  "opt.ruleset": c("ruleset", "правила", "Which rules to play", "По каким правилам играть"),
  "opt.name": c("name", "название", "The game's name", "Название игры"),
  "opt.preset": c("preset", "пресет", "Options preset", "Набор настроек"),
  "opt.options": c(
    "options",
    "настройки",
    "Advanced: options as a JSON object",
    "Для опытных: настройки JSON-объектом",
  ),
  "opt.set_options": c(
    "options",
    "настройки",
    "The options to change, as a JSON object (a key set to null goes back to the default)",
    "Какие настройки изменить, JSON-объектом (ключ со значением null — снова по умолчанию)",
  ),
  "opt.phase_minutes": c(
    "phase_minutes",
    "минут_на_фазу",
    "Length of every phase in minutes (instead of the ruleset's schedule)",
    "Длина каждой фазы в минутах (вместо расписания правил)",
  ),
  "opt.masks": c(
    "masks",
    "маски",
    "Play under masks (default: as the rules play)",
    "Игра под масками (по умолчанию — как в правилах)",
  ),
  "opt.publish": c("publish", "публикация", "How the newspaper is published", "Как публикуется газета"),
  "opt.user": c("user", "участник", "The member", "Участник"),
  "opt.player": c("player", "игрок", "The player", "Игрок"),
  "opt.seat": c(
    "player",
    "игрок",
    "GM: whose seat to show (default: your own)",
    "Ведущий: чьё место показать (по умолчанию — ваше)",
  ),
  "opt.with": c("with", "на", "The new account", "Новый участник"),
  "opt.role": c("role", "роль", "The role", "Роль"),
  "opt.faction": c(
    "faction",
    "сторона",
    "The side (clan), where the role needs one",
    "Сторона (клан), если роли она нужна",
  ),
  "opt.action": c("action", "действие", "What to do", "Что сделать"),
  "opt.target": c("target", "цель", "Target", "Цель"),
  "opt.target2": c("target2", "цель2", "Second target", "Вторая цель"),
  "opt.reason": c("reason", "причина", "Why", "Почему"),
  "opt.choice": c("choice", "выбор", "Whom or what you vote for", "За кого или за что вы голосуете"),
  "opt.minutes": c("minutes", "минуты", "How many minutes", "Сколько минут"),
  "opt.status": c("status", "статус", "Status id", "Статус"),
  "opt.text": c("text", "текст", "The text", "Текст"),
  "opt.phase": c(
    "phase",
    "фаза",
    "Phase number (default: the latest draft)",
    "Номер фазы (по умолчанию — последний черновик)",
  ),
  "opt.time": c(
    "time",
    "время",
    "21:00 (the next one) or 2026-12-02 21:00, on the game's clock",
    "21:00 (ближайшие) или 2026-12-02 21:00, по часам игры",
  ),
  "opt.timezone": c(
    "timezone",
    "часовой_пояс",
    "The game's time zone (default: the server's; mayor: Moscow)",
    "Часовой пояс игры (по умолчанию — сервера; у Мэра — Москва)",
  ),
  "opt.server_timezone": c(
    "timezone",
    "часовой_пояс",
    "Time zone of new games on this server (IANA name, e.g. Europe/Moscow)",
    "Часовой пояс новых игр на сервере (имя IANA, например Europe/Moscow)",
  ),
  "opt.language": c("language", "язык", "Language of the bot on this server", "Язык бота на этом сервере"),
  "opt.gender": c(
    "gender",
    "род",
    "How the bot's Russian speaks of you in every game (он / она); anyone may set their own",
    "Как русский текст бота говорит о вас во всех играх: он, она или не указывать",
  ),
  "opt.gm_role": c(
    "gm_role",
    "роль_ведущего",
    "Members with this role create games and act as GMs of every game",
    "Участники с этой ролью создают игры и ведут любую игру",
  ),
  "opt.max_games": c(
    "max_games",
    "макс_игр",
    "How many games may run at once (default 5)",
    "Сколько игр может идти одновременно (по умолчанию 5)",
  ),
} satisfies Record<string, CommandText>;

export type CommandTextKey = keyof typeof commandTexts;
