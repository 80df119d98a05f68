import type { RejectionTable } from "./types.js";

const ROLE: Record<string, string> = {
  boss: "босс",
  doctor: "доктор",
  scout: "разведчик",
  shooter: "стрелок",
};
const CLAN: Record<string, string> = {
  yakuza: "Якудза",
  cosa_nostra: "Коза Ностра",
  russian_mafia: "Русская Мафия",
};

/**
 * Clans (../shared/rules/clans.md). Its reasons end in "(<id>)", so they are keyed by code.
 * The forum's words: заявка, вербовка, лечение, разведчик, босс, голос «за» / «против».
 */
export const clans: RejectionTable = {
  byCode: {
    "clans.actor_dead": "мёртвые не могут действовать",
    "clans.wrong_phase": "в эту фазу это действие недоступно",
    "clans.not_your_role": "у вашей нынешней роли нет такого действия",
    "clans.target_dead": "цель мертва",
    "clans.target_self": "это действие нельзя направить на себя",
    "clans.slot_taken": "такая заявка этой ночью уже отправлена",
    "clans.repeat_protect": "разведчик не может защищать одного и того же игрока две ночи подряд",
    "clans.repeat_heal": "доктор не может лечить одного и того же игрока две ночи подряд",
    "clans.nothing_to_pass": "пропускать нечего: все заявки этой ночи уже отправлены",
    "clans.vote_cast": "сегодня вы уже отдали такой голос («за» или «против»), а менять его нельзя",
    "clans.vote_for_self": "нельзя голосовать «за» себя",
    "clans.muted": "вы мертвы и лишены права писать",
    "clans.bad_targets": "неверное число целей",
    "clans.unknown_target": "неизвестный игрок",
    "clans.not_in_game": "этот игрок не участвует в игре",
  },
  byReason: {
    // setup (the GM's roster)
    "give role and faction to every player or to none":
      "роль и клан нужно дать либо всем игрокам, либо никому",
    "number needs an explicit shooter role": "номер задаётся только вместе с ролью стрелка",
    "player ids must be unique": "id игроков не должны повторяться",
  },
  patterns: [
    { en: /^exactly (.+) players are required, got (.+)$/, ru: "нужно ровно $1 игроков, а записано $2" },
    {
      en: /^exactly one (.+) of (.+) is required, got (.+)$/,
      ru: ([, role = "", clan = "", n = ""]) =>
        `в клане ${CLAN[clan] ?? clan} нужен ровно один ${ROLE[role] ?? role}, а их ${n}`,
    },
    { en: /^player (.+): role and faction go together$/, ru: "игрок $1: роль и клан задаются только вместе" },
    { en: /^player (.+): number is for shooters only$/, ru: "игрок $1: номер дают только стрелкам" },
  ],
};
