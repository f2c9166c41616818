import type { Generated } from "kysely";

export interface HomeUpstreamMinutesTable {
  instance_id: string;
  minute: Date;
  calls: number;
  failures: number;
  latencies_json: string;
  last_success_at: Date | null;
  failing_since: Date | null;
  last_failure_at: Date | null;
  last_failure_kind: string | null;
  last_failure_operation: string | null;
  last_failure_status: number | null;
  updated_at: Date;
}

export interface HomePlatformOutagesTable {
  id: Generated<number>;
  since: Date;
  alerted_at: Date;
  ended_at: Date | null;
  last_error: string | null;
}

export interface HomeHandoversTable {
  id: Generated<number>;
  created_at: Date;
  author_email: string;
  author_name: string;
  locale: string;
  shift_from: Date;
  shift_to: Date;
  body: string;
}

export interface HomeHandoverReadsTable {
  handover_id: number;
  member_email: string;
  read_at: Date;
}

export interface HomeTables {
  home_upstream_minutes: HomeUpstreamMinutesTable;
  home_platform_outages: HomePlatformOutagesTable;
  home_handovers: HomeHandoversTable;
  home_handover_reads: HomeHandoverReadsTable;
}
