import { expect } from 'vitest';

/**
 * vitest's asymmetric matchers (`expect.stringContaining(...)` and the like) are typed `any`, which
 * turns type checking off for the expected value they sit in (no-unsafe-assignment). These are the
 * same matchers typed `unknown`: they fit anywhere in an expected value and switch nothing off.
 */
export const anyNumber = (): unknown => expect.any(Number);
export const anyString = (): unknown => expect.any(String);
export const stringContaining = (text: string): unknown => expect.stringContaining(text);
export const stringMatching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
