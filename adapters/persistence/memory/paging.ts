import type { Page, PageRequest } from '../../../application/shared/ports.js';

export function pageOf<T>(all: T[], page: PageRequest): Page<T> {
  const start = (page.page - 1) * page.pageSize;
  return { items: all.slice(start, start + page.pageSize), total: all.length, page: page.page, pageSize: page.pageSize };
}

export const newestFirst = <T extends { createdAt: Date; id: string }>(a: T, b: T): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);

export const clone = <T>(value: T): T => structuredClone(value);
