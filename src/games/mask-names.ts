import { createHash } from "node:crypto";
import type { Lang } from "../engine/types.js";

/**
 * Mask names dealt from the game seed: an adjective and a creature, all masculine in Russian so
 * that they agree («Серебряный Ворон»). Deterministic: the same seed gives the same masks in the
 * same seat order, so a re-deal after a crash changes nothing.
 */

const ADJECTIVES: readonly (readonly [string, string])[] = [
  ["Silver", "Серебряный"],
  ["Scarlet", "Алый"],
  ["Grey", "Серый"],
  ["Golden", "Золотой"],
  ["Black", "Чёрный"],
  ["White", "Белый"],
  ["Azure", "Лазурный"],
  ["Crimson", "Багряный"],
  ["Emerald", "Изумрудный"],
  ["Copper", "Медный"],
  ["Iron", "Железный"],
  ["Amber", "Янтарный"],
  ["Violet", "Фиолетовый"],
  ["Ashen", "Пепельный"],
  ["Bronze", "Бронзовый"],
  ["Pale", "Бледный"],
];

const CREATURES: readonly (readonly [string, string])[] = [
  ["Raven", "Ворон"],
  ["Fox", "Лис"],
  ["Wolf", "Волк"],
  ["Owl", "Филин"],
  ["Lynx", "Рысь"],
  ["Falcon", "Сокол"],
  ["Bear", "Медведь"],
  ["Heron", "Журавль"],
  ["Badger", "Барсук"],
  ["Stag", "Олень"],
  ["Hawk", "Ястреб"],
  ["Boar", "Кабан"],
  ["Swan", "Лебедь"],
  ["Hare", "Заяц"],
  ["Serpent", "Змей"],
  ["Bull", "Бык"],
];

/** A small seeded PRNG (mulberry32) keyed by a hash of the seed, for shuffles outside the engine. */
export function seededRandom(key: string): () => number {
  let a = createHash("sha256").update(key).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swapped = out[i] as T;
    out[i] = out[j] as T;
    out[j] = swapped;
  }
  return out;
}

/**
 * `count` distinct mask names for a game seed, in the seat order they are dealt. Adjectives and
 * creatures are each used once before any repeats, so masks are easy to tell apart.
 */
export function dealMaskNames(seed: number | string, count: number, lang: Lang): string[] {
  const random = seededRandom(`masks:${seed}`);
  const adjectives = shuffled(ADJECTIVES, random);
  const creatures = shuffled(CREATURES, random);
  const langIndex = lang === "ru" ? 1 : 0;
  const names: string[] = [];
  const seen = new Set<string>();
  for (let n = 0; names.length < count; n++) {
    const adjective = adjectives[n % adjectives.length] as readonly [string, string];
    const creature = creatures[(n + Math.floor(n / creatures.length)) % creatures.length] as readonly [
      string,
      string,
    ];
    let name = `${adjective[langIndex]} ${creature[langIndex]}`;
    if (seen.has(name)) name = `${name} ${Math.floor(n / creatures.length) + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    names.push(name);
  }
  return names;
}

/** The name a speaker has in a night chat of the appearances mode: nobody. */
export function anonymousName(lang: Lang): string {
  return lang === "ru" ? "Некто" : "Someone";
}
