import { Errors } from "../errors.js";
import { checkWebhookName, FormErrors, Maximum, MaximumErrors } from "../limits.js";
import { ChannelType, type MessageRec, type WebhookRec } from "../model.js";
import { P } from "../permissions.js";
import { type FileUpload, type Json, mintToken, str } from "./common.js";
import type { EmulatorState } from "./index.js";

/** Channel webhooks and the messages executed through them. */
export class Webhooks {
  readonly byId = new Map<string, WebhookRec>();

  constructor(private readonly root: EmulatorState) {}

  create(actor: string, channelId: string, body: Json): WebhookRec {
    const { access } = this.root;
    const ch = access.channelFor(actor, channelId);
    if (ch.thread || ch.type === ChannelType.GuildCategory) throw Errors.wrongChannelType();
    access.require(actor, ch.id, P.MANAGE_WEBHOOKS);
    const name = str(body["name"]);
    const errors = new FormErrors();
    if (!name) errors.add(["name"], "BASE_TYPE_REQUIRED", "This field is required");
    checkWebhookName("name", name, errors);
    errors.throwIfAny();
    let inChannel = 0;
    for (const w of this.byId.values()) if (w.channel_id === ch.id) inChannel++;
    if (inChannel >= Maximum.webhooksPerChannel) throw MaximumErrors.webhooks();
    const id = this.root.ids.next();
    const w: WebhookRec = {
      id,
      token: mintToken(id, "W"),
      channel_id: ch.id,
      guild_id: ch.guild_id,
      name,
      avatar: null,
      creator_id: actor,
      application_id: this.root.users.isBot(actor) ? this.root.applicationId : null,
    };
    this.byId.set(id, w);
    return w;
  }

  inChannel(actor: string, channelId: string): WebhookRec[] {
    const { access } = this.root;
    const ch = access.channelFor(actor, channelId);
    access.require(actor, ch.id, P.MANAGE_WEBHOOKS);
    return [...this.byId.values()].filter((w) => w.channel_id === ch.id);
  }

  execute(w: WebhookRec, body: Json, files: FileUpload[], threadId: string | null): MessageRec {
    const errors = new FormErrors();
    checkWebhookName("username", body["username"], errors);
    errors.throwIfAny();
    let target = w.channel_id;
    if (threadId) {
      const t = this.root.channels.byId.get(threadId);
      if (!t?.thread || t.parent_id !== w.channel_id) throw Errors.unknownChannel();
      target = t.id;
    }
    return this.root.messages.create(w.creator_id, target, body, files, {
      webhook: {
        id: w.id,
        username: str(body["username"], w.name),
        avatar_url: body["avatar_url"] ? str(body["avatar_url"]) : null,
      },
    });
  }

  json(w: WebhookRec, withToken: boolean): Json {
    const out: Json = {
      id: w.id,
      type: 1,
      guild_id: w.guild_id,
      channel_id: w.channel_id,
      name: w.name,
      avatar: w.avatar,
      application_id: w.application_id,
      user: this.root.users.json(w.creator_id),
    };
    if (withToken) out["token"] = w.token;
    return out;
  }
}
