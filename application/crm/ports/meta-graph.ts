import type { Result } from '../../shared/result.js';

/** A lead as the Graph API answers `GET /{leadgen_id}`. */
export interface GraphLead {
  id: string;
  createdTime: string | null;
  formId: string | null;
  adId: string | null;
  fieldData: Array<{ name: string; values: unknown[] }>;
  isOrganic: boolean | null;
  /** Set by the few Graph versions that expose it; the testing tool's dummy answers also tell. */
  isTest: boolean | null;
}

/**
 * `UNAVAILABLE` (network, 5xx, 429, timeouts) is worth retrying; `REJECTED` (4xx: bad token,
 * no permission, unknown lead) needs an admin, so the delivery fails at once.
 */
export type GraphError = 'UNAVAILABLE' | 'REJECTED';

export interface MetaGraph {
  fetchLead(leadgenId: string, accessToken: string): Promise<Result<GraphLead, GraphError>>;
  /** `GET /{page_id}?fields=id`: whether the token can read the page (its id answered back). */
  canReadPage(pageId: string, accessToken: string): Promise<Result<true, GraphError>>;
}
