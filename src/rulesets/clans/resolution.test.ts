import { describe, expect, it } from "vitest";
import { circularDistance } from "./resolution.js";
import { code, Table } from "../../../test/support/rulesets/clans.js";

const rec = (role: string, clan: string, number: number) => ({ guess_role: role, guess_clan: clan, number });

describe("§5 step 0 — collect", () => {
  it("R of night N is options.numbers[N-1], later nights draw from the PRNG (1..100)", () => {
    const t = new Table({ numbers: [77] });
    const r1 = t.phase();
    expect(t.events(r1, "random_number")[0]).toMatchObject({ night: 1, value: 77, source: "option" });
    t.phase();
    const r2 = t.phase();
    const ev = t.events(r2, "random_number")[0];
    expect(ev).toMatchObject({ night: 2, source: "prng" });
    expect(ev?.["value"]).toBeGreaterThanOrEqual(1);
    expect(ev?.["value"]).toBeLessThanOrEqual(100);
  });
  it("orders aimed at a player the GM removed during the night are void", () => {
    const t = new Table();
    t.act("taro", "shoot", ["luca"]);
    t.act("tony", "shoot", ["luca"]);
    t.act("boris", "shoot", ["olga"]);
    t.gm("modkill", ["luca"]);
    const r = t.phase();
    expect(r.deaths).toEqual([
      { player: "luca", cause: "modkill" },
      { player: "olga", cause: "shooters" },
    ]);
    expect(t.events(r, "shooters_target")).toEqual([{ type: "shooters_target", player: "olga", votes: 1 }]);
  });
  it("orders of a player the GM removed during the night are void", () => {
    const t = new Table();
    t.act("kenji", "kill", ["boris"], { guess_clan: "russian_mafia" });
    t.gm("modkill", ["kenji"]);
    const r = t.phase();
    expect(r.deaths.map((d) => d.player)).toEqual(["kenji"]);
  });
});

describe("§5 step 2 — scout protection", () => {
  it("one protection blocks only the best recruit order; the next one recruits", () => {
    const t = new Table({ numbers: [40] });
    const r = t.phase([
      ["vito", "recruit", ["yuki"], rec("doctor", "yakuza", 45)],
      ["ivan", "recruit", ["yuki"], rec("scout", "yakuza", 40)],
      ["hana", "protect", ["yuki"]],
    ]);
    expect(t.events(r, "recruit_failed")).toEqual([
      { type: "recruit_failed", player: "yuki", boss: "vito", reason: "protected", by: ["hana"] },
    ]);
    expect(t.events(r, "recruited")[0]).toMatchObject({
      player: "yuki",
      boss: "ivan",
      clan: "russian_mafia",
    });
  });
  it("two scouts' protections stack and block two orders (R21)", () => {
    const t = new Table({ numbers: [40] });
    const r = t.phase([
      ["vito", "recruit", ["taro"], rec("shooter", "yakuza", 40)],
      ["ivan", "recruit", ["taro"], rec("doctor", "yakuza", 40)],
      ["hana", "protect", ["taro"]],
      ["gina", "protect", ["taro"]],
    ]);
    expect(t.events(r, "recruited")).toEqual([]);
    expect(t.events(r, "recruit_failed").map((e) => e["reason"])).toEqual(["protected", "protected"]);
    expect(t.events(r, "recruit_failed")[0]?.["by"]).toEqual(["hana", "gina"]);
  });
  it("protection does nothing against kills", () => {
    const t = new Table();
    const r = t.phase([
      ["hana", "protect", ["boris"]],
      ["kenji", "kill", ["boris"], { guess_clan: "russian_mafia" }],
    ]);
    expect(r.deaths).toEqual([{ player: "boris", cause: "boss_kill" }]);
  });
  it("a scout may protect himself but not the same player two nights running", () => {
    const t = new Table();
    expect(t.act("hana", "protect", ["hana"])).toBeNull();
    t.phase();
    t.phase();
    expect(code(t.act("hana", "protect", ["hana"]))).toBe("repeat_protect");
    expect(t.act("hana", "protect", ["yuki"])).toBeNull();
  });
  it("a check the night before sets no protect restriction", () => {
    const t = new Table();
    t.act("hana", "check", ["yuki"], { check: "recruited" });
    t.phase();
    t.phase();
    expect(t.act("hana", "protect", ["yuki"])).toBeNull();
  });
});

