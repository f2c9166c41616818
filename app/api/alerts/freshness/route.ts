import { z } from "zod";
import { listFreshnessRules, setFreshnessRule } from "@/lib/alerts/freshness-service";
import { json, parseBody, withRoute } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// Everyone reads the freshness rules per import kind; admins set or clear one.
export const GET = withRoute("read", async () => json({ rules: await listFreshnessRules() }));

export const PUT = withRoute("alerts.manage", async ({ req, service }) => json({ rules: await setFreshnessRule(service, await parseBody(req, z.unknown())) }));
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
