import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openEmbedded } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/open";
import { Kysely, PostgresDialect } from "kysely";
import type { Database } from "@/lib/db/schema";
import { ensureTemplate, templateName } from "@/lib/testing/test-database";
import { testStoreKind } from "@/lib/testing/store";

// Before the unit suite: the migrated template on the test PostgreSQL, or the migrated embedded dump each file starts from.
export default async function setup({ provide }: { provide: (key: "embeddedTemplate", value: string) => void }) {
  if (testStoreKind() === "postgres") {
    await ensureTemplate();
    return;
  }
  const dir = path.join(tmpdir(), "labs-test-templates");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${await templateName()}-${process.pid}.tar`);
  const embedded = await openEmbedded({ dataDir: "memory://" });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: embedded.pool }) });
  await migrate(db);
  const dump = await embedded.pglite.dumpDataDir("none");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  provide("embeddedTemplate", file);
}

declare module "vitest" {
  export interface ProvidedContext {
    embeddedTemplate: string;
  }
}
