import { expect } from 'chai';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { seedCourse } from '../learning/learning-fixtures.js';
import { statementsOf } from '../../support/statement-counter.js';
import { addQuestion, createQuiz, enrolledStudent, type SeededQuiz } from './assessment-fixtures.js';

interface Category {
  id: string;
  course_id: string;
  parent_id: string | null;
  name: string;
  is_default: boolean;
  question_count?: number;
}

/** Issue 33 items 4 and 5: the question bank (categories, bank questions, import) and random slots, over HTTP. */
describe('HTTP assessment: question bank and random slots', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const categories = async (admin: TestUser, courseId: string) => {
    const res = await h.http.get(`/api/lms/admin/courses/${courseId}/question-categories`).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data as Category[];
  };
  const createCategory = async (admin: TestUser, courseId: string, body: Record<string, unknown>) => {
    const res = await h.http.post(`/api/lms/admin/courses/${courseId}/question-categories`).set(admin.headers).send(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data as Category;
  };
  const bankQuestion = (i: number) => ({
    question_type: 'multiple_choice',
    question_text: `Bank question ${i}`,
    options: [
      { option_text: `right ${i}`, is_correct: true },
      { option_text: `wrong ${i}`, is_correct: false },
    ],
  });
  const fillCategory = async (admin: TestUser, categoryId: string, n: number, from = 0) => {
    const ids: string[] = [];
    for (let i = from; i < from + n; i++) {
      const res = await h.http.post(`/api/lms/admin/question-categories/${categoryId}/questions`).set(admin.headers).send(bankQuestion(i));
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      ids.push(res.body.data.id as string);
    }
    return ids;
  };
  const listQuestions = async (admin: TestUser, categoryId: string, query = '') =>
    (await h.http.get(`/api/lms/admin/question-categories/${categoryId}/questions${query}`).set(admin.headers)).body.data as {
      items: Array<Record<string, unknown>>;
      total: number;
    };

  it('creates, lists, renames, moves and deletes categories; the course always has its default one', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });

    const initial = await categories(admin, course.id);
    expect(initial).to.have.length(1);
    expect(initial[0]).to.include({ course_id: course.id, parent_id: null, is_default: true, question_count: 0 });
    expect(initial[0]!.name).to.match(/^Default for /);

    const algebra = await createCategory(admin, course.id, { name: '  Algebra ' });
    expect(algebra).to.include({ name: 'Algebra', parent_id: null, is_default: false, course_id: course.id });
    const linear = await createCategory(admin, course.id, { name: 'Linear', parent_id: algebra.id });
    expect(linear.parent_id).to.equal(algebra.id);
    await fillCategory(admin, linear.id, 2);
    const listed = await categories(admin, course.id);
    expect(listed.map((c) => [c.name, c.parent_id, c.question_count])).to.deep.include.members([
      ['Algebra', null, 0],
      ['Linear', algebra.id, 2],
    ]);

    const renamed = await h.http
      .put(`/api/lms/admin/question-categories/${linear.id}`)
      .set(admin.headers)
      .send({ name: 'Linear equations' });
    expect(renamed.status).to.equal(200);
    expect(renamed.body.data).to.include({ name: 'Linear equations', parent_id: algebra.id });
    const moved = await h.http.put(`/api/lms/admin/question-categories/${linear.id}`).set(admin.headers).send({ parent_id: null });
    expect(moved.body.data).to.include({ name: 'Linear equations', parent_id: null });
    // Below itself (through a child): refused, nothing changes.
    await h.http.put(`/api/lms/admin/question-categories/${algebra.id}`).set(admin.headers).send({ parent_id: linear.id }).expect(200);
    const cycle = await h.http.put(`/api/lms/admin/question-categories/${linear.id}`).set(admin.headers).send({ parent_id: algebra.id });
    expect(cycle.status).to.equal(400);
    expect(cycle.body.code).to.equal('INVALID_CATEGORY');
    expect((await categories(admin, course.id)).find((c) => c.id === linear.id)!.parent_id).to.equal(null);
    // A parent of another course is refused.
    const other = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const foreign = await createCategory(admin, other.id, { name: 'Elsewhere' });
    expect(
      (
        await h.http
          .post(`/api/lms/admin/courses/${course.id}/question-categories`)
          .set(admin.headers)
          .send({ name: 'X', parent_id: foreign.id })
      ).status,
    ).to.equal(400);
    expect(
      (await h.http.put(`/api/lms/admin/question-categories/${linear.id}`).set(admin.headers).send({ parent_id: foreign.id })).status,
    ).to.equal(400);

    // Delete: only empty, never the default one.
    const notEmpty = await h.http.delete(`/api/lms/admin/question-categories/${linear.id}`).set(admin.headers);
    expect(notEmpty.status).to.equal(400);
    expect(notEmpty.body.code).to.equal('CATEGORY_NOT_EMPTY');
    const hasChild = await h.http.delete(`/api/lms/admin/question-categories/${linear.id}`).set(admin.headers);
    expect(hasChild.body.code).to.equal('CATEGORY_NOT_EMPTY');
    const byDefault = await h.http.delete(`/api/lms/admin/question-categories/${initial[0]!.id}`).set(admin.headers);
    expect(byDefault.status).to.equal(400);
    expect(byDefault.body.code).to.equal('CATEGORY_IS_DEFAULT');
    await h.http.put(`/api/lms/admin/question-categories/${algebra.id}`).set(admin.headers).send({ parent_id: null }).expect(200);
    expect((await h.http.delete(`/api/lms/admin/question-categories/${algebra.id}`).set(admin.headers)).status).to.equal(200);
    expect((await categories(admin, course.id)).map((c) => c.name)).to.not.include('Algebra');
    expect((await h.http.delete(`/api/lms/admin/question-categories/${algebra.id}`).set(admin.headers)).status).to.equal(404);
  });

  it('deletes a course with its bank (a tree of categories, bank questions, a quiz with a random slot)', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const top = await createCategory(admin, course.id, { name: 'Top' });
    const sub = await createCategory(admin, course.id, { name: 'Sub', parent_id: top.id });
    await fillCategory(admin, sub.id, 2);
    const quizId = await createQuiz(h, admin, course.moduleIds[0]!);
    await addQuestion(h, admin, quizId, { question_type: 'true_false', question_text: 'Fixed', correct_answer: true });
    await h.http
      .post(`/api/lms/admin/quizzes/${quizId}/random-slots`)
      .set(admin.headers)
      .send({ category_id: top.id, count: 2, include_subcategories: true })
      .expect(200);
    const res = await h.http.delete(`/api/lms/admin/courses/${course.id}`).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect((await h.http.get(`/api/lms/admin/question-categories/${sub.id}/questions`).set(admin.headers)).status).to.equal(404);
    const left = await h.app.db.knex('question_categories').whereIn('id', [top.id, sub.id]).count({ n: '*' }).first();
    expect(Number((left as { n: number | string }).n)).to.equal(0);
  });

  it('refuses bad input, strangers and students, and changes nothing', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const cat = await createCategory(admin, course.id, { name: 'Kept' });
    expect((await h.http.post(`/api/lms/admin/courses/${course.id}/question-categories`).set(admin.headers).send({})).status).to.equal(400);
    expect(
      (
        await h.http
          .post(`/api/lms/admin/courses/${course.id}/question-categories`)
          .set(admin.headers)
          .send({ name: 'x'.repeat(256) })
      ).status,
    ).to.equal(400);
    expect(
      (
        await h.http
          .post(`/api/lms/admin/courses/00000000-0000-4000-8000-000000000000/question-categories`)
          .set(admin.headers)
          .send({ name: 'A' })
      ).status,
    ).to.equal(404);
    expect((await h.http.put(`/api/lms/admin/question-categories/${cat.id}`).set(admin.headers).send({ name: '   ' })).status).to.equal(
      400,
    );
    const badQuestion = await h.http
      .post(`/api/lms/admin/question-categories/${cat.id}/questions`)
      .set(admin.headers)
      .send({ question_type: 'multiple_choice', question_text: 'Q', options: [{ option_text: 'only', is_correct: true }] });
    expect(badQuestion.status).to.equal(400);
    expect((await listQuestions(admin, cat.id)).total).to.equal(0);
    const student = await h.user(t);
    expect((await h.http.get(`/api/lms/admin/courses/${course.id}/question-categories`).set(student.headers)).status).to.equal(403);
    expect(
      (await h.http.post(`/api/lms/admin/question-categories/${cat.id}/questions`).set(student.headers).send(bankQuestion(1))).status,
    ).to.equal(403);
    // Another tenant's admin: 404, never a sight of it.
    const stranger = await h.user(await h.tenant(), Role.Admin);
    expect((await h.http.get(`/api/lms/admin/question-categories/${cat.id}/questions`).set(stranger.headers)).status).to.equal(404);
    expect((await h.http.put(`/api/lms/admin/question-categories/${cat.id}`).set(stranger.headers).send({ name: 'Mine' })).status).to.equal(
      404,
    );
    expect((await h.http.delete(`/api/lms/admin/question-categories/${cat.id}`).set(stranger.headers)).status).to.equal(404);
    expect((await categories(admin, course.id)).find((c) => c.id === cat.id)!.name).to.equal('Kept');
  });

  it("files a quiz's own questions in the course's default category; bank questions stand in no quiz", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const quizId = await createQuiz(h, admin, course.moduleIds[0]!);
    const fixed = await addQuestion(h, admin, quizId, { question_type: 'true_false', question_text: 'Fixed', correct_answer: true });
    expect(fixed).to.not.have.property('category_id');
    const [byDefault] = await categories(admin, course.id);
    expect(byDefault).to.include({ is_default: true, question_count: 1 });
    const inDefault = await listQuestions(admin, byDefault!.id);
    expect(inDefault.items.map((q) => [q.id, q.quiz_id, q.category_id])).to.deep.equal([[fixed.id, quizId, byDefault!.id]]);

    const cat = await createCategory(admin, course.id, { name: 'Pool' });
    const created = await h.http.post(`/api/lms/admin/question-categories/${cat.id}/questions`).set(admin.headers).send(bankQuestion(7));
    expect(created.status).to.equal(200);
    expect(created.body.data).to.include({
      quiz_id: null,
      category_id: cat.id,
      question_type: 'multiple_choice',
      question_text: 'Bank question 7',
      points: 1,
    });
    expect(created.body.data.options.map((o: { option_text: string; is_correct: boolean }) => [o.option_text, o.is_correct])).to.deep.equal(
      [
        ['right 7', true],
        ['wrong 7', false],
      ],
    );
    await fillCategory(admin, cat.id, 11);
    const page = await listQuestions(admin, cat.id, '?page=2&page_size=5');
    expect(page.total).to.equal(12);
    expect(page.items.map((q) => q.question_text)).to.deep.equal([4, 5, 6, 7, 8].map((i) => `Bank question ${i}`));
    // A bank question is edited and deleted as a quiz question is (it stays in its category, in no quiz).
    const edited = await h.http
      .put(`/api/lms/admin/quiz-questions/${created.body.data.id}`)
      .set(admin.headers)
      .send({ question_text: 'Edited bank question', points: 2 });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    expect(edited.body.data).to.include({ question_text: 'Edited bank question', points: 2 });
    expect((await listQuestions(admin, cat.id)).items[0]).to.include({
      id: created.body.data.id,
      question_text: 'Edited bank question',
      quiz_id: null,
      category_id: cat.id,
    });
    const duplicate = await h.http.post(`/api/lms/admin/quiz-questions/${created.body.data.id}/duplicate`).set(admin.headers);
    expect(duplicate.status).to.equal(400);
    expect((await listQuestions(admin, cat.id)).total).to.equal(12);
    expect((await h.http.delete(`/api/lms/admin/quiz-questions/${created.body.data.id}`).set(admin.headers)).status).to.equal(200);
    expect((await listQuestions(admin, cat.id)).total).to.equal(11);
    // The quiz itself still has only its own question.
    const quiz = await h.http.get(`/api/lms/quizzes/${quizId}`).set(admin.headers);
    expect(quiz.body.data.questions.map((q: { id: string }) => q.id)).to.deep.equal([fixed.id]);
  });

  it('imports a file into a category, all or nothing', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const cat = await createCategory(admin, course.id, { name: 'Imported' });
    const upload = (text: string, filename: string, contentType: string) =>
      h.http
        .post(`/api/lms/admin/question-categories/${cat.id}/import`)
        .set(admin.headers)
        .attach('file', Buffer.from(text, 'utf8'), { filename, contentType });
    const csv =
      'question_type,question_text,points,correct,option_1,option_2\nmultiple_choice,Two plus ' +
      'two?,2,1,4,5\ntrue_false,Water is wet,1,1\nshort_answer,Capital of France?,1,,Paris\n';
    const res = await upload(csv, 'q.csv', 'text/csv');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ format: 'csv', imported: 3 });
    expect(res.body.data.questions.map((q: Record<string, unknown>) => [q.question_text, q.quiz_id, q.category_id])).to.deep.equal([
      ['Two plus two?', null, cat.id],
      ['Water is wet', null, cat.id],
      ['Capital of France?', null, cat.id],
    ]);
    const gift = await upload('::g1:: Sky colour? {=blue ~green}\n\n::g2:: Grass? {=green ~blue}\n', 'q.gift', 'text/plain');
    expect(gift.status, JSON.stringify(gift.body)).to.equal(200);
    expect(gift.body.data).to.include({ format: 'gift', imported: 2 });
    expect((await listQuestions(admin, cat.id)).items.map((q) => q.question_text)).to.deep.equal([
      'Two plus two?',
      'Water is wet',
      'Capital of France?',
      'Sky colour?',
      'Grass?',
    ]);
    const bad = await upload(
      'question_type,question_text,points,correct,option_1,option_2\nmultiple_choice,Fine,1,1,a,b\nmultiple_choice,Broken,1,7,a,b\n',
      'q.csv',
      'text/csv',
    );
    expect(bad.status).to.equal(400);
    expect(bad.body.code).to.equal('INVALID_IMPORT');
    expect((await listQuestions(admin, cat.id)).total).to.equal(5);
  });

  it('imports GIFT `$CATEGORY:` lines as subcategories of the category imported into', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const target = await createCategory(admin, course.id, { name: 'Imported' });
    const gift = 'Top {T}\n\n$CATEGORY: $course$/top/Algebra\n\nSums {T}\n\n$CATEGORY: $course$/top/Algebra/Linear\nLines {F}\n';
    const res = await h.http
      .post(`/api/lms/admin/question-categories/${target.id}/import`)
      .set(admin.headers)
      .attach('file', Buffer.from(gift, 'utf8'), { filename: 'bank.gift', contentType: 'text/plain' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ format: 'gift', imported: 3 });
    expect(res.body.data.categories_created.map((c: Category) => c.name)).to.deep.equal(['Algebra', 'Linear']);
    const tree = await categories(admin, course.id);
    const algebra = tree.find((c) => c.name === 'Algebra')!;
    const linear = tree.find((c) => c.name === 'Linear')!;
    expect([algebra.parent_id, linear.parent_id]).to.deep.equal([target.id, algebra.id]);
    expect((await listQuestions(admin, target.id)).items.map((q) => q.question_text)).to.deep.equal(['Top']);
    expect((await listQuestions(admin, algebra.id)).items.map((q) => q.question_text)).to.deep.equal(['Sums']);
    expect((await listQuestions(admin, linear.id)).items.map((q) => q.question_text)).to.deep.equal(['Lines']);
  });

  it('imports Moodle XML categories ($course$/top/…) as subcategories, and exports a category tree that imports back the same', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const target = await createCategory(admin, course.id, { name: 'Imported' });
    const tf = (name: string, answer: 'true' | 'false') =>
      `<question type="truefalse"><name><text>${name}</text></name><questiontext format="html"><text>${name}?</text></questiontext>
      <answer fraction="${answer === 'true' ? 100 : 0}"><text>true</text></answer><answer ` +
      `fraction="${answer === 'true' ? 0 : 100}"><text>false</text></answer></question>`;
    const cat = (path: string) => `<question type="category"><category><text>${path}</text></category></question>`;
    const body = [
      tf('At the top', 'true'),
      cat('$course$/top/Algebra'),
      tf('Sums', 'true'),
      cat('$course$/top/Algebra/Linear//Affine'),
      tf('Lines', 'false'),
      tf('Slopes', 'true'),
      cat('$course$/top'),
      tf('Back at the top', 'false'),
    ].join('');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><quiz>${body}</quiz>`;
    const upload = (categoryId: string, text: string) =>
      h.http
        .post(`/api/lms/admin/question-categories/${categoryId}/import`)
        .set(admin.headers)
        .attach('file', Buffer.from(text, 'utf8'), { filename: 'bank.xml', contentType: 'application/xml' });
    const res = await upload(target.id, xml);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ format: 'moodle_xml', imported: 5 });
    expect(res.body.data.categories_created.map((c: Category) => c.name)).to.deep.equal(['Algebra', 'Linear/Affine']);
    const tree = await categories(admin, course.id);
    const algebra = tree.find((c) => c.name === 'Algebra')!;
    const linear = tree.find((c) => c.name === 'Linear/Affine')!;
    expect([algebra.parent_id, linear.parent_id]).to.deep.equal([target.id, algebra.id]);
    expect((await listQuestions(admin, target.id)).items.map((q) => q.question_text)).to.deep.equal(['At the top?', 'Back at the top?']);
    expect((await listQuestions(admin, algebra.id)).items.map((q) => q.question_text)).to.deep.equal(['Sums?']);
    expect((await listQuestions(admin, linear.id)).items.map((q) => q.question_text)).to.deep.equal(['Lines?', 'Slopes?']);
    // Importing again reuses the subcategories.
    const again = await upload(target.id, xml);
    expect(again.body.data.categories_created).to.deep.equal([]);
    expect((await listQuestions(admin, linear.id)).total).to.equal(4);

    const exported = await h.http
      .get(`/api/lms/admin/question-categories/${algebra.id}/export`)
      .set(admin.headers)
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        r.on('end', () => cb(null, text));
      });
    expect(exported.status).to.equal(200);
    expect(exported.headers['content-type']).to.match(/^application\/xml/);
    const file = exported.body as string;
    expect(file).to.include('$course$/top/Algebra</text>');
    expect(file).to.include('$course$/top/Algebra/Linear//Affine</text>');
    const elsewhere = await createCategory(admin, course.id, { name: 'Copy' });
    const back = await upload(elsewhere.id, file);
    expect(back.status, JSON.stringify(back.body)).to.equal(200);
    expect(back.body.data.imported).to.equal(6); // Algebra holds 2 (imported twice), its subcategory 4
    expect(back.body.data.categories_created.map((c: Category) => c.name)).to.deep.equal(['Algebra', 'Linear/Affine']);
    const [algebraCopy, linearCopy] = back.body.data.categories_created as Category[];
    expect(algebraCopy!.parent_id).to.equal(elsewhere.id);
    expect((await listQuestions(admin, algebraCopy!.id)).items.map((q) => q.question_text)).to.deep.equal(['Sums?', 'Sums?']);
    expect((await listQuestions(admin, linearCopy!.id)).items.map((q) => [q.question_text, q.question_type])).to.deep.equal([
      ['Lines?', 'true_false'],
      ['Slopes?', 'true_false'],
      ['Lines?', 'true_false'],
      ['Slopes?', 'true_false'],
    ]);
    const only = await h.http
      .get(`/api/lms/admin/question-categories/${algebra.id}/export?include_subcategories=false`)
      .set(admin.headers)
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        r.on('end', () => cb(null, text));
      });
    expect((only.body as string).match(/<question type="truefalse">/g)).to.have.length(2);
    expect(
      (await h.http.get(`/api/lms/admin/question-categories/${algebra.id}/export?include_subcategories=maybe`).set(admin.headers)).status,
    ).to.equal(400);
  });

  /** A published quiz of one fixed question and a random slot of `count` from a pool of `pool` bank questions. */
  async function randomQuiz(admin: TestUser, opts: { pool: number; count: number; points?: number }) {
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const quizId = await createQuiz(h, admin, course.moduleIds[0]!, { passing_score: 50 });
    const fixed = await addQuestion(h, admin, quizId, { question_type: 'true_false', question_text: 'Fixed', correct_answer: true });
    const pool = await createCategory(admin, course.id, { name: 'Pool' });
    const poolIds = await fillCategory(admin, pool.id, opts.pool);
    const slot = await h.http
      .post(`/api/lms/admin/quizzes/${quizId}/random-slots`)
      .set(admin.headers)
      .send({ category_id: pool.id, count: opts.count, ...(opts.points ? { points: opts.points } : {}) });
    expect(slot.status, JSON.stringify(slot.body)).to.equal(200);
    expect(slot.body.data).to.include({
      quiz_id: quizId,
      type: 'random',
      category_id: pool.id,
      count: opts.count,
      include_subcategories: false,
      points: opts.points ?? 1,
    });
    const seeded: SeededQuiz = { course, quizId, questionIds: [fixed.id], optionIds: [fixed.options.map((o) => o.id)] };
    return { seeded, quizId, fixed, pool, poolIds };
  }

  it('draws distinct questions per attempt at start, keeps them on resume, differs between students, and grades them', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const { seeded, quizId, fixed, poolIds } = await randomQuiz(admin, { pool: 20, count: 5, points: 2 });
    const published = await h.http.post(`/api/lms/admin/quizzes/${quizId}/publish`).set(admin.headers);
    expect(published.status, JSON.stringify(published.body)).to.equal(200);
    expect(published.body.data).to.include({ question_count: 6, max_score: 11 });

    const a = await enrolledStudent(h, admin, seeded);
    const startA = await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(a.headers);
    expect(startA.status, JSON.stringify(startA.body)).to.equal(200);
    expect(startA.body.data.attempt.max_score).to.equal(11);
    const idsA = (startA.body.data.questions as Array<{ id: string; points: number }>).map((q) => q.id);
    expect(idsA).to.have.length(6);
    expect(new Set(idsA).size).to.equal(6);
    expect(idsA[0]).to.equal(fixed.id);
    expect(idsA.slice(1).every((id) => poolIds.includes(id))).to.equal(true);
    expect((startA.body.data.questions as Array<{ points: number }>).map((q) => q.points)).to.deep.equal([1, 2, 2, 2, 2, 2]);

    const resumed = await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(a.headers);
    expect(resumed.body.message).to.equal('Attempt resumed');
    expect(resumed.body.data.questions.map((q: { id: string }) => q.id)).to.deep.equal(idsA);

    const b = await enrolledStudent(h, admin, seeded);
    const startB = await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(b.headers);
    const idsB = (startB.body.data.questions as Array<{ id: string }>).map((q) => q.id);
    expect(idsB).to.have.length(6);
    // 15,504 possible draws of 5 from 20: two students drawing the same set would be a broken draw.
    expect([...idsB].sort()).to.not.deep.equal([...idsA].sort());

    // The slot is listed; removing it changes nothing for the attempts already started.
    const listed = await h.http.get(`/api/lms/admin/quizzes/${quizId}/random-slots`).set(admin.headers);
    expect(listed.body.data.map((x: { count: number; points: number; order: number }) => [x.count, x.points, x.order])).to.deep.equal([
      [5, 2, 2],
    ]);
    // The quiz's detail counts the slot as its questions; admins see the slots there too, as listed.
    const detail = await h.http.get(`/api/lms/quizzes/${quizId}`).set(admin.headers);
    expect(detail.body.data).to.include({ question_count: 6, max_score: 11 });
    expect(detail.body.data.random_slots).to.deep.equal(listed.body.data);
    const seen = await h.http.get(`/api/lms/quizzes/${quizId}`).set(a.headers);
    expect(seen.body.data).to.include({ question_count: 6, max_score: 11 });
    expect(seen.body.data).to.not.have.property('random_slots');
    const stranger = await h.user(await h.tenant(), Role.Admin);
    expect((await h.http.delete(`/api/lms/admin/quiz-random-slots/${listed.body.data[0].id}`).set(stranger.headers)).status).to.equal(404);
    expect((await h.http.get(`/api/lms/admin/quizzes/${quizId}/random-slots`).set(stranger.headers)).status).to.equal(404);
    expect((await h.http.delete(`/api/lms/admin/quiz-random-slots/${listed.body.data[0].id}`).set(admin.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/admin/quizzes/${quizId}/random-slots`).set(admin.headers)).body.data).to.deep.equal([]);
    const without = (await h.http.get(`/api/lms/quizzes/${quizId}`).set(admin.headers)).body.data;
    expect(without).to.include({ question_count: 1, max_score: 1 });
    expect(without.random_slots).to.deep.equal([]);
    const kept = await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(a.headers);
    expect(kept.body.data.questions.map((q: { id: string }) => q.id)).to.deep.equal(idsA);
    expect(kept.body.data.attempt.max_score).to.equal(11);

    // Grading works on the drawn questions: answer the fixed one and two drawn ones right.
    const questions = startA.body.data.questions as Array<{ id: string; options: Array<{ id: string; option_text: string }> }>;
    const right = (q: (typeof questions)[number]) =>
      q.options.find((o) => o.option_text.startsWith('right') || o.option_text === 'True')!.id;
    const answers = [questions[0]!, questions[1]!, questions[2]!].map((q) => ({ question_id: q.id, answer: [right(q)] }));
    const attemptId = startA.body.data.attempt.id as string;
    const submit = await h.http.post(`/api/lms/quiz-attempts/${attemptId}/submit`).set(a.headers).send({ answers });
    expect(submit.status, JSON.stringify(submit.body)).to.equal(200);
    expect(submit.body.data.attempt).to.include({ status: 'submitted', score: 5, max_score: 11 });
    // The next attempt starts without the slot; a question of the pool is not part of it.
    const second = await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(a.headers);
    expect(second.body.data.attempt).to.include({ attempt_number: 2, max_score: 1 });
    expect(second.body.data.questions.map((q: { id: string }) => q.id)).to.deep.equal([fixed.id]);
    const foreign = await h.http
      .post(`/api/lms/quiz-attempts/${second.body.data.attempt.id}/answers`)
      .set(a.headers)
      .send({ question_id: poolIds[0], answer: ['x'] });
    expect(foreign.status).to.equal(400);
  });

  it('gives simultaneous starts of a random quiz one attempt and one draw, which a later start resumes', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const { seeded, quizId } = await randomQuiz(admin, { pool: 20, count: 5, points: 1 });
    await h.http.post(`/api/lms/admin/quizzes/${quizId}/publish`).set(admin.headers).expect(200);
    const student = await enrolledStudent(h, admin, seeded);
    const starts = await Promise.all(Array.from({ length: 4 }, () => h.http.post(`/api/lms/quizzes/${quizId}/start`).set(student.headers)));
    for (const r of starts) expect(r.status, JSON.stringify(r.body).slice(0, 300)).to.equal(200);
    expect(new Set(starts.map((r) => r.body.data.attempt.id as string)).size).to.equal(1);
    const ids = (r: (typeof starts)[number]) => (r.body.data.questions as Array<{ id: string }>).map((q) => q.id);
    for (const r of starts) expect(ids(r)).to.deep.equal(ids(starts[0]!));
    expect(starts.filter((r) => r.body.message === 'Attempt started')).to.have.length(1);
    const later = await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(student.headers);
    expect(later.body.message).to.equal('Attempt resumed');
    expect(ids(later)).to.deep.equal(ids(starts[0]!));
  });

  it('never shows a question twice across slots, and draws from subcategories only when asked', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const quizId = await createQuiz(h, admin, course.moduleIds[0]!);
    const parent = await createCategory(admin, course.id, { name: 'Parent' });
    const child = await createCategory(admin, course.id, { name: 'Child', parent_id: parent.id });
    await fillCategory(admin, parent.id, 3);
    await fillCategory(admin, child.id, 3, 10);
    await h.http
      .post(`/api/lms/admin/quizzes/${quizId}/random-slots`)
      .set(admin.headers)
      .send({ category_id: parent.id, count: 3, include_subcategories: true })
      .expect(200);
    await h.http
      .post(`/api/lms/admin/quizzes/${quizId}/random-slots`)
      .set(admin.headers)
      .send({ category_id: parent.id, count: 3, include_subcategories: true })
      .expect(200);
    await h.http.post(`/api/lms/admin/quizzes/${quizId}/publish`).set(admin.headers).expect(200);
    const student = await enrolledStudent(h, admin, { course, quizId, questionIds: [], optionIds: [] });
    const start = await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(student.headers);
    expect(start.status, JSON.stringify(start.body)).to.equal(200);
    const ids = (start.body.data.questions as Array<{ id: string }>).map((q) => q.id);
    // Two slots of 3 from a tree of 6: every question exactly once.
    expect(ids).to.have.length(6);
    expect(new Set(ids).size).to.equal(6);

    const strict = await createQuiz(h, admin, course.moduleIds[0]!);
    await h.http
      .post(`/api/lms/admin/quizzes/${strict}/random-slots`)
      .set(admin.headers)
      .send({ category_id: parent.id, count: 4 })
      .expect(200);
    const refused = await h.http.post(`/api/lms/admin/quizzes/${strict}/publish`).set(admin.headers);
    expect(refused.status).to.equal(400);
    expect(refused.body.code).to.equal('RANDOM_SLOT_TOO_FEW_QUESTIONS');
    expect(refused.body.message).to.equal("A random slot's category has too few questions");
    const draft = await h.http.get(`/api/lms/quizzes/${strict}`).set(admin.headers);
    expect(draft.body.data.status).to.equal('draft');
    // The slot's category must belong to the quiz's course.
    const other = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const foreign = await createCategory(admin, other.id, { name: 'Other course' });
    const wrong = await h.http
      .post(`/api/lms/admin/quizzes/${strict}/random-slots`)
      .set(admin.headers)
      .send({ category_id: foreign.id, count: 1 });
    expect(wrong.status).to.equal(400);
    expect(
      (await h.http.post(`/api/lms/admin/quizzes/${strict}/random-slots`).set(admin.headers).send({ category_id: parent.id, count: 0 }))
        .status,
    ).to.equal(400);
    // A category a random slot draws from cannot be deleted.
    const emptyish = await createCategory(admin, course.id, { name: 'Empty but used' });
    await h.http
      .post(`/api/lms/admin/quizzes/${strict}/random-slots`)
      .set(admin.headers)
      .send({ category_id: emptyish.id, count: 1 })
      .expect(200);
    const used = await h.http.delete(`/api/lms/admin/question-categories/${emptyish.id}`).set(admin.headers);
    expect(used.body.code).to.equal('CATEGORY_NOT_EMPTY');
  });

  it("counts the quiz's own questions out of a slot drawing from the default category (publish refused, then allowed)", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const quizId = await createQuiz(h, admin, course.moduleIds[0]!);
    const fixed = await addQuestion(h, admin, quizId, { question_type: 'true_false', question_text: 'Fixed', correct_answer: true });
    const [byDefault] = await categories(admin, course.id);
    await fillCategory(admin, byDefault!.id, 2);
    await h.http
      .post(`/api/lms/admin/quizzes/${quizId}/random-slots`)
      .set(admin.headers)
      .send({ category_id: byDefault!.id, count: 3 })
      .expect(200);
    const refused = await h.http.put(`/api/lms/admin/quizzes/${quizId}`).set(admin.headers).send({ status: 'published' });
    expect(refused.status).to.equal(400);
    expect(refused.body.code).to.equal('RANDOM_SLOT_TOO_FEW_QUESTIONS');
    await fillCategory(admin, byDefault!.id, 1, 5);
    const ok = await h.http.put(`/api/lms/admin/quizzes/${quizId}`).set(admin.headers).send({ status: 'published' });
    expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    const student = await enrolledStudent(h, admin, { course, quizId, questionIds: [], optionIds: [] });
    const ids = (
      (await h.http.post(`/api/lms/quizzes/${quizId}/start`).set(student.headers)).body.data.questions as Array<{ id: string }>
    ).map((q) => q.id);
    expect(ids).to.have.length(4);
    expect(ids.filter((id) => id === fixed.id)).to.have.length(1);
  });

  it('starts an attempt with 3 random slots of 10 from a 500-question category in as many statements as a fixed quiz', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const pool = await createCategory(admin, course.id, { name: 'Big pool' });
    const rows = Array.from({ length: 500 }, (_, i) => `multiple_choice,Pool question ${i},1,1,right ${i},wrong ${i}`);
    const imported = await h.http
      .post(`/api/lms/admin/question-categories/${pool.id}/import`)
      .set(admin.headers)
      .attach('file', Buffer.from(`question_type,question_text,points,correct,option_1,option_2\n${rows.join('\n')}\n`, 'utf8'), {
        filename: 'pool.csv',
        contentType: 'text/csv',
      });
    expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).to.equal(200);
    expect(imported.body.data.imported).to.equal(500);

    const fixedQuiz = await createQuiz(h, admin, course.moduleIds[0]!);
    for (let i = 0; i < 31; i++)
      await addQuestion(h, admin, fixedQuiz, { question_type: 'true_false', question_text: `Fixed ${i}`, correct_answer: true });
    const randomQuizWith = async (slots: number) => {
      const quizId = await createQuiz(h, admin, course.moduleIds[0]!);
      await addQuestion(h, admin, quizId, { question_type: 'true_false', question_text: 'Fixed', correct_answer: true });
      for (let i = 0; i < slots; i++)
        await h.http
          .post(`/api/lms/admin/quizzes/${quizId}/random-slots`)
          .set(admin.headers)
          .send({ category_id: pool.id, count: 10 })
          .expect(200);
      return quizId;
    };
    const oneSlot = await randomQuizWith(1);
    const threeSlots = await randomQuizWith(3);
    for (const id of [fixedQuiz, oneSlot, threeSlots])
      await h.http.post(`/api/lms/admin/quizzes/${id}/publish`).set(admin.headers).expect(200);
    const student = await enrolledStudent(h, admin, { course, quizId: fixedQuiz, questionIds: [], optionIds: [] });
    const start = async (quizId: string, questions: number) => {
      const { statements, result } = await statementsOf(h, (http) => http.post(`/api/lms/quizzes/${quizId}/start`).set(student.headers));
      expect(result.status, JSON.stringify(result.body).slice(0, 300)).to.equal(200);
      expect(result.body.data.questions).to.have.length(questions);
      return statements;
    };
    const fixed = await start(fixedQuiz, 31);
    const one = await start(oneSlot, 11);
    const three = await start(threeSlots, 31);
    // The draw adds no statement: the slots come with each one's best candidates, ranked, with their rows,
    // in the statement a fixed quiz runs for its (no) slots, whatever the number of slots.
    expect(three).to.equal(one);
    expect(three).to.equal(fixed);
  });
});
