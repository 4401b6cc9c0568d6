import { RateLimiter, type RateLimitDecision } from '../http/rate-limit';

interface Limit {
  limit: number;
  windowMs: number;
}

export interface LoginLimits {
  /** Attempts per client address (IPv4, or IPv6 /64) from clients without a trusted device cookie. */
  perAddress: Limit;
  /** Failed attempts on one account from all clients without a trusted device cookie together. */
  perAccount: Limit;
  /** Attempts per trusted device (a signed cookie from an earlier successful login). */
  perDevice: Limit;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * An attacker at one address gets 5 guesses per 15 minutes; spread over many
 * addresses, 10 per 15 minutes in all, after which unknown clients must wait
 * while the admin's trusted devices still log in (5 tries each).
 */
export const LOGIN_LIMITS: LoginLimits = {
  perAddress: { limit: 5, windowMs: FIFTEEN_MINUTES },
  perAccount: { limit: 10, windowMs: FIFTEEN_MINUTES },
  perDevice: { limit: 5, windowMs: FIFTEEN_MINUTES },
};

export interface LoginAttempt {
  /** clientKey() of the client's address. */
  address: string;
  /** The account the login names. */
  account: string;
  /** The id of a genuine device cookie for that account, if the client sent one. */
  device: string | undefined;
}

export type LoginGate = { allowed: true; finish(succeeded: boolean): void } | { allowed: false; decision: RateLimitDecision };

/**
 * Counts login attempts before the (slow) password check, so parallel
 * guesses cannot slip past a limit; a success gives its attempt back.
 */
export class LoginThrottle {
  private readonly perAddress: RateLimiter;
  private readonly perAccount: RateLimiter;
  private readonly perDevice: RateLimiter;

  constructor(limits: LoginLimits = LOGIN_LIMITS, now: () => number = Date.now) {
    this.perAddress = new RateLimiter({ ...limits.perAddress, maxKeys: 10_000, now });
    // Keys are the configured account and one bucket for every other name, so a flood of names cannot evict it.
    this.perAccount = new RateLimiter({ ...limits.perAccount, maxKeys: 100, now });
    this.perDevice = new RateLimiter({ ...limits.perDevice, maxKeys: 10_000, now });
  }

  attempt({ address, account, device }: LoginAttempt): LoginGate {
    if (device !== undefined) {
      const decision = this.perDevice.consume(device);
      if (!decision.allowed) return { allowed: false, decision };
      return { allowed: true, finish: (ok) => (ok ? this.perDevice.reset(device) : undefined) };
    }
    const byAddress = this.perAddress.consume(address);
    if (!byAddress.allowed) return { allowed: false, decision: byAddress };
    const byAccount = this.perAccount.consume(account);
    if (!byAccount.allowed) {
      // Refused for the account's sake: not this address's failure.
      this.perAddress.refund(address);
      return { allowed: false, decision: byAccount };
    }
    return {
      allowed: true,
      finish: (ok) => {
        if (!ok) return;
        this.perAddress.reset(address);
        this.perAccount.refund(account);
      },
    };
  }
}
