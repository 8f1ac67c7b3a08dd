import { z } from 'zod';
import {
  feedTokenRevokedView,
  feedTokenStatusView,
  feedTokenView,
  schedulePageView,
  scheduleItemView,
  templateAssignmentView,
  templateItemView,
  templateView,
} from '../wire/engagement.present.js';
import { MAX_ASSIGNEES, MAX_DAY_OFFSET } from '../../../domain/engagement/template.js';
import { MAX_DESCRIPTION, MAX_TITLE } from '../../../domain/engagement/schedule.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import {
  acknowledgement,
  idParam,
  pageQuery,
  pageView,
  queryBool,
  requiredText,
  text,
  timeHm,
  toPageRequest,
  uuid,
} from '../kit/schemas.js';
import * as wire from '../wire/engagement.wire.js';
import type { RouteModule } from '../kit/route-table.js';
import { sendRaw } from './route-helpers.js';
import type { EngagementRegistry } from '../../../application/engagement/registry.js';

type Deps = Pick<
  EngagementRegistry,
  | 'listMySchedule'
  | 'createScheduleItem'
  | 'updateScheduleItem'
  | 'deleteScheduleItem'
  | 'getFeedToken'
  | 'rotateFeedToken'
  | 'revokeFeedToken'
  | 'renderScheduleFeed'
  | 'createScheduleTemplate'
  | 'listScheduleTemplates'
  | 'getScheduleTemplate'
  | 'updateScheduleTemplate'
  | 'deleteScheduleTemplate'
  | 'addTemplateItem'
  | 'updateTemplateItem'
  | 'deleteTemplateItem'
  | 'assignScheduleTemplate'
> & {
  publicUrl: string;
};

/** The shape only; whether the day exists is the domain's question (2026-02-30 is a 400 too). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
const description = text(MAX_DESCRIPTION).nullable().optional();

const ItemBody = z.object({ title: requiredText(MAX_TITLE), description, date: day, start_time: timeHm, end_time: timeHm });
const ItemPatch = ItemBody.partial();
const ItemParam = z.object({ itemId: uuid });
const ScheduleQuery = pageQuery.extend({ start_date: day.optional(), end_date: day.optional() });
const FeedQuery = z.strictObject({ token: z.string().max(200) });

const TemplateBody = z.object({ name: requiredText(MAX_TITLE), description });
const TemplateItemBody = z.object({
  day_offset: z.number().int().min(0).max(MAX_DAY_OFFSET).default(0),
  title: requiredText(MAX_TITLE),
  description,
  start_time: timeHm,
  end_time: timeHm,
});
const TemplateItemPatch = z.object({
  day_offset: z.number().int().min(0).max(MAX_DAY_OFFSET).optional(),
  title: requiredText(MAX_TITLE).optional(),
  description,
  start_time: timeHm.optional(),
  end_time: timeHm.optional(),
});
/** An item's fields as the use cases take them; an update's (any subset) keep their absence. */
const itemInput = <B extends Partial<z.output<typeof ItemBody>>>(
  b: B,
): { title: B['title']; description: B['description']; date: B['date']; startTime: B['start_time']; endTime: B['end_time'] } => ({
  title: b.title,
  description: b.description,
  date: b.date,
  startTime: b.start_time,
  endTime: b.end_time,
});
const templateItemInput = <B extends z.output<typeof TemplateItemPatch>>(
  b: B,
): {
  dayOffset: B['day_offset'];
  title: B['title'];
  description: B['description'];
  startTime: B['start_time'];
  endTime: B['end_time'];
} => ({
  dayOffset: b.day_offset,
  title: b.title,
  description: b.description,
  startTime: b.start_time,
  endTime: b.end_time,
});
const AssignBody = z.object({ user_ids: z.array(uuid).max(MAX_ASSIGNEES).optional(), start_date: day });
const TemplateListQuery = pageQuery.extend({ mine: queryBool.optional() });

