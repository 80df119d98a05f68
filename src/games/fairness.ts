import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { SECRET_SEED } from "../engine/rng.js";
import { z } from "zod";
import { jsonObject } from "../engine/json.js";
import type { JsonObject, Seed } from "../engine/types.js";
import { gameSecrets, gameSnapshots, inputs, players, playerSetup } from "../db/schema/index.js";
import type { GameRecord, RecordedInput } from "../render/reveal.js";
import type { Tx } from "./state.js";

/**
 * A game's secret randomness and its public commitment (docs/fairness.md). The engine never sees
 * node:crypto: the service draws the bytes here and hands the engine a `Seed`.
 */

/** 16 bytes (128 bits) from the operating system's CSPRNG, as 32 hex digits. */
export function drawSecret(): string {
  for (;;) {
    const bytes = randomBytes(16);
    // An all-zero state is xoroshiro's one fixed point (a 2^-128 chance): draw again.
    if (bytes.some((b) => b !== 0)) return bytes.toString("hex");
  }
}

/** The commitment the starting newspaper publishes: SHA-256 of the secret's 16 bytes, in hex. */
export function commitmentOf(secret: string): string {
  if (!SECRET_SEED.test(secret)) throw new Error("a secret seed is 32 lowercase hex digits");
  return createHash("sha256").update(Buffer.from(secret, "hex")).digest("hex");
}

/** A key derived one way from the secret, for deals outside the engine (mask names, avatars). */
export function derivedKey(secret: string, purpose: string): string {
  return createHash("sha256").update(`${purpose}:${secret}`).digest("hex").slice(0, 32);
}

/**
 * The seed of a deal outside the engine — `masks` (mask names, their avatars) or `seats` (a masked
 * game's secret seat order): one-way from the game's secret, so knowing one deal tells nothing of
 * the secret or the others. A public seed is public anyway and is used as it is.
 */
export async function derivedSeedOf(
  tx: Tx,
  game: { id: string; seed: number | null },
  purpose: "masks" | "seats",
): Promise<number | string> {
  if (game.seed !== null) return game.seed;
  const secret = await secretOf(tx, game.id);
  if (secret === null) throw new Error(`game ${game.id} has neither a seed nor a secret`);
  return derivedKey(secret, purpose);
}

/** The game's secret, or null for a game created with a public integer seed. */
export async function secretOf(tx: Tx, gameId: string): Promise<string | null> {
  const [row] = await tx.select().from(gameSecrets).where(eq(gameSecrets.gameId, gameId));
  return row?.secret ?? null;
}

/** What the engine is seeded with: the public integer seed, or else the secret. */
export async function seedOf(tx: Tx, game: { id: string; seed: number | null }): Promise<Seed> {
  if (game.seed !== null) return game.seed;
  const secret = await secretOf(tx, game.id);
  if (secret === null) throw new Error(`game ${game.id} has neither a seed nor a secret`);
  return secret;
}

/** Of the first snapshot's state, the deal (each seat's role and faction). */
const dealtSeats = z.object({
  players: z.array(z.object({ id: z.string(), role: z.string(), faction: z.string() })),
});

/** The `inputs.rejection` column: the engine's rejection, or null for an accepted input. */
const storedRejection = z.looseObject({ code: z.string() }).nullable();

/**
 * What the export keeps of a control entry: its action; of an assignment (`/game assign`), also the
 * seat and what the GM fixed for it (the roles are public at the end). A replacement's accounts
 * and the schedule's details are not the log's business.
 */
function controlRecord(payload: JsonObject): JsonObject {
  const action = payload["action"] ?? null;
  if (action !== "assign") return { action };
  const { seat, setup } = payload;
  return { action, ...(seat !== undefined ? { seat } : {}), ...(setup !== undefined ? { setup } : {}) };
}

/**
 * What the end-of-game export carries for a replay: the setup, the deal, and the whole input log
 * (control entries keep their action, assignments their seat and keys too: `controlRecord`).
 * Read only once the game has ended.
 */
export async function gameRecord(
  tx: Tx,
  game: { id: string; seed: number | null; options: unknown },
): Promise<GameRecord> {
  const secret = game.seed === null ? await secretOf(tx, game.id) : null;
  const seats = await tx.select().from(players).where(eq(players.gameId, game.id)).orderBy(asc(players.seat));
  const [first] = await tx
    .select({ state: gameSnapshots.state })
    .from(gameSnapshots)
    .where(and(eq(gameSnapshots.gameId, game.id), eq(gameSnapshots.inputSeq, 0)));
  const dealt = first ? dealtSeats.parse(first.state).players : [];
  const rows = await tx.select().from(inputs).where(eq(inputs.gameId, game.id)).orderBy(asc(inputs.seq));
  const recorded: RecordedInput[] = rows.map((row) => {
    const payload = jsonObject.parse(row.payload);
    return {
      seq: row.seq,
      phase: row.phase,
      type: row.type,
      at: row.at.getTime(),
      seat: row.seatId,
      accepted: row.accepted,
      rejection: storedRejection.parse(row.rejection)?.code ?? null,
      payload: row.type === "control" ? controlRecord(payload) : payload,
      // Every GM's input names the GM who made it (the shown name then, else the account); a
      // player's own order never carries an account, a GM's order for a seat carries its GM.
      ...((row.type === "gm" || row.type === "control") && row.userId !== "system"
        ? { by: row.actorName ?? row.userId }
        : row.actorName !== null
          ? { by: row.actorName }
          : {}),
    };
  });
  return {
    commitment: secret !== null ? commitmentOf(secret) : null,
    seed: game.seed,
    options: jsonObject.parse(game.options ?? {}),
    players: seats.map((s) => ({ ...playerSetup.parse(s.setup), id: s.seatId })),
    deal: dealt.map((p) => ({ id: p.id, role: p.role, faction: p.faction })),
    inputs: recorded,
  };
}
