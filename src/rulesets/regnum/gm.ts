import { z } from "zod";
import { defineGmAction, type GmActionDefinition } from "../../engine/ruleset.js";
import {
  emitEvent,
  emitPrivate,
  emitPublic,
  findPlayer,
  playerOrThrow,
  replaceGmAction,
} from "../../engine/helpers.js";
import type { JsonObject } from "../../engine/types.js";
import { abroad, notice, sendResult, setStatus, underground } from "./characters.js";
import { reconcile } from "./chats.js";
import { kill, neutralize, revive } from "./death.js";
import { declareWanted, release } from "./detention.js";
import { caseEntry } from "./investigation.js";
import { optionsSchema } from "./options.js";
import { overrideParams } from "./orders.js";
import { palaceLeave } from "./palace.js";
import { ensureStarted } from "./phase.js";
import { actingHolder, assignPost, vacatePost } from "./posts.js";
import { reject } from "./rejections.js";
import { roleConstraintBreach } from "./setup.js";
import { gmAction, type GmSpec, normalize, type ParamsSchema, paramsOf, ruleDeviation } from "./spec.js";
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

const idStr = z.string().min(1);

const targetsOf = (state: RState, input: { targets: string[] }): RPlayer[] =>
  input.targets.map((t) => playerOrThrow(state, t));
const deviation = ruleDeviation;

/** A chat of the layout, named by its id. */
const chatChoice = paramsOf({ chat: z.enum(CHAT_IDS as [string, ...string[]]) });
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

/** What the GM gives or takes: crowns, items, orchium, resources. */
const goods = {
  crowns: z.number().int().min(0).optional(),
  items: z.array(z.string()).optional(),
  orchium: z.number().int().min(0).optional(),
  resources: z.number().int().min(0).optional(),
};

