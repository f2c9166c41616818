import { Migrator, sql, type ColumnDataType, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration } from "kysely";

export type Migrations = Record<string, Migration>;

/** One migration per name: a name several features share (0001_console) runs their steps in the order given. */
export function combineMigrations(...parts: Migrations[]): Migrations {
  const steps = new Map<string, Migration[]>();
  for (const part of parts) for (const [name, m] of Object.entries(part)) steps.set(name, [...(steps.get(name) ?? []), m]);
  const names = [...steps.keys()].sort();
  return Object.fromEntries(
    names.map((name) => [
      name,
      {
        async up(db: Kysely<unknown>) {
          for (const m of steps.get(name)!) await m.up(db);
        },
      },
    ]),
  );
}

export async function migrate<DB>(db: Kysely<DB>, migrations: Migrations, upTo?: string): Promise<void> {
  // Kysely takes a PostgreSQL advisory lock around the run, so instances starting together migrate once.
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider: { getMigrations: async () => migrations } });
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) throw new Error(`console store migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`);
}

export async function toTimestamptz(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  const changes = columns.map((c) => sql`alter column ${sql.ref(c)} type timestamptz using ${sql.ref(c)}::timestamptz`);
  await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db);
}

export async function toBoolean(db: Kysely<unknown>, table: string, flags: Record<string, boolean>): Promise<void> {
  const changes = Object.entries(flags).flatMap(([c, fallback]) => [
    sql`alter column ${sql.ref(c)} drop default`,
    sql`alter column ${sql.ref(c)} type boolean using ${sql.ref(c)} <> 0`,
    sql`alter column ${sql.ref(c)} set default ${sql.lit(fallback)}`,
  ]);
  await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db);
}

const COLUMN = /^(?<type>\S+)(?<key> primary key)?(?<required> not null)?(?<unique> unique)?(?: default (?<value>\S+))?(?: references (?<target>\S+)(?<cascade> on delete cascade)?)?$/;

function column(spec: string) {
  const m = COLUMN.exec(spec)?.groups;
  if (!m) throw new Error(`migration column not understood: ${spec}`);
  const type = m.type!.endsWith("[]") ? sql.raw(m.type!) : (m.type as ColumnDataType);
  const value = m.value === undefined ? undefined : /^-?\d+$/.test(m.value) ? Number(m.value) : m.value === "false" ? false : m.value === "true" ? true : m.value.replace(/^'(.*)'$/, "$1");
  return [
    type,
    (c: ColumnDefinitionBuilder) => {
      if (m.key) c = c.primaryKey();
      if (m.required) c = c.notNull();
      if (m.unique) c = c.unique();
      if (value !== undefined) c = c.defaultTo(value);
      if (m.target) c = c.references(m.target);
      return m.cascade ? c.onDelete("cascade") : c;
    },
  ] as const;
}

export async function createTable(db: Kysely<unknown>, table: string, columns: Record<string, string>): Promise<void> {
  const key = Object.keys(columns).filter((name) => COLUMN.exec(columns[name]!)?.groups?.key);
  let builder: CreateTableBuilder<string, string> = db.schema.createTable(table);
  for (const [name, spec] of Object.entries(columns)) builder = builder.addColumn(name, ...column(key.length > 1 ? spec.replace(" primary key", "") : spec));
  await (key.length > 1 ? builder.addPrimaryKeyConstraint(`${table}_pk`, key) : builder).execute();
}

export async function addColumns(db: Kysely<unknown>, table: string, columns: Record<string, string>): Promise<void> {
  const [[first, spec] = ["", ""], ...rest] = Object.entries(columns);
  let builder = db.schema.alterTable(table).addColumn(first, ...column(spec));
  for (const [name, more] of rest) builder = builder.addColumn(name, ...column(more));
  await builder.execute();
}
