import { z } from 'zod';

/*
 * Text fields of requests. PostgreSQL text cannot hold U+0000, and control
 * characters in a name, URL or address are never meant (header injection,
 * log forging, look-alike spoofing), so every text field of every request
 * schema is built here and refuses them with a message the 400 carries.
 */

/**
 * C0 controls and DEL (U+0000–U+001F, U+007F), i.e. the controls (`\p{Cc}`) that are ASCII, not the
 * C1 ones: nothing a one-line field (name, URL, address, search) may hold.
 */
const SINGLE_LINE_CONTROLS = /(?=\p{ASCII})\p{Cc}/u;
/** The same but tab, line feed and carriage return, which free text (descriptions) may hold. */
const MULTI_LINE_CONTROLS = /(?![\t\n\r])(?=\p{ASCII})\p{Cc}/u;
/** NUL (U+0000), which PostgreSQL text cannot hold. */
const NUL = /\0/;
/** A surrogate without its pair is not Unicode text: it cannot be encoded as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';
export const LINE_CONTROLS_MESSAGE = 'must not contain control characters other than tabs and line breaks';
export const NUL_MESSAGE = 'must not contain NUL characters';
export const LONE_SURROGATE_MESSAGE = 'must be valid Unicode text';

/** How a field treats control characters: `single-line` refuses all; `multi-line` allows tab, LF and CR; `secret` refuses only NUL. */
export type TextKind = 'single-line' | 'multi-line' | 'secret';

/** Refusals of characters no field of `kind` may hold; use on a plain string before any trimming or piping. */
export function storableText(kind: TextKind = 'single-line') {
  const controls = kind === 'single-line' ? SINGLE_LINE_CONTROLS : kind === 'multi-line' ? MULTI_LINE_CONTROLS : NUL;
  const message = kind === 'single-line' ? CONTROL_CHARACTERS_MESSAGE : kind === 'multi-line' ? LINE_CONTROLS_MESSAGE : NUL_MESSAGE;
  return z
    .string()
    .refine((s) => !controls.test(s), { message, abort: true })
    .refine((s) => !LONE_SURROGATE.test(s), { message: LONE_SURROGATE_MESSAGE, abort: true });
}

/** One line of text, trimmed, `min`..`max` characters (e.g. a name, a search term). */
export function singleLineText(opts: { min?: number; max: number }) {
  return storableText('single-line').trim().min(opts.min ?? 0).max(opts.max);
}

/** Free text with lines, trimmed, `min`..`max` characters (e.g. a description). */
export function multiLineText(opts: { min?: number; max: number }) {
  return storableText('multi-line').trim().min(opts.min ?? 0).max(opts.max);
}

/**
 * An e-mail address as zod's e-mail validator defines it (no display names,
 * quotes, brackets or IP literals), trimmed, at most 254 characters.
 */
export function emailAddress(message = 'must be an e-mail address') {
  return storableText('single-line').trim().max(254, message).pipe(z.email({ error: message }));
}
