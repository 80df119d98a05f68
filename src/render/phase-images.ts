import type { AnyGameState, Lang, PhaseReport, PlayerId } from "../engine/types.js";
import { boardOf } from "../rulesets/reichstag/index.js";
import type { ReichstagState } from "../rulesets/reichstag/state.js";
import { battleReports, renderRegnumBattle } from "./regnum-battle.js";
import { renderReichstagBoard } from "./reichstag-board.js";

export interface PhaseImage {
  name: string;
  data: Buffer;
}

/**
 * The images that go with a phase's newspaper: the `reichstag` board after every step, a
 * `regnum` battle report for every battle of the resolution. Pure: the states in, PNGs out
 * (compressed on libuv's thread pool, not on the event loop).
 */
export async function phaseImages(
  rulesetId: string,
  before: AnyGameState,
  after: AnyGameState,
  report: PhaseReport,
  lang: Lang,
  names: ReadonlyMap<PlayerId, string>,
): Promise<PhaseImage[]> {
  switch (rulesetId) {
    case "reichstag":
      return [
        {
          name: "board.png",
          data: await renderReichstagBoard(boardOf(after as unknown as ReichstagState), lang, names),
        },
      ];
    case "regnum":
      return Promise.all(
        battleReports(before, after, report).map(async (battle, i) => ({
          name: `battle-${i + 1}.png`,
          data: await renderRegnumBattle(battle, lang, names),
        })),
      );
    default:
      return [];
  }
}
