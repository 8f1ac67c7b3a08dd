import { z, type ZodType } from 'zod';
import type { AdminResource } from '../../../application/learning/admin-resources/common.js';
import type { ContentItemsResource } from '../../../application/learning/admin-resources/content-items.resource.js';
import type { Actor, RequestMeta } from '../../../application/shared/actor.js';
import type { Clock, PageRequest } from '../../../application/shared/ports.js';
import {
  categoryView,
  contentItemView,
  enrollmentListingView,
  planView,
  pricingView,
  promoCodeView,
  studentProfileView,
} from '../wire/learning.present.js';
import { ENROLLMENT_SOURCES, ENROLLMENT_STATUSES } from '../../../domain/learning/enrollment.js';
import { PROMO_TYPES } from '../../../domain/learning/admin-resources.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { DomainError, unwrap, edgeErrors, errorsFrom } from '../kit/errors.js';
import {
  acknowledgement,
  amountIn,
  idParam,
  MAX_AMOUNT,
  pageQuery,
  pageView,
  queryBool,
  requiredText,
  text,
  toPageRequest,
  uuid,
} from '../kit/schemas.js';
import * as wire from '../wire/learning.wire.js';
import type { RouteModule } from '../kit/route-table.js';
import { currency, dateTime, mediaUrl, money, optionalText, searchQuery } from './learning-schemas.js';
import type { LearningRegistry } from '../../../application/learning/registry.js';

type Deps = Pick<
  LearningRegistry,
  | 'courseCategoriesResource'
  | 'pricingResource'
  | 'subscriptionPlansResource'
  | 'studentsResource'
  | 'enrollmentsResource'
  | 'promoCodesResource'
> & {
  learningAssetsResource: ContentItemsResource;
  libraryItemsResource: ContentItemsResource;
  clock: Clock;
};

/** A resource as the generic routes see it: its own schemas bound to its own operations and view. */
type AdminRecord = z.input<typeof wire.AdminRecord>;
interface Entry {
  fields: string;
  /** The create body, for the document. */
  createBody: ZodType;
  list(tenantId: string, query: unknown, page: PageRequest): Promise<z.input<typeof wire.AdminRecordPage>>;
  create(actor: Actor, meta: RequestMeta, body: unknown): Promise<AdminRecord>;
  update(actor: Actor, meta: RequestMeta, id: string, body: unknown): Promise<AdminRecord>;
  remove(actor: Actor, meta: RequestMeta, id: string): Promise<void>;
}

function entry<T, C, U, Q extends { search?: string | undefined }>(
  resource: AdminResource<T, C, U, Q>,
  schemas: { query: ZodType<Q>; create: ZodType<C>; update: ZodType<U> },
  view: (t: T) => AdminRecord,
  fields: string,
): Entry {
  return {
    fields,
    createBody: schemas.create,
    list: async (tenantId, query, page) => pageView(await resource.list(tenantId, schemas.query.parse(query), page), view),
    create: async (actor, meta, body) => view(unwrap(await resource.create(actor, meta, schemas.create.parse(body)))),
    update: async (actor, meta, id, body) => view(unwrap(await resource.update(actor, meta, id, schemas.update.parse(body)))),
    remove: async (actor, meta, id) => {
      unwrap(await resource.remove(actor, meta, id));
    },
  };
}

// Each resource's own schemas (contract §6, §7): snake_case on the wire, camelCase commands.
// A resource's list query holds the page's parameters too: it alone knows which others are its own.
const SearchOnly = pageQuery.extend({ search: searchQuery });

const Category = z.object({
  name: requiredText(200),
  slug: text(120)
    .regex(/^[a-z0-9-]*$/i, 'letters, digits and dashes')
    .optional(),
  description: optionalText(5000),
});

export const ContentItem = z.object({
  title: requiredText(300),
  description: optionalText(5000),
  url: mediaUrl.nullable().optional(),
  type: requiredText(50).optional(),
});
export const ContentItemQuery = pageQuery.extend({ search: searchQuery, type: z.string().trim().max(50).optional() });

