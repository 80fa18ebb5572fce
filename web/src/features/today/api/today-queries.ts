import type { RouteBody, RouteResponse } from '@meld/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export type CompassView = RouteResponse<'getCompassView'>;
export type CompassTrend = RouteResponse<'getCompassTrend'>;
export type CompassDay = CompassView['days'][number];
export type Interaction = RouteResponse<'createInteraction'>;
export type InteractionBody = RouteBody<'createInteraction'>;

/** Query keys of the Today screen; invalidate `todayKeys.views()` after any save of a day. */
export const todayKeys = {
  all: ['today'] as const,
  views: () => [...todayKeys.all, 'compass-view'] as const,
  view: (date: string) => [...todayKeys.views(), date] as const,
  /** Under views(), so a saved compass refreshes the trend too. */
  trend: (weeks: number) => [...todayKeys.views(), 'trend', weeks] as const,
  interaction: (id: string) => [...todayKeys.all, 'interaction', id] as const,
  /** The Wins Vault list, read to know which reflections are already wins. */
  wins: () => [...todayKeys.all, 'wins'] as const,
};

/** The day view (the requested day first, then the days the streak needs); spec: stale 30 s, retry once. */
export function compassViewQuery(date: string) {
  return queryOptions({
    queryKey: todayKeys.view(date),
    queryFn: ({ signal }) => apiRequest('getCompassView', { query: { date }, signal }),
    staleTime: 30_000,
    retry: 1,
    // The compass card says "Error loading compass data" itself.
    meta: { toastOnError: false },
  });
}

export function useCompassView(date: string) {
  return useQuery(compassViewQuery(date));
}

/** The mood and energy trend: weekly averages over the last `weeks` weeks, this one last. */
export function useCompassTrend(weeks: number) {
  return useQuery({
    queryKey: todayKeys.trend(weeks),
    queryFn: ({ signal }) => apiRequest('getCompassTrend', { query: { weeks }, signal }),
    staleTime: 30_000,
    // The trend card says it could not be loaded itself.
    meta: { toastOnError: false },
  });
}

/** One interaction (the evening reflection's question lives in its meta). */
export function useInteraction(id: string | null) {
  return useQuery({
    queryKey: todayKeys.interaction(id ?? ''),
    queryFn: ({ signal }) => apiRequest('getInteraction', { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

/** Creates the interaction, or updates it when the day already has one. */
export function saveInteraction(id: string | null, body: InteractionBody): Promise<Interaction> {
  return id ? apiRequest('updateInteraction', { params: { id }, body }) : apiRequest('createInteraction', { body });
}
