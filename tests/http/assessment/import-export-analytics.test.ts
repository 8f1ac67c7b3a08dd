import { expect } from 'chai';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { binary } from '../learning/learning-fixtures.js';
import { enrolledStudent, seedQuiz, type SeededQuiz } from './assessment-fixtures.js';

const GOOD_CSV = [
  'question_type,question_text,points,correct,option_1,option_2,option_3,option_4',
  'multiple_choice,"What is 2+2, exactly?",2,2,3,4,5,',
  'multiple_answer,Pick the primes,1,1|3,2,4,5',
  'true_false,The earth is round,,true',
  'true_false,Water boils at 50°C,1,2,True,False',
  'short_answer,Capital of France?,1,,Paris,"Paris, France"',
  '',
].join('\r\n');

const GIFT = `// Moodle GIFT sample
$CATEGORY: geography

::Q1:: Who's buried in Grant's tomb?{~Grant ~Jefferson =no one}

Grant is {~buried =entombed ~living} in Grant's tomb.

Grant is buried in Grant's tomb.{FALSE}

Who's buried in Grant's tomb?{=no one =nobody}

Which are prime numbers? {~%50%2 ~%50%3 ~%-100%4 ~%-100%6}

Escaped \\{braces\\} and a \\= sign? {=yes#right ~no#wrong}
`;

const AIKEN = `What is the correct answer to this question?
A. Is it this one?
B. Maybe this answer?
C. Possibly this one?
D. Must be this one!
ANSWER: D

Which LMS has the most quiz import formats?
A) Moodle
B) ATutor
C) Claroline
ANSWER: A
`;

