import type { z } from "zod";
import { defineRuleset } from "../../engine/ruleset.js";
import type { JsonObject } from "../../engine/types.js";
import { actions } from "./actions.js";
import { closesEarly, deadline } from "./schedule.js";
import { gmActions } from "./gm.js";
import { resolution } from "./resolution.js";
import { setup } from "./setup.js";
import { optionsSchema, playerSchema } from "./options.js";
import { PHASE_KINDS, RULESET, type ReichstagState } from "./state.js";
import { rejections } from "./rejections.js";
import { texts } from "./texts.js";
import { actionLabel, availableActions, boardOf, playerView } from "./view.js";
import { chatLayout } from "./chats.js";
import { onPhaseOpen } from "./resolution.js";

/** «Тайный Фюрер: Рейхстаг», a Secret Hitler variant: docs/rules/reichstag.md. */
export const reichstag = defineRuleset<ReichstagState>({
  id: RULESET,
  name: { en: "Secret Hitler: Reichstag", ru: "Тайный Фюрер: Рейхстаг" },
  source: { seed: "003_bc201af4393198df.txt", rules: "reichstag.md" },
  players: { min: 5, max: 10 },
  factions: {
    liberals: { name: { en: "Liberals", ru: "Либералы" } },
    fascists: { name: { en: "Fascists", ru: "Фашисты" } },
  },
  roles: {
    liberal: { name: { en: "liberal", ru: "либерал" }, faction: "liberals" },
    fascist: { name: { en: "fascist", ru: "фашист" }, faction: "fascists" },
    hitler: { name: { en: "Hitler", ru: "Гитлер" }, faction: "fascists" },
  },
  phaseKinds: PHASE_KINDS,
  options: optionsSchema as unknown as z.ZodType<ReichstagState["options"]>,
  player: playerSchema as unknown as z.ZodType<JsonObject & { id: string }>,
  setup,
  actions,
  gmActions,
  resolution,
  onPhaseOpen,
  deadline,
  closesEarly,
  availableActions,
  actionLabel,
  chatLayout,
  playerView,
  texts,
  rejections,
  // Open ballots are published by the rules' own lines ("<v> votes Ja.", section 8), not a board.
  votes: { actions: ["vote", "veto_answer"] },
});

export { boardOf };
export type { Board, BoardPlayer } from "./view.js";
