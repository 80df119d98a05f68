/**
 * `npm run emulator [-- --members N --port P --guild-name NAME --no-rate-limit --no-strict --latency MS]`
 * Starts the Discord emulator, creates a guild with N members and prints ONE JSON line:
 * {apiBase, gatewayUrl, botToken, applicationId, guildId, channelId (#general), members: [{id, username, token}]}.
 * Rate limits and the strict OpenAPI oracle are on unless turned off.
 * Environment: EMULATOR_MEMBERS, EMULATOR_PORT, EMULATOR_GUILD_NAME, EMULATOR_RATE_LIMIT=0, EMULATOR_STRICT=0, EMULATOR_LATENCY_MS.
 */
import { startEmulator } from "./index.js";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  return v === undefined || v.startsWith("--") ? "true" : v;
}

const members = Number(arg("members") ?? process.env["EMULATOR_MEMBERS"] ?? 5);
const port = Number(arg("port") ?? process.env["EMULATOR_PORT"] ?? 0);
const name = arg("guild-name") ?? process.env["EMULATOR_GUILD_NAME"] ?? "Sandbox";
const rateLimit = arg("no-rate-limit") === undefined && process.env["EMULATOR_RATE_LIMIT"] !== "0";
const strict = arg("no-strict") === undefined && process.env["EMULATOR_STRICT"] !== "0";
const latency = Number(arg("latency") ?? process.env["EMULATOR_LATENCY_MS"] ?? 0);

const emu = await startEmulator({ port, strict, rateLimit: { enabled: rateLimit }, latencyMs: latency });
const g = emu.createGuild({ name, members });
const general = emu.createChannel(g.id, { name: "general" });
console.log(
  JSON.stringify({
    apiBase: emu.apiBase,
    gatewayUrl: emu.gatewayUrl,
    botToken: emu.botToken,
    applicationId: emu.applicationId,
    guildId: g.id,
    channelId: general,
    oracle: emu.oracleLoaded,
    members: g.members.map((m) => ({ id: m.id, username: m.username, token: m.token })),
  }),
);

const stop = (): void => {
  void emu.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
