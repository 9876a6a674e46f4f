// howler's module behind a file of ours, so that the import of it that howlerLoader.ts makes is the
// page's own lazy import (a chunk fetched at the first gesture), not counted in its first download
// (scripts/budgets.ts follows a library's own dynamic imports only).
export { Howl, Howler } from 'howler';
