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
 * `regnum` battle report for every battle of the resolution. Pure: the states in, PNGs out.
 */
export function phaseImages(
  rulesetId: string,
  before: AnyGameState,
  after: AnyGameState,
  report: PhaseReport,
  lang: Lang,
  names: ReadonlyMap<PlayerId, string>,
): PhaseImage[] {
  switch (rulesetId) {
    case "reichstag":
      return [{ name: "board.png", data: renderReichstagBoard(boardOf(after as unknown as ReichstagState)) }];
    case "regnum":
      return battleReports(before, after, report).map((battle, i) => ({
        name: `battle-${i + 1}.png`,
        data: renderRegnumBattle(battle, lang, names),
      }));
    default:
      return [];
  }
}
