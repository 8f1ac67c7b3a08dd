import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator with the browser's part folded in: it answers the options
 * JSON of begin with the credential JSON finish expects, exactly as `startRegistration` /
 * `startAuthentication` of @simplewebauthn/browser would. Keys are genuine P-256 key pairs,
 * attestation is genuine `none` (CBOR attestationObject with authData and a COSE key), and
 * assertions are genuine ES256 signatures over authData ‖ SHA-256(clientDataJSON).
 */

// ---- A tiny CBOR encoder (RFC 8949), enough for attestation objects and COSE keys ----
type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  credentialId: string;
  privateKey: KeyObject;
  rpId: string;
  /** base64url user handle given at registration (options.user.id). */
  userHandle: string;
  counter: number;
}

export interface CreationOptionsJSON {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: Array<{ alg: number; type: string }>;
  excludeCredentials?: Array<{ id: string }>;
  timeout?: number;
  authenticatorSelection?: Record<string, unknown>;
}

export interface RequestOptionsJSON {
  challenge: string;
  rpId?: string;
  allowCredentials?: Array<{ id: string; type: string; transports?: string[] }>;
  userVerification?: string;
  timeout?: number;
}

/** What the browser would let through, and a few things a broken or hostile client might send. */
export interface CeremonyTweaks {
  origin?: string;
  /** rp id hashed into authData (a phishing page's authenticator would use its own). */
  rpId?: string;
  /** clientDataJSON.type */
  type?: string;
  /** Replace the challenge inside clientDataJSON. */
  challenge?: string;
  flags?: number;
}

export interface AssertionTweaks extends CeremonyTweaks {
  /** Answer with this credential whatever `allowCredentials` says. */
  credentialId?: string;
  /** Report this counter instead of the next one. */
  counter?: number;
  /** Sign other bytes than the ones sent: a forged signature of the right form. */
  tamper?: boolean;
  /** Override the user handle (null: none). */
  userHandle?: string | null;
}

export class SoftAuthenticator {
  readonly credentials = new Map<string, SoftCredential>();
  readonly aaguid = randomBytes(16);

  /**
   * @param origin the page the "browser" is on
   * @param countsSignatures false: an authenticator that always reports counter 0 (synced passkeys)
   */
  constructor(
    readonly origin: string,
    private readonly countsSignatures = true,
  ) {}

  /** navigator.credentials.create() → the RegistrationResponseJSON register/finish takes. */
  create(options: CreationOptionsJSON, tweaks: CeremonyTweaks = {}) {
    const rpId = tweaks.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    if (!options.pubKeyCredParams.some((p) => p.alg === -7)) throw new Error('ES256 not offered');
    for (const excluded of options.excludeCredentials ?? []) {
      if (this.credentials.has(excluded.id)) throw new Error('InvalidStateError: credential already registered');
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credentialIdBytes = randomBytes(32);
    const credentialId = b64u(credentialIdBytes);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialIdBytes.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([tweaks.flags ?? FLAG_UP | FLAG_UV | FLAG_AT]),
      Buffer.alloc(4), // counter 0
      this.aaguid,
      idLength,
      credentialIdBytes,
      coseKey,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: tweaks.type ?? 'webauthn.create',
        challenge: tweaks.challenge ?? options.challenge,
        origin: tweaks.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    this.credentials.set(credentialId, { credentialId, privateKey, rpId, userHandle: options.user.id, counter: 0 });
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        attestationObject: b64u(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: { credProps: { rk: true } },
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() → the AuthenticationResponseJSON login/finish takes. */
  get(options: RequestOptionsJSON, tweaks: AssertionTweaks = {}) {
    const allowed = (options.allowCredentials ?? []).map((c) => c.id);
    const id = tweaks.credentialId ?? (allowed.length ? allowed.find((c) => this.credentials.has(c)) : [...this.credentials.keys()][0]);
    const credential = id ? this.credentials.get(id) : undefined;
    if (!credential) throw new Error('NotAllowedError: no matching credential');
    if (tweaks.counter === undefined && this.countsSignatures) credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(tweaks.counter ?? (this.countsSignatures ? credential.counter : 0));
    const authData = Buffer.concat([
      sha256(tweaks.rpId ?? options.rpId ?? credential.rpId),
      Buffer.from([tweaks.flags ?? FLAG_UP | FLAG_UV]),
      counter,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: tweaks.type ?? 'webauthn.get',
        challenge: tweaks.challenge ?? options.challenge,
        origin: tweaks.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signed = Buffer.concat([authData, sha256(tweaks.tamper ? Buffer.concat([clientDataJSON, Buffer.from(' ')]) : clientDataJSON)]);
    const signature = sign('sha256', signed, credential.privateKey); // DER, as WebAuthn ES256 wants
    const userHandle = tweaks.userHandle === undefined ? credential.userHandle : tweaks.userHandle;
    return {
      id: credential.credentialId,
      rawId: credential.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
