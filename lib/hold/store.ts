import type { Kysely, Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { TransferHoldRecord } from "@/lib/hold/tables";

type Conn = Kysely<Database> | Transaction<Database>;

export const HOLD_ID = "transfers";

export function readHold(conn: Conn, lock = false): Promise<TransferHoldRecord | undefined> {
  const query = conn.selectFrom("transfer_hold").selectAll().where("id", "=", HOLD_ID);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function writeHold(conn: Conn, row: Omit<TransferHoldRecord, "id">): Promise<void> {
  await conn
    .insertInto("transfer_hold")
    .values({ id: HOLD_ID, ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
}
