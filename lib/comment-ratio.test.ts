import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The house keeps comments at 1-3% of source lines, each saying why (docs/architecture.md "Comments").

const root = path.resolve(import.meta.dirname, "..");
const IGNORED = /(^|\/)(node_modules|\.next|test-results|data|\.e2e-data|\.bench-data)\//;

function sources(): string[] {
  return globSync("**/*.{ts,tsx}", { cwd: root })
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => !IGNORED.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
}

/** Lines holding a comment, found from the syntax tree: every comment range before or after a node, JSX comments too. */
export function commentLines(file: string, text: string): number {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const seen = new Set<number>();
  const lines = new Set<number>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      const first = sf.getLineAndCharacterOfPosition(r.pos).line;
      const last = sf.getLineAndCharacterOfPosition(r.end).line;
      for (let l = first; l <= last; l++) lines.add(l);
    }
  };
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return lines.size;
}

describe("comments", () => {
  it("count what the parser sees as comments, whatever strings and templates hold", () => {
    const text = ["// one", "const a = `${1} // not a comment`;", "/* two", "   lines */", "const b = '/* nor this */';", "const c = <div>{/* jsx */}</div>;"].join("\n");
    expect(commentLines("x.tsx", text)).toBe(4);
  });

  it("are at most 3% of the source lines (tests excluded)", () => {
    let comments = 0;
    let lines = 0;
    for (const file of sources()) {
      const text = readFileSync(path.join(root, file), "utf8");
      comments += commentLines(file, text);
      lines += text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    }
    expect(comments / lines, `${comments} comment lines in ${lines}`).toBeLessThanOrEqual(0.03);
  });
});
