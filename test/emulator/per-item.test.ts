import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { memberGateway } from "../support/member-gateway.js";
import { api } from "./helpers.js";

/**
 * The per-item calls the reconciler makes instead of writing back whole lists (issue 31): one
 * role of a member, one permission overwrite, one thread member. The emulator runs strict, so
 * every request and answer is also checked against Discord's OpenAPI (src/emulator/oracle.ts).
 */

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ port: 0, strict: true });
  expect(emu.oracleLoaded).toBe(true);
});
afterEach(async () => {
  expect(emu.violations()).toEqual([]);
  await emu.close();
});

const bot = () => `Bot ${emu.botToken}`;

function server() {
  const g = emu.createGuild({ name: "Forum", members: 2 });
  const [a, b] = g.members;
  if (!a || !b) throw new Error("no members");
  const roles = ["one", "two", "three"].map((name) => emu.createRole(g.id, { name }));
  return { g, a, b, roles: roles as [string, string, string] };
}

const rolesOf = (guildId: string, userId: string) =>
  [...(emu.state.guilds.get(guildId).members.get(userId)?.roles ?? [])].sort();

describe("one role of a member (PUT/DELETE /guilds/{g}/members/{u}/roles/{r})", () => {
  it("gives or takes that role only, answers 204, and the member's client is told", async () => {
    const { g, a, roles } = server();
    const [one, two, three] = roles;
    emu.setMemberRoles(g.id, a.id, [one]);
    const gateway = await memberGateway(emu, a);
    try {
      // Two changes at once, as two games' reconciles make them: neither undoes the other.
      const answers = await Promise.all([
        api(emu, bot(), "PUT", `/guilds/${g.id}/members/${a.id}/roles/${two}`),
        api(emu, bot(), "PUT", `/guilds/${g.id}/members/${a.id}/roles/${three}`),
      ]);
      expect(answers.map((r) => r.status)).toEqual([204, 204]);
      expect(rolesOf(g.id, a.id)).toEqual([one, two, three].sort());
      const taken = await api(emu, bot(), "DELETE", `/guilds/${g.id}/members/${a.id}/roles/${two}`);
      expect(taken.status).toBe(204);
      expect(rolesOf(g.id, a.id)).toEqual([one, three].sort());
      // Giving a role held already, or taking one not held, changes nothing and succeeds.
      expect((await api(emu, bot(), "PUT", `/guilds/${g.id}/members/${a.id}/roles/${one}`)).status).toBe(204);
      expect((await api(emu, bot(), "DELETE", `/guilds/${g.id}/members/${a.id}/roles/${two}`)).status).toBe(
        204,
      );
      expect(rolesOf(g.id, a.id)).toEqual([one, three].sort());
      const updates = () =>
        gateway.events.filter(
          (e) => e.t === "GUILD_MEMBER_UPDATE" && (e.d["user"] as { id?: string }).id === a.id,
        );
      for (let i = 0; i < 100 && updates().length < 3; i++) await new Promise((r) => setTimeout(r, 10));
      expect(updates().map((e) => [...(e.d["roles"] as string[])].sort())).toEqual([
        [one, two].sort(),
        [one, two, three].sort(),
        [one, three].sort(),
      ]);
    } finally {
      gateway.close();
    }
  });

  it("refuses an unknown role, an unknown member, a role not below the bot's highest, and a caller without Manage Roles", async () => {
    const { g, a, b, roles } = server();
    const unknownRole = await api(emu, bot(), "PUT", `/guilds/${g.id}/members/${a.id}/roles/1`);
    expect([unknownRole.status, unknownRole.body["code"]]).toEqual([404, 10011]);
    const unknownMember = await api(emu, bot(), "PUT", `/guilds/${g.id}/members/2/roles/${roles[0]}`);
    expect([unknownMember.status, unknownMember.body["code"]]).toEqual([404, 10007]);
    const high = emu.state.guilds.get(g.id).roles.get(roles[1]);
    if (!high) throw new Error("no role");
    high.position = 999;
    const above = await api(emu, bot(), "PUT", `/guilds/${g.id}/members/${a.id}/roles/${roles[1]}`);
    expect([above.status, above.body["code"]]).toEqual([403, 50013]);
    const byMember = await api(emu, b.token, "PUT", `/guilds/${g.id}/members/${a.id}/roles/${roles[0]}`);
    expect([byMember.status, byMember.body["code"]]).toEqual([403, 50013]);
    expect(rolesOf(g.id, a.id)).toEqual([]);
  });
});

describe("one permission overwrite and one thread member", () => {
  it("PUT/DELETE of one overwrite leaves the channel's others as they were", async () => {
    const { g, roles } = server();
    const channel = emu.createChannel(g.id, { name: "square" });
    const put = (role: string, allow: string) =>
      api(emu, bot(), "PUT", `/channels/${channel}/permissions/${role}`, { type: 0, allow, deny: "0" });
    expect((await Promise.all([put(roles[0], "1024"), put(roles[1], "2048")])).map((r) => r.status)).toEqual([
      204, 204,
    ]);
    const deleted = await api(emu, bot(), "DELETE", `/channels/${channel}/permissions/${roles[0]}`);
    expect(deleted.status).toBe(204);
    const overwrites = emu.state.channels.byId.get(channel)?.overwrites ?? [];
    expect(overwrites.map((o) => [o.id, o.allow])).toEqual([[roles[1], 2048n]]);
  });

  it("PUT/DELETE of one thread member leaves the thread's others, and refuses a non-member of the server", async () => {
    const { g, a, b } = server();
    const parent = emu.createChannel(g.id, { name: "threads" });
    const created = await api(emu, bot(), "POST", `/channels/${parent}/threads`, {
      name: "team",
      type: 12,
      invitable: false,
    });
    const thread = String(created.body["id"]);
    const add = (user: string) => api(emu, bot(), "PUT", `/channels/${thread}/thread-members/${user}`);
    expect((await Promise.all([add(a.id), add(b.id)])).map((r) => r.status)).toEqual([204, 204]);
    expect((await api(emu, bot(), "DELETE", `/channels/${thread}/thread-members/${a.id}`)).status).toBe(204);
    expect(emu.threadMembers(thread).sort()).toEqual([emu.botUserId, b.id].sort());
    const stranger = await add("3");
    expect([stranger.status, stranger.body["code"]]).toEqual([404, 10007]);
  });
});
