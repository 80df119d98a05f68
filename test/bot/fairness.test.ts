import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, gameSecrets } from "../../src/db/schema/index.js";
import { contentOf, startHarness, type Harness, type Json } from "./harness.js";

/**
 * A whole mayor game dealt from its secret, played through Discord (slash commands in the
 * emulator, the real discord.js client, the worker's path), then checked afterwards as a player
 * would: the starting newspaper's commitment, the secret the reveal publishes, and
 * `npm run verify` run as a process on the game-log.json the reveal attached.
 */

const run = promisify(execFile);
let h: Harness;
let gm: string;
let users: string[];
let gameId: string;
let dir: string;
const u = (i: number) => users[i - 1] ?? "";

beforeAll(async () => {
  h = await startHarness(7);
  gm = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
  dir = await mkdtemp(join(tmpdir(), "gm-verify-"));
}, 180_000);
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

async function newspaper(): Promise<Json[]> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, "newspaper")));
  return h.emu.messages(row?.discordId ?? "");
}

/** Every message of every channel and thread the bot made for the game. */
async function everything(): Promise<string> {
  const rows = await h.database.db.select().from(chats).where(eq(chats.gameId, gameId));
  return JSON.stringify(rows.flatMap((r) => h.emu.messages(r.discordId)));
}

