// Prettier wraps code but not long strings or comments: this keeps every tracked source line
// within 160 characters (markdown and generated files aside, as .prettierignore has them).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 160;
const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.(ts|js|mjs|cjs|json|ya?ml)$/.test(f) && !f.startsWith('examples/generated/') && f !== 'package-lock.json');
const long = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => (line.length > LIMIT ? [`${file}:${i + 1}: ${line.length} characters`] : [])),
);
if (long.length > 0) {
  console.error(`Lines over ${LIMIT} characters (wrap the string or comment):\n${long.join('\n')}`);
  process.exit(1);
}
