import { getFirstnameGender, inclineFirstname } from "lvovich";
import type { Gender, NameCase } from "../engine/grammar.js";

/**
 * Russian first names, through lvovich (https://github.com/nodkz/lvovich, chosen over petrovich
 * for its gender detection by first name and its maintenance; see docs/i18n.md).
 *
 * A name counts as a Russian first name when it is one Cyrillic word the library knows as male
 * or female. Names it calls androgynous (Саша, Женя) or does not know, Latin nicknames and
 * several words are never declined and tell no gender: the sentence keeps them in the nominative.
 */
const ONE_CYRILLIC_WORD = /^[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?$/u;

const CASES: Record<NameCase, "genitive" | "dative" | "accusative" | "instrumental" | "prepositional"> = {
  gen: "genitive",
  dat: "dative",
  acc: "accusative",
  ins: "instrumental",
  pre: "prepositional",
};

/** The gender a Russian first name tells, or undefined for any other name. */
export function nameGender(name: string): Gender | undefined {
  const trimmed = name.trim();
  if (!ONE_CYRILLIC_WORD.test(trimmed)) return undefined;
  const gender = getFirstnameGender(trimmed);
  return gender === "male" ? "m" : gender === "female" ? "f" : undefined;
}

/**
 * The name in a case when it is a Russian first name whose gender agrees with the seat's (a
 * player who said «она» under a male name keeps the nominative); undefined otherwise.
 */
export function declineName(name: string, grammaticalCase: NameCase, gender?: Gender): string | undefined {
  const own = nameGender(name);
  if (own === undefined || (gender !== undefined && gender !== own)) return undefined;
  return inclineFirstname(name.trim(), CASES[grammaticalCase], own === "m" ? "male" : "female");
}

/** A seat's gender: what its player said, else the gender its Russian first name tells. */
export function seatGender(name: string, said: Gender | null | undefined): Gender | undefined {
  return said ?? nameGender(name);
}
