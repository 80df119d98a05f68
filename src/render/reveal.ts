import type { Gender } from "../engine/grammar.js";
import { renderPrivate, renderText } from "../engine/helpers.js";
import type { RenderContext, RulesetDefinition } from "../engine/ruleset.js";
import type {
  AnyGameState,
  Json,
  JsonObject,
  Lang,
  PhaseReport,
  PlayerId,
  PrivateMessage,
  TextRef,
} from "../engine/types.js";
import { safeName } from "./names.js";
import { displayContext } from "../games/render.js";
import { phaseName, t, type Params } from "../i18n/index.js";

/**
 * The end-of-game reveal as files the bot attaches: `game-log.json` (the whole log as data: every
 * seat's role and faction, every phase's deaths, events, public lines and private messages with
 * their recipients, the winners) and `game-log.txt` (a readable chronicle in the server's
 * language). With the game's record, the JSON also carries what `npm run verify` replays (docs/fairness.md).
 * Pure: no I/O; same input → same bytes.
 */

export interface RevealFile {
  name: string;
  data: Buffer;
}

/** One entry of the input log as the export carries it (control entries: the GM's schedule, for the record). */
export interface RecordedInput {
  seq: number;
  phase: string;
  type: "action" | "gm" | "resolve" | "control";
  /** Milliseconds since the epoch: the engine judges an input at the time it arrived. */
  at: number;
  seat: string | null;
  accepted: boolean;
  rejection: string | null;
  payload: JsonObject;
  /** A GM's input (`gm`, `control`): who made it, by the GM's shown name then. */
  by?: string;
}

/**
 * What a replay of the game needs beyond its outcomes (docs/fairness.md): the setup the engine was
 * given, the deal it made, and every input in order with its time and verdict. The secret itself
 * is not in it: the reveal message publishes it, and `npm run verify` takes it separately.
 */
export interface GameRecord {
  /** SHA-256 of the secret (hex), as the starting newspaper published it; null: a public seed. */
  commitment: string | null;
  /** The public integer seed, or null: the game was dealt from a secret. */
  seed: number | null;
  options: Json;
  /** The engine's setup players in seat order: the seat id and the GM's `/game assign` keys. */
  players: JsonObject[];
  /** What the deal gave each seat (the first snapshot). */
  deal: { id: PlayerId; role: string; faction: string }[];
  inputs: RecordedInput[];
}

/** A public line; a missing template never breaks the reveal (the key and params show instead). */
function publicText(ruleset: RulesetDefinition<AnyGameState>, ref: TextRef, ctx: RenderContext): string {
  try {
    return renderText(ruleset, ref, ctx);
  } catch {
    return `${ref.key} ${JSON.stringify(ref.params)}`;
  }
}

function privateText(
  ruleset: RulesetDefinition<AnyGameState>,
  message: PrivateMessage,
  ctx: RenderContext,
): string {
  try {
    return renderPrivate(ruleset, message, ctx);
  } catch {
    const { to: _to, kind, ...fields } = message;
    return `${kind} ${JSON.stringify(fields)}`;
  }
}

function roleName(ruleset: RulesetDefinition<AnyGameState>, lang: Lang, role: string): string {
  return ruleset.roles[role]?.name[lang] ?? role;
}

function factionName(ruleset: RulesetDefinition<AnyGameState>, lang: Lang, faction: string): string {
  return ruleset.factions[faction]?.name[lang] ?? ruleset.roles[faction]?.name[lang] ?? faction;
}

/** The whole game as data (the JSON file's content). */
export function revealLog(
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  reports: readonly PhaseReport[],
  names: ReadonlyMap<PlayerId, string>,
  lang: Lang,
  record?: GameRecord,
): JsonObject {
  // Files, not messages: names are cleaned but not markdown-escaped.
  const ctx = displayContext(ruleset, lang, names, "plain");
  const name = (id: PlayerId) => safeName(names.get(id) ?? id, "plain");
  const players: Json[] = state.players.map((p) => ({
    seat: p.seat,
    id: p.id,
    name: name(p.id),
    role: p.role,
    roleName: roleName(ruleset, lang, p.role),
    faction: p.faction,
    factionName: factionName(ruleset, lang, p.faction),
    alive: p.alive,
    statuses: [...p.statuses],
    replacedBy: p.replacedBy.map((r) => ({ by: r.by, phase: r.phase })),
    ...(ruleset.finalPlayer ? ruleset.finalPlayer(state, p) : {}),
  }));
  const phases: Json[] = reports.map((report) => ({
    phase: report.phase,
    label: phaseName(lang, report.phase),
    deaths: report.deaths.map((d) => ({ player: d.player, name: name(d.player), cause: d.cause })),
    events: report.events.map((e) => ({ ...e })),
    public: report.public.map((line) => ({
      key: line.key,
      params: line.params,
      text: publicText(ruleset, line, ctx),
    })),
    private: report.private.map((m) => ({
      ...m,
      toName: name(m.to),
      text: privateText(ruleset, m, ctx),
    })),
  }));
  return {
    game: ruleset.name[lang],
    ruleset: ruleset.id,
    lang,
    // A secret seed is published by the reveal message, not here (verify takes it apart).
    setup: {
      ...(typeof state.seed === "number" ? { seed: state.seed } : {}),
      options: state.options as Json,
      players,
    },
    phases,
    final: {
      ended: state.ended,
      phase: `${state.phase.kind} ${state.phase.n}`,
      winners: [...state.winners],
      winnerNames: state.winners.map((w) => factionName(ruleset, lang, w)),
    },
    ...(record ? recordSections(record) : {}),
  };
}