const tier = z.object({ min_quantity: z.number().int().min(1).max(1_000_000), unit_price: money });
const PricingShape = z.object({
  category_id: uuid,
  unit_price: money,
  currency: currency.optional(),
  tiers: z.array(tier).max(50).optional(),
});
const toPricing = (b: Partial<z.infer<typeof PricingShape>>) => ({
  categoryId: b.category_id,
  unitPrice: b.unit_price,
  currency: b.currency,
  tiers: b.tiers?.map((t) => ({ minQuantity: t.min_quantity, unitPrice: t.unit_price })),
});
const PricingCreate = PricingShape.transform((b) => ({ ...toPricing(b), categoryId: b.category_id, unitPrice: b.unit_price }));
const PricingUpdate = PricingShape.partial().transform(toPricing);
const PricingQuery = pageQuery
  .extend({ search: searchQuery, category_id: uuid.optional() })
  .transform((q) => ({ search: q.search, categoryId: q.category_id }));

const PlanShape = z.object({
  name: requiredText(200),
  description: optionalText(5000),
  price: money,
  currency: currency.optional(),
  duration_days: z.number().int().min(1).max(3650),
  category_ids: z.array(uuid).max(200).optional(),
  active: z.boolean().optional(),
});
const toPlan = (b: Partial<z.infer<typeof PlanShape>>) => ({
  name: b.name,
  description: b.description,
  price: b.price,
  currency: b.currency,
  durationDays: b.duration_days,
  categoryIds: b.category_ids,
  active: b.active,
});
const PlanCreate = PlanShape.transform((b) => ({ ...toPlan(b), name: b.name, price: b.price, durationDays: b.duration_days }));
const PlanUpdate = PlanShape.partial().transform(toPlan);
const PlanQuery = pageQuery.extend({ search: searchQuery, active: queryBool.optional() });

const profileFields = {
  school: optionalText(200),
  grade: optionalText(50),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{4,32}$/, 'a phone number')
    .nullable()
    .optional(),
};
const StudentCreate = z.object({ user_id: uuid, ...profileFields }).transform(({ user_id, ...rest }) => ({ userId: user_id, ...rest }));
const StudentUpdate = z.object(profileFields);

const EnrollmentShape = z.object({
  user_id: uuid,
  course_id: uuid,
  status: z.enum(ENROLLMENT_STATUSES).optional(),
  source: z.enum(ENROLLMENT_SOURCES).optional(),
  expires_at: dateTime.nullable().optional(),
});
const EnrollmentCreate = EnrollmentShape.transform((b) => ({
  userId: b.user_id,
  courseId: b.course_id,
  status: b.status,
  source: b.source,
  expiresAt: b.expires_at,
}));
const EnrollmentUpdate = EnrollmentShape.omit({ user_id: true, course_id: true })
  .partial()
  .transform((b) => ({ status: b.status, source: b.source, expiresAt: b.expires_at }));
const EnrollmentQuery = pageQuery
  .extend({ search: searchQuery, user_id: uuid.optional(), course_id: uuid.optional(), status: z.enum(ENROLLMENT_STATUSES).optional() })
  .transform((q) => ({ search: q.search, userId: q.user_id, courseId: q.course_id, status: q.status }));

const PromoShape = z.object({
  code: z.string().trim().min(3).max(40),
  type: z.enum(PROMO_TYPES).optional(),
  value: amountIn(-MAX_AMOUNT, MAX_AMOUNT),
  valid_from: dateTime.nullable().optional(),
  valid_until: dateTime.nullable().optional(),
  max_uses: z.number().int().min(0).max(1_000_000_000).nullable().optional(),
  used_count: z.number().int().min(0).max(1_000_000_000).optional(),
});
const toPromo = (b: Partial<z.infer<typeof PromoShape>>) => ({
  code: b.code,
  type: b.type,
  value: b.value,
  validFrom: b.valid_from,
  validUntil: b.valid_until,
  maxUses: b.max_uses,
  usedCount: b.used_count,
});
const PromoCreate = PromoShape.transform((b) => ({ ...toPromo(b), code: b.code, value: b.value }));
const PromoUpdate = PromoShape.partial().transform(toPromo);

