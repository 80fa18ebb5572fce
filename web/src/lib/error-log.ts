/** The error log a user can download from the error page and send to the Admin (spec 001 section 2). */
export interface ErrorLog {
  timestamp: string;
  browser: {
    userAgent: string;
    platform: string;
    platformVersion: string;
    language: string;
    windowSize: { width: number; height: number };
  };
  error: { message: string; status: number | null; stack: string | null; details: unknown };
}

interface UserAgentData {
  platform?: string;
}

export function buildErrorLog(error: { message: string; status: number | null; stack: string | null; details: unknown }, now = new Date()): ErrorLog {
  const uaData = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  return {
    timestamp: now.toISOString(),
    browser: {
      userAgent: navigator.userAgent,
      platform: uaData?.platform ?? navigator.platform ?? '',
      // The high-entropy platform version needs an async permissioned call; the UA string covers it.
      platformVersion: /\(([^)]+)\)/.exec(navigator.userAgent)?.[1] ?? '',
      language: navigator.language,
      windowSize: { width: window.innerWidth, height: window.innerHeight },
    },
    error,
  };
}

export function downloadJson(filename: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function downloadErrorLog(error: ErrorLog['error']): void {
  const log = buildErrorLog(error);
  downloadJson(`meld-error-${log.timestamp.replace(/[:.]/g, '-')}.json`, log);
}
