import type { NameCase } from "../engine/grammar.js";
import type { Lang } from "../engine/types.js";

/**
 * The rules' words (`target.<id>` of the catalogs) in the cases Russian sentences need them in:
 * «Пост командующего Королевскими ВС вакантен». English has no cases: its sentences take the word
 * as it is. A word missing here is not declined; a test renders every post in every case it has.
 */
export const WORD_CASES_RU: Record<string, Partial<Record<NameCase, string>>> = {
  king: { gen: "короля" },
  pope: { gen: "Папы Капутского" },
  president: { gen: "президента" },
  supreme_judge: { gen: "Верховного судьи" },
  judge: { gen: "судьи" },
  mp: { gen: "депутата Парламента" },
  minister_royal: { gen: "министра Королевского правительства" },
  minister_parliament: { gen: "министра Парламентского правительства" },
  defence_minister_royal: { gen: "министра обороны (Кор.)" },
  defence_minister_parliament: { gen: "министра обороны (Парл.)" },
  director: { gen: "директора КСБ" },
  magister: { gen: "магистра ОЗД" },
  commander_royal: { gen: "командующего Королевскими ВС" },
  commander_parliament: { gen: "командующего Парламентскими ВС" },
  commander_inquisition: { gen: "командующего ВС Инквизиции" },
  commander_aik: { gen: "командующего ВС АИК" },
  commander_darkness: { gen: "командующего ВС Тьмы" },
  commander_norsland: { gen: "командующего ВС Норсленда" },
  commander_orientem: { gen: "командующего ВС Ориентема" },
  commander_britonia: { gen: "командующего ВС Бритонии" },
  adviser_norsland: { gen: "советника по Норсленду" },
  adviser_orientem: { gen: "советника по Ориентему" },
  adviser_britonia: { gen: "советника по Бритонии" },
  ruler_norsland: { gen: "правителя Норсленда" },
  ruler_orientem: { gen: "правителя Ориентема" },
  ruler_britonia: { gen: "правителя Бритонии" },
};

/** The word in a case for the reader, or undefined when it has no declined form here. */
export function wordInCase(lang: Lang, id: string, grammaticalCase: NameCase): string | undefined {
  return lang === "ru" ? WORD_CASES_RU[id]?.[grammaticalCase] : undefined;
}
