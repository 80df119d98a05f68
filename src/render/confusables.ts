import unhomoglyph from "unhomoglyph";

/**
 * Names that read alike: Unicode TR39 skeletons ("Security Mechanisms", §4 Confusable
 * Detection). `skeleton(x)` is NFD(map(NFD(x))) where `map` replaces every character by its
 * prototype from Unicode's confusables.txt: the table of the `unhomoglyph` package (nodeca,
 * confusables.txt of Unicode 13.0: Latin, Cyrillic, Greek, Armenian, Cherokee, the mathematical
 * alphabets, full-width forms, digits like 0/O and 1/l, …). "Anna" and "Аnna" (a Cyrillic А)
 * have the same skeleton. Two seats of one game may not have names that are confusable
 * (docs/names-and-pings.md): the same skeleton, with or without case (TR39's skeleton keeps case,
 * so "ANNA" and "anna" are compared lowercased as well), spaces collapsed and ends trimmed.
 */

/** TR39 skeleton of a string. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD")).normalize("NFD");
}

function keysOf(name: string): string[] {
  const plain = name.replace(/\s+/gu, " ").trim();
  return [skeleton(plain), skeleton(plain.toLowerCase())];
}

/** Whether two names would be confused: the same skeleton, as written or lowercased. */
export function confusable(a: string, b: string): boolean {
  const [a1, a2] = keysOf(a);
  const [b1, b2] = keysOf(b);
  return a1 === b1 || a2 === b2;
}

/** The first of `others` that reads like `name`, if any. */
export function confusableWith(name: string, others: Iterable<string>): string | undefined {
  for (const other of others) if (confusable(name, other)) return other;
  return undefined;
}
