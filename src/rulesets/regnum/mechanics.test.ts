import { describe, expect, it } from "vitest";
import { events, idle, play, results } from "./factory.js";
import { fightSides } from "./battles.js";
import { regnum } from "./index.js";
import type { Unit } from "./state.js";

const unit = (id: string, army: string, type: string, n: number): Unit => ({
  id,
  n,
  army,
  type,
  owner: "x",
  location: "regnum",
  inTransitTo: null,
  conscripted: false,
});

describe("battles (§6.4, §6.9)", () => {
  it("Example 1: losses equal the other side's strength, weakest first, the remainder is void under cover", () => {
    const royal = [
      unit("r1", "royal", "squad", 0),
      unit("r2", "royal", "squad", 1),
      unit("r3", "royal", "modified_robot", 2),
    ];
    const ozd = [
      unit("o1", "ozd", "squad", 3),
      unit("o2", "ozd", "zombies", 4),
      unit("o3", "ozd", "modified_robot", 5),
      unit("o4", "ozd", "multielemental", 6),
    ];
    const [a, b] = fightSides(royal, ozd, { winterNorth: false, rule: "cover" });
    expect([a.strength, a.loss, a.destroyed]).toEqual([4, 9, ["r1", "r2", "r3"]]);
    expect([b.strength, b.loss, b.destroyed, b.remainingStrength]).toEqual([9, 4, ["o1", "o2", "o3"], 5]);
  });

  it("Example 2: advantages double strength (winter on the north front, vs snowmen, vs robots)", () => {
    const royal = [unit("a1", "royal", "snowmen", 0), unit("a2", "royal", "mammoth", 1)];
    const ozd = [
      unit("b1", "ozd", "fire_elemental", 2),
      unit("b2", "ozd", "flamethrower_robot", 3),
      unit("b3", "ozd", "electric_elemental", 4),
      unit("b4", "ozd", "multielemental", 5),
      unit("b5", "ozd", "squad", 6),
      unit("b6", "ozd", "fire_elemental", 7),
    ];
    const [a, b] = fightSides(royal, ozd, { winterNorth: true, rule: "cover" });
    expect(a.strength).toBe(8);
    expect(b.strength).toBe(13);
    expect(a.destroyed).toEqual(["a1", "a2"]);
    expect(b.destroyed).toEqual(["b1", "b2", "b3", "b5", "b6"]);
  });

  it("Example 3: a unit stronger than the remaining loss survives under cover and dies under any", () => {
    const parl = [
      unit("p1", "parliament", "water_elemental", 0),
      unit("p2", "parliament", "electric_elemental", 1),
      unit("p3", "parliament", "squad", 2),
    ];
    const dark = [
      unit("d1", "darkness", "fire_elemental", 3),
      unit("d2", "darkness", "waterproof_robot", 4),
      unit("d3", "darkness", "multielemental", 5),
    ];
    const [a, b] = fightSides(parl, dark, { winterNorth: false, rule: "cover" });
    expect([a.strength, b.strength]).toEqual([5, 7]);
    expect(b.destroyed).toEqual(["d1", "d2"]);
    const [, b2] = fightSides(parl, dark, { winterNorth: false, rule: "any" });
    expect(b2.destroyed).toEqual(["d1", "d2", "d3"]);
  });

  it("units in transit do not fight and arrive at the end of the phase", () => {
    const r = play(
      [
        { id: "cmd", role: "citizen", posts: ["commander_royal"], serviceOf: ["royal"] },
        { id: "mag", role: "elder_adept", posts: ["magister"] },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "cmd", action: "move_troops", to: "norsland" },
            { actor: "cmd", action: "fight", army: "royal" },
            { actor: "mag", action: "fight", army: "ozd" },
          ],
        },
      ],
      {
        wars: [["royal", "ozd"]],
        units: [
          { id: "r1", army: "royal", type: "squad", owner: "cmd", location: "regnum" },
          { id: "o1", army: "ozd", type: "squad", owner: "mag", location: "regnum" },
        ],
      },
    );
    expect(events(r, 0, "battle")).toEqual([]);
    expect(events(r, 0, "units_moved")[0]).toMatchObject({ units: ["r1"], from: "regnum", to: "norsland" });
    expect(events(r, 0, "units_arrived")[0]).toMatchObject({ units: ["r1"], country: "norsland" });
    // Regnum now holds only ozd units: captured
    expect(events(r, 0, "country_captured")[0]).toMatchObject({
      country: "regnum",
      army: "ozd",
      commander: "mag",
    });
  });

  it("final carries the §2.4 top-level keys: units in transit, countries with forces and ruler, wars, treasuries, case file, penalties, captured power", () => {
    const r = play(
      [
        { id: "cmd", role: "citizen", posts: ["commander_royal"], serviceOf: ["royal"] },
        { id: "mag", role: "elder_adept", posts: ["magister"] },
        { id: "ag", role: "ksb_agent" },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "cmd", action: "move_troops", to: "norsland" },
            { actor: "ag", action: "ksb_check", targets: ["mag"] },
          ],
        },
      ],
      {
        wars: [["royal", "ozd"]],
        treasuries: { royal: { crowns: 50, items: ["crown"] } },
        units: [
          { id: "r1", army: "royal", type: "squad", owner: "cmd", location: "regnum" },
          { id: "o1", army: "ozd", type: "squad", owner: "mag", location: "orientem" },
        ],
      },
    );
    const final = r.final as unknown as Record<string, unknown>;
    expect(final["units"]).toEqual([
      {
        id: "r1",
        army: "royal",
        type: "squad",
        owner: "cmd",
        location: "norsland",
        inTransitTo: null,
        conscripted: true,
      },
      {
        id: "o1",
        army: "ozd",
        type: "squad",
        owner: "mag",
        location: "orientem",
        inTransitTo: null,
        conscripted: true,
      },
    ]);
    expect(final["countries"]).toMatchObject({
      regnum: { ownForces: ["royal", "parliament", "ksb", "inquisition"], ruler: null },
      norsland: { ownForces: ["norsland"], ruler: null },
    });
    expect(final["wars"]).toEqual([["royal", "ozd"]]);
    expect(final["treasuries"]).toMatchObject({ royal: { crowns: 50, items: ["crown"] } });
    expect(final["caseFile"]).toEqual([
      expect.objectContaining({ action: "ksb_check", actor: "ag", target: "mag" }),
    ]);
    expect(final["penalties"]).toEqual([]);
    expect(final["ozdCaptured"]).toBe(0);
  });

  it("a captured Regnum is ruled by the winning commander and counts as OZD captured power", () => {
    const r = play(
      [
        { id: "kin", role: "citizen", posts: ["king"] },
        { id: "mag", role: "elder_adept", posts: ["magister"] },
      ],
      [{ phase: "night", actions: [{ actor: "mag", action: "fight", army: "ozd" }] }],
      {
        wars: [["royal", "ozd"]],
        units: [{ id: "o1", army: "ozd", type: "squad", owner: "mag", location: "regnum" }],
      },
    );
    const final = r.final as unknown as Record<string, unknown>;
    expect(final["countries"]).toMatchObject({ regnum: { ownForces: ["ozd"], ruler: "mag" } });
    expect(final["ozdCaptured"]).toBeGreaterThanOrEqual(1);
  });

  it("units vanish with their serviceman", () => {
    const r = play(
      [{ id: "cmd", role: "citizen", posts: ["commander_royal"], serviceOf: ["royal"] }],
      [{ phase: "night", gm: [{ action: "kill", targets: ["cmd"] }] }],
      { units: [{ id: "r1", army: "royal", type: "squad", owner: "cmd", location: "regnum" }] },
    );
    expect(events(r, 0, "unit_destroyed")[0]).toMatchObject({ unit: "r1", reason: "owner_neutralized" });
  });
});

