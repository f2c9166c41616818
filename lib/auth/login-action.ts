"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { headers } from "next/headers";
import { db } from "@/lib/store";
import { clientIp } from "@/lib/server/client-address";
import { signIn } from "@/lib/auth/auth";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { loginFormSchema } from "@/lib/auth/login-schema";
import { throttleState } from "@/lib/auth/throttle";

export type LoginResult = { error: "invalid" | "throttled" | "unexpected"; minutes?: number };

// A successful sign-in redirects by throwing, so that error must be re-thrown.
export async function loginAction(input: { email: string; password: string; callbackUrl?: string }): Promise<LoginResult> {
  const parsed = loginFormSchema.safeParse(input);
  if (!parsed.success) return { error: "invalid" };
  const { email, password } = parsed.data;
  try {
    await signIn("credentials", { email, password, redirectTo: safeCallbackUrl(input.callbackUrl) });
    return { error: "unexpected" };
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    if (error instanceof CredentialsSignin && error.code === "throttled") {
      const state = await throttleState(await db(), email, clientIp(await headers()));
      return { error: "throttled", minutes: Math.max(1, state.retryAfterMinutes) };
    }
    if (error instanceof CredentialsSignin) return { error: "invalid" };
    return { error: "unexpected" };
  }
}

export async function ssoAction(callbackUrl?: string): Promise<void> {
  await signIn("oidc", { redirectTo: safeCallbackUrl(callbackUrl) });
}
