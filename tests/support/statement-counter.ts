import { AsyncLocalStorage } from 'node:async_hooks';
import type { Application } from '../../composition/container.js';
import { checkedAgent, type Harness } from './harness.js';

type Agent = ReturnType<typeof checkedAgent>;

/**
 * Counts the SQL statements that one request runs, and only those: the request is served inside
 * an AsyncLocalStorage scope, and knex's `query` event (emitted in the caller's async context)
 * counts when it fires within that scope. Background jobs, relays and other tests' requests
 * run outside it, so a busy machine cannot add to the count.
 */
export async function statementsOf<T>(
  h: Harness,
  request: (http: Agent) => PromiseLike<T>,
  /** The application served (the harness's own by default; one without job workers where a job would start in the request's context). */
  app: Application = h.app,
): Promise<{ statements: number; result: T }> {
  const scope = new AsyncLocalStorage<symbol>();
  const mark = Symbol('request under count');
  const callback: Application['callback'] = (req, res) => scope.run(mark, () => app.callback(req, res));
  let statements = 0;
  const listener = () => {
    if (scope.getStore() === mark) statements++;
  };
  app.db.knex.on('query', listener);
  try {
    const result = await request(checkedAgent(callback, h.openApi));
    return { statements, result };
  } finally {
    app.db.knex.removeListener('query', listener);
  }
}