describe("KSB chat handover (§4.4)", () => {
  it("the King leaves at the start of night 2 and the President joins at the start of day 2", () => {
    const r = play(
      [
        { id: "kin", role: "citizen", posts: ["king"] },
        { id: "pre", role: "citizen", posts: ["president"] },
        { id: "ag", role: "ksb_agent" },
      ],
      idle(4),
    );
    expect(r.phases[0]?.events.some((e) => e["type"] === "ksb_handover")).toBe(false);
    expect(events(r, 2, "ksb_handover")).toEqual([
      { type: "ksb_handover", step: "king_left", player: "kin" },
    ]);
    expect(events(r, 3, "ksb_handover")).toEqual([
      { type: "ksb_handover", step: "president_joined", player: "pre" },
    ]);
    expect(r.final.players["kin"]?.["chats"]).toMatchObject({ ksb: "none" });
    expect(r.final.players["pre"]?.["chats"]).toMatchObject({ ksb: "member" });
  });
});

describe("KSB detention with a warrant (§5.1.2)", () => {
  const players = [
    { id: "dir", role: "ksb_agent", posts: ["director"] },
    { id: "sj", role: "citizen", posts: ["supreme_judge"] },
    { id: "x", role: "citizen" },
  ];
  it("is rejected without a granted warrant", () => {
    const r = play(players, [
      { phase: "night", actions: [{ actor: "dir", action: "ksb_detain", targets: ["x"] }] },
    ]);
    expect(r.phases[0]?.rejected).toHaveLength(1);
  });
  it("request, grant, detain: «Цель задержана.» and the warrant is used", () => {
    const r = play(players, [
      {
        phase: "night",
        actions: [
          { actor: "dir", action: "request_warrant", targets: ["x"], measure: "detain" },
          { actor: "sj", action: "grant_warrant", targets: ["x"], measure: "detain" },
          { actor: "dir", action: "ksb_detain", targets: ["x"] },
        ],
      },
      { phase: "day", actions: [{ actor: "x", action: "order", text: "escape" }] },
    ]);
    expect(r.phases[0]?.private).toContainEqual(
      expect.objectContaining({ to: "sj", kind: "notice", about: "warrant_request" }),
    );
    expect(results(r, 0, "dir")).toContainEqual(
      expect.objectContaining({ action: "ksb_detain", result: "detained", text: "Цель задержана." }),
    );
    expect(r.final.players["x"]?.["statuses"]).toContain("detained");
    expect(r.final.players["x"]?.["chats"]).toMatchObject({ general: "read" });
    expect(r.phases[1]?.rejected).toHaveLength(1);
  });
  it("an underground target is declared wanted: «Цель скрывается. Цель объявлена в розыск.»; leaving the underground detains", () => {
    const r = play(players, [
      {
        phase: "night",
        actions: [
          { actor: "x", action: "go_underground" },
          { actor: "dir", action: "request_warrant", targets: ["x"], measure: "detain" },
          { actor: "sj", action: "grant_warrant", targets: ["x"] },
          { actor: "dir", action: "ksb_detain", targets: ["x"] },
        ],
      },
      { phase: "day", actions: [{ actor: "x", action: "leave_underground" }] },
    ]);
    expect(results(r, 0, "dir").find((m) => m["action"] === "ksb_detain")).toMatchObject({
      result: "wanted",
      text: "Цель скрывается. Цель объявлена в розыск.",
    });
    expect(r.phases[0]?.public).toContain("The character with appearance A3 is wanted.");
    expect(events(r, 1, "detained")[0]).toMatchObject({ player: "x", by: "ksb" });
  });
  it("an abroad target: «Цель за границей.»", () => {
    const r = play(
      [...players.slice(0, 2), { id: "x", role: "citizen", location: "norsland" }],
      [
        {
          phase: "night",
          actions: [
            { actor: "dir", action: "request_warrant", targets: ["x"], measure: "detain" },
            { actor: "sj", action: "grant_warrant", targets: ["x"] },
            { actor: "dir", action: "ksb_detain", targets: ["x"] },
          ],
        },
      ],
    );
    expect(results(r, 0, "dir").find((m) => m["action"] === "ksb_detain")).toMatchObject({
      result: "abroad",
      text: "Цель за границей.",
    });
  });
});

