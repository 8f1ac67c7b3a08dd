import type { AdProvider } from '../../../domain/crm/lead.js';

/**
 * A tenant's connection to an ad platform. Secrets live only sealed (`sealedSecrets`, see
 * SecretBox); the webhook look-ups use keyed hashes so no row has to be decrypted to find the
 * tenant of a delivery.
 */
export interface Integration {
  tenantId: string;
  provider: AdProvider;
  enabled: boolean;
  /** Meta page id (not secret): a Meta delivery's tenant is the one whose integration has it. */
  pageId: string | null;
  /** Keyed hash of the Meta verify token, for the subscription handshake. */
  verifyTokenHash: string | null;
  /** Keyed hash of the Google webhook key, to find the tenant of a Google delivery. */
  googleKeyHash: string | null;
  /** Sealed JSON of the secrets (verify_token, app_secret, access_token / webhook_key). */
  sealedSecrets: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type SaveIntegrationOutcome = 'saved' | 'page_id_taken' | 'google_key_taken';

export interface IntegrationRepository {
  get(tenantId: string, provider: AdProvider): Promise<Integration | null>;
  list(tenantId: string): Promise<Integration[]>;
  /** Upsert; a page id or Google key already used by another integration is refused. */
  save(integration: Integration): Promise<SaveIntegrationOutcome>;
  /** Enabled Meta integrations of these pages, in any tenant. */
  findMetaByPageIds(pageIds: readonly string[]): Promise<Integration[]>;
  /** Enabled Meta integrations whose verify token has this hash, in any tenant. */
  findMetaByVerifyTokenHash(hash: string): Promise<Integration[]>;
  /** The tenant whose enabled Google integration's key has this hash (every lead delivery asks: nothing more is read). */
  tenantOfGoogleKeyHash(hash: string): Promise<string | null>;
}
