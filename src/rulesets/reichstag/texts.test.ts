import { describe, expect, it } from "vitest";
import { createGame, submitGmAction } from "../../engine/game.js";
import { idContext, renderText } from "../../engine/helpers.js";
import type { JsonObject, Lang } from "../../engine/types.js";
import { displayContext } from "../../games/render.js";
import { reichstag } from "./index.js";

/** The end of the game names the rule of section 9 that ended it (issue 32 item 4). */

const botReader = (lang: Lang) => displayContext(reichstag, lang, new Map(), "plain");
const line = (lang: Lang, params: JsonObject, reader = botReader(lang)) =>
  renderText(reichstag, { key: "game_over", params }, reader);

describe("game_over (9)", () => {
  const ends: [JsonObject, string, string][] = [
    [
      { winners: ["liberals"], reason: "liberal_policies" },
      "Game over. The fifth liberal policy was enacted. Winners: Liberals.",
      "Игра окончена: принят пятый либеральный закон. Победители: Либералы.",
    ],
    [
      { winners: ["fascists"], reason: "fascist_policies" },
      "Game over. The sixth fascist policy was enacted. Winners: Fascists.",
      "Игра окончена: принят шестой фашистский закон. Победители: Фашисты.",
    ],
    [
      { winners: ["fascists"], reason: "hitler_elected" },
      "Game over. Hitler was elected Chancellor with at least three fascist policies enacted. Winners: Fascists.",
      "Игра окончена: Гитлер избран канцлером, когда действуют не меньше трёх фашистских законов. Победители: Фашисты.",
    ],
    [
      { winners: ["liberals"], reason: "hitler_executed" },
      "Game over. Hitler was executed. Winners: Liberals.",
      "Игра окончена: Гитлер расстрелян. Победители: Либералы.",
    ],
    [
      { winners: ["liberals"], reason: "hitler_executed", detail: "removed" },
      "Game over. Hitler was removed by the host. Winners: Liberals.",
      "Игра окончена: Гитлер выведен из игры ведущим. Победители: Либералы.",
    ],
    [
      { winners: [], reason: "gm" },
      "Game over. The host ended the game. Winners: none.",
      "Игра окончена: игру завершил ведущий. Победителей нет.",
    ],
    [
      { winners: [], reason: "gm", detail: "nobody_left" },
      "Game over. No player is left alive. Winners: none.",
      "Игра окончена: в живых не осталось ни одного игрока. Победителей нет.",
    ],
  ];

  it("says which rule ended the game, in English and in Russian", () => {
    for (const [params, en, ru] of ends) {
      expect(line("en", params)).toBe(en);
      expect(line("ru", params)).toBe(ru);
    }
  });

  it("is the rules file's line, verbatim with ids, in the simulator", () => {
    for (const [params] of ends) {
      const winners = (params["winners"] as string[]).join(", ") || "none";
      expect(line("en", params, idContext("en"))).toBe(`Game over. Winners: ${winners}.`);
    }
  });

  it("says Hitler was removed by the host, not executed, when the host's modkill ends the game", () => {
    const created = createGame(reichstag, {
      seed: 1,
      players: [
        { id: "ann", role: "liberal" },
        { id: "bob", role: "liberal" },
        { id: "cid", role: "fascist" },
        { id: "dan", role: "liberal" },
        { id: "eve", role: "hitler" },
      ],
    });
    if (!created.ok) throw new Error(created.rejection.reason);
    const removed = submitGmAction(reichstag, created.value, {
      action: "modkill",
      targets: ["eve"],
      params: {},
    });
    if (!removed.ok) throw new Error(removed.rejection.reason);
    const end = removed.value.output.public.find((ref) => ref.key === "game_over");
    expect(end?.params).toEqual({ winners: ["liberals"], reason: "hitler_executed", detail: "removed" });
    expect(line("en", end?.params ?? {})).toBe(
      "Game over. Hitler was removed by the host. Winners: Liberals.",
    );
  });
});
