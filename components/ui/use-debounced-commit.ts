"use client";

import { useEffect, useState } from "react";

/** A URL-backed filter's text: committed once typing pauses (or on Enter), and shown again when the URL changes from outside. */
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
