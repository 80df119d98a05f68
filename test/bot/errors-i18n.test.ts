import { DiscordAPIError } from "discord.js";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { commandPayloads } from "../../src/bot/bot.js";
import { classify } from "../../src/discord/errors.js";
import { buildOrdersPanel, parsePanelCustomId } from "../../src/discord/panels.js";
import { UserError } from "../../src/games/errors.js";
import { catalogs, rejectionText, t } from "../../src/i18n/index.js";
import { seatNamesOf } from "../../src/discord/masks/seat-names.js";
import { reject } from "../../src/rulesets/classic/rejections.js";

function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino(
    { level: "debug" },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { log, lines };
}

describe("the error classifier", () => {
  it("a UserError is answered with its localized message and is not logged as an error", () => {
    const { log, lines } = capturingLog();
    const c = classify(new UserError("game.full", { max: 5 }), "ru", log);
    expect(c).toEqual({ kind: "user", message: "Мест больше нет (5 мест)." });
    expect(classify(new UserError("game.full", { max: 22 }), "ru", log).message).toBe(
      "Мест больше нет (22 места).",
    );
    expect(classify(new UserError("game.full", { max: 21 }), "en", log).message).toBe(
      "The game is full (21 seats).",
    );
    expect(lines).toEqual([]);
  });

  it("a rule's rejection is shown in Russian from its text, in English as the rules say", () => {
    const { log } = capturingLog();
    const rejection = reject("self_vote", "selfVote");
    expect(classify(UserError.fromRejection(rejection), "ru", log).message).toBe(
      "Отказано: нельзя голосовать против себя",
    );
    expect(classify(UserError.fromRejection(rejection), "en", log).message).toBe(
      "Refused: cannot vote against yourself",
    );
    expect(rejectionText("ru", { code: "x.unknown", reason: "something new" })).toBe("something new");
  });

  it("a Discord API error is logged and mapped to a localized refusal", () => {
    const { log, lines } = capturingLog();
    const error = new DiscordAPIError(
      { code: 50013, message: "Missing Permissions" },
      50013,
      403,
      "POST",
      "http://x/api/channels/1/messages",
      { body: {}, files: undefined },
    );
    const c = classify(error, "ru", log, { interaction: "1" });
    expect(c).toEqual({ kind: "discord", message: "Discord отказал: Missing Permissions" });
    expect(lines.some((l) => l["msg"] === "discord refused" && l["code"] === 50013)).toBe(true);
  });

  it("an unknown error is logged with a correlation id that the user is shown", () => {
    const { log, lines } = capturingLog();
    const c = classify(new TypeError("boom"), "en", log);
    expect(c.kind).toBe("internal");
    expect(c.correlationId).toMatch(/^[0-9a-f]{8}$/);
    expect(c.message).toBe(`Something went wrong on our side. Tell a GM this code: ${c.correlationId}`);
    expect(c.message).not.toContain("boom");
    const logged = lines.find((l) => l["correlationId"] === c.correlationId);
    expect(logged?.["level"]).toBe(50);
  });
});

