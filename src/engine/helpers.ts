import { z } from "zod";
import { sharedRejection } from "./rejections.js";
import {
  defineGmAction,
  type ChatSpec,
  type GmActionDefinition,
  type RenderContext,
  type RulesetDefinition,
} from "./ruleset.js";
import type {
  AnyGameState,
  BasePlayer,
  GameState,
  JsonObject,
  Lang,
  PlayerId,
  PrivateMessage,
  Rejection,
  TextRef,
} from "./types.js";

/** Shared building blocks for rulesets: finding players, emitting output, common chats, common GM actions. */

/** The dead's chat where a ruleset has one (classic and mayor, with `deadChat` on): the dead read and write. */
export function graveyardChat(dead: PlayerId[]): ChatSpec {
  return {
    id: "graveyard",
    name: { en: "Graveyard", ru: "Кладбище" },
    kind: "public",
    readers: dead,
    writers: dead,
    readAudience: "dead",
    writeAudience: "dead",
  };
}

/** The GM room under the ruleset's chat id: only the GMs read and write it. */
export function gmRoomChat(id: string): ChatSpec {
  return {
    id,
    name: { en: "GM room", ru: "Комната ведущих" },
    kind: "public",
    readers: [],
    writers: [],
    readAudience: "gm",
    writeAudience: "gm",
    purpose: "gm",
  };
}

/**
 * A refusal that means the input itself is malformed (wrong shape, unknown id, a value outside
 * its allowed set; `<ruleset>.malformed.<id>`, built by `Rejections.malformed`): the live bot
 * refuses it like any other; the simulator treats a scenario containing one as a malformed file
 * (exit 2), as the rules files require. Refusals are built from their texts: ./rejections.ts.
 */
export function isMalformed(rejection: Rejection): boolean {
  return rejection.code === "engine.bad_params" || rejection.code.includes(".malformed.");
}

/**
 * The one player lookup of every ruleset: the seat with this id, or undefined (also for a null or
 * absent id, such as an empty slot). A plain loop: it runs in every validation and resolution step.
 */
export function findPlayer<P extends BasePlayer>(
  state: GameState<P, unknown, unknown>,
  id: PlayerId | null | undefined,
): P | undefined {
  if (id === null || id === undefined) return undefined;
  const players = state.players;
  for (let i = 0; i < players.length; i++) {
    const found = players[i] as P;
    if (found.id === id) return found;
  }
  return undefined;
}

/** The player, or an error: for ids the engine or the rules have already validated. */
export function playerOrThrow<P extends BasePlayer>(
  state: GameState<P, unknown, unknown>,
  id: PlayerId | null | undefined,
): P {
  const found = findPlayer(state, id);
  if (!found) throw new Error(`no player ${String(id)}`);
  return found;
}

export function livingPlayers<P extends BasePlayer>(state: GameState<P, unknown, unknown>): P[] {
  return state.players.filter((p) => p.alive);
}

export function hasStatus(player: BasePlayer, status: string): boolean {
  return player.statuses.includes(status);
}

export function addStatus(player: BasePlayer, status: string): void {
  if (!player.statuses.includes(status)) player.statuses.push(status);
}

export function removeStatus(player: BasePlayer, status: string): void {
  player.statuses = player.statuses.filter((s) => s !== status);
}

export function emitDeath(state: AnyGameState, playerId: PlayerId, cause: string): void {
  state.output.deaths.push({ player: playerId, cause });
}

export function emitEvent(state: AnyGameState, type: string, fields: JsonObject = {}): void {
  state.output.events.push({ type, ...fields });
}

export function emitPublic(state: AnyGameState, key: string, params: JsonObject = {}): void {
  state.output.public.push({ key, params });
}

export function emitPrivate(state: AnyGameState, to: PlayerId, kind: string, fields: JsonObject = {}): void {
  state.output.private.push({ to, kind, ...fields });
}

/** Renders a public line in a language. A missing template is a programming error. */
export function renderText(ruleset: RulesetDefinition, ref: TextRef, ctx: RenderContext): string {
  const template = ruleset.texts[ctx.lang][ref.key];
  if (!template) throw new Error(`${ruleset.id}: no ${ctx.lang} text for ${ref.key}`);
  return template(ref.params, ctx);
}

/** Renders a private message (`private.<kind>` in the catalog). */
export function renderPrivate(
  ruleset: RulesetDefinition,
  message: PrivateMessage,
  ctx: RenderContext,
): string {
  const { to: _to, kind, ...fields } = message;
  return renderText(ruleset, { key: `private.${kind}`, params: fields }, ctx);
}

