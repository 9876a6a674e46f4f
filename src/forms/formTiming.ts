/** The spec's debounce of a field's validation (docs/product.md §5): checked this long after its last blur or change. */
export const FORM_VALIDATE_DEBOUNCE_MS = 5;
