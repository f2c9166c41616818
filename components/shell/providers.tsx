"use client";

import { ThemeProvider } from "next-themes";
// Unused here on purpose: one copy of next/link in the root chunks for the not-found page and the shell (about 3 KiB gzipped).
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
