import type { Lang } from "../engine/types.js";

/**
 * What `/rules` shows: each ruleset's summary for players and one paragraph per role, in
 * Russian and English. The long form is docs/rulebooks/<ruleset>.<lang>.md (the same facts);
 * the normative rules are docs/rules/<ruleset>.md.
 */
export interface Rulebook {
  /** A few paragraphs: the sides, the phases, the orders and votes, the chats, who wins. */
  summary: string;
  /** By role id: what the role is and does. */
  roles: Record<string, string>;
}

export const rulebooks: Record<string, Record<Lang, Rulebook>> = {
  classic: {
    en: {
      summary: [
        "**The town against two mafia clans and a maniac.** The town (citizens, commissar, sergeant, ninja, doctor, necromancer and the bastard sons) hunts the Italians (with their kamikaze), the Russians (with their thug) and the lone maniac.",
        "**Phases.** Night 0 (only the maniac acts, the clans choose their dons), then day and night in turn. By day everybody talks in the town square and votes once, openly, in the votes channel: `/vote` names whom to hang, with a reason; votes cannot be changed. The player with the most votes is hanged (on a tie, the one who reached that count first). At night the roles give their orders in their own thread (`/order` or the panel); the newspaper tells the town what happened.",
        "**Duties.** Every living player posts at least once each day; two days without a vote, or a day without any post, remove the player.",
        "**Chats.** Each clan has its own chat, the commissar and the sergeant share the police chat, the commissar may open a contact with a checked player; the dead talk in the graveyard.",
        "**Win.** The town wins when no clan member and no maniac is alive; a clan wins when everyone alive belongs to it; the maniac wins alone. When two players of different sides are left after a night, the one with fewer votes against him over the game wins.",
      ].join("\n\n"),
      roles: {
        citizen: "Town. No night order: talks, reasons and votes. His strength is the daily vote.",
        commissar:
          "Town. Each night (from night 1) checks one player and learns his side. Works with the sergeant in the police chat and may open a contact thread with a checked player.",
        sergeant:
          "Town. Sees the commissar's results in the police chat; when the commissar dies he is promoted and checks himself.",
        ninja:
          "Town. May kill one player at night when he sees fit (from night 1). Can commit harakiri and leave a testament.",
        doctor:
          "Town. Heals one player each night (never himself, never the same player two nights in a row): a healed player survives one attack.",
        necromancer:
          "Town. On nights 1 and 2 gives up to two protects in all; once, when the town's heroes have fallen to the mafia or the maniac, raises the Army of Darkness against two players (and dies).",
        bastard_son:
          "Town, secretly linked to one clan: he is told he is a citizen. His clan may not attack or beat him; if only he and a member of his clan are left, the town wins.",
        mafia:
          "A member of the Italians or the Russians. The clan kills one player a night: the don names the target and the executor; without the don's order the first member's order counts. The clan talks in its own chat.",
        kamikaze: "Italians. Besides the clan's kill, may blow himself up once against one player (he dies).",
        thug: "Russians. Beats one player a night (each player at most once a game): the beaten one cannot vote or post the next day and his night action is lost.",
        maniac:
          "Alone. Kills one player a night (from night 0), has a vest, and once a game may sit in ambush instead. Wins when he is the last one alive.",
      },
    },
    ru: {
      summary: [
        "**Город против двух мафиозных кланов и маньяка.** Мирные (жители, комиссар, сержант, ниндзя, врач, некромант и внебрачные сыновья) ищут Итальянцев (с камикадзе), Русских (с громилой) и маньяка-одиночку.",
        "**Фазы.** Ночь 0 (ходит только маньяк, кланы выбирают донов), затем день и ночь по очереди. Днём все общаются на площади и один раз открыто голосуют в канале голосования: `/vote` — кого повесить, с причиной; голос менять нельзя. Вешают набравшего больше всех голосов (при равенстве — того, кто первым набрал это число). Ночью роли отдают приказы в своей ветке (`/order` или панель); утром газета рассказывает городу, что случилось.",
        "**Обязанности.** Каждый живой игрок пишет хотя бы раз в день; два дня без голоса или день без единого поста — и игрок выбывает.",
        "**Чаты.** У каждого клана свой чат, комиссар и сержант — в чате полиции, комиссар может открыть связь с проверенным игроком; мёртвые общаются на кладбище.",
        "**Победа.** Мирные побеждают, когда не осталось ни членов кланов, ни маньяка; клан — когда все живые из него; маньяк — когда остался один. Если после ночи остались двое с разных сторон, побеждает тот, против кого за игру голосовали меньше.",
      ].join("\n\n"),
      roles: {
        citizen: "Мирный. Ночью не ходит: общается, рассуждает и голосует. Его сила — дневное голосование.",
        commissar:
          "Мирный. Каждую ночь (с первой) проверяет одного игрока и узнаёт его сторону. Работает с сержантом в чате полиции и может открыть связь с проверенным игроком.",
        sergeant:
          "Мирный. Видит результаты комиссара в чате полиции; когда комиссар гибнет, получает повышение и проверяет сам.",
        ninja:
          "Мирный. Может убить одного игрока ночью, когда сочтёт нужным (с первой ночи). Может совершить харакири и оставить завещание.",
        doctor:
          "Мирный. Каждую ночь лечит одного игрока (не себя и не того же две ночи подряд): вылеченный переживает одно нападение.",
        necromancer:
          "Мирный. В первую и вторую ночь раздаёт до двух протектов; один раз, когда герои города пали от рук мафии или маньяка, поднимает Армию Тьмы против двух игроков (и погибает).",
        bastard_son:
          "Мирный, тайно связанный с одним кланом: ему сообщают, что он мирный житель. Его клан не может его убить или избить; если остались только он и член его клана, побеждают мирные.",
        mafia:
          "Член клана Итальянцев или Русских. Клан убивает одного игрока за ночь: дон называет цель и исполнителя; без приказа дона действует приказ первого члена клана. Клан общается в своём чате.",
        kamikaze: "Итальянцы. Кроме убийства кланом, один раз может подорвать себя вместе с одним игроком.",
        thug: "Русские. Ночью избивает одного игрока (каждого не больше раза за игру): избитый не голосует и не пишет следующий день, а его ночное действие пропадает.",
        maniac:
          "Одиночка. Каждую ночь (с нулевой) убивает одного игрока, носит бронежилет и один раз за игру может вместо убийства сидеть в засаде. Побеждает, оставшись последним.",
      },
    },
  },
  clans: {
    en: {
      summary: [
        "**Twelve players, three clans: Yakuza, Cosa Nostra and the Russian Mafia.** Each clan starts as its boss alone; the doctors, scouts and shooters (one of each born to every clan) start unrecruited. On the forum it is played under masks: a GM who creates it with `masks:masks` has the players speak with `/say`.",
        "**Night** (first): bosses kill (guessing the target's clan) and recruit (guessing role and clan, a number 1–99 settles contests); scouts protect or check, doctors heal, shooters kill by plurality; unrecruited players may meet one another. Orders are final.",
        "**Day**: everyone must post in the day's thread and vote `/vote` «against» (and may vote «for») — a living player who does neither is removed at the day's close. The player with most «against» votes dies; the one with most «for» votes is protected for the night; ties mean a peaceful day.",
        "**Chats.** Each clan's team has its own chat, opened to each recruit at dawn; the dead have theirs, and may post at most 5 times a phase in the game thread.",
        "**Win.** A clan is in the game while its boss lives (a successor takes over when he dies). The last clan in the game wins.",
      ].join("\n\n"),
      roles: {
        boss: "Leads a clan. Each night kills one player (naming his clan correctly) and recruits one (naming his role and clan and a number 1–99). When he dies a successor takes over.",
        doctor: "Heals one player a night (himself allowed, never the same player two nights in a row).",
        scout:
          "Each night either protects one player (not the same two nights running) or checks one: recruited or not, or his clan and role.",
        shooter:
          "Shoots one player a night; the shooters' target with the most shots dies. Shooters stand next in line to lead a clan.",
        member: "A doctor or scout who has lost his role: no night order, still talks and votes.",
      },
    },
    ru: {
      summary: [
        "**Двенадцать игроков, три клана: Якудза, Коза Ностра и Русская Мафия.** Каждый клан начинается с одного Босса; доктора, разведчики и бойцы (по одному каждого из каждого клана) начинают незавербованными. На форуме в неё играют под масками: если ведущий создал игру с `masks:masks`, игроки говорят через `/say`.",
        "**Ночь** (первой): Боссы убивают (угадав клан цели) и вербуют (угадав роль и клан; спор решает число 1–99); разведчики защищают или проверяют, доктора лечат, бойцы стреляют большинством; незавербованные могут знакомиться. Приказы окончательны.",
        "**День**: каждый обязан написать в теме дня и проголосовать `/vote` «против» (и может «за») — кто не сделал этого, выбывает в конце дня. Погибает набравший больше всех «против»; набравший больше всех «за» защищён на ночь; при равенстве — мирный день.",
        "**Чаты.** У состава каждого клана свой чат, куда завербованный попадает на рассвете; у мёртвых — свой, а в теме дня они могут писать не больше 5 постов за фазу.",
        "**Победа.** Клан в игре, пока жив его Босс (после гибели его место занимает преемник). Побеждает последний клан в игре.",
      ].join("\n\n"),
      roles: {
        boss: "Глава клана. Каждую ночь убивает одного игрока (верно назвав его клан) и вербует одного (назвав роль, клан и число 1–99). После его гибели клан возглавляет преемник.",
        doctor: "Лечит одного игрока за ночь (можно себя, но не того же две ночи подряд).",
        scout:
          "Каждую ночь либо защищает одного игрока (не того же две ночи подряд), либо проверяет: завербован ли он, или его клан и роль.",
        shooter:
          "Стреляет в одного игрока за ночь; погибает цель, в которую выстрелило больше бойцов. Бойцы — следующие в очереди возглавить клан.",
        member: "Доктор или разведчик, потерявший роль: ночью не ходит, но общается и голосует.",
      },
    },
  },
  mayor: {
    en: {
      summary: [
        "**The blind game.** Roles (Mafia, Maniac, Lawyer, Doctor, Agent) are drawn by lot and **nobody is told his own role**; only the counts are public. Deduce yours from the Mayor's morning news.",
        "**Night**: each player sends one neutral choice (a player, or a visit to the Mayor) or rests; what it does depends on the role he does not know — the mafia's choices elect its kill, the maniac attacks, the doctor heals, the lawyer defends, the agent checks.",
        "**Session** (day): each living player gives one public verdict with `/vote`: КАЗНЬ (execute), ИЗО (isolate) or ВОЗДЕРЖАЛСЯ (abstain), posted in the town hall with a live tally. Execute verdicts send a player to jail (no execution at the first session); isolation needs more ИЗО on one player than all other ИЗО and abstentions together. Two sessions in a row without a verdict send you to isolation.",
        "**Chats.** The town hall (writable during the session), the news, each player's thread with the Mayor, the graveyard. No faction chats: the game is blind.",
        "**Win.** The town when no mafia and no maniac is alive; the mafia when only mafia remain; the maniac when he is alone.",
      ].join("\n\n"),
      roles: {
        mafia:
          "Evil. Your night choice is a vote for the mafia's kill: the majority of the mafia's choices decides.",
        maniac: "Evil, alone. Your night choice attacks that player.",
        lawyer:
          "Good (unless the game says otherwise). Your night choice defends a jailed or isolated player.",
        doctor: "Good. Your night choice heals that player.",
        agent:
          "Good. Your night choice checks that player: you learn his side (or his role, by the game's options).",
      },
    },
    ru: {
      summary: [
        "**Игра вслепую.** Роли (Мафия, Маньяк, Адвокат, Доктор, Агент) раздаются жребием, и **никто не знает своей роли**; известно только, сколько каких ролей. Свою роль узнайте из утренних новостей Мэра.",
        "**Ночь**: каждый отправляет один нейтральный ВЫБОР (игрока или визит к Мэру) или ОТДЫХ; что он делает, зависит от роли, которой игрок не знает: выборы мафии решают её убийство, маньяк нападает, доктор лечит, адвокат защищает, агент проверяет.",
        "**Заседание** (день): каждый живой игрок выносит один открытый ВЕРДИКТ через `/vote`: КАЗНЬ, ИЗО или ВОЗДЕРЖАЛСЯ; вердикты публикуются в ратуше с живым подсчётом. КАЗНЬ отправляет в тюрьму (на первом заседании казни нет); для ИЗО голосов ИЗО за одного игрока должно быть больше, чем всех прочих ИЗО и воздержавшихся вместе. Два заседания подряд без вердикта — ИЗО.",
        "**Чаты.** Ратуша (пишут во время заседания), новости, ветка каждого игрока с Мэром, кладбище. Чатов фракций нет: игра слепая.",
        "**Победа.** Город — когда не осталось ни мафии, ни маньяка; мафия — когда остались только мафиози; маньяк — когда остался один.",
      ].join("\n\n"),
      roles: {
        mafia: "Зло. Ваш ночной выбор — голос за убийство мафии: решает большинство выборов мафии.",
        maniac: "Зло, одиночка. Ваш ночной выбор — нападение на этого игрока.",
        lawyer:
          "Добро (если настройки игры не говорят иначе). Ваш ночной выбор защищает игрока в тюрьме или в ИЗО.",
        doctor: "Добро. Ваш ночной выбор лечит этого игрока.",
        agent:
          "Добро. Ваш ночной выбор проверяет этого игрока: вы узнаёте его сторону (или роль — по настройкам игры).",
      },
    },
  },
  reichstag: {
    en: {
      summary: [
        "**Secret Hitler for 5–10.** Secret liberals and fascists, one of whom is Hitler, elect governments and pass laws. Fascists know each other (Hitler knows them only in games of 5–6).",
        "**Nomination**: the presidential candidate nominates a Chancellor (the panel in your thread). **Election**: everyone else votes Ja or Nein with `/vote` (the candidates do not vote). Three rejected governments in a row bring chaos: the top policy is enacted.",
        "**Legislative session**: the President draws three policies and discards one in secret, the Chancellor enacts one of the other two (with five fascist policies in force he may ask for a veto, which the President grants or refuses). **Executive action**: every fascist policy gives the President a choice of two different powers (investigate, special election, peek) or an execution alone.",
        "**Time.** A phase lasts about a day; `/extension` asks for more time within the rules' limits.",
        "**Win.** Liberals: five liberal policies, or Hitler executed. Fascists: six fascist policies, or Hitler elected Chancellor once three fascist policies are in force.",
      ].join("\n\n"),
      roles: {
        liberal: "Liberals. Knows nobody. Wins with five liberal policies or by executing Hitler.",
        fascist:
          "Fascists. Knows the other fascists and Hitler. Wins with six fascist policies or by getting Hitler elected Chancellor after three fascist policies.",
        hitler:
          "Fascists. Knows the fascist only in games of 5–6. Must not be executed; elected Chancellor after three fascist policies, he wins for the fascists.",
      },
    },
    ru: {
      summary: [
        "**Secret Hitler на 5–10 игроков.** Тайные либералы и фашисты, один из которых — Гитлер, выбирают правительства и принимают законы. Фашисты знают друг друга (Гитлер знает их только в игре на 5–6).",
        "**Выдвижение**: кандидат в президенты выдвигает канцлера (панель в вашей ветке). **Выборы**: все остальные голосуют Ja или Nein через `/vote` (кандидаты не голосуют). Три отвергнутых правительства подряд — хаос: принимается верхний закон колоды.",
        "**Законодательная сессия**: президент тянет три закона и тайно сбрасывает один, канцлер принимает один из двух оставшихся (при пяти фашистских законах он может попросить вето, президент соглашается или отказывает). **Исполнительная власть**: каждый фашистский закон даёт президенту выбор двух разных прав (проверка лояльности, внеочередные выборы, просмотр законов) или одно уничтожение.",
        "**Время.** Фаза длится около суток; `/extension` просит продления в пределах правил.",
        "**Победа.** Либералы: пять либеральных законов или уничтожение Гитлера. Фашисты: шесть фашистских законов или Гитлер, избранный канцлером после трёх фашистских законов.",
      ].join("\n\n"),
      roles: {
        liberal: "Либералы. Никого не знает. Побеждает пятью либеральными законами или уничтожением Гитлера.",
        fascist:
          "Фашисты. Знает других фашистов и Гитлера. Побеждает шестью фашистскими законами или избранием Гитлера канцлером после трёх фашистских законов.",
        hitler:
          "Фашисты. Знает фашиста только в игре на 5–6. Его нельзя уничтожить; избранный канцлером после трёх фашистских законов, он приносит победу фашистам.",
      },
    },
  },
  regnum: {
    en: {
      summary: [
        "**A large political role-playing game run by the GM.** Each character has roles, a character type (КИ/КМ/ИМ/ИИ), a faction, an appearance, crowns, orchium and items; posts (King, Pope, President, judges, ministers, commanders) are given by the GM. Characters are known by their appearances: speak with `/say`.",
        "**Phases.** Day and night in turn; each phase every character sends his moves (`/order` or the panel) — one move a phase by default — and the GM resolves whatever the bot cannot. Armies battle every day and every night.",
        "**Sides.** The Royal Security Service (KSB) hunts the Order of the Golden Dragon (ОЗД), the Assassin and the Rainbow Baron; the Order recruits for orchium and seizes power; everyone else plays for posts, money and the country.",
        "**Chats.** 21 chats with their own schedules (government, parliament, the KSB, the Order, the palace, the armies, the underground…); going underground or abroad changes which you may read.",
        "**End.** The game ends when the GM ends it: the KSB wins if the Order, the Assassin and the Baron are neutralized; the Order wins if it holds captured power; rewards follow the character types.",
      ].join("\n\n"),
      roles: {
        citizen: "No automated moves: acts through free-form orders to the GM.",
        ksb_agent:
          "Royal Security Service. Checks, surveils, identifies, interrogates and guards characters; with a warrant from the Supreme Judge, searches, reads mail and detains.",
        expert: "Needed for a KSB search.",
        detective:
          "A public investigator: checks, surveils, identifies and interrogates characters, and may accuse.",
        thief: "Robs characters and, in the Government, embezzles from the treasury.",
        assassin: "A loner: surveils and kills characters; the KSB hunts him.",
        elder_adept:
          "Order of the Golden Dragon. Takes appearances he knows, elects the Magister, and (as Magister) recruits for orchium.",
        junior_adept: "Order of the Golden Dragon, recruited by the Magister.",
        rainbow_baron:
          "Alone. Invites characters to his palace, gains orchium every day, protects and settles scores; rewarded by the power of his palace's guests.",
        advocate: "Can have a detained character released.",
        devils_advocate: "Can have a detained character released.",
        knight: "Cannot desert.",
        healer: "A magical role (for the role rules only; its acts are the GM's).",
        priest: "A church role (for the role rules only; its acts are the GM's).",
        snow_king: "A magical role (for the role rules only; its acts are the GM's).",
        alchemist: "A role for the role rules only; its acts are the GM's.",
      },
    },
    ru: {
      summary: [
        "**Большая политическая ролевая игра под управлением ведущего.** У каждого персонажа роли, характер (КИ/КМ/ИМ/ИИ), фракция, облик, кроны, орхиум и вещи; посты (Король, Папа, Президент, судьи, министры, командующие) раздаёт ведущий. Персонажей знают по обликам: говорите через `/say`.",
        "**Фазы.** День и ночь по очереди; в каждой фазе персонаж отправляет ходы (`/order` или панель) — по умолчанию один ход за фазу, — а что не может бот, решает ведущий. Армии сражаются каждый день и каждую ночь.",
        "**Стороны.** КСБ (Королевская служба безопасности) охотится на ОЗД (Орден Золотого Дракона), Ассасина и Радужного Барона; ОЗД вербует за орхиум и захватывает власть; остальные играют за посты, деньги и страну.",
        "**Чаты.** 21 чат со своим расписанием (правительство, парламент, КСБ, ОЗД, дворец, армии, подполье…); уход в подполье или за границу меняет, что вы можете читать.",
        "**Конец.** Игру завершает ведущий: КСБ побеждает, если ОЗД, Ассасин и Барон обезврежены; ОЗД — если удерживает захваченную власть; награды зависят от характера персонажа.",
      ].join("\n\n"),
      roles: {
        citizen: "Автоматических ходов нет: действует свободными приказами ведущему.",
        ksb_agent:
          "Королевская служба безопасности. Проверяет, следит, опознаёт, допрашивает и охраняет персонажей; с разрешения Верховного судьи — обыскивает, читает почту и задерживает.",
        expert: "Нужен КСБ для обыска.",
        detective:
          "Публичный сыщик: проверяет, следит, опознаёт и допрашивает персонажей, может выдвинуть обвинение.",
        thief: "Грабит персонажей, а в правительстве — расхищает казну.",
        assassin: "Одиночка: следит за персонажами и убивает их; за ним охотится КСБ.",
        elder_adept:
          "Орден Золотого Дракона. Принимает известные ему облики, выбирает Магистра, а Магистром — вербует за орхиум.",
        junior_adept: "Орден Золотого Дракона, завербованный Магистром.",
        rainbow_baron:
          "Одиночка. Приглашает персонажей во дворец, каждый день получает орхиум, защищает и устраивает разборки; награда — власть гостей дворца.",
        advocate: "Может добиться освобождения задержанного.",
        devils_advocate: "Может добиться освобождения задержанного.",
        knight: "Не может дезертировать.",
        healer: "Магическая роль (только для правил сочетания ролей; её действия решает ведущий).",
        priest: "Церковная роль (только для правил сочетания ролей; её действия решает ведущий).",
        snow_king: "Магическая роль (только для правил сочетания ролей; её действия решает ведущий).",
        alchemist: "Роль для правил сочетания ролей; её действия решает ведущий.",
      },
    },
  },
};
