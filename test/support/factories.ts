import type { Clock } from "../../src/games/service.js";
import { GameService } from "../../src/games/service.js";
import type { Db } from "../../src/db/client.js";

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date("2026-03-01T07:00:00Z")) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
}

export interface SeatSpec {
  user: string;
  setup?: Record<string, unknown>;
}

/** A started classic game with the given seats (roles assigned by the GM), GM user "gm". */
export async function startedGame(
  db: Db,
  clock: Clock,
  options: {
    ruleset?: string;
    seats: SeatSpec[];
    publishMode?: "auto" | "review";
    phaseDurationMs?: number | null;
  },
) {
  const service = new GameService(db, clock);
  const game = await service.create({
    guildId: "100",
    name: "test",
    ruleset: options.ruleset ?? "classic",
    createdBy: "gm",
    seed: 7,
    publishMode: options.publishMode ?? "auto",
    phaseDurationMs: options.phaseDurationMs ?? null,
  });
  for (const seat of options.seats) {
    await service.join(game.id, seat.user, `name-${seat.user}`);
    if (seat.setup) await service.assign(game.id, "gm", seat.user, seat.setup);
  }
  const started = await service.start(game.id, "gm");
  return { service, game, started };
}

/** Five classic seats: maniac, Italian don, doctor, two citizens. */
export const classicFive: SeatSpec[] = [
  { user: "u1", setup: { role: "maniac" } },
  { user: "u2", setup: { role: "mafia", faction: "italians", don: true } },
  { user: "u3", setup: { role: "doctor" } },
  { user: "u4", setup: { role: "citizen" } },
  { user: "u5", setup: { role: "citizen" } },
];
