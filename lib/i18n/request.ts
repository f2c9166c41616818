import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, localeFromAcceptLanguage, LOCALE_COOKIE, type Locale } from "@/lib/i18n/config";
import { compiledMessagesFor } from "@/lib/i18n/compiled-messages";
import { getConfig } from "@/lib/config";

// No locale in the URL: a bookmarked link opens in the reader's own language.
export default getRequestConfig(async () => {
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale: Locale = isLocale(fromCookie)
    ? fromCookie
    : localeFromAcceptLanguage((await headers()).get("accept-language"));
  return { locale, messages: compiledMessagesFor(locale), timeZone: getConfig().accountTimeZone };
});
