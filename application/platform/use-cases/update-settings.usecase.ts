import { adminView, settingDefinition, type SettingValue } from '../../../domain/platform/settings.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import type { Clock, UnitOfWork } from '../../shared/ports.js';
import type { AuditLog, SettingsReader, SettingsRepository } from '../ports.js';
import { auditedWrite } from '../audit.js';

type Deps = { settingsRepository: SettingsRepository; settingsReader: SettingsReader; auditLog: AuditLog; clock: Clock; uow: UnitOfWork };

/** Takes any subset of known settings (already type-checked at the edge); unknown keys are ignored. */
export const makeUpdateSettings =
  ({ settingsRepository, settingsReader, auditLog, clock, uow }: Deps) =>
  async (actor: Actor, meta: RequestMeta, values: Record<string, SettingValue>) => {
    const known = Object.fromEntries(Object.entries(values).filter(([key]) => settingDefinition(key)));
    await auditedWrite({ auditLog, uow }, actor, meta, () => settingsRepository.save(actor.tenantId, known, clock.now()), {
      action: 'settings.update',
      resourceType: 'settings',
      resourceId: null,
      // Secret values never reach the audit log, only which keys changed.
      metadata: { keys: Object.keys(known) },
    });
    await settingsReader.invalidate(actor.tenantId);
    return adminView(await settingsReader.get(actor.tenantId));
  };