describe("§5 step 3 — doctors", () => {
  it("a heal saves from any number of simultaneous attacks", () => {
    const t = new Table();
    const r = t.phase([
      ["kenji", "kill", ["boris"], { guess_clan: "russian_mafia" }],
      ["vito", "kill", ["boris"], { guess_clan: "russian_mafia" }],
      ["taro", "shoot", ["boris"]],
      ["olga", "heal", ["boris"]],
    ]);
    expect(r.deaths).toEqual([]);
    expect(t.events(r, "saved")).toEqual([{ type: "saved", player: "boris", by: ["doctor"] }]);
  });
  it("heals do not stop recruitment", () => {
    const t = new Table({ numbers: [1] });
    const r = t.phase([
      ["kenji", "recruit", ["olga"], rec("doctor", "russian_mafia", 1)],
      ["olga", "heal", ["olga"]],
    ]);
    expect(t.events(r, "recruited")).toHaveLength(1);
  });
  it("a doctor cannot heal the same player two nights running", () => {
    const t = new Table();
    t.act("yuki", "heal", ["taro"]);
    t.phase();
    t.phase();
    expect(code(t.act("yuki", "heal", ["taro"]))).toBe("repeat_heal");
  });
});

describe("§5 step 4 — recruitment", () => {
  it("a boss or an already recruited target makes the order fail silently (R4)", () => {
    const t = new Table({ numbers: [5, 5] });
    t.phase([["kenji", "recruit", ["taro"], rec("shooter", "yakuza", 5)]]);
    t.phase();
    const r = t.phase([
      ["vito", "recruit", ["taro"], rec("shooter", "yakuza", 5)],
      ["ivan", "recruit", ["kenji"], rec("shooter", "yakuza", 5)],
    ]);
    const reasons = t.events(r, "recruit_failed").map((e) => e["reason"]);
    expect(reasons.sort()).toEqual(["already_in_team", "target_is_boss"]);
    expect(r.private.filter((m) => m.to === "vito" || m.to === "ivan")).toEqual([]);
  });
  it("role guess ranks first, then clan guess, then circular distance", () => {
    const t = new Table({ numbers: [50] });
    const r = t.phase([
      ["kenji", "recruit", ["tony"], rec("doctor", "cosa_nostra", 50)],
      ["ivan", "recruit", ["tony"], rec("shooter", "yakuza", 1)],
    ]);
    expect(t.events(r, "recruited")[0]).toMatchObject({ player: "tony", boss: "ivan" });
    expect(t.events(r, "recruit_failed")[0]).toMatchObject({ boss: "kenji", reason: "outranked" });
  });
  it("with equal guesses the number nearest R wins, wrapping through 0 = 100", () => {
    expect(circularDistance(3, 98)).toBe(5);
    expect(circularDistance(90, 98)).toBe(8);
    expect(circularDistance(1, 100)).toBe(1);
    const t = new Table({ numbers: [98] });
    const r = t.phase([
      ["kenji", "recruit", ["tony"], rec("shooter", "cosa_nostra", 90)],
      ["ivan", "recruit", ["tony"], rec("shooter", "cosa_nostra", 3)],
    ]);
    expect(t.events(r, "recruited")[0]).toMatchObject({ boss: "ivan" });
  });
  it("equal best rank: nobody recruits the target, all orders fail with tie (R7)", () => {
    const t = new Table({ numbers: [50] });
    const r = t.phase([
      ["kenji", "recruit", ["tony"], rec("shooter", "cosa_nostra", 40)],
      ["ivan", "recruit", ["tony"], rec("shooter", "cosa_nostra", 60)],
    ]);
    expect(t.events(r, "recruited")).toEqual([]);
    expect(t.events(r, "recruit_failed").map((e) => e["reason"])).toEqual(["tie", "tie"]);
  });
  it("a lone order with wrong guesses succeeds (R8)", () => {
    const t = new Table({ numbers: [50] });
    const r = t.phase([["kenji", "recruit", ["tony"], rec("doctor", "yakuza", 1)]]);
    expect(t.events(r, "recruited")).toHaveLength(1);
    expect(t.p("tony").faction).toBe("yakuza");
  });
  it("a boss who dies later the same night keeps his recruitment", () => {
    const t = new Table({ numbers: [50] });
    const r = t.phase([
      ["kenji", "recruit", ["tony"], rec("shooter", "cosa_nostra", 50)],
      ["vito", "kill", ["kenji"], { guess_clan: "yakuza" }],
    ]);
    expect(t.events(r, "recruited")).toHaveLength(1);
    // tony, tonight's joiner, is the only candidate of tiers 1–3: he succeeds kenji
    expect(t.p("tony").role).toBe("boss");
    expect(t.p("tony").faction).toBe("yakuza");
  });
});

