import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { Kysely, PostgresDialect } from "kysely";
import { migrate } from "@/lib/boot/features";
import { consoleMigrations } from "@/lib/boot/features";
import type { Database } from "@/lib/store/schema";

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) throw new Error("TEST_DATABASE_URL is not set: run the tests through `npm test` or vitest, which start a throwaway PostgreSQL, or point it at a server.");
  return url;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function templateName(): Promise<string> {
  // Names and code: a migration edited before it was released still gets a new template.
  const source = Object.entries(consoleMigrations).map(([name, m]) => `${name}\n${m.up.toString()}`).join("\n");
  return `labs_template_${createHash("sha256").update(source).digest("hex").slice(0, 12)}`;
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `No PostgreSQL answers at TEST_DATABASE_URL (${url.replace(/:[^:@/]*@/, ":***@")}): ${String(error)}. ` +
        "Unset it to let the test command start a throwaway PostgreSQL, or start that server.",
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function ensureTemplate(url = testDatabaseUrl()): Promise<string> {
  const name = await templateName();
  await admin(url, async (client) => {
    await client.query("SELECT pg_advisory_lock(7242019)");
    try {
      const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (exists.rowCount) return;
      const building = `${name}_build`;
      await client.query(`DROP DATABASE IF EXISTS ${building}`);
      await client.query(`CREATE DATABASE ${building}`);
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(url, building), max: 1 }) }) });
      try {
        await migrate(db);
      } finally {
        await db.destroy();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await client.query("SELECT pg_advisory_unlock(7242019)");
    }
  });
  return name;
}

// FORCE may meet a server process it may not signal (an autovacuum worker): it ends soon, so try again.
async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      return;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

export async function createTestDatabase(prefix = "labs_test"): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const url = testDatabaseUrl();
  const template = await ensureTemplate(url);
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  // CREATE DATABASE ... TEMPLATE needs the template free of sessions: serialised with the template build.
  await admin(url, async (client) => {
    await client.query("SELECT pg_advisory_lock(7242019)");
    try {
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await client.query("SELECT pg_advisory_unlock(7242019)");
    }
  });
  return {
    url: withDatabase(url, name),
    name,
    drop: () => dropDatabase(url, name),
  };
}
