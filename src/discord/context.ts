import type { AutocompleteInteraction, ChatInputCommandInteraction } from "discord.js";
import type { BotDeps } from "../bot/bot.js";
import type { Db } from "../db/client.js";
import type { Lang } from "../engine/types.js";
import type { Actor, AfterCommit, DeadlineRow, GameService } from "../games/service.js";
import type { Logger } from "../log.js";

/** What the bot needs of the scheduler (src/jobs/scheduler.ts): enqueue after a commit. */
export interface Scheduling {
  enqueueDeadlines(rows: readonly DeadlineRow[]): Promise<void>;
  requestDrain(gameId: string, committedVersion?: number): Promise<void>;
}

/** Everything a command handler uses, bound to one interaction's server language. */
export interface Ctx {
  deps: BotDeps;
  db: Db;
  service: GameService;
  /** The member acting (their server-wide GM standing), null outside an interaction in a server. */
  actor: Actor | null;
  lang: Lang;
  log: Logger;
  /** After a committed mutation: enqueue its deadlines, ask the worker to drain the outbox. */
  after(gameId: string, committed: AfterCommit): Promise<void>;
}

/** One slash command: builder data and its handlers. */
export interface Command {
  data: { name: string; toJSON(): unknown };
  execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(ctx: Ctx, interaction: AutocompleteInteraction): Promise<void>;
}

/**
 * A stable compact key of an offer's params, for choice values and custom ids:
 * `executor=p3`. Empty for no params.
 */
export function paramsKey(params: Record<string, unknown> | undefined): string {
  if (!params) return "";
  return Object.entries(params)
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(",");
}
