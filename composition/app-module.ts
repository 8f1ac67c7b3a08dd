import type { Resolver } from 'awilix';
import type { Config } from '../infrastructure/config.js';

/**
 * What a context brings to the composition root: its registrations and the names, among them,
 * of its route modules, job definitions, periodic jobs and dashboard contributors.
 */
export interface AppModule {
  name: string;
  registrations(config: Config): Record<string, Resolver<unknown>>;
  /**
   * Names this module registers again on purpose, replacing an earlier module's default (a port
   * another context fills in). Any other name registered twice fails start-up.
   */
  overrides?: readonly string[];
  routes: string[];
  jobs?: string[];
  schedules?: Array<{ job: string; everyMs: number | ((config: Config) => number) }>;
  dashboard?: string[];
}
