import { startThrowawayServer } from "@/lib/db/local-server";
import { ensureTemplate } from "@/lib/testing/test-database";

// Before the unit suite: the test PostgreSQL (TEST_DATABASE_URL, or a throwaway server) and its migrated template.
export default async function setup() {
  let stop: (() => Promise<void>) | undefined;
  if (!process.env.TEST_DATABASE_URL?.trim()) {
    const server = await startThrowawayServer();
    // The workers start after this and inherit it.
    process.env.TEST_DATABASE_URL = server.url;
    stop = server.stop;
  }
  await ensureTemplate();
  return async () => {
    await stop?.();
  };
}
