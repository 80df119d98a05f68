import { defineRuleset } from "../../engine/ruleset.js";
import { actions } from "./actions.js";
import { chatLayout } from "./chats.js";
import { gmActions } from "./gm.js";
import { optionsSchema, playerSchema } from "./options.js";
import { resolution } from "./resolution.js";
import { setup } from "./setup.js";
import { type ClansState, SLOT_OF, openSlots } from "./state.js";
import { rejections } from "./rejections.js";
import { CLAN_NAMES, ROLE_NAMES, texts } from "./texts.js";
import { actionLabel, availableActions, playerView } from "./view.js";
import { votes } from "./votes.js";

/**
 * §3 early close: the night may close as soon as every living player with an open slot has
 * filled it or passed (option `night_early_close`); a day never closes early by itself. This is
 * the definition's `closesEarly`; the named export stays for callers that predate the hook.
 */
export function nightComplete(state: ClansState): boolean {
  if (state.phase.kind !== "night" || !state.options.night_early_close) return false;
  return state.players.every((p) => !p.alive || openSlots(state, p).length === 0);
}

export const clans = defineRuleset<ClansState>({
  id: "clans",
  name: {
    en: "Clans (Yakuza / Cosa Nostra / Russian Mafia)",
    ru: "Кланы (Якудза / Коза Ностра / Русская Мафия)",
  },
  source: { seed: "001_55f07ceaadd1da98.txt", rules: "clans.md" },
  players: { min: 12, max: 12 },
  factions: {
    yakuza: { name: CLAN_NAMES.yakuza },
    cosa_nostra: { name: CLAN_NAMES.cosa_nostra },
    russian_mafia: { name: CLAN_NAMES.russian_mafia },
  },
  roles: {
    boss: { name: ROLE_NAMES.boss },
    doctor: { name: ROLE_NAMES.doctor },
    scout: { name: ROLE_NAMES.scout },
    shooter: { name: ROLE_NAMES.shooter },
    member: { name: ROLE_NAMES.member },
  },
  phaseKinds: ["night", "day"],
  options: optionsSchema,
  player: playerSchema,
  setup,
  actions,
  gmActions,
  resolution,
  deadline(state) {
    const hours = state.phase.kind === "night" ? state.options.night_hours : state.options.day_hours;
    return { type: "duration", minutes: Math.round(hours * 60) };
  },
  closesEarly: nightComplete,
  availableActions,
  actionLabel,
  orderSlot: (_state, _actor, action) => (SLOT_OF as Record<string, string>)[action] ?? action,
  chatLayout,
  playerView,
  finalPlayer: (_state, p) => ({ home: p.home }),
  texts,
  rejections,
  votes,
});
