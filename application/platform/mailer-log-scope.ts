import { Role } from '../../domain/identity/role.js';
import type { UserRepository } from '../identity/ports/user-repository.js';
import type { Actor } from '../shared/actor.js';
import type { MailEventFilter, MailEventRepository } from './mail-ports.js';

export type MailerLogDeps = { mailEventRepository: MailEventRepository; userRepository: UserRepository };

/** Contract §5: a non-admin sees only callbacks about their own email address (null: nothing to see). */
export async function scopedMailFilter(d: MailerLogDeps, actor: Actor, filter: MailEventFilter): Promise<MailEventFilter | null> {
  if (actor.role >= Role.Admin) return filter;
  const me = await d.userRepository.findById(actor.tenantId, actor.userId);
  if (!me) return null;
  const own = me.email.trim().toLowerCase();
  if (filter.email !== undefined && filter.email !== own) return null;
  return { ...filter, email: own };
}
