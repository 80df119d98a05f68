import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameSecrets } from "../../src/db/schema/index.js";
import { gameLogFiles } from "../../src/games/game-log.js";
import { GameService } from "../../src/games/service.js";
import { logDigest, verifyGameLog } from "../../src/games/verify.js";
import { createMigratedDatabase } from "../support/db.js";
import { ManualClock } from "../support/factories.js";

/**
 * `verifyGameLog` commits to every field of game-log.json (docs/fairness.md): a classic game
 * played through the service — its seats assigned by the GM, an order given twice (the first
 * superseded), the GM's schedule entries, a modkill, two resolutions, the end — is exported as the
 * reveal exports it; then every value of the file, one at a time, is changed, every object gets a
 * key the export never writes, and every array loses an element: each is NOT VERIFIED.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let log: Json = null;
let secret = "";
let digest = "";

beforeAll(async () => {
  database = await createMigratedDatabase();
  const clock = new ManualClock(new Date("2026-03-01T07:00:00.000Z"));
  const service = new GameService(database.db, clock);
  const game = await service.create({
    guildId: "100",
    name: "Проверка",
    ruleset: "classic",
    createdBy: "gm",
  });
  for (let i = 1; i <= 7; i++) await service.join(game.id, `u${i}`, `Игрок ${i}`);
  await service.assign(game.id, "gm", "u1", { role: "maniac" });
  await service.assign(game.id, "gm", "u2", { role: "doctor" });
  await service.assign(game.id, "gm", "u3", { role: "mafia", faction: "italians" });
  for (let i = 4; i <= 7; i++) await service.assign(game.id, "gm", `u${i}`, { role: "citizen" });
  await service.start(game.id, "gm");
  // The maniac's order, then another that supersedes it.
  await service.submit(game.id, "u1", { action: "kill", targets: ["p5"], params: {} });
  clock.advance(1_000);
  await service.submit(game.id, "u1", { action: "kill", targets: ["p6"], params: {} });
  await service.submit(game.id, "u2", { action: "heal", targets: ["p6"], params: {} });
  await service.extend(game.id, "gm", 30);
  await service.pause(game.id, "gm");
  clock.advance(60_000);
  await service.resume(game.id, "gm");
  for (let n = 0; n < 2; n++) {
    const phase = await service.currentPhase(game.id);
    if (!phase) throw new Error("no open phase");
    if (n === 1) await service.gm(game.id, "gm", { action: "modkill", targets: ["p7"], params: {} });
    clock.advance(3 * 86_400_000);
    await service.resolveDue(game.id, phase.index, null);
  }
  await service.end(game.id, "gm");
  const file = (await gameLogFiles(database.db, game.id)).find((f) => f.name === "game-log.json");
  log = JSON.parse(file?.data.toString("utf8") ?? "null") as Json;
  const [row] = await database.db.select().from(gameSecrets).where(eq(gameSecrets.gameId, game.id));
  secret = row?.secret ?? "";
  digest = logDigest(log);
}, 120_000);
afterAll(async () => {
  await database.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const run = promisify(execFile);
let dir = "";

/** `npm run -s verify` as a process on a log file: its exit code and what it printed. */
async function cli(file: Json, args: string[]): Promise<{ code: number; out: string }> {
  dir ||= await mkdtemp(join(tmpdir(), "gm-verify-lib-"));
  const path = join(dir, `game-log-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(path, JSON.stringify(file, null, 2));
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "src/cli/verify.ts", path, ...args]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}

/** Every value of the file (a leaf), every object and every array, by path. */
function walk(
  value: Json,
  path: (string | number)[] = [],
  out: { path: (string | number)[]; value: Json }[] = [],
) {
  out.push({ path, value });
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], out));
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) walk(v, [...path, k], out);
  return out;
}

/** A copy of the log with the value at `path` replaced by what `change` makes of it. */
function tampered(path: (string | number)[], change: (value: Json) => Json | undefined): Json {
  const copy = structuredClone(log);
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1] ?? "";
  const next = change(parent[last] ?? null);
  if (next === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = next;
  return copy;
}

/** A different value of the same kind (a different kind where there is no other: null). */
function changed(value: Json): Json {
  if (typeof value === "string") return value === "" ? "x" : `${value}x`;
  if (typeof value === "number") return value + 1;
  if (typeof value === "boolean") return !value;
  if (value === null) return "x";
  return value;
}

const label = (path: (string | number)[]) =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");

describe("verify commits to every field of game-log.json", () => {
  it("the honest log verifies and names the seats the GM assigned; the log records each assignment", () => {
    const verdict = verifyGameLog(log, { secret, digest });
    expect(verdict.reason).toBe("");
    expect(verdict.ok).toBe(true);
    expect(verdict.summary.seats).toBe(7);
    expect(verdict.summary.assigned).toEqual(["p1", "p2", "p3", "p4", "p5", "p6", "p7"]);
    const inputs = (log as { replay: { inputs: { type: string; payload: Record<string, Json> }[] } }).replay
      .inputs;
    const assignments = inputs.filter((i) => i.type === "control" && i.payload["action"] === "assign");
    expect(assignments.map((i) => i.payload).slice(0, 4)).toEqual([
      { action: "assign", seat: "p1", setup: { role: "maniac" } },
      { action: "assign", seat: "p2", setup: { role: "doctor" } },
      { action: "assign", seat: "p3", setup: { role: "mafia", faction: "italians" } },
      { action: "assign", seat: "p4", setup: { role: "citizen" } },
    ]);
    expect(assignments).toHaveLength(7);
    // The kinds the issue named are all there to be tampered with below.
    const actions = inputs.map((i) => i.payload["action"]);
    for (const kind of ["start", "extend", "pause", "resume", "end"]) expect(actions).toContain(kind);
    expect(actions.filter((a) => a === "kill")).toHaveLength(2);
  });

  it("every value changed, one at a time, is NOT VERIFIED", () => {
    const leaves = walk(log).filter((n) => n.value === null || typeof n.value !== "object");
    expect(leaves.length).toBeGreaterThan(200);
    const passed = leaves
      .filter((n) => verifyGameLog(tampered(n.path, changed), { secret, digest }).ok)
      .map((n) => label(n.path));
    expect(passed).toEqual([]);
  });

  it("a key the export never writes, added to any object, and any element taken out of any array, is NOT VERIFIED", () => {
    const nodes = walk(log).filter((n) => n.value !== null && typeof n.value === "object");
    const passed: string[] = [];
    for (const node of nodes) {
      if (Array.isArray(node.value)) {
        node.value.forEach((_, i) => {
          if (
            verifyGameLog(
              tampered([...node.path, i], () => undefined),
              { secret, digest },
            ).ok
          )
            passed.push(`${label(node.path)} without [${i}]`);
        });
      } else if (
        verifyGameLog(
          node.path.length === 0
            ? { ...(log as Record<string, Json>), note: "x" }
            : tampered(node.path, (v) => ({ ...(v as Record<string, Json>), note: "x" })),
          { secret, digest },
        ).ok
      )
        passed.push(`${label(node.path)} + note`);
    }
    expect(passed).toEqual([]);
  });

  it("a changed label, text, name, seat or final table is refused by the replay itself, naming the field", () => {
    const cases: [(string | number)[], RegExp][] = [
      [["phases", 0, "label"], /^the log's phases\[0\]\.label is not what the replay exports/],
      [["phases", 0, "public", 0, "text"], /^the log's phases\[0\]\.public\[0\]\.text is not what/],
      [["setup", "players", 0, "roleName"], /^the log's setup\.players\[0\]\.roleName is not what/],
      [["final", "phase"], /^the replay ends as/],
      [
        ["setup", "players", 6, "name"],
        /^the log's phases\[\d+\]\.\S+ is not what the replay exports \(the log: "Игрок 7/,
      ],
      [["game"], /^the log's game is not what/],
    ];
    for (const [path, reason] of cases) {
      const verdict = verifyGameLog(tampered(path, changed), { secret });
      expect(verdict.ok).toBe(false);
      expect(verdict.reason).toMatch(reason);
    }
    const inputs = (log as { replay: { inputs: { type: string }[] } }).replay.inputs;
    const order = inputs.findIndex((i) => i.type === "action");
    const moved = verifyGameLog(
      tampered(["replay", "inputs", order, "seat"], () => "p4"),
      { secret },
    );
    expect(moved.reason).toMatch(/^input #\d+ \(.*\) names the seat p4, its payload p1$/);
  });

  it("what no replay can re-derive — a control entry, a time, a superseded order, the GM's name — is held by the published digest", () => {
    const inputs = (log as { replay: { inputs: { type: string; payload: Record<string, Json> }[] } }).replay
      .inputs;
    const at = (pred: (i: (typeof inputs)[number]) => boolean) => inputs.findIndex(pred);
    const extend = at((i) => i.type === "control" && i.payload["action"] === "extend");
    const superseded = at((i) => i.type === "action" && i.payload["action"] === "kill");
    const cases: (string | number)[][] = [
      ["replay", "inputs", extend, "payload", "action"],
      ["replay", "inputs", superseded, "at"],
      ["replay", "inputs", superseded, "payload", "targets", 0],
      ["replay", "inputs", extend, "by"],
    ];
    for (const path of cases) {
      const edited = tampered(path, (v) =>
        path.includes("action") ? "deadline" : path.includes("targets") ? "p4" : changed(v),
      );
      // The replay alone cannot tell: the outcome is the same…
      expect(verifyGameLog(edited, { secret }).ok).toBe(true);
      // …but the file is not the one the reveal published.
      const verdict = verifyGameLog(edited, { secret, digest });
      expect(verdict.ok).toBe(false);
      expect(verdict.reason).toMatch(
        /^the file is not the log the reveal published: its SHA-256 is [0-9a-f]{64}/,
      );
    }
  });

  it("the command line says the same: VERIFIED with the GM's assignments, NOT VERIFIED for each kind of tampering, and it wants the digest", async () => {
    const honest = await cli(log, ["--secret", secret, "--digest", digest]);
    expect(honest.out).toMatch(/^VERIFIED: an honest classic game\./);
    expect(honest.out).toContain(
      "all 7 seats were assigned by the GM (/game assign): none was dealt from the secret;",
    );
    expect(honest.out).toContain(
      `the file is the log the reveal published (SHA-256 of its canonical JSON: ${digest})`,
    );
    expect(honest.code).toBe(0);

    const missing = await cli(log, ["--secret", secret]);
    expect(missing.code).toBe(2);
    expect(missing.out).toContain("expects --digest <sha256>");

    const inputs = (log as { replay: { inputs: { type: string; payload: Record<string, Json> }[] } }).replay
      .inputs;
    const extend = inputs.findIndex((i) => i.type === "control" && i.payload["action"] === "extend");
    const kill = inputs.findIndex((i) => i.type === "action" && i.payload["action"] === "kill");
    const kinds: [string, Json][] = [
      ["a control entry", tampered(["replay", "inputs", extend, "payload", "action"], () => "deadline")],
      ["a label", tampered(["phases", 0, "label"], changed)],
      ["a time", tampered(["replay", "inputs", kill, "at"], changed)],
      ["a superseded order", tampered(["replay", "inputs", kill, "payload", "targets", 0], () => "p4")],
      ["the GM's name", tampered(["replay", "inputs", extend, "by"], changed)],
      ["a seat's name", tampered(["setup", "players", 0, "name"], changed)],
      [
        "a key the export never writes",
        tampered(["final"], (v) => ({ ...(v as Record<string, Json>), note: "x" })),
      ],
    ];
    for (const [kind, file] of kinds) {
      const result = await cli(file, ["--secret", secret, "--digest", digest]);
      expect({ kind, code: result.code }).toEqual({ kind, code: 1 });
      expect(result.out).toMatch(/^NOT VERIFIED: /);
    }
  }, 120_000);
});
