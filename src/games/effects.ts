import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.js";
import { outbox, phases } from "../db/schema/index.js";
import type { RenderContext, RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, PhaseReport } from "../engine/types.js";
import { phaseName, t } from "../i18n/index.js";
import { safeName } from "../render/names.js";
import { tallyText, votePosts } from "./ballots.js";
import type { GameContext } from "./context.js";
import { languageOf, remembered, seatsOf } from "./reads.js";
import { displayContext, renderReport, seatGenders } from "./render.js";
import type { GameRow, PhaseRow } from "./rows.js";
import type { Tx } from "./state.js";
import { discordTime } from "./time.js";

/**
 * The Discord effects a change of a game causes, as outbox entries (written by changes.ts in the
 * change's transaction, carried out by src/discord/outbox.ts in the worker), and how the
 * application layer renders them: the newspaper and private posts of what the rules emitted,
 * the public votes, a resolution's images, the deadline notice of a phase that opens.
 */

export interface OutboxPost {
  type: "post";
  /** The chat key: `newspaper`, `personal:<seat>`, `gm`, or a chat id of the ruleset layout. */
  chat: string;
  content: string;
  /** Images attached to the post (the reichstag board, regnum battle reports), base64. */
  files?: { name: string; base64: string }[];
  /** A GM-room notice that the outbox row with this id failed for good (with a retry button). */
  retryOf?: number;
}
export interface OutboxReconcile {
  type: "reconcile";
}
/** Each player's orders panel for the phase that just opened (skipped if it is no longer open). */
export interface OutboxPanels {
  type: "panels";
  phaseIndex: number;
  /** Only these seats' panels (a step that opened within the phase); absent: every seat's. */
  seats?: string[];
  /**
   * The GM moved the deadline (or paused or resumed the clock): the panels already posted for
   * the phase are edited in place to show it, none is posted anew.
   */
  refresh?: true;
}
/** The full reveal of roles and winners, and the game's log as files, at the end. */
export interface OutboxReveal {
  type: "reveal";
}
/**
 * A message kept up to date under a key (the day's vote tally): the first effect of a key posts
 * it, later ones edit that message in place.
 */
export interface OutboxUpsert {
  type: "upsert";
  chat: string;
  key: string;
  content: string;
  /** Buttons under the message (a draft's review buttons); an empty list removes them. */
  buttons?: OutboxButton[];
  /**
   * Rendered when performed, not when written: `gmStatus` is the phase whose GM status this is
   * (skipped when a later update of the key waits, or once the phase is over); `resolved`: the
   * phase's last status, rendered from the state just before its resolution.
   */
  render?: { gmStatus: number; resolved?: "published" };
  /** Members the message pings when first posted (a sign-up close's GM); no one else is ever pinged. */
  mentions?: string[];
}
export interface OutboxButton {
  id: string;
  label: string;
  style: "primary" | "secondary" | "success" | "danger";
}
/**
 * What a player said under a mask (a `mask_relays` row: a post, an edit or a deletion), to be
 * delivered to the chat and every reader's mirror of it, in the chat's own lane
 * (src/discord/masks/relay.ts).
 */
export interface OutboxRelay {
  type: "relay";
  relayId: number;
  /** The chat key (`chat:<id>`, `personal:<seat>`): the row's lane. */
  chat: string;
}
export type OutboxEffect =
  OutboxPost | OutboxReconcile | OutboxPanels | OutboxReveal | OutboxUpsert | OutboxRelay;

/**
 * Which calls go first when many games' deadlines fall at once: the worker's drains serve every
 * game's `critical` effects before any game's `cosmetic` ones, games in turn (src/discord/outbox.ts,
 * docs/scaling.md). `critical` tells players what happened and who may speak now: the posts (the
 * newspaper with its images, private results, the next phase's deadline), the reconcile (deaths'
 * permissions, chats opening and closing), the reveal, and what players said under masks before
 * the deadline (a closing chat waits for it). `cosmetic` can wait for every other game's news: the
 * edits in place (the vote tally, the GM room's status card) and the orders panels, for which
 * `/order` stands in meanwhile.
 */
export type EffectPriority = "critical" | "cosmetic";

