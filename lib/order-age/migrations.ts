import { sql, type Kysely, type Migration } from "kysely";
import { createTable } from "@/lib/db/migrations";

// Each order not yet in the ERP once: queued, in a queued or running run, or open in the inbox and in no run's ERP (oracle: derivation.test.ts).
const derivedOver = (orders: string, queue: string, ended = orders, lookup = orders) => `
  select order_id, min(since) as since,
    (array_agg(source order by since, place) filter (where source is not null))[1] as source,
    (array_agg(place order by since, place))[1] as place,
    (array_agg(run_id order by since, place))[1] as run_id
  from (
    select order_id, source, coalesce(order_date, queued_at) as since, 'queued' as place, null::text as run_id from ${queue}
    union all
    select o.order_id, o.source, coalesce(o.order_date, o.first_seen_at, r.created_at), 'running', r.id
    from erp_transfer_runs r join ${orders} o on o.run_id = r.id
    where r.state in ('queued', 'running')
      and not ((o.outcome = 'pending' and o.position <= r.transferred_through) or o.outcome = 'transferred' or o.meaning is not distinct from 'already_in_erp')
    union all
    select o.order_id, o.source, coalesce(o.order_date, o.first_seen_at, r.created_at), 'open', o.run_id
    from ${ended} o join erp_transfer_runs r on r.id = o.run_id
    where r.state in ('completed', 'interrupted')
      and r.transferred_count + r.already_count < r.total_orders
      and o.retried_in is null
      and not exists (select 1 from erp_order_resolutions x where x.run_id = o.run_id and x.position = o.position)
      and ((o.outcome in ('not_transferred', 'unknown') and o.meaning is distinct from 'already_in_erp')
        or (o.outcome = 'pending' and r.pending_count > 0 and r.transferred_through < r.total_orders and o.position > r.transferred_through
          and (r.sending_from is null or o.position not between r.sending_from and r.sending_to)))
      and not exists (select 1 from ${lookup} t join erp_transfer_runs tr on tr.id = t.run_id
        where t.order_id = o.order_id and ((t.outcome = 'pending' and t.position <= tr.transferred_through) or t.outcome = 'transferred' or t.meaning = 'already_in_erp'))
  ) p
  group by order_id`;
const DERIVED = sql.raw(derivedOver("erp_transfer_orders", "order_queue"));

// Advisory lock spaces "age!" (the whole table) and "age#" (one order): an order's rows are derived again only after the last writer of it committed.
const ALL = 0x61676521;
const ONE = 0x61676523;
const FEW = 64;

const REPLACE = `if cardinality(ids) > ${FEW} then
            perform pg_advisory_xact_lock(${ALL}, 0);
          else
            perform pg_advisory_xact_lock_shared(${ALL}, 0);
            perform pg_advisory_xact_lock(${ONE}, h) from (select distinct hashtext(i) as h from unnest(ids) i order by 1) l;
          end if;
          delete from order_age_orders where order_id = any(ids);
          insert into order_age_orders (order_id, source, since, place, run_id)`;

const runOrders = (indent = "") =>
  `or (b.state in ('completed', 'interrupted')
                  and (a.transferred_through, a.total_orders, a.pending_count, a.transferred_count, a.already_count, a.sending_from, a.sending_to)
                    is distinct from (b.transferred_through, b.total_orders, b.pending_count, b.transferred_count, b.already_count, b.sending_from, b.sending_to))
                or (a.transferred_through is null) <> (b.transferred_through is null)) whole
            join erp_transfer_orders o on o.run_id = whole.id
            union all
            select o.order_id
            from old_rows a join new_rows b on b.id = a.id
            join erp_transfer_orders o on o.run_id = b.id
              and o.position between least(a.transferred_through, b.transferred_through) + 1 and greatest(a.transferred_through, b.transferred_through)
            where a.transferred_through is distinct from b.transferred_through`.replaceAll("\n", `\n${indent}`);

const touchBody = (ids: string, then: string) => `begin
          if TG_OP = 'TRUNCATE' then
            perform order_age_rebuild();
            return null;
          elsif TG_OP = 'INSERT' then
            execute 'select ${ids} from new_rows' into ids;
          elsif TG_OP = 'DELETE' then
            execute 'select ${ids} from old_rows' into ids;
          else
            execute 'select ${ids} from (select order_id from old_rows union all select order_id from new_rows) c' into ids;
          end if;
          if ids is not null then perform ${then}(ids); end if;
          return null;
        end $$;`;

