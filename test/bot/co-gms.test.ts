import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, games, inputs } from "../../src/db/schema/index.js";
import { t } from "../../src/i18n/index.js";
import { refusedSlash } from "./refusals.js";
import { contentOf, startHarness, type Harness, type Json } from "./harness.js";

/**
 * Co-GMs through slash commands on the emulator: the server's GM role and Manage Server make
 * GMs of every game, `/gm add` and `/gm remove` keep each game's own GMs, `/game status` lists
 * them, every refusal changes nothing, and the end-of-game log names the GM of every GM action.
 */

let h: Harness;
let owner: string;
let users: string[];
let gmRole: string;
let gameId = "";
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);
const u = (i: number) => users[i - 1] ?? "";
// player7 holds the server's GM role and creates the game; player8 becomes a co-GM by /gm add;
// player9 holds the GM role and acts without being added; the owner has Manage Server.
const creator = () => u(7);
const coGm = () => u(8);
const roleGm = () => u(9);

beforeAll(async () => {
  h = await startHarness(9);
  owner = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
  gmRole = h.emu.createRole(h.guild.id, { name: "Ведущие" });
  h.emu.setMemberRoles(h.guild.id, creator(), [gmRole]);
  h.emu.setMemberRoles(h.guild.id, roleGm(), [gmRole]);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A refusal's answer, checking that the command changed nothing. */
const refused = (user: string, line: string, options: Json = {}) => refusedSlash(h, user, line, options);

async function gmRoom(): Promise<string> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, "gm")));
  return row?.discordId ?? "";
}

async function statusGms(user: string): Promise<string> {
  const embed = ((await h.slash(user, "game status"))["embeds"] as Json[])[0] ?? {};
  const field = (embed["fields"] as { name: string; value: string }[]).find(
    (f) => f.name === ru("status.gms"),
  );
  return field?.value ?? "";
}

describe("who may create a game", () => {
  it("with no GM role set only Manage Server creates; then the GM role too, never a plain member", async () => {
    expect(await refused(creator(), "game create", { ruleset: "classic", name: "Осень" })).toBe(
      ru("game.create_forbidden"),
    );
    const saved = contentOf(await h.slash(owner, "settings", { gm_role: gmRole }));
    expect(saved).toContain(`<@&${gmRole}>`);
    expect(await refused(u(1), "game create", { ruleset: "classic", name: "Осень" })).toBe(
      ru("game.create_forbidden"),
    );
    // A misspelled option is refused with the ruleset's own keys, and nothing is created.
    const typo = await refused(creator(), "game create", {
      ruleset: "classic",
      name: "Осень",
      options: '{"revealNightRole": true}',
    });
    expect(typo).toContain("revealNightRole (revealNightRoles?)");
    expect(typo).toContain("voteReasonRequired, duel, revealNightRoles");
    const created = contentOf(await h.slash(creator(), "game create", { ruleset: "classic", name: "Осень" }));
    expect(created).toContain("«Осень»");
    const [game] = await h.database.db.select().from(games);
    gameId = game?.id ?? "";
    expect(game?.createdBy).toBe(creator());
  });
});

