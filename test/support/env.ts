/** Where the tests find the machine's Postgres and Redis (the README's defaults). */
export const TEST_DATABASE_URL =
  process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";
export const TEST_REDIS_URL = process.env["TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379";
