import type { Selectable } from "kysely";

export interface SavedViewsTable {
  id: string;
  list: string;
  name: string;
  query: string;
  owner_id: number;
  owner_email: string;
  owner_name: string;
  shared: boolean;
  created_at: Date;
  updated_at: Date;
  updated_by_email: string | null;
}

export interface SavedViewDefaultsTable {
  member_id: number;
  list: string;
  view_id: string;
  updated_at: Date;
}

export interface ViewsTables {
  saved_views: SavedViewsTable;
  saved_view_defaults: SavedViewDefaultsTable;
}

export type SavedViewRow = Selectable<SavedViewsTable>;
