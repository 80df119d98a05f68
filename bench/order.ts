import { fileURLToPath } from "node:url";
import { games } from "../src/db/schema/index.js";
import { startHarness, type Harness } from "../test/bot/harness.js";
import { watchStatements, type StatementWatch } from "../test/support/statements.js";
import { acceptedActions, speakInDay } from "./players.js";

/**
 * `order.sql_statements`: the SQL statements Postgres receives for one accepted `/order`, from
 * the interaction to the bot's final reply, counted at the driver (every `query` a pooled client
 * sends, BEGIN and COMMIT included), with the bot running in this process on the real stack
 * (emulator, discord.js, Postgres, Redis). A 24-player classic game in night 1; each sample is a
 * different player's order, built from what the autocomplete offers that player, as a player
 * builds it. The figure is the median; `order.sql_statements_samples` lists them.
 */

const PLAYERS = 24;
const SAMPLES = 9;

async function firstValue(h: Harness, user: string, options: Record<string, unknown>, focused: string) {
  const choices = await h.choices(user, "order", options, focused);
  return choices.map((c) => String(c.value));
}

export async function benchOrderStatements(): Promise<Record<string, unknown>> {
  const h = await startHarness(PLAYERS);
  let statements: StatementWatch | undefined;
  try {
    const gm = h.guild.ownerId;
    const users = h.guild.members.map((m) => m.id);
    await h.slash(gm, "settings", { language: "en" });
    await h.slash(gm, "game create", { ruleset: "classic", name: "Bench" });
    for (const user of users) await h.slash(user, "game join");
    await h.slash(gm, "game start");
    const [game] = await h.database.db.select().from(games);
    if (!game) throw new Error("no game");
    await h.drain(game.id);
    await h.resolvePhase(game.id); // night 0 → day 1
    await speakInDay(h.database.db, h.emu, game.id, users); // classic removes players silent for a whole day
    await h.resolvePhase(game.id); // day 1 → night 1

    statements = watchStatements();
    const samples: number[] = [];
    for (const user of users) {
      if (samples.length >= SAMPLES) break;
      const actions = (await firstValue(h, user, { action: "" }, "action")).filter(
        (v) => !["post", "leave"].includes(v.split("|")[0] ?? v),
      );
      const action = actions[0];
      if (!action) continue;
      const targets = await firstValue(h, user, { action, target: "" }, "target");
      const options = targets[0] ? { action, target: targets[0] } : { action };
      const before = await acceptedActions(h.database.db, game.id);
      const { sql } = await statements.during(() => h.slash(user, "order", options));
      const counted = sql.length;
      if ((await acceptedActions(h.database.db, game.id)) === before + 1) samples.push(counted);
    }
    statements.restore();
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      "order.sql_statements": sorted[Math.floor(sorted.length / 2)] ?? null,
      "order.sql_statements_samples": samples,
    };
  } finally {
    statements?.restore();
    await h.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await benchOrderStatements(), null, 2)}\n`);
  process.exit(0);
}
