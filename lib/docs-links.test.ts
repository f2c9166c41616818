import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README is the front door and docs/ the reference: every relative link and every document a comment cites must resolve.

const root = path.resolve(import.meta.dirname, "..");
const pages = ["README.md", ...readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

function headings(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]!.trim());
}

/** Every relative link of a page, outside code blocks and code spans, as [target file, anchor]. */
function links(file: string): { link: string; target: string; anchor: string | null }[] {
  const text = readFileSync(path.join(root, file), "utf8").replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link))
    .map((link) => {
      const [ref = "", anchor] = link.split("#");
      return { link, target: ref === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), ref)), anchor: anchor ?? null };
    });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe("the README and docs/", () => {
  it("keep the README at most 12 KB", () => {
    expect(statSync(path.join(root, "README.md")).size).toBeLessThanOrEqual(12 * 1024);
  });

  it.each(pages)("%s: every relative link names a file that exists, and a heading that exists", (page) => {
    const broken = links(page).filter(({ target, anchor }) => {
      if (!existsSync(path.join(root, target))) return true;
      return anchor !== null && target.endsWith(".md") && !headings(target).map(slug).includes(anchor);
    });
    expect(broken.map((b) => b.link)).toEqual([]);
  });

  it("every document a comment cites exists, with the section it names", () => {
    const broken: string[] = [];
    for (const file of ["lib", "app", "components", "scripts", "emulator", "e2e"].flatMap(sourceFiles)) {
      if (file === "lib/docs-links.test.ts") continue;
      const comments = readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .map((line) => /^\s*(?:\/\/|\/?\*)(.*)$/.exec(line)?.[1] ?? /\s\/\/\s(.*)$/.exec(line)?.[1] ?? "")
        .join("\n");
      // reports/ holds what the tests write, not documents.
      for (const [, doc = "", section] of comments.matchAll(/(?<![\w/-])((?!reports\/)[\w./-]+\.md)(?: "([^"]+)")?/g)) {
        if (!existsSync(path.join(root, doc))) broken.push(`${file}: ${doc}`);
        else if (section !== undefined && !headings(doc).some((h) => h.startsWith(section))) broken.push(`${file}: ${doc} "${section}"`);
      }
    }
    expect(broken).toEqual([]);
  });
});