describe('HTTP assessment: import, export and analytics', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const upload = (admin: TestUser, quizId: string, text: string, filename: string, contentType: string, format?: string) => {
    const req = h.http.post(`/api/lms/admin/quizzes/${quizId}/import-csv`).set(admin.headers);
    if (format) req.field('format', format);
    return req.attach('file', Buffer.from(text, 'utf8'), { filename, contentType });
  };
  const questionsOf = async (admin: TestUser, quizId: string) =>
    (await h.http.get(`/api/lms/quizzes/${quizId}`).set(admin.headers)).body.data.questions as Array<
      Record<string, unknown> & { options: Array<{ option_text: string; is_correct: boolean }> }
    >;

  it('imports a CSV (quoted cells, short rows, true_false without options) after the existing questions', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, {
      publish: false,
      questions: [{ question_type: 'true_false', question_text: 'Existing', correct_answer: true }],
    });
    const res = await upload(admin, q.quizId, GOOD_CSV, 'questions.csv', 'text/csv');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ format: 'csv', imported: 5 });
    const questions = await questionsOf(admin, q.quizId);
    expect(questions.map((x) => x.question_type)).to.deep.equal([
      'true_false',
      'multiple_choice',
      'multiple_answer',
      'true_false',
      'true_false',
      'short_answer',
    ]);
    expect(questions.map((x) => x.order)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(questions[1]).to.include({ question_text: 'What is 2+2, exactly?', points: 2 });
    expect(questions[1]!.options.map((o) => [o.option_text, o.is_correct])).to.deep.equal([
      ['3', false],
      ['4', true],
      ['5', false],
    ]);
    expect(questions[2]!.options.filter((o) => o.is_correct).map((o) => o.option_text)).to.deep.equal(['2', '5']);
    expect(questions[3]!.options.map((o) => [o.option_text, o.is_correct])).to.deep.equal([
      ['True', true],
      ['False', false],
    ]);
    expect(questions[4]!.options.map((o) => o.is_correct)).to.deep.equal([false, true]);
    expect(questions[5]!.options.map((o) => o.option_text)).to.deep.equal(['Paris', 'Paris, France']);
  });

  it('rejects a CSV with one bad row with 400 naming the row, and imports nothing', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { publish: false, questions: [] });
    const lines = GOOD_CSV.split('\r\n');
    const cases: Array<[string, RegExp]> = [
      [
        [...lines.slice(0, 3), 'multiple_choice,Two right,1,1|2,a,b', ...lines.slice(3)].join('\n'),
        /^row 4: multiple_choice needs exactly one correct option/,
      ],
      [[...lines.slice(0, 2), 'cloze,Tell me,1,,', ...lines.slice(2)].join('\n'), /^row 3: question_type "cloze"/],
      [
        [...lines.slice(0, 5), 'multiple_choice,Out of range,1,4,a,b', ...lines.slice(5)].join('\n'),
        /^row 6: correct "4" is not an option number/,
      ],
      [[...lines, 'short_answer,Given correct,1,1,x'].join('\n'), /^row 8: correct must be empty/],
      ['question_type,question_text,answer\nmultiple_choice,x,1', /^row 1: unknown column "answer"/],
      [`${lines[0]}\nmultiple_choice,"unclosed,1,1,a,b`, /malformed CSV/],
    ];
    for (const [csv, message] of cases) {
      const res = await upload(admin, q.quizId, csv, 'questions.csv', 'text/csv');
      expect(res.status, csv).to.equal(400);
      expect(res.body.message).to.equal('Invalid import file');
      expect(res.body.error).to.match(message);
    }
    expect(await questionsOf(admin, q.quizId)).to.have.length(0);
    const noFile = await h.http.post(`/api/lms/admin/quizzes/${q.quizId}/import-csv`).set(admin.headers).field('format', 'csv');
    expect(noFile.status).to.equal(400);
    const badFormat = await upload(admin, q.quizId, GOOD_CSV, 'q.csv', 'text/csv', 'xml');
    expect(badFormat.status).to.equal(400);
    const student = await h.user(t);
    expect((await upload(student, q.quizId, GOOD_CSV, 'q.csv', 'text/csv')).status).to.equal(403);
  });

  it('imports Moodle GIFT and Aiken samples (by format field, content type or extension)', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const gift = await seedQuiz(h, admin, { publish: false, questions: [] });
    const res = await upload(admin, gift.quizId, GIFT, 'sample.txt', 'text/plain', 'gift');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ format: 'gift', imported: 6 });
    const qs = await questionsOf(admin, gift.quizId);
    expect(qs.map((x) => x.question_type)).to.deep.equal([
      'multiple_choice',
      'multiple_choice',
      'true_false',
      'short_answer',
      'multiple_answer',
      'multiple_choice',
    ]);
    expect(qs[0]).to.include({ question_text: "Who's buried in Grant's tomb?" });
    expect(qs[0]!.options.find((o) => o.is_correct)!.option_text).to.equal('no one');
    expect(qs[1]!.question_text).to.equal("Grant is _____ in Grant's tomb.");
    expect(qs[2]!.options.map((o) => [o.option_text, o.is_correct])).to.deep.equal([
      ['True', false],
      ['False', true],
    ]);
    expect(qs[3]!.options.map((o) => o.option_text)).to.deep.equal(['no one', 'nobody']);
    expect(qs[4]!.options.filter((o) => o.is_correct).map((o) => o.option_text)).to.deep.equal(['2', '3']);
    expect(qs[5]!.question_text).to.equal('Escaped {braces} and a = sign?');
    expect(qs[5]!.options.map((o) => o.option_text)).to.deep.equal(['yes', 'no']);

    const byType = await upload(admin, gift.quizId, 'Is it?{T}', 'q.txt', 'application/x-gift');
    expect(byType.body.data).to.include({ format: 'gift', imported: 1 });

    const aiken = await seedQuiz(h, admin, { publish: false, questions: [] });
    const a = await upload(admin, aiken.quizId, AIKEN, 'sample.aiken', 'application/octet-stream');
    expect(a.status, JSON.stringify(a.body)).to.equal(200);
    expect(a.body.data).to.include({ format: 'aiken', imported: 2 });
    const aq = await questionsOf(admin, aiken.quizId);
    expect(aq.map((x) => x.options.findIndex((o) => o.is_correct))).to.deep.equal([3, 0]);
    expect(aq[1]!.options.map((o) => o.option_text)).to.deep.equal(['Moodle', 'ATutor', 'Claroline']);

    // A GIFT text without answers is a description item (as Moodle reads it), worth nothing.
    const description = await upload(admin, gift.quizId, 'Grant was born in 1822.\n', 'x.gift', 'text/plain');
    expect(description.body.data).to.include({ format: 'gift', imported: 1, max_score_added: 0 });
    expect((await questionsOf(admin, gift.quizId)).at(-1)).to.include({
      question_type: 'description',
      question_text: 'Grant was born in 1822.',
      points: 0,
    });
    // A broken GIFT or Aiken file is refused whole, naming the question.
    const unclosed = await upload(admin, aiken.quizId, `${GIFT}\n\nGrant was born in {=1822.\n`, 'x.gift', 'text/plain');
    expect(unclosed.status).to.equal(400);
    expect(unclosed.body.error).to.match(/^question 7 \(line \d+\): the answer block \{ is not closed/);
    const broken = await upload(admin, aiken.quizId, AIKEN.replace('ANSWER: A', 'ANSWER: E'), 'x.txt', 'text/plain', 'aiken');
    expect(broken.status).to.equal(400);
    expect(broken.body.error).to.match(/^question 2 \(line 12\): ANSWER E is not one of the options/);
    expect(await questionsOf(admin, aiken.quizId)).to.have.length(2);
  });

  it('refuses a Moodle XML file with a DTD, entities, a __proto__ element or deep nesting with 400, expanding nothing', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { publish: false, questions: [] });
    const question = (text: string, inside = '') =>
      `<question type="shortanswer"><name><text>Q</text></name>${inside}<questiontext ` +
      `format="html"><text>${text}</text></questiontext><answer fraction="100"><text>x</text></answer></question>`;
    const quiz = (body: string, prolog = '<?xml version="1.0" encoding="UTF-8"?>\n') => `${prolog}<quiz>${body}</quiz>`;
    const laughs = '<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">';
    const cases: Array<[string, string, RegExp]> = [
      ['internal DTD, entity expansion', quiz(question('&c;'), `<?xml version="1.0"?>\n<!DOCTYPE quiz [${laughs}]>\n`), /DTD/],
      ['internal DTD, one entity', quiz(question('&a;'), '<!DOCTYPE quiz [<!ENTITY a "expanded">]>'), /DTD/],
      [
        'external entity',
        quiz(question('&xxe;'), '<?xml version="1.0"?>\n<!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'),
        /DTD/,
      ],
      ['parameter entity', quiz(question('x'), '<!DOCTYPE quiz [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>'), /DTD/],
      ['external DTD', quiz(question('x'), '<!DOCTYPE quiz SYSTEM "http://127.0.0.1:1/quiz.dtd">'), /DTD/],
      ['__proto__ element', quiz(question('x', '<__proto__><isAdmin>1</isAdmin></__proto__>')), /__proto__/],
      ['nesting past the cap', quiz(question('x', `${'<generalfeedback>'.repeat(30)}${'</generalfeedback>'.repeat(30)}`)), /nested/],
      ['very deep nesting', quiz(question('x', `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`)), /nested/],
    ];
    for (const [what, xml, reason] of cases) {
      const res = await upload(admin, q.quizId, xml, 'bank.xml', 'text/xml', 'moodle_xml');
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.message, what).to.equal('Invalid import file');
      expect(res.body.error, what).to.match(reason);
      expect(JSON.stringify(res.body), what).not.to.match(/expanded|lollol|root:/);
    }
    expect(await questionsOf(admin, q.quizId)).to.have.length(0);

    // Markup in question HTML (CDATA) and in comments is text, not a DTD; Moodle's own depth imports.
    const fine = await upload(
      admin,
      q.quizId,
      quiz(`<!-- <!DOCTYPE x> -->${question('<![CDATA[<!DOCTYPE html><p>Hi</p>]]>')}`),
      'bank.xml',
      'text/xml',
    );
    expect(fine.status, JSON.stringify(fine.body)).to.equal(200);
    expect((await questionsOf(admin, q.quizId)).map((x) => x.question_text)).to.deep.equal(['<!DOCTYPE html><p>Hi</p>']);
  });

  it('refuses a Moodle XML question carrying the old <image> field with 400 naming the question and the field', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { publish: false, questions: [] });
    const question = (name: string, inside: string) =>
      `<question type="truefalse"><name><text>${name}</text></name><questiontext format="html"><text>Is this an ` +
      `owl?</text></questiontext>${inside}<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>`;
    // Moodle 1.9 writes an empty <image/> in every question: nothing to lose there.
    const owl = question('Owl', '<image>birds/owl.jpg</image><image_base64>/9j/4AAQSkZJRg==</image_base64>');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>${question('Empty', '<image></image>')}${owl}</quiz>`;
    const res = await upload(admin, q.quizId, xml, 'bank.xml', 'text/xml');
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body.message).to.equal('Invalid import file');
    expect(res.body.error).to.match(/^question 2 \("Owl"\): the old <image> field \("birds\/owl\.jpg"\) is not supported/);
    expect(await questionsOf(admin, q.quizId)).to.have.length(0);
    const empty = await upload(
      admin,
      q.quizId,
      xml.replace(/<question type="truefalse"><name><text>Owl[\s\S]*<\/question>/, ''),
      'bank.xml',
      'text/xml',
    );
    expect(empty.status, JSON.stringify(empty.body)).to.equal(200);
  });

  /**
   * Four students, questions of 1, 1 and 2 points (max 4), passing 50 %:
   * S1 all right (4 → 100 %), S2 Q1+Q2 (2 → 50 %), S3 Q1 (1 → 25 %), S4 nothing (0 → 0 %);
   * S4 then a second attempt all right. Hand-computed figures in tests/unit/assessment/analytics.test.ts.
   */
  async function seedStatistics(admin: TestUser): Promise<{ q: SeededQuiz; students: TestUser[] }> {
    const q = await seedQuiz(h, admin, {
      quiz: { passing_score: 50, max_attempts: 2 },
      questions: [
        {
          question_type: 'multiple_choice',
          question_text: 'Q1',
          points: 1,
          options: [{ option_text: 'right', is_correct: true }, { option_text: 'wrong' }],
        },
        { question_type: 'true_false', question_text: 'Q2', points: 1, correct_answer: true },
        { question_type: 'short_answer', question_text: 'Q3', points: 2, options: ['yes'] },
      ],
    });
    const right = [[q.optionIds[0]![0]!], [q.optionIds[1]![0]!], ['yes']];
    const wrong = [[q.optionIds[0]![1]!], [q.optionIds[1]![1]!], ['no']];
    const patterns = [
      [true, true, true],
      [true, true, false],
      [true, false, false],
      [false, false, false],
      [true, true, true],
    ];
    const students: TestUser[] = [];
    for (const [i, pattern] of patterns.entries()) {
      const student = i < 4 ? await enrolledStudent(h, admin, q) : students[3]!;
      if (i < 4) students.push(student);
      const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
      const answers = pattern.map((ok, k) => ({ question_id: q.questionIds[k], answer: ok ? right[k] : wrong[k] }));
      const res = await h.http.post(`/api/lms/quiz-attempts/${start.body.data.attempt.id}/submit`).set(student.headers).send({ answers });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    }
    return { q, students };
  }

  it("computes analytics of first and all attempts with Moodle's definitions", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const { q } = await seedStatistics(admin);
    // An attempt in progress is not counted.
    const late = await enrolledStudent(h, admin, q);
    await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(late.headers).expect(200);

    const first = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/analytics?attempts=first`).set(admin.headers);
    expect(first.status).to.equal(200);
    const f = first.body.data;
    expect(f).to.include({
      attempts_counted: 'first',
      attempts: 4,
      mean: 43.75,
      median: 37.5,
      std_dev: 42.7,
      pass_rate: 50,
      cronbach_alpha: 0.6857,
    });
    expect(f.histogram.map((b: { count: number }) => b.count)).to.deep.equal([1, 0, 1, 0, 0, 1, 0, 0, 0, 1]);
    expect(f.histogram[9]).to.include({ from: 90, to: 100 });
    expect(
      f.questions.map((x: Record<string, unknown>) => [x.question_id, x.attempts, x.facility_index, x.discrimination_index]),
    ).to.deep.equal([
      [q.questionIds[0], 4, 0.75, 47.14],
      [q.questionIds[1], 4, 0.5, 68.82],
      [q.questionIds[2], 4, 0.25, 52.22],
    ]);

    const all = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/analytics`).set(admin.headers);
    expect(all.body.data).to.include({ attempts_counted: 'all', attempts: 5, mean: 55, median: 50, pass_rate: 60 });
    expect(all.body.data.questions[0]).to.include({ facility_index: 0.8, attempts: 5, correct: 4 });

    const empty = await seedQuiz(h, admin);
    const none = await h.http.get(`/api/lms/admin/quizzes/${empty.quizId}/analytics`).set(admin.headers);
    expect(none.body.data).to.include({ attempts: 0, mean: null, median: null, std_dev: null, pass_rate: null, cronbach_alpha: null });
    expect((await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/analytics?attempts=latest`).set(admin.headers)).status).to.equal(400);
    const mentor = await h.user(t, Role.Mentor);
    expect((await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/analytics`).set(mentor.headers)).status).to.equal(403);
  });

  it('exports one CSV row per attempt, streamed with a Content-Disposition', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const { q, students } = await seedStatistics(admin);
    const tricky = await enrolledStudent(h, admin, q);
    await h
      .resolve<{ update(u: unknown): Promise<void> }>('userRepository')
      .update({ ...tricky.user, displayName: '=HYPERLINK("x"), "quoted"' });
    await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(tricky.headers).expect(200);

    const res = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/export-results`).set(admin.headers).buffer(true).parse(binary);
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^text\/csv/);
    expect(res.headers['content-disposition']).to.match(/^attachment; filename="quiz-.*-results\.csv"/);
    const lines = (res.body as Buffer).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).to.equal(
      'attempt_id,user_id,email,display_name,attempt_number,status,started_at,submitted_at,score,max_score,percentage,passed',
    );
    expect(lines).to.have.length(1 + 6);
    const rows = lines.slice(1);
    const s1 = rows.find((l) => l.includes(students[0]!.id))!.split(',');
    expect(s1.slice(1, 3)).to.deep.equal([students[0]!.id, students[0]!.email]);
    expect(s1.slice(4, 6)).to.deep.equal(['1', 'submitted']);
    expect(s1.slice(8)).to.deep.equal(['4', '4', '100', 'true']);
    expect(rows.filter((l) => l.includes(students[3]!.id)).map((l) => l.split(',')[4])).to.deep.equal(['1', '2']);
    const trickyRow = rows.find((l) => l.includes(tricky.id))!;
    expect(trickyRow).to.include(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(trickyRow).to.match(/,in_progress,[^,]+,,,4,,$/);
    const student = await h.user(t);
    expect((await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/export-results`).set(student.headers)).status).to.equal(403);
    expect((await h.http.get(`/api/lms/admin/quizzes/${students[0]!.id}/export-results`).set(admin.headers)).status).to.equal(404);
  });

  it('exports a header alone without attempts; quotes a lone newline or carriage return and guards every formula lead', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { questions: [{ question_type: 'true_false', question_text: 'ok', correct_answer: true }] });
    const csvOf = async () =>
      (
        (await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/export-results`).set(admin.headers).buffer(true).parse(binary)).body as Buffer
      ).toString('utf8');
    expect(await csvOf()).to.equal(
      'attempt_id,user_id,email,display_name,attempt_number,status,started_at,submitted_at,score,max_score,percentage,passed\r\n',
    );

    const names = ['Ada\nLovelace', 'Bob\rSmith', '+1 Carol', '@SUM(A1)', '-2 Dan', '\tEve', 'Plain, "Frank"'];
    const users: TestUser[] = [];
    for (const displayName of names) {
      const s = await enrolledStudent(h, admin, q);
      await h.resolve<{ update(u: unknown): Promise<void> }>('userRepository').update({ ...s.user, displayName });
      await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(s.headers).expect(200);
      users.push(s);
    }
    const csv = await csvOf();
    const cellOf = (i: number) =>
      csv
        .split(users[i]!.id)[1]!
        .slice(1)
        .match(/^[^,]*,("(?:[^"]|"")*"|[^,]*)/)![1];
    expect(names.map((_, i) => cellOf(i))).to.deep.equal([
      '"Ada\nLovelace"',
      '"Bob\rSmith"',
      "'+1 Carol",
      "'@SUM(A1)",
      "'-2 Dan",
      "'\tEve",
      '"Plain, ""Frank"""',
    ]);
    // Records end in CRLF only: the newlines inside the quoted names split nothing.
    expect(csv.split('\r\n')).to.have.length(1 + names.length + 1);
  });

  it('pages the export by keyset: more attempts than one page all come out once', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { questions: [{ question_type: 'true_false', question_text: 'ok', correct_answer: true }] });
    // 1,203 attempts straight into the table (the HTTP path is covered above): pages of 500.
    const { seedAttempts } = await import('./bulk-attempts.js');
    await seedAttempts(h, t.id, q.quizId, q.questionIds[0]!, 1203);
    const res = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/export-results`).set(admin.headers).buffer(true).parse(binary);
    const ids = (res.body as Buffer)
      .toString('utf8')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(ids).to.have.length(1203);
    expect(new Set(ids).size).to.equal(1203);
    const stats = await h.http.get(`/api/lms/admin/quizzes/${q.quizId}/analytics`).set(admin.headers);
    expect(stats.body.data.attempts).to.equal(1203);
  });
});
