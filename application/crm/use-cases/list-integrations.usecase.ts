import { AD_PROVIDERS } from '../../../domain/crm/lead.js';
import type { Actor } from '../../shared/actor.js';
import { integrationState, openSecrets, type IntegrationState } from '../integrations.js';
import type { IntegrationRepository } from '../ports/integration-repository.js';
import type { SecretBox } from '../ports/security.js';

type Deps = { integrationRepository: IntegrationRepository; secretBox: SecretBox };

/** Both providers, configured or not (a small fixed list, contract §2). */
export const makeListIntegrations =
  ({ integrationRepository, secretBox }: Deps) =>
  async (actor: Actor): Promise<IntegrationState[]> => {
    const rows = await integrationRepository.list(actor.tenantId);
    return AD_PROVIDERS.map((provider) => {
      const row = rows.find((r) => r.provider === provider) ?? null;
      return integrationState(provider, row, row ? openSecrets(secretBox, row) : {});
    });
  };
