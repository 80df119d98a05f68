import { defineRuleset } from "../../engine/ruleset.js";
import { actions } from "./actions.js";
import { chatLayout } from "./chats.js";
import { gmActions } from "./gm.js";
import { resolution } from "./resolution.js";
import { factions, roles } from "./roles.js";
import { deadline } from "./schedule.js";
import { setup } from "./setup.js";
import { optionsSchema, playerSchema } from "./options.js";
import { type MayorState, RULESET_ID } from "./state.js";
import { rejections } from "./rejections.js";
import { texts } from "./texts.js";
import { actionLabel, availableActions, playerView } from "./view.js";
import { votes } from "./votes.js";

/** The blind game run by the Mayor: docs/rules/mayor.md (seed 004_ad941c781c806692.txt). */
export const mayor = defineRuleset<MayorState>({
  id: RULESET_ID,
  name: { en: "The Mayor's blind game", ru: "Игра вслепую у Мэра" },
  source: { seed: "004_ad941c781c806692.txt", rules: "mayor.md" },
  // §2.2: the default distribution is for 5 or more; explicit roles from 3 (DECISIONS.md).
  players: { min: 3, max: 50, table: 5 },
  factions,
  roles,
  phaseKinds: ["night", "day"],
  options: optionsSchema,
  player: playerSchema,
  setup,
  actions,
  gmActions,
  // §4, 5.2 step 0 / 5.3 step 6: a modkill dies at the resolution; an isolation is placed then.
  deferredGmActions: ["modkill", "isolate"],
  resolution,
  deadline,
  // Rule 14 fixes the schedule on Moscow time, wherever the server is.
  rulesZone: "Europe/Moscow",
  availableActions,
  actionLabel,
  // A night's choice is one: `rest` replaces an earlier `choose`, and the other way round (§4).
  orderSlot: (_state, _actor, action) => (action === "rest" ? "choose" : action),
  chatLayout,
  playerView,
  finalPlayer: (_state, p) => ({ isolations: p.isolations }),
  texts,
  rejections,
  votes,
});
