import { z } from "zod";
import type { GmActionDefinition } from "../../engine/ruleset.js";
import {
  emitEvent,
  emitPrivate,
  emitPublic,
  findPlayer,
  playerOrThrow,
  replaceGmAction,
} from "../../engine/helpers.js";
import type { GmInput, Json, JsonObject, Rejection } from "../../engine/types.js";
import { abroad, neutralized, notice, sendResult, setStatus, underground } from "./characters.js";
import { reconcile } from "./chats.js";
import { kill, neutralize, revive } from "./death.js";
import { declareWanted, release } from "./detention.js";
import { caseEntry } from "./investigation.js";
import { optionsSchema } from "./options.js";
import { palaceLeave } from "./palace.js";
import { ensureStarted } from "./phase.js";
import { actingHolder, acts, assignPost, vacatePost } from "./posts.js";
import { reject } from "./rejections.js";
import { roleConstraintBreach } from "./setup.js";
import { normalize } from "./spec.js";
import {
  ARMIES,
  CHAT_IDS,
  COUNTRIES,
  pairKey,
  type RPlayer,
  type RState,
  RULESET,
  SEASONS,
  UNIT_TYPES,
} from "./state.js";
import { inEnemyCountry } from "./travel.js";
import { transferInventory, treasury } from "./treasury.js";
import { createUnit, removeUnits, unitAllowed } from "./units.js";
import { warrantGmActions } from "./warrants.js";
import { endGame } from "./win.js";

/** GM actions (§10). Never rejected for rule reasons (R1): only malformed input is refused. */

const obj = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).passthrough() as unknown as z.ZodType<JsonObject>;
const idStr = z.string().min(1);

type Targets = "any" | "some" | "none";
export interface GmSpec {
  params: z.ZodType<JsonObject>;
  targets: Targets;
  check?(state: RState, input: GmInput): Rejection | null;
  run(state: RState, input: GmInput): void;
}

const targetsOf = (state: RState, input: GmInput): RPlayer[] =>
  input.targets.map((t) => playerOrThrow(state, t));
const deviation = (state: RState, action: string, reason: string) =>
  emitEvent(state, "rule_deviation", { action, reason });
const countryOk = (c: unknown) => typeof c === "string" && (COUNTRIES as readonly string[]).includes(c);

function setStatusGm(
  state: RState,
  p: RPlayer,
  status: string,
  on: boolean,
  by: string,
  country?: string,
): void {
  switch (status) {
    case "detained":
      if (on && !p.statuses.includes("detained")) {
        setStatus(p, "detained", true);
        setStatus(p, "wanted", false);
        p.wantedBy = null;
        p.detainedBy = by;
        p.detainedAt = state.data.phaseIndex;
        emitEvent(state, "detained", { player: p.id, by });
        notice(state, p.id, "detained", {});
      } else if (!on && p.statuses.includes("detained")) release(state, p, "gm", false);
      return;
    case "wanted":
      if (on) declareWanted(state, p, by);
      else {
        setStatus(p, "wanted", false);
        p.wantedBy = null;
      }
      return;
    case "underground":
      if (underground(p) !== on) {
        setStatus(p, "underground", on);
        emitEvent(state, "underground", { player: p.id, on });
      }
      return;
    case "neutralized":
      neutralize(state, p.id, on);
      return;
    case "abroad":
      if (on) {
        const c = country && country !== "regnum" ? country : "norsland";
        p.location = c;
        setStatus(p, "underground", false);
        emitEvent(state, "abroad", { player: p.id, country: c });
        palaceLeave(state, p.id);
      } else if (abroad(p)) {
        p.location = "regnum";
        emitEvent(state, "returned", { player: p.id });
      }
      return;
    case "alive":
    case "dead":
      if ((status === "alive") === on) revive(state, p.id);
      else kill(state, p.id, "modkill");
      return;
    default:
      setStatus(p, status, on);
      emitEvent(state, on ? "status_set" : "status_cleared", { player: p.id, status });
  }
}

