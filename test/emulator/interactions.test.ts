import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type Client,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { loginBot } from "./helpers.js";

let emu: Emulator | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.destroy();
  await emu?.close();
  emu = client = undefined;
});

const vote = new SlashCommandBuilder()
  .setName("vote")
  .setNameLocalizations({ ru: "голос" })
  .setDescription("Vote for a player")
  .setDescriptionLocalizations({ ru: "Голосовать за игрока" })
  .addUserOption((o) => o.setName("target").setDescription("Who").setRequired(true))
  .addStringOption((o) => o.setName("reason").setDescription("Why").setAutocomplete(true));

const game = new SlashCommandBuilder()
  .setName("game")
  .setDescription("Game admin")
  .addSubcommand((s) =>
    s
      .setName("start")
      .setDescription("Start")
      .addIntegerOption((o) => o.setName("players").setDescription("n").setRequired(true)),
  );

async function setup(opts: Parameters<typeof startEmulator>[0] = {}) {
  emu = await startEmulator({ port: 0, strict: true, ...opts });
  const g = emu.createGuild({ name: "G", members: 2 });
  const channel = emu.createChannel(g.id, { name: "day" });
  client = await loginBot(emu);
  await client.application?.commands.set([vote.toJSON(), game.toJSON()], g.id);
  const [a, b] = g.members;
  if (!a || !b) throw new Error("members");
  return { emu, client, g, channel, a, b };
}

