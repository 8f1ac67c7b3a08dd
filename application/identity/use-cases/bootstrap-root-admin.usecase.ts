import { Role, UserStatus } from '../../../domain/identity/role.js';
import { DEFAULT_TENANT_SLUG, type Tenant } from '../../../domain/identity/tenant.js';
import { newUser, normaliseEmail } from '../../../domain/identity/user.js';
import { newRecord } from '../../shared/records.js';
import type { IdentityDeps } from '../deps.js';

type Deps = Pick<IdentityDeps, 'tenantRepository' | 'userRepository' | 'passwordHasher' | 'clock' | 'ids' | 'random' | 'log'>;

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * First start (contract §1, §4): the `default` tenant always exists, and a Super Admin is created
 * only when none exists, from ROOT_ADMIN_EMAIL / ROOT_ADMIN_PASSWORD or with a random password
 * printed once to the log; a ROOT_ADMIN_PASSWORD that finds one already there is logged as not
 * applied. Safe when several processes start together.
 */
export const makeBootstrapRootAdmin =
  ({ tenantRepository, userRepository, passwordHasher, clock, ids, random, log }: Deps) =>
  async (root: { email?: string | undefined; password?: string | undefined }): Promise<Tenant> => {
    const now = clock.now();
    let tenant = await tenantRepository.findBySlug(DEFAULT_TENANT_SLUG);
    if (!tenant) {
      await tenantRepository.insert({
        id: ids.uuid(),
        slug: DEFAULT_TENANT_SLUG,
        name: 'Default',
        status: 'active',
        createdAt: now,
        updatedAt: now,
      });
      tenant = (await tenantRepository.findBySlug(DEFAULT_TENANT_SLUG))!;
    }
    if ((await userRepository.countSuperAdmins()) > 0) {
      // Said at every start: a password that silently does nothing is the first hour's trap.
      if (root.password)
        log.warn(
          'ROOT_ADMIN_PASSWORD is set but not applied: a Super Admin already exists (it only creates the first one). To ' +
            'change a password: npm run admin -- set-password <email>',
        );
      return tenant;
    }
    const email = normaliseEmail(root.email ?? 'admin@localhost');
    const password = root.password ?? random.string(20, PASSWORD_ALPHABET);
    const inserted = await userRepository.insert(
      newUser(newRecord(ids, tenant.id, now), {
        username: 'root',
        email,
        displayName: 'Root Admin',
        role: Role.SuperAdmin,
        status: UserStatus.Active,
        passwordHash: await passwordHasher.hash(password),
        phone: null,
        emailVerifiedAt: now,
      }),
    );
    if (inserted) {
      if (root.password) log.info('root admin created', { email });
      else
        log.warn('root admin created with a generated password: change it after the first login (PUT /api/user/self/password)', {
          email,
          generated_password: password,
        });
    }
    return tenant;
  };
