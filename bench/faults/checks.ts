/** One thing a fault scenario verifies, printed as PASS or FAIL with what was seen. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export const check = (name: string, ok: boolean, detail = ''): Check => ({ name, ok, detail });

/** A refusal the browser can show: a 4xx or 503 with a JSON message, never a 500 or a stack. */
export function isClearError(status: number, text: string): boolean {
  if (status < 400 || status === 500 || (status > 500 && status !== 503)) return false;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message.length > 0 && !/\n\s+at /.test(text);
  } catch {
    return false;
  }
}

export function printChecks(title: string, notes: string[], checks: Check[]): boolean {
  console.log(`${title}\n`);
  for (const note of notes) console.log(`  ${note}`);
  for (const c of checks) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}${c.detail ? `: ${c.detail}` : ''}`);
  console.log('');
  return checks.every((c) => c.ok);
}
