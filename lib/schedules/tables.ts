// Kysely table types for schedules; lib/db/schema.ts's Database extends this.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SchedulesTables {}
