import { expect } from 'chai';
import {
  analyse,
  answerSentences,
  contextPassages,
  excerpt,
  passageText,
  plainText,
  retrieve,
  splitPassages,
  stem,
} from '../../../domain/engagement/passages.js';
import { builtinLessonAssistant } from '../../../adapters/gateways/ai/builtin-lesson-assistant.js';
import { PHOTOSYNTHESIS } from '../../support/lesson-texts.js';

const lesson = { id: 'l1', ...PHOTOSYNTHESIS };
const ask = async (question: string) => {
  const r = await builtinLessonAssistant.answer({ lesson, question, history: [] });
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('engagement: passage retrieval (BM25) and the built-in assistant', () => {
  it('stems both sides alike, drops stop words and folds case and accents', () => {
    expect(['produce', 'produces', 'produced', 'producing'].map(stem)).to.satisfy((s: string[]) => new Set(s).size === 1);
    expect(stem('energies')).to.equal(stem('energy'));
    expect(stem('plants')).to.equal('plant');
    expect(stem('running')).to.equal('run');
    expect(analyse('What is the Café selling?').map((t) => t.word)).to.deep.equal(['cafe', 'selling']);
  });

  it('reduces markdown to text and splits a lesson into passages that keep their headings', () => {
    expect(plainText('**Bold** [link](https://x.test) `code` <b>tag</b> _it_')).to.equal('Bold link code  tag  it');
    const passages = splitPassages(lesson);
    expect(passages[0]).to.include({ section: 'title', text: 'Photosynthesis', index: 0 });
    expect(passages[1]).to.include({ section: 'description' });
    const chlorophyll = passages.find((p) => p.heading === 'Chlorophyll and the chloroplast')!;
    expect(chlorophyll.text).to.match(/^Photosynthesis takes place in the chloroplasts/);
    expect(chlorophyll.text).not.to.include('**');
    expect(passageText(chlorophyll)).to.match(/^Chlorophyll and the chloroplast: /);
    // The numbered list stays one passage, markers removed.
    const stages = passages.find((p) => p.heading === 'The two stages')!;
    expect(stages.text).to.match(/^The light-dependent reactions happen/);
    expect(stages.text).to.include('The Calvin cycle happens in the stroma.');
    expect(passages.map((p) => p.index)).to.deep.equal(passages.map((_, i) => i));
  });

  it('cuts long paragraphs between sentences', () => {
    const long = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} talks about topic ${i}.`).join(' ');
    const passages = splitPassages({ title: 'T', description: null, content: long });
    expect(passages.length).to.be.greaterThan(2);
    for (const p of passages.slice(1)) {
      expect(p.text.length).to.be.at.most(700);
      expect(p.text).to.match(/\.$/);
    }
  });

  it('ranks the passage that answers first, and tells full, partial and no coverage apart', () => {
    const passages = splitPassages(lesson);
    const r = retrieve(passages, 'Where does the Calvin cycle take place?');
    expect(r.ranked[0]!.passage.heading).to.equal('The two stages');
    expect(r.coverage).to.equal('full');
    expect(retrieve(passages, 'Which factors limit photosynthesis?').ranked[0]!.passage.heading).to.equal('Limiting factors');
    const partial = retrieve(passages, 'Does photosynthesis happen in cacti?');
    expect(partial.coverage).to.equal('partial');
    expect(partial.missing).to.deep.equal(['cacti']);
    expect(retrieve(passages, 'Who won the World Cup in 1998?').coverage).to.equal('none');
    expect(retrieve(passages, 'what is it?').coverage).to.equal('none');
  });

  it('answers from the right sentences of a real lesson, citing the passage', async () => {
    const green = await ask('Why do leaves look green?');
    expect(green.reply).to.equal(
      'According to the lesson "Photosynthesis": Chloroplasts contain chlorophyll, a green pigment that absorbs red and ' +
        'blue light and reflects green light. That reflected light is why leaves look green.',
    );
    expect(green.sources[0]!.excerpt).to.match(/^Chlorophyll and the chloroplast: Photosynthesis takes place in the chloroplasts/);

    const greenhouse = await ask('Why do greenhouse growers add carbon dioxide?');
    expect(greenhouse.reply).to.include('Greenhouse growers raise carbon dioxide levels to make crops grow faster.');
    expect(greenhouse.sources[0]!.excerpt).to.match(/^Limiting factors: /);

    const none = await ask('What is the capital of France?');
    expect(none.reply).to.match(/does not cover this question/);
    expect(none.sources).to.deep.equal([]);
  });

  it('says when a lesson has no text to answer from', async () => {
    const r = await builtinLessonAssistant.answer({
      lesson: { id: 'v', title: 'Video: cells', description: null, content: null },
      question: 'What is a cell?',
      history: [],
    });
    expect(r.ok && r.value.reply).to.match(/no written text/);
  });

  it('takes the best sentences only, and at most what is asked', () => {
    const passages = splitPassages(lesson);
    const sentences = answerSentences(passages, retrieve(passages, 'What does the Calvin cycle use to fix carbon dioxide?'), 3);
    expect(sentences.length).to.be.within(1, 3);
    expect(sentences.join(' ')).to.include('It uses the ATP and NADPH to fix carbon dioxide into sugars.');
  });

  it("keeps a language model's context within its budget, best passages first, in lesson order", () => {
    const passages = splitPassages(lesson);
    const r = retrieve(passages, 'Calvin cycle stroma');
    const all = contextPassages(passages, r, 100_000);
    expect(all).to.have.length(passages.length);
    const small = contextPassages(passages, r, 500);
    expect(small.map((p) => p.heading)).to.include('The two stages');
    expect(small.reduce((s, p) => s + passageText(p).length + 2, 0)).to.be.at.most(500);
    expect(small.map((p) => p.index)).to.deep.equal([...small.map((p) => p.index)].sort((a, b) => a - b));
  });

  it('shortens excerpts at a word boundary', () => {
    expect(excerpt('short')).to.equal('short');
    const e = excerpt('word '.repeat(100), 50);
    expect(e.length).to.be.at.most(51);
    expect(e.endsWith('word…')).to.equal(true);
  });
});
