import type { Catalog } from "./index.js";

/**
 * Timed sign-ups' texts (docs/community.md, src/games/signups.ts), in both languages; merged
 * into the catalogs of src/i18n/index.ts; the keys of `en` and `ru` match. Every text is an ICU
 * message (docs/i18n.md): counts are plurals, `has_bench` a select the caller sets.
 */

export const signupsEn: Catalog = {
  "signup.post":
    "📋 **Sign-ups: {name}** ({ruleset})\nSeated: **{count, number}** of {max, number} (at least {min, plural, one {# player} other {# players}} to start){has_bench, select, yes { · substitutes: {bench, number}} other {}}\nSign-ups close {when}; the game starts then if there are enough players. Beyond the table, joining puts you on the bench of substitutes.",
  "signup.post_waiting":
    "📋 **Sign-ups: {name}** ({ruleset})\nSeated: **{count, number}** of {max, number} (at least {min, plural, one {# player} other {# players}} to start){has_bench, select, yes { · substitutes: {bench, number}} other {}}\nSign-ups closed with too few players; the GM decides whether to extend them. You can still join.",
  "signup.post_started":
    "📋 **{name}** ({ruleset}): sign-ups are closed, the game has started with {count, plural, one {# player} other {# players}}.",
  "signup.post_cancelled": "📋 **{name}** ({ruleset}): the GM cancelled the game; sign-ups are closed.",
  "signup.join": "Join",
  "signup.leave": "Leave",
  "signup.reminder":
    "⏰ Sign-ups for **{name}** close {when}: {count, plural, one {# player} other {# players}} so far, at least {min, number} needed (at most {max, number}).",
  "signup.too_few":
    "<@{gm}> Sign-ups for **{name}** closed with {count, plural, one {# player} other {# players}}; at least {min, number} are needed. Extend them with a button below, start with the players there are, or cancel the game with /game end.",
  "signup.start_refused":
    "<@{gm}> Sign-ups for **{name}** closed, but the game could not start: {reason} Extend the sign-ups or start again with a button below, or cancel the game with /game end.",
  "signup.extend_60": "Extend by 1 hour",
  "signup.extend_1440": "Extend by 1 day",
  "signup.start_anyway": "Start now",
  "signup.extended": "Sign-ups for **{name}** are extended: they now close {when}.",
  "signup.gm_started": "**{name}** has started.",
  "signup.started": "**{name}** has started.",
  "signup.past": "The sign-ups' close must be in the future.",
  "signup.bad_min": "min_players: at least {min} and at most {max} for this table.",
  "signup.bad_time":
    "Cannot read the sign-ups' close “{text}”. Write 21:00, 2026-12-02 21:00, 02.12.2026 21:00 or 02.12 21:00 (time in {zone}).",
  "signup.none": "This game has no timed sign-ups.",
  "signup.min_without_until":
    "min_players counts only at the close of timed sign-ups: give signup_until too, or start the game yourself with /game start.",
  "signup.created":
    "Sign-ups are open until {when}: the post with its Join and Leave buttons is in this channel.",
  "status.signups": "Sign-ups",
  "status.signups_open": "closes {when}; the game starts then with {min} to {max} players",
  "status.signups_closed": "closed {when} with too few players; the GM decides whether to extend them",
  "status.bench": "Bench of substitutes ({count, number}), first in first",
};

export const signupsRu: Catalog = {
  "signup.post":
    "📋 **Запись: {name}** ({ruleset})\nЗа столом: **{count, number}** из {max, number} (для начала нужно не меньше: {min, plural, one {# игрок} few {# игрока} many {# игроков} other {# игрока}}){has_bench, select, yes { · в запасе: {bench, number}} other {}}\nЗапись закрывается {when}; тогда же игра начнётся, если игроков хватит. Когда стол заполнен, записавшиеся попадают в запас.",
  "signup.post_waiting":
    "📋 **Запись: {name}** ({ruleset})\nЗа столом: **{count, number}** из {max, number} (для начала нужно не меньше: {min, plural, one {# игрок} few {# игрока} many {# игроков} other {# игрока}}){has_bench, select, yes { · в запасе: {bench, number}} other {}}\nЗапись закрылась, игроков не хватило; ведущий решает, продлить ли её. Записаться ещё можно.",
  "signup.post_started":
    "📋 **{name}** ({ruleset}): запись закрыта, игра началась — за столом {count, plural, one {# игрок} few {# игрока} many {# игроков} other {# игрока}}.",
  "signup.post_cancelled": "📋 **{name}** ({ruleset}): ведущий отменил игру, запись закрыта.",
  "signup.join": "Записаться",
  "signup.leave": "Выйти",
  "signup.reminder":
    "⏰ Запись на «{name}» закрывается {when}: пока {count, plural, one {# игрок} few {# игрока} many {# игроков} other {# игрока}}, нужно не меньше {min, number} (не больше {max, number}).",
  "signup.too_few":
    "<@{gm}> Запись на «{name}» закрылась: {count, plural, one {# игрок} few {# игрока} many {# игроков} other {# игрока}}, а нужно не меньше {min, number}. Продлите запись кнопкой ниже, начните с теми, кто есть, или отмените игру командой /игра завершить.",
  "signup.start_refused":
    "<@{gm}> Запись на «{name}» закрылась, но игра не смогла начаться: {reason} Продлите запись или попробуйте начать снова кнопкой ниже, или отмените игру командой /игра завершить.",
  "signup.extend_60": "Продлить на час",
  "signup.extend_1440": "Продлить на сутки",
  "signup.start_anyway": "Начать сейчас",
  "signup.extended": "Запись на «{name}» продлена: теперь она закрывается {when}.",
  "signup.gm_started": "Игра «{name}» началась.",
  "signup.started": "Игра «{name}» началась.",
  "signup.past": "Запись должна закрываться в будущем.",
  "signup.bad_min": "мин_игроков: для этого стола не меньше {min} и не больше {max}.",
  "signup.bad_time":
    "Не удалось прочитать время закрытия записи «{text}». Напишите 21:00, 2026-12-02 21:00, 02.12.2026 21:00 или 02.12 21:00 (время в поясе {zone}).",
  "signup.none": "У этой игры нет записи до срока.",
  "signup.min_without_until":
    "мин_игроков действует только при закрытии записи до срока: укажите и запись_до — или начните игру сами командой /игра начать.",
  "signup.created": "Запись открыта до {when}: объявление с кнопками «Записаться» и «Выйти» — в этом канале.",
  "status.signups": "Запись",
  "status.signups_open": "закрывается {when}; тогда игра начнётся, если за столом от {min} до {max} игроков",
  "status.signups_closed": "закрылась {when}, игроков не хватило; ведущий решает, продлить ли её",
  "status.bench": "Запас ({count, number}), по очереди",
};
