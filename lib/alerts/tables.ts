// Kysely table types for alerts; lib/db/schema.ts's Database extends this.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AlertsTables {}