describe("investigations (§5.1, §5.2, §5.14)", () => {
  it("check: Order members, the Assassin and the Baron are suspicious; citizens are not", () => {
    const r = play(
      [
        { id: "ag", role: "ksb_agent" },
        { id: "det", role: "detective" },
        { id: "b", role: "rainbow_baron" },
        { id: "c", role: "citizen" },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "ag", action: "ksb_check", targets: ["b"] },
            { actor: "det", action: "det_check", targets: ["c"] },
          ],
        },
      ],
    );
    expect(results(r, 0, "ag")[0]).toMatchObject({ result: "suspicious", text: "Цель вызывает подозрение." });
    expect(results(r, 0, "det")[0]).toMatchObject({
      result: "not_suspicious",
      text: "Цель не вызывает подозрения.",
    });
    expect(events(r, 0, "case_entry")).toHaveLength(2);
  });
  it("surveillance shows the target's move and appearance; the Detective sees the other watchers", () => {
    const r = play(
      [
        { id: "ag", role: "ksb_agent" },
        { id: "det", role: "detective" },
        { id: "t", role: "thief" },
        { id: "v", role: "citizen" },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "t", action: "steal", targets: ["v"], crowns: 5 },
            { actor: "ag", action: "ksb_surveil", targets: ["t"] },
            { actor: "det", action: "det_surveil", targets: ["t"] },
          ],
        },
      ],
    );
    expect(results(r, 0, "ag")[0]).toMatchObject({
      result: "ok",
      move: { action: "steal", targets: ["A4"] },
      appearance: "A3",
    });
    expect(results(r, 0, "det")[0]).toMatchObject({ result: "ok", watchers: ["A1"] });
  });
  it("search needs both an agent and an expert: otherwise «Обыск не проведён.»", () => {
    const base = [
      { id: "dir", role: "ksb_agent", posts: ["director"] },
      { id: "ex", role: "citizen", roles: ["expert"] },
      { id: "sj", role: "citizen", posts: ["supreme_judge"] },
      { id: "x", role: "citizen", crowns: 7 },
    ];
    const warrant = [
      { actor: "dir", action: "request_warrant", targets: ["x"], measure: "search" },
      { actor: "sj", action: "grant_warrant", targets: ["x"] },
    ];
    const alone = play(base, [
      { phase: "night", actions: [...warrant, { actor: "dir", action: "ksb_search", targets: ["x"] }] },
    ]);
    expect(results(alone, 0, "dir").find((m) => m["action"] === "ksb_search")).toMatchObject({
      result: "incomplete",
      text: "Обыск не проведён.",
    });
    const pair = play(base, [
      {
        phase: "night",
        actions: [
          ...warrant,
          { actor: "dir", action: "ksb_search", targets: ["x"] },
          { actor: "ex", action: "ksb_search", targets: ["x"] },
        ],
      },
    ]);
    expect(results(pair, 0, "ex")[0]).toMatchObject({ result: "ok", true: "A4", inventory: { crowns: 7 } });
    expect(pair.phases[0]?.private).toContainEqual(
      expect.objectContaining({ to: "x", kind: "notice", about: "searched" }),
    );
  });
});