describe("§5 step 5 — acquaintances", () => {
  it("meeting the home boss joins his team with the role; another boss fails silently", () => {
    const t = new Table();
    const r = t.phase([
      ["yuki", "meet", ["kenji"]],
      ["luca", "meet", ["ivan"]],
    ]);
    expect(t.p("yuki")).toMatchObject({ role: "doctor", faction: "yakuza", team: "yakuza" });
    expect(t.events(r, "meet_failed")[0]).toMatchObject({ player: "luca", reason: "wrong_target" });
    expect(t.events(r, "morning_report")[0]?.["recruitments"]).toBe(0);
  });
  it("recruitment has priority over an acquaintance the same night", () => {
    const t = new Table({ numbers: [50] });
    const r = t.phase([
      ["yuki", "meet", ["kenji"]],
      ["vito", "recruit", ["yuki"], rec("doctor", "yakuza", 50)],
    ]);
    expect(t.events(r, "meet_failed")[0]).toMatchObject({ player: "yuki", reason: "recruited" });
    expect(t.p("yuki").faction).toBe("cosa_nostra");
  });
  it("meet is not available when the option acquaintance is off, nor to recruited players", () => {
    const t = new Table({ acquaintance: false });
    expect(code(t.act("yuki", "meet", ["kenji"]))).toBe("not_your_role");
    const u = new Table();
    u.phase([["yuki", "meet", ["kenji"]]]);
    u.phase();
    expect(code(u.act("yuki", "meet", ["kenji"]))).toBe("not_your_role");
  });
});

describe("§5 step 6 — shootout", () => {
  it("a boss kill with the wrong clan guess does nothing", () => {
    const t = new Table();
    const r = t.phase([["kenji", "kill", ["boris"], { guess_clan: "yakuza" }]]);
    expect(r.deaths).toEqual([]);
    expect(t.events(r, "boss_kill_missed")[0]).toMatchObject({
      player: "boris",
      boss: "kenji",
      guess: "yakuza",
    });
  });
  it("the kill guess is compared with the clan before tonight's transfers (R18)", () => {
    const t = new Table({ numbers: [50] });
    const r = t.phase([
      ["kenji", "recruit", ["tony"], rec("shooter", "cosa_nostra", 50)],
      ["ivan", "kill", ["tony"], { guess_clan: "cosa_nostra" }],
    ]);
    expect(r.deaths).toEqual([{ player: "tony", cause: "boss_kill" }]);
    expect(t.events(r, "recruited")[0]).toMatchObject({ posthumous: true, counted: false });
  });
  it("shooters' shared maximum kills nobody", () => {
    const t = new Table();
    const r = t.phase([
      ["taro", "shoot", ["luca"]],
      ["tony", "shoot", ["olga"]],
    ]);
    expect(r.deaths).toEqual([]);
    expect(t.events(r, "shooters_tie")[0]).toMatchObject({ players: ["luca", "olga"], votes: 1 });
  });
  it("shots are simultaneous: a shooter who dies still fires; boss kill and shooters on one player give one boss_kill death (R24)", () => {
    const t = new Table();
    const r = t.phase([
      ["taro", "shoot", ["boris"]],
      ["boris", "shoot", ["vito"]],
      ["tony", "shoot", ["boris"]],
      ["kenji", "kill", ["boris"], { guess_clan: "russian_mafia" }],
    ]);
    expect(r.deaths).toEqual([{ player: "boris", cause: "boss_kill" }]);
  });
});

