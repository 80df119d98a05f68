import type { AvailableAction, ChatSpec, DeadlineRule } from "../../engine/ruleset.js";
import { findPlayer } from "../../engine/helpers.js";
import type { Json, JsonObject, Localized, PlayerId } from "../../engine/types.js";
import { ACTIONS } from "./actions.js";
import { abroad, allRoles, hasRole, knownAppearances } from "./characters.js";
import { access, chatInfo, enabledChats, writable } from "./chats.js";
import { canReadCaseFile } from "./investigation.js";
import { started } from "./phase.js";
import { actingPosts, acts, directorFunctions, power } from "./posts.js";
import { CHATS, type RPlayer, type RState } from "./state.js";

/** availableActions, chatLayout, playerView, deadline and finalPlayer. */

/** Each player action's name [en, ru]: the orders panel and the private results. */
export const LABELS: Record<string, [string, string]> = {
  ksb_check: ["Check for suspicion", "Проверка на подозрительность"],
  ksb_surveil: ["Surveillance", "Слежка"],
  ksb_identify: ["Identification", "Опознание"],
  ksb_interrogate: ["Interrogation", "Допрос"],
  ksb_guard: ["Guard", "Охрана"],
  ksb_derecruit: ["De-recruitment", "Развербовка"],
  ksb_accuse: ["Accusation", "Обвинение"],
  ksb_release: ["Release", "Освобождение"],
  request_warrant: ["Request a warrant", "Запросить разрешение суда"],
  grant_warrant: ["Grant the warrant", "Выдать разрешение"],
  deny_warrant: ["Deny the warrant", "Отказать в разрешении"],
  ksb_search: ["Search", "Обыск"],
  ksb_mail_check: ["Mail check", "Проверка почты"],
  ksb_detain: ["Detention", "Задержание"],
  ask: ["Ask a question", "Задать вопрос"],
  answer: ["Answer", "Ответить"],
  end_interrogation: ["End the interrogation", "Закончить допрос"],
  det_check: ["Check for suspicion", "Проверка на подозрительность"],
  det_surveil: ["Surveillance", "Слежка"],
  det_identify: ["Identification", "Опознание"],
  det_interrogate: ["Interrogation", "Допрос"],
  det_accuse: ["Accusation", "Обвинение"],
  rob: ["Robbery", "Грабёж"],
  steal: ["Theft", "Кража"],
  embezzle: ["Embezzlement", "Казнокрадство"],
  take_appearance: ["Take an appearance", "Принять облик"],
  vote_magister: ["Vote for the Magister", "Голосовать за Магистра"],
  recruit: ["Recruit", "Вербовка"],
  exclude_from_ozd: ["Exclude from the Order's chat", "Исключить из чата Ордена"],
  appoint_director: ["Appoint the Director", "Назначить Директора"],
  assassin_surveil: ["Surveillance", "Слежка"],
  assassin_attack: ["Attack", "Атака"],
  palace_invite: ["Invite to the palace", "Пригласить во дворец"],
  palace_accept: ["Accept the invitation", "Принять приглашение"],
  palace_decline: ["Decline the invitation", "Отклонить приглашение"],
  palace_request: ["Ask to enter the palace", "Попроситься во дворец"],
  palace_admit: ["Admit to the palace", "Впустить во дворец"],
  palace_leave: ["Leave the palace", "Покинуть дворец"],
  palace_force: ["Unrefusable invitation", "Безотказное приглашение"],
  baron_protect: ["Protection", "Защита"],
  baron_showdown: ["Showdown", "Разборки"],
  fight: ["Take part in the fighting", "Участие в военных действиях"],
  conscript: ["Conscription", "Призыв"],
  move_troops: ["Move troops", "Переместить войска"],
  units_defend: ["Units defend", "Юниты защищают"],
  units_attack: ["Units attack", "Юниты атакуют"],
  sign_peace: ["Sign a peace treaty", "Подписать мирный договор"],
  desert: ["Desert", "Дезертировать"],
  go_underground: ["Go underground", "Уйти в подполье"],
  leave_underground: ["Leave the underground", "Выйти из подполья"],
  go_abroad: ["Go abroad", "Уехать за границу"],
  travel: ["Travel", "Переехать"],
  send_letter: ["Send a letter", "Отправить письмо"],
  send_parcel: ["Send a parcel", "Отправить посылку"],
  transfer: ["Money transfer", "Денежный перевод"],
  advocate_release: ["Release the detainee", "Освободить задержанного"],
  order: ["Free-form order to the GM", "Произвольный ход ведущему"],
};

