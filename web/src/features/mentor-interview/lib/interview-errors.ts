import { ApiError } from '@/lib/api-error.ts';
import { i18n } from '@/lib/i18n.ts';

/** A 2xx reply whose body is not the JSON the page expects (an HTML error page, a stream…). */
export class InvalidReplyError extends Error {
  constructor() {
    super('The server reply was not the expected JSON');
    this.name = 'InvalidReplyError';
  }
}

/** Which page is reading: the status texts and the 404 fallback differ (spec 001 section 8). */
export type InterviewErrorContext = 'interview' | 'question' | 'summary';

/** The server's own message, when its reply carried one (the kit always sends a code with it). */
function serverText(error: ApiError): string | null {
  return error.code !== 'HTTP_ERROR' && error.message ? error.message : null;
}

/** The spec's interview error texts: 404 and 403 prefer the server's words, other statuses name the status. */
export function interviewErrorText(error: unknown, context: InterviewErrorContext = 'interview'): string {
  // An unreadable reply (or any failure that is not an HTTP status): the summary has its own words for it.
  if (!(error instanceof ApiError)) return context === 'summary' ? i18n.t('mentorInterview.errors.summaryFailed') : i18n.t('mentorInterview.errors.invalidJson');
  if (error.isNetworkError) return i18n.t('mentorInterview.errors.network');
  if (error.status === 404) {
    return serverText(error) ?? i18n.t(context === 'summary' ? 'mentorInterview.errors.expiredSummary' : 'mentorInterview.errors.expired');
  }
  if (error.status === 403) return serverText(error) ?? i18n.t('mentorInterview.errors.denied');
  const status = { status: String(error.status) };
  if (context === 'question') return i18n.t('mentorInterview.errors.questionStatus', status);
  if (context === 'summary') return i18n.t('mentorInterview.errors.summaryStatus', status);
  return i18n.t('mentorInterview.errors.status', status);
}
