import type { RegnumOptions } from "./options.js";
import type { BasePlayer, GameState, JsonObject, PlayerId } from "../../engine/types.js";

/** The regnum model (rules file §2): constant tables and the state types. */

export const RULESET = "regnum";

export const COUNTRIES = ["regnum", "norsland", "orientem", "britonia"] as const;
export const isCountry = (c: unknown) =>
  typeof c === "string" && (COUNTRIES as readonly string[]).includes(c);
export const FOREIGN_COUNTRIES = ["norsland", "orientem", "britonia"] as const;
export const ARMIES = [
  "royal",
  "parliament",
  "inquisition",
  "aik",
  "ksb",
  "ozd",
  "darkness",
  "norsland",
  "orientem",
  "britonia",
] as const;
export const FOREIGN_ARMIES = ["norsland", "orientem", "britonia"];
export const SEASONS = ["winter", "spring", "summer", "autumn"] as const;
export const CHAR_TYPES = ["ki", "km", "im", "ii"] as const;
export type CharType = (typeof CHAR_TYPES)[number];

export const FACTIONS = ["ksb", "ozd", "assassin", "baron", "citizens"] as const;
export const GROUPS = ["elves", "beastfolk", "angels", "demons", "church", "darkness", "aik", "inquisition"];

export function pairKey(a: string, b: string): string {
  const indexA = (COUNTRIES as readonly string[]).indexOf(a);
  const indexB = (COUNTRIES as readonly string[]).indexOf(b);
  const ordered = indexA <= indexB ? [a, b] : [b, a];
  if (indexA < 0 || indexB < 0) return [a, b].sort().join("-");
  return ordered.join("-");
}

export function allPairs(): string[] {
  const out: string[] = [];
  for (let i = 0; i < COUNTRIES.length; i++)
    for (let j = i + 1; j < COUNTRIES.length; j++) out.push(`${COUNTRIES[i]}-${COUNTRIES[j]}`);
  return out;
}

export function armyIndex(army: string): number {
  const i = (ARMIES as readonly string[]).indexOf(army);
  return i < 0 ? ARMIES.length : i;
}

export function sortArmies(armies: Iterable<string>): string[] {
  return [...new Set(armies)].sort((a, b) => armyIndex(a) - armyIndex(b) || a.localeCompare(b));
}

// ---------------------------------------------------------------- roles (§2.2)

export interface RoleInfo {
  power: number;
  ru: string;
  en: string;
  faction?: string;
}

export const ROLES: Record<string, RoleInfo> = {
  citizen: { power: 1, en: "Citizen", ru: "Гражданин" },
  ksb_agent: { power: 1, en: "KSB agent", ru: "Агент КСБ", faction: "ksb" },
  expert: { power: 1, en: "Expert", ru: "Эксперт" },
  detective: { power: 1, en: "Detective", ru: "Детектив" },
  thief: { power: 1, en: "Thief", ru: "Вор" },
  assassin: { power: 1, en: "Assassin", ru: "Ассасин", faction: "assassin" },
  elder_adept: { power: 1, en: "Elder adept", ru: "Старший адепт ОЗД", faction: "ozd" },
  junior_adept: { power: 1, en: "Junior adept", ru: "Младший адепт ОЗД", faction: "ozd" },
  rainbow_baron: { power: 2, en: "Rainbow Baron", ru: "Радужный Барон", faction: "baron" },
  advocate: { power: 1, en: "Advocate", ru: "Адвокат" },
  devils_advocate: { power: 1, en: "Devil's advocate", ru: "Адвокат дьявола" },
  knight: { power: 1, en: "Knight", ru: "Рыцарь" },
  healer: { power: 1, en: "Healer", ru: "Целитель" },
  priest: { power: 1, en: "Priest", ru: "Священник" },
  snow_king: { power: 1, en: "Snow King", ru: "Снежный Король" },
  alchemist: { power: 1, en: "Alchemist", ru: "Алхимик" },
};

// ---------------------------------------------------------------- posts (§2.3)

export interface PostInfo {
  power: number;
  government: "royal" | "parliament" | null;
  chats: string[];
  public: boolean;
}

const post = (
  power: number,
  government: PostInfo["government"],
  chats: string[],
  isPublic = true,
): PostInfo => ({ power, government, chats, public: isPublic });

