import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every table is drawn by the table kit, so phones get its cards and every list the same markup.

const root = path.resolve(import.meta.dirname, "../..");
const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );

describe("the table kit", () => {
  it("is the only place that writes a <table>", () => {
    const outside = [...sources("app"), ...sources("components")].filter((f) => !f.startsWith(path.join("components", "data-table")) && /<table[\s>]/.test(readFileSync(path.join(root, f), "utf8")));
    expect(outside).toEqual([]);
  });
});
