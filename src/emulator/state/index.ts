import { SnowflakeGenerator } from "../snowflake.js";
import { Access } from "./access.js";
import { Channels } from "./channels.js";
import { Commands } from "./commands.js";
import type { DispatchListener, DispatchScope, Json, StateOptions } from "./common.js";
import { Guilds } from "./guilds.js";
import { Messages } from "./messages.js";
import { Reactions } from "./reactions.js";
import { Threads } from "./threads.js";
import { Users } from "./users.js";
import { Webhooks } from "./webhooks.js";
import type { UserRec } from "../model.js";

export {
  Intents,
  type DispatchListener,
  type DispatchScope,
  type FileUpload,
  type StateOptions,
} from "./common.js";
export { CHANNEL_OBFUSCATED, OBFUSCATED_NAME } from "./channels.js";
export { normalizeComponents } from "./messages.js";
export { DiscordError } from "../errors.js";

/**
 * The emulated Discord's whole state, one store per Discord resource. Each store keeps its
 * records and the operations Discord's API offers on them, with Discord's checks; stores reach
 * one another through this root, and every change is announced through `dispatch` for the
 * gateway to deliver.
 */
export class EmulatorState {
  readonly ids = new SnowflakeGenerator();
  readonly opts: StateOptions;
  readonly users = new Users(this);
  readonly guilds = new Guilds(this);
  readonly access = new Access(this);
  readonly channels = new Channels(this);
  readonly threads = new Threads(this);
  readonly messages = new Messages(this);
  readonly reactions = new Reactions(this);
  readonly commands = new Commands(this);
  readonly webhooks = new Webhooks(this);
  /** The application's bot user: the emulator serves one application. */
  readonly bot: UserRec;
  readonly applicationId: string;
  private readonly listeners: DispatchListener[] = [];

  constructor(opts: StateOptions) {
    this.opts = opts;
    this.bot = this.users.create({ username: opts.botName ?? "GM Bot", bot: true });
    this.applicationId = this.bot.id;
  }

  onDispatch(l: DispatchListener): void {
    this.listeners.push(l);
  }

  dispatch(event: string, data: Json, scope: DispatchScope): void {
    for (const l of this.listeners) l(event, data, scope);
  }
}
