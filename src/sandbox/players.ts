import { and, count, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { chats, inputs } from "../db/schema/index.js";
import { mirrorKey, phaseThreadKey } from "../discord/layout.js";
import { maskModeOf } from "../games/masks.js";
import { seatNames } from "../discord/masks/seat-names.js";
import { offerValue } from "../discord/orders.js";
import { PANEL_PREFIX, parsePanelCustomId } from "../discord/panels.js";
import { voteActions } from "../discord/votes.js";
import type { Emulator } from "../emulator/index.js";
import type { AvailableAction } from "../engine/ruleset.js";
import { drawInt, shuffle } from "../engine/rng.js";
import type { Lang } from "../engine/types.js";
import type { GameService } from "../games/service.js";
import { rulesetOrThrow } from "../games/state.js";
import { t } from "../i18n/index.js";

/**
 * Simulated players, as people play a forum game on Discord: each phase a seat says a short
 * line in a chat it may write in (with `/say` in a masked game), votes with `/vote` where its
 * ruleset votes (picking from the autocomplete), and gives its orders from the orders panel
 * (buttons and select menus, opened with `/order`) or with `/order action:… target:…`. Every
 * choice comes from the seat's own seeded PRNG; everything goes through the emulator as a
 * user's client would send it. Used by the sandbox and by the tests that play whole games.
 */

type Json = Record<string, unknown>;

export interface TableWorld {
  emu: Emulator;
  db: Db;
  service: GameService;
  gameId: string;
  lang: Lang;
  /** Where a player with no thread of his own types commands. */
  lobby: string;
}

export interface SimSeat {
  userId: string;
  seatId: string;
  name: string;
  /** The seat's own PRNG (xoroshiro128+ state, src/engine/rng.ts). */
  picker: { rng: number[] };
}

export type TurnEventKind = "talk" | "vote" | "order" | "refused";

export interface TurnEvent {
  kind: TurnEventKind;
  seat: SimSeat;
  /** What the player did, and the bot's answer (the receipt's first line). */
  text: string;
  /** The chat a talk line went to (its chat id in the layout). */
  chat?: string;
  /** That chat's name in the table's language, as its readers see it («кладбище», not `graveyard`). */
  chatName?: string;
}

/** Moves a simulated player never makes: leaving ends a demo early for nobody's benefit; asking
 * for more time and objecting to an early close only make a compressed demo longer; a post and
 * its edit are recorded by the bot from the player's messages (talk), not given as orders. */
export const NEVER = new Set(["leave", "request_extension", "object_close", "post", "edit_post"]);

/** Short forum lines, by what the chat is for. Players' words, not the bot's: no catalog. */
const LINES: Record<Lang, { day: string[]; secret: string[]; dead: string[] }> = {
  en: {
    day: [
      "Morning, everyone. Who has something to say?",
      "I don't trust the quiet ones today.",
      "My vote goes where the facts point.",
      "That was a strange night.",
      "Let's not rush this one.",
      "I have a feeling about this.",
      "Anyone want to claim anything?",
      "I'm town, for what it's worth.",
      "Read the newspaper again, it says a lot.",
      "We lost a good one last night.",
    ],
    secret: [
      "Who do we pick tonight?",
      "Keep it quiet, act normal in the day.",
      "I'd go for the loud one.",
      "Agreed. Same plan as before.",
      "Careful, they are watching us.",
    ],
    dead: ["Well, that's me out.", "Good luck to the living.", "I saw that coming."],
  },
  ru: {
    day: [
      "Доброе утро всем. Кому есть что сказать?",
      "Не доверяю сегодня молчунам.",
      "Голосую по фактам.",
      "Странная была ночь.",
      "Не будем спешить.",
      "Есть у меня одно подозрение.",
      "Кто-нибудь хочет открыться?",
      "Я за мирных, если что.",
      "Перечитайте газету, там много интересного.",
      "Хорошего игрока потеряли ночью.",
    ],
    secret: [
      "Кого берём сегодня?",
      "Тише, днём ведём себя как обычно.",
      "Предлагаю самого громкого.",
      "Поддерживаю, план тот же.",
      "Осторожно, за нами следят.",
    ],
    // Said by anyone: no line agrees with its speaker's gender («Так и знал» would).
    dead: ["Ну, я всё.", "Удачи живым.", "Этого и следовало ожидать."],
  },
};

function pick<T>(seat: SimSeat, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[drawInt(seat.picker, 0, items.length - 1)];
}

/** The visible text of a message: content, then embed titles, descriptions and fields. */
export function messageText(m: Json): string {
  const parts: string[] = [];
  if (typeof m["content"] === "string" && m["content"]) parts.push(m["content"]);
  const embeds = Array.isArray(m["embeds"]) ? (m["embeds"] as Json[]) : [];
  for (const e of embeds) {
    for (const k of ["title", "description"]) if (typeof e[k] === "string") parts.push(e[k]);
    const fields = Array.isArray(e["fields"]) ? (e["fields"] as Json[]) : [];
    for (const f of fields) parts.push(`${String(f["name"])}: ${String(f["value"])}`);
  }
  return parts.join("\n").replace(/\*\*/g, "");
}

const ANSWER_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The bot's answer to an interaction; a refusal by Discord itself (no access) is an answer too. */
export async function answer(
  start: () => { reply(ms: number): Promise<unknown> },
): Promise<{ ok: boolean; msg: Json }> {
  try {
    return { ok: true, msg: (await start().reply(ANSWER_MS)) as Json };
  } catch (error) {
    return { ok: false, msg: { content: (error as Error).message } };
  }
}

/**
 * A user's slash command, sent through the emulator as the user's client sends it: the bot's
 * answer (`ok` false with Discord's refusal or the timeout as `text` when there is none).
 */
export async function slash(
  emu: Emulator,
  userId: string,
  channelId: string,
  line: string,
  options: Json = {},
): Promise<{ ok: boolean; msg: Json; text: string }> {
  const reply = await answer(() => emu.user(userId).slash(channelId, line, options));
  return { ...reply, text: messageText(reply.msg) };
}

/** The Discord channel of a game chat key, or undefined. */
async function channelOf(db: Db, gameId: string, chatKey: string): Promise<string | undefined> {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, chatKey)));
  return row?.discordId ?? undefined;
}

