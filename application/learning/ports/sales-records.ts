/**
 * What was sold of the catalogue: buyers paid for a course's access and subscribers hold their
 * plan, so a course sold is archived and a plan subscribed to is deactivated, never deleted.
 * Orders and subscriptions belong to commerce, which registers its implementation under
 * `salesRecords`; until then none.
 */
export interface SalesRecords {
  /** Paid (or since refunded) orders that granted the course. */
  paidOrdersOfCourse(tenantId: string, courseId: string): Promise<number>;
  /** Subscriptions of the plan, whatever their status. */
  subscriptionsOfPlan(tenantId: string, planId: string): Promise<number>;
}

export const noSalesRecords: SalesRecords = { paidOrdersOfCourse: async () => 0, subscriptionsOfPlan: async () => 0 };