describe("§5 step 7 and §5.10 — boss succession", () => {
  it("team fighters succeed first, in joining order", () => {
    const t = new Table({ numbers: [50, 50] });
    t.phase([["kenji", "recruit", ["tony"], rec("shooter", "cosa_nostra", 50)]]);
    t.phase();
    const r = t.phase([
      ["kenji", "recruit", ["boris"], rec("shooter", "russian_mafia", 50)],
      ["vito", "kill", ["kenji"], { guess_clan: "yakuza" }],
    ]);
    expect(t.events(r, "boss_succeeded")[0]).toMatchObject({
      player: "tony",
      outsider: false,
      previous_role: "shooter",
    });
    expect(r.private).toContainEqual(
      expect.objectContaining({ to: "tony", kind: "new_member", member: "boris" }),
    );
  });
  it("with no fighters the team scout succeeds, then the doctor, losing the role", () => {
    const t = new Table({ numbers: [50] });
    t.phase([
      ["yuki", "meet", ["kenji"]],
      ["hana", "meet", ["kenji"]],
    ]);
    t.phase();
    const r = t.phase([["vito", "kill", ["kenji"], { guess_clan: "yakuza" }]]);
    expect(t.events(r, "boss_succeeded")[0]).toMatchObject({ player: "hana", previous_role: "scout" });
    expect(t.p("hana").role).toBe("boss");
    expect(t.p("hana").statuses).toContain("acquainted");
  });
  it("an outsider successor (home shooter) gets a new clan chat, not the old one", () => {
    const t = new Table();
    const r = t.phase([["vito", "kill", ["kenji"], { guess_clan: "yakuza" }]]);
    expect(t.events(r, "boss_succeeded")[0]).toMatchObject({ player: "taro", outsider: true });
    const chats = t.state.data.chats.filter((c) => c.clan === "yakuza");
    expect(chats.map((c) => c.members)).toEqual([["kenji"], ["taro"]]);
    expect(t.p("taro").statuses).not.toContain("unrecruited");
  });
  it("a clan with nobody to succeed is eliminated", () => {
    const t = new Table();
    t.gm("modkill", ["yuki", "hana", "taro"]);
    const r = t.phase([["vito", "kill", ["kenji"], { guess_clan: "yakuza" }]]);
    expect(t.events(r, "clan_eliminated")).toEqual([{ type: "clan_eliminated", clan: "yakuza" }]);
  });
});

describe("§5 step 8 — dawn transfers", () => {
  it("a foreign doctor/scout recruit loses the role; a home recruit keeps it; shooters always keep it", () => {
    const t = new Table({ numbers: [50] });
    t.phase([
      ["vito", "recruit", ["yuki"], rec("doctor", "yakuza", 50)],
      ["kenji", "recruit", ["hana"], rec("scout", "yakuza", 50)],
      ["ivan", "recruit", ["tony"], rec("shooter", "cosa_nostra", 50)],
    ]);
    expect(t.p("yuki")).toMatchObject({ role: "member", faction: "cosa_nostra" });
    expect(t.p("yuki").statuses).toEqual(["recruited", "role_lost"]);
    expect(t.p("hana").role).toBe("scout");
    expect(t.p("tony").role).toBe("shooter");
  });
  it("a joiner killed tonight joins posthumously: chat and messages, but not counted (R22)", () => {
    const t = new Table({ numbers: [50] });
    const r = t.phase([
      ["kenji", "recruit", ["luca"], rec("doctor", "cosa_nostra", 50)],
      ["taro", "shoot", ["luca"]],
    ]);
    expect(t.p("luca")).toMatchObject({ alive: false, faction: "yakuza", role: "member" });
    expect(r.private).toContainEqual({
      to: "kenji",
      kind: "new_member",
      member: "luca",
      via: "recruit",
      posthumous: true,
    });
    expect(t.events(r, "morning_report")[0]?.["recruitments"]).toBe(0);
    expect(t.state.data.chats[0]?.members).toEqual(["kenji", "luca"]);
  });
});

