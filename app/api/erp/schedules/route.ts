import { createScheduleEndpoint, listSchedulesEndpoint } from "@/lib/http/endpoints/schedules";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(listSchedulesEndpoint);
export const POST = serveBrowser(createScheduleEndpoint);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
