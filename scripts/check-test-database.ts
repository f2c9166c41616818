// Before the tests: the test PostgreSQL must answer (TEST_DATABASE_URL), and its migrated template exists.
import "@/scripts/require-node";
import { ensureTemplate, testDatabaseUrl } from "@/lib/testing/test-database";

try {
  const name = await ensureTemplate(testDatabaseUrl());
  console.log(`Test PostgreSQL ready (template ${name}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
