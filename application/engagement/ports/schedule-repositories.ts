import type { ScheduleItem } from '../../../domain/engagement/schedule.js';
import type { ScheduleTemplate, TemplateAssignment, TemplateItem } from '../../../domain/engagement/template.js';
import type { Page, PageRequest } from '../../shared/ports.js';

/** Days `from` to `to`, both included, `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

export interface ScheduleItemRepository {
  insert(item: ScheduleItem): Promise<void>;
  insertMany(items: readonly ScheduleItem[]): Promise<void>;
  findById(tenantId: string, id: string): Promise<ScheduleItem | null>;
  update(item: ScheduleItem): Promise<void>;
  delete(tenantId: string, id: string): Promise<boolean>;
  /** The user's items in the range, by date and time. */
  listForUser(tenantId: string, userId: string, range: DayRange, page: PageRequest): Promise<Page<ScheduleItem>>;
  /** The same, unpaged, at most `limit` (feeds, dashboards). */
  allForUser(tenantId: string, userId: string, range: DayRange, limit: number): Promise<ScheduleItem[]>;
}

export interface TemplateFilter {
  /** Only templates of this owner (callers below Mentor see their own). */
  ownerId?: string | undefined;
}

export interface ScheduleTemplateRepository {
  insert(t: ScheduleTemplate): Promise<void>;
  findById(tenantId: string, id: string): Promise<ScheduleTemplate | null>;
  update(t: ScheduleTemplate): Promise<void>;
  delete(tenantId: string, id: string): Promise<boolean>;
  /** Newest first. */
  list(tenantId: string, filter: TemplateFilter, page: PageRequest): Promise<Page<ScheduleTemplate>>;
  insertItem(item: TemplateItem): Promise<void>;
  findItem(tenantId: string, itemId: string): Promise<TemplateItem | null>;
  updateItem(item: TemplateItem): Promise<void>;
  deleteItem(tenantId: string, itemId: string): Promise<boolean>;
  /** In plan order (day, then time). */
  listItems(tenantId: string, templateId: string): Promise<TemplateItem[]>;
  countItems(tenantId: string, templateId: string): Promise<number>;
  /**
   * Records an assignment; false (nothing written) when this template was already assigned to
   * this user from this start date, also when two requests race (a unique key decides).
   */
  insertAssignment(a: TemplateAssignment): Promise<boolean>;
}

/** A calendar feed token: only its digest is kept. */
export interface FeedToken {
  tenantId: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
}

export interface FeedTokenRepository {
  /** One token per user: saving replaces the previous one. */
  save(token: FeedToken): Promise<void>;
  find(tenantId: string, userId: string): Promise<FeedToken | null>;
  /** Across tenants: the feed URL carries no tenant, the token names it. */
  findByHash(tokenHash: string): Promise<FeedToken | null>;
  delete(tenantId: string, userId: string): Promise<boolean>;
}
