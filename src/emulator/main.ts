/**
 * `npm run emulator [-- --members N --port P --guild-name NAME --no-rate-limit --no-strict --latency MS]`
 * Starts the Discord emulator, creates a guild with N members and prints ONE JSON line:
 * {apiBase, gatewayUrl, botToken, applicationId, guildId, channelId (#general), admin, members}.
 * `admin` is the server's owner (every permission, Manage Server among them): a bot run against
 * the emulator treats that account as a GM (docs/gm.md), so it can create and run games.
 * Rate limits and the strict OpenAPI oracle are on unless turned off.
 * Environment: EMULATOR_MEMBERS, EMULATOR_PORT, EMULATOR_GUILD_NAME, EMULATOR_RATE_LIMIT=0, EMULATOR_STRICT=0, EMULATOR_LATENCY_MS.
 * Bad input is refused with one line and exit 2; SIGINT, SIGTERM and SIGHUP stop it within 5 s.
 */
import { integerFlag, parseFlags, portFlag, runCli } from "../cli/args.js";
import { startEmulator } from "./index.js";

const USAGE = `usage: npm run emulator -- [--members N] [--port P] [--guild-name NAME] [--latency MS] [--no-rate-limit] [--no-strict]

Starts the local Discord API emulator (docs/emulator.md) with one server ("Sandbox") and N members
(default 5), and prints one JSON line: apiBase, gatewayUrl, botToken, applicationId, guildId,
channelId, admin (the server's owner: act as a GM with its token) and members.
  --members N        plain members, 0 to 1000 (EMULATOR_MEMBERS)
  --port P           the port to listen on, 0 for any free port (EMULATOR_PORT; default 0)
  --guild-name NAME  the server's name (EMULATOR_GUILD_NAME)
  --latency MS       delay of every answer, 0 to 60000 (EMULATOR_LATENCY_MS)
  --no-rate-limit    answer without Discord's rate limits (EMULATOR_RATE_LIMIT=0)
  --no-strict        do not check requests against Discord's OpenAPI (EMULATOR_STRICT=0)`;

async function main(argv: string[]): Promise<void> {
  const { values } = parseFlags(argv, {
    members: { type: "string" },
    port: { type: "string" },
    "guild-name": { type: "string" },
    latency: { type: "string" },
    "no-rate-limit": { type: "boolean" },
    "no-strict": { type: "boolean" },
  });
  const env = process.env;
  const text = (flag: string, variable: string): [string, string | undefined] => {
    const value = values[flag] as string | undefined;
    return value !== undefined ? [`--${flag}`, value] : [variable, env[variable]];
  };
  const fromEnv = (flag: string, variable: string, fallback: string): [string, string] => {
    const [name, value] = text(flag, variable);
    return [name, value ?? fallback];
  };
  const members = integerFlag(...fromEnv("members", "EMULATOR_MEMBERS", "5"), 0, 1000);
  const port = portFlag(...fromEnv("port", "EMULATOR_PORT", "0"));
  const latency = integerFlag(...fromEnv("latency", "EMULATOR_LATENCY_MS", "0"), 0, 60_000);
  const name = (values["guild-name"] as string | undefined) ?? env["EMULATOR_GUILD_NAME"] ?? "Sandbox";
  const rateLimit = values["no-rate-limit"] !== true && env["EMULATOR_RATE_LIMIT"] !== "0";
  const strict = values["no-strict"] !== true && env["EMULATOR_STRICT"] !== "0";

  let emu;
  try {
    emu = await startEmulator({ port, strict, rateLimit: { enabled: rateLimit }, latencyMs: latency });
  } catch (error) {
    process.stderr.write(`emulator: cannot listen on port ${port}: ${(error as Error).message}\n`);
    process.exit(1);
  }
  // Before the JSON line: whoever reads it may stop us at once.
  const running = emu;
  const stop = (): void => {
    setTimeout(() => process.exit(0), 4_000).unref();
    void running.close().then(() => process.exit(0));
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, stop);
  const g = emu.createGuild({ name, members });
  const general = emu.createChannel(g.id, { name: "general" });
  const owner = emu.state.users.byId.get(g.ownerId);
  console.log(
    JSON.stringify({
      apiBase: emu.apiBase,
      gatewayUrl: emu.gatewayUrl,
      botToken: emu.botToken,
      applicationId: emu.applicationId,
      guildId: g.id,
      channelId: general,
      oracle: emu.oracleLoaded,
      admin: { id: g.ownerId, username: owner?.username ?? "", token: owner?.token ?? "" },
      members: g.members.map((m) => ({ id: m.id, username: m.username, token: m.token })),
    }),
  );
}

await runCli("emulator", USAGE, main);
