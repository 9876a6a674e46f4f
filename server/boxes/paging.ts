import type { Paged } from '../../core/protocol/paged.ts';

// Laravel-style paged answers ({data, links, meta}, core/protocol/paged.ts) as the client reads them
// (links.next, meta.total). `path` is the call's own path; other query values are kept in the links.

export interface PageRequest {
  page: number;
  perPage: number;
}

export function paged<T>(data: T[], total: number, page: PageRequest, path: string, query: Record<string, unknown> = {}): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(total / page.perPage));
  const link = (n: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (key === 'page' || value === undefined || value === null || value === '') continue;
      if (typeof value === 'object') {
        for (const [sub, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined && v !== '') params.set(`${key}[${sub}]`, String(v));
      } else params.set(key, String(value));
    }
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  const from = data.length ? (page.page - 1) * page.perPage + 1 : null;
  return {
    data,
    links: { first: link(1), last: link(lastPage), prev: page.page > 1 ? link(page.page - 1) : null, next: page.page < lastPage ? link(page.page + 1) : null },
    meta: { current_page: page.page, last_page: lastPage, per_page: page.perPage, total, from, to: from === null ? null : from + data.length - 1, path },
  };
}