function give(state: RState, input: GmInput, sign: 1 | -1): void {
  const crowns = (input.params["crowns"] as number | undefined) ?? 0;
  const orchium = (input.params["orchium"] as number | undefined) ?? 0;
  const resources = (input.params["resources"] as number | undefined) ?? 0;
  const items = (input.params["items"] as string[] | undefined) ?? [];
  const tid = (sign === 1 ? input.params["from"] : input.params["to"]) as string | undefined;
  for (const p of targetsOf(state, input)) {
    if (sign === 1) {
      p.crowns += crowns;
      p.orchium += orchium;
      p.resources += resources;
      p.items.push(...items);
      if (tid) {
        const t = treasury(state, tid);
        t.crowns = Math.max(0, t.crowns - crowns);
        for (const it of items) {
          const k = t.items.indexOf(it);
          if (k >= 0) t.items.splice(k, 1);
        }
      }
    } else {
      const part = {
        crowns: Math.min(crowns, p.crowns),
        orchium: Math.min(orchium, p.orchium),
        resources: Math.min(resources, p.resources),
        items: items.filter((it) => p.items.includes(it)),
      };
      if (tid) transferInventory(state, p, `treasury:${tid}`, part);
      else {
        p.crowns -= part.crowns;
        p.orchium -= part.orchium;
        p.resources -= part.resources;
        for (const it of part.items) p.items.splice(p.items.indexOf(it), 1);
      }
    }
    emitEvent(state, sign === 1 ? "gm_gave" : "gm_took", { player: p.id, crowns, orchium, resources, items });
  }
}

