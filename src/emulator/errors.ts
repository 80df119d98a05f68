/** Discord's JSON error form, with the real status and error codes. */
export class DiscordError extends Error {
  readonly status: number;
  readonly code: number;
  readonly errors: unknown;
  constructor(status: number, code: number, message: string, errors?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { message: this.message, code: this.code };
    if (this.errors !== undefined) out["errors"] = this.errors;
    return out;
  }
}

export const Errors = {
  unauthorized: () => new DiscordError(401, 0, "401: Unauthorized"),
  notFound: () => new DiscordError(404, 0, "404: Not Found"),
  methodNotAllowed: () => new DiscordError(405, 0, "405: Method Not Allowed"),
  unknownChannel: () => new DiscordError(404, 10003, "Unknown Channel"),
  unknownGuild: () => new DiscordError(404, 10004, "Unknown Guild"),
  unknownMember: () => new DiscordError(404, 10007, "Unknown Member"),
  unknownMessage: () => new DiscordError(404, 10008, "Unknown Message"),
  unknownOverwrite: () => new DiscordError(404, 10009, "Unknown Overwrite"),
  unknownRole: () => new DiscordError(404, 10011, "Unknown Role"),
  unknownUser: () => new DiscordError(404, 10013, "Unknown User"),
  unknownWebhook: () => new DiscordError(404, 10015, "Unknown Webhook"),
  unknownInteraction: () => new DiscordError(404, 10062, "Unknown interaction"),
  unknownCommand: () => new DiscordError(404, 10063, "Unknown application command"),
  missingAccess: () => new DiscordError(403, 50001, "Missing Access"),
  missingPermissions: () => new DiscordError(403, 50013, "Missing Permissions"),
  emptyMessage: () => new DiscordError(400, 50006, "Cannot send an empty message"),
  notAuthor: () => new DiscordError(403, 50005, "Cannot edit a message authored by another user"),
  wrongChannelType: () => new DiscordError(400, 50024, "Cannot execute action on this channel type"),
  invalidWebhookToken: () => new DiscordError(401, 50027, "Invalid Webhook Token"),
  archivedThread: () => new DiscordError(400, 50083, "Thread is archived"),
  alreadyAcknowledged: () => new DiscordError(400, 40060, "Interaction has already been acknowledged."),
  notAcknowledged: () => new DiscordError(400, 10015, "Unknown Webhook"),
  threadLocked: () => new DiscordError(403, 160005, "Thread is locked"),
  invalidForm: (errors: unknown) => new DiscordError(400, 50035, "Invalid Form Body", errors),
  interactionFailed: (why: string) => new DiscordError(400, 50035, `Invalid Form Body: ${why}`),
};

/** Builds the nested {_errors} object Discord returns for a field error. */
export function fieldError(path: string, code: string, message: string): unknown {
  const parts = path.split(".");
  let node: unknown = { _errors: [{ code, message }] };
  for (let i = parts.length - 1; i >= 0; i--) node = { [parts[i] ?? ""]: node };
  return node;
}