/** RulesetDefinition.actionLabel: regnum's choices are in its targets. */
export function actionLabel(action: string): Localized | undefined {
  const names = LABELS[action];
  return names ? { en: names[0], ru: names[1] } : undefined;
}

export function availableActions(state: RState, actor: PlayerId): AvailableAction[] {
  if (state.ended) return [];
  const startedState = started(state);
  const actorPlayer = findPlayer(startedState, actor);
  if (!actorPlayer || !actorPlayer.alive) return [];
  const out: AvailableAction[] = [];
  for (const [action, row] of Object.entries(ACTIONS)) {
    const label = { en: LABELS[action]?.[0] ?? action, ru: LABELS[action]?.[1] ?? action };
    // Offered with the schema's default params, which availableActions' entries submit.
    const ok = (targets: string[]) => row.offered(startedState, actor, targets);
    if (row.targets === "none") {
      if (ok([])) out.push({ action, targets: [], minTargets: 0, maxTargets: 0, label });
      continue;
    }
    const targets = row.candidates(startedState, actorPlayer).filter((target) => ok([target]));
    if (targets.length > 0) out.push({ action, targets, minTargets: 1, maxTargets: 1, label });
  }
  return out;
}

export function chatLayout(state: RState): ChatSpec[] {
  const out: ChatSpec[] = [];
  for (const id of enabledChats(state)) {
    const info = chatInfo(id);
    if (!info) continue;
    const readers: PlayerId[] = [];
    const writers: PlayerId[] = [];
    const open = writable(state, id);
    for (const p of state.players) {
      const playerAccess = access(state, p, id);
      if (playerAccess !== "none") readers.push(p.id);
      if (playerAccess === "member" && open && id !== "community") writers.push(p.id);
    }
    const spec: ChatSpec = {
      id,
      name: { en: info.en, ru: info.ru },
      kind: id === "community" || id === "general" ? "public" : "secret",
      readers,
      writers,
    };
    if (id === "community") {
      spec.readAudience = "all";
      spec.writeAudience = "gm";
      spec.purpose = "newspaper";
    }
    if (id === "gm_service") {
      spec.readAudience = "gm";
      spec.writeAudience = "gm";
      spec.purpose = "gm";
    }
    if (id === "general") spec.readAudience = "all";
    out.push(spec);
  }
  return out;
}

export function chatsOf(state: RState, player: RPlayer): JsonObject {
  const out: JsonObject = {};
  for (const c of enabledChats(state)) out[c] = access(state, player, c);
  return out;
}

export function statusesOf(state: RState, player: RPlayer): string[] {
  const out = [player.alive ? "alive" : "dead"];
  for (const s of ["underground", "abroad", "detained", "wanted", "neutralized", "recruited"]) {
    if (s === "abroad") {
      if (abroad(player)) out.push(s);
    } else if (s === "recruited") {
      if (player.statuses.includes("recruited") && player.faction === "ozd") out.push(s);
    } else if (player.statuses.includes(s)) out.push(s);
  }
  void state;
  return out;
}

export function finalPlayer(state: RState, player: RPlayer): JsonObject {
  const occupant = state.data.occupant[player.appearance];
  return {
    role: player.role,
    roles: allRoles(player),
    faction: player.faction,
    factions: [player.faction, ...player.groups],
    type: player.type,
    power: power(state, player),
    posts: [...player.posts],
    actingPosts: actingPosts(state, player),
    appearance: player.appearance,
    currentAppearance: player.currentAppearance,
    replacedBy: occupant && occupant !== player.id ? occupant : null,
    location: player.location,
    statuses: statusesOf(state, player),
    crowns: player.crowns,
    items: [...player.items],
    orchium: player.orchium,
    resources: player.resources,
    chats: chatsOf(state, player),
    reward: state.ended ? (player.reward ?? 0) : null,
  };
}