const SPECS: Record<string, GmSpec> = {
  set_role: {
    params: obj({ role: z.string().regex(/^[a-z][a-z0-9_]*$/), remove: z.boolean().default(false) }),
    targets: "some",
    run(state, input) {
      const role = input.params["role"] as string;
      for (const p of targetsOf(state, input)) {
        if (input.params["remove"]) {
          if (p.role === role) p.role = p.roles[0] ?? "citizen";
          p.roles = p.roles.filter((r) => r !== role && r !== p.role);
        } else if (p.role !== role && !p.roles.includes(role)) {
          if (p.role === "citizen") p.role = role;
          else p.roles.push(role);
        }
        emitEvent(state, "role_set", { player: p.id, role, remove: input.params["remove"] as boolean });
      }
      const breach = roleConstraintBreach(state.players, state.options);
      if (breach) deviation(state, "set_role", breach.reason);
    },
  },
  set_type: {
    params: obj({ type: z.enum(["ki", "km", "im", "ii"]) }),
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) p.type = input.params["type"] as RPlayer["type"];
      const breach = roleConstraintBreach(state.players, state.options);
      if (breach) deviation(state, "set_type", breach.reason);
    },
  },
  set_faction: {
    params: obj({ faction: z.string().regex(/^[a-z][a-z0-9_]*$/) }),
    targets: "some",
    run(state, input) {
      const f = input.params["faction"] as string;
      for (const p of targetsOf(state, input)) {
        if (f === "ksb" && p.faction !== "ksb") p.ksbPeriods += 1;
        p.faction = f;
        emitEvent(state, "faction_set", { player: p.id, faction: f });
      }
    },
  },
  set_group: {
    params: obj({ group: z.string().regex(/^[a-z][a-z0-9_]*$/), remove: z.boolean().default(false) }),
    targets: "some",
    run(state, input) {
      const g = input.params["group"] as string;
      for (const p of targetsOf(state, input))
        p.groups = input.params["remove"] ? p.groups.filter((x) => x !== g) : [...new Set([...p.groups, g])];
    },
  },
  set_post: {
    params: obj({ post: z.string().regex(/^[a-z][a-z0-9_]*$/) }),
    targets: "any",
    run(state, input) {
      const post = input.params["post"] as string;
      if (input.targets.length === 0) {
        for (const p of state.players) vacatePost(state, p.id, post);
      } else {
        const multi = ["judge", "mp", "minister_royal", "minister_parliament"].includes(post);
        if (!multi)
          for (const p of state.players) if (!input.targets.includes(p.id)) vacatePost(state, p.id, post);
        for (const id of input.targets) assignPost(state, id, post);
      }
    },
  },
  set_power: {
    params: obj({ power: z.number().int().min(1).max(5).nullable() }),
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) p.power = (input.params["power"] as number | null) ?? null;
    },
  },
  set_difficulty: {
    params: obj({ difficulty: z.number() }),
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) p.difficulty = input.params["difficulty"] as number;
    },
  },
  set_status: {
    params: obj({
      status: z.string().min(1),
      on: z.boolean().default(true),
      by: z.string().default("gm"),
      country: z.string().optional(),
    }),
    targets: "some",
    check: (_s, i) =>
      i.params["country"] !== undefined && !countryOk(i.params["country"])
        ? reject("bad_country", "unknownCountry")
        : null,
    run(state, input) {
      for (const p of targetsOf(state, input))
        setStatusGm(
          state,
          p,
          input.params["status"] as string,
          input.params["on"] as boolean,
          input.params["by"] as string,
          input.params["country"] as string | undefined,
        );
    },
  },
  /** The common GM action of every ruleset: `set_status` with `on: false`. */
  clear_status: {
    params: obj({
      status: z.string().min(1),
      by: z.string().default("gm"),
      country: z.string().optional(),
    }),
    targets: "some",
    check: (_s, i) =>
      i.params["country"] !== undefined && !countryOk(i.params["country"])
        ? reject("bad_country", "unknownCountry")
        : null,
    run(state, input) {
      for (const p of targetsOf(state, input))
        setStatusGm(
          state,
          p,
          input.params["status"] as string,
          false,
          input.params["by"] as string,
          input.params["country"] as string | undefined,
        );
    },
  },
  kill: {
    params: obj({
      cause: z.string().default("modkill"),
      killer: z.string().nullable().optional(),
      body: z.string().nullable().optional(),
      treasury: z.string().nullable().optional(),
      loot: z.string().nullable().optional(),
    }),
    targets: "some",
    check: (state, i) =>
      typeof i.params["killer"] === "string" && !findPlayer(state, i.params["killer"])
        ? reject("unknown_killer", "unknownKiller")
        : null,
    run(state, input) {
      for (const p of targetsOf(state, input))
        kill(state, p.id, input.params["cause"] as string, {
          killer: (input.params["killer"] as string | null | undefined) ?? null,
          body: (input.params["body"] as string | null | undefined) ?? null,
          treasury: (input.params["treasury"] as string | null | undefined) ?? null,
          loot: (input.params["loot"] as string | null | undefined) ?? null,
        });
    },
  },
  modkill: {
    params: obj({}),
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) kill(state, p.id, "modkill");
    },
  },
  revive: {
    params: obj({}),
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) revive(state, p.id);
    },
  },
  move: {
    params: obj({ country: z.enum(COUNTRIES), units: z.array(z.string()).optional() }),
    targets: "any",
    check: (_s, i) =>
      i.targets.length === 0 && !Array.isArray(i.params["units"]) ? reject("gm_targets", "gmTargets") : null,
    run(state, input) {
      const c = input.params["country"] as string;
      const unitIds = (input.params["units"] as string[] | undefined) ?? [];
      for (const u of state.data.units)
        if (unitIds.includes(u.id)) {
          if (!unitAllowed(state, u.type, c)) deviation(state, "move", `${u.type} is not allowed in ${c}`);
          u.location = c;
          u.inTransitTo = null;
        }
      for (const p of targetsOf(state, input)) {
        if (p.location === c) continue;
        p.location = c;
        if (c === "regnum") emitEvent(state, "returned", { player: p.id });
        else {
          if (underground(p)) {
            setStatus(p, "underground", false);
            emitEvent(state, "underground", { player: p.id, on: false });
          }
          emitEvent(state, "abroad", { player: p.id, country: c });
          palaceLeave(state, p.id);
        }
      }
    },
  },
  give: {
    params: obj({
      crowns: z.number().int().min(0).optional(),
      items: z.array(z.string()).optional(),
      orchium: z.number().int().min(0).optional(),
      resources: z.number().int().min(0).optional(),
      from: z.string().optional(),
    }),
    targets: "some",
    run: (state, i) => give(state, i, 1),
  },
  take: {
    params: obj({
      crowns: z.number().int().min(0).optional(),
      items: z.array(z.string()).optional(),
      orchium: z.number().int().min(0).optional(),
      resources: z.number().int().min(0).optional(),
      to: z.string().optional(),
    }),
    targets: "some",
    run: (state, i) => give(state, i, -1),
  },
  set_appearance: {
    params: obj({ appearance: z.string().min(1) }),
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) {
        p.currentAppearance = input.params["appearance"] as string;
        emitEvent(state, "appearance_changed", { player: p.id, appearance: p.currentAppearance });
      }
    },
  },
  learn_appearance: {
    params: obj({ appearance: z.string().min(1) }),
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input))
        if (!p.knownAppearances.includes(input.params["appearance"] as string))
          p.knownAppearances.push(input.params["appearance"] as string);
    },
  },
  set_visa: {
    params: obj({ country: z.enum(COUNTRIES), on: z.boolean().default(true) }),
    targets: "some",
    run(state, input) {
      const c = input.params["country"] as string;
      for (const p of targetsOf(state, input))
        p.visas = input.params["on"] ? [...new Set([...p.visas, c])] : p.visas.filter((v) => v !== c);
    },
  },
  set_border: {
    params: obj({ countries: z.tuple([z.enum(COUNTRIES), z.enum(COUNTRIES)]), open: z.boolean() }),
    targets: "none",
    run(state, input) {
      const [a, b] = input.params["countries"] as [string, string];
      state.data.borders[pairKey(a, b)] = input.params["open"] ? "open" : "closed";
    },
  },
  set_relation: {
    params: obj({
      countries: z.tuple([z.enum(COUNTRIES), z.enum(COUNTRIES)]),
      relation: z.enum(["allied", "neutral", "enemy"]),
    }),
    targets: "none",
    run(state, input) {
      const [a, b] = input.params["countries"] as [string, string];
      state.data.relations[pairKey(a, b)] = input.params["relation"] as string;
    },
  },
  set_war: {
    params: obj({ armies: z.tuple([idStr, idStr]), on: z.boolean().default(true) }),
    targets: "none",
    run(state, input) {
      const [a, b] = input.params["armies"] as [string, string];
      state.data.wars = state.data.wars.filter(([x, y]) => !((x === a && y === b) || (x === b && y === a)));
      if (input.params["on"]) state.data.wars.push([a, b]);
      emitEvent(state, "war_set", { armies: [a, b], on: input.params["on"] as boolean });
    },
  },
  set_alliance: {
    params: obj({ armies: z.tuple([idStr, idStr]), on: z.boolean().default(true) }),
    targets: "none",
    run(state, input) {
      const [a, b] = input.params["armies"] as [string, string];
      state.data.alliances = state.data.alliances.filter(
        ([x, y]) => !((x === a && y === b) || (x === b && y === a)),
      );
      if (input.params["on"]) state.data.alliances.push([a, b]);
    },
  },
  enlist: {
    params: obj({ army: z.enum(ARMIES), on: z.boolean().default(true) }),
    targets: "some",
    run(state, input) {
      const army = input.params["army"] as string;
      for (const p of targetsOf(state, input))
        p.serviceOf = input.params["on"]
          ? [...new Set([...p.serviceOf, army])]
          : p.serviceOf.filter((x) => x !== army);
    },
  },
  create_units: {
    params: obj({
      army: idStr,
      owner: idStr.nullable().default(null),
      type: z.string().refine((t) => Object.hasOwn(UNIT_TYPES, t), "unknown unit type"),
      count: z.number().int().min(1).default(1),
      location: z.enum(COUNTRIES).optional(),
      ids: z.array(z.string().min(1)).optional(),
      conscripted: z.boolean().optional(),
    }),
    targets: "none",
    check(state, i) {
      const owner = i.params["owner"];
      if (typeof owner === "string" && !findPlayer(state, owner))
        return reject("unknown_owner", "unknownOwner");
      const ids = (i.params["ids"] as string[] | undefined) ?? [];
      if (ids.some((id) => state.data.usedUnitIds.includes(id)))
        return reject("unit_id_taken", "unitIdTaken");
      return null;
    },
    run(state, input) {
      const owner = input.params["owner"] as string | null;
      const type = input.params["type"] as string;
      const army = input.params["army"] as string;
      const location =
        (input.params["location"] as string | undefined) ??
        (owner ? playerOrThrow(state, owner).location : "regnum");
      const ids = (input.params["ids"] as string[] | undefined) ?? [];
      const count = Math.max(input.params["count"] as number, ids.length);
      if (!unitAllowed(state, type, location))
        deviation(state, "create_units", `${type} is not allowed in ${location}`);
      const made: string[] = [];
      for (let k = 0; k < count; k++)
        made.push(
          createUnit(state, {
            ...(ids[k] !== undefined ? { id: ids[k] as string } : {}),
            army,
            type,
            owner,
            location,
            conscripted: (input.params["conscripted"] as boolean | undefined) ?? false,
          }).id,
        );
      emitEvent(state, "units_created", { army, owner, units: made, unitType: type });
    },
  },
  remove_units: {
    params: obj({ units: z.array(z.string()) }),
    targets: "none",
    run: (state, input) => removeUnits(state, input.params["units"] as string[], "gm"),
  },
  move_units: {
    params: obj({ units: z.array(z.string()), country: z.enum(COUNTRIES) }),
    targets: "none",
    run(state, input) {
      const c = input.params["country"] as string;
      for (const u of state.data.units)
        if ((input.params["units"] as string[]).includes(u.id)) {
          if (!unitAllowed(state, u.type, c)) deviation(state, "move", `${u.type} is not allowed in ${c}`);
          u.location = c;
          u.inTransitTo = null;
        }
    },
  },
  ...warrantGmActions,
  court_verdict: {
    params: obj({
      outcome: z.enum(["acquitted", "fine", "other", "imprisonment", "death"]),
      treasury: z.string().optional(),
      neutralize: z.boolean().default(false),
    }),
    targets: "some",
    run(state, input) {
      const outcome = input.params["outcome"] as string;
      for (const p of targetsOf(state, input)) {
        emitEvent(state, "verdict", { player: p.id, outcome });
        if (outcome === "death")
          kill(state, p.id, "execution", {
            treasury: (input.params["treasury"] as string | undefined) ?? null,
          });
        else if (outcome === "imprisonment") {
          if (!p.statuses.includes("detained")) setStatusGm(state, p, "detained", true, "court");
          if (input.params["neutralize"]) neutralize(state, p.id, true);
        } else if (p.statuses.includes("detained")) release(state, p, "court", false);
      }
    },
  },
  resolve_order: {
    params: obj({
      actor: idStr,
      text: z.string().optional(),
      result: z.string().optional(),
      replace: z.boolean().default(false),
    }),
    targets: "any",
    check: (state, i) =>
      findPlayer(state, i.params["actor"] as string) ? null : reject("unknown_actor", "unknownActor"),
    run(state, input) {
      const actor = input.params["actor"] as string;
      const result = (input.params["result"] as string | undefined) ?? "done";
      const text = input.params["text"] as string | undefined;
      const pendingIdx = state.data.pending.findIndex((p) => p.actor === actor);
      const current = state.data.orders.find((order) => order.actor === actor);
      if (current && (current.action === "order" || input.params["replace"])) {
        state.data.orders = state.data.orders.filter((order) => order !== current);
        sendResult(
          state,
          actor,
          current.action,
          current.targets[0] && findPlayer(state, current.targets[0]) ? current.targets[0] : null,
          result,
          {},
          text,
        );
      } else if (pendingIdx >= 0) {
        const p = state.data.pending[pendingIdx];
        state.data.pending.splice(pendingIdx, 1);
        sendResult(
          state,
          actor,
          "order",
          p?.targets[0] && findPlayer(state, p.targets[0]) ? p.targets[0] : null,
          result,
          {},
          text,
        );
      } else {
        sendResult(state, actor, current?.action ?? "order", null, result, {}, text);
      }
      emitEvent(state, "order_resolved", { actor, result });
    },
  },
  override: {
    params: obj({
      kind: z.enum([
        "cancel_order",
        "force_result",
        "protect",
        "battle_result",
        "no_battle",
        "capture",
        "no_capture",
      ]),
      actor: z.string().optional(),
      result: z.string().optional(),
      text: z.string().optional(),
      targets: z.array(z.string()).optional(),
      country: z.enum(COUNTRIES).optional(),
      army: z.string().optional(),
      destroy: z.array(z.string()).optional(),
    }),
    targets: "any",
    check(state, i) {
      const kind = i.params["kind"] as string;
      if (
        (kind === "cancel_order" || kind === "force_result") &&
        !findPlayer(state, String(i.params["actor"] ?? ""))
      )
        return reject("override_actor", "overrideActor");
      if (
        ["battle_result", "no_battle", "capture", "no_capture"].includes(kind) &&
        !countryOk(i.params["country"])
      )
        return reject("override_country", "overrideCountry");
      if (kind === "capture" && typeof i.params["army"] !== "string")
        return reject("override_army", "overrideArmy");
      return null;
    },
    run(state, input) {
      const params: JsonObject = { ...input.params };
      if (input.params["kind"] === "protect")
        params["targets"] = [...((input.params["targets"] as string[] | undefined) ?? []), ...input.targets];
      state.data.overrides.push({ kind: input.params["kind"] as string, params });
      emitEvent(state, "override", { kind: input.params["kind"] as string });
    },
  },
  grant_chat: chatEntitlement("grant"),
  revoke_chat: chatEntitlement("revoke"),
  reset_chat: chatEntitlement("reset"),
  open_chat: schedule("open"),
  close_chat: schedule("closed"),
  reset_schedule: schedule(null),
  set_inquisition: {
    params: obj({ active: z.boolean() }),
    targets: "none",
    run(state, input) {
      state.data.inquisitionActive = input.params["active"] as boolean;
    },
  },
  set_season: {
    params: obj({ season: z.enum(SEASONS) }),
    targets: "none",
    run(state, input) {
      state.options = { ...state.options, season: input.params["season"] as RState["options"]["season"] };
    },
  },
  set_option: {
    params: obj({ key: idStr, value: z.unknown() }),
    targets: "none",
    check(state, i) {
      const key = i.params["key"] as string;
      if (!Object.hasOwn(state.options, key))
        return reject("unknown_option", "unknownOption", { option: key });
      const next = optionsSchema.safeParse({ ...state.options, [key]: i.params["value"] });
      return next.success ? null : reject("bad_option", "badOption", { option: key });
    },
    run(state, input) {
      const parsed = optionsSchema.parse({
        ...state.options,
        [input.params["key"] as string]: input.params["value"],
      });
      state.options = parsed;
      if (input.params["key"] === "inquisitionActive")
        state.data.inquisitionActive = parsed.inquisitionActive;
    },
  },
  set_deadline: {
    params: obj({ hours: z.number().positive() }),
    targets: "none",
    run(state, input) {
      state.data.deadlineHours = input.params["hours"] as number;
    },
  },
  pay_benefit: {
    params: obj({ crowns: z.number().int().min(0) }),
    targets: "some",
    run(state, input) {
      const crowns = input.params["crowns"] as number;
      for (const p of targetsOf(state, input)) {
        if (underground(p) || inEnemyCountry(state, p)) {
          emitEvent(state, "benefit_vanished", { player: p.id, crowns });
          continue;
        }
        if (abroad(p)) {
          const adviser = actingHolder(state, `adviser_${p.location}`);
          if (adviser) adviser.crowns += crowns;
          emitEvent(state, "benefit_paid", { player: p.id, to: adviser?.id ?? null, crowns });
          continue;
        }
        p.crowns += crowns;
        emitEvent(state, "benefit_paid", { player: p.id, to: p.id, crowns });
      }
    },
  },
  charge: {
    params: obj({
      crowns: z.number().int().min(0),
      kind: z.enum(["tax", "fine"]),
      treasury: z.string().optional(),
    }),
    targets: "some",
    run(state, input) {
      const crowns = input.params["crowns"] as number;
      for (const p of targetsOf(state, input)) {
        if (underground(p) || abroad(p)) {
          emitEvent(state, "charge_refused", { player: p.id });
          continue;
        }
        const paid = Math.min(crowns, p.crowns);
        p.crowns -= paid;
        treasury(
          state,
          (input.params["treasury"] as string | undefined) ?? state.options.defaultTreasury,
        ).crowns += paid;
        emitEvent(state, "charged", { player: p.id, crowns: paid, kind: input.params["kind"] as string });
      }
    },
  },
  set_treasury: {
    params: obj({
      treasury: idStr,
      crowns: z.number().int().min(0).optional(),
      items: z.array(z.string()).optional(),
    }),
    targets: "none",
    run(state, input) {
      const t = treasury(state, input.params["treasury"] as string);
      if (typeof input.params["crowns"] === "number") t.crowns = input.params["crowns"];
      if (Array.isArray(input.params["items"])) t.items = [...(input.params["items"] as string[])];
    },
  },
  case_entry: {
    params: obj({ source: z.string().default("gm"), text: z.string().default("") }),
    targets: "any",
    run(state, input) {
      caseEntry(
        state,
        input.params["source"] as string,
        "gm_entry",
        null,
        input.targets[0] ?? null,
        "entry",
        {
          text: input.params["text"] as string,
        },
      );
    },
  },
  announce: {
    params: obj({ text: z.string() }),
    targets: "none",
    run: (state, input) => emitPublic(state, "announce", { text: input.params["text"] as string }),
  },
  tell: {
    params: obj({ text: z.string() }),
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input))
        emitPrivate(state, p.id, "notice", { about: "gm", text: input.params["text"] as string });
    },
  },
  set_reward: {
    params: obj({ reward: z.number() }),
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input))
        state.data.rewardOverrides[p.id] = input.params["reward"] as number;
    },
  },
  end_game: {
    params: obj({ winners: z.array(z.string()).optional(), chances: z.string().optional() }),
    targets: "none",
    run(state, input) {
      endGame(
        state,
        input.params["winners"] as string[] | undefined,
        input.params["chances"] as string | undefined,
      );
    },
  },
};

