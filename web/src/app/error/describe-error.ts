import { isRouteErrorResponse } from 'react-router-dom';
import { isApiError } from '@/lib/api-error.ts';

export interface DescribedError {
  message: string;
  status: number | null;
  stack: string | null;
  details: unknown;
}

/** Normalises whatever a route threw (Response, ApiError, Error, anything) for the error page. */
export function describeError(error: unknown): DescribedError {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message = typeof data === 'string' && data ? data : error.statusText || `HTTP ${error.status}`;
    return { message, status: error.status, stack: null, details: data ?? null };
  }
  if (isApiError(error)) {
    return { message: error.message, status: error.status || null, stack: error.stack ?? null, details: { code: error.code, field: error.field ?? null } };
  }
  if (error instanceof Error) {
    return { message: error.message || error.name, status: null, stack: error.stack ?? null, details: error.cause ?? null };
  }
  return { message: String(error), status: null, stack: null, details: null };
}
