/**
 * An undici dispatcher that holds every connection it opens to the address policy
 * (address-policy.ts): the scheme and an IP literal are checked before a socket exists, and a host
 * name's resolved addresses are checked in the socket's own `lookup`, so the address checked is
 * the address dialled and a name re-pointed later (DNS re-binding) is caught on its next connection.
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { type AddressPolicy, isAllowedHost, nonPublicReason } from './address-policy.ts';

/** Refused by the address policy: nothing was sent. */
export class AddressRefused extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';
  constructor(reason: string) {
    super(`address refused by policy: ${reason}`);
    this.name = 'AddressRefused';
  }
}

/** Every address a name resolves to; the system resolver unless a test gives its own. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

interface GuardedDispatcherOptions {
  resolve?: Resolve;
}

/** A `net` lookup that refuses a name when any of its addresses is not public. */
function guardedLookup(policy: AddressPolicy, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        if (!policy.allowPrivate) {
          // Any bad address refuses the name: the socket may try each of them.
          for (const { address } of found) {
            const reason = nonPublicReason(address);
            if (reason) {
              callback(new AddressRefused(`${hostname} resolves to a ${reason} address`), '', 0);
              return;
            }
          }
        }
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = family === 4 || family === 6 ? found.filter((a) => a.family === family) : found;
        if (usable.length === 0) {
          const error = Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
          callback(error, '', 0);
        } else if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** The connector: policy first, then undici's own connector with the guarded lookup. */
function guardedConnector(
  policy: AddressPolicy,
  options: GuardedDispatcherOptions = {},
): buildConnector.connector {
  const guarded = buildConnector({ lookup: guardedLookup(policy, options.resolve) });
  const trusted = buildConnector({});
  return (opts, callback) => {
    const hostname = opts.hostname.replace(/^\[|\]$/g, '');
    const port = opts.port || (opts.protocol === 'https:' ? '443' : '80');
    if (isAllowedHost(policy, hostname.includes(':') ? `[${hostname}]` : hostname, port)) {
      return trusted(opts, callback);
    }
    if (opts.protocol !== 'https:') {
      return callback(new AddressRefused(`plain ${opts.protocol} to ${opts.hostname}`), null);
    }
    // An IP literal never reaches the lookup: net dials it as it is.
    if (isIP(hostname) && !policy.allowPrivate) {
      const reason = nonPublicReason(hostname);
      if (reason) return callback(new AddressRefused(`${reason} address ${opts.hostname}`), null);
    }
    return guarded(opts, callback);
  };
}

/** A keep-alive pool, like the process's default one, whose every connection obeys the policy. */
export function createGuardedDispatcher(
  policy: AddressPolicy,
  options: GuardedDispatcherOptions = {},
): Dispatcher {
  return new Agent({
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connections: 64,
    connect: guardedConnector(policy, options),
  });
}
