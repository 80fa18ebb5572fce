// Lambda runs Node 22; the AWS SDK's notice about this machine's Node 20 is noise in the figures.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { sections } from './sections.ts';

/**
 * `npm run bench`: every section in `sections.ts`, in order, each printing its figures.
 * `npm run bench -- --only bundles,load` runs the named sections only. Budgets are flagged,
 * not enforced: the exit code is non-zero only when a section fails to run.
 */

function selectedNames(argv: string[]): string[] | undefined {
  const index = argv.indexOf('--only');
  if (index < 0) return undefined;
  return (argv[index + 1] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
}

async function main(): Promise<void> {
  const only = selectedNames(process.argv.slice(2));
  const unknown = only?.filter((name) => !sections.some((section) => section.name === name)) ?? [];
  if (unknown.length > 0) {
    console.error(`Unknown bench section(s): ${unknown.join(', ')}. Known: ${sections.map((s) => s.name).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  for (const section of sections) {
    if (only && !only.includes(section.name)) continue;
    console.log(`\n=== ${section.name}: ${section.title} ===\n`);
    const ok = await section.run();
    if (!ok) process.exitCode = 1;
  }
}

await main();