export function deadline(state: RState): DeadlineRule {
  const hours =
    state.data.deadlineHours ??
    (state.phase.kind === "night" ? state.options.nightHours : state.options.dayHours);
  return { type: "duration", minutes: Math.round(hours * 60) };
}

/** What a viewer may know (the GM, id "gm", sees everything). */
export function playerView(state: RState, viewer: PlayerId): Json {
  const phase = `${state.phase.kind} ${state.phase.n}`;
  const publicFacts: JsonObject = {
    phase,
    ended: state.ended,
    winners: [...state.winners],
    season: state.options.season,
    ownForces: state.data.ownForces as unknown as Json,
    wars: state.data.wars as unknown as Json,
    borders: state.data.borders,
    relations: state.data.relations,
    inquisitionActive: state.data.inquisitionActive,
    chats: CHATS.filter((c) => enabledChats(state).includes(c.id)).map((c) => ({
      id: c.id,
      schedule: c.schedule,
      writable: writable(state, c.id),
    })),
  };
  if (viewer === "gm") {
    return { ...publicFacts, players: state.players as unknown as Json, data: state.data as unknown as Json };
  }
  const me = findPlayer(state, viewer);
  if (!me) return publicFacts;
  const mine: JsonObject = {
    id: me.id,
    alive: me.alive,
    role: me.role,
    roles: allRoles(me),
    faction: me.faction,
    groups: [...me.groups],
    type: me.type,
    posts: [...me.posts],
    actingPosts: actingPosts(state, me),
    power: power(state, me),
    appearance: me.appearance,
    currentAppearance: me.currentAppearance,
    knownAppearances: knownAppearances(state, me),
    location: me.location,
    statuses: statusesOf(state, me),
    crowns: me.crowns,
    items: [...me.items],
    orchium: me.orchium,
    resources: me.resources,
    visas: [...me.visas],
    serviceOf: [...me.serviceOf],
    chats: chatsOf(state, me),
    orders: state.data.orders
      .filter((order) => order.actor === me.id)
      .map((order) => ({ action: order.action, targets: order.targets, params: order.params })),
    units: state.data.units
      .filter((u) => u.owner === me.id)
      .map((u) => ({
        id: u.id,
        army: u.army,
        type: u.type,
        location: u.location,
        inTransitTo: u.inTransitTo,
      })),
    palace:
      state.data.palace.includes(me.id) || allRoles(me).includes("rainbow_baron")
        ? [...state.data.palace]
        : null,
    invited: state.data.invitations.includes(me.id),
    sessions: state.data.sessions
      .filter((x) => x.open && (x.interrogator === me.id || x.target === me.id))
      .map((x) => ({
        id: x.id,
        role: x.interrogator === me.id ? "interrogator" : "target",
        question: x.question,
      })),
  };
  // The granted warrants the viewer may use (§5.1.2): the searchers' and the Director's menus
  // depend on them, so his view holds them (issue 30: a menu tells only what the view holds).
  const searcher = hasRole(me, "ksb_agent") || hasRole(me, "expert");
  const directing = directorFunctions(state, me);
  mine["warrants"] = state.data.warrants
    .filter((w) => w.status === "granted" && (w.measure === "search" ? searcher : directing))
    .map((w) => ({ measure: w.measure, target: w.target }));
  // The Baron's open invitations and the requests he was told of (his invite and admit menus).
  if (allRoles(me).includes("rainbow_baron")) {
    mine["palaceInvitations"] = [...state.data.invitations];
    mine["palaceRequests"] = [...state.data.requests];
  }
  // The requests the acting Supreme Judge decides on (his grant and deny menus offer their targets).
  if (acts(state, me, "supreme_judge"))
    mine["warrantRequests"] = state.data.warrants
      .filter((w) => w.status === "pending")
      .map((w) => ({ id: w.id, measure: w.measure, target: w.target }));
  const view: JsonObject = { ...publicFacts, me: mine };
  if (canReadCaseFile(state, me)) view["caseFile"] = state.data.caseFile as unknown as Json;
  return view;
}