export class SimPlayers {
  private masked: boolean | undefined;
  constructor(private readonly world: TableWorld) {}

  private rulesetId = "";
  private get ruleset() {
    return rulesetOrThrow(this.rulesetId);
  }

  async init(): Promise<void> {
    const game = await this.world.service.game(this.world.gameId);
    this.rulesetId = game.ruleset;
    this.masked = (await maskModeOf(this.world.db, this.world.gameId, game.ruleset)) !== "off";
  }

  private async inputsBy(seat: SimSeat): Promise<number> {
    const [row] = await this.world.db
      .select({ n: count() })
      .from(inputs)
      .where(and(eq(inputs.gameId, this.world.gameId), eq(inputs.seatId, seat.seatId)));
    return row?.n ?? 0;
  }

  /** The seat's own thread with the GMs (where it types commands), else the lobby. */
  async home(seat: SimSeat): Promise<string> {
    return (await channelOf(this.world.db, this.world.gameId, `personal:${seat.seatId}`)) ?? this.world.lobby;
  }

  /** One short line in a chat the seat may write in now (by the rules' layout), if any. */
  async talk(seat: SimSeat): Promise<TurnEvent | null> {
    const { service, gameId, db, emu, lang } = this.world;
    const state = await service.state(gameId);
    if (state.ended) return null;
    const me = state.players.find((p) => p.id === seat.seatId);
    const layout = this.ruleset.chatLayout(state);
    const open = layout.filter((c) => c.purpose === undefined && c.writers.includes(seat.seatId));
    // At night a faction talks in its own chat; by day the town square comes first.
    const secret = open.filter((c) => c.kind === "secret");
    const pub = open.filter((c) => c.kind === "public");
    const chat = pick(
      seat,
      state.phase.kind === "night" && secret.length > 0 ? secret : pub.length > 0 ? pub : secret,
    );
    if (!chat) return null;
    const lines = LINES[lang];
    const text =
      pick(seat, me?.alive === false ? lines.dead : chat.kind === "secret" ? lines.secret : lines.day) ?? "";
    if (this.masked) {
      const where =
        (await channelOf(db, gameId, mirrorKey(chat.id, seat.seatId))) ??
        (await channelOf(db, gameId, `chat:${chat.id}`));
      if (!where || !emu.canView(seat.userId, where)) return null;
      const said = await slash(emu, seat.userId, where, "say", { text });
      return { kind: said.ok ? "talk" : "refused", seat, text, chat: chat.id, chatName: chat.name[lang] };
    }
    // An unmasked game's public chat is talked in through its thread of the phase (layout.ts).
    const where =
      (await channelOf(db, gameId, phaseThreadKey(chat.id, state.phase))) ??
      (await channelOf(db, gameId, `chat:${chat.id}`));
    if (!where || !emu.canSend(seat.userId, where)) return null;
    const before = await this.inputsBy(seat);
    try {
      emu.user(seat.userId).send(where, text);
    } catch {
      return null;
    }
    // Where posts count for the rules (activity), the bot records each one as the seat's input:
    // the line is said once the bot has it, as a reader would see it before the deadline.
    if (Object.hasOwn(this.ruleset.actions, "post")) {
      for (let i = 0; i < 100 && (await this.inputsBy(seat)) === before; i++) await sleep(30);
    }
    return { kind: "talk", seat, text, chat: chat.id, chatName: chat.name[lang] };
  }

