import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "../../src/i18n/index.js";
import { contentOf, startHarness, type Harness } from "./harness.js";
import { openTable } from "./tables.js";

/**
 * /vote in every ruleset that votes, as players type and pick it: mayor's verdicts (English),
 * clans' "against"/"for" (Russian), reichstag's Ja/Nein (English). Each receipt names the exact
 * choice; public votes are posted in the ruleset's vote chat with one tally edited in place.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness(12);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe("/vote in every ruleset's own terms", () => {
  it("mayor: verdicts КАЗНЬ/ИЗО/ВОЗДЕРЖАЛСЯ with a target; the receipt and the town hall name the exact verdict", async () => {
    const g = await openTable(h, { lang: "en", ruleset: "mayor", name: "Town", seats: 5 });
    await g.resolveUntil("day");
    const p1 = g.user(1);
    const offered = await h.choices(p1, "vote", { game: "Town", choice: "" }, "choice");
    const values = offered.map((c) => c.value);
    expect(values).toContain("verdict|choice=isolate>p3");
    expect(values).toContain("verdict|choice=abstain");
    expect(values.some((v) => v.endsWith(">p1"))).toBe(false);
    // Session 1: no execution (rule 5.2), so it is not offered at all.
    expect(values.some((v) => v.includes("execute"))).toBe(false);
    expect(offered.find((c) => c.value === "verdict|choice=isolate>p3")?.name).toBe(
      "Verdict: isolate → player3",
    );

    const isolate = await h.slash(p1, "vote", { game: "Town", choice: "verdict|choice=isolate>p3" });
    expect(contentOf(isolate).split("\n")[0]).toBe(
      t("en", "order.accepted", { action: "Verdict: isolate → player3", targets: "" }),
    );
    const p2 = g.user(2);
    const abstain = await h.slash(p2, "vote", { game: "Town", choice: "abstain" });
    expect(contentOf(abstain).split("\n")[0]).toBe(
      t("en", "order.accepted", { action: "Verdict: abstain", targets: "" }),
    );
    // One verdict per session: nothing is open any more, and the rules' refusal says why.
    expect(await h.choices(p1, "vote", { game: "Town", choice: "" }, "choice")).toEqual([]);
    const again = await h.slash(p1, "vote", { game: "Town", choice: "player4" });
    expect(contentOf(again)).toBe(t("en", "vote.not_open"));

    await g.drain();
    const hall = g.posts(await g.channel("town_hall"));
    expect(hall.filter((c) => c.startsWith("🗳"))).toEqual([
      t("en", "ballot.cast", { voter: "player1", vote: "isolate → player3" }),
      t("en", "ballot.cast", { voter: "player2", vote: "abstain" }),
    ]);
    const tallies = hall.filter((c) => c.startsWith("📊"));
    expect(tallies).toHaveLength(1);
    expect(tallies[0]).toContain("isolate → player3: 1 vote (player1)");
    expect(tallies[0]).toContain("abstain: 1 vote (player2)");
    await g.gmDoes("game end");
  });

  it("clans: «против» and «за» are each one choice; the vote thread shows both and the tally counts L-n", async () => {
    const g = await openTable(h, { lang: "ru", ruleset: "clans", name: "Кланы", seats: 12 });
    await g.resolveUntil("day");
    const p1 = g.user(1);
    const offered = await h.choices(p1, "vote", { game: "Кланы", choice: "" }, "choice");
    // Every living player "against" (self included, §4) and every other "for", capped at 25.
    expect(offered.length).toBe(
      Math.min(25, 2 * (await g.state()).players.filter((p) => p.alive).length - 1),
    );
    const typed = await h.choices(p1, "vote", { game: "Кланы", choice: "player2" }, "choice");
    expect(typed.map((c) => c.name)).toEqual(["Голосовать «против» → player2", "Голосовать «за» → player2"]);

    const forVote = await h.slash(p1, "vote", { game: "Кланы", choice: "vote|side=for>p2" });
    expect(contentOf(forVote).split("\n")[0]).toBe(
      t("ru", "order.accepted", { action: "Голосовать «за» → player2", targets: "" }),
    );
    const against = await h.slash(p1, "vote", { game: "Кланы", choice: "vote|side=against>p3" });
    expect(contentOf(against).split("\n")[0]).toBe(
      t("ru", "order.accepted", { action: "Голосовать «против» → player3", targets: "" }),
    );
    const p2 = g.user(2);
    await h.slash(p2, "vote", { game: "Кланы", choice: "vote|side=against>p3" });
    const p4 = g.user(4);
    await h.slash(p4, "vote", { game: "Кланы", choice: "vote|side=against>p5" });
    // «За» себя нельзя (§4): the rules refuse with their reason.
    const self = await h.slash(p4, "vote", { game: "Кланы", choice: "vote|side=for>p4" });
    expect(contentOf(self)).toMatch(/^Не принято: /);

    await g.drain();
    const state = await g.state();
    const thread = g.posts(await g.channel(`vote-day-${state.phase.n}`));
    expect(thread.filter((c) => c.startsWith("🗳"))).toEqual([
      t("ru", "ballot.cast", { voter: "player1", vote: "за → player2" }),
      t("ru", "ballot.cast", { voter: "player1", vote: "против → player3" }),
      t("ru", "ballot.cast", { voter: "player2", vote: "против → player3" }),
      t("ru", "ballot.cast", { voter: "player4", vote: "против → player5" }),
    ]);
    const tallies = thread.filter((c) => c.startsWith("📊"));
    expect(tallies).toHaveLength(1);
    expect(tallies[0]).toContain("против → player3: 2 голоса (player1, player2) · L-0");
    expect(tallies[0]).toContain("против → player5: 1 голос (player4) · L-2");
    expect(tallies[0]).toContain("за → player2: 1 голос (player1)");
    await g.gmDoes("game end");
  });

  it("reichstag: /vote nein and ja are Ja/Nein, not players; the receipt names the choice; the rules publish each vote", async () => {
    const g = await openTable(h, { lang: "en", ruleset: "reichstag", name: "Reich", seats: 5 });
    const state = await g.state();
    const president = (state.data as { president: string }).president;
    const seat = (id: string) => g.user(Number(id.slice(1)));
    const presidentUser = seat(president);
    const chancellor = president === "p1" ? "p2" : "p1";
    const nominated = await h.slash(presidentUser, "order", {
      game: "Reich",
      action: "nominate",
      target: chancellor,
    });
    expect(contentOf(nominated)).toMatch(/^Accepted: /);
    await g.resolveUntil("election");
    const voters = ["p1", "p2", "p3", "p4", "p5"].filter((s) => s !== president && s !== chancellor);
    const first = seat(voters[0] ?? "");
    const offered = await h.choices(first, "vote", { game: "Reich", choice: "" }, "choice");
    expect(offered).toEqual([
      { name: "Vote Ja / Nein: Ja", value: "vote|vote=ja" },
      { name: "Vote Ja / Nein: Nein", value: "vote|vote=nein" },
    ]);
    const nein = await h.slash(first, "vote", { game: "Reich", choice: "nein" });
    expect(contentOf(nein).split("\n")[0]).toBe(
      t("en", "order.accepted", { action: "Vote Ja / Nein: Nein", targets: "" }),
    );
    const second = seat(voters[1] ?? "");
    const ja = await h.slash(second, "vote", { game: "Reich", choice: "vote|vote=ja" });
    expect(contentOf(ja).split("\n")[0]).toBe(
      t("en", "order.accepted", { action: "Vote Ja / Nein: Ja", targets: "" }),
    );
    const bogus = await h.slash(second, "vote", { game: "Reich", choice: "maybe" });
    expect(contentOf(bogus)).toContain("“maybe” is not a vote open to you now");
    await g.drain();
    const news = await g.newspaper();
    expect(news).toContain(`player${voters[0]?.slice(1) ?? ""} votes Nein.`);
    expect(news).toContain(`player${voters[1]?.slice(1) ?? ""} votes Ja.`);
    await g.gmDoes("game end");
  });
});
