import type { Json } from "./types.js";

/** Params of a text template or a refusal (JSON values), read for their message. */

/** A param as text: a string as it is, absent or null empty, any other value by `String`. */
export const paramText = (value: Json | undefined): string =>
  typeof value === "string" ? value : String(value ?? "");

/** A param as a number: 0 when it is not one. */
export const paramNumber = (value: Json | undefined): number => (typeof value === "number" ? value : 0);

/** A param as a list of texts: empty when it is not a list. */
export const paramList = (value: Json | undefined): string[] =>
  Array.isArray(value) ? value.map((item) => paramText(item)) : [];
