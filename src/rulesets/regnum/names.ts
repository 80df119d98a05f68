import type { Lang } from "../../engine/types.js";

/**
 * The names of regnum's units, armies and countries in each language: one table for the public
 * lines (texts.ts), the battle images and the console's model view.
 */

const UNIT_NAMES: Record<string, { en: string; ru: string }> = {
  squad: { en: "squad", ru: "отряд" },
  snowmen: { en: "snowmen", ru: "отряд снеговиков" },
  fire_elemental: { en: "fire elemental", ru: "огненный элементаль" },
  water_elemental: { en: "water elemental", ru: "водный элементаль" },
  earth_elemental: { en: "earth elemental", ru: "земляной элементаль" },
  air_elemental: { en: "air elemental", ru: "воздушный элементаль" },
  electric_elemental: { en: "electric elemental", ru: "электрический элементаль" },
  wood_elemental: { en: "wood elemental", ru: "древесный элементаль" },
  multielemental: { en: "multielemental", ru: "мультиэлементаль" },
  zombies: { en: "zombies", ru: "отряд зомби" },
  mammoth: { en: "mammoth", ru: "мамонт" },
  flamethrower_robot: { en: "flamethrower robot", ru: "огнемётный робот" },
  waterproof_robot: { en: "waterproof robot", ru: "водонепроницаемый робот" },
  modified_robot: { en: "modified robot", ru: "модифицированный робот" },
};

const ARMY_NAMES: Record<string, { en: string; ru: string }> = {
  royal: { en: "Royal Armed Forces", ru: "Королевские ВС" },
  parliament: { en: "Parliamentary Armed Forces", ru: "Парламентские ВС" },
  inquisition: { en: "Inquisition forces", ru: "ВС Инквизиции" },
  aik: { en: "AIK forces", ru: "ВС АИК" },
  ksb: { en: "KSB forces", ru: "ВС КСБ" },
  ozd: { en: "Order forces (OZD)", ru: "ВС ОЗД" },
  darkness: { en: "Forces of Darkness", ru: "ВС Тьмы" },
  norsland: { en: "Norsland forces", ru: "ВС Норсленда" },
  orientem: { en: "Orientem forces", ru: "ВС Ориентема" },
  britonia: { en: "Britonia forces", ru: "ВС Бритонии" },
};

export const COUNTRY_NAMES: Record<string, { en: string; ru: string; ruIn: string; ruFem: boolean }> = {
  regnum: { en: "Regnum", ru: "Регнум", ruIn: "Регнуме", ruFem: false },
  norsland: { en: "Norsland", ru: "Норсленд", ruIn: "Норсленде", ruFem: false },
  orientem: { en: "Orientem", ru: "Ориентем", ruIn: "Ориентеме", ruFem: false },
  britonia: { en: "Britonia", ru: "Бритония", ruIn: "Бритонии", ruFem: true },
};

export function unitName(type: string, lang: Lang): string {
  return UNIT_NAMES[type]?.[lang] ?? type.replace(/_/g, " ");
}
export function armyName(army: string, lang: Lang): string {
  return ARMY_NAMES[army]?.[lang] ?? army;
}
export function countryName(country: string, lang: Lang): string {
  return COUNTRY_NAMES[country]?.[lang] ?? country;
}