describe("death and inventory (§8)", () => {
  it("the Assassin's victim's inventory goes to the killer; a King gives at most 100 crowns and one item", () => {
    const r = play(
      [
        { id: "kin", role: "citizen", posts: ["king"], crowns: 250, items: ["crown", "sword"] },
        { id: "as", role: "assassin" },
      ],
      [
        {
          phase: "night",
          actions: [{ actor: "as", action: "assassin_attack", targets: ["kin"], loot: "sword" }],
        },
      ],
    );
    expect(r.phases[0]?.deaths).toEqual([{ player: "kin", cause: "assassin" }]);
    expect(events(r, 0, "inventory_transferred")).toEqual([
      {
        type: "inventory_transferred",
        from: "kin",
        to: "as",
        crowns: 100,
        items: ["sword"],
        orchium: 0,
        resources: 0,
      },
      {
        type: "inventory_transferred",
        from: "kin",
        to: "treasury:royal",
        crowns: 150,
        items: ["crown"],
        orchium: 0,
        resources: 0,
      },
    ]);
    expect(events(r, 0, "penalty")[0]).toMatchObject({ victim: "kin", post: "king", amount: 100 });
    expect(r.phases[0]?.public).toContain("A body was found.");
    expect(r.final.players["kin"]?.["chats"]).toMatchObject({
      general: "read",
      afterlife: "member",
      royal_government: "none",
    });
  });
  it("a KSB guard takes the attack and dies instead", () => {
    const r = play(
      [
        { id: "ag", role: "ksb_agent", crowns: 3 },
        { id: "as", role: "assassin" },
        { id: "x", role: "citizen" },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "ag", action: "ksb_guard", targets: ["x"] },
            { actor: "as", action: "assassin_attack", targets: ["x"] },
          ],
        },
      ],
    );
    expect(r.phases[0]?.deaths).toEqual([{ player: "ag", cause: "assassin" }]);
    expect(events(r, 0, "guard_intercepted")[0]).toMatchObject({ guard: "ag", target: "x" });
    expect(results(r, 0, "as")[0]).toMatchObject({ result: "failed" });
  });
  it("the Assassin's stealth avoids the first danger of the сутки", () => {
    const r = play(
      [
        { id: "b", role: "rainbow_baron", orchium: 1 },
        { id: "as", role: "assassin" },
      ],
      [{ phase: "night", actions: [{ actor: "b", action: "baron_showdown", targets: ["as"] }] }],
    );
    expect(r.phases[0]?.deaths).toEqual([]);
    expect(events(r, 0, "danger_avoided")).toHaveLength(1);
    expect(r.final.players["b"]?.["orchium"]).toBe(0);
  });
  it("revive returns the character to Regnum in his original appearance and out of the afterlife", () => {
    const r = play(
      [{ id: "x", role: "citizen", location: "norsland" }],
      [
        { phase: "night", gm: [{ action: "kill", targets: ["x"], cause: "burned", body: "burned" }] },
        { phase: "day", gm: [{ action: "revive", targets: ["x"] }] },
      ],
    );
    expect(events(r, 0, "body")[0]).toMatchObject({ state: "unidentifiable" });
    expect(r.final.players["x"]).toMatchObject({
      alive: true,
      location: "regnum",
      chats: { afterlife: "none", general: "member" },
    });
  });
});

