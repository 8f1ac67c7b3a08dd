import type { Passkey } from '../../../domain/identity/passkey.js';
import type { PasskeyRepository } from '../../../application/identity/ports/passkey-repository.js';
import { Role } from '../../../domain/identity/role.js';
import type { DbDeps } from './base.js';

interface PasskeyRow {
  id: string;
  tenantId: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number | string;
  transports: string[] | string;
  name: string;
  aaguid: string;
  deviceType: Passkey['deviceType'];
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const COLUMNS = [
  'p.id',
  'p.tenant_id',
  'p.user_id',
  'p.credential_id',
  'p.public_key',
  'p.sign_count',
  'p.transports',
  'p.name',
  'p.aaguid',
  'p.device_type',
  'p.backed_up',
  'p.created_at',
  'p.last_used_at',
];

// pg answers bytea as a Buffer, PGlite as a Uint8Array; both become a plain Uint8Array copy.
const toPasskey = (r: PasskeyRow): Passkey => ({
  id: r.id,
  tenantId: r.tenantId,
  userId: r.userId,
  credentialId: r.credentialId,
  publicKey: new Uint8Array(r.publicKey),
  counter: Number(r.signCount),
  transports: typeof r.transports === 'string' ? (JSON.parse(r.transports) as string[]) : r.transports,
  name: r.name,
  aaguid: r.aaguid,
  deviceType: r.deviceType,
  backedUp: r.backedUp,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt,
});

export const makePasskeyPgRepository = ({ db }: DbDeps): PasskeyRepository => ({
  async insert(p) {
    const rows = await db
      .q()('passkeys')
      .insert({
        id: p.id,
        tenantId: p.tenantId,
        userId: p.userId,
        credentialId: p.credentialId,
        publicKey: Buffer.from(p.publicKey),
        signCount: p.counter,
        transports: JSON.stringify(p.transports),
        name: p.name,
        aaguid: p.aaguid,
        deviceType: p.deviceType,
        backedUp: p.backedUp,
        createdAt: p.createdAt,
        lastUsedAt: p.lastUsedAt,
      })
      .onConflict(['tenant_id', 'credential_id'])
      .ignore()
      .returning('id');
    return rows.length === 1;
  },
  async listByUser(tenantId, userId) {
    const rows = (await db
      .q()('passkeys as p')
      .where({ 'p.tenant_id': tenantId, 'p.user_id': userId })
      .orderBy([
        { column: 'p.created_at', order: 'desc' },
        { column: 'p.id', order: 'desc' },
      ])
      .select(COLUMNS)) as PasskeyRow[];
    return rows.map(toPasskey);
  },
  async findForLogin(tenantId, credentialId) {
    const row = (await db
      .q()('passkeys as p')
      .join('users as u', 'u.id', 'p.user_id')
      .where('p.credential_id', credentialId)
      .andWhere((w) => w.where('p.tenant_id', tenantId).orWhere('u.role', Role.SuperAdmin))
      .orderByRaw('(p.tenant_id = ?) desc', [tenantId])
      .first(COLUMNS)) as PasskeyRow | undefined;
    return row ? toPasskey(row) : null;
  },
  async recordUse(tenantId, id, use) {
    const q = db.q()('passkeys').where({ tenant_id: tenantId, id });
    // The rule of acceptsSignCount (domain/identity/passkey.ts), re-checked against the stored value.
    if (use.counter === 0) q.where('sign_count', 0);
    else q.where('sign_count', '<', use.counter);
    const rows = await q.update({ signCount: use.counter, backedUp: use.backedUp, lastUsedAt: use.at }).returning('id');
    return rows.length === 1;
  },
  async deleteAllOfUser(tenantId, userId) {
    await db.q()('passkeys').where({ tenant_id: tenantId, user_id: userId }).delete();
  },
  async rename(tenantId, userId, id, name) {
    const rows = (await db
      .q()('passkeys as p')
      .where({ 'p.tenant_id': tenantId, 'p.user_id': userId, 'p.id': id })
      .update({ name })
      .returning(COLUMNS)) as PasskeyRow[];
    return rows[0] ? toPasskey(rows[0]) : null;
  },
  async delete(tenantId, userId, id) {
    // `returning`: knex-pglite answers a bare delete with a result object, not a row count.
    const rows = await db.q()('passkeys').where({ tenant_id: tenantId, user_id: userId, id }).delete().returning('id');
    return rows.length === 1;
  },
});
