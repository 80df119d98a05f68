import { z } from "zod";
import { applyInput, createGame } from "../engine/game.js";
import { jsonObject } from "../engine/json.js";
import { SECRET_SEED } from "../engine/rng.js";
import type { AnyGameState, Input, Seed } from "../engine/types.js";
import { getRuleset } from "../rulesets/index.js";
import { commitmentOf } from "./fairness.js";
import { toEngineInput } from "./state.js";

/**
 * Checking a finished game from its exported `game-log.json` and its published secret
 * (docs/fairness.md): the secret must hash to the commitment, and a replay through the pure engine
 * must give the recorded deal, accept and refuse exactly the recorded inputs, publish exactly the
 * recorded phase reports and end as recorded. The first difference is the verdict's reason.
 */

const recordedInput = z.object({
  seq: z.number().int(),
  phase: z.string(),
  type: z.enum(["action", "gm", "resolve", "control"]),
  at: z.number(),
  seat: z.string().nullable(),
  accepted: z.boolean(),
  rejection: z.string().nullable(),
  payload: jsonObject,
});

const logSchema = z.object({
  ruleset: z.string(),
  setup: z.object({
    players: z.array(z.object({ id: z.string(), role: z.string(), faction: z.string(), alive: z.boolean() })),
  }),
  phases: z.array(
    z.object({
      phase: z.string(),
      deaths: z.array(z.object({ player: z.string(), cause: z.string() })),
      events: z.array(jsonObject),
      public: z.array(z.object({ key: z.string(), params: z.unknown() })),
      private: z.array(jsonObject),
    }),
  ),
  final: z.object({ ended: z.boolean(), phase: z.string(), winners: z.array(z.string()) }),
  fairness: z.union([z.object({ commitment: z.string() }), z.object({ seed: z.number().int() })]),
  replay: z.object({
    options: z.unknown(),
    players: z.array(jsonObject.and(z.object({ id: z.string() }))),
    deal: z.array(z.object({ id: z.string(), role: z.string(), faction: z.string() })),
    inputs: z.array(recordedInput),
  }),
});

export interface Verdict {
  ok: boolean;
  /** Why the game is not verified (the first difference found); empty when it is. */
  reason: string;
  /** What was checked, for the honest verdict's summary. */
  summary: {
    ruleset: string;
    commitment: string | null;
    seed: number | null;
    seats: number;
    inputs: number;
    accepted: number;
    refused: number;
    phases: number;
    winners: string[];
  };
}

/** JSON with object keys sorted: Postgres `jsonb` does not keep the order the engine wrote. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** A report as the export shows it, without the renderings (names, texts, labels). */
function comparableReport(report: {
  phase: string;
  deaths: { player: string; cause: string }[];
  events: Record<string, unknown>[];
  public: { key: string; params: unknown }[];
  private: Record<string, unknown>[];
}): string {
  return canonicalJson({
    phase: report.phase,
    deaths: report.deaths.map((d) => ({ player: d.player, cause: d.cause })),
    events: report.events,
    public: report.public.map((l) => ({ key: l.key, params: l.params })),
    private: report.private.map(({ toName: _name, text: _text, ...message }) => message),
  });
}

function describeInput(input: z.infer<typeof recordedInput>): string {
  const payload = input.payload;
  const what = input.type === "resolve" ? "resolve" : `${input.type} ${String(payload["action"] ?? "?")}`;
  const by = typeof payload["actor"] === "string" ? ` by ${payload["actor"]}` : "";
  const targets =
    Array.isArray(payload["targets"]) && payload["targets"].length > 0
      ? ` → ${payload["targets"].join(", ")}`
      : "";
  return `input #${input.seq} (${input.phase}: ${what}${by}${targets})`;
}

