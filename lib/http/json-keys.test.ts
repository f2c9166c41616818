import { describe, expect, it } from "vitest";
import { repeatedKey } from "@/lib/http/json-keys";

describe("repeatedKey", () => {
  it.each([
    ['{"name":"a","name":"b"}', "name"],
    ['{"a":1,"b":{"c":1,"d":[{"e":1,"e":2}]}}', "e"],
    ['{"name":"a","\\u006eame":"b"}', "name"],
    ['[{"x":1},{"x":2,"y":{"z":0},"y":1}]', "y"],
    ['{"__proto__":1,"__proto__":2}', "__proto__"],
    ['{"q":"\\"name\\":","q":1}', "q"],
  ])("finds the key said twice in %s", (text, key) => {
    expect(repeatedKey(text)).toBe(key);
  });

  it.each([
    '{"name":"a","code":"b"}',
    '[{"x":1},{"x":2}]',
    '{"a":{"x":1},"b":{"x":1}}',
    '{"list":["name","name"],"name":"x"}',
    '{"text":"{\\"a\\":1,\\"a\\":2}"}',
    '"name"',
    "[]",
    "{}",
    "null",
  ])("finds none in %s", (text) => {
    expect(repeatedKey(text)).toBeNull();
  });

  it("reads a deep document without recursion", () => {
    const deep = '{"a":'.repeat(50_000) + "1" + "}".repeat(50_000);
    expect(repeatedKey(deep)).toBeNull();
  });
});
