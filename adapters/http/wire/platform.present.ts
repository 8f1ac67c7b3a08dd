import type { z } from 'zod';
import type { AccountSection } from '../../../application/identity/identity-dashboard.js';
import type { EngagementSection } from '../../../application/engagement/engagement-dashboard.js';
import type { LearningSection } from '../../../application/learning/learning-dashboard.js';
import { accountSectionView } from './identity.present.js';
import { engagementSectionView } from './engagement.present.js';
import { learningSectionView } from './learning.present.js';
import type * as wire from './platform.wire.js';

type Section = Record<string, unknown>;

/*
 * Sections whose contributors answer domain values, by name; the others (assessment, commerce,
 * crm) still answer their section already shaped and pass through as they are.
 */
const sectionViews: Record<string, (value: never) => Section> = {
  account: (s: AccountSection) => accountSectionView(s),
  learning: (s: LearningSection) => learningSectionView(s),
  engagement: (s: EngagementSection) => engagementSectionView(s),
};

/** `GET /api/dashboard/overview`: each contributed section under its name, presented by its context. */
export const dashboardOverviewView = (
  sections: ReadonlyArray<{ section: string; value: unknown }>,
): z.input<typeof wire.DashboardOverview> =>
  Object.fromEntries(
    sections.map(({ section, value }) => {
      const view = sectionViews[section] as ((value: unknown) => Section) | undefined;
      return [section, view ? view(value) : (value as Section)];
    }),
  );
