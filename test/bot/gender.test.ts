import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberProfiles, players } from "../../src/db/schema/index.js";
import { renderText } from "../../src/engine/helpers.js";
import { displayContext, seatGenders } from "../../src/games/render.js";
import { t } from "../../src/i18n/index.js";
import { getRuleset } from "../../src/rulesets/index.js";
import { contentOf, startHarness, type Harness } from "./harness.js";

/**
 * A member says their grammatical gender once — `/settings gender` (anyone, for themselves) or
 * `/game join gender` — and every Russian line about their seat agrees with it; a member who
 * said nothing, under a name that tells none, gets lines that need no gender.
 */

let h: Harness;
let gm: string;
let users: string[];
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);
const u = (i: number) => users[i - 1] ?? "";

beforeAll(async () => {
  h = await startHarness(4);
  gm = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function hangedLine(gameId: string, seatId: string): Promise<string> {
  const seats = await h.service.players(gameId);
  const ruleset = getRuleset("classic");
  if (!ruleset) throw new Error("no classic");
  const ctx = displayContext(
    ruleset,
    "ru",
    new Map(seats.map((s) => [s.seatId, s.displayName])),
    "plain",
    seatGenders(seats),
  );
  return renderText(ruleset, { key: "hanged", params: { player: seatId, role: "citizen" } }, ctx);
}

describe("a seat's grammatical gender", () => {
  it("a member without Manage Server sets their own gender with /settings, but not the server's settings", async () => {
    await h.slash(gm, "settings", { language: "ru" });
    const saved = await h.slash(u(2), "settings", { gender: "f" });
    expect(contentOf(saved)).toBe(ru("settings.gender_saved", { gender: ru("settings.gender.f") }));
    const [profile] = await h.database.db
      .select()
      .from(memberProfiles)
      .where(eq(memberProfiles.userId, u(2)));
    expect(profile?.gender).toBe("f");
    expect(contentOf(await h.slash(u(2), "settings", { gender: "f", language: "en" }))).toBe(
      ru("settings.manage_only"),
    );
  });

  it("the seats carry what their players said, and the newspaper's Russian agrees with each", async () => {
    await h.slash(gm, "game create", { ruleset: "classic", name: "Род" });
    const [game] = await h.service.db.query.games.findMany();
    if (!game) throw new Error("no game");
    await h.slash(u(1), "game join", { gender: "m" });
    await h.slash(u(2), "game join");
    await h.slash(u(3), "game join");
    const seats = await h.database.db.select().from(players).where(eq(players.gameId, game.id));
    const seatOf = (user: string) => seats.find((s) => s.userId === user);
    expect(seatOf(u(1))?.gender).toBe("m");
    expect(seatOf(u(2))?.gender).toBe("f");
    expect(seatOf(u(3))?.gender).toBeNull();
    const name = (user: string) => seatOf(user)?.displayName ?? "";
    expect(await hangedLine(game.id, seatOf(u(1))?.seatId ?? "")).toBe(
      `${name(u(1))} повешен. Роль: Мирный житель.`,
    );
    expect(await hangedLine(game.id, seatOf(u(2))?.seatId ?? "")).toBe(
      `${name(u(2))} повешена. Роль: Мирный житель.`,
    );
    expect(await hangedLine(game.id, seatOf(u(3))?.seatId ?? "")).toBe(
      `${name(u(3))} отправляется на виселицу. Роль: Мирный житель.`,
    );
  });

  it("a said gender speaks only under the player's own name: a mask or an appearance tells none", () => {
    const seats = [{ seatId: "p1", displayName: "Вера", gender: "m" as const }];
    expect(seatGenders(seats, new Map([["p1", "Вера"]])).get("p1")).toBe("m");
    expect(seatGenders(seats, new Map([["p1", "A3"]])).has("p1")).toBe(false);
    const ruleset = getRuleset("classic");
    if (!ruleset) throw new Error("no classic");
    // Under the appearance «A3» nothing is known; under «Вера» the player's word beats the name.
    const masked = displayContext(
      ruleset,
      "ru",
      new Map([["p1", "A3"]]),
      "plain",
      seatGenders(seats, new Map([["p1", "A3"]])),
    );
    expect(masked.gender?.("p1")).toBeUndefined();
    const own = displayContext(ruleset, "ru", new Map([["p1", "Вера"]]), "plain", seatGenders(seats));
    expect(own.gender?.("p1")).toBe("m");
    // A name whose own gender disagrees with the seat's is not declined: «Вера» stays as written.
    expect(own.declined?.("p1", "acc")).toBeUndefined();
  });

  it("a change of mind with /settings reaches the seat already taken", async () => {
    const saved = await h.slash(u(3), "settings", { gender: "m" });
    expect(contentOf(saved)).toBe(ru("settings.gender_saved", { gender: ru("settings.gender.m") }));
    const [seat] = await h.database.db
      .select()
      .from(players)
      .where(eq(players.userId, u(3)));
    expect(seat?.gender).toBe("m");
    await h.slash(u(3), "settings", { gender: "none" });
    const [again] = await h.database.db
      .select()
      .from(players)
      .where(eq(players.userId, u(3)));
    expect(again?.gender).toBeNull();
  });
});
