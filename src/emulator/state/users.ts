import { Errors } from "../errors.js";
import type { UserRec } from "../model.js";
import { type Json, mintToken } from "./common.js";
import type { EmulatorState } from "./index.js";

/** Users and their tokens. */
export class Users {
  readonly byId = new Map<string, UserRec>();
  /** Token → user id, for authenticating REST and gateway sessions. */
  readonly byToken = new Map<string, string>();

  constructor(private readonly root: EmulatorState) {}

  create(o: { username: string; bot?: boolean; globalName?: string; locale?: string }): UserRec {
    const id = this.root.ids.next();
    const u: UserRec = {
      id,
      username: o.username,
      global_name: o.globalName ?? null,
      bot: o.bot ?? false,
      token: mintToken(id, o.bot ? "B" : "U"),
      locale: o.locale ?? "en-US",
    };
    this.byId.set(id, u);
    this.byToken.set(u.token, id);
    return u;
  }

  get(id: string): UserRec {
    const u = this.byId.get(id);
    if (!u) throw Errors.unknownUser();
    return u;
  }

  isBot(id: string): boolean {
    return this.byId.get(id)?.bot === true;
  }

  json(id: string): Json {
    const u = this.get(id);
    const out: Json = {
      id: u.id,
      username: u.username,
      avatar: null,
      discriminator: "0",
      public_flags: 0,
      flags: 0,
      global_name: u.global_name,
      primary_guild: null,
      accent_color: null,
      avatar_decoration_data: null,
      collectibles: null,
      display_name_styles: null,
      banner: null,
    };
    if (u.bot) out["bot"] = true;
    return out;
  }
}
