import { useCallback, useEffect, useState } from 'react';
import { api, apiErrorText } from '../../api/http.ts';

// The console's calls go through the shop's one axios instance (bearer token, error texts). Pages
// load with useAdminData: the answer of one GET, its error text, and reload() after a change.

export function useAdminData<T>(path: string | null, params: Record<string, string | number | undefined> = {}) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(params);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setLoading(true);
    const query = Object.fromEntries(Object.entries(JSON.parse(key) as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== ''));
    api
      .get<T>(path, { params: query })
      .then((res) => {
        if (!live) return;
        setData(res.data);
        setError(null);
      })
      .catch((e: unknown) => live && setError(apiErrorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [path, key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, loading, reload };
}

/** Sends a change; answers the error text, or null when it went through. */
export async function adminSend(method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown): Promise<string | null> {
  try {
    await api.request({ method, url: path, data: body });
    return null;
  } catch (e) {
    return apiErrorText(e);
  }
}

/** Sends a change and answers its body (`data`), or the error text: for a change whose answer the page reads on. */
export async function adminSendFor<T>(method: 'post' | 'put', path: string, body?: unknown): Promise<{ data: T; error: null } | { data: null; error: string }> {
  try {
    return { data: (await api.request<T>({ method, url: path, data: body })).data, error: null };
  } catch (e) {
    return { data: null, error: apiErrorText(e) };
  }
}
