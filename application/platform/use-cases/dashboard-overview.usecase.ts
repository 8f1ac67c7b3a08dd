import type { Actor } from '../../shared/actor.js';
import type { DashboardContributor } from '../ports.js';

type Deps = { dashboardContributors: DashboardContributor<unknown>[] };

/** A role-shaped summary: every context adds the figures its users want first; the edge presents each section. */
export const makeDashboardOverview =
  ({ dashboardContributors }: Deps) =>
  async (actor: Actor) => {
    const sections = await Promise.all(dashboardContributors.map(async (c) => [c.section, await c.contribute(actor)] as const));
    return sections.filter((s) => s[1] !== null).map(([section, value]) => ({ section, value }));
  };
