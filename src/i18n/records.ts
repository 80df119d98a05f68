import type { Catalog } from "./index.js";

/**
 * The community's texts (docs/community.md): the server's records (`/stats`, keys `stats.`) and the
 * public archive of a finished game (`archive.`), in both languages. Merged into the catalogs of
 * src/i18n/index.ts; the keys of `en` and `ru` match. Every text is an ICU message (docs/i18n.md):
 * counts are plurals, `has_nobody` a select the caller sets.
 */

export const recordsEn: Catalog = {
  "stats.member_title": "Record of {name} on this server",
  "stats.member_hidden_note": "(hidden from others: /stats show makes it public)",
  "stats.member_empty": "{name} has no finished ranked game on this server yet.",
  "stats.member_games":
    "Games: {games, number} · wins {wins, number} ({winRate, number, ::percent}) · survived to the end {survived, number} ({surviveRate, number, ::percent})",
  "stats.member_replacements":
    "Came in as a substitute: {in, plural, one {# time} other {# times}} · left a seat to a substitute: {out, plural, one {# time} other {# times}}",
  "stats.member_activity":
    "Activity: {actions, plural, one {# order or vote} other {# orders and votes}} ({perGame} a game) · last game {last}",
  "stats.by_side": "By side",
  "stats.by_role": "By role",
  "stats.tally_line":
    "{name} ({ruleset}): {games, plural, one {# game} other {# games}}, {wins, plural, one {# win} other {# wins}} ({rate, number, ::percent})",
  "stats.more": "…and {count} more",
  "stats.hidden": "{name} keeps this record private.",
  "stats.hide_done": "Your record on this server is now hidden: only you see it with /stats member.",
  "stats.show_done": "Your record on this server is public again.",
  "stats.server_title": "Records of this server",
  "stats.server_empty": "No finished ranked game on this server yet.",
  "stats.server_total":
    "{games, plural, one {# finished ranked game} other {# finished ranked games}}, {players, plural, one {# player} other {# players}}",
  "stats.per_ruleset": "Games per ruleset",
  "stats.ruleset_line":
    "{ruleset}: {games, plural, one {# game} other {# games}}, {phases, plural, one {# phase} other {# phases}} on average{has_nobody, select, yes {, {nobody, number} without a winner} other {}}",
  "stats.win_rates": "Win rates by side",
  "stats.side_line":
    "{name} ({ruleset}): won {wins, number} of {games, plural, one {# game} other {# games}} ({rate, number, ::percent})",
  "stats.top_roles": "Most played roles",
  "stats.role_line":
    "{name} ({ruleset}): {games, plural, one {# seat} other {# seats}}, {wins, plural, one {# win} other {# wins}} ({rate, number, ::percent})",
  "stats.chart_member": "Games and wins by side",
  "stats.chart_server": "Win rates by side",
  "stats.chart_legend": "bar: games · dark: wins",
  "stats.chart_figures": "{wins, number}/{games, number} · {rate, number, ::percent}",
  "stats.never": "—",
  "stats.unranked_created": "It is unranked: its results stay out of /stats.",
  "bench.joined":
    "The table of “{name}” is full ({max, plural, one {# player} other {# players}}): you are substitute no. {place, number}. A GM calls you in with /gm replace; /game leave takes you off the bench.",
  "bench.left": "You are off the bench of “{name}”.",
  "bench.empty": "Nobody is on this game's bench: name the new account with the with option.",
  "bench.seat_free": "A seat is free at this table: join it with /game join.",
  "bench.table_full": "The table is full ({max, plural, one {# player} other {# players}}).",
  "bench.bad_max": "For these rules the largest table must be at least {min} and at most {max}.",
  "archive.title": "“{name}”: the archive",
  "archive.intro":
    "{ruleset}. A finished game, as it was played: the roles, every phase with its newspaper, public posts, deaths, votes and the orders now revealed, and the check of its fairness.",
  "archive.winners": "Winners: {winners}",
  "archive.no_winners": "Nobody won.",
  "archive.masks_only": "Played under masks: the players are named by their masks.",
  "archive.masks_named": "Played under masks: the GM chose to show the account behind each mask.",
  "archive.roles": "Roles",
  "archive.seat": "Player",
  "archive.role": "Role",
  "archive.side": "Side",
  "archive.fate": "At the end",
  "archive.alive": "alive",
  "archive.dead": "dead",
  "archive.timeline": "Phase by phase",
  "archive.newspaper": "Newspaper",
  "archive.nothing": "Nothing was published.",
  "archive.deaths": "Deaths",
  "archive.votes": "Votes",
  "archive.orders": "Orders and votes as given",
  "archive.no_orders": "Nobody gave an order.",
  "archive.posts": "Public posts",
  "archive.no_posts": "Nobody wrote in the public chats.",
  "archive.edited": "edited",
  "archive.fairness": "Fairness check",
  "archive.commitment": "Commitment (published at the start)",
  "archive.secret": "Secret",
  "archive.seed": "Public seed",
  "archive.digest": "Digest of game-log.json",
  "archive.verdict": "Replayed on the server",
  "archive.verified":
    "verified: the deal and all {inputs} inputs over {phases} phases give exactly this game.",
  "archive.not_verified": "not verified: {reason}",
  "archive.verify_hint":
    "Check it yourself: save game-log.json and run npm run -s verify -- game-log.json --secret … (or --seed …) in the bot's source.",
  "archive.download": "Download game-log.json",
  "archive.not_found": "There is no archive at this address (or its game is not over yet).",
  "archive.reveal_link": "📜 The game's archive (the whole game, phase by phase): <{url}>",
  "archive.list_title": "The archive of this server's games",
  "archive.list_intro":
    "{scope, select, ranked {The finished ranked games} other {The finished games}} of this server, newest first. Each links its archive: the roles, every phase with its public posts, and the check of its fairness.",
  "archive.list_empty": "No game of this server has finished yet.",
  "archive.list_rules": "Rules",
  "archive.list_ended": "Ended",
  "archive.list_unranked": "unranked",
  "archive.list_choice_off": "Off: nothing lists the archives",
  "archive.list_choice_ranked": "On: the finished ranked games",
  "archive.list_choice_all": "On: all finished games",
  "archive.list_on":
    "{scope, select, ranked {The server's finished ranked games are} other {All the server's finished games are}} listed publicly at <{url}>: anyone who has the address sees the list and each game's archive, without signing in.",
  "archive.list_off":
    "The public list of the server's archives is off; each game's archive is still at the address its reveal links.",
};

