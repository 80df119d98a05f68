import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { chats } from "../../src/db/schema/index.js";
import type { Lang } from "../../src/engine/types.js";
import { t } from "../../src/i18n/index.js";
import { collectShown, problems } from "../support/texts.js";
import { contentOf, type Harness, type Json } from "./harness.js";

/**
 * A game table on a started harness, set up as a GM and players do it: the server's language,
 * `/game create`, every seat's `/game join` (seat N is the N-th member of the guild), the GM's
 * `/game assign` where the test names roles, `/game start`, and the first delivery. Its helpers
 * find the game's Discord channels and read them, move the phases as the GM or the worker does,
 * and check everything the bot showed meanwhile for text a reader should never see.
 */
export interface TableSpec {
  lang: Lang;
  ruleset: string;
  name: string;
  seats: number;
  /** `/game assign` options per seat number (1-based), e.g. `{ role: "doctor" }`. */
  assign?: Record<number, Json>;
  /** `/game create` options beyond ruleset and name (options JSON, masks, publish…). */
  create?: Json;
  /** Runs in the lobby, after the joins and before the start (commands as `slash(user, line)`). */
  inLobby?: (slash: (userId: string, line: string, options?: Json) => Promise<Json>) => Promise<void>;
}

export type Table = Awaited<ReturnType<typeof openTable>>;

