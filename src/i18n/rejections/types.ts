/** A part of the Russian rejection table: by English reason, by namespaced code, by pattern. */
export interface RejectionTable {
  /** Keyed by the exact English reason the rules files give. */
  byReason?: Record<string, string>;
  /** Keyed by `<ruleset>.<id>`, for reasons that carry extra text (clans appends the id). */
  byCode?: Record<string, string>;
  /** Reasons with run-time parts: the captured parts are kept in the Russian. */
  patterns?: readonly RejectionPattern[];
}

export interface RejectionPattern {
  /** Anchored at both ends. */
  en: RegExp;
  /** A replacement string (`$1`, `$2`, …) or a function of the match. */
  ru: string | ((match: RegExpExecArray) => string);
}
