import { describe, expect, it } from "vitest";
import { createGame } from "../../src/engine/game.js";
import type { RulesetDefinition } from "../../src/engine/ruleset.js";
import type { AnyGameState, PhaseReport } from "../../src/engine/types.js";
import { SPECTATOR } from "../../src/discord/commands/game.js";
import { revealText } from "../../src/discord/render/reveal.js";
import { publicPlayers, statusView } from "../../src/discord/render/status.js";
import { displayContext, renderReport } from "../../src/games/render.js";
import { factionName } from "../../src/render/names.js";
import { joinList, t } from "../../src/i18n/index.js";
import { rulesets } from "../../src/rulesets/index.js";
import { playRandomly } from "../support/rulesets/textcheck.js";

/**
 * One story: seeded games of every ruleset, played by random legal moves to their end (or a bound),
 * and what the newspaper, the reveal and `/game status` say of each seat agrees with the engine's
 * final state — who is dead and who won, in Russian, with women's and men's names.
 */

const TABLES: Record<string, number> = { classic: 24, clans: 12, mayor: 8, reichstag: 7, regnum: 12 };
const NAMES = [
  ..."Анна Борис Вера Глеб Дарья Егор Зоя Иван Кира Лев Мария Никита".split(" "),
  ..."Ольга Павел Рита Семён Таисия Ульяна Фёдор Харитон Цветана Эмиль Юлия Яков".split(" "),
];

/** A seeded game of random legal moves (test/support/rulesets/textcheck.ts), with its phases' reports. */
function play(ruleset: RulesetDefinition<AnyGameState>, seats: number, seed: number) {
  const players = Array.from({ length: seats }, (_, i) => ({ id: `p${i + 1}` }));
  const created = createGame(ruleset, { seed, players });
  if (!created.ok) throw new Error(created.rejection.reason);
  const reports: PhaseReport[] = [];
  const state = playRandomly(ruleset, created.value, seed, 40, (report) => reports.push(report));
  return { state, reports };
}

describe("the newspaper, the reveal and /game status tell one story", () => {
  for (const [id, seats] of Object.entries(TABLES)) {
    it(`${id}: every seat's death and the winners read as the engine's final state has them`, () => {
      const ruleset = rulesets[id];
      if (!ruleset) throw new Error(`no ruleset ${id}`);
      let deaths = 0;
      for (const seed of [1, 2, 3]) {
        const { state, reports } = play(ruleset, seats, seed);
        deaths += state.players.filter((p) => !p.alive).length;
        const names = new Map(state.players.map((p, i) => [p.id, NAMES[i] ?? p.id]));
        const ctx = displayContext(ruleset, "ru", names, "plain");
        const nameOf = (seat: string) => names.get(seat) ?? seat;

        // The reveal: a line per seat, marked dead exactly when the engine has it dead; the winners.
        const reveal = revealText({
          lang: "ru",
          gameName: "Проверка",
          ruleset,
          state,
          names,
          genderOf: (seat) => ctx.gender?.(seat),
        });
        const lines = reveal.split("\n");
        for (const p of state.players) {
          const line = lines.find((l) => l.startsWith(`${nameOf(p.id)} — `));
          expect(line, `${id} #${seed}: ${p.id} in the reveal`).toBeDefined();
          const dead = t("ru", "reveal.dead", { gender: ctx.gender?.(p.id) ?? "" });
          expect(line?.endsWith(dead), `${id} #${seed}: ${line}`).toBe(!p.alive);
        }
        const winners = state.winners.map((w) => factionName(ruleset, "ru", w));
        expect(reveal).toContain(
          winners.length > 0
            ? t("ru", "reveal.winners", { winners: joinList(winners, "ru") })
            : t("ru", "reveal.no_winners"),
        );

        // /game status: the living and the dead as the engine has them, where deaths are public.
        const listed = publicPlayers(statusView(ruleset, state, SPECTATOR));
        for (const p of state.players) {
          const entry = listed.find((e) => e.id === p.id);
          expect(entry, `${id} #${seed}: ${p.id} in /game status`).toBeDefined();
          expect(entry?.alive, `${id} #${seed}: ${p.id} alive in /game status`).toBe(
            ruleset.publicStatuses === false ? true : p.alive,
          );
        }

        // The newspaper: every seat dead at the end died in a phase whose newspaper names it.
        if (ruleset.publicStatuses === false) continue;
        for (const p of state.players.filter((x) => !x.alive)) {
          const told = reports.some(
            (r) =>
              r.deaths.some((d) => d.player === p.id) &&
              renderReport(ruleset, r, ctx).public.some((line) => line.includes(nameOf(p.id))),
          );
          expect(told, `${id} #${seed}: the newspaper never told of ${p.id}'s death`).toBe(true);
        }
      }
      // The games tell of deaths at all: a check over nobody dead would prove nothing.
      expect(deaths).toBeGreaterThan(0);
    });
  }
});
