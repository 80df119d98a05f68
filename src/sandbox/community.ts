import type { Account } from "../emulator/index.js";
import { gameContext } from "../games/context.js";
import { countPending, type GameRow } from "../games/service.js";
import { openSignups, SIGNUP_PREFIX } from "../games/signups.js";
import { tableMinimum } from "../games/table.js";
import { rulesetOrThrow } from "../games/state.js";
import { answer, messageText, slash } from "./players.js";
import type { Stack } from "./stack.js";
import type { SandboxTexts } from "./texts.js";

/**
 * The sandbox's community journey (`--signups`, docs/community.md): the GM opens timed sign-ups
 * for the game, every member presses Join on the sign-up post as a member would (the last one,
 * beyond the table, lands on the bench of substitutes), and the close — the worker's job at its
 * time — starts the game, dealt from its seed as `/game start` deals it. After the end, the
 * game's archive address and what `/stats` answers members who ask, through the emulator.
 */

type Out = (line: string) => void;
type Json = Record<string, unknown>;

/** Members beyond the table: they land on the bench. */
export const BENCH = 1;

/**
 * How long the sign-ups stay open: time for every member to press Join one after another (each
 * press is an interaction, a transaction and an edit of the post) with a margin for a busy
 * machine. Joining in order makes the seats the same every run; a close before the last press
 * would deal a smaller table, so the sandbox refuses to go on then (below).
 */
export function signupWindowMs(members: number): number {
  return 6_000 + members * 600;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `<t:…>` as the terminal shows it (the sandbox's own helper, passed in to avoid a cycle). */
type Times = (text: string) => string;

/** Prints a post of the bot indented under the sandbox's line, as the terminal shows it. */
function printPost(out: Out, times: Times, text: string): void {
  for (const line of times(text).split("\n")) if (line.trim() !== "") out(`      ${line}`);
}

/**
 * Sign-ups for `game` (created by the sandbox GM in its lobby, the table capped at `members -
 * BENCH`), joined by every member through the post's Join button; resolves once the close has
 * started the game.
 */
export async function playSignups(
  stack: Stack,
  game: GameRow,
  world: { lobby: string; gm: string; members: Account[] },
  texts: SandboxTexts,
  out: Out,
  times: Times,
): Promise<void> {
  const { emu, service } = stack;
  const ruleset = rulesetOrThrow(game.ruleset);
  const min = tableMinimum(ruleset, false);
  const until = new Date(Date.now() + signupWindowMs(world.members.length));
  const opened = await openSignups(gameContext(stack.database.db), game.id, world.gm, {
    until,
    minPlayers: min,
    channelId: world.lobby,
  });
  await stack.scheduler.afterCommit(game.id, opened);
  const joinId = `${SIGNUP_PREFIX}:join:${game.id}`;
  const hasJoin = (m: Json) => JSON.stringify(m["components"] ?? []).includes(joinId);
  const post = await emu.waitForMessage(world.lobby, hasJoin, 30_000);
  const postId = String(post["id"]);
  out(
    texts.signups.opened({
      when: times(`<t:${Math.floor(until.getTime() / 1000)}:T>`),
      min,
      max: game.maxPlayers ?? ruleset.players.max,
    }),
  );

  // One after another, in the members' order: the seats are numbered as they join.
  const seated: string[] = [];
  const bench: { name: string; answer: string }[] = [];
  const table = game.maxPlayers ?? ruleset.players.max;
  for (const member of world.members) {
    const reply = await answer(() => emu.user(member.id).click(postId, joinId));
    const text = messageText(reply.msg);
    if (!reply.ok) throw new Error(`${member.username} could not join: ${text}`);
    if (seated.length < table) seated.push(member.username);
    else bench.push({ name: member.username, answer: text });
  }
  const players = await service.players(game.id);
  if ((await service.game(game.id)).status !== "lobby" || players.length !== seated.length)
    throw new Error(
      `the sign-ups closed before every member had joined (${players.length} of ${seated.length} seated): the machine is too busy for the sign-ups' ${signupWindowMs(world.members.length) / 1000} s`,
    );
  out(texts.signups.joined(seated));
  for (const substitute of bench) out(texts.signups.bench(substitute));
  // The post as the members now see it, once the bot has edited in the last join.
  for (let i = 0; i < 100 && (await countPending(stack.database.db, game.id)) > 0; i++) await sleep(100);
  const current = emu.messages(world.lobby).find((m) => String(m["id"]) === postId);
  if (current) printPost(out, times, messageText(current));

  // The close is the worker's job at its time: the game starts by itself.
  const deadline = until.getTime() + 60_000;
  while ((await service.game(game.id)).status === "lobby") {
    if (Date.now() > deadline) throw new Error("the sign-ups' close did not start the game");
    await sleep(100);
  }
  // The post says the game started once the outbox has edited it.
  const started = await emu
    .waitForMessage(world.lobby, (m) => String(m["id"]) === postId && !hasJoin(m), 30_000)
    .catch(() => undefined);
  out(texts.signups.closed(times(`<t:${Math.floor(until.getTime() / 1000)}:T>`)));
  if (started) printPost(out, times, messageText(started));
}

/**
 * The GM lists the server's finished ranked games publicly (`/settings public_archives`,
 * docs/community.md), as a community that shows its games does; the answer gives the address.
 */
export async function listArchives(
  stack: Stack,
  gm: string,
  lobby: string,
  texts: SandboxTexts,
  out: Out,
): Promise<void> {
  const listed = await slash(stack.emu, gm, lobby, "settings", { public_archives: "ranked" });
  if (!listed.ok) throw new Error(`/settings public_archives failed: ${listed.text}`);
  out(texts.signups.listing(listed.text.split("\n").at(-1) ?? ""));
}

/**
 * After the game: its archive's address (under the console the sandbox serves), and what
 * `/stats member` answers its first seat's member and `/stats server` answers him, asked in the
 * lobby as members ask; the records come from the finished game in Postgres.
 */
export async function printCommunity(
  stack: Stack,
  gameId: string,
  world: { lobby: string; members: Account[] },
  texts: SandboxTexts,
  out: Out,
  times: Times,
): Promise<{ archiveUrl: string }> {
  const game = await stack.service.game(gameId);
  const archiveUrl = `${stack.consoleUrl ?? ""}/archive/${game.archiveToken}`;
  out(texts.signups.archive(archiveUrl));
  const [first] = await stack.service.players(gameId);
  const member = world.members.find((m) => m.id === first?.userId) ?? world.members[0];
  if (!member) return { archiveUrl };
  for (const server of [false, true]) {
    const reply = await slash(stack.emu, member.id, world.lobby, server ? "stats server" : "stats member");
    out(texts.signups.stats({ name: member.username, server }));
    printPost(out, times, reply.text);
  }
  return { archiveUrl };
}
