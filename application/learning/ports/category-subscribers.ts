/** A running subscription's hold on a category: what a course put into it is granted until. */
export interface CategorySubscriber {
  userId: string;
  subscriptionId: string;
  endsAt: Date;
}

/**
 * Who holds a paid subscription, running or paid ahead, that covers a category (contract §5: an
 * active subscription plan covering the course's category enrols). Subscriptions belong to
 * commerce, which registers its implementation under `categorySubscribers`; until then none.
 */
export interface CategorySubscribers {
  /** One per user: the subscription that ends last. */
  of(tenantId: string, categoryId: string, now: Date): Promise<CategorySubscriber[]>;
}

export const noCategorySubscribers: CategorySubscribers = { of: async () => [] };
