// `npx tsx scripts/comment-ratio.ts [paths…]`: comment lines over all lines of non-test .ts/.tsx source, per top-level folder.
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const IGNORED = /(^|\/)(node_modules|\.next|test-results|data)\//;
const isSource = (f: string) => /\.tsx?$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith(".d.ts") && !IGNORED.test(f);

function commentLines(text: string, jsx: boolean): number {
  const lines = new Set<number>();
  const lineOf = (pos: number) => text.slice(0, pos).split("\n").length;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard, text);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind !== ts.SyntaxKind.SingleLineCommentTrivia && kind !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    for (let l = lineOf(scanner.getTokenStart()); l <= lineOf(scanner.getTokenEnd()); l++) lines.add(l);
  }
  return lines.size;
}

const args = process.argv.slice(2);
const files = (args.length ? args.flatMap((a) => (a.match(/\.tsx?$/) ? [a] : globSync(`${a.replace(/\/$/, "")}/**/*.{ts,tsx}`, { cwd: root }))) : globSync("**/*.{ts,tsx}", { cwd: root }))
  .map((f) => f.split(path.sep).join("/"))
  .filter(isSource);

const totals = new Map<string, { comments: number; lines: number }>();
for (const file of files) {
  const text = readFileSync(path.join(root, file), "utf8");
  const folder = file.includes("/") ? file.slice(0, file.indexOf("/")) : "(root)";
  const t = totals.get(folder) ?? { comments: 0, lines: 0 };
  t.comments += commentLines(text, file.endsWith(".tsx"));
  t.lines += text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  totals.set(folder, t);
}
const pct = (t: { comments: number; lines: number }) => `${((100 * t.comments) / Math.max(t.lines, 1)).toFixed(1)}%`;
const all = { comments: 0, lines: 0 };
for (const [folder, t] of [...totals].sort()) {
  all.comments += t.comments;
  all.lines += t.lines;
  console.log(`${folder.padEnd(12)} ${String(t.comments).padStart(6)} / ${String(t.lines).padStart(6)}  ${pct(t)}`);
}
console.log(`${"total".padEnd(12)} ${String(all.comments).padStart(6)} / ${String(all.lines).padStart(6)}  ${pct(all)}`);
