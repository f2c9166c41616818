import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnginesRange, REQUIRED_NODE, satisfiesNode } from "@/lib/runtime/node-version";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  engines: { node: string };
};

describe("the Node runtime", () => {
  it("the running Node is the one package.json's engines asks for (a run on the wrong runtime is loud)", () => {
    expect(satisfiesNode(process.versions.node, parseEnginesRange(pkg.engines.node)), `running Node ${process.versions.node}`).toBe(true);
  });

  it("the start-up check and engines agree", () => {
    expect(parseEnginesRange(pkg.engines.node)).toEqual({ major: REQUIRED_NODE.major, minor: REQUIRED_NODE.minor });
  });

  it("compares versions by major, then minor", () => {
    expect(satisfiesNode("v20.20.2")).toBe(false);
    expect(satisfiesNode("22.11.0")).toBe(false);
    expect(satisfiesNode("22.12.0")).toBe(true);
    expect(satisfiesNode("23.0.0")).toBe(true);
    expect(satisfiesNode("24.21.0")).toBe(true);
  });

  it("refuses engines ranges it cannot read", () => {
    expect(() => parseEnginesRange("^22")).toThrow(/engines\.node/);
    expect(parseEnginesRange(">=22.12.0")).toEqual({ major: 22, minor: 12 });
  });
});