async function verify(log: unknown, args: string[]): Promise<{ code: number; out: string }> {
  const file = join(dir, `game-log-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(log));
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "src/cli/verify.ts", file, ...args]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}

let commitment = "";
let secret = "";
let digest = "";
let log: Record<string, unknown> = {};

describe("a deal anyone can verify afterwards", () => {
  it("the starting newspaper publishes a commitment, and the secret appears nowhere while the game runs", async () => {
    await h.slash(gm, "game create", { ruleset: "mayor", name: "Честная игра" });
    const [game] = await h.service.db.query.games.findMany();
    gameId = game?.id ?? "";
    for (let i = 1; i <= 6; i++) await h.slash(u(i), "game join");
    await h.slash(gm, "game start");
    await h.drain(gameId);
    const [row] = await h.database.db.select().from(gameSecrets).where(eq(gameSecrets.gameId, gameId));
    const stored = row?.secret ?? "";
    const first = contentOf((await newspaper())[0] ?? {});
    const published = /`([0-9a-f]{64})`/.exec(first)?.[1] ?? "";
    expect(published).toBe(createHash("sha256").update(Buffer.from(stored, "hex")).digest("hex"));
    // Orders, a GM action, a refused order, phases resolving: the secret stays in Postgres.
    const { actions } = await h.service.available(gameId, u(1));
    const order = actions.find((a) => a.targets.length > 0 && a.maxTargets === 1);
    if (order) await h.slash(u(1), "order", { action: order.action, target: order.targets[0] });
    // The same order again, for another target: the first is superseded.
    if (order) await h.slash(u(1), "order", { action: order.action, target: order.targets[1] });
    await h.slash(u(2), "order", { action: "fly", target: "p1" });
    await h.slash(gm, "gm modkill", { player: u(3) });
    await h.resolvePhase(gameId);
    await h.resolvePhase(gameId);
    expect(await everything()).not.toContain(stored);
    commitment = published;
  }, 120_000);

  it("the reveal publishes the secret whose SHA-256 is the commitment, with the log as game-log.json", async () => {
    await h.slash(gm, "game end");
    await h.drain(gameId);
    const reveal = (await newspaper()).find((m) =>
      /game-log\.json/.test(JSON.stringify(m["attachments"] ?? [])),
    );
    if (!reveal) throw new Error("no reveal with the log attached");
    secret = /`([0-9a-f]{32})`/.exec(contentOf(reveal))?.[1] ?? "";
    expect(createHash("sha256").update(Buffer.from(secret, "hex")).digest("hex")).toBe(commitment);
    digest = /--digest ([0-9a-f]{64})/.exec(contentOf(reveal))?.[1] ?? "";
    expect(contentOf(reveal)).toContain(
      `npm run -s verify -- game-log.json --secret ${secret} --digest ${digest}`,
    );
    const attachment = (reveal["attachments"] as { filename: string; url: string }[]).find(
      (a) => a.filename === "game-log.json",
    );
    log = (await (await fetch(attachment?.url ?? "")).json()) as Record<string, unknown>;
    expect(log["fairness"]).toEqual({ commitment });
    expect(JSON.stringify(log)).not.toContain(secret);
  }, 120_000);

  it("verify accepts the honest game: the commitment, the deal, every input and every report replay", async () => {
    const honest = await verify(log, ["--secret", secret, "--digest", digest]);
    expect(honest.out).toMatch(/^VERIFIED: an honest mayor game\./);
    expect(honest.out).toContain(commitment);
    expect(honest.out).toContain("the deal of 6 seats is the one the secret gives;");
    expect(honest.out).toContain(
      `the file is the log the reveal published (SHA-256 of its canonical JSON: ${digest})`,
    );
    expect(honest.code).toBe(0);
  }, 180_000);

  it("verify rejects the log with one input changed (the GM's modkill moved to another seat)", async () => {
    const altered = structuredClone(log) as { replay: { inputs: { type: string; payload: Json }[] } };
    const modkill = altered.replay.inputs.find((i) => i.type === "gm" && i.payload["action"] === "modkill");
    if (!modkill) throw new Error("the GM's modkill is not in the log");
    const victim = (modkill.payload["targets"] as string[])[0];
    modkill.payload["targets"] = [victim === "p4" ? "p5" : "p4"];
    const result = await verify(altered, ["--secret", secret, "--digest", digest]);
    expect(result.code).toBe(1);
    // The changed modkill is still a legal order: the replay catches it at the report it changes.
    expect(result.out).toMatch(/^NOT VERIFIED: input #\d+ \(.*resolve\): the replayed report of .* differs/);
  }, 180_000);

  it("verify rejects the secret with one bit flipped", async () => {
    const flipped = (Number.parseInt(secret[0] ?? "0", 16) ^ 1).toString(16) + secret.slice(1);
    const wrong = await verify(log, ["--secret", flipped, "--digest", digest]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain("NOT VERIFIED: the secret does not match the commitment");
  }, 180_000);

  it("verify rejects a log whose deal was edited (two seats' roles swapped)", async () => {
    const edited = structuredClone(log) as { replay: { deal: { role: string }[] } };
    const [a, b] = edited.replay.deal;
    if (!a || !b) throw new Error("no deal");
    const other = edited.replay.deal.find((d) => d.role !== a.role);
    if (!other) throw new Error("a single role dealt");
    [a.role, other.role] = [other.role, a.role];
    const swapped = await verify(edited, ["--secret", secret, "--digest", digest]);
    expect(swapped.code).toBe(1);
    expect(swapped.out).toContain("NOT VERIFIED: the deal differs");
  }, 180_000);

  it("verify rejects, against the digest the reveal published, a changed control entry, time or superseded order", async () => {
    type Entry = { type: string; at: number; payload: Json };
    const inputs = (log as { replay: { inputs: Entry[] } }).replay.inputs;
    const end = inputs.findIndex((i) => i.type === "control" && i.payload["action"] === "end");
    const first = inputs.findIndex((i) => i.type === "action");
    expect(inputs.filter((i) => i.type === "action" && i.payload["actor"] === "p1").length).toBe(2);
    const edits: ((entries: Entry[]) => void)[] = [
      (entries) => void ((entries[end] as Entry).payload["action"] = "pause"),
      (entries) => void ((entries[first] as Entry).at += 1),
      (entries) => void ((entries[first] as Entry).payload["targets"] = ["p6"]),
    ];
    for (const edit of edits) {
      const altered = structuredClone(log) as { replay: { inputs: Entry[] } };
      edit(altered.replay.inputs);
      const result = await verify(altered, ["--secret", secret, "--digest", digest]);
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/^NOT VERIFIED: /);
    }
  }, 180_000);
});
