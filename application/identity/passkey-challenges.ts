import type { Clock, KeyValueStore } from '../shared/ports.js';

/** Contract §3 / issue 3: a WebAuthn challenge is valid for 5 minutes and works once. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type CeremonyKind = 'registration' | 'login' | 'discoverable_login';

/**
 * Everything finish needs, kept in the `kv` store under the challenge (memory, or Redis with
 * REDIS_URL), so begin and finish may be served by different API processes.
 */
export interface Ceremony {
  kind: CeremonyKind;
  /** The tenant of the begin request: finish must come through the same tenant. */
  tenantId: string;
  /** Registration: the signed-in user; login by email: the account of that email; discoverable: null. */
  userId: string | null;
  expiresAt: Date;
}

// Challenges we issue are 32 random bytes in base64url (43 characters); anything else is not ours,
// and bounding it keeps arbitrary client input out of store keys.
const CHALLENGE_FORMAT = /^[A-Za-z0-9_-]{16,128}$/;

const keyOf = (challenge: string) => `webauthn:challenge:${challenge}`;

type Deps = { kv: KeyValueStore; clock: Clock };

export const makePasskeyChallenges = ({ kv, clock }: Deps) => ({
  async issue(challenge: string, ceremony: Omit<Ceremony, 'expiresAt'>): Promise<Ceremony> {
    const record: Ceremony = { ...ceremony, expiresAt: new Date(clock.now().getTime() + CHALLENGE_TTL_MS) };
    // The store's TTL only cleans up; expiry is decided by `expiresAt` against the clock port,
    // so every process agrees and tests move the clock instead of sleeping.
    await kv.set(keyOf(challenge), JSON.stringify({ ...record, expiresAt: record.expiresAt.toISOString() }), CHALLENGE_TTL_MS / 1000);
    return record;
  },

  /** The ceremony of this challenge, removed in the same step (`take` is atomic): a second finish finds nothing. */
  async take(challenge: string | null): Promise<Ceremony | null> {
    if (!challenge || !CHALLENGE_FORMAT.test(challenge)) return null;
    const raw = await kv.take(keyOf(challenge));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Omit<Ceremony, 'expiresAt'> & { expiresAt: string };
    const ceremony: Ceremony = { ...parsed, expiresAt: new Date(parsed.expiresAt) };
    return ceremony.expiresAt.getTime() > clock.now().getTime() ? ceremony : null;
  },
});

export type PasskeyChallenges = ReturnType<typeof makePasskeyChallenges>;
