/**
 * What was paid for a course: its buyers paid for access, so a course sold is archived, not
 * deleted. Orders belong to commerce, which registers its implementation under `courseSales`;
 * until then none.
 */
export interface CourseSales {
  /** Paid (or since refunded) orders that granted the course. */
  paidOrders(tenantId: string, courseId: string): Promise<number>;
}

export const noCourseSales: CourseSales = { paidOrders: async () => 0 };
