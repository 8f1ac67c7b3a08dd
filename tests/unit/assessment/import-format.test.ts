import { expect } from 'chai';
import { importFormatOf } from '../../../adapters/http/routes/assessment-quiz-admin.routes.js';

describe('question import: format detection', () => {
  const unnamed = { mimeType: 'application/octet-stream', originalName: 'questions' };

  it('detects Aiken, GIFT, Moodle XML and CSV from the text', () => {
    expect(importFormatOf(undefined, unnamed, 'Capital?\r\nA. Jakarta\r\nB. Bandung\r\nANSWER: A\r\n')).to.equal('aiken');
    expect(importFormatOf(undefined, unnamed, 'Capital?\n  answer :  b  \n')).to.equal('aiken');
    expect(importFormatOf(undefined, unnamed, '::Q1:: 1 + 1 = {=2 ~3}')).to.equal('gift');
    expect(importFormatOf(undefined, unnamed, '{ {=2 ~3}')).to.equal('gift');
    expect(importFormatOf(undefined, unnamed, '<?xml version="1.0"?><quiz></quiz>')).to.equal('moodle_xml');
    expect(importFormatOf(undefined, unnamed, 'question_type,question_text\nessay,{x}\n')).to.equal('csv');
  });

  // Issue 26: 3 MB of `\r` took minutes (a multiline `^\s*` rescanning the rest from every line).
  it('takes linear time on 3 MB of line breaks or of unclosed braces', () => {
    for (const text of ['\r'.repeat(3 * 1024 * 1024), '\n'.repeat(3 * 1024 * 1024), '{'.repeat(3 * 1024 * 1024)]) {
      const started = performance.now();
      expect(importFormatOf(undefined, unnamed, text)).to.equal('csv');
      expect(performance.now() - started).to.be.below(1000);
    }
  });
});
