export interface Certificate {
  id: string;
  tenantId: string;
  userId: string;
  courseId: string;
  code: string;
  /** Snapshots at issue time: a certificate says what it said when it was issued. */
  studentName: string;
  courseTitle: string;
  issuedAt: Date;
}

export const ORIENTATIONS = ['landscape', 'portrait'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export interface CertificateTemplate {
  tenantId: string;
  courseId: string;
  title: string;
  body: string;
  backgroundImageUrl: string | null;
  orientation: Orientation;
  updatedAt: Date;
}

export const PLACEHOLDERS = ['student_name', 'course_title', 'issued_at', 'code'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export const DEFAULT_TEMPLATE = {
  title: 'Certificate of Completion',
  body: 'This certifies that {{student_name}} has successfully completed the course {{course_title}} on {{issued_at}}.\n\nVerification code: {{code}}',
  backgroundImageUrl: null,
  orientation: 'landscape' as Orientation,
};

/** `{{ name }}` for the known placeholders; anything else is left as written. */
export const fillPlaceholders = (text: string, values: Record<Placeholder, string>): string =>
  text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? values[name as Placeholder] : whole,
  );

/** "22 November 2026": the date as a person reads it on paper (UTC, the certificate's day of issue). */
export function formatIssuedAt(d: Date): string {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
