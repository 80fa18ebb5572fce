import { downloadFile } from './download.ts';

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

/** User-Agent Client Hints (Chromium browsers); others have only the user-agent string. */
interface UserAgentData {
  platform?: string;
  getHighEntropyValues?: (hints: string[]) => Promise<{ platformVersion?: string }>;
}

function userAgentData(): UserAgentData | undefined {
  return (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
}

/** The OS version from client hints when the browser has them, else the user-agent's system part. */
async function platformVersion(): Promise<string> {
  try {
    const hints = await userAgentData()?.getHighEntropyValues?.(['platformVersion']);
    if (hints?.platformVersion) return hints.platformVersion;
  } catch {
    // A browser may refuse the hint; the user-agent string still says something.
  }
  return /\(([^)]+)\)/.exec(navigator.userAgent)?.[1] ?? '';
}

export async function buildErrorLog(error: ErrorLog['error'], now = new Date()): Promise<ErrorLog> {
  return {
    timestamp: now.toISOString(),
    browser: {
      userAgent: navigator.userAgent,
      platform: userAgentData()?.platform || navigator.platform || '',
      platformVersion: await platformVersion(),
      language: navigator.language,
      windowSize: { width: window.innerWidth, height: window.innerHeight },
    },
    error,
  };
}

export function downloadJson(filename: string, data: unknown): void {
  downloadFile(filename, JSON.stringify(data, null, 2), 'application/json');
}

/** Saves error-log-<timestamp>.json (colons and dots replaced, so every file system takes the name). */
export async function downloadErrorLog(error: ErrorLog['error']): Promise<void> {
  const log = await buildErrorLog(error);
  downloadJson(`error-log-${log.timestamp.replace(/[:.]/g, '-')}.json`, log);
}
