import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requirePageMember } from "@/lib/auth/session";

/** A signed-in page's generateMetadata: the same sign-in check as the page (metadata renders first), then its title from the catalog. */
export function memberPageTitle(namespace: string, key: string): () => Promise<Metadata> {
  return async () => {
    await requirePageMember();
    return { title: (await getTranslations(namespace))(key) };
  };
}
