import { publicView } from '../../../domain/platform/settings.js';
import type { SettingsReader } from '../ports.js';

type Deps = { settingsReader: SettingsReader };

export const makeGetPublicSettings =
  ({ settingsReader }: Deps) =>
  async (tenantId: string) =>
    publicView(await settingsReader.get(tenantId));