/** A rules id as the reader's word (`ctx.word`), else the id itself (the simulator's contract). */
export function word(ctx: RenderContext, id: string): string {
  return ctx.word?.(id) ?? id;
}

/** The simulator's reader: English templates with ids, as the rules files print them. */
export function idContext(lang: Lang = "en", name: (id: PlayerId) => string = (id) => id): RenderContext {
  return { lang, player: name, role: (role) => role, faction: (faction) => faction };
}

/** A human list: "a, b and c" / "a, b и c". */
export function joinList(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items.join("");
  const and = lang === "ru" ? " и " : " and ";
  return `${items.slice(0, -1).join(", ")}${and}${items[items.length - 1] ?? ""}`;
}

const targetsOnly = z.object({}).passthrough();

/**
 * `replace`: a substitute takes over a seat with its whole state. The seat id stays (it is
 * what every order and chat refers to); the new account is recorded and announced.
 */
const replaceParams = z.object({ with: z.string().min(1) }).passthrough();

export function replaceGmAction<S extends AnyGameState>(rulesetId: string): GmActionDefinition<S> {
  return defineGmAction<S, typeof replaceParams>({
    params: replaceParams,
    validate(state, input) {
      const target = input.targets[0];
      const by = input.params.with;
      if (input.targets.length !== 1 || !target || !findPlayer(state, target)) {
        return sharedRejection(rulesetId, "replace_target", "replace_target");
      }
      const taken = state.players.some((p) => p.id === by || p.replacedBy.some((r) => r.by === by));
      if (taken) {
        return sharedRejection(rulesetId, "replace_with", "replace_with");
      }
      return null;
    },
    apply(state, input) {
      const target = playerOrThrow(state, input.targets[0]);
      const by = input.params.with;
      target.replacedBy.push({ by, phase: `${state.phase.kind} ${state.phase.n}` });
      emitEvent(state, "replaced", { player: target.id, by });
    },
  });
}

/**
 * `revive`: the GM brings dead players back (the GM is god); they keep their role and statuses.
 * Rulesets with rules of their own for resurrection define their own `revive`.
 */
export function reviveGmAction<S extends AnyGameState>(rulesetId: string): GmActionDefinition<S> {
  return defineGmAction<S, typeof targetsOnly>({
    params: targetsOnly,
    validate(state, input) {
      if (input.targets.length === 0) return sharedRejection(rulesetId, "revive_target", "revive_none");
      for (const id of input.targets) {
        const p = findPlayer(state, id);
        if (!p) return sharedRejection(rulesetId, "revive_target", "not_of_game");
        if (p.alive) return sharedRejection(rulesetId, "revive_alive", "revive_alive");
      }
      return null;
    },
    apply(state, input) {
      for (const id of input.targets) {
        playerOrThrow(state, id).alive = true;
        emitEvent(state, "revived", { player: id, by: "gm" });
      }
    },
  });
}

/**
 * `set_status` / `clear_status`: the GM sets or clears one of the rules' statuses (`statuses`,
 * the rules file's list) on players; another id is refused with the list of the valid ones.
 */
export function statusGmActions<S extends AnyGameState>(
  rulesetId: string,
  statuses: readonly string[],
): Record<"set_status" | "clear_status", GmActionDefinition<S>> {
  const params = z.object({ status: z.string().min(1) }).passthrough();
  const validate = (state: S, input: { targets: PlayerId[]; params: { status: string } }) =>
    input.targets.length === 0 || input.targets.some((t) => !findPlayer(state, t))
      ? sharedRejection(rulesetId, "status_target", "not_of_game")
      : unknownStatus(rulesetId, statuses, input.params.status);
  return {
    set_status: defineGmAction<S, typeof params>({
      params,
      validate,
      apply(state, input) {
        for (const id of input.targets) {
          addStatus(playerOrThrow(state, id), input.params.status);
          emitEvent(state, "status_set", { player: id, status: input.params.status });
        }
      },
    }),
    clear_status: defineGmAction<S, typeof params>({
      params,
      validate,
      apply(state, input) {
        for (const id of input.targets) {
          removeStatus(playerOrThrow(state, id), input.params.status);
          emitEvent(state, "status_cleared", { player: id, status: input.params.status });
        }
      },
    }),
  };
}

/** A status id the rules do not know: refused with the list of those they do. */
export function unknownStatus(rulesetId: string, statuses: readonly string[], status: string) {
  return statuses.includes(status)
    ? null
    : sharedRejection(rulesetId, "unknown_status", "unknown_status", { status, known: statuses.join(", ") });
}

export { targetsOnly as passthroughParams };
