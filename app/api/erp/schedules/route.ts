import { createScheduleEndpoint, listSchedulesEndpoint } from "@/lib/http/endpoints/schedules";
import { serveBrowser } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(listSchedulesEndpoint);
export const POST = serveBrowser(createScheduleEndpoint);
