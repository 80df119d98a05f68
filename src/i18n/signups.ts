import { countRu, formatNumber } from "../engine/grammar.js";
import type { Catalog, Params } from "./index.js";

/**
 * Timed sign-ups' texts (docs/community.md, src/games/signups.ts), in both languages; merged
 * into the catalogs of src/i18n/index.ts; the keys of `en` and `ru` match.
 */

const n = (p: Params, key: string): number => Number(p[key] ?? 0);
const s = (p: Params, key: string): string => String(p[key] ?? "");
const enPlayers = (count: number): string =>
  `${formatNumber("en", count)} ${count === 1 ? "player" : "players"}`;
const ruPlayers = (count: number): string => countRu(count, ["игрок", "игрока", "игроков"]);
const enBench = (p: Params): string =>
  n(p, "bench") > 0 ? ` · substitutes: ${formatNumber("en", n(p, "bench"))}` : "";
const ruBench = (p: Params): string =>
  n(p, "bench") > 0 ? ` · в запасе: ${formatNumber("ru", n(p, "bench"))}` : "";

export const signupsEn: Catalog = {
  "signup.post": (p) =>
    `📋 **Sign-ups: ${s(p, "name")}** (${s(p, "ruleset")})\n` +
    `Seated: **${formatNumber("en", n(p, "count"))}** of ${formatNumber("en", n(p, "max"))} (at least ${enPlayers(n(p, "min"))} to start)${enBench(p)}\n` +
    `Sign-ups close ${s(p, "when")}; the game starts then if there are enough players. Beyond the table, joining puts you on the bench of substitutes.`,
  "signup.post_waiting": (p) =>
    `📋 **Sign-ups: ${s(p, "name")}** (${s(p, "ruleset")})\n` +
    `Seated: **${formatNumber("en", n(p, "count"))}** of ${formatNumber("en", n(p, "max"))} (at least ${enPlayers(n(p, "min"))} to start)${enBench(p)}\n` +
    `Sign-ups closed with too few players; the GM decides whether to extend them. You can still join.`,
  "signup.post_started": (p) =>
    `📋 **${s(p, "name")}** (${s(p, "ruleset")}): sign-ups are closed, the game has started with ${enPlayers(n(p, "count"))}.`,
  "signup.post_cancelled": "📋 **{name}** ({ruleset}): the GM cancelled the game; sign-ups are closed.",
  "signup.join": "Join",
  "signup.leave": "Leave",
  "signup.reminder": (p) =>
    `⏰ Sign-ups for **${s(p, "name")}** close ${s(p, "when")}: ${enPlayers(n(p, "count"))} so far, at least ${formatNumber("en", n(p, "min"))} needed (at most ${formatNumber("en", n(p, "max"))}).`,
  "signup.too_few": (p) =>
    `<@${s(p, "gm")}> Sign-ups for **${s(p, "name")}** closed with ${enPlayers(n(p, "count"))}; at least ${formatNumber("en", n(p, "min"))} are needed. Extend them with a button below, start with the players there are, or cancel the game with /game end.`,
  "signup.start_refused": (p) =>
    `<@${s(p, "gm")}> Sign-ups for **${s(p, "name")}** closed, but the game could not start: ${s(p, "reason")} Extend the sign-ups or start again with a button below, or cancel the game with /game end.`,
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
  "status.bench": (p) => `Bench of substitutes (${formatNumber("en", n(p, "count"))}), first in first`,
};

export const signupsRu: Catalog = {
  "signup.post": (p) =>
    `📋 **Запись: ${s(p, "name")}** (${s(p, "ruleset")})\n` +
    `За столом: **${formatNumber("ru", n(p, "count"))}** из ${formatNumber("ru", n(p, "max"))} (для начала нужно не меньше: ${ruPlayers(n(p, "min"))})${ruBench(p)}\n` +
    `Запись закрывается ${s(p, "when")}; тогда же игра начнётся, если игроков хватит. Когда стол заполнен, записавшиеся попадают в запас.`,
  "signup.post_waiting": (p) =>
    `📋 **Запись: ${s(p, "name")}** (${s(p, "ruleset")})\n` +
    `За столом: **${formatNumber("ru", n(p, "count"))}** из ${formatNumber("ru", n(p, "max"))} (для начала нужно не меньше: ${ruPlayers(n(p, "min"))})${ruBench(p)}\n` +
    `Запись закрылась, игроков не хватило; ведущий решает, продлить ли её. Записаться ещё можно.`,
  "signup.post_started": (p) =>
    `📋 **${s(p, "name")}** (${s(p, "ruleset")}): запись закрыта, игра началась — за столом ${ruPlayers(n(p, "count"))}.`,
  "signup.post_cancelled": "📋 **{name}** ({ruleset}): ведущий отменил игру, запись закрыта.",
  "signup.join": "Записаться",
  "signup.leave": "Выйти",
  "signup.reminder": (p) =>
    `⏰ Запись на «${s(p, "name")}» закрывается ${s(p, "when")}: пока ${ruPlayers(n(p, "count"))}, нужно не меньше ${formatNumber("ru", n(p, "min"))} (не больше ${formatNumber("ru", n(p, "max"))}).`,
  "signup.too_few": (p) =>
    `<@${s(p, "gm")}> Запись на «${s(p, "name")}» закрылась: ${ruPlayers(n(p, "count"))}, а нужно не меньше ${formatNumber("ru", n(p, "min"))}. Продлите запись кнопкой ниже, начните с теми, кто есть, или отмените игру командой /игра завершить.`,
  "signup.start_refused": (p) =>
    `<@${s(p, "gm")}> Запись на «${s(p, "name")}» закрылась, но игра не смогла начаться: ${s(p, "reason")} Продлите запись или попробуйте начать снова кнопкой ниже, или отмените игру командой /игра завершить.`,
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
  "status.bench": (p) => `Запас (${formatNumber("ru", n(p, "count"))}), по очереди`,
};
