/**
 * A copy that shares nothing mutable: plain objects, arrays, dates, maps and sets are copied
 * member by member (strings are immutable and shared); anything else goes through structuredClone.
 */
export function deepCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(deepCopy) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, deepCopy(v)])) as T;
  if (value instanceof Set) return new Set([...value].map(deepCopy)) as T;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = deepCopy((value as Record<string, unknown>)[key]);
  return copy as T;
}

/** Approximate bytes: two per character of text, eight per other value, plus eight per member. */
export function sizeOf(value: unknown): number {
  if (typeof value === 'string') return 8 + 2 * value.length;
  if (value === null || typeof value !== 'object' || value instanceof Date) return 8;
  if (ArrayBuffer.isView(value)) return 8 + value.byteLength;
  let bytes = 8;
  const members = value instanceof Map ? [...value].flat() : value instanceof Set || Array.isArray(value) ? [...(value as Iterable<unknown>)] : Object.entries(value).flat();
  for (const member of members) bytes += sizeOf(member);
  return bytes;
}
