import { defineRuleset } from "../../engine/ruleset.js";
import { ROLES, type RState } from "./state.js";
import { optionsSchema, playerSchema } from "./options.js";
import { setup } from "./setup.js";
import { actionDefinitions } from "./actions.js";
import { gmDefinitions } from "./gm.js";
import { resolution } from "./resolution.js";
import { regnumTimers, timerGmAction } from "./interrogation.js";
import { finalExtra } from "./win.js";
import { actionLabel, availableActions, chatLayout, deadline, finalPlayer, playerView } from "./view.js";
import { rejections } from "./rejections.js";
import { en, ru } from "./texts.js";

/** Regnum (Регнум): the political RPG of docs/rules/regnum.md. */
export const regnum = defineRuleset<RState>({
  id: "regnum",
  name: { en: "Regnum", ru: "Регнум" },
  source: { seed: "000_051860684774b394.txt", rules: "regnum.md" },
  // §1: the sign-up wave lasts until twelve players have joined (DECISIONS.md, D15).
  players: { min: 1, max: 64, table: 12 },
  factions: {
    ksb: { name: { en: "Royal Security Service", ru: "КСБ" } },
    ozd: { name: { en: "Order of the Golden Dragon", ru: "ОЗД" } },
    assassin: { name: { en: "Assassin", ru: "Ассасин" } },
    baron: { name: { en: "Rainbow Baron", ru: "Радужный Барон" } },
    citizens: { name: { en: "Citizens", ru: "Граждане" } },
  },
  roles: Object.fromEntries(
    Object.entries(ROLES).map(([id, r]) => [
      id,
      { name: { en: r.en, ru: r.ru }, ...(r.faction ? { faction: r.faction } : {}) },
    ]),
  ),
  phaseKinds: ["night", "day"],
  options: optionsSchema,
  player: playerSchema.partial({ role: true }),
  setup,
  actions: actionDefinitions(),
  gmActions: { ...gmDefinitions(), timer: timerGmAction },
  timers: regnumTimers,
  resolution,
  deadline,
  availableActions,
  actionLabel,
  // Moves add up to the phase's number of moves; free actions take effect one by one.
  orderSlot: () => null,
  chatLayout,
  // A body may be found unidentified, going underground or abroad is secret (DECISIONS.md).
  publicStatuses: false,
  playerView,
  finalPlayer,
  finalExtra,
  texts: {
    en: { ...en, ...rejections.catalogs.en },
    ru: { ...ru, ...rejections.catalogs.ru },
  },
  rejections,
  // §5.5: the Magister election is the only vote the bot runs; it is held in the Order's own chat.
  votes: { actions: ["vote_magister"] },
});