export const EFFECT_PRIORITY: Record<OutboxEffect["type"], EffectPriority> = {
  post: "critical",
  reconcile: "critical",
  reveal: "critical",
  relay: "critical",
  upsert: "cosmetic",
  panels: "cosmetic",
};

/** The priority of an outbox row by its kind (`outbox.kind`, the effect's type); an unknown kind goes first. */
export function priorityOfKind(kind: string): EffectPriority {
  return (EFFECT_PRIORITY as Record<string, EffectPriority | undefined>)[kind] ?? "critical";
}

/** The posts a resolution's effects make (a draft's, as they will go out), in order. */
export async function resolutionPosts(db: Tx, resolutionId: number): Promise<OutboxPost[]> {
  const rows = await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.resolutionId, resolutionId))
    .orderBy(asc(outbox.id));
  return rows.map((r) => outboxPayload.parse(r.payload)).filter((e): e is OutboxPost => e.type === "post");
}

/** The `outbox.payload` column: one OutboxEffect. */
export const outboxPayload: z.ZodType<OutboxEffect> = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("post"),
    chat: z.string(),
    content: z.string(),
    files: z.array(z.object({ name: z.string(), base64: z.string() })).exactOptional(),
    retryOf: z.number().exactOptional(),
  }),
  z.object({ type: z.literal("reconcile") }),
  z.object({
    type: z.literal("panels"),
    phaseIndex: z.number(),
    seats: z.array(z.string()).exactOptional(),
    refresh: z.literal(true).exactOptional(),
  }),
  z.object({ type: z.literal("reveal") }),
  z.object({
    type: z.literal("upsert"),
    chat: z.string(),
    key: z.string(),
    content: z.string(),
    buttons: z
      .array(
        z.object({
          id: z.string(),
          label: z.string(),
          style: z.enum(["primary", "secondary", "success", "danger"]),
        }),
      )
      .exactOptional(),
    render: z
      .object({ gmStatus: z.number(), resolved: z.literal("published").exactOptional() })
      .exactOptional(),
    mentions: z.array(z.string()).exactOptional(),
  }),
  z.object({ type: z.literal("relay"), relayId: z.number(), chat: z.string() }),
]);

/** The reader (language and seat names) of one transaction, built once. */
export function readerOf(
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
): Promise<RenderContext> {
  return remembered(tx, `reader:${game.id}`, async () => {
    const lang = await languageOf(tx, game.guildId);
    const seats = await seatsOf(tx, game.id);
    return displayContext(
      ruleset,
      lang,
      new Map(seats.map((s) => [s.seatId, s.displayName])),
      "text",
      seatGenders(seats),
    );
  });
}

/** A report's public lines as one newspaper post and its private lines as posts to each seat. */
export async function renderEffects(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  report: PhaseReport,
): Promise<OutboxEffect[]> {
  const reader = await readerOf(tx, game, ruleset);
  const rendered = renderReport(ruleset, report, reader);
  const effects: OutboxEffect[] = [];
  if (rendered.public.length > 0)
    effects.push({ type: "post", chat: "newspaper", content: rendered.public.join("\n") });
  for (const message of rendered.private) {
    effects.push({ type: "post", chat: `personal:${message.to}`, content: message.text });
  }
  return effects;
}

/** What the open phase emitted and was not delivered yet, rendered; the phase row marks it delivered. */
export async function deliverNow(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  phase: PhaseRow,
): Promise<OutboxEffect[]> {
  if (
    state.output.public.length <= phase.deliveredPublic &&
    state.output.private.length <= phase.deliveredPrivate
  )
    return [];
  await tx
    .update(phases)
    .set({ deliveredPublic: state.output.public.length, deliveredPrivate: state.output.private.length })
    .where(eq(phases.id, phase.id));
  return emittedEffects(ctx, tx, game, ruleset, state, phase);
}

