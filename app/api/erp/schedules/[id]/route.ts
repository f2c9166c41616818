import { changeScheduleEndpoint, deleteScheduleEndpoint, patchScheduleEndpoint } from "@/lib/http/endpoints/schedules";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const PUT = serveBrowser(changeScheduleEndpoint);
export const PATCH = serveBrowser(patchScheduleEndpoint);
export const DELETE = serveBrowser(deleteScheduleEndpoint);
export const { GET, POST, OPTIONS } = otherMethods({ PUT, PATCH, DELETE });