describe("§5 step 9 — checks", () => {
  it("a boss reads recruited; an unrecruited player reads not_recruited (R10)", () => {
    const t = new Table();
    const r = t.phase([
      ["hana", "check", ["kenji"], { check: "recruited" }],
      ["gina", "check", ["boris"], { check: "recruited" }],
    ]);
    expect(r.private).toContainEqual({
      to: "hana",
      kind: "check_result",
      target: "kenji",
      check: "recruited",
      result: "recruited",
    });
    expect(r.private).toContainEqual({
      to: "gina",
      kind: "check_result",
      target: "boris",
      check: "recruited",
      result: "not_recruited",
    });
  });
  it("clan_role is read on the state after dawn; a scout killed tonight gets nothing (R9)", () => {
    const t = new Table({ numbers: [50] });
    const r = t.phase([
      ["vito", "recruit", ["olga"], rec("doctor", "russian_mafia", 50)],
      ["hana", "check", ["olga"], { check: "clan_role" }],
      ["gina", "check", ["olga"], { check: "clan_role" }],
      ["taro", "shoot", ["gina"]],
    ]);
    expect(r.private).toContainEqual({
      to: "hana",
      kind: "check_result",
      target: "olga",
      check: "clan_role",
      clan: "cosa_nostra",
      role: "member",
    });
    expect(r.private.filter((m) => m.to === "gina" && m.kind === "check_result")).toEqual([]);
  });
});

describe("§7 morning report", () => {
  it("lists step-6 deaths, living team sizes and counted recruitments, never roles", () => {
    const t = new Table({ numbers: [40] });
    const r = t.phase([
      ["ivan", "recruit", ["yuki"], rec("scout", "yakuza", 40)],
      ["taro", "shoot", ["luca"]],
    ]);
    expect(r.public).toEqual([
      { key: "night_results", params: { n: 1 } },
      { key: "killed", params: { names: ["luca"] } },
      { key: "clan_sizes", params: { yakuza: 1, cosa_nostra: 1, russian_mafia: 2 } },
      { key: "recruitments", params: { k: 1 } },
    ]);
  });
});

