import type { RenderContext, VoteBoard } from "../engine/ruleset.js";
import { t } from "../i18n/index.js";

/**
 * Public votes as the forum shows them: each vote posted in the vote chat as it is cast, changed
 * or withdrawn, and one tally message per board key kept current ("L-2": how many more decisive
 * votes a candidate needs to lead). Pure: the service turns the result into outbox effects.
 */

type Vote = VoteBoard["votes"][number];

const sameVote = (a: Vote, b: Vote) => a.choice.en === b.choice.en && a.target === b.target;

function shown(ctx: RenderContext, vote: Vote): string {
  const choice = vote.choice[ctx.lang];
  return vote.target ? `${choice} → ${ctx.player(vote.target)}` : choice;
}

/**
 * The vote posts between two boards of the same key (a new key: every vote is new). A voter
 * may hold one vote per choice where the rules allow (clans' "against" and "for").
 */
export function votePosts(before: VoteBoard | null, after: VoteBoard | null, ctx: RenderContext): string[] {
  if (!after) return [];
  const old = before && before.key === after.key && before.chat === after.chat ? before.votes : [];
  const slot = (v: Vote) => `${v.voter}\u0000${v.choice.en}`;
  const bySlotOld = new Map(old.map((v) => [slot(v), v]));
  const bySlotNew = new Map(after.votes.map((v) => [slot(v), v]));
  // A voter with exactly one vote before and after changed it, whatever the choice.
  const oneEach = (voter: string) =>
    old.filter((v) => v.voter === voter).length === 1 &&
    after.votes.filter((v) => v.voter === voter).length === 1;
  const lines: string[] = [];
  const changed = new Set<string>();
  for (const vote of after.votes) {
    const was =
      bySlotOld.get(slot(vote)) ??
      (oneEach(vote.voter) ? old.find((v) => v.voter === vote.voter) : undefined);
    if (!was)
      lines.push(t(ctx.lang, "ballot.cast", { voter: ctx.player(vote.voter), vote: shown(ctx, vote) }));
    else if (!sameVote(was, vote)) {
      changed.add(vote.voter);
      lines.push(
        t(ctx.lang, "ballot.changed", {
          voter: ctx.player(vote.voter),
          from: shown(ctx, was),
          vote: shown(ctx, vote),
        }),
      );
    }
  }
  for (const vote of old) {
    if (bySlotNew.has(slot(vote)) || changed.has(vote.voter)) continue;
    lines.push(t(ctx.lang, "ballot.withdrawn", { voter: ctx.player(vote.voter), vote: shown(ctx, vote) }));
  }
  return lines;
}

/** The tally message of a board: per choice and candidate the count and the voters, most first. */
export function tallyText(board: VoteBoard, ctx: RenderContext, dayLabel: string): string {
  const rows = new Map<string, { vote: Vote; voters: string[] }>();
  for (const vote of board.votes) {
    const key = `${vote.choice.en}\u0000${vote.target ?? ""}`;
    const row = rows.get(key) ?? { vote, voters: [] };
    row.voters.push(ctx.player(vote.voter));
    rows.set(key, row);
  }
  const ordered = [...rows.values()].sort((a, b) => b.voters.length - a.voters.length);
  const decisive = board.decisive;
  const isDecisive = (row: { vote: Vote }) =>
    !!decisive && row.vote.choice.en === decisive.en && !!row.vote.target;
  const lines = ordered.map((row) => {
    const base = t(ctx.lang, "ballot.tally_line", {
      vote: shown(ctx, row.vote),
      count: row.voters.length,
      voters: row.voters.join(", "),
    });
    if (!isDecisive(row)) return base;
    // Plurality: one more decisive vote than the best of the others leads alone ("L-0").
    const rival = Math.max(
      0,
      ...ordered.filter((r) => r !== row && isDecisive(r)).map((r) => r.voters.length),
    );
    const more = Math.max(0, rival - row.voters.length + 1);
    return `${base} · L-${more}`;
  });
  const title = t(ctx.lang, "ballot.tally_title", { day: dayLabel });
  const legend = decisive ? [t(ctx.lang, "ballot.legend", { choice: decisive[ctx.lang] })] : [];
  return [title, ...legend, ...(lines.length > 0 ? lines : [t(ctx.lang, "vote.tally_empty")])].join("\n");
}
