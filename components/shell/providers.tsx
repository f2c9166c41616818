"use client";

import { ThemeProvider } from "next-themes";
// Unused here on purpose: next/link in the root layout's chunks, so the not-found page and the dashboard
// shell, which both use it, share that one copy instead of each loading its own (about 3 KiB gzipped).
import "next/link";
import { LocationAdapter } from "@/lib/list/location-adapter";
import { Toaster } from "@/components/ui/toast";

export function Providers({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <LocationAdapter>
        {children}
        <Toaster closeButton position="top-right" />
      </LocationAdapter>
    </ThemeProvider>
  );
}
