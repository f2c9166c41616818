// Kysely table types for home; lib/db/schema.ts's Database extends this.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface HomeTables {}