/** Verifies an exported game log (parsed JSON) against the published secret, or its public seed. */
export function verifyGameLog(raw: unknown, key: { secret?: string; seed?: number }): Verdict {
  const parsed = logSchema.safeParse(raw);
  const summary: Verdict["summary"] = {
    ruleset: "",
    commitment: null,
    seed: null,
    seats: 0,
    inputs: 0,
    accepted: 0,
    refused: 0,
    phases: 0,
    winners: [],
  };
  const fail = (reason: string): Verdict => ({ ok: false, reason, summary });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(
      `not a game log with a replay record (${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"})`,
    );
  }
  const log = parsed.data;
  summary.ruleset = log.ruleset;
  const ruleset = getRuleset(log.ruleset);
  if (!ruleset) return fail(`unknown ruleset "${log.ruleset}"`);

  let seed: Seed;
  if ("commitment" in log.fairness) {
    summary.commitment = log.fairness.commitment;
    if (key.secret === undefined)
      return fail("this game was dealt from a secret: give it with --secret <hex>");
    const secret = key.secret.toLowerCase();
    if (!SECRET_SEED.test(secret)) return fail("the secret must be 32 hexadecimal digits (128 bits)");
    if (commitmentOf(secret) !== log.fairness.commitment.toLowerCase()) {
      return fail(
        `the secret does not match the commitment: SHA-256 of the secret is ${commitmentOf(secret)}, the log's commitment is ${log.fairness.commitment}`,
      );
    }
    seed = secret;
  } else {
    summary.seed = log.fairness.seed;
    if (key.seed !== undefined && key.seed !== log.fairness.seed) {
      return fail(`the log's public seed is ${log.fairness.seed}, not ${key.seed}`);
    }
    seed = log.fairness.seed;
  }

  const created = createGame(ruleset, { seed, options: log.replay.options, players: log.replay.players });
  if (!created.ok) return fail(`the recorded setup does not start a game: ${created.rejection.reason}`);
  let state: AnyGameState = created.value;
  summary.seats = state.players.length;
  const dealt = state.players.map((p) => ({ id: p.id, role: p.role, faction: p.faction }));
  if (canonicalJson(dealt) !== canonicalJson(log.replay.deal)) {
    const at = dealt.findIndex((d, i) => canonicalJson(d) !== canonicalJson(log.replay.deal[i]));
    const mine = dealt[at];
    const theirs = log.replay.deal[at];
    return fail(
      mine && theirs
        ? `the deal differs at seat ${mine.id}: the log says ${theirs.role} (${theirs.faction}), the secret deals ${mine.role} (${mine.faction})`
        : `the log deals ${log.replay.deal.length} seats, the secret deals ${dealt.length}`,
    );
  }

  let lastSeq = 0;
  let phaseIndex = 0;
  for (const input of log.replay.inputs) {
    if (input.seq <= lastSeq) return fail(`${describeInput(input)} is out of order (after #${lastSeq})`);
    lastSeq = input.seq;
    if (input.type === "control") continue;
    summary.inputs++;
    let engineInput: Input;
    try {
      engineInput = toEngineInput(input);
    } catch {
      return fail(
        `${describeInput(input)} is not an input the engine takes (its payload does not match its type)`,
      );
    }
    const applied = applyInput(ruleset, state, engineInput);
    if (input.type !== "resolve") {
      const refusedBy = applied.rejection?.code ?? null;
      if (input.accepted && refusedBy !== null) {
        return fail(`${describeInput(input)}: the log says accepted, the engine refuses it (${refusedBy})`);
      }
      if (!input.accepted && refusedBy === null) {
        return fail(
          `${describeInput(input)}: the log says refused (${input.rejection ?? "?"}), the engine accepts it`,
        );
      }
      if (!input.accepted && refusedBy !== input.rejection) {
        return fail(
          `${describeInput(input)}: refused as ${refusedBy ?? "?"}, the log says ${input.rejection ?? "?"}`,
        );
      }
      if (input.accepted) summary.accepted++;
      else summary.refused++;
    }
    state = applied.state;
    if (applied.report) {
      const recorded = log.phases[phaseIndex];
      if (!recorded) return fail(`${describeInput(input)} resolves a phase the log does not have`);
      if (comparableReport(applied.report) !== comparableReport(recorded)) {
        return fail(
          `${describeInput(input)}: the replayed report of ${applied.report.phase} differs from the published one`,
        );
      }
      phaseIndex++;
    }
  }
  summary.phases = phaseIndex;
  if (phaseIndex !== log.phases.length) {
    return fail(`the log has ${log.phases.length} phase reports, its inputs resolve ${phaseIndex}`);
  }
  const final = { ended: state.ended, phase: `${state.phase.kind} ${state.phase.n}`, winners: state.winners };
  const recordedFinal = { ended: log.final.ended, phase: log.final.phase, winners: log.final.winners };
  if (canonicalJson(final) !== canonicalJson(recordedFinal)) {
    return fail(`the replay ends as ${canonicalJson(final)}, the log says ${canonicalJson(recordedFinal)}`);
  }
  const seats = state.players.map((p) => ({ id: p.id, role: p.role, faction: p.faction, alive: p.alive }));
  const recordedSeats = log.setup.players.map((p) => ({
    id: p.id,
    role: p.role,
    faction: p.faction,
    alive: p.alive,
  }));
  if (canonicalJson(seats) !== canonicalJson(recordedSeats)) {
    return fail("the final roles or lives in the log differ from the replay's");
  }
  summary.winners = [...state.winners];
  return { ok: true, reason: "", summary };
}
