import { z } from "zod";
import { createDatabase } from "./client.js";
import { migrateDatabase } from "./migrate.js";

/** `npm run db:migrate`: needs only DATABASE_URL. */
const url = z.string().url().safeParse(process.env["DATABASE_URL"]);
if (!url.success) {
  process.stderr.write(
    "Configuration error: DATABASE_URL: missing or malformed; expected a URL like postgres://postgres@127.0.0.1:5432/gm_bot\n",
  );
  process.exit(1);
}
const database = createDatabase(url.data, { max: 1 });
try {
  await migrateDatabase(database);
  process.stdout.write("migrations applied\n");
} catch (error) {
  process.stderr.write(`migration failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
