/**
 * Text for HTML element content and quoted attribute values: the one escaper for mail bodies
 * (application) and our pages (adapters), which both may import from here.
 */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
