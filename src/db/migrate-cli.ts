import { z } from "zod";
import { parseFlags, runCli } from "../cli/args.js";
import { createDatabase } from "./client.js";
import { migrateDatabase } from "./migrate.js";

const USAGE = `usage: npm run db:migrate

Applies the committed SQL migrations (drizzle/) to the database of DATABASE_URL, e.g.
DATABASE_URL=postgres://postgres@127.0.0.1:5432/gm_bot npm run db:migrate. Applying them twice
changes nothing. Exit 0 when applied; 1 when the database refuses; 2 on bad usage. No flags.`;

/** `npm run db:migrate`: needs only DATABASE_URL. */
await runCli("db:migrate", USAGE, async (argv) => {
  parseFlags(argv, {});
  const url = z.string().url().safeParse(process.env["DATABASE_URL"]);
  if (!url.success) {
    process.stderr.write(
      "Configuration error: DATABASE_URL: missing or malformed; expected a URL like postgres://postgres@127.0.0.1:5432/gm_bot\n",
    );
    return 1;
  }
  const database = createDatabase(url.data, { max: 1 });
  try {
    await migrateDatabase(database);
    process.stdout.write("migrations applied\n");
    return 0;
  } catch (error) {
    process.stderr.write(`migration failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await database.close();
  }
});
