import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { deadlines } from "../db/schema/index.js";
import type { ChatSpec, RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Json, Lang } from "../engine/types.js";
import type { GameRow, GameService, PhaseRow, ResolutionRow } from "../games/service.js";
import { loadState, rulesetOrThrow, hasStarted } from "../games/state.js";
import { maskModeOf, maskNames, type MaskMode } from "../games/masks.js";
import { accountNames } from "./phase.js";

/**
 * What the console shows of a game "at a glance" (docs/console.md), read from the same sources
 * as the bot: the game's rows, and the engine state (snapshot + replay). Everything here is for
 * the game's GMs only: roles, factions, masks, every chat's members.
 */

export interface SeatView {
  seat: number;
  seatId: string;
  userId: string;
  /** The account's name as the bot knows it (the join). */
  account: string;
  /** The mask or appearance the seat plays under, in masked games. */
  mask: string | null;
  role: string | null;
  faction: string | null;
  alive: boolean | null;
  statuses: string[];
  /** The ruleset's own keys of the seat (inventory, country, …). */
  extras: Record<string, Json>;
}

export interface ChatView {
  id: string;
  name: string;
  kind: "public" | "secret";
  purpose: ChatSpec["purpose"] | null;
  readAudience: string | null;
  writeAudience: string | null;
  readers: string[];
  writers: string[];
}

export interface Overview {
  game: GameRow;
  lang: Lang;
  ruleset: RulesetDefinition<AnyGameState>;
  maskMode: MaskMode;
  seats: SeatView[];
  chats: ChatView[];
  /** Personal threads (each seat with the GMs) are summed up, not listed one by one. */
  personalChats: number;
  phase: PhaseRow | null;
  draft: ResolutionRow | null;
  schedule: { kind: string; key: string; dueAt: Date }[];
  state: AnyGameState | null;
}

const BASE_KEYS = new Set(["id", "seat", "role", "faction", "alive", "statuses", "replacedBy"]);

export async function overview(db: Db, service: GameService, gameId: string): Promise<Overview> {
  const game = await service.game(gameId);
  const ruleset = rulesetOrThrow(game.ruleset);
  const lang = await service.language(game.guildId);
  const rows = await service.players(gameId);
  const started = game.status !== "lobby" && (await hasStarted(db, gameId));
  const state = started ? (await loadState(db, gameId, ruleset)).state : null;
  const maskMode = started ? await maskModeOf(db, gameId, game.ruleset) : "off";
  const masks = maskMode === "off" ? new Map<string, string>() : await maskNames(db, gameId);
  const bySeat = new Map(state?.players.map((p) => [p.id, p]) ?? []);
  const accounts = await accountNames(db, gameId, rows);
  const seats: SeatView[] = rows.map((row) => {
    const p = bySeat.get(row.seatId);
    const extras = p
      ? (Object.fromEntries(Object.entries(p).filter(([k]) => !BASE_KEYS.has(k))) as Record<string, Json>)
      : {};
    return {
      seat: row.seat,
      seatId: row.seatId,
      userId: row.userId,
      account: accounts.get(row.seatId) ?? row.displayName,
      mask: masks.get(row.seatId) ?? null,
      role: p ? (ruleset.roles[p.role]?.name[lang] ?? p.role) : null,
      faction: p?.faction ? (ruleset.factions[p.faction]?.name[lang] ?? p.faction) : null,
      alive: p ? p.alive : null,
      statuses: p?.statuses ?? [],
      extras,
    };
  });
  const nameOf = new Map(rows.map((r) => [r.seatId, masks.get(r.seatId) ?? r.displayName]));
  const layout = state ? ruleset.chatLayout(state) : [];
  const chats: ChatView[] = layout
    .filter((c) => c.purpose !== "personal")
    .map((c) => ({
      id: c.id,
      name: c.name[lang],
      kind: c.kind,
      purpose: c.purpose ?? null,
      readAudience: c.readAudience ?? null,
      writeAudience: c.writeAudience ?? null,
      readers: c.readers.map((id) => nameOf.get(id) ?? id),
      writers: c.writers.map((id) => nameOf.get(id) ?? id),
    }));
  const phase = (await service.currentPhase(gameId)) ?? null;
  const draft = (await service.pendingDraft(gameId)) ?? null;
  const schedule = await db
    .select({ kind: deadlines.kind, key: deadlines.key, dueAt: deadlines.dueAt })
    .from(deadlines)
    .where(and(eq(deadlines.gameId, gameId), eq(deadlines.status, "pending")))
    .orderBy(asc(deadlines.dueAt));
  return {
    game,
    lang,
    ruleset,
    maskMode,
    seats,
    chats,
    personalChats: layout.length - chats.length,
    phase,
    draft,
    schedule,
    state,
  };
}
