import type { MessageRec } from "./model.js";

/**
 * An interaction's record (what the emulator keeps of it) and the handle a test awaits the bot's
 * answers on.
 */

type Json = Record<string, unknown>;

export const InteractionType = {
  Ping: 1,
  ApplicationCommand: 2,
  MessageComponent: 3,
  Autocomplete: 4,
  ModalSubmit: 5,
} as const;

export interface InteractionEvent {
  kind: "callback" | "edit" | "followup" | "delete" | "failed";
  /** The callback type (for kind "callback"). */
  type?: number;
  /** The message as the user sees it after this event. */
  message?: Json;
  /** The callback's data (modal, autocomplete choices, message body). */
  data?: Json;
  at: number;
}

export interface InteractionRec {
  id: string;
  token: string;
  type: number;
  userId: string;
  guildId: string;
  channelId: string;
  data: Json;
  commandName: string;
  /** The message a component was on. */
  source?: MessageRec;
  /** For a modal submit: the interaction that opened the modal. */
  trigger?: InteractionRec;
  createdAt: number;
  acked: boolean;
  ackType: number | null;
  failed: boolean;
  originalId: string | null;
  deferredFollowupPending: boolean;
  ephemeral: boolean;
  followups: string[];
  events: InteractionEvent[];
  waiters: Set<() => void>;
  timer: NodeJS.Timeout | null;
}

export interface InteractionOptions {
  /** Time the bot has for its first answer (Discord: 3 s). */
  ackWindowMs: number;
  /** Lifetime of the interaction token (Discord: 15 min). */
  tokenLifetimeMs: number;
}

/** What a test gets back when a user invokes something: await the bot's answers on it. */
export class InteractionHandle {
  readonly rec: InteractionRec;
  private readonly render: (id: string) => Json | null;
  constructor(rec: InteractionRec, render: (id: string) => Json | null) {
    this.rec = rec;
    this.render = render;
  }
  get id(): string {
    return this.rec.id;
  }
  get token(): string {
    return this.rec.token;
  }
  /** True when the bot did not answer within the window ("This interaction failed"). */
  get failed(): boolean {
    return this.rec.failed;
  }
  events(): InteractionEvent[] {
    return [...this.rec.events];
  }
  /** Resolves with the first event (past or future) matching `pred`. */
  waitFor(pred: (e: InteractionEvent) => boolean, timeoutMs = 5000): Promise<InteractionEvent> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const hit = this.rec.events.find(pred);
        if (hit) {
          this.rec.waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        this.rec.waiters.delete(check);
        reject(
          new Error(
            `interaction ${this.rec.commandName}: no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.rec.events.map((e) => e.kind + (e.type ?? "")))}`,
          ),
        );
      }, timeoutMs);
      if (!check()) this.rec.waiters.add(check);
    });
  }
  /** The bot's first answer (callback type and data), or rejects if the interaction failed. */
  async callback(timeoutMs = 5000): Promise<{ type: number; data: Json }> {
    const e = await this.waitFor((x) => x.kind === "callback" || x.kind === "failed", timeoutMs);
    if (e.kind === "failed")
      throw new Error(`interaction ${this.rec.commandName} failed: the bot did not answer in time`);
    return { type: e.type ?? 0, data: e.data ?? {} };
  }
  /** The original response once it has content: a type 4/7 answer, or the first edit after a deferral. */
  async reply(timeoutMs = 5000): Promise<Json> {
    const e = await this.waitFor(
      (x) =>
        x.kind === "failed" ||
        (x.kind === "callback" && (x.type === 4 || x.type === 7)) ||
        (x.kind === "edit" && x.data?.["original"] === true),
      timeoutMs,
    );
    if (e.kind === "failed")
      throw new Error(`interaction ${this.rec.commandName} failed: the bot did not answer in time`);
    return e.message ?? {};
  }
  /** The n-th follow-up message (0-based). */
  async followUp(n = 0, timeoutMs = 5000): Promise<Json> {
    await this.waitFor(() => this.rec.events.filter((x) => x.kind === "followup").length > n, timeoutMs);
    return this.rec.events.filter((x) => x.kind === "followup")[n]?.message ?? {};
  }
  async modal(timeoutMs = 5000): Promise<Json> {
    const cb = await this.callback(timeoutMs);
    if (cb.type !== 9) throw new Error(`expected a modal (9), the bot answered ${cb.type}`);
    return cb.data;
  }
  async choices(timeoutMs = 5000): Promise<{ name: string; value: string | number }[]> {
    const cb = await this.callback(timeoutMs);
    if (cb.type !== 8) throw new Error(`expected autocomplete choices (8), the bot answered ${cb.type}`);
    return (cb.data["choices"] ?? []) as { name: string; value: string | number }[];
  }
  /** The original message as it is now (null if none yet). */
  original(): Json | null {
    return this.rec.originalId ? this.render(this.rec.originalId) : null;
  }
}