function recordSections(record: GameRecord): JsonObject {
  return {
    fairness: record.commitment !== null ? { commitment: record.commitment } : { seed: record.seed },
    replay: {
      options: record.options,
      players: record.players,
      deal: record.deal.map((d) => ({ ...d })),
      inputs: record.inputs.map((i) => ({ ...i })),
    },
  };
}

/** The readable chronicle (the text file's content). */
export function revealChronicle(
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  reports: readonly PhaseReport[],
  names: ReadonlyMap<PlayerId, string>,
  lang: Lang,
  record?: GameRecord,
  /** What each seat's player said of their gender (`seatGenders`), for the Russian that agrees. */
  genders: ReadonlyMap<PlayerId, Gender | null> = new Map(),
): string {
  const L = (key: string, params: Params = {}) => t(lang, `chronicle.${key}`, params);
  // Files, not messages: names are cleaned but not markdown-escaped.
  const ctx = displayContext(ruleset, lang, names, "plain", genders);
  const name = (id: PlayerId) => safeName(names.get(id) ?? id, "plain");
  const out: string[] = [];
  const title = L("title", { game: ruleset.name[lang] });
  out.push(title, "=".repeat(title.length), "");
  const diedIn = new Map<PlayerId, { phase: string; cause: string }>();
  for (const report of reports) {
    const label = phaseName(lang, report.phase);
    out.push(label, "-".repeat(label.length));
    if (report.public.length === 0) out.push(L("nothing"));
    for (const line of report.public) out.push(publicText(ruleset, line, ctx));
    for (const d of report.deaths) diedIn.set(d.player, { phase: label, cause: d.cause });
    if (report.private.length > 0) {
      out.push(L("private"));
      // Grouped per recipient, recipients in order of their first message.
      const byRecipient = new Map<PlayerId, string[]>();
      for (const m of report.private) {
        const list = byRecipient.get(m.to) ?? [];
        list.push(privateText(ruleset, m, ctx));
        byRecipient.set(m.to, list);
      }
      for (const [to, texts] of byRecipient) for (const text of texts) out.push(`  → ${name(to)}: ${text}`);
    }
    out.push("");
  }
  const roles = L("roles");
  out.push(roles, "-".repeat(roles.length));
  const seated = [...state.players].sort((a, b) => a.seat - b.seat);
  const width = String(seated.length).length;
  seated.forEach((p, i) => {
    const death = diedIn.get(p.id);
    const gender = ctx.gender?.(p.id) ?? "";
    const fate = p.alive
      ? L("alive", { gender })
      : death
        ? L("died", { ...death, gender })
        : L("dead", { gender });
    const role = roleName(ruleset, lang, p.role);
    const faction = factionName(ruleset, lang, p.faction);
    const side = faction && faction !== role ? ` (${faction})` : "";
    out.push(`${String(i + 1).padStart(width)}. ${name(p.id)} — ${role}${side}, ${fate}`);
  });
  out.push("");
  // Who did what as GM, in order: every GM input names its GM.
  const gmLines = (record?.inputs ?? [])
    .filter((i) => i.by !== undefined)
    .map((i) => {
      const phase = i.phase === "lobby" ? L("lobby") : phaseName(lang, i.phase);
      const action = typeof i.payload["action"] === "string" ? i.payload["action"] : "?";
      const targets = Array.isArray(i.payload["targets"])
        ? i.payload["targets"].filter((x): x is string => typeof x === "string").map(name)
        : [];
      const refused = i.accepted ? "" : ` ✗ ${i.rejection ?? ""}`;
      // A GM's order for a seat names the seat it was given for.
      const seat = i.type === "action" && i.seat ? ` [${name(i.seat)}]` : "";
      return `${phase} · ${safeName(i.by ?? "", "plain")}: ${action}${seat}${targets.length > 0 ? ` → ${targets.join(", ")}` : ""}${refused}`;
    });
  const gm = L("gm");
  if (gmLines.length > 0) out.push(gm, "-".repeat(gm.length), ...gmLines, "");
  if (!state.ended) out.push(L("not_ended"));
  else if (state.winners.length === 0) out.push(L("no_winners"));
  else out.push(`${L("winners")} ${state.winners.map((w) => factionName(ruleset, lang, w)).join(", ")}`);
  return `${out.join("\n")}\n`;
}

/** `game-log.json` and `game-log.txt` for the end-of-game reveal. */
export function revealFiles(
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  reports: readonly PhaseReport[],
  names: ReadonlyMap<PlayerId, string>,
  lang: Lang,
  record?: GameRecord,
  genders: ReadonlyMap<PlayerId, Gender | null> = new Map(),
): RevealFile[] {
  const log = revealLog(ruleset, state, reports, names, lang, record);
  return [
    { name: "game-log.json", data: Buffer.from(`${JSON.stringify(log, null, 2)}\n`, "utf8") },
    {
      name: "game-log.txt",
      data: Buffer.from(revealChronicle(ruleset, state, reports, names, lang, record, genders), "utf8"),
    },
  ];
}
