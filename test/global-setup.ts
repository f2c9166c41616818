import { startThrowawayServer } from "@/lib/db/local-server";
import { ensureTemplate } from "@/test/test-database";

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
