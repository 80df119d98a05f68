import type { Rejection } from "../engine/types.js";

/**
 * An expected refusal the user caused (not a bug): a message key of src/i18n with params, or
 * a rule's rejection from the engine. The Discord boundary answers it privately, localized.
 */
export class UserError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly rejection?: Rejection,
  ) {
    super(rejection ? `${rejection.code}: ${rejection.reason}` : key);
  }

  static fromRejection(rejection: Rejection): UserError {
    return new UserError("rule.rejected", { reason: rejection.reason, code: rejection.code }, rejection);
  }
}
