import { z } from 'zod';

// Laravel-style paged answers (`{data, links, meta}`) of every list that pages with links: the
// shop's boxes, the inventory, withdrawals, battles. The client reads links.next and meta.total.

/** The page of `item`s a list call answers. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
    meta: z.object({
      current_page: z.number(),
      last_page: z.number(),
      per_page: z.number(),
      total: z.number(),
      from: z.number().nullable(),
      to: z.number().nullable(),
      path: z.string(),
    }),
  });
}

/** A page of T as pagedSchema describes it (the server's paging builds it, server/boxes/paging.ts). */
export type Paged<T> = Omit<z.infer<ReturnType<typeof pagedSchema>>, 'data'> & { data: T[] };
