import type { Actor } from '../../shared/actor.js';
import type { DashboardContributor } from '../ports.js';

type Deps = { dashboardContributors: DashboardContributor[] };

/** A role-shaped summary: every context adds the figures its users want first. */
export const makeDashboardOverview =
  ({ dashboardContributors }: Deps) =>
  async (actor: Actor) => {
    const sections = await Promise.all(dashboardContributors.map(async (c) => [c.section, await c.contribute(actor)] as const));
    const present = sections.filter((s): s is readonly [string, Record<string, unknown>] => s[1] !== null);
    return Object.fromEntries(present);
  };
