import { useList } from "@/lib/list/client";
import { sendJson } from "@/lib/swr/fetcher";
import { SCHEDULES_API } from "@/lib/schedules/constants";
import { scheduleListBase, type ScheduleListState } from "@/lib/schedules/lists";
import type { ScheduleBodyInput, ScheduleList, ScheduleRow } from "@/lib/schedules/schemas";

const REFRESH_MS = 15_000;

export function useSchedules(state: ScheduleListState) {
  return useList<ScheduleList>(scheduleListBase, state, {
    refreshInterval: (data) => (data?.items.some((s) => !s.paused) ? REFRESH_MS : 0),
  });
}

export function createScheduleRequest(body: ScheduleBodyInput): Promise<{ schedule: ScheduleRow }> {
  return sendJson(SCHEDULES_API, "POST", body);
}

export function updateScheduleRequest(id: string, body: ScheduleBodyInput): Promise<{ schedule: ScheduleRow }> {
  return sendJson(`${SCHEDULES_API}/${id}`, "PUT", body);
}

export function pauseScheduleRequest(id: string, paused: boolean): Promise<{ schedule: ScheduleRow }> {
  return sendJson(`${SCHEDULES_API}/${id}/${paused ? "pause" : "resume"}`, "POST");
}

export function runScheduleRequest(id: string): Promise<{ schedule: ScheduleRow }> {
  return sendJson(`${SCHEDULES_API}/${id}/run`, "POST");
}

export function deleteScheduleRequest(id: string): Promise<{ deleted: string }> {
  return sendJson(`${SCHEDULES_API}/${id}`, "DELETE");
}
