import { BUNDLE_BUDGET_BYTES, type BundleResult } from './lambda-bundles.ts';

/**
 * Bundles allowed over the budget (docs/decisions/0028-lambda-bundle-budget-exceptions.md):
 * the chat routes, each with its provider's SDK; the tokenizer (decision 0006); and a bundle a
 * deployment builds with a model SDK, SES or Transcribe, when the same handler on the local config
 * is accepted or within budget, so all it has over is that SDK.
 */
const ACCEPTED_HANDLERS = new Set(['ask/ask-openai', 'ask/ask-azure-openai', 'ask/ask-custom', 'ask/ask-anthropic', 'ask/ask-google', 'ask/bedrock-chat', 'tokenizer/count-tokens']);
const ACCEPTED_DEPLOYMENTS = /^(coach on|agents on|SES mail$|Transcribe$)/;

type Measured = Extract<BundleResult, { status: 'ok' }>;
type Verdict = 'ok' | 'over' | 'accepted';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const nameOf = (result: BundleResult) => (result.variant ? `${result.handler} [${result.variant}]` : result.handler);
const VERDICT_TEXT: Record<Verdict, string> = { ok: 'ok', over: `OVER ${kb(BUNDLE_BUDGET_BYTES)}`, accepted: 'over budget (accepted, decision 0028)' };

/** Judges each bundle; a deployment's bundle against the same handler's on the local config. */
function verdicts(measured: Measured[]): Map<BundleResult, Verdict> {
  const local = new Map(measured.filter((r) => !r.variant).map((r) => [r.handler, r]));
  const within = (result: Measured | undefined) => result !== undefined && (result.bytes <= BUNDLE_BUDGET_BYTES || ACCEPTED_HANDLERS.has(result.handler));
  const accepted = (result: Measured) => (result.variant ? ACCEPTED_DEPLOYMENTS.test(result.variant) && within(local.get(result.handler)) : ACCEPTED_HANDLERS.has(result.handler));
  return new Map(measured.map((result) => [result, result.bytes <= BUNDLE_BUDGET_BYTES ? 'ok' : accepted(result) ? 'accepted' : 'over']));
}

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
}

function cellsOf(result: BundleResult, verdict: Verdict | undefined): string[] {
  switch (result.status) {
    case 'missing':
      return [nameOf(result), '-', '-', '-', 'no handler module'];
    case 'build-error':
      return [nameOf(result), '-', '-', '-', 'BUILD FAILED'];
    case 'import-error':
      return [nameOf(result), kb(result.bytes), kb(result.gzipBytes), 'failed', 'IMPORT FAILED'];
    case 'ok':
      return [nameOf(result), kb(result.bytes), kb(result.gzipBytes), `${result.importMs.toFixed(1)} ms`, VERDICT_TEXT[verdict ?? 'ok']];
  }
}

/** The table, what makes each over-budget bundle big, and one summary line. */
export function printBundles(results: BundleResult[]): void {
  const measured = results.filter((r): r is Measured => r.status === 'ok');
  const judged = verdicts(measured);
  const header = ['bundle [deployment]', 'minified', 'gzip', 'import (median of 5)', 'budget'];
  const rows = results.map((result) => cellsOf(result, judged.get(result)));
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((r) => r[i]!.length)));
  console.log(`Lambda bundles (bench/out/, budget ${kb(BUNDLE_BUDGET_BYTES)} minified; [deployment]: a config that bundles other SDKs)\n`);
  console.log(row(header, widths));
  for (const r of rows) console.log(row(r, widths));

  for (const result of results) {
    if (result.status === 'build-error' || result.status === 'import-error') console.log(`\n${nameOf(result)}: ${result.error}`);
  }
  for (const result of measured.filter((r) => judged.get(r) !== 'ok')) {
    const parts = result.heaviest.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ');
    console.log(`\n${nameOf(result)} ${kb(result.bytes)}${judged.get(result) === 'accepted' ? ' (accepted, decision 0028)' : ''}; largest parts: ${parts}`);
  }

  const count = (verdict: Verdict) => measured.filter((r) => judged.get(r) === verdict).length;
  const biggest = [...measured].sort((a, b) => b.bytes - a.bytes).slice(0, 3).map((r) => `${nameOf(r)} ${kb(r.bytes)}`).join(', ');
  console.log(`\nSummary: ${measured.length} bundles, ${count('ok')} ok, ${count('over')} over budget, ${count('accepted')} over budget and accepted (decision 0028); biggest: ${biggest}`);
}
