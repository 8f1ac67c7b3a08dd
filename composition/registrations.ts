import { asFunction, type AwilixContainer, type Resolver } from 'awilix';
import type { Config } from '../infrastructure/config.js';
import type { AppModule } from './app-module.js';

type Factory = (deps: never) => unknown;

/** A table of factories (`{ createQuiz: makeCreateQuiz }`) as singleton registrations under the same names. */
export function factories(table: Record<string, Factory>): Record<string, Resolver<unknown>> {
  return Object.fromEntries(
    Object.entries(table).map(([name, make]) => [name, asFunction(make as (deps: unknown) => unknown).singleton()]),
  );
}

/**
 * Registers each module's names, in order. A name registered twice fails start-up, unless the later
 * module lists it in its `overrides` (a port default replaced on purpose); an override of a name
 * nobody registered before, or one the module does not register, fails too: the list stays honest.
 * `registered` names what the container already holds (the core registrations) and who put it there.
 */
export function registerModules(
  container: AwilixContainer<object>,
  modules: readonly AppModule[],
  config: Config,
  registered: ReadonlyMap<string, string> = new Map(),
): void {
  const owners = new Map(registered);
  for (const module of modules) {
    const registrations = module.registrations(config);
    const overrides = new Set(module.overrides ?? []);
    for (const name of overrides) {
      if (!(name in registrations)) throw new Error(`module ${module.name} overrides "${name}" but does not register it`);
      if (!owners.has(name)) throw new Error(`module ${module.name} overrides "${name}", which no earlier module registers`);
    }
    for (const name of Object.keys(registrations)) {
      const owner = owners.get(name);
      if (owner !== undefined && !overrides.has(name))
        throw new Error(
          `"${name}" is registered by both ${owner} and ${module.name}; list it in ${module.name}'s overrides to replace it on purpose`,
        );
      owners.set(name, module.name);
    }
    container.register(registrations);
  }
}
