import type { AdProvider } from '../../domain/crm/lead.js';
import type { Integration } from './ports/integration-repository.js';
import type { SecretBox } from './ports/security.js';

/** Secret fields of each provider (contract §8); `page_id` and `enabled` are not secret. */
export const SECRET_FIELDS = {
  meta: ['verify_token', 'app_secret', 'access_token'],
  google: ['webhook_key'],
} as const satisfies Record<AdProvider, readonly string[]>;

/** What an enabled integration needs before a webhook can be trusted. */
export const REQUIRED_FIELDS: Record<AdProvider, readonly string[]> = {
  meta: ['verify_token', 'app_secret', 'access_token', 'page_id'],
  google: ['webhook_key'],
};

export type IntegrationSecrets = Partial<Record<'verify_token' | 'app_secret' | 'access_token' | 'webhook_key', string>>;

/**
 * Whoever knows a webhook secret (Meta's verify token, the Google key) can feed leads in: long
 * enough that it cannot be guessed. Secrets saved before the rule are refused on use too (issue 26).
 */
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRETS = ['verify_token', 'webhook_key'] as const;
export type WebhookSecretField = (typeof WEBHOOK_SECRETS)[number];

/** A presented webhook secret the rule refuses, whatever is stored (a match would prove it is the stored one). */
export const tooShortForWebhook = (secret: string): boolean => secret.length < WEBHOOK_SECRET_MIN;

/** Hash purposes: a verify token and a Google key never share a hash space. */
export const VERIFY_TOKEN_PURPOSE = 'meta.verify_token';
export const GOOGLE_KEY_PURPOSE = 'google.webhook_key';

export const sealContext = (tenantId: string, provider: AdProvider) => `crm-integration:${tenantId}:${provider}`;

export function openSecrets(box: SecretBox, integration: Integration): IntegrationSecrets {
  if (!integration.sealedSecrets) return {};
  return JSON.parse(box.open(integration.sealedSecrets, sealContext(integration.tenantId, integration.provider))) as IntegrationSecrets;
}

/** An integration as admins see it: secrets only as "configured or not". */
export interface IntegrationState {
  provider: AdProvider;
  enabled: boolean;
  pageId: string | null;
  configured: Record<string, boolean>;
  /** Every field a working integration needs is set. */
  complete: boolean;
  /** Webhook secrets saved before the length rule: refused on use until replaced. */
  rotate: WebhookSecretField[];
  updatedAt: Date | null;
}

export function integrationState(provider: AdProvider, integration: Integration | null, secrets: IntegrationSecrets): IntegrationState {
  const configured = Object.fromEntries(SECRET_FIELDS[provider].map((f) => [f, !!secrets[f]]));
  const complete = REQUIRED_FIELDS[provider].every((f) =>
    f === 'page_id' ? !!integration?.pageId : !!secrets[f as keyof IntegrationSecrets],
  );
  const rotate = WEBHOOK_SECRETS.filter((f) => {
    const v = secrets[f];
    return v !== undefined && tooShortForWebhook(v);
  });
  return {
    provider,
    enabled: integration?.enabled ?? false,
    pageId: integration?.pageId ?? null,
    configured,
    complete,
    rotate,
    updatedAt: integration?.updatedAt ?? null,
  };
}
