import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, Permissions, startEmulator } from "../../src/emulator/index.js";
import { api, formError } from "./helpers.js";

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const inMinutes = (n: number): string => new Date(Date.now() + n * 60_000).toISOString();

async function world() {
  emu = await startEmulator({ port: 0, strict: true });
  const g = emu.createGuild({ members: 4 });
  const [player, admin, moderator, senior] = g.members;
  if (!player || !admin || !moderator || !senior) throw new Error("members");
  const day = emu.createChannel(g.id, { name: "day" });
  const admins = emu.createRole(g.id, { name: "admins", permissions: Permissions.ADMINISTRATOR });
  // A new role goes in at the bottom, so "seniors", made first, stays above "mods".
  const seniors = emu.createRole(g.id, { name: "seniors", permissions: Permissions.VIEW_CHANNEL });
  const mods = emu.createRole(g.id, {
    name: "mods",
    permissions: Permissions.MODERATE_MEMBERS | Permissions.VIEW_CHANNEL,
  });
  emu.setMemberRoles(g.id, admin.id, [admins]);
  emu.setMemberRoles(g.id, moderator.id, [mods]);
  emu.setMemberRoles(g.id, senior.id, [seniors]);
  const timeout = (token: string, userId: string, until: string | null) =>
    api(emu as Emulator, token, "PATCH", `/guilds/${g.id}/members/${userId}`, {
      communication_disabled_until: until,
    });
  return { emu, g, day, player, admin, moderator, senior, timeout, bot: `Bot ${emu.botToken}` };
}

describe("timeouts (https://discord.com/developers/docs/resources/guild#modify-guild-member)", () => {
  it("needs MODERATE_MEMBERS, never reaches the owner, ADMINISTRATOR or a higher role, and lasts at most 28 days", async () => {
    const { g, player, admin, moderator, senior, timeout, bot } = await world();
    const denied = { message: "Missing Permissions", code: 50013 };
    expect((await timeout(player.token, moderator.id, inMinutes(10))).body).toEqual(denied);
    expect((await timeout(bot, g.ownerId, inMinutes(10))).body).toEqual(denied);
    expect((await timeout(bot, admin.id, inMinutes(10))).body).toEqual(denied);
    expect((await timeout(moderator.token, senior.id, inMinutes(10))).body).toEqual(denied);
    const tooLong = await timeout(bot, player.id, inMinutes(29 * 24 * 60));
    expect(tooLong.status).toBe(400);
    expect(formError(tooLong.body, "communication_disabled_until")).toBeDefined();
    const ok = await timeout(moderator.token, player.id, inMinutes(10));
    expect(ok.status).toBe(200);
    expect(Date.parse(String(ok.body["communication_disabled_until"]))).toBeGreaterThan(Date.now());
    expect((await timeout(bot, player.id, null)).body["communication_disabled_until"]).toBeNull();
  });

  it("a timed-out member keeps only VIEW_CHANNEL and READ_MESSAGE_HISTORY; admins are exempt (https://discord.com/developers/docs/topics/permissions#permissions-for-timed-out-members)", async () => {
    const { emu, g, day, player, admin, timeout, bot } = await world();
    emu.user(player.id).send(day, "before");
    await timeout(bot, player.id, inMinutes(10));
    // An overwrite granting more does not lift the timeout.
    emu.setOverwrite(day, player.id, {
      type: 1,
      allow: Permissions.SEND_MESSAGES | Permissions.MANAGE_MESSAGES,
    });
    const me = emu.state.access.permissionsIn(player.id, day);
    expect(me).toBe(Permissions.VIEW_CHANNEL | Permissions.READ_MESSAGE_HISTORY);
    expect(emu.canView(player.id, day)).toBe(true);
    expect(
      emu
        .user(player.id)
        .read(day)
        .map((m) => m["content"]),
    ).toEqual(["before"]);
    const send = await api(emu, player.token, "POST", `/channels/${day}/messages`, {
      content: "let me speak",
    });
    expect(send.body).toEqual({ message: "Missing Permissions", code: 50013 });
    // ADMINISTRATOR cannot be timed out, and would be exempt anyway.
    expect(emu.canSend(admin.id, day)).toBe(true);
    // Lifting the timeout gives everything back.
    await timeout(bot, player.id, null);
    expect(emu.canSend(player.id, day)).toBe(true);
    // A timeout that has run out no longer counts.
    const record = emu.state.guilds.get(g.id).members.get(player.id);
    if (!record) throw new Error("member");
    record.communication_disabled_until = new Date(Date.now() - 1000).toISOString();
    expect(emu.canSend(player.id, day)).toBe(true);
  });
});

describe("permission bits (https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags)", () => {
  it("the owner's full set includes PIN_MESSAGES (1 << 51) and BYPASS_SLOWMODE (1 << 52) and no undocumented bit", async () => {
    const { emu, g } = await world();
    const owner = emu.state.users.get(g.ownerId);
    const guilds = await fetch(`${emu.apiBase}/v10/users/@me/guilds`, {
      headers: { Authorization: owner.token },
    });
    const [mine] = (await guilds.json()) as { permissions: string }[];
    const all = BigInt(mine?.permissions ?? "0");
    expect(all & Permissions.PIN_MESSAGES).toBe(Permissions.PIN_MESSAGES);
    expect(all & Permissions.BYPASS_SLOWMODE).toBe(Permissions.BYPASS_SLOWMODE);
    expect(all & (1n << 47n)).toBe(0n);
    expect(all >> 53n).toBe(0n);
  });
});
