import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../core/protocol/config.ts';
import { GAME_SOCKET_RECONNECTION } from '../../core/protocol/realtime.ts';
import { pusherOptions } from '../../src/realtime/pusherConnection.ts';
import { connectRoundSocket, gameSocketBase } from '../../src/realtime/gameSocket.ts';

const config = (over: Partial<PublicConfig['pusher']> = {}, socket = { url: 'https://games.example', staging_url: 'https://games-stage.example' }): PublicConfig => ({
  app_name: 'x',
  api_url: '',
  pusher: { key: 'shop-key', cluster: 'eu', host: '', port: 0, tls: false, auth_endpoint: '/broadcasting/auth', ...over },
  socket,
  captcha: { provider: 'none', site_key: '' },
  login_captcha: { provider: 'none', site_key: '' },
  oauth: { client_id: '2', client_secret: 's' },
  social_providers: [],
  features: {},
});

describe('main socket options', () => {
  it('uses the page origin when the configured host is empty', () => {
    const o = pusherOptions(config(), { hostname: 'shop.test', port: '3000', protocol: 'http:' });
    expect(o).toMatchObject({ wsHost: 'shop.test', wsPort: 3000, wssPort: 3000, forceTLS: false, cluster: 'eu', enabledTransports: ['ws', 'wss'] });
    expect(o.channelAuthorization).toMatchObject({ endpoint: '/broadcasting/auth', transport: 'ajax' });
    const https = pusherOptions(config(), { hostname: 'shop.test', port: '', protocol: 'https:' });
    expect(https).toMatchObject({ wsPort: 443, forceTLS: true });
  });

  it('uses the configured host, port and TLS', () => {
    const o = pusherOptions(config({ host: 'ws.example', port: 6001, tls: true }), { hostname: 'shop.test', port: '3000', protocol: 'http:' });
    expect(o).toMatchObject({ wsHost: 'ws.example', wsPort: 6001, wssPort: 6001, forceTLS: true });
  });
});

describe('game sockets', () => {
  it('chooses the staging host when the page hostname contains "stage"', () => {
    expect(gameSocketBase(config(), 'shop.example')).toBe('https://games.example');
    expect(gameSocketBase(config(), 'stage.shop.example')).toBe('https://games-stage.example');
    expect(gameSocketBase(config(), 'eu-stage2.shop.example')).toBe('https://games-stage.example');
    expect(gameSocketBase(config(), 'staging.shop.example')).toBe('https://games.example'); // 'staging' does not contain 'stage'
  });

  it('connects per namespace with the docs/product.md §9 reconnection settings and websocket transport', () => {
    const socket = connectRoundSocket('crash', config({}, { url: 'http://127.0.0.1:9', staging_url: '' }), 'shop.example');
    try {
      const manager = socket.io;
      expect(manager.reconnectionDelay()).toBe(1000);
      expect(manager.reconnectionDelayMax()).toBe(5000);
      expect(manager.randomizationFactor()).toBe(0.5);
      expect(manager.timeout()).toBe(20000);
      expect(manager.reconnectionAttempts()).toBe(Infinity);
      expect(manager.opts.transports).toEqual(['websocket']);
      expect(GAME_SOCKET_RECONNECTION.reconnection).toBe(true);
    } finally {
      socket.disconnect();
    }
  });
});
