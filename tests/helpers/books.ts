// The books' invariants are the server's (server/wallet/books.ts): the tests, the benches and the
// leader's periodic check read them by one definition.
export { booksState } from '../../server/wallet/books.ts';
