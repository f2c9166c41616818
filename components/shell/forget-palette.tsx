"use client";

import { useEffect } from "react";
import { browserStorage, forgetPalette } from "@/lib/palette/forget";

/** On the sign-in page: a session that ended elsewhere (sign out everywhere, expiry) leaves nothing of the palette behind. */
export function ForgetPalette() {
  useEffect(() => forgetPalette(browserStorage()), []);
  return null;
}
