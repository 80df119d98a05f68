import { describe, expect, it } from "vitest";
import { revealChronicle, revealFiles, revealLog } from "../../src/render/reveal.js";
import { publicCase } from "./support.js";

const NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор"];

function classic(file: string) {
  const played = publicCase(`classic/${file}`);
  expect(played.rejected).toEqual([]);
  const names = new Map(played.state.players.map((p, i) => [p.id, NAMES[i] ?? p.id]));
  return { ...played, names };
}

interface LogShape {
  game: string;
  setup: { players: { id: string; name: string; role: string; faction: string; alive: boolean }[] };
  phases: {
    phase: string;
    label: string;
    deaths: { player: string; cause: string }[];
    events: { type: string }[];
    public: { key: string; text: string }[];
    private: { to: string; toName: string; kind: string; text: string }[];
  }[];
  final: { ended: boolean; winners: string[]; winnerNames: string[] };
}

describe("revealFiles", () => {
  it("gives game-log.json and game-log.txt, byte-identical for the same game", () => {
    const g = classic("05-lynch-last-mafioso-town-wins.json");
    const a = revealFiles(g.ruleset, g.state, g.reports, g.names, "ru");
    const b = revealFiles(g.ruleset, structuredClone(g.state), structuredClone(g.reports), g.names, "ru");
    expect(a.map((f) => f.name)).toEqual(["game-log.json", "game-log.txt"]);
    expect(a.every((f) => Buffer.isBuffer(f.data) && f.data.length > 0)).toBe(true);
    for (const [i, f] of a.entries()) expect(Buffer.compare(f.data, b[i]?.data ?? Buffer.alloc(0))).toBe(0);
  });

  it("the JSON is the whole log: every seat's role and faction, every phase's output, the winners", () => {
    const g = classic("05-lynch-last-mafioso-town-wins.json");
    const [json] = revealFiles(g.ruleset, g.state, g.reports, g.names, "en");
    const log = JSON.parse(json?.data.toString("utf8") ?? "{}") as LogShape;
    expect(log.setup.players.map((p) => [p.id, p.role, p.faction])).toEqual(
      g.state.players.map((p) => [p.id, p.role, p.faction]),
    );
    expect(log.setup.players[0]?.name).toBe("Аня");
    expect(log.phases.map((p) => p.phase)).toEqual(g.reports.map((r) => r.phase));
    const day = log.phases[1];
    expect(day?.deaths).toEqual([{ player: "ita", name: "Глеб", cause: "lynch" }]);
    expect(day?.events.map((e) => e.type)).toContain("game_over");
    expect(day?.public.map((l) => l.text)).toContain(
      "Game over. No mafia and no maniac are left alive. Winners: Town.",
    );
    const night = log.phases[0];
    const privates = night?.private ?? [];
    expect(privates.length).toBe(g.reports[0]?.private.length);
    expect(privates.every((m) => m.text.length > 0 && m.toName.length > 0)).toBe(true);
    expect(privates.find((m) => m.to === "ita" && m.kind === "role")?.toName).toBe("Глеб");
    expect(log.final).toEqual({
      ended: true,
      phase: g.state.phase.kind + " " + String(g.state.phase.n),
      winners: ["town"],
      winnerNames: ["Town"],
    });
  });

  it("the text is a Russian chronicle: phases, public lines, private lines per recipient, roles, winners", () => {
    const g = classic("05-lynch-last-mafioso-town-wins.json");
    const text = revealChronicle(g.ruleset, g.state, g.reports, g.names, "ru");
    const lines = text.split("\n");
    const night = lines.indexOf("Ночь 0");
    const day = lines.indexOf("День 1");
    expect(night).toBeGreaterThan(0);
    expect(day).toBeGreaterThan(night);
    const priv = lines.indexOf("лично:");
    expect(priv).toBeGreaterThan(night);
    expect(priv).toBeLessThan(day);
    expect(lines.slice(priv + 1, day).some((l) => l.startsWith("  → Глеб: "))).toBe(true);
    expect(text).toContain("Глеб повешен");
    expect(text).toContain("Итоговые роли");
    expect(text).toMatch(/4\. Глеб — Мафия \(Итальянцы\), мёртв/);
    expect(text.trimEnd().split("\n").at(-1)).toBe("Победители: Мирные жители");
  });

  it("an English chronicle of a longer game renders every phase and every private message", () => {
    const g = classic("01-example-a-vest-and-doctor.json");
    const text = revealChronicle(g.ruleset, g.state, g.reports, g.names, "en");
    for (const r of g.reports) {
      const [kind = "", n = ""] = r.phase.split(" ");
      expect(text).toContain(`${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${n}`);
    }
    const privateLines = text.split("\n").filter((l) => l.startsWith("  → "));
    expect(privateLines.length).toBe(g.reports.reduce((s, r) => s + r.private.length, 0));
    expect(text).toContain("The game did not end.");
    expect(text).not.toContain("undefined");
  });

  it("every public case of classic renders in both languages without a missing template", () => {
    for (const file of [
      "01-example-a-vest-and-doctor.json",
      "02-example-b-hanging-the-ninja.json",
      "03-don-order-with-executor.json",
      "04-commissar-checks-the-maniac.json",
      "05-lynch-last-mafioso-town-wins.json",
    ]) {
      const g = classic(file);
      for (const lang of ["en", "ru"] as const) {
        const log = revealLog(g.ruleset, g.state, g.reports, g.names, lang) as unknown as LogShape;
        for (const phase of log.phases) {
          for (const l of phase.public) expect(l.text).not.toMatch(/^\w+ \{/);
          for (const m of phase.private) expect(m.text).not.toMatch(/^\w+ \{/);
        }
      }
    }
  });
});