describe("§6 day", () => {
  const dayTable = () => {
    const t = new Table();
    t.phase();
    return t;
  };
  it("the unique 'против' leader is lynched", () => {
    const t = dayTable();
    const r = t.phase([
      ["kenji", "vote", ["boris"]],
      ["vito", "vote", ["boris"]],
      ["ivan", "vote", ["kenji"]],
    ]);
    expect(r.deaths).toEqual([{ player: "boris", cause: "lynch" }]);
  });
  it("a tie for the first place is a peaceful day even if one of them is protected", () => {
    const t = dayTable();
    const r = t.phase([
      ["kenji", "vote", ["boris"]],
      ["vito", "vote", ["ivan"]],
      ["gina", "vote", ["boris"], { side: "for" }],
    ]);
    expect(r.deaths).toEqual([]);
    expect(t.events(r, "vote_result")[0]).toMatchObject({ peaceful: true, protected: "boris" });
  });
  it("a protected sole leader with nobody behind him: peaceful day (R12)", () => {
    const t = dayTable();
    const r = t.phase([
      ["kenji", "vote", ["boris"]],
      ["gina", "vote", ["boris"], { side: "for" }],
    ]);
    expect(r.deaths).toEqual([]);
  });
  it("a tie for 'за' gives nobody protection", () => {
    const t = dayTable();
    const r = t.phase([
      ["kenji", "vote", ["boris"], { side: "for" }],
      ["vito", "vote", ["ivan"], { side: "for" }],
    ]);
    expect(t.events(r, "vote_result")[0]).toMatchObject({ protected: null });
  });
  it("day protection gives immunity the following night even outside the lynch race (R13), then expires", () => {
    const t = dayTable();
    t.phase([["kenji", "vote", ["boris"], { side: "for" }]]);
    expect(t.p("boris").statuses).toContain("day_protected");
    const r = t.phase([["vito", "kill", ["boris"], { guess_clan: "russian_mafia" }]]);
    expect(t.events(r, "saved")[0]).toMatchObject({ by: ["day_protection"] });
    expect(t.p("boris").statuses).not.toContain("day_protected");
  });
  it("votes cannot be edited; 'за' yourself is refused; 'против' yourself is allowed", () => {
    const t = dayTable();
    expect(t.act("kenji", "vote", ["kenji"], { side: "against" })).toBeNull();
    expect(code(t.act("kenji", "vote", ["vito"], { side: "against" }))).toBe("vote_cast");
    expect(code(t.act("kenji", "vote", ["kenji"], { side: "for" }))).toBe("vote_for_self");
  });
  it("votes of and on players the GM removed during the day are discarded (R26)", () => {
    const t = dayTable();
    t.act("kenji", "vote", ["boris"]);
    t.act("vito", "vote", ["boris"]);
    t.act("boris", "vote", ["ivan"]);
    t.act("luca", "vote", ["ivan"]);
    t.act("olga", "vote", ["ivan"]);
    t.gm("modkill", ["olga"]);
    const r = t.phase();
    expect(r.deaths).toContainEqual({ player: "olga", cause: "modkill" });
    expect(r.deaths.filter((d) => d.cause === "lynch")).toEqual([]);
  });
  it("inactivity: no post or no 'против' removes the player after the count; excused and replaced players stay (R25)", () => {
    const t = new Table({ inactivity_autokill: true });
    t.phase();
    for (const p of t.state.players) if (p.id !== "olga") t.act(p.id, "post");
    for (const p of t.state.players) if (p.id !== "tony" && p.id !== "luca") t.act(p.id, "vote", ["boris"]);
    t.gm("excuse", ["luca"]);
    t.gm("replace", ["hana"], { with: "mika" });
    const r = t.phase();
    expect(r.deaths).toEqual([
      { player: "boris", cause: "lynch" },
      { player: "olga", cause: "inactivity" },
      { player: "tony", cause: "inactivity" },
    ]);
  });
  it("a boss lynched by day is succeeded at the day's close and acts as boss that night (R6)", () => {
    const t = dayTable();
    t.phase([["vito", "vote", ["kenji"]]]);
    expect(t.p("taro").role).toBe("boss");
    expect(code(t.act("taro", "shoot", ["ivan"]))).toBe("not_your_role");
    expect(t.act("taro", "kill", ["ivan"], { guess_clan: "russian_mafia" })).toBeNull();
  });
});

describe("§9 end of the game", () => {
  it("the game ends when at most one clan has a living boss; its clan wins", () => {
    const t = new Table();
    t.gm("modkill", ["yuki", "hana", "taro", "luca", "gina", "tony"]);
    const r = t.phase([
      ["ivan", "kill", ["kenji"], { guess_clan: "yakuza" }],
      ["olga", "heal", ["ivan"]],
      ["boris", "shoot", ["vito"]],
    ]);
    expect(t.state.ended).toBe(true);
    expect(t.state.winners).toEqual(["russian_mafia"]);
    expect(r.events.at(-1)).toEqual({ type: "game_over", winners: ["russian_mafia"] });
    expect(r.public.some((l) => l.key === "game_over_winner")).toBe(true);
    expect(r.public.at(-1)).toEqual({
      key: "reveal_numbers",
      params: { numbers: [{ night: 1, value: expect.any(Number) }] },
    });
  });
});

