// Kysely table types for saved views; lib/db/schema.ts's Database extends this.
// (Filled in by the saved-views work: one interface per table, keyed by table name.)
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ViewsTables {}
