import { defineRuleset } from "../../engine/ruleset.js";
import { findPlayer } from "../../engine/helpers.js";
import type { JsonObject } from "../../engine/types.js";
import { actions } from "./actions.js";
import { chatLayout } from "./chats.js";
import { copyClassicState } from "./copy.js";
import { gmActions } from "./gm.js";
import { resolution } from "./resolution.js";
import { setup } from "./setup.js";
import { optionsSchema, playerSchema } from "./options.js";
import { type ClassicState, slotOf } from "./state.js";
import { rejections } from "./rejections.js";
import { texts } from "./texts.js";
import { actionLabel, availableActions, playerView } from "./view.js";
import { votes } from "./votes.js";

/** `classic`: forum mafia with two clans, the maniac, the ninja and the necromancer (docs/rules/classic.md). */
export const classic = defineRuleset<ClassicState>({
  id: "classic",
  name: { en: "Classic mafia: two clans", ru: "Классическая мафия: два клана" },
  source: { seed: "002_e4214cdb038dff1c.txt", rules: "classic.md" },
  players: { min: 3, max: 64 },
  factions: {
    town: { name: { en: "Town", ru: "Мирные жители" } },
    italians: { name: { en: "Italians", ru: "Итальянцы" } },
    russians: { name: { en: "Russians", ru: "Русские" } },
    maniac: { name: { en: "Maniac", ru: "Маньяк" } },
  },
  roles: {
    citizen: { name: { en: "Citizen", ru: "Мирный житель" }, faction: "town" },
    commissar: { name: { en: "Commissar", ru: "Комиссар" }, faction: "town" },
    sergeant: { name: { en: "Sergeant", ru: "Сержант" }, faction: "town" },
    ninja: { name: { en: "Ninja", ru: "Ниндзя" }, faction: "town" },
    doctor: { name: { en: "Doctor", ru: "Врач" }, faction: "town" },
    necromancer: { name: { en: "Necromancer", ru: "Некромант" }, faction: "town" },
    bastard_son: { name: { en: "Bastard son of the boss", ru: "Внебрачный сын босса" }, faction: "town" },
    mafia: { name: { en: "Mafia", ru: "Мафия" } },
    kamikaze: { name: { en: "Kamikaze", ru: "Камикадзе" }, faction: "italians" },
    thug: { name: { en: "Thug", ru: "Громила" }, faction: "russians" },
    maniac: { name: { en: "Maniac", ru: "Маньяк" }, faction: "maniac" },
  },
  phaseKinds: ["night", "day"],
  options: optionsSchema,
  player: playerSchema,
  setup,
  actions,
  gmActions,
  // §4/§5: a modkill dies at the resolution (day step 2, night before step 3; N0 at once then).
  deferredGmActions: ["modkill"],
  resolution,
  copyState: copyClassicState,
  deadline(state) {
    const options = state.options;
    if (state.phase.kind === "day") return { type: "daily_at", at: options.dayDeadline };
    if (state.phase.n === 0)
      return { type: "daily_at", at: options.nightDeadline, minMinutes: options.night0MinHours * 60 };
    return { type: "daily_at", at: options.nightDeadline };
  },
  availableActions,
  actionLabel,
  orderSlot: (state, actor, action) => slotOf(findPlayer(state, actor)?.role ?? "", action),
  chatLayout,
  playerView,
  finalPlayer(_state, p): JsonObject {
    return p.clan ? { clan: p.clan } : {};
  },
  texts,
  rejections,
  votes,
});

export default classic;
