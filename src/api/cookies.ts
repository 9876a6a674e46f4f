import Cookies from 'js-cookie';

// Cookie names the client reads and writes (docs/product.md §6, §9); the language's, which the server
// reads too, is core's (core/text/locales.ts).
export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh_token';
export const TRACKING_COOKIE = 'trackingLink';

export const cookies = Cookies;