describe("doubles (§2.7)", () => {
  it("an elder in the King's appearance replaces the King when he goes underground, and the King returns when he comes out", () => {
    const r = play(
      [
        { id: "kin", role: "citizen", posts: ["king"] },
        { id: "el", role: "elder_adept", posts: ["magister"] },
      ],
      [
        { phase: "night", actions: [{ actor: "el", action: "take_appearance", appearance: "A1" }] },
        { phase: "day", actions: [{ actor: "kin", action: "go_underground" }] },
        { phase: "night", actions: [{ actor: "kin", action: "leave_underground" }] },
      ],
    );
    expect(events(r, 0, "place_vacated")).toEqual([{ type: "place_vacated", place: "A2", owner: "el" }]);
    expect(events(r, 1, "double_replaced")).toEqual([
      { type: "double_replaced", place: "A1", owner: "kin", by: "el" },
    ]);
    expect(events(r, 2, "double_returned")).toEqual([{ type: "double_returned", place: "A1", owner: "kin" }]);
  });
});

describe("take_appearance given as Discord gives it (§5.5)", () => {
  it("an elder who names the appearance as a target (`@A1`, the orders panel's value under appearances) takes it", () => {
    const r = play(
      [
        { id: "kin", role: "citizen", posts: ["king"] },
        { id: "el", role: "elder_adept", posts: ["magister"] },
      ],
      [{ phase: "night", actions: [{ actor: "el", action: "take_appearance", targets: ["@A1"] }] }],
    );
    expect(r.phases[0]?.rejected).toEqual([]);
    expect(events(r, 0, "appearance_changed")).toEqual([
      { type: "appearance_changed", player: "el", appearance: "A1" },
    ]);
  });
});

