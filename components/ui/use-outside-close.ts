"use client";

import { useEffect } from "react";

/** While `open`, a pointer press (and, with `focus`, focus moving) outside every ref calls `close`. */
export function useOutsideClose(open: boolean, refs: readonly React.RefObject<HTMLElement | null>[], close: () => void, { focus = false } = {}) {
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      const target = e.target as Node;
      if (!refs.some((r) => r.current?.contains(target))) close();
    };
    document.addEventListener("pointerdown", outside);
    if (focus) document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [open, refs, close, focus]);
}