/** The GM gives the targets goods (from treasury `tid`, if named) or takes them (into it). */
function give(
  state: RState,
  input: { targets: string[]; params: z.output<z.ZodObject<typeof goods>> },
  sign: 1 | -1,
  tid: string | undefined,
): void {
  const crowns = input.params.crowns ?? 0;
  const orchium = input.params.orchium ?? 0;
  const resources = input.params.resources ?? 0;
  const items = input.params.items ?? [];
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

const gmActions = {
  set_role: gmAction(
    paramsOf({ role: z.string().regex(/^[a-z][a-z0-9_]*$/), remove: z.boolean().default(false) }),
    {
      targets: "some",
      run(state, input) {
        const role = input.params.role;
        for (const p of targetsOf(state, input)) {
          if (input.params.remove) {
            if (p.role === role) p.role = p.roles[0] ?? "citizen";
            p.roles = p.roles.filter((r) => r !== role && r !== p.role);
          } else if (p.role !== role && !p.roles.includes(role)) {
            if (p.role === "citizen") p.role = role;
            else p.roles.push(role);
          }
          emitEvent(state, "role_set", { player: p.id, role, remove: input.params.remove });
        }
        const breach = roleConstraintBreach(state.players, state.options);
        if (breach) deviation(state, "set_role", breach.reason);
      },
    },
  ),
  set_type: gmAction(paramsOf({ type: z.enum(["ki", "km", "im", "ii"]) }), {
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) p.type = input.params.type;
      const breach = roleConstraintBreach(state.players, state.options);
      if (breach) deviation(state, "set_type", breach.reason);
    },
  }),
  set_faction: gmAction(paramsOf({ faction: z.string().regex(/^[a-z][a-z0-9_]*$/) }), {
    targets: "some",
    run(state, input) {
      const f = input.params.faction;
      for (const p of targetsOf(state, input)) {
        if (f === "ksb" && p.faction !== "ksb") p.ksbPeriods += 1;
        p.faction = f;
        emitEvent(state, "faction_set", { player: p.id, faction: f });
      }
    },
  }),
  set_group: gmAction(
    paramsOf({ group: z.string().regex(/^[a-z][a-z0-9_]*$/), remove: z.boolean().default(false) }),
    {
      targets: "some",
      run(state, input) {
        const g = input.params.group;
        for (const p of targetsOf(state, input))
          p.groups = input.params.remove ? p.groups.filter((x) => x !== g) : [...new Set([...p.groups, g])];
      },
    },
  ),
  set_post: gmAction(paramsOf({ post: z.string().regex(/^[a-z][a-z0-9_]*$/) }), {
    targets: "any",
    run(state, input) {
      const post = input.params.post;
      if (input.targets.length === 0) {
        for (const p of state.players) vacatePost(state, p.id, post);
      } else {
        const multi = ["judge", "mp", "minister_royal", "minister_parliament"].includes(post);
        if (!multi)
          for (const p of state.players) if (!input.targets.includes(p.id)) vacatePost(state, p.id, post);
        for (const id of input.targets) assignPost(state, id, post);
      }
    },
  }),
  set_power: gmAction(paramsOf({ power: z.number().int().min(1).max(5).nullable() }), {
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) p.power = input.params.power ?? null;
    },
  }),
  set_difficulty: gmAction(paramsOf({ difficulty: z.number() }), {
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) p.difficulty = input.params.difficulty;
    },
  }),
  set_status: gmAction(
    paramsOf({
      status: z.string().min(1),
      on: z.boolean().default(true),
      by: z.string().default("gm"),
      country: z.string().optional(),
    }),
    {
      targets: "some",
      check: (_s, i) =>
        i.params.country !== undefined && !countryOk(i.params.country)
          ? reject("bad_country", "unknownCountry")
          : null,
      run(state, input) {
        for (const p of targetsOf(state, input))
          setStatusGm(state, p, input.params.status, input.params.on, input.params.by, input.params.country);
      },
    },
  ),
  /** The common GM action of every ruleset: `set_status` with `on: false`. */
  clear_status: gmAction(
    paramsOf({
      status: z.string().min(1),
      by: z.string().default("gm"),
      country: z.string().optional(),
    }),
    {
      targets: "some",
      check: (_s, i) =>
        i.params.country !== undefined && !countryOk(i.params.country)
          ? reject("bad_country", "unknownCountry")
          : null,
      run(state, input) {
        for (const p of targetsOf(state, input))
          setStatusGm(state, p, input.params.status, false, input.params.by, input.params.country);
      },
    },
  ),
  kill: gmAction(
    paramsOf({
      cause: z.string().default("modkill"),
      killer: z.string().nullable().optional(),
      body: z.string().nullable().optional(),
      treasury: z.string().nullable().optional(),
      loot: z.string().nullable().optional(),
    }),
    {
      targets: "some",
      check: (state, i) =>
        typeof i.params.killer === "string" && !findPlayer(state, i.params.killer)
          ? reject("unknown_killer", "unknownKiller")
          : null,
      run(state, input) {
        for (const p of targetsOf(state, input))
          kill(state, p.id, input.params.cause, {
            killer: input.params.killer ?? null,
            body: input.params.body ?? null,
            treasury: input.params.treasury ?? null,
            loot: input.params.loot ?? null,
          });
      },
    },
  ),
  modkill: gmAction(paramsOf({}), {
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) kill(state, p.id, "modkill");
    },
  }),
  revive: gmAction(paramsOf({}), {
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) revive(state, p.id);
    },
  }),
  move: gmAction(paramsOf({ country: z.enum(COUNTRIES), units: z.array(z.string()).optional() }), {
    targets: "any",
    check: (_s, i) =>
      i.targets.length === 0 && !Array.isArray(i.params.units) ? reject("gm_targets", "gmTargets") : null,
    run(state, input) {
      const c = input.params.country;
      const unitIds = input.params.units ?? [];
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
  }),
  give: gmAction(paramsOf({ ...goods, from: z.string().optional() }), {
    targets: "some",
    run: (state, input) => give(state, input, 1, input.params.from),
  }),
  take: gmAction(paramsOf({ ...goods, to: z.string().optional() }), {
    targets: "some",
    run: (state, input) => give(state, input, -1, input.params.to),
  }),
  set_appearance: gmAction(paramsOf({ appearance: z.string().min(1) }), {
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) {
        p.currentAppearance = input.params.appearance;
        emitEvent(state, "appearance_changed", { player: p.id, appearance: p.currentAppearance });
      }
    },
  }),
  learn_appearance: gmAction(paramsOf({ appearance: z.string().min(1) }), {
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input))
        if (!p.knownAppearances.includes(input.params.appearance))
          p.knownAppearances.push(input.params.appearance);
    },
  }),
  set_visa: gmAction(paramsOf({ country: z.enum(COUNTRIES), on: z.boolean().default(true) }), {
    targets: "some",
    run(state, input) {
      const c = input.params.country;
      for (const p of targetsOf(state, input))
        p.visas = input.params.on ? [...new Set([...p.visas, c])] : p.visas.filter((v) => v !== c);
    },
  }),
  set_border: gmAction(
    paramsOf({ countries: z.tuple([z.enum(COUNTRIES), z.enum(COUNTRIES)]), open: z.boolean() }),
    {
      targets: "none",
      run(state, input) {
        const [a, b] = input.params.countries;
        state.data.borders[pairKey(a, b)] = input.params.open ? "open" : "closed";
      },
    },
  ),
  set_relation: gmAction(
    paramsOf({
      countries: z.tuple([z.enum(COUNTRIES), z.enum(COUNTRIES)]),
      relation: z.enum(["allied", "neutral", "enemy"]),
    }),
    {
      targets: "none",
      run(state, input) {
        const [a, b] = input.params.countries;
        state.data.relations[pairKey(a, b)] = input.params.relation;
      },
    },
  ),
  set_war: gmAction(paramsOf({ armies: z.tuple([idStr, idStr]), on: z.boolean().default(true) }), {
    targets: "none",
    run(state, input) {
      const [a, b] = input.params.armies;
      state.data.wars = state.data.wars.filter(([x, y]) => !((x === a && y === b) || (x === b && y === a)));
      if (input.params.on) state.data.wars.push([a, b]);
      emitEvent(state, "war_set", { armies: [a, b], on: input.params.on });
    },
  }),
  set_alliance: gmAction(paramsOf({ armies: z.tuple([idStr, idStr]), on: z.boolean().default(true) }), {
    targets: "none",
    run(state, input) {
      const [a, b] = input.params.armies;
      state.data.alliances = state.data.alliances.filter(
        ([x, y]) => !((x === a && y === b) || (x === b && y === a)),
      );
      if (input.params.on) state.data.alliances.push([a, b]);
    },
  }),
  enlist: gmAction(paramsOf({ army: z.enum(ARMIES), on: z.boolean().default(true) }), {
    targets: "some",
    run(state, input) {
      const army = input.params.army;
      for (const p of targetsOf(state, input))
        p.serviceOf = input.params.on
          ? [...new Set([...p.serviceOf, army])]
          : p.serviceOf.filter((x) => x !== army);
    },
  }),
  create_units: gmAction(
    paramsOf({
      army: idStr,
      owner: idStr.nullable().default(null),
      type: z.string().refine((t) => Object.hasOwn(UNIT_TYPES, t), "unknown unit type"),
      count: z.number().int().min(1).default(1),
      location: z.enum(COUNTRIES).optional(),
      ids: z.array(z.string().min(1)).optional(),
      conscripted: z.boolean().optional(),
    }),
    {
      targets: "none",
      check(state, i) {
        const owner = i.params.owner;
        if (typeof owner === "string" && !findPlayer(state, owner))
          return reject("unknown_owner", "unknownOwner");
        const ids = i.params.ids ?? [];
        if (ids.some((id) => state.data.usedUnitIds.includes(id)))
          return reject("unit_id_taken", "unitIdTaken");
        return null;
      },
      run(state, input) {
        const owner = input.params.owner;
        const type = input.params.type;
        const army = input.params.army;
        const location = input.params.location ?? (owner ? playerOrThrow(state, owner).location : "regnum");
        const ids = input.params.ids ?? [];
        const count = Math.max(input.params.count, ids.length);
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
              conscripted: input.params.conscripted ?? false,
            }).id,
          );
        emitEvent(state, "units_created", { army, owner, units: made, unitType: type });
      },
    },
  ),
  remove_units: gmAction(paramsOf({ units: z.array(z.string()) }), {
    targets: "none",
    run: (state, input) => removeUnits(state, input.params.units, "gm"),
  }),
  move_units: gmAction(paramsOf({ units: z.array(z.string()), country: z.enum(COUNTRIES) }), {
    targets: "none",
    run(state, input) {
      const c = input.params.country;
      for (const u of state.data.units)
        if (input.params.units.includes(u.id)) {
          if (!unitAllowed(state, u.type, c)) deviation(state, "move", `${u.type} is not allowed in ${c}`);
          u.location = c;
          u.inTransitTo = null;
        }
    },
  }),
  court_verdict: gmAction(
    paramsOf({
      outcome: z.enum(["acquitted", "fine", "other", "imprisonment", "death"]),
      treasury: z.string().optional(),
      neutralize: z.boolean().default(false),
    }),
    {
      targets: "some",
      run(state, input) {
        const outcome = input.params.outcome;
        for (const p of targetsOf(state, input)) {
          emitEvent(state, "verdict", { player: p.id, outcome });
          if (outcome === "death")
            kill(state, p.id, "execution", {
              treasury: input.params.treasury ?? null,
            });
          else if (outcome === "imprisonment") {
            if (!p.statuses.includes("detained")) setStatusGm(state, p, "detained", true, "court");
            if (input.params.neutralize) neutralize(state, p.id, true);
          } else if (p.statuses.includes("detained")) release(state, p, "court", false);
        }
      },
    },
  ),
  resolve_order: gmAction(
    paramsOf({
      actor: idStr,
      text: z.string().optional(),
      result: z.string().optional(),
      replace: z.boolean().default(false),
    }),
    {
      targets: "any",
      check: (state, i) =>
        findPlayer(state, i.params.actor) ? null : reject("unknown_actor", "unknownActor"),
      run(state, input) {
        const actor = input.params.actor;
        const result = input.params.result ?? "done";
        const text = input.params.text;
        const pendingIdx = state.data.pending.findIndex((p) => p.actor === actor);
        const current = state.data.orders.find((order) => order.actor === actor);
        if (current && (current.action === "order" || input.params.replace)) {
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
  ),
  override: gmAction(overrideParams, {
    targets: "any",
    check(state, i) {
      const kind = i.params.kind;
      if (
        (kind === "cancel_order" || kind === "force_result") &&
        !findPlayer(state, String(i.params.actor ?? ""))
      )
        return reject("override_actor", "overrideActor");
      if (
        ["battle_result", "no_battle", "capture", "no_capture"].includes(kind) &&
        !countryOk(i.params.country)
      )
        return reject("override_country", "overrideCountry");
      if (kind === "capture" && typeof i.params.army !== "string")
        return reject("override_army", "overrideArmy");
      return null;
    },
    run(state, input) {
      const params: JsonObject = { ...input.params };
      if (input.params.kind === "protect")
        params["targets"] = [...(input.params.targets ?? []), ...input.targets];
      state.data.overrides.push({ kind: input.params.kind, params });
      emitEvent(state, "override", { kind: input.params.kind });
    },
  }),
  grant_chat: chatEntitlement("grant"),
  revoke_chat: chatEntitlement("revoke"),
  reset_chat: chatEntitlement("reset"),
  open_chat: schedule("open"),
  close_chat: schedule("closed"),
  reset_schedule: schedule(null),
  set_inquisition: gmAction(paramsOf({ active: z.boolean() }), {
    targets: "none",
    run(state, input) {
      state.data.inquisitionActive = input.params.active;
    },
  }),
  set_season: gmAction(paramsOf({ season: z.enum(SEASONS) }), {
    targets: "none",
    run(state, input) {
      state.options = { ...state.options, season: input.params.season };
    },
  }),
  set_option: gmAction(paramsOf({ key: idStr, value: z.unknown() }), {
    targets: "none",
    check(state, i) {
      const key = i.params.key;
      if (!Object.hasOwn(state.options, key))
        return reject("unknown_option", "unknownOption", { option: key });
      const next = optionsSchema.safeParse({ ...state.options, [key]: i.params.value });
      return next.success ? null : reject("bad_option", "badOption", { option: key });
    },
    run(state, input) {
      const parsed = optionsSchema.parse({
        ...state.options,
        [input.params.key]: input.params.value,
      });
      state.options = parsed;
      if (input.params.key === "inquisitionActive") state.data.inquisitionActive = parsed.inquisitionActive;
    },
  }),
  set_deadline: gmAction(paramsOf({ hours: z.number().positive() }), {
    targets: "none",
    run(state, input) {
      state.data.deadlineHours = input.params.hours;
    },
  }),
  pay_benefit: gmAction(paramsOf({ crowns: z.number().int().min(0) }), {
    targets: "some",
    run(state, input) {
      const crowns = input.params.crowns;
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
  }),
  charge: gmAction(
    paramsOf({
      crowns: z.number().int().min(0),
      kind: z.enum(["tax", "fine"]),
      treasury: z.string().optional(),
    }),
    {
      targets: "some",
      run(state, input) {
        const crowns = input.params.crowns;
        for (const p of targetsOf(state, input)) {
          if (underground(p) || abroad(p)) {
            emitEvent(state, "charge_refused", { player: p.id });
            continue;
          }
          const paid = Math.min(crowns, p.crowns);
          p.crowns -= paid;
          treasury(state, input.params.treasury ?? state.options.defaultTreasury).crowns += paid;
          emitEvent(state, "charged", { player: p.id, crowns: paid, kind: input.params.kind });
        }
      },
    },
  ),
  set_treasury: gmAction(
    paramsOf({
      treasury: idStr,
      crowns: z.number().int().min(0).optional(),
      items: z.array(z.string()).optional(),
    }),
    {
      targets: "none",
      run(state, input) {
        const t = treasury(state, input.params.treasury);
        if (typeof input.params.crowns === "number") t.crowns = input.params.crowns;
        if (Array.isArray(input.params.items)) t.items = [...input.params.items];
      },
    },
  ),
  case_entry: gmAction(paramsOf({ source: z.string().default("gm"), text: z.string().default("") }), {
    targets: "any",
    run(state, input) {
      caseEntry(state, input.params.source, "gm_entry", null, input.targets[0] ?? null, "entry", {
        text: input.params.text,
      });
    },
  }),
  announce: gmAction(paramsOf({ text: z.string() }), {
    targets: "none",
    run: (state, input) => emitPublic(state, "announce", { text: input.params.text }),
  }),
  tell: gmAction(paramsOf({ text: z.string() }), {
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input))
        emitPrivate(state, p.id, "notice", { about: "gm", text: input.params.text });
    },
  }),
  set_reward: gmAction(paramsOf({ reward: z.number() }), {
    targets: "some",
    run(state, input) {
      for (const p of targetsOf(state, input)) state.data.rewardOverrides[p.id] = input.params.reward;
    },
  }),
  end_game: gmAction(paramsOf({ winners: z.array(z.string()).optional(), chances: z.string().optional() }), {
    targets: "none",
    run(state, input) {
      endGame(state, input.params.winners, input.params.chances);
    },
  }),
};

