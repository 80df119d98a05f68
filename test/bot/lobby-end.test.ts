import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "../../src/i18n/index.js";
import { contentOf, startHarness, textOf, type Harness } from "./harness.js";

/** A game ended from its lobby: no reveal claimed, its status still answered, its outbox settles. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness(3);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe("/game end in the lobby", () => {
  it("says the game closed without a reveal, and /game status then shows it ended", async () => {
    const gm = h.guild.ownerId;
    await h.slash(gm, "game create", { ruleset: "classic", name: "Рано" });
    await h.slash(h.guild.members[0]?.id ?? "", "game join");
    const [game] = await h.service.db.query.games.findMany();
    expect(contentOf(await h.slash(gm, "game end"))).toBe(t("ru", "game.closed_lobby", { name: "Рано" }));
    const status = textOf(await h.slash(gm, "game status", { game: game?.id ?? "" }));
    expect(status).toContain("Рано");
    expect(status).toContain(t("ru", "state.ended"));
    // The end's effects (a reconcile of a game that never started) go out, none waiting or failed.
    const result = await h.drain(game?.id ?? "");
    expect(result).toMatchObject({ failed: 0 });
    expect(result.retryAt).toBeUndefined();
  });
});
