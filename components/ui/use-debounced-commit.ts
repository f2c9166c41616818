"use client";

import { useEffect, useState } from "react";

/**
 * The text of a filter field whose value lives elsewhere (the URL): `onCommit` gets it once typing
 * pauses for `ms`, or at once on `commit()` (Enter). When `value` changes from outside
 * (back/forward, clearing the filters), the text shows it again.
 */
export function useDebouncedCommit(value: string, onCommit: (text: string) => void, ms: number) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onCommit(text), ms);
    return () => clearTimeout(timer);
  }, [text, value, onCommit, ms]);
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return { text, setText, commit };
}
