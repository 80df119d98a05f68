import { EmbedBuilder } from "discord.js";
import type { RulesetDefinition } from "../../engine/ruleset.js";
import type { AnyGameState, Json, Lang } from "../../engine/types.js";
import type { GameRow, PhaseRow, PlayerRow } from "../../games/service.js";
import { discordTime } from "../../games/time.js";
import { phaseName, t } from "../../i18n/index.js";
import type { SeatNames } from "../masks/seat-names.js";
import { roleName, safeName } from "../../render/names.js";

/**
 * The game's public status: phase, deadline, who is alive and who is dead, with only the
 * roles the public view reveals (the viewer's own view is never used here). Masked games
 * (`masked`, the game's mask mode is on) list names in alphabetical order and never a seat
 * number: the seat order is the public join order, which would tie masks to accounts.
 */
export function statusEmbed(input: {
  lang: Lang;
  game: GameRow;
  ruleset: RulesetDefinition<AnyGameState>;
  phase: PhaseRow | undefined;
  seats: readonly PlayerRow[];
  publicView: Json | null;
  /** Seats as players know them now (masks once dealt). */
  shown: SeatNames;
  masked: boolean;
  /** The game's own GMs (user ids), the creator first. */
  gms?: readonly string[];
  /** In a lobby with timed sign-ups: their close, whether it is still ahead, the table's bounds. */
  signups?: { until: Date; open: boolean; min: number; max: number } | null;
  /** In a lobby: the bench of substitutes, first in first. */
  bench?: readonly { displayName: string }[];
}): EmbedBuilder {
  const { lang, game, ruleset, phase, seats, shown, masked } = input;
  const embed = new EmbedBuilder()
    .setTitle(t(lang, "status.title", { name: game.name }).slice(0, 256))
    .addFields(
      { name: t(lang, "status.ruleset"), value: ruleset.name[lang], inline: true },
      { name: t(lang, "status.state"), value: t(lang, `state.${game.status}`), inline: true },
      { name: t(lang, "status.timezone"), value: game.timezone, inline: true },
    )
    .setFooter({ text: t(lang, "status.game_id", { id: game.id }) });
  // Mentions in an embed show each GM's name to every reader and ping nobody.
  if (input.gms && input.gms.length > 0)
    embed.addFields({
      name: t(lang, "status.gms"),
      value: input.gms
        .map((id) => `<@${id}>`)
        .join(", ")
        .slice(0, 1024),
    });
  if (game.status === "lobby") {
    embed.setDescription(t(lang, "status.lobby", { count: seats.length }));
    if (seats.length > 0) {
      embed.addFields({
        name: t(lang, "status.players"),
        value: (masked
          ? seats.map((s) => safeName(s.displayName)).sort((a, b) => a.localeCompare(b))
          : seats.map((s) => `${s.seat}. ${safeName(s.displayName)}`)
        )
          .join("\n")
          .slice(0, 1024),
      });
    }
    const { signups, bench = [] } = input;
    if (signups)
      embed.addFields({
        name: t(lang, "status.signups"),
        value: t(lang, signups.open ? "status.signups_open" : "status.signups_closed", {
          when: discordTime(signups.until),
          min: signups.min,
          max: signups.max,
        }),
      });
    if (bench.length > 0)
      embed.addFields({
        name: t(lang, "status.bench", { count: bench.length }),
        value: bench
          .map((b, i) => `${i + 1}. ${safeName(b.displayName)}`)
          .join("\n")
          .slice(0, 1024),
      });
    return embed;
  }
  if (phase) {
    embed.addFields(
      { name: t(lang, "status.phase"), value: phaseName(lang, phase.label), inline: true },
      {
        name: t(lang, "status.deadline"),
        value:
          phase.remainingMs !== null
            ? t(lang, "status.paused_left", { left: timeLeft(lang, phase.remainingMs) })
            : phase.deadlineAt
              ? discordTime(phase.deadlineAt)
              : t(lang, "status.no_deadline"),
        inline: true,
      },
    );
  }
  const listed = publicPlayers(input.publicView);
  const order = shown.order(listed.map((e) => e.id));
  const entries = masked ? [...listed].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id)) : listed;
  const nameOf = shown.names;
  const line = (e: PublicPlayer) => {
    const name = safeName(nameOf.get(e.id) ?? e.id);
    return e.role ? `${name} — ${roleName(ruleset, lang, e.role)}` : name;
  };
  const alive = entries.filter((e) => e.alive).map(line);
  const dead = entries.filter((e) => !e.alive).map(line);
  // Where the rules keep deaths secret (`publicStatuses: false`) the list is of players, not of
  // the living: the newspaper never said who died (docs/secrecy.md, "What a seat is told").
  const heading = ruleset.publicStatuses === false ? "status.players" : "status.alive";
  embed.addFields({
    name: `${t(lang, heading)} (${alive.length})`,
    value: (alive.join("\n") || "—").slice(0, 1024),
  });
  if (dead.length > 0)
    embed.addFields({
      name: `${t(lang, "status.dead")} (${dead.length})`,
      value: dead.join("\n").slice(0, 1024),
    });
  return embed;
}

/** "2 hours 5 minutes" / "2 часа 5 минут" (a paused clock has no date yet, only time left). */
function timeLeft(lang: Lang, ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const parts = [];
  if (hours > 0) parts.push(t(lang, "duration.hours", { hours }));
  if (minutes % 60 > 0 || hours === 0) parts.push(t(lang, "duration.minutes", { minutes: minutes % 60 }));
  return parts.join(" ");
}

interface PublicPlayer {
  id: string;
  alive: boolean;
  role: string | null;
}

/** The players of a public view, whatever extra keys the ruleset adds. */
/**
 * What `/game status` shows of the seats: the rules' public view (`spectator` is the viewer id no
 * seat has), or where it lists no players, who is alive — unless the rules keep deaths secret
 * (regnum's unidentified bodies): then every seat is listed as a player.
 */
export function statusView(
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  spectator: string,
): Json {
  const view = ruleset.playerView(state, spectator);
  if (publicPlayers(view).length > 0) return view;
  const hidden = ruleset.publicStatuses === false;
  return { players: state.players.map((p) => ({ id: p.id, alive: hidden || p.alive })) };
}

export function publicPlayers(view: Json | null): PublicPlayer[] {
  if (!view || typeof view !== "object" || Array.isArray(view)) return [];
  const list = view["players"];
  if (!Array.isArray(list)) return [];
  const out: PublicPlayer[] = [];
  for (const entry of list) {
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) continue;
    const id = entry["id"];
    if (typeof id !== "string") continue;
    const role = entry["role"];
    out.push({ id, alive: entry["alive"] !== false, role: typeof role === "string" ? role : null });
  }
  return out;
}