export const recordsRu: Catalog = {
  "stats.member_title": "Статистика участника {name} на этом сервере",
  "stats.member_hidden_note": "(скрыта от других: /статистика открыть снова её откроет)",
  "stats.member_empty": "У участника {name} пока нет ни одной завершённой рейтинговой игры на этом сервере.",
  "stats.member_games":
    "Игр: {games, number} · побед {wins, number} ({winRate, number, ::percent}) · в живых к концу {survived, number} ({surviveRate, number, ::percent})",
  "stats.member_replacements":
    "Вход на замену: {in, plural, one {# раз} few {# раза} many {# раз} other {# раза}} · уход с места на замену: {out, plural, one {# раз} few {# раза} many {# раз} other {# раза}}",
  "stats.member_activity":
    "Активность: {actions, plural, one {# приказ или голос} few {# приказа или голоса} many {# приказов и голосов} other {# приказа или голоса}} ({perGame} за игру) · последняя игра {last}",
  "stats.by_side": "По сторонам",
  "stats.by_role": "По ролям",
  "stats.tally_line":
    "{name} ({ruleset}): {games, plural, one {# игра} few {# игры} many {# игр} other {# игры}}, {wins, plural, one {# победа} few {# победы} many {# побед} other {# победы}} ({rate, number, ::percent})",
  "stats.more": "…и ещё {count}",
  "stats.hidden": "Статистика закрыта по желанию участника {name}.",
  "stats.hide_done":
    "Ваша статистика на этом сервере теперь скрыта: /статистика участник покажет её только вам.",
  "stats.show_done": "Ваша статистика на этом сервере снова открыта.",
  "stats.server_title": "Статистика сервера",
  "stats.server_empty": "На этом сервере пока нет ни одной завершённой рейтинговой игры.",
  "stats.server_total":
    "{games, plural, one {# завершённая рейтинговая игра} few {# завершённые рейтинговые игры} many {# завершённых рейтинговых игр} other {# завершённые рейтинговые игры}}, {players, plural, one {# игрок} few {# игрока} many {# игроков} other {# игрока}}",
  "stats.per_ruleset": "Игры по правилам",
  "stats.ruleset_line":
    "{ruleset}: {games, plural, one {# игра} few {# игры} many {# игр} other {# игры}}, в среднем {phases, plural, one {# фаза} few {# фазы} many {# фаз} other {# фазы}}{has_nobody, select, yes {, без победителя — {nobody, number}} other {}}",
  "stats.win_rates": "Победы по сторонам",
  "stats.side_line":
    "{name} ({ruleset}): {wins, number} из {games, plural, one {# игры} few {# игр} many {# игр} other {# игр}} ({rate, number, ::percent})",
  "stats.top_roles": "Самые частые роли",
  "stats.role_line":
    "{name} ({ruleset}): {games, plural, one {# место} few {# места} many {# мест} other {# места}}, {wins, plural, one {# победа} few {# победы} many {# побед} other {# победы}} ({rate, number, ::percent})",
  "stats.chart_member": "Игры и победы по сторонам",
  "stats.chart_server": "Доля побед по сторонам",
  "stats.chart_legend": "полоса — игры · тёмная часть — победы",
  "stats.chart_figures": "{wins, number}/{games, number} · {rate, number, ::percent}",
  "stats.never": "—",
  "stats.unranked_created": "Игра нерейтинговая: её итоги не войдут в /статистика.",
  "bench.joined":
    "Стол «{name}» заполнен ({max, plural, one {# игрок} few {# игрока} many {# игроков} other {# игрока}}): вы в запасе под номером {place, number}. Ведущий вызовет вас командой /ведущий заменить; /игра выйти уберёт вас из запаса.",
  "bench.left": "Вы больше не в запасе игры «{name}».",
  "bench.empty": "В запасе этой игры никого нет: назовите нового участника параметром на.",
  "bench.seat_free": "За этим столом есть свободное место: запишитесь командой /игра войти.",
  "bench.table_full":
    "Стол заполнен ({max, plural, one {# игрок} few {# игрока} many {# игроков} other {# игрока}}).",
  "bench.bad_max": "Для этих правил наибольший стол: не меньше {min} и не больше {max}.",
  "archive.title": "«{name}»: архив",
  "archive.intro":
    "{ruleset}. Завершённая игра так, как она шла: роли, каждая фаза с газетой, открытыми постами, смертями, голосованием и раскрытыми теперь приказами, и проверка честности.",
  "archive.winners": "Победители: {winners}",
  "archive.no_winners": "Никто не победил.",
  "archive.masks_only": "Игра шла под масками: игроки названы своими масками.",
  "archive.masks_named": "Игра шла под масками: ведущий решил показать, кто был под каждой маской.",
  "archive.roles": "Роли",
  "archive.seat": "Игрок",
  "archive.role": "Роль",
  "archive.side": "Сторона",
  "archive.fate": "К концу игры",
  "archive.alive": "в живых",
  "archive.dead": "нет в живых",
  "archive.timeline": "По фазам",
  "archive.newspaper": "Газета",
  "archive.nothing": "Ничего не опубликовано.",
  "archive.deaths": "Смерти",
  "archive.votes": "Голосование",
  "archive.orders": "Приказы и голоса, как они были отданы",
  "archive.no_orders": "Приказов не было.",
  "archive.posts": "Открытые посты",
  "archive.no_posts": "В открытых чатах никто не писал.",
  "archive.edited": "изменено",
  "archive.fairness": "Проверка честности",
  "archive.commitment": "Обязательство (опубликовано в начале)",
  "archive.secret": "Секрет",
  "archive.seed": "Открытое зерно",
  "archive.digest": "Хеш game-log.json",
  "archive.verdict": "Проверка на сервере",
  "archive.verified":
    "подтверждено: раздача и все записи журнала ({inputs}) за фазы ({phases}) дают ровно эту игру.",
  "archive.not_verified": "не подтверждено: {reason}",
  "archive.verify_hint":
    "Проверьте сами: сохраните game-log.json и выполните npm run -s verify -- game-log.json --secret … (или --seed …) в исходниках бота.",
  "archive.download": "Скачать game-log.json",
  "archive.not_found": "По этому адресу архива нет (или игра ещё не закончилась).",
  "archive.reveal_link": "📜 Архив игры (вся игра по фазам): <{url}>",
  "archive.list_title": "Архив игр сервера",
  "archive.list_intro":
    "{scope, select, ranked {Завершённые рейтинговые игры} other {Завершённые игры}} этого сервера, сначала новые. У каждой — её архив: роли, все фазы с открытыми сообщениями и проверка честности.",
  "archive.list_empty": "На этом сервере ещё не закончилась ни одна игра.",
  "archive.list_rules": "Правила",
  "archive.list_ended": "Окончена",
  "archive.list_unranked": "нерейтинговая",
  "archive.list_choice_off": "Выключен: архивы нигде не перечислены",
  "archive.list_choice_ranked": "Включён: завершённые рейтинговые игры",
  "archive.list_choice_all": "Включён: все завершённые игры",
  "archive.list_on":
    "{scope, select, ranked {Завершённые рейтинговые игры сервера} other {Все завершённые игры сервера}} открыто перечислены по адресу <{url}>: любой, у кого есть адрес, увидит список и архив каждой игры без входа.",
  "archive.list_off":
    "Открытый список архивов сервера выключен; архив каждой игры по-прежнему доступен по ссылке из её итогов.",
};