describe("the Order and the Baron (§5.5, §5.7)", () => {
  it("a single living elder becomes Magister on night 1 without votes", () => {
    const r = play(
      [
        { id: "e", role: "elder_adept" },
        { id: "x", role: "citizen" },
      ],
      [{ phase: "night" }],
    );
    expect(events(r, 0, "magister_elected")).toEqual([{ type: "magister_elected", player: "e" }]);
  });
  it("a tie elects nobody", () => {
    const r = play(
      [
        { id: "e1", role: "elder_adept" },
        { id: "e2", role: "elder_adept" },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "e1", action: "vote_magister", targets: ["e2"] },
            { actor: "e2", action: "vote_magister", targets: ["e1"] },
          ],
        },
      ],
    );
    expect(events(r, 0, "magister_election_tied")).toHaveLength(1);
  });
  it("the Baron gains one orchium each day and invitations fill the palace chat", () => {
    const r = play(
      [
        { id: "b", role: "rainbow_baron" },
        { id: "x", role: "citizen" },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "b", action: "palace_invite", targets: ["x"] },
            { actor: "x", action: "palace_accept" },
          ],
        },
        { phase: "day" },
      ],
    );
    expect(events(r, 0, "palace_joined")).toEqual([{ type: "palace_joined", player: "x" }]);
    expect(events(r, 1, "orchium_income")).toEqual([{ type: "orchium_income", player: "b", amount: 1 }]);
    expect(r.final.players["x"]?.["chats"]).toMatchObject({ palace: "member" });
  });
  it("D1: the day's start (the Baron's orchium) is not applied to a day the scenario never played", () => {
    const r = play(
      [
        { id: "b", role: "rainbow_baron" },
        { id: "x", role: "citizen" },
      ],
      [{ phase: "night" }],
    );
    expect(r.final.players["b"]?.["orchium"]).toBe(0);
    expect(regnum.onPhaseOpen).toBeUndefined();
  });
  it("a costed move is rejected without orchium", () => {
    const r = play(
      [
        { id: "b", role: "rainbow_baron" },
        { id: "x", role: "citizen" },
      ],
      [{ phase: "night", actions: [{ actor: "b", action: "baron_protect", targets: ["x"] }] }],
    );
    expect(r.phases[0]?.rejected).toHaveLength(1);
  });
});

describe("conscription and desertion (§5.9, §6.8)", () => {
  it("conscription is capped by the army chat's members, and a deserter is wanted and loses his units", () => {
    const r = play(
      [
        { id: "cmd", role: "citizen", posts: ["commander_royal"], serviceOf: ["royal"], resources: 5 },
        { id: "s", role: "citizen", serviceOf: ["royal"], resources: 1 },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "cmd", action: "conscript", army: "royal", count: 3 },
            { actor: "cmd", action: "conscript", army: "royal", count: 2 },
          ],
        },
        { phase: "day", actions: [{ actor: "s", action: "desert", army: "royal" }] },
      ],
    );
    expect(r.phases[0]?.rejected).toHaveLength(1);
    expect(events(r, 0, "units_created")[0]).toMatchObject({ units: ["u1", "u2"] });
    expect(events(r, 1, "deserted")).toEqual([{ type: "deserted", player: "s", army: "royal" }]);
    expect(r.final.players["s"]?.["statuses"]).toContain("wanted");
    // one member left: the newest squad deserts
    expect(events(r, 1, "units_deserted")[0]).toMatchObject({ army: "royal", units: ["u2"], count: 1 });
  });
});

