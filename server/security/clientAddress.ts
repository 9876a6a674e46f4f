import { BlockList, isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';

// The client's address for requests Fastify does not see (websocket upgrades), by the same
// TRUST_PROXY rule as request.ip: the socket's address, or, behind trusted proxies, the nearest
// X-Forwarded-For entry that is not itself a trusted proxy.

export type AddressOf = (request: IncomingMessage) => string;

export function clientAddressResolver(trust: Config['trustProxy']): AddressOf {
  const socketAddress = (request: IncomingMessage) => request.socket.remoteAddress ?? '';
  if (!trust) return socketAddress;
  let trusted: (address: string, hop: number) => boolean;
  if (typeof trust === 'function') trusted = trust;
  else {
    const list = new BlockList();
    for (const entry of trust) {
      const [address = '', bits] = entry.split('/');
      const type = isIPv6(address) ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
    trusted = (address) => list.check(address.replace(/^::ffff:/, ''), isIPv6(address.replace(/^::ffff:/, '')) ? 'ipv6' : 'ipv4');
  }
  return (request) => {
    const header = request.headers['x-forwarded-for'];
    const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
    const chain = [socketAddress(request), ...forwarded.reverse()]; // nearest hop first
    for (let hop = 0; hop < chain.length - 1; hop += 1) if (!trusted(chain[hop]!, hop)) return chain[hop]!;
    return chain[chain.length - 1]!;
  };
}
