import { createHash } from "node:crypto";
import { z } from "zod";
import { applyInput, createGame } from "../engine/game.js";
import { jsonObject } from "../engine/json.js";
import { SECRET_SEED } from "../engine/rng.js";
import type { AnyGameState, Input, PhaseReport, Seed } from "../engine/types.js";
import { revealLog, type GameRecord, type RecordedInput } from "../render/reveal.js";
import { getRuleset } from "../rulesets/index.js";
import { commitmentOf } from "./fairness.js";
import { toEngineInput } from "./state.js";

/**
 * Checking a finished game from its exported `game-log.json` and its published secret
 * (docs/fairness.md): the secret must hash to the commitment, and a replay through the pure engine
 * must give the recorded deal, accept and refuse exactly the recorded inputs, publish exactly the
 * recorded phase reports and end as recorded; every other field of the file (names, labels,
 * texts, the final table) must be what the export writes from that replay; and the whole file must
 * hash to the digest the reveal published (`logDigest`), which commits to what no replay can
 * re-derive: the GM's control entries, the times, the names, orders later superseded. The first
 * difference is the verdict's reason.
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
  by: z.string().optional(),
});

const logSchema = z.object({
  ruleset: z.string(),
  lang: z.enum(["ru", "en"]),
  setup: z.object({
    players: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        role: z.string(),
        faction: z.string(),
        alive: z.boolean(),
      }),
    ),
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
    /** SHA-256 of the file's canonical JSON (`logDigest`): what the reveal published. */
    digest: string;
    seats: number;
    /** The seats whose role (or other keys of the deal) the GM set with `/game assign`. */
    assigned: string[];
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

/**
 * The digest of a game log: SHA-256 (hex) of its canonical JSON, so that the file's layout (spaces,
 * key order) does not count and every value does. The reveal message publishes it beside the
 * secret, and `npm run verify -- … --digest` refuses a file that does not hash to it.
 */
export function logDigest(log: unknown): string {
  return createHash("sha256").update(canonicalJson(log), "utf8").digest("hex");
}

/** Where two JSON values first differ (`phases[2].label`), or null when they are equal. */
export function firstDifference(a: unknown, b: unknown, path = ""): string | null {
  if (canonicalJson(a) === canonicalJson(b)) return null;
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  const bothObjects =
    a !== null &&
    b !== null &&
    typeof a === "object" &&
    typeof b === "object" &&
    !Array.isArray(a) &&
    !Array.isArray(b);
  if (bothArrays) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const at = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (at !== null) return at;
    }
  } else if (bothObjects) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort();
    for (const key of keys) {
      const at = firstDifference(ra[key], rb[key], path === "" ? key : `${path}.${key}`);
      if (at !== null) return at;
    }
  }
  return path === "" ? "(the whole file)" : path;
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

/**
 * Verifies an exported game log (parsed JSON) against the published secret, or its public seed,
 * and, given `digest` (what the reveal published), that the file is exactly the published log.
 */
export function verifyGameLog(
  raw: unknown,
  key: { secret?: string; seed?: number; digest?: string },
): Verdict {
  const parsed = logSchema.safeParse(raw);
  const summary: Verdict["summary"] = {
    ruleset: "",
    commitment: null,
    seed: null,
    digest: logDigest(raw),
    seats: 0,
    assigned: [],
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

  // The seats the GM fixed with /game assign: their setup carries keys besides the seat's id.
  summary.assigned = log.replay.players
    .filter((p) => Object.keys(p).some((k) => k !== "id"))
    .map((p) => p.id);
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
  const reports: PhaseReport[] = [];
  for (const input of log.replay.inputs) {
    if (input.seq <= lastSeq) return fail(`${describeInput(input)} is out of order (after #${lastSeq})`);
    lastSeq = input.seq;
    // An order is its seat's (a GM's order for a seat too); nothing else has a seat.
    const seat = input.type === "action" ? (input.payload["actor"] ?? null) : null;
    if (input.seat !== seat) {
      return fail(
        `${describeInput(input)} names the seat ${String(input.seat)}, its payload ${String(seat)}`,
      );
    }
    if (
      (input.type === "control" || input.type === "resolve") &&
      (!input.accepted || input.rejection !== null)
    ) {
      return fail(`${describeInput(input)} is recorded as refused, which a ${input.type} entry never is`);
    }
    if (input.accepted && input.rejection !== null) {
      return fail(`${describeInput(input)} is recorded as accepted with a refusal (${input.rejection})`);
    }
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
      reports.push(applied.report);
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

  // Every other field is what the export writes from this replay: the names as the log gives
  // them, every label, text, role and faction name, the final table, the record itself.
  const names = new Map(log.setup.players.map((p) => [p.id, p.name]));
  const record: GameRecord = {
    commitment: "commitment" in log.fairness ? log.fairness.commitment : null,
    seed: "seed" in log.fairness ? log.fairness.seed : null,
    options: log.replay.options as GameRecord["options"],
    players: log.replay.players,
    deal: log.replay.deal,
    inputs: log.replay.inputs.map((i): RecordedInput => {
      const { by, ...rest } = i;
      return by === undefined ? rest : { ...rest, by };
    }),
  };
  const rebuilt = revealLog(ruleset, state, reports, names, log.lang, record);
  const differs = firstDifference(raw, rebuilt);
  if (differs !== null) {
    return fail(
      `the log's ${differs} is not what the replay exports (the log: ${shown(valueAt(raw, differs))}; the replay: ${shown(valueAt(rebuilt, differs))})`,
    );
  }

  // What no replay re-derives (the GM's control entries, the times, the names, orders superseded
  // later) is held by the digest the reveal published.
  if (key.digest !== undefined && key.digest.trim().toLowerCase() !== summary.digest) {
    return fail(
      `the file is not the log the reveal published: its SHA-256 is ${summary.digest}, the reveal published ${key.digest.trim()} (an entry, a time, a name or any other field was changed)`,
    );
  }
  return { ok: true, reason: "", summary };
}

/** The value at a path of `firstDifference` (`phases[2].label`). */
function valueAt(root: unknown, path: string): unknown {
  let at: unknown = root;
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = canonicalJson(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