export const DEFAULT_POSTS: Record<string, PostInfo> = {
  king: post(1, "royal", ["royal_government"]),
  pope: post(1, null, ["church"]),
  president: post(1, "parliament", ["parl_government"]),
  supreme_judge: post(1, null, ["court"]),
  judge: post(1, null, ["court"]),
  mp: post(1, null, ["parliament"]),
  minister_royal: post(1, "royal", ["royal_government"]),
  minister_parliament: post(1, "parliament", ["parl_government"]),
  defence_minister_royal: post(1, "royal", ["royal_government", "royal_forces"]),
  defence_minister_parliament: post(1, "parliament", ["parl_government", "parl_forces"]),
  director: post(3, null, ["ksb"]),
  magister: post(4, null, ["ozd"], false),
  commander_royal: post(1, null, ["royal_forces"]),
  commander_parliament: post(1, null, ["parl_forces"]),
  commander_inquisition: post(1, null, ["inquisition"], false),
  commander_aik: post(1, null, ["aik"], false),
  commander_darkness: post(1, null, ["darkness"], false),
  commander_norsland: post(1, null, []),
  commander_orientem: post(1, null, []),
  commander_britonia: post(1, null, []),
  adviser_norsland: post(1, null, []),
  adviser_orientem: post(1, null, []),
  adviser_britonia: post(1, null, []),
  ruler_norsland: post(1, null, []),
  ruler_orientem: post(1, null, []),
  ruler_britonia: post(1, null, []),
};

export const MULTI_POSTS = ["judge", "mp", "minister_royal", "minister_parliament"];
export const PENALTY_POSTS = ["king", "pope", "president", "supreme_judge"];

export const COMMANDER_POST: Record<string, string> = {
  royal: "commander_royal",
  parliament: "commander_parliament",
  inquisition: "commander_inquisition",
  aik: "commander_aik",
  darkness: "commander_darkness",
  ozd: "magister",
  ksb: "director",
  norsland: "commander_norsland",
  orientem: "commander_orientem",
  britonia: "commander_britonia",
};

export const ARMY_CHAT: Record<string, string> = {
  royal: "royal_forces",
  parliament: "parl_forces",
  inquisition: "inquisition",
  aik: "aik",
  ksb: "ksb",
  ozd: "ozd",
  darkness: "darkness",
};

// ---------------------------------------------------------------- chats (§4.1)

export type Schedule = "day" | "night" | "always";
export type UndergroundFlag = "no" | "yes" | "if_inquisition" | "if_no_inquisition" | "never";
export interface ChatInfo {
  id: string;
  en: string;
  ru: string;
  schedule: Schedule;
  underground: UndergroundFlag;
}

export const CHATS: ChatInfo[] = [
  {
    id: "community",
    en: "Roleplay “Magic” (community)",
    ru: "Ролевая «Магия»",
    schedule: "always",
    underground: "no",
  },
  { id: "general", en: "RM general chat", ru: "Общий чат РМ", schedule: "night", underground: "no" },
  { id: "parliament", en: "Parliament", ru: "Парламент", schedule: "day", underground: "no" },
  {
    id: "parl_government",
    en: "Parliamentary government",
    ru: "Парламентское правительство",
    schedule: "day",
    underground: "no",
  },
  {
    id: "parl_forces",
    en: "Parliamentary Armed Forces",
    ru: "Парламентские ВС",
    schedule: "always",
    underground: "no",
  },
  {
    id: "royal_government",
    en: "Royal government",
    ru: "Королевское правительство",
    schedule: "day",
    underground: "no",
  },
  {
    id: "royal_forces",
    en: "Royal Armed Forces",
    ru: "Королевские ВС",
    schedule: "always",
    underground: "no",
  },
  { id: "court", en: "Court of Regnum", ru: "Суд Регнума", schedule: "day", underground: "no" },
  { id: "church", en: "Church", ru: "Церковь", schedule: "day", underground: "no" },
  { id: "angels", en: "Angels", ru: "Ангелы", schedule: "always", underground: "no" },
  { id: "afterlife", en: "Afterlife", ru: "Потусторонний мир", schedule: "always", underground: "no" },
  { id: "demons", en: "Demons", ru: "Демоны", schedule: "always", underground: "no" },
  { id: "darkness", en: "Darkness", ru: "Тьма", schedule: "always", underground: "yes" },
  { id: "beastfolk", en: "Beastfolk", ru: "Зверолюди", schedule: "day", underground: "if_inquisition" },
  { id: "elves", en: "Elves", ru: "Эльфы", schedule: "day", underground: "if_inquisition" },
  {
    id: "inquisition",
    en: "Inquisition",
    ru: "Инквизиция",
    schedule: "always",
    underground: "if_no_inquisition",
  },
  { id: "aik", en: "AIK", ru: "АИК", schedule: "always", underground: "if_inquisition" },
  { id: "ksb", en: "KSB", ru: "КСБ", schedule: "always", underground: "no" },
  { id: "ozd", en: "Order of the Golden Dragon", ru: "ОЗД", schedule: "always", underground: "yes" },
  { id: "palace", en: "Rainbow Palace", ru: "Радужный дворец", schedule: "night", underground: "yes" },
  {
    id: "gm_service",
    en: "RM service chat",
    ru: "Служебный чат РМ",
    schedule: "always",
    underground: "never",
  },
];
export const CHAT_IDS = CHATS.map((c) => c.id);
export const GROUP_CHATS = ["angels", "demons", "darkness", "beastfolk", "elves", "inquisition", "aik"];