export const orderAgeMigrations: Record<string, Migration> = {
  // The highest level a channel's oldest order was alerted at: a level is alerted once, again only after the channel fell below it.
  "0019_order_age_alerts": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "order_age_alerts", {
        source: "text primary key",
        level: "text not null",
        alerted_at: "timestamptz not null",
      });
    },
  },
  // The orders not yet in the ERP, kept by triggers in the writing transaction: the clock reads this table, not every open exception.
  "0022_order_age_orders": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "order_age_orders", {
        order_id: "text primary key",
        source: "text",
        since: "timestamptz not null",
        place: "text not null",
        run_id: "text",
      });
      await db.schema.createIndex("order_age_orders_oldest").on("order_age_orders").columns(["source", "since", "order_id"]).execute();
      await sql`create view order_age_derived as ${DERIVED}`.execute(db);
      await sql.raw(`
        create function order_age_refresh(ids text[]) returns void language plpgsql as $$
        begin
          ${REPLACE}
            select order_id, source, since, place, run_id from order_age_derived where order_id = any(ids);
        end $$;

        create function order_age_rebuild() returns void language plpgsql as $$
        begin
          perform pg_advisory_xact_lock(${ALL}, 0);
          delete from order_age_orders;
          insert into order_age_orders (order_id, source, since, place, run_id) select order_id, source, since, place, run_id from order_age_derived;
        end $$;

        create function order_age_touch() returns trigger language plpgsql as $$
        declare ids text[];
        ${touchBody("array_agg(distinct order_id)", "order_age_refresh")}

        -- A run's state, counts or range decide for all its orders; while it runs, only its mark moves them (the positions it passed).
        create function order_age_touch_runs() returns trigger language plpgsql as $$
        declare ids text[];
        begin
          execute $q$
            select array_agg(distinct order_id) from (
              select o.order_id
              from (select b.id from old_rows a join new_rows b on b.id = a.id
                where (a.state, a.created_at) is distinct from (b.state, b.created_at)
                  ${runOrders("  ")}
            ) touched
          $q$ into ids;
          if ids is not null then perform order_age_refresh(ids); end if;
          return null;
        end $$;
      `).execute(db);
      for (const table of ["order_queue", "erp_transfer_orders", "erp_order_resolutions"]) {
        await sql.raw(`
          create trigger order_age_insert after insert on ${table} referencing new table as new_rows for each statement execute function order_age_touch();
          create trigger order_age_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function order_age_touch();
          create trigger order_age_delete after delete on ${table} referencing old table as old_rows for each statement execute function order_age_touch();
          create trigger order_age_truncate after truncate on ${table} for each statement execute function order_age_touch();
        `).execute(db);
      }
      await sql.raw(`
        create trigger order_age_update after update on erp_transfer_runs referencing old table as old_rows new table as new_rows for each statement execute function order_age_touch_runs();
        create trigger order_age_truncate after truncate on erp_transfer_runs for each statement execute function order_age_touch();
      `).execute(db);
      await sql`select order_age_rebuild()`.execute(db);
    },
  },
  // Once per transaction, at its commit: one lock taken once (no shared to exclusive upgrade), the rows read by order id.
  "0023_order_age_at_commit": {
    async up(db: Kysely<unknown>) {
      await sql.raw(`
        -- A plan cached while the orders were few must not scan them all once they are many.
        create or replace function order_age_refresh(ids text[]) returns void language plpgsql set enable_seqscan = off as $$
        begin
          ${REPLACE}
            with age_o as materialized (select * from erp_transfer_orders where order_id = any(ids)),
              age_q as materialized (select * from order_queue where order_id = any(ids)),
              age_ended as materialized (select o.* from age_o o join erp_transfer_runs r on r.id = o.run_id
                where r.state in ('completed', 'interrupted') and r.transferred_count + r.already_count < r.total_orders)
            select order_id, source, since, place, run_id from (${derivedOver("age_o", "age_q", "age_ended", "erp_transfer_orders")}) d;
        end $$;

        create or replace function order_age_flush() returns trigger language plpgsql as $$
        declare ids text[];
        begin
          perform set_config('order_age.armed', '', true);
          select array_agg(distinct order_id) into ids from pg_temp.order_age_touched;
          if ids is not null then perform order_age_refresh(ids); end if;
          return null;
        end $$;

        create or replace function order_age_defer(ids text[]) returns void language plpgsql as $$
        begin
          if to_regclass('pg_temp.order_age_touched') is null then
            create temp table order_age_touched (order_id text) on commit delete rows;
            create temp table order_age_armed (at int) on commit delete rows;
            create constraint trigger order_age_flush after insert on pg_temp.order_age_armed deferrable initially deferred for each row execute function order_age_flush();
          end if;
          if current_setting('order_age.armed', true) is distinct from 'on' then
            perform set_config('order_age.armed', 'on', true);
            insert into pg_temp.order_age_armed values (1);
          end if;
          insert into pg_temp.order_age_touched select unnest(ids);
        end $$;

        create or replace function order_age_touch() returns trigger language plpgsql as $$
        declare ids text[];
        ${touchBody("array_agg(order_id)", "order_age_defer")}

        -- A run moving between queued and running changes none of its orders; a completed or interrupted run's counts and range decide for all.
        create or replace function order_age_touch_runs() returns trigger language plpgsql set enable_seqscan = off as $$
        declare ids text[];
        begin
          select array_agg(order_id) into ids from (
            select o.order_id
            from (select b.id from old_rows a join new_rows b on b.id = a.id
              where (case when a.state in ('queued', 'running') then 1 when a.state in ('completed', 'interrupted') then 2 end)
                  is distinct from (case when b.state in ('queued', 'running') then 1 when b.state in ('completed', 'interrupted') then 2 end)
                or a.created_at is distinct from b.created_at
                ${runOrders()}
          ) touched;
          if ids is not null then perform order_age_defer(ids); end if;
          return null;
        end $$;
      `).execute(db);
    },
  },
};
