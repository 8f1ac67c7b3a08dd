import {
  exceedsMaxAmount,
  lineAmount,
  MAX_AMOUNT,
  promoProblem,
  quote,
  unitPriceFor,
  type PromoProblem,
  type Quote,
} from '../../domain/commerce/pricing.js';
import { formatMinor } from '../../domain/shared/money.js';
import { coursesOf, type OrderItem } from '../../domain/commerce/order.js';
import type { Course, Pricing, PromoCode } from '../learning/index.js';
import { err, ok, type Result } from '../shared/result.js';
import type { CommerceDeps } from './deps.js';

export type ItemRequest = { courseId: string; categoryId?: undefined } | { categoryId: string; courseId?: undefined };

export type PricingError =
  | 'UNKNOWN_COURSE'
  | 'CATEGORY_NOT_FOR_SALE'
  | 'COURSE_IS_FREE'
  | 'CURRENCY_MISMATCH'
  | 'NOTHING_TO_ORDER'
  | 'AMOUNT_TOO_LARGE'
  | PromoProblem;

/** The refusal of a total beyond what an order can hold, naming the limit. */
export const amountTooLarge = () => err('AMOUNT_TOO_LARGE', `total: more than ${formatMinor(MAX_AMOUNT)}`);

type Deps = Pick<CommerceDeps, 'learningCatalog' | 'learningAccess' | 'clock'>;

/** The promo code as typed, if it applies now; its problem otherwise (400 naming the reason). */
export async function applicablePromo(
  d: Pick<CommerceDeps, 'learningCatalog' | 'clock'>,
  tenantId: string,
  code: string | null | undefined,
): Promise<Result<PromoCode | null, PromoProblem>> {
  if (code === null || code === undefined || code.trim() === '') return ok(null);
  const promo = await d.learningCatalog.findPromoCode(tenantId, code);
  const problem = promoProblem(promo, d.clock.now());
  return problem ? err(problem) : ok(promo);
}

/**
 * Takes one use of a promo code for the order being written, in its unit of work (README
 * commerce, "Promo codes"): the code's terms as reserved (the discount is computed from these,
 * not from an earlier read), or the problem naming why no use is left.
 */
export async function reservePromo(
  d: Pick<CommerceDeps, 'promoCodeReservations' | 'learningCatalog'>,
  tenantId: string,
  code: string,
  now: Date,
): Promise<Result<PromoCode, PromoProblem>> {
  const held = await d.promoCodeReservations.reserve(tenantId, code, now);
  if (held) return ok(held);
  return err(promoProblem(await d.learningCatalog.findPromoCode(tenantId, code), now) ?? 'PROMO_EXHAUSTED');
}

/**
 * Prices course orders (README "Commerce"): the requested courses (`{course_id}`) and whole
 * categories (`{category_id}`: its published courses) are collected once each; courses whose
 * category has a price in the order's currency are priced together per category, at the tier
 * their number reaches; the others at their own price. Only published, non-free courses are sold.
 */