/** What the phase emitted past what its row says was delivered, rendered (nothing is written). */
export async function emittedEffects(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  phase: Pick<PhaseRow, "label" | "deliveredPublic" | "deliveredPrivate">,
): Promise<OutboxEffect[]> {
  const publicLines = state.output.public.slice(phase.deliveredPublic);
  const priv = state.output.private.slice(phase.deliveredPrivate);
  if (publicLines.length === 0 && priv.length === 0) return [];
  const partial: PhaseReport = {
    phase: phase.label,
    deaths: [],
    events: [],
    public: publicLines,
    private: priv,
  };
  return renderEffects(ctx, tx, game, ruleset, partial);
}

/**
 * A phase that opens with a deadline says so in the newspaper, as a Discord timestamp each
 * reader sees in their own zone: on the first line of what the phase posts there as it opens,
 * or as a post of its own.
 */
export async function withDeadlineNotice(
  tx: Tx,
  game: GameRow,
  phase: Pick<PhaseRow, "label" | "deadlineAt">,
  effects: OutboxEffect[],
): Promise<OutboxEffect[]> {
  if (!phase.deadlineAt) return effects;
  const lang = await languageOf(tx, game.guildId);
  const notice = t(lang, "deadline.opened", {
    phase: phaseName(lang, phase.label),
    when: discordTime(phase.deadlineAt),
  });
  const paper = effects.find((e): e is OutboxPost => e.type === "post" && e.chat === "newspaper");
  if (paper) paper.content = `${notice}\n${paper.content}`;
  else effects.unshift({ type: "post", chat: "newspaper", content: notice });
  return effects;
}

/** Public votes (src/games/ballots.ts): the posts of what changed and the day's tally, edited in place. */
export async function ballotEffects(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  before: AnyGameState,
  state: AnyGameState,
): Promise<OutboxEffect[]> {
  const board = ruleset.votes?.board;
  if (!board) return [];
  const after = board(state);
  if (!after) return [];
  const reader = await readerOf(tx, game, ruleset);
  const posts = votePosts(board(before), after, reader);
  if (posts.length === 0) return [];
  return [
    { type: "post", chat: after.chat, content: posts.join("\n") },
    {
      type: "upsert",
      chat: after.chat,
      key: `tally:${after.key}`,
      content: tallyText(after, reader, phaseName(reader.lang, after.key)),
    },
  ];
}

/** What a resolution posts: the newspaper (with the board or battle images), private results, a reconcile. */
export async function resolutionEffects(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  phase: PhaseRow,
  resolved: { state: AnyGameState; next: AnyGameState; report: PhaseReport },
): Promise<OutboxEffect[]> {
  const { state, next, report } = resolved;
  // What the phase emitted and was not delivered as it happened.
  const undelivered: PhaseReport = {
    ...report,
    public: report.public.slice(phase.deliveredPublic),
    private: report.private.slice(phase.deliveredPrivate),
  };
  const effects: OutboxEffect[] = await renderEffects(ctx, tx, game, ruleset, undelivered);
  // The board or the battle reports go with the newspaper of the phase.
  const seats = await seatsOf(tx, game.id);
  const lang = await languageOf(tx, game.guildId);
  // The renderers load the canvas library (about 20 MB resident) on the first image, not with
  // every process that imports this module.
  const { phaseImages } = await import("../render/phase-images.js");
  const images = await phaseImages(
    game.ruleset,
    state,
    next,
    report,
    lang,
    new Map(seats.map((p) => [p.seatId, safeName(p.displayName, "plain")])),
  );
  if (images.length > 0) {
    const files = images.map((image) => ({ name: image.name, base64: image.data.toString("base64") }));
    const newspaper = effects.find((e): e is OutboxPost => e.type === "post" && e.chat === "newspaper");
    if (newspaper) newspaper.files = files;
    else {
      // Never a bare title: the post says what its pictures show.
      const shows = images.some((image) => image.name.startsWith("battle")) ? "battles" : "board";
      const content = t(lang, `newspaper.images_${shows}`, { phase: phaseName(lang, phase.label) });
      effects.unshift({ type: "post", chat: "newspaper", content, files });
    }
  }
  effects.push({ type: "reconcile" });
  return effects;
}

/** The game's outbox entries still waiting for the worker. */
export async function countPending(db: Db, gameId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.gameId, gameId), eq(outbox.status, "pending")));
  return row?.n ?? 0;
}