  /**
   * The seat's votes this phase: one with /vote, and another while the rules consumed the one
   * cast and still open a different one (clans' «against» and «for»); never a change of a vote
   * already cast (mayor's verdict stays open to a change, and is not changed).
   */
  async votes(seat: SimSeat, report: (e: TurnEvent) => void): Promise<void> {
    const votes = voteActions(this.ruleset);
    const key = (o: AvailableAction) => `${o.action}|${JSON.stringify(o.params ?? {})}`;
    const cast = new Set<string>();
    let last: string | undefined;
    for (let i = 0; i < 3; i++) {
      const { actions } = await this.world.service.available(this.world.gameId, seat.userId);
      const offers = actions.filter((o) => votes.includes(o.action));
      if (last !== undefined && offers.some((o) => key(o) === last)) return;
      const open = offers.filter((o) => !cast.has(key(o)));
      if (open.length === 0) return;
      const event = await this.vote(seat, open);
      if (!event) return;
      report(event);
      if (event.kind !== "vote") return;
      last = event.key;
      if (last !== undefined) cast.add(last);
    }
  }

  /** A vote with /vote: the autocomplete's choices (of `offers`), one picked; the receipt's first line. */
  async vote(
    seat: SimSeat,
    offers: readonly AvailableAction[],
  ): Promise<(TurnEvent & { key?: string }) | null> {
    const votes = voteActions(this.ruleset);
    if (!offers.some((o) => votes.includes(o.action))) return null;
    const seats = await seatNames(this.world.db, this.world.gameId);
    const bases = new Map(
      offers.map((o) => [offerValue(o, seats), `${o.action}|${JSON.stringify(o.params ?? {})}`]),
    );
    const home = await this.home(seat);
    const user = this.world.emu.user(seat.userId);
    if (!this.world.emu.canView(seat.userId, home)) return null;
    let choices: { name: string; value: string | number }[];
    try {
      choices = await user.autocomplete(home, "vote", { choice: "" }, "choice").choices(ANSWER_MS);
    } catch {
      // The list did not come in time (Discord gives the bot 3 s): the player types the choice.
      choices = [...bases.keys()].map((value) => ({ name: value, value }));
    }
    const baseOf = (value: string) => bases.get(value.split(">")[0] ?? value);
    const open = choices.filter((c) => baseOf(String(c.value)) !== undefined);
    // Nobody votes to hang himself while someone else can be named.
    const choice = pick(
      seat,
      others(open, seat, (c) => c.name),
    );
    if (!choice) return null;
    const reply = await slash(this.world.emu, seat.userId, home, "vote", { choice: String(choice.value) });
    const receipt = messageText(reply.msg).split("\n")[0] ?? "";
    const accepted = reply.ok && isAccepted(this.world.lang, receipt);
    const key = baseOf(String(choice.value));
    return { kind: accepted ? "vote" : "refused", seat, text: receipt, ...(key ? { key } : {}) };
  }