describe("application commands and interactions", () => {
  it("registers localized guild and global commands with a bulk overwrite", async () => {
    const { emu, client, g } = await setup();
    const fetched = await client.application?.commands.fetch({ guildId: g.id, withLocalizations: true });
    const v = fetched?.find((c) => c.name === "vote");
    expect(v?.nameLocalizations).toEqual({ ru: "голос" });
    expect(v?.descriptionLocalizations).toEqual({ ru: "Голосовать за игрока" });
    await client.application?.commands.set([vote.toJSON()]);
    expect(emu.requestCount("PUT /applications/{application_id}/commands")).toBe(1);
    expect(emu.requestCount("PUT /applications/{application_id}/guilds/{guild_id}/commands")).toBe(1);
    // Overwriting again keeps the ids of commands with the same name.
    const again = await client.application?.commands.set([vote.toJSON(), game.toJSON()], g.id);
    expect(again?.find((c) => c.name === "vote")?.id).toBe(v?.id);
    expect(emu.violations()).toEqual([]);
  });

  it("a user's slash command reaches the bot; a deferred ephemeral reply is edited later", async () => {
    const { emu, client, channel, a, b } = await setup();
    client.on("interactionCreate", async (i) => {
      if (!i.isChatInputCommand() || i.commandName !== "vote") return;
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await new Promise((r) => setTimeout(r, 50));
      const target = i.options.getUser("target", true);
      await i.editReply(`You voted for ${target.username} (${i.options.getString("reason") ?? "no reason"})`);
    });
    const h = emu.user(a.id).slash(channel, "vote", { target: b.id, reason: "quiet" });
    expect((await h.callback()).type).toBe(5);
    const reply = await h.reply();
    expect(reply["content"]).toBe(`You voted for ${b.username} (quiet)`);
    expect(Number(reply["flags"]) & 64).toBe(64);
    expect(Number(reply["flags"]) & 128).toBe(0);
    // Ephemeral: nobody reads it in the channel.
    expect(emu.user(b.id).read(channel)).toEqual([]);
    expect(emu.messages(channel)).toEqual([]);
    expect(emu.violations()).toEqual([]);
  });

  it("subcommands carry typed options; missing required options are refused before reaching the bot", async () => {
    const { emu, client, channel, a } = await setup();
    const got: number[] = [];
    client.on("interactionCreate", async (i) => {
      if (!i.isChatInputCommand()) return;
      got.push(i.options.getInteger("players", true));
      await i.reply(`starting with ${i.options.getSubcommand()} ${got.at(-1)}`);
    });
    const h = emu.user(a.id).slash(channel, "game start", { players: 7 });
    expect((await h.reply())["content"]).toBe("starting with start 7");
    expect(() => emu.user(a.id).slash(channel, "game start")).toThrow(/Invalid Form Body/);
    expect(() => emu.user(a.id).slash(channel, "nope")).toThrow(/Unknown application command/);
    expect(emu.messages(channel)).toHaveLength(1);
  });

  it("autocomplete returns choices", async () => {
    const { emu, client, channel, a, b } = await setup();
    client.on("interactionCreate", async (i) => {
      if (!i.isAutocomplete()) return;
      const typed = i.options.getFocused();
      await i.respond(
        ["quiet", "lurking", "scummy"].filter((x) => x.startsWith(typed)).map((x) => ({ name: x, value: x })),
      );
    });
    const h = emu.user(a.id).autocomplete(channel, "vote", { target: b.id, reason: "q" }, "reason");
    expect(await h.choices()).toEqual([{ name: "quiet", value: "quiet" }]);
  });

  it("refuses an autocomplete answer over 25 choices or with a name over 100 characters, outside strict mode too (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-autocomplete)", async () => {
    const { emu, client, channel, a, b } = await setup({ strict: false });
    const refusals: unknown[] = [];
    client.on("interactionCreate", async (i) => {
      if (!i.isAutocomplete()) return;
      const many = Array.from({ length: 26 }, (_, n) => ({ name: `c${n}`, value: `c${n}` }));
      const choices = i.options.getFocused() === "long" ? [{ name: "x".repeat(101), value: "x" }] : many;
      await i.respond(choices).catch((e: unknown) => refusals.push(e));
    });
    for (const typed of ["many", "long"]) {
      const h = emu.user(a.id).autocomplete(channel, "vote", { target: b.id, reason: typed }, "reason");
      await expect(h.choices(2000)).rejects.toThrow();
    }
    expect(refusals.map((e) => (e as { code?: number }).code)).toEqual([50035, 50035]);
  });

  it("a button and a select menu produce component interactions; update and follow-up arrive", async () => {
    const { emu, client, channel, a, b } = await setup();
    const ch = await client.channels.fetch(channel);
    if (!ch?.isSendable()) throw new Error("not sendable");
    const msg = await ch.send({
      content: "Night action",
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId("confirm").setLabel("Confirm").setStyle(ButtonStyle.Primary),
        ),
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId("target")
            .addOptions({ label: "A", value: a.id }, { label: "B", value: b.id }),
        ),
      ],
    });
    client.on("interactionCreate", async (i) => {
      if (i.isButton()) await i.update({ content: `Confirmed by ${i.user.username}`, components: [] });
      if (i.isStringSelectMenu()) {
        await i.deferUpdate();
        await i.followUp({ content: `Target: ${i.values.join(",")}`, flags: MessageFlags.Ephemeral });
      }
    });
    const sel = emu.user(a.id).select(msg.id, "target", [b.id]);
    expect((await sel.callback()).type).toBe(6);
    expect((await sel.followUp())["content"]).toBe(`Target: ${b.id}`);
    expect(() => emu.user(a.id).select(msg.id, "target", ["not-an-option"])).toThrow(/Invalid Form Body/);
    const btn = emu.user(a.id).click(msg.id, "confirm");
    const updated = await btn.reply();
    expect(updated["content"]).toBe(`Confirmed by ${a.username}`);
    expect(updated["components"]).toEqual([]);
    // The button is gone now: clicking it again is refused.
    expect(() => emu.user(a.id).click(msg.id, "confirm")).toThrow();
    expect(emu.violations()).toEqual([]);
  });

  it("a modal is shown and submitted", async () => {
    const { emu, client, channel, a, b } = await setup();
    client.on("interactionCreate", async (i) => {
      if (i.isChatInputCommand()) {
        await i.showModal(
          new ModalBuilder()
            .setCustomId("will")
            .setTitle("Your last will")
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(
                new TextInputBuilder()
                  .setCustomId("text")
                  .setLabel("Will")
                  .setStyle(TextInputStyle.Paragraph),
              ),
            ),
        );
      } else if (i.isModalSubmit()) {
        await i.reply({
          content: `Will saved: ${i.fields.getTextInputValue("text")}`,
          flags: MessageFlags.Ephemeral,
        });
      }
    });
    const h = emu.user(a.id).slash(channel, "vote", { target: b.id });
    const modal = await h.modal();
    expect(modal["title"]).toBe("Your last will");
    expect(() => emu.user(b.id).submitModal({ text: "not mine" })).toThrow(/Unknown interaction/);
    const sub = emu.user(a.id).submitModal({ text: "I was the doctor" });
    expect((await sub.reply())["content"]).toBe("Will saved: I was the doctor");
    expect(emu.violations()).toEqual([]);
  });

  it("enforces the 3-second window (here shortened) and single acknowledgement", async () => {
    const { emu, client, channel, a, b } = await setup({ interactionAckMs: 150 });
    const errors: unknown[] = [];
    client.on("interactionCreate", async (i) => {
      if (!i.isChatInputCommand()) return;
      if (i.options.getString("reason") === "late") await new Promise((r) => setTimeout(r, 300));
      try {
        await i.reply("first");
        await i.reply("second");
      } catch (e) {
        errors.push(e);
      }
    });
    const late = emu.user(a.id).slash(channel, "vote", { target: b.id, reason: "late" });
    await expect(late.callback(2000)).rejects.toThrow(/did not answer in time/);
    await new Promise((r) => setTimeout(r, 300));
    expect(errors.map((e) => (e as { code?: number }).code)).toContain(10062);
    errors.length = 0;
    const twice = emu.user(a.id).slash(channel, "vote", { target: b.id });
    await twice.reply();
    await new Promise((r) => setTimeout(r, 100));
    expect(errors.map((e) => (e as { code?: unknown }).code)).toEqual(["InteractionAlreadyReplied"]);
  });

  it("a user token can invoke a command over HTTP like the Discord client", async () => {
    const { emu, client, channel, a, b, g } = await setup();
    client.on("interactionCreate", async (i) => {
      if (i.isChatInputCommand()) await i.reply(`hi ${i.user.id}`);
    });
    const cmds = await client.application?.commands.fetch({ guildId: g.id });
    const id = cmds?.find((c) => c.name === "vote")?.id;
    const res = await fetch(`${emu.apiBase}/v10/interactions`, {
      method: "POST",
      headers: { Authorization: a.token, "Content-Type": "application/json" },
      body: JSON.stringify({
        type: 2,
        application_id: emu.applicationId,
        guild_id: g.id,
        channel_id: channel,
        data: { id, name: "vote", type: 1, options: [{ name: "target", type: 6, value: b.id }] },
      }),
    });
    expect(res.status).toBe(204);
    const msg = await emu.waitForMessage(channel);
    expect(msg["content"]).toBe(`hi ${a.id}`);
    const read = await fetch(`${emu.apiBase}/v10/channels/${channel}/messages`, {
      headers: { Authorization: a.token },
    });
    expect(((await read.json()) as { content: string }[])[0]?.content).toBe(`hi ${a.id}`);
  });
});

describe("application commands in a locked thread (https://discord.com/developers/docs/change-log#update-to-locked-threads)", () => {
  it("a member without Manage Threads runs no command there: he keeps only View Channel, Read Message History, Add Reactions and Use External Emojis", async () => {
    const { emu, channel, a } = await setup();
    const thread = String(emu.user(a.id).createThread(channel, "day 1", 11)["id"]);
    expect(emu.user(a.id).slash(thread, "game start", { players: 5 })).toBeDefined();
    const bot = `Bot ${emu.botToken}`;
    await fetch(`${emu.apiBase}/v10/channels/${thread}`, {
      method: "PATCH",
      headers: { Authorization: bot, "Content-Type": "application/json" },
      body: JSON.stringify({ locked: true, archived: true }),
    });
    expect(() => emu.user(a.id).slash(thread, "game start", { players: 5 })).toThrow(/locked/);
  });
});
