import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../../..');
const mismatches = resolve(root, 'tests/types/error-codes.mismatch.ts');
const MARKER = /\/\/ @ts-expect-error (\S+)/;

/**
 * `npm run typecheck` already fails when a `@ts-expect-error` line of the file compiles; this
 * checks each fails for its own reason: the file, with the markers made plain comments, compiled
 * with the project's options, has an error on each marked line naming what its marker names,
 * and none elsewhere (the controls compile).
 */
describe('error codes checked by the compiler (tests/types/error-codes.mismatch.ts)', () => {
  it("lists every use case of each context in that context's codes (adapters/http/errors/codes.ts)", () => {
    const codes = readFileSync(resolve(root, 'adapters/http/errors/codes.ts'), 'utf8');
    const imported = new Map(
      [...codes.matchAll(/import type \* as (\w+) from '\.\.\/\.\.\/\.\.\/(application\/\w+\/use-cases\/[\w.-]+)\.js';/g)].map((m) => [
        `${m[2]}.ts`,
        m[1],
      ]),
    );
    const unions = new Map([...codes.matchAll(/export type (\w+)Codes =([^;]+);/g)].map((m) => [m[1]?.toLowerCase(), m[2] ?? '']));
    const missing: string[] = [];
    for (const context of readdirSync(resolve(root, 'application'))) {
      let files: string[];
      try {
        files = readdirSync(resolve(root, 'application', context, 'use-cases'));
      } catch {
        continue;
      }
      for (const file of files.filter((f) => f.endsWith('.usecase.ts'))) {
        const path = `application/${context}/use-cases/${file}`;
        const name = imported.get(path);
        if (!name || !(unions.get(context) ?? '').includes(`CodesOf<typeof ${name}>`)) missing.push(path);
      }
    }
    expect(
      missing,
      "use cases whose codes the error table is not checked against: import each in codes.ts and add it to its context's union",
    ).to.deep.equal([]);
  });

  it('fails the type-check on each deliberate mismatch, for its reason, and only there', function () {
    this.timeout(300_000);
    const source = readFileSync(mismatches, 'utf8');
    const lines = source.split('\n');
    const expected = new Map<number, string>();
    lines.forEach((line, i) => {
      const m = MARKER.exec(line);
      if (m?.[1]) expected.set(i + 1, m[1]);
    });
    expect(expected.size, 'marked lines').to.be.at.least(9);
    const unmarked = lines.map((line) => line.replace('@ts-expect-error', 'mismatch:')).join('\n');

    const config = ts.getParsedCommandLineOfConfigFile(
      resolve(root, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    if (!config) throw new Error('tsconfig.json unreadable');
    const host = ts.createCompilerHost(config.options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (file, language, ...rest) =>
      resolve(file) === mismatches ? ts.createSourceFile(file, unmarked, language) : getSourceFile(file, language, ...rest);
    const program = ts.createProgram({ rootNames: [mismatches], options: config.options, host });
    const file = program.getSourceFile(mismatches);
    if (!file) throw new Error('mismatch file not compiled');

    const found = new Map<number, string[]>();
    for (const d of [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]) {
      const line = file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
      found.set(line, [...(found.get(line) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
    }
    const failing = [...found.keys()].map((line) => line - 1);
    expect(
      failing.sort((a, b) => a - b),
      'lines that fail, each after its marker',
    ).to.deep.equal([...expected.keys()].sort((a, b) => a - b));
    for (const [markerLine, needle] of expected) {
      const messages = (found.get(markerLine + 1) ?? []).join('\n');
      expect(messages, `line ${markerLine + 1}: ${lines[markerLine]?.trim()}`).to.include(needle);
    }
  });
});
