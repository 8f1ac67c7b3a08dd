/**
 * Known tenant settings (contract §3). Values are JSON; `secret` ones are never returned,
 * only `{configured}`; `public` ones are served to anonymous clients by GET /api/settings.
 */
export type SettingType = 'boolean' | 'string' | 'number' | 'string_list';

export interface SettingDefinition {
  key: string;
  type: SettingType;
  default: SettingValue;
  secret?: boolean;
  public?: boolean;
  /** `page`: a front-end page a token is mailed to; only `isPageUrl` values (or empty). */
  format?: 'page';
  description: string;
}

export type SettingValue = boolean | string | number | string[] | null;
export type SettingsMap = Record<string, SettingValue>;

export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  { key: 'RegisterEnabled', type: 'boolean', default: true, public: true, description: 'Self-registration is open.' },
  { key: 'PasswordRegisterEnabled', type: 'boolean', default: true, public: true, description: 'Registration with a password is open.' },
  { key: 'PasswordLoginEnabled', type: 'boolean', default: true, public: true, description: 'Login with email and password is allowed.' },
  {
    key: 'EmailVerificationEnabled',
    type: 'boolean',
    default: false,
    public: true,
    description: 'Registration needs a code mailed to the address first.',
  },
  { key: 'PasskeyLoginEnabled', type: 'boolean', default: true, public: true, description: 'Login with a passkey (WebAuthn) is allowed.' },
  { key: 'SiteName', type: 'string', default: 'LMS', public: true, description: 'Name shown in mails and documents.' },
  {
    key: 'PasswordResetUrl',
    type: 'string',
    default: '',
    format: 'page',
    description: 'Page of the front end that takes the password reset token as ?token=; empty uses PUBLIC_URL/reset-password.',
  },
  { key: 'ParentInvitationsEnabled', type: 'boolean', default: true, public: true, description: 'Students may invite a parent by email.' },
  {
    key: 'ParentInvitationUrl',
    type: 'string',
    default: '',
    format: 'page',
    description: 'Page of the front end that takes a parent invitation token as ?token=; empty uses PUBLIC_URL/parent-invitation.',
  },
  {
    key: 'TimeZone',
    type: 'string',
    default: 'UTC',
    public: true,
    description: 'IANA time zone of the tenant (e.g. Asia/Jakarta): the CRM dashboard cuts its days, weeks and months in it.',
  },
  { key: 'SupportEmail', type: 'string', default: '', public: true, description: 'Address students can write to.' },
  { key: 'MailFrom', type: 'string', default: '', description: 'Sender of outgoing mail; empty uses MAIL_FROM.' },
  {
    key: 'PaymentMethods',
    type: 'string_list',
    default: [],
    description:
      'Codes of the payment methods offered (e.g. bank_transfer, ewallet, card, qris); empty offers every method of the payment provider.',
  },
  { key: 'SMTPPassword', type: 'string', default: null, secret: true, description: 'Overrides the password in SMTP_URL.' },
];

export const settingDefinition = (key: string): SettingDefinition | undefined => SETTING_DEFINITIONS.find((d) => d.key === key);

export function withDefaults(stored: SettingsMap): SettingsMap {
  const out: SettingsMap = {};
  for (const d of SETTING_DEFINITIONS) out[d.key] = d.key in stored ? stored[d.key]! : d.default;
  return out;
}

export function publicView(settings: SettingsMap): SettingsMap {
  return Object.fromEntries(SETTING_DEFINITIONS.filter((d) => d.public).map((d) => [d.key, settings[d.key] ?? d.default]));
}

/** All settings; every secret becomes `{configured}` (contract §3). */
export function adminView(settings: SettingsMap): Record<string, SettingValue | { configured: boolean }> {
  return Object.fromEntries(
    SETTING_DEFINITIONS.map((d) => {
      const value = settings[d.key] ?? d.default;
      return [d.key, d.secret ? { configured: value !== null && value !== '' } : value];
    }),
  );
}

export const isEnabled = (settings: SettingsMap, key: string): boolean => settings[key] === true;

/**
 * Who issues a tenant's documents (certificates): its `SiteName` once an admin has set one, else
 * the tenant's own name, which says more than the generic default `LMS`.
 */
export function issuerName(settings: SettingsMap, tenantName: string): string {
  const site = settings.SiteName;
  return typeof site === 'string' && site.trim() !== '' && site !== settingDefinition('SiteName')?.default ? site.trim() : tenantName;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A page a mailed token may be sent to: an `https:` URL, or with `localHttp` (outside production)
 * `http:` on this machine. Any other scheme (`javascript:`, `data:`, `ftp:`), a scheme-relative
 * `//host` or plain http elsewhere would hand the token to a script or to whoever watches the wire.
 */
export function isPageUrl(value: string, localHttp: boolean): boolean {
  if (!/^https?:\/\/[^\s\\]+$/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (localHttp && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/** A `page` setting's URL, or null when it is empty or not a page URL (a value stored before the rule). */
export const pageUrlSetting = (settings: SettingsMap, key: string, localHttp: boolean): string | null => {
  const v = settings[key];
  return typeof v === 'string' && isPageUrl(v, localHttp) ? v : null;
};
