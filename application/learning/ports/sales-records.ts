/**
 * What was sold of the catalogue: buyers paid for a course's access and subscribers hold their
 * plan, so a course sold is archived and a plan subscribed to is deactivated, never deleted.
 * Orders and subscriptions belong to commerce, which registers its implementation under
 * `salesRecords`; until then none.
 */
export interface SalesRecords {
  /**
   * Orders with a line granting the course: paid (or since refunded), and pending (a payment may
   * settle any moment, and it must find the course to grant).
   */
  ordersOfCourse(tenantId: string, courseId: string): Promise<{ paid: number; pending: number }>;
  /** Subscriptions of the plan, whatever their status. */
  subscriptionsOfPlan(tenantId: string, planId: string): Promise<number>;
}

export const noSalesRecords: SalesRecords = {
  ordersOfCourse: async () => ({ paid: 0, pending: 0 }),
  subscriptionsOfPlan: async () => 0,
};
