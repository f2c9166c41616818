// What the key form needs on the page, apart from the schemas: they bring zod and node:crypto into the browser.
export const KEY_NAME_MAX_LENGTH = 80;
export const KEY_ALLOWED_MAX = 20;
export const KEY_MAX_DAYS = 730;
export const KEY_ROLES = ["viewer", "operator"] as const;
