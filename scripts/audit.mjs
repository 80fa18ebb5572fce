// `npm run audit`: npm audit of what ships (the functions and the web app, no dev dependencies).
// Exit 0: the registry audited the lockfile and found nothing high or critical.
// Exit 1: it found high or critical vulnerabilities (listed).
// Exit 2: no audit result could be had (no network, a registry without the audit endpoint
// answering 404/405, any other refusal); never read as a pass. Extra arguments go to npm audit,
// e.g. `npm run audit -- --registry=https://registry.npmjs.org/`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERIOUS = ['high', 'critical'];

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json', ...process.argv.slice(2)], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  timeout: 120_000,
});

function noResult(reason) {
  console.error(`npm audit: NO AUDIT RESULT could be obtained, so nothing was checked: ${reason}`);
  process.exit(2);
}

// npm exits non-zero whenever it finds anything, so the JSON report is read whatever the exit code.
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  noResult(`npm gave no report${run.error ? ` (${run.error.message})` : ''}:\n${`${run.stdout ?? ''}\n${run.stderr ?? ''}`.trim().slice(0, 2000)}`);
}

if (!report.metadata) {
  // The registry answered but refused the audit call itself.
  if (report.statusCode === 404 || report.statusCode === 405) noResult(`the registry has no audit endpoint (${report.message ?? report.statusCode})`);
  noResult(report.message ?? JSON.stringify(report).slice(0, 2000));
}

const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, finding]) => SERIOUS.includes(finding.severity));
const counts = report.metadata.vulnerabilities;
const seriousCount = SERIOUS.reduce((sum, severity) => sum + (counts[severity] ?? 0), 0);
console.log(`npm audit (production dependencies): ${Object.entries(counts).map(([severity, n]) => `${n} ${severity}`).join(', ')}`);
if (serious.length > 0 || seriousCount > 0) {
  for (const [name, finding] of serious) console.error(`  ${name}: ${finding.severity}`);
  console.error('npm audit: high or critical vulnerabilities in production dependencies (`npm audit --omit=dev` for details)');
  process.exit(1);
}
console.log('npm audit: no high or critical vulnerability');
