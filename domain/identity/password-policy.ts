/** Passwords of 8 to 128 characters (OWASP ASVS 2.1.1/2.1.2); no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const isAcceptablePassword = (password: string): boolean =>
  [...password].length >= PASSWORD_MIN && [...password].length <= PASSWORD_MAX;
