import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export async function pgliteLeftBehind(dataDir: string, url: string): Promise<string | null> {
  const dir = path.join(dataDir, "store");
  if (!existsSync(path.join(dir, "PG_VERSION"))) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const has = await client.query<{ t: string | null }>("select to_regclass('public.members')::text as t");
    if (!has.rows[0]?.t) return dir;
    const { rows } = await client.query<{ n: number }>("select (select count(*) from members) + (select count(*) from audit_events) as n");
    return Number(rows[0]!.n) === 0 ? dir : null;
  } finally {
    await client.end();
  }
}