describe("abroad and peace (§5.9, §5.10)", () => {
  it("going abroad without a visa or alliance fails with «Нет союза или визы.»", () => {
    const r = play(
      [{ id: "x", role: "citizen" }],
      [{ phase: "night", actions: [{ actor: "x", action: "go_abroad", country: "orientem" }] }],
    );
    expect(results(r, 0, "x")[0]).toMatchObject({ result: "failed", text: "Нет союза или визы." });
  });
  it("a closed border: «Граница закрыта.»", () => {
    const r = play(
      [{ id: "x", role: "citizen", visas: ["orientem"] }],
      [{ phase: "night", actions: [{ actor: "x", action: "go_abroad", country: "orientem" }] }],
      { borders: { "regnum-orientem": "closed" } },
    );
    expect(results(r, 0, "x")[0]).toMatchObject({ text: "Граница закрыта." });
  });
  it("two commanders in the same country sign peace", () => {
    const r = play(
      [
        { id: "c1", role: "citizen", posts: ["commander_royal"] },
        { id: "c2", role: "citizen", posts: ["commander_darkness"] },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "c1", action: "sign_peace", army: "darkness" },
            { actor: "c2", action: "sign_peace", army: "royal" },
          ],
        },
      ],
      { wars: [["royal", "darkness"]] },
    );
    expect(events(r, 0, "peace_signed")).toEqual([{ type: "peace_signed", armies: ["royal", "darkness"] }]);
    expect(r.phases[0]?.public).toContain("Peace treaty signed: royal and darkness.");
  });
});

describe("GM (§10)", () => {
  it("a free-form order is put before the GM and resolved by resolve_order", () => {
    const r = play(
      [{ id: "x", role: "healer" }],
      [
        { phase: "night", actions: [{ actor: "x", action: "order", text: "heal myself" }] },
        { phase: "day", gm: [{ action: "resolve_order", actor: "x", text: "Вы исцелены." }] },
      ],
    );
    expect(events(r, 0, "order_pending")).toEqual([{ type: "order_pending", actor: "x" }]);
    expect(results(r, 1, "x")[0]).toMatchObject({ action: "order", text: "Вы исцелены." });
  });
  it("override no_battle prevents the automatic battle", () => {
    const r = play(
      [
        { id: "cmd", role: "citizen", posts: ["commander_royal"], serviceOf: ["royal"] },
        { id: "mag", role: "elder_adept", posts: ["magister"] },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "cmd", action: "fight", army: "royal" },
            { actor: "mag", action: "fight", army: "ozd" },
          ],
          gm: [{ action: "override", kind: "no_battle", country: "regnum" }],
        },
      ],
      {
        wars: [["royal", "ozd"]],
        units: [
          { id: "r1", army: "royal", type: "squad", owner: "cmd" },
          { id: "o1", army: "ozd", type: "squad", owner: "mag" },
        ],
      },
    );
    expect(events(r, 0, "battle")).toEqual([]);
  });
  it("end_game computes winners, rewards and the reveal", () => {
    const r = play(
      [
        { id: "ag", role: "ksb_agent" },
        { id: "as", role: "assassin", type: "km", crowns: 40 },
        { id: "m", role: "citizen", type: "km", crowns: 20 },
      ],
      [{ phase: "night", gm: [{ action: "kill", targets: ["as"] }, { action: "end_game" }] }],
    );
    expect(r.final.ended).toBe(true);
    expect(r.final.winners).toEqual(["ksb"]);
    expect(r.phases[0]?.public).toContain("Game over. Winners: ksb.");
    expect(events(r, 0, "game_over")).toEqual([{ type: "game_over", winners: ["ksb"] }]);
    // materialists: as 0 (inventory went to the treasury), m 20 → mean 10; ksb ki gets M − 0
    expect(r.final.players["ag"]?.["reward"]).toBe(10);
    expect(r.final.players["m"]?.["reward"]).toBe(20);
  });
});
