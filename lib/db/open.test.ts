import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "@/lib/db/open";

// The store's files are readable by their owner only (password hashes, the audit trail).

const modeOf = (p: string) => statSync(p).mode & 0o777;
let root: string;
let umask: number;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "labs-store-modes-"));
  // The usual umask, under which files are created world-readable unless asked otherwise.
  umask = process.umask(0o022);
});

afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(process.platform === "win32")("store file modes", () => {
  it("creates the data dir 0700 and the database, its -wal and -shm 0600", async () => {
    const dir = path.join(root, "fresh", "data");
    const conn = await openStore(dir);
    try {
      // The migrations have written, so the -wal and -shm files exist while the store is open.
      expect(modeOf(dir)).toBe(0o700);
      for (const name of ["console.sqlite", "console.sqlite-wal", "console.sqlite-shm"]) {
        expect(modeOf(path.join(dir, name)), name).toBe(0o600);
      }
    } finally {
      await conn.destroy();
    }
  });

  it("tightens a store left with wider modes", async () => {
    const dir = path.join(root, "old");
    const first = await openStore(dir);
    try {
      chmodSync(dir, 0o755);
      for (const name of ["console.sqlite", "console.sqlite-wal", "console.sqlite-shm"]) chmodSync(path.join(dir, name), 0o644);
      const second = await openStore(dir);
      await second.destroy();
      expect(modeOf(dir)).toBe(0o700);
      for (const name of ["console.sqlite", "console.sqlite-wal", "console.sqlite-shm"]) {
        expect(modeOf(path.join(dir, name)), name).toBe(0o600);
      }
    } finally {
      await first.destroy();
    }
  });

  it("opens an existing empty or populated database as before", async () => {
    const dir = path.join(root, "existing");
    mkdirSync(dir, { mode: 0o755 });
    writeFileSync(path.join(dir, "console.sqlite"), "", { mode: 0o644 });
    const conn = await openStore(dir);
    await conn.destroy();
    const again = await openStore(dir);
    await again.destroy();
    expect(modeOf(path.join(dir, "console.sqlite"))).toBe(0o600);
  });
});