// ---------------------------------------------------------------- units (§6.1)

export interface UnitTypeInfo {
  strength: number;
  /** Where it may be: everywhere, only in winter or on the north front, or not on a front. */
  allowed: "everywhere" | "winter_or_north" | "not_sea" | "not_north";
  vs: string[];
  /** Doubled in winter on the north front. */
  winterNorth: boolean;
}

const ROBOTS = ["flamethrower_robot", "waterproof_robot", "modified_robot"];
export const UNIT_TYPES: Record<string, UnitTypeInfo> = {
  squad: { strength: 1, allowed: "everywhere", vs: [], winterNorth: false },
  snowmen: { strength: 1, allowed: "winter_or_north", vs: [], winterNorth: true },
  fire_elemental: { strength: 1, allowed: "not_sea", vs: ["snowmen", "wood_elemental"], winterNorth: false },
  water_elemental: {
    strength: 1,
    allowed: "not_north",
    vs: ["fire_elemental", "flamethrower_robot"],
    winterNorth: false,
  },
  earth_elemental: { strength: 1, allowed: "everywhere", vs: [], winterNorth: false },
  air_elemental: { strength: 1, allowed: "everywhere", vs: [], winterNorth: false },
  electric_elemental: { strength: 1, allowed: "everywhere", vs: ROBOTS, winterNorth: false },
  wood_elemental: { strength: 1, allowed: "not_north", vs: [], winterNorth: false },
  multielemental: { strength: 5, allowed: "everywhere", vs: [], winterNorth: false },
  zombies: { strength: 1, allowed: "everywhere", vs: [], winterNorth: false },
  mammoth: { strength: 3, allowed: "winter_or_north", vs: [], winterNorth: true },
  flamethrower_robot: {
    strength: 1,
    allowed: "not_sea",
    vs: ["snowmen", "wood_elemental"],
    winterNorth: false,
  },
  waterproof_robot: { strength: 1, allowed: "everywhere", vs: [], winterNorth: false },
  modified_robot: {
    strength: 2,
    allowed: "everywhere",
    vs: ["snowmen", "wood_elemental"],
    winterNorth: false,
  },
};

// ---------------------------------------------------------------- state

export type Access = "member" | "read" | "none";

export interface DeathRecord {
  phase: string;
  phaseIndex: number;
  cause: string;
  killer: PlayerId | null;
  body: "available" | "unidentifiable" | "unavailable";
  location: string;
  appearance: string;
}

export interface RPlayer extends BasePlayer {
  roles: string[];
  groups: string[];
  type: CharType;
  posts: string[];
  power: number | null;
  appearance: string;
  currentAppearance: string;
  knownAppearances: string[];
  difficulty: number;
  crowns: number;
  items: string[];
  orchium: number;
  resources: number;
  location: string;
  serviceOf: string[];
  visas: string[];
  incorporeal: boolean;
  previousFaction: string | null;
  ozdChatKept: boolean;
  ozdChatExcluded: boolean;
  detainedBy: string | null;
  detainedAt: number | null;
  wantedBy: string | null;
  stealthUsed: boolean;
  deathRecord: DeathRecord | null;
  chatGrants: string[];
  chatRevokes: string[];
  reward: number | null;
  ksbPeriods: number;
}

