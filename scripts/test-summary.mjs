// Prints what vitest's JSON report says about the run: the time each project's files took, the ten
// slowest files, and one closing line, "N passed, N failed, N skipped".
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const reportFile = new URL('../.vitest-report.json', import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const report = JSON.parse(readFileSync(reportFile, 'utf8'));

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const files = report.testResults.map((file) => ({
  path: relative(root, file.name),
  // The first folder is the workspace, which is the vitest project.
  project: relative(root, file.name).split('/')[0],
  ms: Math.max(0, file.endTime - file.startTime),
  tests: file.assertionResults.length,
}));

const projects = new Map();
for (const file of files) {
  const project = projects.get(file.project) ?? { files: 0, tests: 0, ms: 0 };
  project.files += 1;
  project.tests += file.tests;
  project.ms += file.ms;
  projects.set(file.project, project);
}

// The report is written when the run ends, so its age gives the run's wall time.
const wallMs = statSync(reportFile).mtimeMs - report.startTime;
console.log(`\nvitest ran ${files.length} files in ${seconds(wallMs)} (wall clock); time in each project's files, summed over workers:`);
for (const [name, project] of [...projects].sort((a, b) => b[1].ms - a[1].ms)) {
  console.log(`  ${name.padEnd(10)} ${seconds(project.ms).padStart(9)}  ${String(project.files).padStart(4)} files  ${String(project.tests).padStart(5)} tests`);
}
console.log('the 10 slowest files:');
for (const file of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${seconds(file.ms).padStart(9)}  ${file.path}`);

const skipped = report.numPendingTests + report.numTodoTests;
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
