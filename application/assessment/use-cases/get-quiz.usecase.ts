import type { Quiz } from '../../../domain/assessment/quiz.js';
import type { Question } from '../../../domain/assessment/question.js';
import { quizTotals, type RandomSlot } from '../../../domain/assessment/question-bank.js';
import type { Actor } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import type { BankDeps } from '../question-bank.js';
import type { AttemptSummary } from '../ports/attempt-repository.js';
import type { QuizQuestionStats } from '../ports/quiz-repository.js';
import { quizFor, type QuizAccessError } from '../quiz-access.js';

export interface QuizDetail {
  quiz: Quiz;
  questions: Question[];
  /** The quiz's random slots, in order (the route shows them to admins, as `GET …/random-slots`). */
  slots: RandomSlot[];
  /** Counted as the quiz lists count them: a slot as its `count` questions, description items left out. */
  stats: QuizQuestionStats;
  mine: AttemptSummary | undefined;
}

/** A quiz with its questions in order (contract §6); the route picks the view by role. */
export const makeGetQuiz =
  (
    d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'attemptRepository' | 'learningAccess'> &
      Partial<Pick<BankDeps, 'questionBankRepository'>>,
  ) =>
  async (actor: Actor, id: string): Promise<Result<QuizDetail, QuizAccessError>> => {
    const found = await quizFor(d, actor, id);
    if (!found.ok) return found;
    // Without a bank (use-case tests) a quiz has no random slots.
    const [questions, slots, mine] = await Promise.all([
      d.questionRepository.listByQuiz(actor.tenantId, id),
      d.questionBankRepository ? d.questionBankRepository.randomSlots(actor.tenantId, id) : [],
      d.attemptRepository.summaries(actor.tenantId, actor.userId, [id]),
    ]);
    return ok({ quiz: found.value, questions, slots, stats: quizTotals(questions, slots), mine: mine.get(id) });
  };
