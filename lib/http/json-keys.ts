// JSON.parse keeps the last of two equal keys without a word; a body that says a field twice is refused instead.

export function repeatedKey(text: string): string | null {
  const open: (Set<string> | null)[] = [];
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const keys = open[open.length - 1];
      if (keyNext && keys) {
        // Decoded, so "a" and "\u0061" are one key.
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
        keyNext = false;
      }
      i = end;
    } else if (c === "{") {
      open.push(new Set());
      keyNext = open[open.length - 1] != null;
    } else if (c === "[") {
      open.push(null);
      keyNext = false;
    } else if (c === "}" || c === "]") {
      open.pop();
      keyNext = false;
    } else if (c === ",") {
      keyNext = open[open.length - 1] != null;
    }
  }
  return null;
}
