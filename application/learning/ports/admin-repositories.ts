import type { PriceTier, PromoTerms } from '../../../domain/learning/admin-resources.js';
import type { Minor } from '../../../domain/shared/money.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { StoredRecord, WriteOutcome } from './record-store.js';

export interface LearningAsset extends StoredRecord {
  title: string;
  description: string | null;
  url: string | null;
  type: string;
}

/** Library items have the same shape as learning assets (contract §6). */
export type LibraryItem = LearningAsset;

export interface Pricing extends StoredRecord {
  categoryId: string;
  unitPrice: Minor;
  currency: string;
  tiers: PriceTier[];
}

export interface PromoCode extends StoredRecord, PromoTerms {
  code: string;
}

export interface SubscriptionPlan extends StoredRecord {
  name: string;
  description: string | null;
  price: Minor;
  currency: string;
  durationDays: number;
  categoryIds: string[];
  active: boolean;
}

export interface SubscriptionPlanRepository {
  findById(tenantId: string, id: string): Promise<SubscriptionPlan | null>;
  /** The tenant's plans among `ids` (missing ones left out), in no particular order. */
  findManyByIds(tenantId: string, ids: readonly string[]): Promise<SubscriptionPlan[]>;
  list(
    tenantId: string,
    query: { search?: string | undefined; active?: boolean | undefined },
    page: PageRequest,
  ): Promise<Page<SubscriptionPlan>>;
  /** Writes the plan and replaces its categories. */
  save(plan: SubscriptionPlan): Promise<void>;
  delete(tenantId: string, id: string): Promise<boolean>;
}

export interface StudentProfile extends StoredRecord {
  userId: string;
  school: string | null;
  grade: string | null;
  phone: string | null;
}

export interface StudentProfileListing {
  profile: StudentProfile;
  user: { id: string; email: string; displayName: string; role: number; status: number };
}

export interface StudentProfileRepository {
  findById(tenantId: string, id: string): Promise<StudentProfileListing | null>;
  /** Newest first; search on the user's name or email and the school. */
  list(tenantId: string, search: string | undefined, page: PageRequest): Promise<Page<StudentProfileListing>>;
  /** `conflict` when the user already has a profile. */
  insert(profile: StudentProfile): Promise<WriteOutcome>;
  update(profile: StudentProfile): Promise<WriteOutcome>;
  delete(tenantId: string, id: string): Promise<boolean>;
}