describe("i18n", () => {
  it("Russian and English catalogs have exactly the same keys", () => {
    expect(Object.keys(catalogs.ru).sort()).toEqual(Object.keys(catalogs.en).sort());
  });

  it("counts decline correctly in Russian", () => {
    const forms = [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1.5].map((count) =>
      t("ru", "vote.tally_line", { name: "Глеб", count }),
    );
    expect(forms).toEqual([
      "Глеб: 1 голос",
      "Глеб: 2 голоса",
      "Глеб: 4 голоса",
      "Глеб: 5 голосов",
      "Глеб: 11 голосов",
      "Глеб: 12 голосов",
      "Глеб: 14 голосов",
      "Глеб: 21 голос",
      "Глеб: 22 голоса",
      "Глеб: 25 голосов",
      "Глеб: 101 голос",
      "Глеб: 111 голосов",
      "Глеб: 1,5 голоса",
    ]);
    expect(t("en", "duration.minutes", { minutes: 1 })).toBe("1 minute");
    expect(t("en", "duration.minutes", { minutes: 3 })).toBe("3 minutes");
    expect(t("ru", "gm.extended", { minutes: 21, phase: "День 1", when: "завтра" })).toBe(
      "Срок сдвинут на 21 минуту. День 1 теперь заканчивается завтра.",
    );
    expect(t("ru", "status.lobby", { count: 3 })).toBe("Набор: 3 игрока записались.");
  });

  it("agrees a captured country's gender in Russian on the battle card", () => {
    const captured = (feminine: "yes" | "no") =>
      t("ru", "battle_card.captured", { country: "Империя", army: "Северная армия", feminine });
    expect(captured("yes")).toBe("Империя захвачена: Северная армия");
    expect(captured("no")).toBe("Империя захвачен: Северная армия");
    expect(t("en", "battle_card.captured", { country: "Empire", army: "North", feminine: "yes" })).toBe(
      "Empire captured by North",
    );
  });

  it("every command, subcommand and option has a Russian name and both descriptions", () => {
    const walk = (node: Record<string, unknown>, path: string): string[] => {
      const problems: string[] = [];
      const locs = node["name_localizations"] as Record<string, string> | undefined;
      const dlocs = node["description_localizations"] as Record<string, string> | undefined;
      if (!locs?.["ru"] || !/^[-_\p{Ll}\p{N}]{1,32}$/u.test(locs["ru"])) problems.push(`${path}: ru name`);
      if (!dlocs?.["ru"]) problems.push(`${path}: ru description`);
      for (const child of (node["options"] as Record<string, unknown>[] | undefined) ?? [])
        problems.push(...walk(child, `${path} ${String(child["name"])}`));
      return problems;
    };
    const problems = (commandPayloads() as Record<string, unknown>[]).flatMap((c) =>
      walk(c, String(c["name"])),
    );
    expect(problems).toEqual([]);
  });
});

describe("command options", () => {
  it("bound every number option on both sides, so no value reaches the database unchecked", () => {
    const walk = (node: Record<string, unknown>, path: string): string[] => {
      const problems: string[] = [];
      const numeric = node["type"] === 4 || node["type"] === 10;
      if (numeric && (node["min_value"] === undefined || node["max_value"] === undefined))
        problems.push(`${path}: unbounded`);
      if (numeric && typeof node["max_value"] === "number" && node["max_value"] > 2 ** 31 - 1)
        problems.push(`${path}: beyond a Postgres integer`);
      for (const child of (node["options"] as Record<string, unknown>[] | undefined) ?? [])
        problems.push(...walk(child, `${path} ${String(child["name"])}`));
      return problems;
    };
    const problems = (commandPayloads() as Record<string, unknown>[]).flatMap((c) =>
      walk(c, String(c["name"])),
    );
    expect(problems).toEqual([]);
  });
});

describe("the orders panel", () => {
  it("has a select per targeted action, buttons for the rest, and ids carrying game and action", () => {
    const names = new Map([
      ["p1", "Анна"],
      ["p2", "Борис"],
    ]);
    const body = buildOrdersPanel(
      "ru",
      [
        {
          action: "vote",
          targets: ["ja", "nein"],
          minTargets: 1,
          maxTargets: 1,
          label: { en: "Vote", ru: "Голосовать" },
        },
        {
          action: "kill",
          targets: ["p1", "p2"],
          minTargets: 1,
          maxTargets: 1,
          label: { en: "Kill", ru: "Убить" },
          params: { executor: "p2" },
        },
        { action: "veto", targets: [], minTargets: 0, maxTargets: 0, label: { en: "Veto", ru: "Вето" } },
      ],
      seatNamesOf(names, "off"),
      "00000000-0000-4000-8000-000000000000",
      "night 2",
    );
    expect(body.content).toContain("Ночь 2");
    const rows = body.components as unknown as { components: Record<string, unknown>[] }[];
    expect(rows).toHaveLength(3);
    const vote = rows[0]?.components[0];
    expect((vote?.["options"] as { label: string }[]).map((o) => o.label)).toEqual(["Ja!", "Nein!"]);
    const kill = rows[1]?.components[0];
    expect(String(kill?.["placeholder"])).toContain("Убить (Борис)");
    expect(parsePanelCustomId(String(rows[2]?.components[0]?.["custom_id"]))).toEqual({
      gameId: "00000000-0000-4000-8000-000000000000",
      index: 2,
      action: "veto",
    });
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(buildOrdersPanel("en", [], seatNamesOf(names, "off"), "g", "day 1").content).toBe(
      "Day 1: you have no orders this phase.",
    );
  });
});
