import { isIPv4, isIPv6 } from 'node:net';
import type { Context, Middleware } from 'koa';

export interface RateLimitDecision {
  allowed: boolean;
  /** Whole requests left right now. */
  remaining: number;
  /** Seconds until another request would be allowed (0 when one would be allowed now). */
  retryAfterSeconds: number;
}

export interface RateLimiterOptions {
  /** Requests allowed in a burst, refilled evenly over `windowMs` (e.g. 5 per 15 min). */
  limit: number;
  windowMs: number;
  /** Keys remembered at most; the least recently used are forgotten first. */
  maxKeys?: number;
  /** Injectable clock (ms). */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * In-memory token buckets per key. Memory is bounded by `maxKeys`: a flood
 * of new keys evicts the least recently used ones. Per process, so with N
 * replicas a client gets up to N times the limit; fine for abuse damping.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly limit: number;
  private readonly refillPerMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(opts: RateLimiterOptions) {
    if (!(opts.limit >= 1) || !(opts.windowMs > 0)) throw new Error('RateLimiter needs limit >= 1 and windowMs > 0');
    this.limit = opts.limit;
    this.refillPerMs = opts.limit / opts.windowMs;
    this.maxKeys = Math.max(1, opts.maxKeys ?? 10_000);
    this.now = opts.now ?? Date.now;
  }

  /** Takes one request's token when available. */
  consume(key: string): RateLimitDecision {
    const bucket = this.current(key);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.store(key, bucket);
    return this.decision(bucket, allowed);
  }

  /** Whether a request would be allowed, without taking anything. */
  peek(key: string): RateLimitDecision {
    const bucket = this.current(key);
    return this.decision(bucket, bucket.tokens >= 1);
  }

  /** Gives one token back (e.g. an attempt that turned out to succeed), never above `limit`. */
  refund(key: string): void {
    if (!this.buckets.has(key)) return;
    const bucket = this.current(key);
    bucket.tokens = Math.min(this.limit, bucket.tokens + 1);
    this.store(key, bucket);
  }

  /** Forgets a key (e.g. after a successful login). */
  reset(key: string): void {
    this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }

  private current(key: string): Bucket {
    const now = this.now();
    const stored = this.buckets.get(key);
    if (!stored) return { tokens: this.limit, updatedAt: now };
    const elapsed = Math.max(0, now - stored.updatedAt);
    return { tokens: Math.min(this.limit, stored.tokens + elapsed * this.refillPerMs), updatedAt: now };
  }

  private store(key: string, bucket: Bucket): void {
    // Re-inserting moves the key to the end, so iteration order is least recently used first.
    this.buckets.delete(key);
    while (this.buckets.size >= this.maxKeys) {
      const oldest = this.buckets.keys().next();
      if (oldest.done) break;
      this.buckets.delete(oldest.value);
    }
    this.buckets.set(key, bucket);
  }

  private decision(bucket: Bucket, allowed: boolean): RateLimitDecision {
    const remaining = Math.floor(bucket.tokens);
    const retryAfterSeconds = bucket.tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerMs / 1000));
    return { allowed, remaining, retryAfterSeconds };
  }
}

/**
 * The client part of a rate-limit key: IPv4 as is (also when IPv4-mapped),
 * IPv6 by its /64, because one host usually controls a whole /64.
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '');
  if (isIPv4(address) || !isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((g) => (parseInt(g, 16) || 0).toString(16));
}

/** A 429 in the app's JSON error shape, with Retry-After. */
export function respondTooManyRequests(ctx: Context, decision: RateLimitDecision, message = 'Too many requests; try again later'): void {
  ctx.status = 429;
  ctx.set('Retry-After', String(decision.retryAfterSeconds));
  ctx.type = 'application/json';
  ctx.body = { error: message };
}

export interface RateLimitMiddlewareOptions extends RateLimiterOptions {
  /** Part of the key naming the protected action; default `METHOD path`. */
  scope?: string;
  message?: string;
}

/** Koa middleware allowing `limit` requests per `windowMs` per client IP and route; beyond that, 429. */
export function rateLimit(opts: RateLimitMiddlewareOptions): Middleware {
  const limiter = new RateLimiter(opts);
  return async (ctx, next) => {
    const decision = limiter.consume(`${opts.scope ?? `${ctx.method} ${ctx.path}`}|${clientKey(ctx.ip)}`);
    if (!decision.allowed) {
      respondTooManyRequests(ctx, decision, opts.message);
      return;
    }
    await next();
  };
}
