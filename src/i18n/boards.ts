import type { Catalog } from "./index.js";

/**
 * The words drawn on the phase images (src/render/): the `reichstag` board posted with each of
 * its newspapers, in the game's language. Merged into the catalogs of src/i18n/index.ts under
 * `reichstag_board.`; the keys of `en` and `ru` match.
 */
export const boardsEn: Catalog = {
  "reichstag_board.title": "Reichstag: {phase}",
  "reichstag_board.info": "Deck {deck} · Discard {discard}{veto, select, yes { · Veto unlocked} other {}}",
  "reichstag_board.liberal": "Liberal policies {count}/5",
  "reichstag_board.fascist": "Fascist policies {count}/6",
  "reichstag_board.liberal_letter": "L",
  "reichstag_board.fascist_letter": "F",
  "reichstag_board.tracker": "Election tracker",
  "reichstag_board.over": "Game over. {count, plural, =0 {No winners.} other {Winners: {winners}.}}",
};

export const boardsRu: Catalog = {
  "reichstag_board.title": "Рейхстаг: {phase}",
  "reichstag_board.info":
    "Колода: {deck} · Сброс: {discard}{veto, select, yes { · Право вето открыто} other {}}",
  "reichstag_board.liberal": "Либеральные законы: {count} из 5",
  "reichstag_board.fascist": "Фашистские законы: {count} из 6",
  "reichstag_board.liberal_letter": "Л",
  "reichstag_board.fascist_letter": "Ф",
  "reichstag_board.tracker": "Счётчик сорванных выборов",
  "reichstag_board.over":
    "Игра окончена. {count, plural, =0 {Победителей нет.} other {Победители: {winners}.}}",
};
