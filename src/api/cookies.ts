import Cookies from 'js-cookie';

// Cookie names the client reads and writes (docs/product.md §6, §9).
export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh_token';
export const TRACKING_COOKIE = 'trackingLink';
export const LOCALE_COOKIE = 'locale';

export const cookies = Cookies;
