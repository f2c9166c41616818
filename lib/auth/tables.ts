import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Role } from "@/lib/auth/roles";

export interface MembersTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  source: string;
  created_at: Date;
  updated_at: Date;
  session_version: ColumnType<number, number | undefined, number>;
  sso_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  sso_subject: ColumnType<string | null, string | null | undefined, string | null>;
  sso_allowed: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface SessionsTable {
  id: string;
  member_id: number;
  method: "password" | "sso";
  created_at: Date;
  expires_at: Date;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  at: Date;
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