export const ADMIN_RESOURCES = [
  'course-categories',
  'learning-assets',
  'library-items',
  'pricing',
  'subscription-plans',
  'students',
  'enrollments',
  'promo-codes',
] as const;

const ResourceParam = z.object({ resource: z.string().max(50) });
const ResourceIdParam = idParam.extend({ resource: z.string().max(50) });
const AnyBody = z.record(z.string(), z.unknown());

export const makeLearningAdminResourceRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const now = () => d.clock.now();
    const registry: Record<(typeof ADMIN_RESOURCES)[number], Entry> = {
      'course-categories': entry(
        d.courseCategoriesResource,
        { query: SearchOnly, create: Category, update: Category.partial() },
        categoryView,
        '{name, slug, description}',
      ),
      'learning-assets': entry(
        d.learningAssetsResource,
        { query: ContentItemQuery, create: ContentItem, update: ContentItem.partial() },
        contentItemView,
        '{title, description, url, type}',
      ),
      'library-items': entry(
        d.libraryItemsResource,
        { query: ContentItemQuery, create: ContentItem, update: ContentItem.partial() },
        contentItemView,
        '{title, description, url, type}',
      ),
      pricing: entry(
        d.pricingResource,
        { query: PricingQuery, create: PricingCreate, update: PricingUpdate },
        pricingView,
        '{category_id, unit_price, currency, tiers: [{min_quantity, unit_price}]}',
      ),
      'subscription-plans': entry(
        d.subscriptionPlansResource,
        { query: PlanQuery, create: PlanCreate, update: PlanUpdate },
        planView,
        '{name, description, price, currency, duration_days, category_ids, active}',
      ),
      students: entry(
        d.studentsResource,
        { query: SearchOnly, create: StudentCreate, update: StudentUpdate },
        studentProfileView,
        '{user_id, school, grade, phone}',
      ),
      enrollments: entry(
        d.enrollmentsResource,
        { query: EnrollmentQuery, create: EnrollmentCreate, update: EnrollmentUpdate },
        (l) => enrollmentListingView(l, now()),
        '{user_id, course_id, status, source, expires_at}',
      ),
      'promo-codes': entry(
        d.promoCodesResource,
        { query: SearchOnly, create: PromoCreate, update: PromoUpdate },
        promoCodeView,
        '{code, type, value, valid_from, valid_until, max_uses, used_count}',
      ),
    };
    const find = (name: string): Entry => {
      const e = (registry as Record<string, Entry | undefined>)[name];
      if (!e || !Object.hasOwn(registry, name))
        throw new DomainError('RESOURCE_NOT_FOUND', `unknown resource ${name}; one of ${ADMIN_RESOURCES.join(', ')}`);
      return e;
    };
    const description = `Resources and their fields: ${ADMIN_RESOURCES.map((n) => `${n} ${registry[n].fields}`).join('; ')}.`;
    const tags = ['admin resources'];
    // Learning assets and library items share one body: listed once, as a union of identical members is illogical.
    const documentedBody = z
      .union([...new Set(ADMIN_RESOURCES.map((n) => registry[n].createBody))] as [ZodType, ZodType, ...ZodType[]])
      .meta({ description: 'The fields of the resource named by `:resource` (see the description)' });
    const resources = [
      d.courseCategoriesResource,
      d.learningAssetsResource,
      d.libraryItemsResource,
      d.pricingResource,
      d.subscriptionPlansResource,
      d.studentsResource,
      d.enrollmentsResource,
      d.promoCodesResource,
    ];
    const writes = resources.flatMap((x) => [x.create, x.update, x.remove]);
    const errors = errorsFrom(...writes)(
      ['RECORD_NOT_FOUND', 'DUPLICATE_RECORD', 'UNKNOWN_REFERENCE', 'INVALID_RECORD', 'CATEGORY_IN_USE', 'PLAN_IN_USE'],
      ['RESOURCE_NOT_FOUND'],
    );

    r.get(
      '/api/lms/admin/resources/:resource',
      {
        operationId: 'listAdminRecords',
        response: wire.AdminRecordPage,
        errors: edgeErrors(['RESOURCE_NOT_FOUND']),
        summary: 'List an admin resource (paginated, ?search=)',
        description,
        access: Role.Admin,
        params: ResourceParam,
        query: pageQuery.extend({ search: searchQuery }).loose(),
        tags,
      },
      async ({ tenant, params, query }) => find(params.resource).list(tenant.id, query, toPageRequest(query)),
    );

    r.post(
      '/api/lms/admin/resources/:resource',
      {
        operationId: 'createAdminRecord',
        response: wire.AdminRecord,
        errors,
        documentedBody,
        summary: 'Create a record of an admin resource',
        description,
        access: Role.Admin,
        params: ResourceParam,
        body: AnyBody,
        tags,
      },
      async ({ actor, meta, params, body }) => reply(await find(params.resource).create(actor, meta, body), 'Record created'),
    );

    r.put(
      '/api/lms/admin/resources/:resource/:id',
      {
        operationId: 'updateAdminRecord',
        response: wire.AdminRecord,
        errors,
        documentedBody,
        summary: 'Update a record (any subset of its fields)',
        description,
        access: Role.Admin,
        params: ResourceIdParam,
        body: AnyBody,
        tags,
      },
      async ({ actor, meta, params, body }) => reply(await find(params.resource).update(actor, meta, params.id, body), 'Record updated'),
    );

    r.delete(
      '/api/lms/admin/resources/:resource/:id',
      {
        operationId: 'deleteAdminRecord',
        response: acknowledgement,
        errors,
        summary: 'Delete a record',
        description,
        access: Role.Admin,
        params: ResourceIdParam,
        tags,
      },
      async ({ actor, meta, params }) => {
        await find(params.resource).remove(actor, meta, params.id);
        return reply(null, 'Record deleted');
      },
    );

    // Learning assets and library items (spec "Admin resources, learning assets, library").
    const ctags = ['learning assets and library'];
    r.get(
      '/api/lms/learning-assets',
      {
        operationId: 'listLearningAssets',
        response: wire.ContentItemPage,
        errors: errorsFrom(d.learningAssetsResource.list)([]),
        summary: 'Learning assets',
        access: Role.Student,
        query: ContentItemQuery,
        tags: ctags,
      },
      async ({ actor, query }) =>
        pageView(await d.learningAssetsResource.list(actor.tenantId, query, toPageRequest(query)), contentItemView),
    );
    r.post(
      '/api/lms/admin/learning-assets',
      {
        operationId: 'createLearningAsset',
        response: wire.ContentItem,
        errors: errorsFrom(d.learningAssetsResource.create)([]),
        summary: 'Create a learning asset',
        access: Role.Admin,
        body: ContentItem,
        tags: ctags,
      },
      async ({ actor, meta, body }) =>
        reply(contentItemView(unwrap(await d.learningAssetsResource.create(actor, meta, body))), 'Learning asset created'),
    );
    r.get(
      '/api/lms/library-items',
      {
        operationId: 'listLibraryItems',
        response: wire.ContentItemPage,
        errors: errorsFrom(d.libraryItemsResource.list)([]),
        summary: 'Library items (public)',
        access: 'public',
        query: ContentItemQuery,
        tags: ctags,
      },
      async ({ tenant, query }) => pageView(await d.libraryItemsResource.list(tenant.id, query, toPageRequest(query)), contentItemView),
    );
    r.post(
      '/api/lms/admin/library-items',
      {
        operationId: 'saveLibraryItem',
        response: wire.ContentItem,
        errors: errorsFrom(d.libraryItemsResource.create, d.libraryItemsResource.update)(['RECORD_NOT_FOUND']),
        summary: 'Create a library item, or update it when `id` names one',
        access: Role.Admin,
        body: ContentItem.extend({ id: uuid.optional() }),
        tags: ctags,
      },
      async ({ actor, meta, body }) => {
        const { id, ...item } = body;
        const saved = id
          ? await d.libraryItemsResource.update(actor, meta, id, item)
          : await d.libraryItemsResource.create(actor, meta, item);
        return reply(contentItemView(unwrap(saved)), id ? 'Library item updated' : 'Library item created');
      },
    );
  };
