import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MONTH_PATTERN } from '@meld/shared';
import { apiRequest } from '@/lib/api-client.ts';

export const logKeys = {
  all: ['log'] as const,
  /** A month of the log; null is "the current month" as the server's clock says. */
  month: (month: string | null) => [...logKeys.all, 'month', month ?? 'current'] as const,
};

/** The month `?month=YYYY-MM` asks for; null (the current month) when absent or malformed. */
export function askedMonth(params: URLSearchParams): string | null {
  const asked = params.get('month');
  return asked && MONTH_PATTERN.test(asked) ? asked : null;
}

export function logMonthQuery(month: string | null) {
  return queryOptions({
    queryKey: logKeys.month(month),
    queryFn: ({ signal }) => apiRequest('getLogView', { query: month ? { month } : {}, signal }),
    // Switching months keeps the last month on screen until the next one arrives.
    placeholderData: keepPreviousData,
    // The page shows its own error state with a retry.
    meta: { toastOnError: false },
  });
}
