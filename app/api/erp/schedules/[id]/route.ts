import { changeScheduleEndpoint, deleteScheduleEndpoint } from "@/lib/http/endpoints/schedules";
import { serveBrowser } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const PUT = serveBrowser(changeScheduleEndpoint);
export const DELETE = serveBrowser(deleteScheduleEndpoint);