function chatEntitlement(mode: "grant" | "revoke" | "reset") {
  return gmAction(chatChoice, {
    targets: "some",
    run(state, input) {
      const chat = input.params.chat;
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
  });
}

function schedule(mode: "open" | "closed" | null) {
  return gmAction(chatChoice, {
    targets: "none",
    run(state, input) {
      const chat = input.params.chat;
      if (mode === null) delete state.data.chatForce[chat];
      else state.data.chatForce[chat] = mode;
      emitEvent(state, "chat_schedule", { chat, force: mode });
    },
  });
}

/** The checks every GM action passes (its targets), then its own; the phase starts before it and the chats follow it. */
function define<Schema extends ParamsSchema>(spec: GmSpec<Schema>): GmActionDefinition<RState> {
  return defineGmAction<RState, Schema>({
    params: spec.params,
    validate(state, raw) {
      const input = normalize(state, raw);
      if (spec.targets === "some" && input.targets.length === 0) return reject("gm_targets", "gmNoTargets");
      if (spec.targets !== "none")
        for (const t of input.targets)
          if (!findPlayer(state, t)) return reject("gm_unknown_target", "gmUnknownPlayer", { player: t });
      return spec.check?.(state, input) ?? null;
    },
    apply(state, raw) {
      ensureStarted(state);
      spec.run(state, normalize(state, raw));
      if (!state.ended) reconcile(state);
    },
  });
}

/** Every GM action: the table the GM's `/gm` command and the console offer. */
const GM_ACTIONS: Record<string, GmActionDefinition<RState>> = {
  set_role: define(gmActions.set_role),
  set_type: define(gmActions.set_type),
  set_faction: define(gmActions.set_faction),
  set_group: define(gmActions.set_group),
  set_post: define(gmActions.set_post),
  set_power: define(gmActions.set_power),
  set_difficulty: define(gmActions.set_difficulty),
  set_status: define(gmActions.set_status),
  clear_status: define(gmActions.clear_status),
  kill: define(gmActions.kill),
  modkill: define(gmActions.modkill),
  revive: define(gmActions.revive),
  move: define(gmActions.move),
  give: define(gmActions.give),
  take: define(gmActions.take),
  set_appearance: define(gmActions.set_appearance),
  learn_appearance: define(gmActions.learn_appearance),
  set_visa: define(gmActions.set_visa),
  set_border: define(gmActions.set_border),
  set_relation: define(gmActions.set_relation),
  set_war: define(gmActions.set_war),
  set_alliance: define(gmActions.set_alliance),
  enlist: define(gmActions.enlist),
  create_units: define(gmActions.create_units),
  remove_units: define(gmActions.remove_units),
  move_units: define(gmActions.move_units),
  grant_warrant: define(warrantGmActions.grant_warrant),
  deny_warrant: define(warrantGmActions.deny_warrant),
  court_verdict: define(gmActions.court_verdict),
  resolve_order: define(gmActions.resolve_order),
  override: define(gmActions.override),
  grant_chat: define(gmActions.grant_chat),
  revoke_chat: define(gmActions.revoke_chat),
  reset_chat: define(gmActions.reset_chat),
  open_chat: define(gmActions.open_chat),
  close_chat: define(gmActions.close_chat),
  reset_schedule: define(gmActions.reset_schedule),
  set_inquisition: define(gmActions.set_inquisition),
  set_season: define(gmActions.set_season),
  set_option: define(gmActions.set_option),
  set_deadline: define(gmActions.set_deadline),
  pay_benefit: define(gmActions.pay_benefit),
  charge: define(gmActions.charge),
  set_treasury: define(gmActions.set_treasury),
  case_entry: define(gmActions.case_entry),
  announce: define(gmActions.announce),
  tell: define(gmActions.tell),
  set_reward: define(gmActions.set_reward),
  end_game: define(gmActions.end_game),
};

export function gmDefinitions(): Record<string, GmActionDefinition<RState>> {
  return { ...GM_ACTIONS, replace: replaceGmAction<RState>(RULESET) };
}
