import { describe, expect, it } from "vitest";
import { IDLE, SEQUENCE_TIMEOUT_MS, SHORTCUT_LIST, isPaletteKey, isTypingTarget, readKey, type KeyPress, type SequenceState } from "@/lib/rules/shortcuts";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, typing: false, ...extra });

/** Feeds keys at the given times and returns every action taken. */
function run(keys: [string, number][], extra: Partial<KeyPress> = {}) {
  let state: SequenceState = IDLE;
  const actions = [];
  for (const [key, at] of keys) {
    const read = readKey(state, press(key, extra), at);
    state = read.state;
    if (read.action) actions.push(read.action);
  }
  return { actions, state };
}

describe("readKey", () => {
  it("goes to a section on g then its letter", () => {
    expect(run([["g", 0], ["w", 200]]).actions).toEqual([{ kind: "go", href: "/warehouses" }]);
    expect(run([["g", 0], ["e", 200]]).actions).toEqual([{ kind: "go", href: "/erp" }]);
    expect(run([["g", 0], ["a", 200]]).actions).toEqual([{ kind: "go", href: "/activity" }]);
    expect(run([["g", 0], ["t", 200]]).actions).toEqual([{ kind: "go", href: "/team" }]);
    expect(run([["g", 0], ["h", 200]]).actions).toEqual([{ kind: "go", href: "/" }]);
  });

  it("accepts the letter up to the timeout, not after", () => {
    expect(run([["g", 0], ["w", SEQUENCE_TIMEOUT_MS]]).actions).toHaveLength(1);
    expect(run([["g", 0], ["w", SEQUENCE_TIMEOUT_MS + 1]]).actions).toEqual([]);
  });

  it("needs the g first: a letter alone does nothing", () => {
    expect(run([["w", 0], ["a", 10], ["t", 20]]).actions).toEqual([]);
  });

  it("drops the waiting g on any other key, and a second g starts again", () => {
    expect(run([["g", 0], ["x", 10], ["w", 20]]).actions).toEqual([]);
    expect(run([["g", 0], ["g", 900], ["w", 1800]]).actions).toEqual([{ kind: "go", href: "/warehouses" }]);
  });

  it("keeps the waiting g across a lone Shift and reads a capital letter", () => {
    expect(run([["g", 0], ["Shift", 10], ["W", 20]]).actions).toEqual([{ kind: "go", href: "/warehouses" }]);
  });

  it("reads the single keys", () => {
    expect(run([["/", 0]]).actions).toEqual([{ kind: "search" }]);
    expect(run([["n", 0]]).actions).toEqual([{ kind: "new" }]);
    expect(run([["Shift", 0], ["?", 5]]).actions).toEqual([{ kind: "help" }]);
  });

  it("ignores everything typed into a field, and ends a waiting g", () => {
    expect(run([["g", 0], ["w", 10], ["/", 20], ["n", 30], ["?", 40]], { typing: true })).toEqual({ actions: [], state: IDLE });
    let { state } = readKey(IDLE, press("g"), 0);
    state = readKey(state, press("w", { typing: true }), 10).state;
    expect(readKey(state, press("w"), 20).action).toBeNull();
  });

  it("ignores keys held with Ctrl, Meta or Alt", () => {
    for (const modifier of ["ctrlKey", "metaKey", "altKey"] as const) {
      expect(run([["g", 0], ["w", 10], ["/", 20], ["n", 30]], { [modifier]: true }).actions).toEqual([]);
      const { state } = readKey(IDLE, press("g"), 0);
      expect(readKey(state, press("w", { [modifier]: true }), 10).action).toBeNull();
    }
  });
});

describe("Ctrl/Cmd-K", () => {
  it("opens the palette with Ctrl or Cmd, either case, even from a text field", () => {
    for (const extra of [{ ctrlKey: true }, { metaKey: true }, { ctrlKey: true, typing: true }, { metaKey: true, typing: true }]) {
      expect(run([["k", 0]], extra).actions).toEqual([{ kind: "palette" }]);
      expect(run([["K", 0]], extra).actions).toEqual([{ kind: "palette" }]);
    }
  });

  it("is not K alone, nor with Alt", () => {
    expect(run([["k", 0]]).actions).toEqual([]);
    expect(run([["k", 0]], { altKey: true }).actions).toEqual([]);
    expect(run([["k", 0]], { ctrlKey: true, altKey: true }).actions).toEqual([]);
    expect(isPaletteKey({ key: "l", ctrlKey: true, metaKey: false, altKey: false })).toBe(false);
  });

  it("ends a waiting g", () => {
    const { state } = readKey(IDLE, press("g"), 0);
    const read = readKey(state, press("k", { ctrlKey: true }), 10);
    expect(read).toEqual({ state: IDLE, action: { kind: "palette" } });
    expect(readKey(read.state, press("w"), 20).action).toBeNull();
  });

  it("is on the ? sheet", () => {
    expect(SHORTCUT_LIST[0]).toMatchObject({ keys: ["Ctrl", "K"], ns: "palette" });
  });
});

describe("isTypingTarget", () => {
  it("knows fields and editable content", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT", "input"]) expect(isTypingTarget({ tagName })).toBe(true);
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true })).toBe(true);
    for (const tagName of ["BODY", "A", "BUTTON", "DIV"]) expect(isTypingTarget({ tagName })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
