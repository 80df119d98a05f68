import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { api, formError } from "./helpers.js";

// Limits hold whether or not the OpenAPI oracle runs: these emulators are not strict, so every
// refusal below comes from the emulator's own rules, with Discord's codes.
let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function world() {
  emu = await startEmulator({ port: 0, strict: false });
  const g = emu.createGuild({ members: 1 });
  const day = emu.createChannel(g.id, { name: "day" });
  return { emu, g, day, bot: `Bot ${emu.botToken}` };
}

const long = (n: number): string => "x".repeat(n);

describe("message limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits)", () => {
  it("refuses each embed field over its limit with 50035 and the field's path", async () => {
    const { emu, g, day, bot } = await world();
    // A channel per case: refused requests count against the 5-per-5-seconds message bucket too.
    const post = (embed: Record<string, unknown>, channel = emu.createChannel(g.id, { name: "case" })) =>
      api(emu, bot, "POST", `/channels/${channel}/messages`, { embeds: [embed] });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: long(257) }, "embeds.0.title"],
      [{ description: long(4097) }, "embeds.0.description"],
      [{ footer: { text: long(2049) } }, "embeds.0.footer.text"],
      [{ author: { name: long(257) } }, "embeds.0.author.name"],
      [{ fields: [{ name: long(257), value: "v" }] }, "embeds.0.fields.0.name"],
      [{ fields: [{ name: "n", value: long(1025) }] }, "embeds.0.fields.0.value"],
      [{ fields: Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: "v" })) }, "embeds.0.fields"],
    ];
    for (const [embed, path] of cases) {
      const res = await post(embed);
      expect(res.status, path).toBe(400);
      expect(res.body["code"]).toBe(50035);
      expect(res.body["message"]).toBe("Invalid Form Body");
      expect(formError(res.body, path)?.code, path).toBe("BASE_TYPE_MAX_LENGTH");
    }
    // "Leading and trailing whitespace characters are not included": 256 characters plus spaces pass.
    const padded = await post({ title: `  ${long(256)}  `, fields: [{ name: "n", value: long(1024) }] }, day);
    expect(padded.status).toBe(200);
    expect(emu.messages(day)).toHaveLength(1);
  });

  it("refuses embeds totalling over 6000 characters across the message, and content over 2000", async () => {
    const { emu, day, bot } = await world();
    const split = await api(emu, bot, "POST", `/channels/${day}/messages`, {
      embeds: [
        { description: long(4000) },
        { description: long(1500), title: long(250), footer: { text: long(251) } },
      ],
    });
    expect(split.status).toBe(400);
    expect(formError(split.body, "embeds")?.code).toBe("MAX_EMBED_SIZE_EXCEEDED");
    const exactly = await api(emu, bot, "POST", `/channels/${day}/messages`, {
      embeds: [
        { description: long(4000) },
        { description: long(1500), title: long(250), footer: { text: long(250) } },
      ],
    });
    expect(exactly.status).toBe(200);
    const content = await api(emu, bot, "POST", `/channels/${day}/messages`, { content: long(2001) });
    expect(content.status).toBe(400);
    expect(formError(content.body, "content")?.code).toBe("BASE_TYPE_MAX_LENGTH");
    // An edit is held to the same limits.
    const id = String(exactly.body["id"]);
    const edit = await api(emu, bot, "PATCH", `/channels/${day}/messages/${id}`, {
      embeds: [{ title: long(300) }],
    });
    expect(edit.status).toBe(400);
    expect(formError(edit.body, "embeds.0.title")?.code).toBe("BASE_TYPE_MAX_LENGTH");
    expect(emu.messages(day)).toHaveLength(1);
  });
});

