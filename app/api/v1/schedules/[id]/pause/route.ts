import { pauseScheduleEndpoint } from "@/lib/http/endpoints/schedules";
import { serveApi } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = serveApi(pauseScheduleEndpoint);