export async function openTable(h: Harness, spec: TableSpec) {
  const gm = h.guild.ownerId;
  const members = h.guild.members.map((m) => m.id);
  const shown = collectShown(h.emu);
  const tr = (key: string, params: Record<string, string | number> = {}) => t(spec.lang, key, params);
  /** A command with the patience of a busy machine (the harness's `slash` waits 5 s). */
  const slash = async (userId: string, line: string, options: Json = {}, channel = h.lobby) =>
    (await h.emu.user(userId).slash(channel, line, options).reply(60_000)) as Json;

  await slash(gm, "settings", { language: spec.lang });
  const created = await slash(gm, "game create", { ruleset: spec.ruleset, name: spec.name, ...spec.create });
  expect(contentOf(created)).toContain(spec.name);
  const game = (await h.service.db.query.games.findMany()).find((g) => g.name === spec.name);
  if (!game) throw new Error(`no game ${spec.name}`);
  const id = game.id;
  /** The member sitting in seat `n` (1-based, the join order). */
  const user = (n: number) => members[n - 1] ?? "";
  for (let n = 1; n <= spec.seats; n++) {
    const joined = await slash(user(n), "game join", { game: spec.name });
    expect(contentOf(joined)).toContain(spec.name);
  }
  for (const [n, options] of Object.entries(spec.assign ?? {})) {
    const assigned = await slash(gm, "game assign", { game: spec.name, user: user(Number(n)), ...options });
    expect(contentOf(assigned)).not.toMatch(/^(Not accepted|Не принято)/);
  }
  await spec.inLobby?.(slash);
  const started = await slash(gm, "game start", { game: spec.name });
  expect(contentOf(started)).toContain(spec.name);
  await h.drain(id);

  const chatRow = async (key: string): Promise<string> => {
    const [row] = await h.database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, id), eq(chats.chatKey, key)));
    if (!row) throw new Error(`no ${key} in ${spec.name}`);
    return row.discordId;
  };
  /** The contents of a channel's messages, oldest first (edits applied). */
  const posts = (channel: string) => h.emu.messages(channel).map((m) => String(m["content"] ?? ""));
  const state = () => h.service.state(id);

  return {
    id,
    name: spec.name,
    lang: spec.lang,
    gm,
    user,
    tr,
    slash,
    /** A seat's command typed in the lobby (or `channel`), naming the game. */
    as: (n: number, line: string, options: Json = {}, channel = h.lobby) =>
      slash(user(n), line, { game: spec.name, ...options }, channel),
    /** A GM command naming the game. */
    gmDoes: (line: string, options: Json = {}) => slash(gm, line, { game: spec.name, ...options }),
    state,
    /** The Discord id of a ruleset chat (`town`), the newspaper (`newspaper`) or the GM room (`gm`). */
    channel: (chat: string) => chatRow(chat === "newspaper" || chat === "gm" ? chat : `chat:${chat}`),
    /** Seat N's own thread with the GMs. */
    personal: (n: number) => chatRow(`personal:p${n}`),
    posts,
    newspaper: async () => posts(await chatRow("newspaper")).join("\n"),
    gmRoom: async () => posts(await chatRow("gm")).join("\n"),
    drain: () => h.drain(id),
    /**
     * Seat N uses an orders panel: the select menu or button of `action` (the first whose label
     * contains `label`, if given), with `values` picked. The panel is the latest the bot posted in
     * his thread, or with `fresh` the one `/order` without an action shows him privately.
     */
    panel: async (n: number, action: string, values: string[] = [], label?: string, fresh = false) => {
      let last: Json | undefined;
      if (fresh) {
        last = await slash(user(n), "order", { game: spec.name });
      } else {
        const thread = await chatRow(`personal:p${n}`);
        last = h.emu
          .messages(thread)
          .filter((m) => Array.isArray(m["components"]) && (m["components"] as Json[]).length > 0)
          .at(-1);
      }
      if (!last) throw new Error(`no panel for seat ${n}`);
      const components = ((last["components"] ?? []) as { components: Json[] }[]).flatMap(
        (r) => r.components,
      );
      const found = components.find(
        (c) =>
          String(c["custom_id"]).endsWith(`:${action}`) &&
          (label === undefined || String(c["label"] ?? c["placeholder"] ?? "").includes(label)),
      );
      if (!found) throw new Error(`no ${action} on seat ${n}'s panel`);
      const actor = h.emu.user(user(n));
      const id = String(last["id"]);
      const handle =
        Number(found["type"]) === 2
          ? actor.click(id, String(found["custom_id"]))
          : actor.select(id, String(found["custom_id"]), values);
      return (await handle.reply(60_000)) as Json;
    },
    /** The GM's `/gm force`, then the worker's resolution and delivery. */
    force: async () => {
      expect(contentOf(await slash(gm, "gm force", { game: spec.name }))).toBe(tr("gm.forced"));
      await h.resolvePhase(id);
    },
    /**
     * A game created with `publish: review`: the GM presses Publish on the latest draft's card in
     * the GM room; its answer, then the delivery.
     */
    publish: async () => {
      const room = await chatRow("gm");
      const card = h.emu
        .messages(room)
        .filter((m) =>
          ((m["components"] ?? []) as { components: Json[] }[]).some((r) =>
            r.components.some((c) => String(c["custom_id"]).startsWith("review:publish:")),
          ),
        )
        .at(-1);
      if (!card) throw new Error("no draft card in the GM room");
      const button = ((card["components"] ?? []) as { components: Json[] }[])
        .flatMap((r) => r.components)
        .find((c) => String(c["custom_id"]).startsWith("review:publish:"));
      const answer = (await h.emu
        .user(gm)
        .click(String(card["id"]), String(button?.["custom_id"]))
        .reply(60_000)) as Json;
      await h.drain(id);
      return answer;
    },
    /** Resolves phases by the worker's path until the phase kind is `kind` (at most `max`). */
    resolveUntil: async (kind: string, max = 6) => {
      for (let i = 0; i < max && (await state()).phase.kind !== kind; i++) await h.resolvePhase(id);
      expect((await state()).phase.kind).toBe(kind);
    },
    /**
     * Everything the bot showed since the table opened (GM room included), each problem a
     * reader of the game's language should never meet (raw ids, keys, the other language,
     * empty fields, raw mentions).
     */
    textProblems: async (): Promise<string[]> => {
      const words = new Set<string>(["Ja", "Nein"]);
      const add = (s: string) => {
        words.add(s);
        for (const w of s.split(/[\s,.]+/)) if (w) words.add(w);
      };
      add(spec.name);
      for (const m of h.guild.members) add(m.username);
      for (const p of await h.service.players(id)) add(p.displayName);
      const bad = new Set<string>();
      for (const seen of shown.stop())
        for (const p of problems(seen, spec.lang, words))
          bad.add(`${seen.where}: ${p} in «${seen.text.slice(0, 300)}»`);
      return [...bad];
    },
  };
}
