import type { Catalog } from "./index.js";

/**
 * The GM's side of a game (review mode, the GM room's cards, /gm order and /gm rerun), in both
 * languages. Merged into the catalogs of src/i18n/index.ts; the keys of `en` and `ru` match.
 * Every text is an ICU message (docs/i18n.md); `gender` is the seat's ("m", "f" or "").
 */
export const gmRoomEn: Catalog = {
  // refusals
  "phase.in_review":
    "This phase is over and its results are with the GMs: orders and votes are closed until they publish them.",
  "game.in_review":
    "The phase is resolved and its draft waits for a GM: publish, hold, edit or re-run it first.",
  "game.draft_stale":
    "The inputs changed after this draft was made: press Re-run (or /gm rerun) to resolve the phase again, then publish.",
  "gm.player_option_gm_only": "Only a GM of this game may look at another player's seat.",
  "gm.order_unknown_action": "{player} cannot give “{action}” now. Open to the seat: {actions}.",
  // successes
  "gm.order_done": "Recorded for {player}: {action}.",
  "gm.order_refused": "The rules refused the order for {player}: {reason}",
  "gm.correction_note":
    "A draft of {phase} is waiting: it no longer matches the inputs and is held; press Re-run so that this counts.",
  "gm.rerun_done":
    "The draft of {phase} is discarded and the phase resolved again from the log: the new draft is in the GM room.",
  "gm.viewing": "Seat of {player}:",
  // the setup card
  "gmroom.setup_title": "🗂 Setup of “{name}” ({ruleset}): {count, plural, one {# player} other {# players}}",
  "gmroom.setup_line": "{seat}. {name} ({account}) — {role}, {faction}; {status}",
  "gmroom.alive": "alive",
  "gmroom.dead": "dead",
  "gmroom.statuses": "statuses: {list}",
  "gmroom.no_faction": "no side",
  // the phase status
  "gmroom.status_title": "📋 {phase} — GM status",
  "gmroom.status_deadline": "Deadline: {deadline}",
  "gmroom.status_paused": "Deadline: none, the clock is paused (/gm resume starts it again).",
  "gmroom.status_acted": "Acted ({count}):",
  "gmroom.status_missing": "No order yet ({count}): {list}",
  "gmroom.status_none_missing": "Every seat with an order to give has given one.",
  "gmroom.status_order": "• {player}: {orders}",
  "gmroom.status_by_gm": " (by a GM)",
  "gmroom.status_votes": "Votes:",
  "gmroom.status_resolved": "Resolved: {outcome}",
  "gmroom.status_drafted": "the draft waits for review.",
  "gmroom.status_published": "published.",
  // the draft card
  "review.title": "📝 Draft of {phase}",
  "review.waiting": "Waiting for a GM: it publishes itself {when} unless held.",
  "review.held": "Held by {by}: it waits until a GM publishes it.",
  "review.ended": "The game was ended by {by}: this draft is never published.",
  "review.stale": "Inputs changed after this draft ({by}): held; press Re-run before publishing.",
  "review.published": "✅ Published by {by}.",
  "review.published_auto": "✅ Published after the grace period.",
  "review.rerun": "Re-run by {by}: this is the new draft.",
  "review.edited": "Newspaper edited by {by}.",
  "review.newspaper": "📰 The newspaper",
  "review.private": "✉️ Private results",
  "review.empty": "(nothing public)",
  "review.system": "the system",
  "review.publish": "Publish",
  "review.edit": "Edit",
  "review.hold": "Hold",
  "review.rerun_button": "Re-run",
};

export const gmRoomRu: Catalog = {
  "phase.in_review":
    "Фаза закончилась, её итоги у ведущих: приказы и голоса закрыты, пока ведущие их не опубликуют.",
  "game.in_review":
    "Фаза подведена, её черновик ждёт ведущего: сначала опубликуйте, задержите, поправьте или пересчитайте его.",
  "game.draft_stale":
    "После этого черновика изменились приказы или действия ведущих: нажмите «Пересчитать» (или /gm rerun), чтобы подвести фазу заново, затем публикуйте.",
  "gm.player_option_gm_only": "Смотреть чужое место может только ведущий этой игры.",
  "gm.order_unknown_action": "{player} сейчас не может «{action}». Открыто этому месту: {actions}.",
  "gm.order_done": "Записано за игрока {player}: {action}.",
  "gm.order_refused": "Правила не приняли приказ за игрока {player}: {reason}",
  "gm.correction_note":
    "Черновик фазы «{phase}» ждёт: он больше не совпадает с приказами и задержан; нажмите «Пересчитать», чтобы это учлось.",
  "gm.rerun_done":
    "Черновик фазы «{phase}» отброшен, фаза подведена заново по журналу: новый черновик — в комнате ведущих.",
  "gm.viewing": "Место игрока {player}:",
  "gmroom.setup_title":
    "🗂 Расклад игры «{name}» ({ruleset}): {count, plural, one {# игрок} few {# игрока} many {# игроков} other {# игрока}}",
  "gmroom.setup_line": "{seat}. {name} ({account}) — {role}, {faction}; {status}",
  "gmroom.alive": "{gender, select, m {жив} f {жива} other {в игре}}",
  "gmroom.dead": "{gender, select, m {мёртв} f {мертва} other {вне игры}}",
  "gmroom.statuses": "статусы: {list}",
  "gmroom.no_faction": "без стороны",
  "gmroom.status_title": "📋 {phase} — сводка для ведущих",
  "gmroom.status_deadline": "Срок: {deadline}",
  "gmroom.status_paused": "Срока нет: часы остановлены (/ведущий продолжить запускает их снова).",
  "gmroom.status_acted": "Сходили ({count}):",
  "gmroom.status_missing": "Ещё без приказа ({count}): {list}",
  "gmroom.status_none_missing": "Все, у кого есть приказы, их отдали.",
  "gmroom.status_order": "• {player}: {orders}",
  "gmroom.status_by_gm": " (за него — ведущий)",
  "gmroom.status_votes": "Голоса:",
  "gmroom.status_resolved": "Подведена: {outcome}",
  "gmroom.status_drafted": "черновик ждёт проверки.",
  "gmroom.status_published": "опубликована.",
  "review.title": "📝 Черновик: {phase}",
  "review.waiting": "Ждёт ведущего: опубликуется сам {when}, если его не задержать.",
  "review.held": "Задержан ({by}): ждёт, пока ведущий его опубликует.",
  "review.ended": "Игра завершена ({by}): этот черновик уже не будет опубликован.",
  "review.stale":
    "После черновика изменились приказы ({by}): задержан; перед публикацией нажмите «Пересчитать».",
  "review.published": "✅ Опубликовано ({by}).",
  "review.published_auto": "✅ Опубликовано по истечении срока проверки.",
  "review.rerun": "Пересчитано ({by}): это новый черновик.",
  "review.edited": "Газета исправлена ({by}).",
  "review.newspaper": "📰 Газета",
  "review.private": "✉️ Личные итоги",
  "review.empty": "(ничего публичного)",
  "review.system": "система",
  "review.publish": "Опубликовать",
  "review.edit": "Править",
  "review.hold": "Задержать",
  "review.rerun_button": "Пересчитать",
};