export async function priceCourseItems(
  d: Deps,
  tenantId: string,
  requests: readonly ItemRequest[],
  currency: string,
): Promise<Result<OrderItem[], PricingError>> {
  const courses = new Map<string, Course>();
  const wholeCategories = new Set<string>();
  // Each category's price is read once, however many of its courses the order holds.
  const prices = new Map<string, Pricing | null>();
  const priceOf = async (categoryId: string) => {
    if (!prices.has(categoryId)) prices.set(categoryId, await d.learningCatalog.pricingFor(tenantId, categoryId, currency));
    return prices.get(categoryId) ?? null;
  };
  // The courses asked for by id, read in one statement however many lines name one.
  const named = requests.flatMap((r) => (r.courseId === undefined ? [] : [r.courseId]));
  const found = new Map((await d.learningCatalog.findCourses(tenantId, named)).map((c) => [c.id, c]));
  for (const [i, r] of requests.entries()) {
    if (r.courseId !== undefined) {
      const c = found.get(r.courseId);
      if (!c || c.status !== 'published') return err('UNKNOWN_COURSE', `items[${i}].course_id: no such course for sale`);
      courses.set(c.id, c);
    } else {
      if (!(await priceOf(r.categoryId)))
        return err('CATEGORY_NOT_FOR_SALE', `items[${i}].category_id: the category has no price in ${currency}`);
      const ids = await d.learningAccess.courseIdsOfCategories(tenantId, [r.categoryId]);
      const ofCategory = new Map((await d.learningCatalog.findCourses(tenantId, ids)).map((c) => [c.id, c]));
      let published = 0;
      for (const id of ids) {
        const c = ofCategory.get(id);
        if (c?.status === 'published') {
          courses.set(c.id, c);
          published++;
        }
      }
      if (published === 0) return err('NOTHING_TO_ORDER', `items[${i}].category_id: the category has no published course`);
      wholeCategories.add(r.categoryId);
    }
  }
  if (courses.size === 0) return err('NOTHING_TO_ORDER', 'items: at least one course or category');

  const byCategory = new Map<string, Course[]>();
  const single: Course[] = [];
  for (const c of courses.values()) {
    if (c.categoryId && (await priceOf(c.categoryId))) byCategory.set(c.categoryId, [...(byCategory.get(c.categoryId) ?? []), c]);
    else single.push(c);
  }
  const items: OrderItem[] = [];
  for (const [categoryId, list] of byCategory) {
    const price = prices.get(categoryId)!;
    const { unitPrice, tierMinQuantity } = unitPriceFor(price, list.length);
    const titles = list.map((c) => c.title).sort();
    items.push({
      type: 'category',
      name: wholeCategories.has(categoryId) ? `All ${list.length} courses of a category: ${titles.join(', ')}` : titles.join(', '),
      courseId: null,
      categoryId,
      planId: null,
      subscriptionId: null,
      courseIds: list.map((c) => c.id).sort(),
      quantity: list.length,
      unitPrice,
      amount: lineAmount(unitPrice, list.length, currency),
      tierMinQuantity,
    });
  }
  for (const c of single) {
    if (c.currency.toUpperCase() !== currency) return err('CURRENCY_MISMATCH', `course ${c.id}: priced in ${c.currency}`);
    if (!(c.price > 0n)) return err('COURSE_IS_FREE', `course ${c.id}: free, enrol with POST /api/lms/courses/${c.id}/enroll`);
    items.push({
      type: 'course',
      name: c.title,
      courseId: c.id,
      categoryId: c.categoryId,
      planId: null,
      subscriptionId: null,
      courseIds: [c.id],
      quantity: 1,
      unitPrice: c.price,
      amount: lineAmount(c.price, 1, currency),
      tierMinQuantity: null,
    });
  }
  if (exceedsMaxAmount(items.map((i) => i.amount))) return amountTooLarge();
  return ok(items);
}

export const totalsOf = (items: readonly OrderItem[], promo: PromoCode | null, currency: string): Quote =>
  quote(
    items.map((i) => i.amount),
    promo,
    currency,
  );

/**
 * Share-locks the courses the items grant, in the unit of work that writes the order, and refuses
 * the order when one stopped being for sale since it was priced (deleted or archived meanwhile).
 * Deleting a course counts the orders awaiting payment: a delete that comes later waits for this
 * unit of work, then finds the order and is refused, so no payment settles for a course that is gone.
 */
export async function holdItemsForSale(
  d: Pick<CommerceDeps, 'learningCatalog'>,
  tenantId: string,
  items: readonly OrderItem[],
): Promise<Result<null, 'UNKNOWN_COURSE'>> {
  const ids = coursesOf({ items: [...items] });
  if (ids.length === 0) return ok(null);
  const held = await d.learningCatalog.holdCoursesForSale(tenantId, ids);
  const gone = ids.find((id) => !held.has(id));
  return gone === undefined ? ok(null) : err('UNKNOWN_COURSE', `course ${gone}: no longer for sale`);
}
