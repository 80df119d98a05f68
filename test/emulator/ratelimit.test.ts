import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { api } from "./helpers.js";

// https://discord.com/developers/docs/topics/rate-limits
let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe("rate limits (https://discord.com/developers/docs/topics/rate-limits)", () => {
  it("are on by default: a route's bucket answers 429 with retry_after, global:false and its headers", async () => {
    emu = await startEmulator({ port: 0 });
    const g = emu.createGuild({ members: 1 });
    const [player] = g.members;
    if (!player) throw new Error("member");
    const day = emu.createChannel(g.id, { name: "day" });
    // Sent together, so the six fall in one 5-second window even on a loaded machine.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api(emu as Emulator, player.token, "POST", `/channels/${day}/messages`, { content: `m${i}` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = answers.find((a) => a.status === 429);
    if (!limited) throw new Error("answer");
    expect(Object.keys(limited.body).sort()).toEqual(["global", "message", "retry_after"]);
    expect(limited.body["message"]).toBe("You are being rate limited.");
    expect(limited.body["global"]).toBe(false);
    expect(limited.body["retry_after"]).toBeGreaterThan(0);
    expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("x-ratelimit-global")).toBeNull();
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // The bucket is per channel (a top-level resource): another channel is not limited.
    const night = emu.createChannel(g.id, { name: "night" });
    expect(
      (await api(emu, player.token, "POST", `/channels/${night}/messages`, { content: "hi" })).status,
    ).toBe(200);
    expect(emu.messages(day)).toHaveLength(5);
  });

  it("a test may switch them off, and only explicitly", async () => {
    emu = await startEmulator({ port: 0, rateLimit: { enabled: false } });
    const g = emu.createGuild({ members: 1 });
    const [player] = g.members;
    if (!player) throw new Error("member");
    const day = emu.createChannel(g.id, { name: "day" });
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await api(emu, player.token, "POST", `/channels/${day}/messages`, { content: `m${i}` })).status,
      );
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it("the global limit is 50 requests per second per bot token, answered with global:true; interaction routes are exempt", async () => {
    emu = await startEmulator({ port: 0 });
    // The limiter itself, so the count does not depend on how fast this machine sends requests
    // (the HTTP answer of a global 429 is tested in gateway.test.ts).
    const checks = Array.from({ length: 51 }, (_, i) =>
      emu?.limiter.check("GET /channels/{channel_id}", `channel_id:${i}`, "bot", false),
    );
    expect(checks.slice(0, 50).every((c) => c?.limited === null)).toBe(true);
    expect(checks[50]?.limited).toMatchObject({ global: true, scope: "global" });
    // Another token has its own count; interaction callbacks are not bound to the global limit.
    expect(
      emu.limiter.check("GET /channels/{channel_id}", "channel_id:0", "other", false).limited,
    ).toBeNull();
    expect(
      emu.limiter.check("POST /interactions/{interaction_id}/{interaction_token}/callback", "", "bot", true)
        .limited,
    ).toBeNull();
  });

  it("each interaction token has buckets of its own (webhook_id + webhook_token is the major parameter)", async () => {
    emu = await startEmulator({ port: 0 });
    const app = emu.applicationId;
    const edit = (token: string) =>
      api(emu as Emulator, "", "PATCH", `/webhooks/${app}/${token}/messages/@original`, { content: "x" });
    // Sixty replies to sixty interactions in one second: none waits for another's bucket.
    const many = await Promise.all(Array.from({ length: 60 }, (_, i) => edit(`token-${i}`)));
    expect(many.filter((a) => a.status === 429)).toHaveLength(0);
    // Sixty edits of one interaction's reply share one bucket.
    const one = await Promise.all(Array.from({ length: 60 }, () => edit("token-same")));
    expect(one.filter((a) => a.status === 429).length).toBeGreaterThan(0);
  });
});
