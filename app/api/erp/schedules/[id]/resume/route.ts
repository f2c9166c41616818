import { resumeScheduleEndpoint } from "@/lib/http/endpoints/schedules";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = serveBrowser(resumeScheduleEndpoint);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
