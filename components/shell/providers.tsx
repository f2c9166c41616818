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
        {/* At the bottom: a toast never covers the header, the user menu or a menu opened from them. */}
        <Toaster closeButton position="bottom-right" />
      </LocationAdapter>
    </ThemeProvider>
  );
}