describe("§10.3 dead posts", () => {
  it("the sixth post of a phase mutes a dead player; later posts are rejected", () => {
    const t = new Table({ dead_post_limit: 2 });
    t.gm("modkill", ["boris"]);
    t.phase();
    expect(t.act("boris", "post")).toBeNull();
    expect(t.act("boris", "post")).toBeNull();
    expect(t.act("boris", "post")).toBeNull();
    expect(t.p("boris").statuses).toContain("dead_muted");
    expect(code(t.act("boris", "post"))).toBe("muted");
  });
  it("an edit by a dead player mutes him", () => {
    const t = new Table();
    t.gm("modkill", ["boris"]);
    t.phase();
    t.act("boris", "edit_post");
    expect(t.p("boris").statuses).toContain("dead_muted");
  });
  it("the dead chat is free: not counted, no mute for an edit there, open to a muted dead player", () => {
    const t = new Table({ dead_post_limit: 1 });
    t.gm("modkill", ["boris"]);
    t.phase();
    const dead = { chat: "dead" };
    for (let i = 0; i < 3; i++) expect(t.act("boris", "post", [], dead)).toBeNull();
    expect(t.act("boris", "edit_post", [], dead)).toBeNull();
    expect(t.p("boris").statuses).not.toContain("dead_muted");
    // The game channel still counts: the second post there mutes him.
    expect(t.act("boris", "post", [], { chat: "game-day-1" })).toBeNull();
    expect(t.act("boris", "post", [], { chat: "game-day-1" })).toBeNull();
    expect(t.p("boris").statuses).toContain("dead_muted");
    expect(code(t.act("boris", "post", [], { chat: "game-day-1" }))).toBe("muted");
    expect(t.act("boris", "post", [], dead)).toBeNull();
  });
});

describe("§4.4 rejections", () => {
  it("covers actor_dead, wrong_phase, target_self, target_dead, slot_taken, nothing_to_pass", () => {
    const t = new Table();
    t.gm("modkill", ["boris"]);
    expect(code(t.act("boris", "shoot", ["luca"]))).toBe("actor_dead");
    expect(code(t.act("taro", "vote", ["luca"]))).toBe("wrong_phase");
    expect(code(t.act("taro", "shoot", ["taro"]))).toBe("target_self");
    expect(code(t.act("taro", "shoot", ["boris"]))).toBe("target_dead");
    expect(code(t.act("yuki", "shoot", ["luca"]))).toBe("not_your_role");
    expect(t.act("taro", "shoot", ["luca"])).toBeNull();
    expect(code(t.act("taro", "shoot", ["olga"]))).toBe("slot_taken");
    expect(code(t.act("hana", "check", ["luca"], { check: "clan_role" }))).toBeNull();
    expect(code(t.act("hana", "protect", ["luca"]))).toBe("slot_taken");
    expect(t.act("kenji", "pass")).toBeNull();
    expect(code(t.act("kenji", "kill", ["luca"], { guess_clan: "cosa_nostra" }))).toBe("slot_taken");
    expect(code(t.act("kenji", "pass"))).toBe("nothing_to_pass");
  });
  it("a second mask warning kills at once", () => {
    const t = new Table();
    t.gm("warn", ["luca"], { reason: "mask" });
    t.gm("warn", ["luca"], { reason: "other" });
    expect(t.p("luca").alive).toBe(true);
    t.gm("warn", ["luca"], { reason: "mask" });
    expect(t.p("luca").alive).toBe(false);
  });
});

describe("§8 new_member with a tier-3 successor", () => {
  it("a posthumous joiner processed before the successor still notifies him", () => {
    const t = new Table({ numbers: [50] });
    const r = t.phase([
      ["kenji", "recruit", ["luca"], { guess_role: "doctor", guess_clan: "cosa_nostra", number: 50 }],
      ["taro", "meet", ["kenji"]],
      ["tony", "shoot", ["luca"]],
      ["vito", "kill", ["kenji"], { guess_clan: "yakuza" }],
    ]);
    // luca (recruit, dead) and taro (acquaintance, alive) join; taro is the first living joiner
    expect(t.events(r, "boss_succeeded")[0]).toMatchObject({ player: "taro", outsider: false });
    expect(r.private).toContainEqual({
      to: "taro",
      kind: "new_member",
      member: "luca",
      via: "recruit",
      posthumous: true,
    });
    expect(r.private.filter((m) => m.kind === "new_member" && m["member"] === "taro")).toEqual([]);
  });
});
