import { expect } from 'chai';
import { makeBootstrapRootAdmin } from '../../../application/identity/use-cases/bootstrap-root-admin.usecase.js';
import { makeSetAdminPassword } from '../../../application/identity/use-cases/set-admin-password.usecase.js';
import { makeLogin } from '../../../application/identity/use-cases/login.usecase.js';
import { Role } from '../../../domain/identity/role.js';
import type { LogPort } from '../../../application/shared/ports.js';
import { memoryIdentity } from '../../support/memory-identity.js';

const recordingLog = () => {
  const lines: { level: string; event: string }[] = [];
  const log: LogPort = {
    info: (event) => void lines.push({ level: 'info', event }),
    warn: (event) => void lines.push({ level: 'warn', event }),
    error: (event) => void lines.push({ level: 'error', event }),
  };
  return { log, lines };
};

describe("use cases: the root admin's password (memory adapters)", () => {
  it('says at start that ROOT_ADMIN_PASSWORD is not applied once a Super Admin exists, and how to change it', async () => {
    const { deps } = memoryIdentity();
    const { log, lines } = recordingLog();
    const bootstrap = makeBootstrapRootAdmin({ ...deps, log });
    await bootstrap({ password: 'first password' });
    expect(lines.map((l) => l.event)).to.deep.equal(['root admin created']);
    await bootstrap({ password: 'a different password' });
    await bootstrap({});
    const warned = lines.filter((l) => l.level === 'warn');
    expect(warned).to.have.length(1);
    expect(warned[0]!.event)
      .to.include('ROOT_ADMIN_PASSWORD is set but not applied')
      .and.to.include('npm run admin -- set-password <email>');
  });

  it("sets a Super Admin's password by email, ends its logins and audits it; refuses others and weak passwords", async () => {
    const { deps, tenantId, addUser, meta } = memoryIdentity();
    const root = await addUser(Role.SuperAdmin, { email: 'root@example.test' });
    const admin = await addUser(Role.Admin, { email: 'admin@example.test' });
    const session = await deps.sessionIssuer.open(root, 'password', meta);
    const set = makeSetAdminPassword(deps);
    const weak = await set('root@example.test', 'short');
    expect(!weak.ok && weak.error).to.equal('WEAK_PASSWORD');
    const notSuper = await set(admin.email, 'a long new password');
    expect(!notSuper.ok && notSuper.error).to.equal('USER_NOT_FOUND');
    const done = await set(' Root@Example.TEST ', 'a long new password');
    expect(done.ok && done.value).to.deep.equal({ email: 'root@example.test', loginsEnded: 1 });
    const login = makeLogin(deps);
    expect((await login({ tenantId, email: root.email, password: 'password123', meta })).ok).to.equal(false);
    expect((await login({ tenantId, email: root.email, password: 'a long new password', meta })).ok).to.equal(true);
    expect(deps.loginRepository.logins.get(session.loginId)?.revokedAt).to.be.instanceOf(Date);
    expect(deps.auditLog.actions()).to.include('auth.admin_password_set');
  });
});
