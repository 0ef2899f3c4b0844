// Sums vitest JSON reports under the given folder and prints "N passed, N failed".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function reports(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return reports(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

let passed = 0;
let failed = 0;
for (const file of reports(process.argv[2])) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  if (report.success === false && !report.numFailedTests) failed += 1;
}
console.log(`${passed} passed, ${failed} failed`);