describe("two GMs run one game", () => {
  it("the creator adds a co-GM with /gm add; players are refused and nothing changes", async () => {
    for (let i = 1; i <= 5; i++) await h.slash(u(i), "game join");
    expect(await refused(u(1), "gm add", { user: u(6) })).toBe(ru("game.gm_only"));
    expect(await refused(creator(), "gm add", { user: u(1) })).toBe(ru("gm.add_player"));
    expect(contentOf(await h.slash(creator(), "gm add", { user: coGm() }))).toBe(
      ru("gm.added", { user: "player8", name: "Осень" }),
    );
    expect(await refused(creator(), "gm add", { user: coGm() })).toBe(ru("gm.already_gm"));
    expect(await statusGms(u(1))).toBe(`<@${creator()}>, <@${coGm()}>`);
  });

  it("the co-GM assigns the roles and starts the game, and sits in the GM room", async () => {
    const roles = [
      { role: "maniac" },
      { role: "mafia", faction: "italians" },
      { role: "doctor" },
      { role: "citizen" },
      { role: "citizen" },
    ];
    expect(await refused(u(2), "game assign", { user: u(1), role: "maniac" })).toBe(ru("game.gm_only"));
    for (const [i, setup] of roles.entries())
      await h.slash(coGm(), "game assign", { user: u(i + 1), ...setup });
    expect(await refused(u(1), "game start")).toBe(ru("game.gm_only"));
    expect(contentOf(await h.slash(coGm(), "game start"))).toContain("«Осень»");
    await h.drain(gameId);
    const room = await gmRoom();
    expect(h.emu.canView(coGm(), room)).toBe(true);
    expect(h.emu.canView(creator(), room)).toBe(true);
    expect(h.emu.canView(u(1), room)).toBe(false);
  });

  it("a member with the GM role and the owner act as GMs without being added", async () => {
    expect(contentOf(await h.slash(roleGm(), "gm extend", { minutes: 30 }))).toContain(
      "Срок сдвинут на 30 минут.",
    );
    expect(contentOf(await h.slash(roleGm(), "gm pause"))).toBe(ru("gm.paused"));
    expect(await refused(u(2), "gm resume")).toBe(ru("game.gm_only"));
    expect(contentOf(await h.slash(owner, "gm resume"))).toBe(ru("gm.resumed"));
    expect(contentOf(await h.slash(owner, "gm announce", { text: "Вечер будет длинным." }))).toBe(
      ru("gm.announced"),
    );
    expect(contentOf(await h.slash(u(1), "order", { action: "kill", target: "p3" }))).toContain("player3");
    expect(
      contentOf(await h.slash(roleGm(), "gm order", { player: u(1), action: "kill", target: "p4" })),
    ).toBe(ru("gm.order_done", { player: "player1", action: "Убить → player4" }));
    // classic kills a modkilled player at the resolution: the answer says it is recorded, not done.
    expect(contentOf(await h.slash(coGm(), "gm modkill", { player: u(5) }))).toBe(
      ru("gm.deferred", { action: "модкилл", ruleset: "Классическая мафия: два клана" }),
    );
    // They act, but the game's own GMs stay the two it has.
    expect(await statusGms(u(3))).toBe(`<@${creator()}>, <@${coGm()}>`);
  });

  it("the game keeps one GM of its own; the creator may be removed while another remains", async () => {
    expect(await refused(u(1), "gm remove", { user: coGm() })).toBe(ru("game.gm_only"));
    expect(await refused(roleGm(), "gm remove", { user: roleGm() })).toBe(ru("gm.not_listed"));
    expect(contentOf(await h.slash(coGm(), "gm remove", { user: creator() }))).toBe(
      ru("gm.removed", { user: "player7", name: "Осень" }),
    );
    expect(await statusGms(u(1))).toBe(`<@${coGm()}>`);
    expect(await refused(coGm(), "gm remove", { user: coGm() })).toBe(ru("gm.last_gm"));
    // The creator keeps the server's GM role, so still acts; and adds himself back.
    expect(contentOf(await h.slash(creator(), "gm add", { user: creator() }))).toBe(
      ru("gm.added", { user: "player7", name: "Осень" }),
    );
    expect(contentOf(await h.slash(creator(), "gm remove", { user: coGm() }))).toBe(
      ru("gm.removed", { user: "player8", name: "Осень" }),
    );
    await h.drain(gameId);
    expect(h.emu.canView(coGm(), await gmRoom())).toBe(false);
    expect(await refused(coGm(), "gm pause")).toBe(ru("game.gm_only"));
  });

  it("the log names the GM of every GM action, in the database and in the reveal's chronicle", async () => {
    const byWhom = await h.database.db
      .select({ userId: inputs.userId, name: inputs.actorName, type: inputs.type, payload: inputs.payload })
      .from(inputs)
      .where(eq(inputs.gameId, gameId))
      .orderBy(asc(inputs.seq));
    const gmInputs = byWhom.filter((i) => i.type === "gm" || i.type === "control");
    expect(gmInputs.length).toBeGreaterThan(8);
    for (const input of gmInputs) expect(input.name, JSON.stringify(input)).toBeTruthy();
    const ownerName = gmInputs.find((i) => i.userId === owner)?.name ?? "";
    expect(contentOf(await h.slash(creator(), "game end"))).toBe(ru("game.ended_done", { name: "Осень" }));
    await h.drain(gameId);
    const [paper] = await h.database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, "newspaper")));
    const reveal = h.emu
      .messages(paper?.discordId ?? "")
      .find((m) => /game-log\.txt/.test(JSON.stringify(m["attachments"] ?? [])));
    const files = (reveal?.["attachments"] ?? []) as { filename: string; url: string }[];
    const text = await (await fetch(files.find((f) => f.filename === "game-log.txt")?.url ?? "")).text();
    expect(text).toContain("Действия ведущих");
    expect(text).toContain("До начала · player7: add_gm");
    expect(text).toContain("До начала · player8: assign");
    expect(text).toContain("До начала · player8: start");
    expect(text).toContain("Ночь 0 · player9: extend");
    expect(text).toContain(`Ночь 0 · ${ownerName}: announce`);
    expect(text).toContain("Ночь 0 · player8: modkill → player5");
    expect(text).toContain("Ночь 0 · player9: kill [player1] → player4");
    expect(text).toContain("Ночь 0 · player7: remove_gm");
    const log = (await (
      await fetch(files.find((f) => f.filename === "game-log.json")?.url ?? "")
    ).json()) as {
      replay: { inputs: { type: string; by?: string; payload: { action?: string } }[] };
    };
    const modkill = log.replay.inputs.find((i) => i.type === "gm" && i.payload.action === "modkill");
    expect(modkill?.by).toBe("player8");
    // A GM's order for a seat names its GM; the players' own orders name no account.
    const orders = log.replay.inputs.filter((i) => i.type === "action");
    expect(orders.map((i) => i.by)).toEqual([undefined, "player9"]);
  });
});
