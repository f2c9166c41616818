import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

// Kysely table types for members, sessions and sign-in failures; lib/store/schema.ts's Database extends this.

export const ROLES = ["viewer", "operator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface MembersTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  active: ColumnType<number, number | undefined, number>;
  source: string;
  created_at: string;
  updated_at: string;
  session_version: ColumnType<number, number | undefined, number>;
  sso_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  sso_subject: ColumnType<string | null, string | null | undefined, string | null>;
  sso_allowed: ColumnType<number, number | undefined, number>;
}

export interface SessionsTable {
  id: string;
  member_id: number;
  method: "password" | "sso";
  created_at: string;
  expires_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  at: string;
}

export interface AuthTables {
  members: MembersTable;
  login_failures: LoginFailuresTable;
  sessions: SessionsTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
export type Session = Selectable<SessionsTable>;
