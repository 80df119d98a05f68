import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DiscordError } from "../../src/emulator/index.js";
import { identityOf, isNightChat, maskNames } from "../../src/games/masks.js";
import { speakerIn } from "../../src/discord/masks/speak.js";
import type { AnyGameState } from "../../src/engine/types.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { createMigratedDatabase } from "../support/db.js";
import { maskedGame, sayAndDeliver } from "./support.js";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeEach(async () => {
  database = await createMigratedDatabase();
});
afterEach(async () => {
  await database.drop();
});

type Char = { id: string; appearance: string; currentAppearance: string };
const chars = (state: AnyGameState) => state.players as unknown as Char[];

describe("regnum: speaking under appearances", () => {
  it("day chats show the current appearance, night chats nobody; doubles speak as the appearance they took", async () => {
    const env = await maskedGame(database.db, { ruleset: "regnum", size: 12 });
    try {
      const ruleset = rulesetOrThrow("regnum");
      const seats = await env.service.players(env.game.id);
      const userOf = new Map(seats.map((s) => [s.seatId, s.userId]));
      expect(isNightChat(ruleset, "general")).toBe(true);
      expect(isNightChat(ruleset, "palace")).toBe(true);
      expect(isNightChat(ruleset, "parliament")).toBe(false);
      let state = await env.service.state(env.game.id);
      const [a, b] = chars(state);
      if (!a || !b) throw new Error("no players");
      const base = {
        mode: "appearances" as const,
        ruleset,
        gameId: env.game.id,
        seed: 7,
        mask: undefined,
        lang: "ru" as const,
      };
      const as = (s: AnyGameState, seatId: string, chatId: string) =>
        identityOf({ ...base, state: s, seatId, chatId });
      expect(as(state, a.id, "parliament").username).toBe(a.appearance);
      expect(as(state, a.id, "general")).toEqual({ username: "Некто", avatarKey: null, avatarUrl: null });
      expect((await maskNames(database.db, env.game.id)).get(a.id)).toBe(a.appearance);

      // a takes b's appearance (the GM's set_appearance, as an elder's take_appearance ends up).
      const changed = await env.service.gm(env.game.id, env.gm, {
        action: "set_appearance",
        targets: [a.id],
        params: { appearance: b.appearance },
      });
      expect(changed.value.accepted).toBe(true);
      state = await env.service.state(env.game.id);
      const double = as(state, a.id, "parliament");
      expect(double.username).toBe(b.appearance);
      expect(double.avatarKey).toBe(as(state, b.id, "parliament").avatarKey); // the same face
      expect(as(state, a.id, "general").username).toBe("Некто");
      expect((await maskNames(database.db, env.game.id)).get(a.id)).toBe(b.appearance);
      // ... and back in his own appearance he speaks as himself again.
      await env.service.gm(env.game.id, env.gm, {
        action: "set_appearance",
        targets: [a.id],
        params: { appearance: a.appearance },
      });
      state = await env.service.state(env.game.id);
      expect(as(state, a.id, "parliament").username).toBe(a.appearance);

      // Through Discord: every chat a seat may write in now relays under the right name; direct posts are refused.
      let relayed = 0;
      for (const chat of ruleset.chatLayout(state)) {
        if (chat.purpose || chat.writers.length === 0) continue;
        const channel = await env.channelOf(`chat:${chat.id}`);
        const writer = chat.writers[0] ?? "";
        expect(() => env.emu.user(userOf.get(writer) ?? "").send(channel, "direct")).toThrow(DiscordError);
        const speaker = await speakerIn(env.deps, channel, userOf.get(writer) ?? "");
        const said = await sayAndDeliver(env.deps, speaker, { key: `say-${chat.id}`, text: `in ${chat.id}` });
        expect(said.status).toBe("done");
        const message = env.emu.messages(channel).find((m) => m["id"] === said.messageId);
        const author = (message?.["author"] as { username?: string } | undefined)?.username;
        const me = chars(state).find((p) => p.id === writer);
        expect(author).toBe(isNightChat(ruleset, chat.id) ? "Некто" : me?.currentAppearance);
        relayed++;
      }
      expect(relayed).toBeGreaterThan(0);
    } finally {
      await env.emu.close();
    }
  }, 90_000);
});