  /** An order from the panel (`/order` alone shows it): a button or a select menu. */
  async panelOrder(seat: SimSeat, offer: AvailableAction): Promise<TurnEvent | null> {
    const home = await this.home(seat);
    const user = this.world.emu.user(seat.userId);
    const shown = await slash(this.world.emu, seat.userId, home, "order");
    if (!shown.ok) return null;
    const rows = Array.isArray(shown.msg["components"]) ? (shown.msg["components"] as Json[]) : [];
    const parts = rows.flatMap((r) => (Array.isArray(r["components"]) ? (r["components"] as Json[]) : []));
    const offers = (await this.world.service.available(this.world.gameId, seat.userId)).actions;
    const part = parts.find((c) => {
      const parsed = parsePanelCustomId(String(c["custom_id"] ?? ""));
      if (!parsed || parsed.action !== offer.action) return false;
      const at = offers[parsed.index];
      return JSON.stringify(at?.params ?? {}) === JSON.stringify(offer.params ?? {});
    });
    if (!part || !String(part["custom_id"]).startsWith(`${PANEL_PREFIX}:`)) return null;
    const id = String(part["custom_id"]);
    const messageId = String(shown.msg["id"]);
    const listed = Array.isArray(part["options"]) ? (part["options"] as Json[]) : [];
    const n = Math.max(1, Number(part["min_values"] ?? 1));
    const options = others(listed, seat, (o) => String(o["label"] ?? ""), n).map((o) => String(o["value"]));
    const values = shuffle(seat.picker, options).slice(0, n);
    const reply = await answer(() =>
      Number(part["type"]) === 2 ? user.click(messageId, id) : user.select(messageId, id, values),
    );
    const receipt = messageText(reply.msg).split("\n")[0] ?? "";
    return {
      kind: reply.ok && isAccepted(this.world.lang, receipt) ? "order" : "refused",
      seat,
      text: receipt,
    };
  }

  /** An order typed as `/order action:… target:… target2:…` with the autocomplete's values. */
  async commandOrder(seat: SimSeat, offer: AvailableAction): Promise<TurnEvent | null> {
    const seats = await seatNames(this.world.db, this.world.gameId);
    const n = offer.minTargets > 0 ? offer.minTargets : Math.min(offer.maxTargets, 1);
    const candidates = others(offer.targets, seat, (id) => (id === seat.seatId ? seat.name : ""), n);
    const targets = shuffle(seat.picker, candidates).slice(0, n);
    const value = offerValue(offer, seats);
    if (targets.length > 2 || value.length >= 100) return this.panelOrder(seat, offer);
    const options: Json = { action: value };
    if (targets[0]) options["target"] = seats.valueOf(targets[0]);
    if (targets[1]) options["target2"] = seats.valueOf(targets[1]);
    const home = await this.home(seat);
    const reply = await slash(this.world.emu, seat.userId, home, "order", options);
    const receipt = messageText(reply.msg).split("\n")[0] ?? "";
    return {
      kind: reply.ok && isAccepted(this.world.lang, receipt) ? "order" : "refused",
      seat,
      text: receipt,
    };
  }

  /**
   * One seat's phase: a line of talk, a vote where one is open, and a few distinct orders (each
   * from the panel or typed, by the seat's PRNG). Stops when the phase is no longer `phaseIndex`.
   */
  async turn(seat: SimSeat, phaseIndex: number, report: (e: TurnEvent) => void = () => {}): Promise<void> {
    const { service, gameId } = this.world;
    const still = async () => (await service.currentPhase(gameId))?.index === phaseIndex;
    if (!(await still())) return;
    const said = await this.talk(seat);
    if (said) report(said);
    // Where a vote is open the player votes first (in clans it is a duty, like the post).
    const votes = voteActions(this.ruleset);
    const used = new Set<string>(votes);
    const { actions: first } = await service.available(gameId, seat.userId);
    if (first.some((o) => votes.includes(o.action))) await this.votes(seat, report);
    for (let step = 0; step < 3; step++) {
      if (!(await still())) return;
      const { actions } = await service.available(gameId, seat.userId);
      const offers = actions.filter((o) => !used.has(o.action) && !NEVER.has(o.action));
      if (offers.length === 0) return;
      const kinds = [...new Set(offers.map((o) => o.action))];
      const action = pick(seat, kinds) ?? "";
      used.add(action);
      const offer = pick(
        seat,
        offers.filter((o) => o.action === action),
      ) as AvailableAction;
      const event =
        (drawInt(seat.picker, 0, 1) === 0 ? await this.panelOrder(seat, offer) : null) ??
        (await this.commandOrder(seat, offer));
      if (event) report(event);
    }
  }
}

/** The items that do not name the seat itself, when at least `n` of them are left; else all. */
function others<T>(items: readonly T[], seat: SimSeat, label: (item: T) => string, n = 1): T[] {
  const rest = items.filter((item) => !label(item).includes(seat.name));
  return rest.length >= n ? rest : [...items];
}

/** Whether a receipt is an acceptance (its localized prefix). */
export function isAccepted(lang: Lang, receipt: string): boolean {
  return receipt.startsWith(t(lang, "order.accepted", { action: "", targets: "" }).trim());
}
