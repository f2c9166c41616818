"use client";

import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import type { ExternalToast, ToasterProps } from "sonner";

// Keeps sonner (about 10 KiB gzipped) out of every first load; a toast asked for before the toaster mounts shows once it has.

type Sonner = typeof import("sonner");
type Kind = "success" | "error" | "info" | "warning";

let loading: Promise<Sonner> | null = null;
const loadSonner = () =>
  (loading ??= import("sonner").catch((error: unknown) => {
    // A failed fetch (a dropped connection) is tried again by the next toast.
    loading = null;
    throw error;
  }));

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function show(kind: Kind, message: ReactNode, options?: ExternalToast) {
  void Promise.all([loadSonner(), mounted])
    .then(([sonner]) => sonner.toast[kind](message, options))
    .catch(() => undefined);
}

export const toast = {
  success: (message: ReactNode, options?: ExternalToast) => show("success", message, options),
  error: (message: ReactNode, options?: ExternalToast) => show("error", message, options),
  info: (message: ReactNode, options?: ExternalToast) => show("info", message, options),
  warning: (message: ReactNode, options?: ExternalToast) => show("warning", message, options),
};

export function Toaster(props: ToasterProps) {
  const [Loaded, setLoaded] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      loadSonner().then(
        (sonner) => {
          if (live) setLoaded(() => sonner.Toaster);
        },
        () => {
          // Tried again after a while: toasts wait for the toaster rather than get lost.
          if (live) window.setTimeout(load, 2000);
        },
      );
    void load();
    return () => {
      live = false;
    };
  }, []);
  // Runs after the toaster's own effects (children first), so it is subscribed before any toast is sent.
  useEffect(() => {
    if (Loaded) markMounted();
  }, [Loaded]);
  return Loaded ? <Loaded {...props} /> : null;
}
