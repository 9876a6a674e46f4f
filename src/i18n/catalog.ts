// An area's en-US messages as scripts/i18nCatalogs.ts compiles them: the area's own keys, each
// message in Lingui's compiled form, tagged with the area's namespace (its folder), under which the
// other languages' catalogs file the same keys ("src/features/auth:signUp").

const NAMESPACE = Symbol('i18n namespace');

type Tagged = { [NAMESPACE]?: string };

/** Called by the compiled catalog module only. */
export function catalog<M extends object>(namespace: string, messages: M): M {
  Object.defineProperty(messages, NAMESPACE, { value: namespace });
  return messages;
}

export function namespaceOf(messages: object): string {
  const namespace = (messages as Tagged)[NAMESPACE];
  if (!namespace) throw new Error('Not a compiled catalog: import it as ./i18n/en-US.json');
  return namespace;
}