function chatEntitlement(mode: "grant" | "revoke" | "reset"): GmSpec {
  return {
    params: obj({ chat: z.enum(CHAT_IDS as [string, ...string[]]) }),
    targets: "some",
    run(state, input) {
      const chat = input.params["chat"] as string;
      for (const p of targetsOf(state, input)) {
        p.chatGrants = p.chatGrants.filter((c) => c !== chat);
        p.chatRevokes = p.chatRevokes.filter((c) => c !== chat);
        if (chat === "palace") {
          if (mode === "grant" && !state.data.palace.includes(p.id)) {
            state.data.palace.push(p.id);
            emitEvent(state, "palace_joined", { player: p.id });
          }
          if (mode === "revoke") palaceLeave(state, p.id);
          continue;
        }
        if (mode === "grant") p.chatGrants.push(chat);
        if (mode === "revoke") p.chatRevokes.push(chat);
      }
    },
  };
}

function schedule(mode: "open" | "closed" | null): GmSpec {
  return {
    params: obj({ chat: z.enum(CHAT_IDS as [string, ...string[]]) }),
    targets: "none",
    run(state, input) {
      const chat = input.params["chat"] as string;
      if (mode === null) delete state.data.chatForce[chat];
      else state.data.chatForce[chat] = mode;
      emitEvent(state, "chat_schedule", { chat, force: mode });
    },
  };
}

export function gmDefinitions(): Record<string, GmActionDefinition<RState>> {
  const out: Record<string, GmActionDefinition<RState>> = {};
  for (const [id, spec] of Object.entries(SPECS)) {
    out[id] = {
      params: spec.params,
      validate(state, raw) {
        const input = { ...raw, targets: normalize(state, { actor: "gm", ...raw }).targets };
        if (spec.targets === "some" && input.targets.length === 0) return reject("gm_targets", "gmNoTargets");
        if (spec.targets !== "none" || id === "set_post")
          for (const t of input.targets)
            if (!findPlayer(state, t)) return reject("gm_unknown_target", "gmUnknownPlayer", { player: t });
        return spec.check?.(state, input) ?? null;
      },
      apply(state, raw) {
        ensureStarted(state);
        const input = { ...raw, targets: normalize(state, { actor: "gm", ...raw }).targets };
        spec.run(state, input);
        if (!state.ended) reconcile(state);
        void (acts as unknown as Json);
        void neutralized;
      },
    };
  }
  out["replace"] = replaceGmAction<RState>(RULESET);
  return out;
}