/** Spec "Schedule" plus the calendar feed (issue 6). Every route works on the caller's own data. */
export const makeEngagementScheduleRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['schedule'];
    const access = Role.Student;

    r.get(
      '/api/lms/my-schedule',
      {
        operationId: 'listMySchedule',
        response: wire.SchedulePage,
        errors: errorsFrom(d.listMySchedule)(['INVALID_DATE', 'RANGE_INVERTED', 'RANGE_TOO_LONG']),
        summary:
          "The caller's schedule from start_date to end_date (both included, at most 366 days; default: today and the next 6 days), by date and time",
        access,
        query: ScheduleQuery,
        tags,
      },
      async ({ actor, query }) => {
        const found = unwrap(await d.listMySchedule(actor, { startDate: query.start_date, endDate: query.end_date }, toPageRequest(query)));
        return schedulePageView(found);
      },
    );

    r.post(
      '/api/lms/my-schedule/items',
      {
        operationId: 'createScheduleItem',
        response: wire.ScheduleItem,
        errors: errorsFrom(d.createScheduleItem)(['INVALID_DATE', 'INVALID_TIME', 'END_NOT_AFTER_START']),
        summary: "Add an item to the caller's schedule",
        access,
        body: ItemBody,
        tags,
      },
      async ({ actor, body }) =>
        reply(scheduleItemView(unwrap(await d.createScheduleItem(actor, itemInput(body)))), 'Schedule item created'),
    );

    r.put(
      '/api/lms/my-schedule/items/:itemId',
      {
        operationId: 'updateScheduleItem',
        response: wire.ScheduleItem,
        errors: errorsFrom(d.updateScheduleItem)(['SCHEDULE_ITEM_NOT_FOUND', 'INVALID_DATE', 'INVALID_TIME', 'END_NOT_AFTER_START']),
        summary: "Update one of the caller's items (any subset of its fields)",
        access,
        params: ItemParam,
        body: ItemPatch,
        tags,
      },
      async ({ actor, params, body }) =>
        reply(scheduleItemView(unwrap(await d.updateScheduleItem(actor, params.itemId, itemInput(body)))), 'Schedule item updated'),
    );

    r.delete(
      '/api/lms/my-schedule/items/:itemId',
      {
        operationId: 'deleteScheduleItem',
        response: acknowledgement,
        errors: errorsFrom(d.deleteScheduleItem)(['SCHEDULE_ITEM_NOT_FOUND']),
        summary: "Delete one of the caller's items",
        access,
        params: ItemParam,
        tags,
      },
      async ({ actor, params }) => {
        unwrap(await d.deleteScheduleItem(actor, params.itemId));
        return reply(null, 'Schedule item deleted');
      },
    );

    const feedUrl = (token: string) => `${d.publicUrl}/api/lms/my-schedule.ics?token=${token}`;
    r.get(
      '/api/lms/my-schedule/feed-token',
      {
        operationId: 'getFeedToken',
        response: wire.FeedTokenStatus,
        errors: errorsFrom(d.getFeedToken)([]),
        summary: 'Whether the caller has a calendar feed (the token is shown only when created)',
        access,
        tags,
      },
      async ({ actor }) => {
        return feedTokenStatusView(await d.getFeedToken(actor));
      },
    );
    r.post(
      '/api/lms/my-schedule/feed-token',
      {
        operationId: 'rotateFeedToken',
        response: wire.FeedToken,
        errors: errorsFrom(d.rotateFeedToken)([]),
        summary: "Create or rotate the caller's calendar feed token; the previous feed URL stops working",
        access,
        tags,
      },
      async ({ actor }) => {
        const t = await d.rotateFeedToken(actor);
        return reply(feedTokenView(t, feedUrl(t.token)), 'Feed token created');
      },
    );
    r.delete(
      '/api/lms/my-schedule/feed-token',
      {
        operationId: 'revokeFeedToken',
        response: wire.FeedTokenRevoked,
        errors: errorsFrom(d.revokeFeedToken)([]),
        summary: "Turn the caller's calendar feed off",
        access,
        tags,
      },
      async ({ actor }) => reply(feedTokenRevokedView(await d.revokeFeedToken(actor)), 'Feed token revoked'),
    );

    r.get(
      '/api/lms/my-schedule.ics',
      {
        operationId: 'getScheduleFeed',
        producesSchema: z.string(),
        errors: errorsFrom(d.renderScheduleFeed)(['FEED_NOT_FOUND']),
        summary:
          "The schedule of a feed token's owner as iCalendar (RFC 5545), for calendar apps; no login, no tenant header: the token is both",
        access: 'public',
        query: FeedQuery,
        tags,
        produces: 'text/calendar',
      },
      async ({ query, ctx }) => {
        const ics = unwrap(await d.renderScheduleFeed(query.token));
        return sendRaw(ctx, 'text/calendar; charset=utf-8', ics, {
          'Content-Disposition': 'inline; filename="schedule.ics"',
          'Cache-Control': 'private, no-cache',
          'Referrer-Policy': 'no-referrer',
        });
      },
    );

    const ttags = ['schedule templates'];
    r.post(
      '/api/lms/schedule-templates',
      {
        operationId: 'createScheduleTemplate',
        response: wire.ScheduleTemplate,
        errors: errorsFrom(d.createScheduleTemplate)([]),
        summary: 'Create a schedule template (the caller owns it)',
        access,
        body: TemplateBody,
        tags: ttags,
      },
      async ({ actor, body }) =>
        reply(templateView(await d.createScheduleTemplate(actor, body), { items: [] }), 'Schedule template created'),
    );

    r.get(
      '/api/lms/schedule-templates',
      {
        operationId: 'listScheduleTemplates',
        response: wire.ScheduleTemplatePage,
        errors: errorsFrom(d.listScheduleTemplates)([]),
        summary: "Templates newest first: Mentors and above see the tenant's, others their own (`mine=true`: own only)",
        access,
        query: TemplateListQuery,
        tags: ttags,
      },
      async ({ actor, query }) =>
        pageView(await d.listScheduleTemplates(actor, { mine: query.mine }, toPageRequest(query)), (t) => templateView(t)),
    );

    r.get(
      '/api/lms/schedule-templates/:id',
      {
        operationId: 'getScheduleTemplate',
        response: wire.ScheduleTemplate,
        errors: errorsFrom(d.getScheduleTemplate)(['SCHEDULE_TEMPLATE_NOT_FOUND']),
        summary: 'A template with its items (by day, then time)',
        access,
        params: idParam,
        tags: ttags,
      },
      async ({ actor, params }) => {
        const t = unwrap(await d.getScheduleTemplate(actor, params.id));
        return templateView(t.template, { items: t.items });
      },
    );

    r.put(
      '/api/lms/schedule-templates/:id',
      {
        operationId: 'updateScheduleTemplate',
        response: wire.ScheduleTemplate,
        errors: errorsFrom(d.updateScheduleTemplate)(['SCHEDULE_TEMPLATE_NOT_FOUND']),
        summary: "Update a template's name or description",
        access,
        params: idParam,
        body: TemplateBody.partial(),
        tags: ttags,
      },
      async ({ actor, params, body }) => {
        const t = unwrap(await d.updateScheduleTemplate(actor, params.id, body));
        return reply(templateView(t.template, { items: t.items }), 'Schedule template updated');
      },
    );

    r.delete(
      '/api/lms/schedule-templates/:id',
      {
        operationId: 'deleteScheduleTemplate',
        response: acknowledgement,
        errors: errorsFrom(d.deleteScheduleTemplate)(['SCHEDULE_TEMPLATE_NOT_FOUND']),
        summary: 'Delete a template (items it produced stay in schedules)',
        access,
        params: idParam,
        tags: ttags,
      },
      async ({ actor, params }) => {
        unwrap(await d.deleteScheduleTemplate(actor, params.id));
        return reply(null, 'Schedule template deleted');
      },
    );

    r.post(
      '/api/lms/schedule-templates/:id/items',
      {
        operationId: 'addScheduleTemplateItem',
        response: wire.TemplateItem,
        errors: errorsFrom(d.addTemplateItem)([
          'SCHEDULE_TEMPLATE_NOT_FOUND',
          'TOO_MANY_TEMPLATE_ITEMS',
          'INVALID_DAY_OFFSET',
          'INVALID_TIME',
          'END_NOT_AFTER_START',
        ]),
        summary: 'Add an item to a template',
        access,
        params: idParam,
        body: TemplateItemBody,
        tags: ttags,
      },
      async ({ actor, params, body }) =>
        reply(templateItemView(unwrap(await d.addTemplateItem(actor, params.id, templateItemInput(body)))), 'Template item created'),
    );

    r.put(
      '/api/lms/schedule-template-items/:itemId',
      {
        operationId: 'updateScheduleTemplateItem',
        response: wire.TemplateItem,
        errors: errorsFrom(d.updateTemplateItem)(['TEMPLATE_ITEM_NOT_FOUND', 'INVALID_DAY_OFFSET', 'INVALID_TIME', 'END_NOT_AFTER_START']),
        summary: 'Update a template item (any subset of its fields)',
        access,
        params: ItemParam,
        body: TemplateItemPatch,
        tags: ttags,
      },
      async ({ actor, params, body }) =>
        reply(templateItemView(unwrap(await d.updateTemplateItem(actor, params.itemId, templateItemInput(body)))), 'Template item updated'),
    );

    r.delete(
      '/api/lms/schedule-template-items/:itemId',
      {
        operationId: 'deleteScheduleTemplateItem',
        response: acknowledgement,
        errors: errorsFrom(d.deleteTemplateItem)(['TEMPLATE_ITEM_NOT_FOUND']),
        summary: 'Delete a template item',
        access,
        params: ItemParam,
        tags: ttags,
      },
      async ({ actor, params }) => {
        unwrap(await d.deleteTemplateItem(actor, params.itemId));
        return reply(null, 'Template item deleted');
      },
    );

    r.post(
      '/api/lms/schedule-templates/:id/assign',
      {
        operationId: 'assignScheduleTemplate',
        response: wire.TemplateAssignment,
        errors: errorsFrom(d.assignScheduleTemplate)([
          'SCHEDULE_TEMPLATE_NOT_FOUND',
          'INVALID_DATE',
          'ASSIGNEE_NOT_FOUND',
          'ASSIGN_FORBIDDEN',
          'TOO_MANY_ASSIGNEES',
        ]),
        summary:
          'Produce schedule items from the template for each user (default: the caller) from start_date; idempotent per template, user and start date',
        access,
        params: idParam,
        body: AssignBody,
        tags: ttags,
      },
      async ({ actor, params, body }) => {
        const a = unwrap(await d.assignScheduleTemplate(actor, params.id, { userIds: body.user_ids, startDate: body.start_date }));
        return reply(templateAssignmentView(a), 'Schedule template assigned');
      },
    );
  };