describe("webhooks (https://discord.com/developers/docs/resources/webhook#create-webhook)", () => {
  it("refuses names containing clyde or discord in any case, or over 80 characters, at create and at execute", async () => {
    const { emu, day, bot } = await world();
    for (const name of ["Discord", "my CLYDE", "xdiscordx", long(81)]) {
      const res = await api(emu, bot, "POST", `/channels/${day}/webhooks`, { name });
      expect(res.status, name).toBe(400);
      expect(res.body["code"]).toBe(50035);
      expect(formError(res.body, "name")?.code, name).toMatch(
        /USERNAME_INVALID_CONTAINS|BASE_TYPE_BAD_LENGTH/,
      );
    }
    const hook = await api(emu, bot, "POST", `/channels/${day}/webhooks`, { name: long(80) });
    expect(hook.status).toBe(200);
    const url = `/webhooks/${String(hook.body["id"])}/${String(hook.body["token"])}?wait=true`;
    for (const username of ["The Discord Narrator", "clyde", long(81)]) {
      const res = await api(emu, "", "POST", url, { content: "night falls", username });
      expect(res.status, username).toBe(400);
      expect(formError(res.body, "username")?.code).toMatch(/USERNAME_INVALID_CONTAINS|BASE_TYPE_BAD_LENGTH/);
    }
    const fine = await api(emu, "", "POST", url, { content: "night falls", username: "Narrator" });
    expect(fine.status).toBe(200);
    expect(emu.messages(day).map((m) => (m["author"] as { username: string }).username)).toEqual([
      "Narrator",
    ]);
  });

  it("a channel holds at most 15 webhooks; the 16th answers 30007", async () => {
    const { emu, day, bot } = await world();
    for (let i = 0; i < 15; i++)
      expect((await api(emu, bot, "POST", `/channels/${day}/webhooks`, { name: `mask ${i}` })).status).toBe(
        200,
      );
    const res = await api(emu, bot, "POST", `/channels/${day}/webhooks`, { name: "mask 16" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Maximum number of webhooks reached (15)", code: 30007 });
  });
});

describe("guild maximums (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json)", () => {
  it("a category holds 50 channels (https://discord.com/developers/docs/resources/channel#channel-object-channel-types)", async () => {
    const { emu, g, day, bot } = await world();
    const category = emu.createChannel(g.id, { name: "game", type: 4 });
    for (let i = 0; i < 50; i++) emu.createChannel(g.id, { name: `c${i}`, parent_id: category });
    const res = await api(emu, bot, "POST", `/guilds/${g.id}/channels`, {
      name: "one-more",
      parent_id: category,
    });
    expect(res.status).toBe(400);
    expect(formError(res.body, "parent_id")).toEqual({
      code: "CHANNEL_PARENT_MAX_CHANNELS",
      message: "Maximum number of channels in category reached (50)",
    });
    const move = await api(emu, bot, "PATCH", `/channels/${day}`, { parent_id: category });
    expect(formError(move.body, "parent_id")?.code).toBe("CHANNEL_PARENT_MAX_CHANNELS");
    expect(emu.channel(day)?.["parent_id"]).toBeNull();
  });

  it("a guild holds 500 channels; the 501st answers 30013", async () => {
    const { emu, g, bot } = await world();
    for (let i = 0; i < 499; i++) emu.createChannel(g.id, { name: `c${i}` });
    const res = await api(emu, bot, "POST", `/guilds/${g.id}/channels`, { name: "too-many" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Maximum number of guild channels reached (500)", code: 30013 });
  });

  it("a guild holds 250 roles; the next answers 30005", async () => {
    const { emu, g, bot } = await world();
    // @everyone and the bot's role exist already.
    for (let i = 0; i < 248; i++) emu.createRole(g.id, { name: `r${i}` });
    const res = await api(emu, bot, "POST", `/guilds/${g.id}/roles`, { name: "one too many" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Maximum number of guild roles reached (250)", code: 30005 });
  });

  it("a channel holds 100 permission overwrites, in a create body and one PUT at a time", async () => {
    const { emu, g, day, bot } = await world();
    const users = Array.from({ length: 101 }, (_, i) => emu.createMember(g.id, `u${i}`).id);
    const overwrites = users.map((id) => ({ id, type: 1, allow: "1024", deny: "0" }));
    const create = await api(emu, bot, "POST", `/guilds/${g.id}/channels`, {
      name: "crowded",
      permission_overwrites: overwrites,
    });
    expect(create.status).toBe(400);
    expect(formError(create.body, "permission_overwrites")?.code).toBe("BASE_TYPE_MAX_LENGTH");
    for (const id of users.slice(0, 100)) emu.setOverwrite(day, id, { type: 1, allow: 1024n });
    const put = await api(emu, bot, "PUT", `/channels/${day}/permissions/${users[100] ?? ""}`, {
      type: 1,
      allow: "1024",
    });
    expect(put.status).toBe(400);
    // Replacing an existing overwrite is not a new one.
    const replace = await api(emu, bot, "PUT", `/channels/${day}/permissions/${users[0] ?? ""}`, {
      type: 1,
      allow: "3072",
    });
    expect(replace.status).toBe(204);
  });
});

describe("application commands (https://discord.com/developers/docs/interactions/application-commands#application-command-object)", () => {
  it("refuses over 25 options or choices and choice names over 100 characters", async () => {
    const { emu, g, bot } = await world();
    const path = `/applications/${emu.applicationId}/guilds/${g.id}/commands`;
    const option = (i: number) => ({ type: 3, name: `o${i}`, description: "an option" });
    const tooMany = await api(emu, bot, "PUT", path, [
      { name: "vote", description: "Vote", options: Array.from({ length: 26 }, (_, i) => option(i)) },
    ]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body["code"]).toBe(50035);
    const choices = Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` }));
    const tooManyChoices = await api(emu, bot, "POST", path, {
      name: "vote",
      description: "Vote",
      options: [{ ...option(0), choices }],
    });
    expect(formError(tooManyChoices.body, "options.0.choices")?.code).toBe("BASE_TYPE_MAX_LENGTH");
    const longName = await api(emu, bot, "POST", path, {
      name: "vote",
      description: "Vote",
      options: [{ ...option(0), choices: [{ name: long(101), value: "v" }] }],
    });
    expect(formError(longName.body, "options.0.choices.0.name")?.code).toBe("BASE_TYPE_BAD_LENGTH");
    const ok = await api(emu, bot, "POST", path, {
      name: "vote",
      description: "Vote",
      options: [{ ...option(0), choices: choices.slice(0, 25) }],
    });
    expect(ok.status).toBe(201);
  });
});

describe("the emulator's request log", () => {
  it("keeps at most requestLogLimit requests and counts the ones it dropped, so a count from it is never silently short", async () => {
    emu = await startEmulator({ port: 0, strict: false, requestLogLimit: 4 });
    const g = emu.createGuild({ members: 1 });
    const bot = `Bot ${emu.botToken}`;
    for (let i = 0; i < 7; i++)
      expect((await api(emu, bot, "GET", `/guilds/${g.id}/channels`)).status).toBe(200);
    expect(emu.requests().length).toBeLessThanOrEqual(4);
    expect(emu.requests().length + emu.droppedRequests()).toBe(7);
    expect(emu.requestCount()).toBe(7);
    emu.resetRequestCounts();
    expect(emu.droppedRequests()).toBe(0);
  });
});