export interface Unit {
  id: string;
  n: number;
  army: string;
  type: string;
  owner: PlayerId | null;
  location: string;
  inTransitTo: string | null;
  conscripted: boolean;
}

export interface Order {
  seq: number;
  actor: PlayerId;
  action: string;
  targets: string[];
  params: JsonObject;
  phaseIndex: number;
}

export interface CaseEntry {
  n: number;
  phase: string;
  source: string;
  action: string;
  actor: PlayerId | null;
  target: PlayerId | null;
  result: string;
  data: JsonObject;
}

export interface Warrant {
  id: string;
  measure: "search" | "mail_check" | "detain";
  target: PlayerId;
  requester: PlayerId | null;
  status: "pending" | "granted" | "denied" | "used";
}

export interface Session {
  id: string;
  source: "ksb" | "detective";
  interrogator: PlayerId;
  target: PlayerId;
  question: string | null;
  askedAt: number | null;
  /** Wall-clock time of the question (live games); null in simulations. */
  askedAtMs?: number | null;
  answered: boolean;
  open: boolean;
}

export interface MailRecord {
  from: PlayerId;
  to: PlayerId;
  kind: "letter" | "parcel" | "transfer";
  text: string;
  crowns: number;
  items: string[];
  phase: string;
  status: "pending" | "delivered" | "lost";
}

export interface Penalty {
  victim: PlayerId;
  post: string;
  amount: number;
  ksbMembers: PlayerId[];
}

export interface Override {
  kind: string;
  params: JsonObject;
}

export interface PendingOrder {
  actor: PlayerId;
  targets: string[];
  text: string;
  phase: string;
}

export interface Scratch {
  protectedTargets: PlayerId[];
  guards: { guard: PlayerId; target: PlayerId }[];
  /** "owner:army" pairs whose `fight` order resolved. */
  fighting: string[];
  surveils: { actor: PlayerId; target: PlayerId; action: string }[];
  cancelled: number[];
  /** Actors whose order results the GM forced (override force_result). */
  forced: PlayerId[];
}

export function emptyScratch(): Scratch {
  return { protectedTargets: [], guards: [], fighting: [], surveils: [], cancelled: [], forced: [] };
}

export interface RData {
  phaseIndex: number;
  /** Whether the current phase's start (§3.3) has been applied (it is applied lazily, see DECISIONS.md). */
  started: boolean;
  seq: number;
  orders: Order[];
  /** Free orders that resolve at the deadline: votes, appointments, unit assignments. */
  freeOrders: Order[];
  units: Unit[];
  unitSeq: number;
  unitCounter: number;
  usedUnitIds: string[];
  inquisitionActive: boolean;
  ownForces: Record<string, string[]>;
  borders: Record<string, string>;
  relations: Record<string, string>;
  wars: [string, string][];
  alliances: [string, string][];
  treasuries: Record<string, { crowns: number; items: string[] }>;
  caseFile: CaseEntry[];
  warrants: Warrant[];
  sessions: Session[];
  palace: PlayerId[];
  invitations: PlayerId[];
  requests: PlayerId[];
  occupant: Record<string, PlayerId | null>;
  handover: "none" | "king_left" | "done";
  handoverNight: number | null;
  access: Record<PlayerId, Record<string, Access>>;
  chatForce: Record<string, "open" | "closed">;
  mail: MailRecord[];
  penalties: Penalty[];
  ksbDefeat: boolean;
  setupKsb: PlayerId[];
  setupOzd: PlayerId[];
  setupPosts: Record<PlayerId, string[]>;
  overrides: Override[];
  pending: PendingOrder[];
  baronFrozen: Record<PlayerId, number>;
  deadlineHours: number | null;
  rewards: Record<PlayerId, number>;
  rewardOverrides: Record<PlayerId, number>;
  /** Resolution-local scratch (reset at step 1). */
  scratch: Scratch;
}

export type Options = RegnumOptions;
export type RState = GameState<RPlayer, RData, Options>;
