import { adminView } from '../../../domain/platform/settings.js';
import type { SettingsReader } from '../ports.js';

type Deps = { settingsReader: SettingsReader };

export const makeGetAdminSettings =
  ({ settingsReader }: Deps) =>
  async (tenantId: string) =>
    adminView(await settingsReader.get(tenantId));
