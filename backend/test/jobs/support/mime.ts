/** Just enough MIME to read what nodemailer writes: headers, multipart/alternative, QP and base64. */
export interface MimePart {
  headers: Map<string, string>;
  body: string;
  parts: MimePart[];
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export function parseMime(raw: string): MimePart {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const rawBody = split === -1 ? '' : normalized.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = rawBody.split(`--${boundary}`).slice(1);
    const parts = sections.filter((s) => !s.startsWith('--')).map((s) => parseMime(s.replace(/^\n/, '').replace(/\n$/, '')));
    return { headers, body: '', parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body = encoding === 'quoted-printable' ? decodeQuotedPrintable(rawBody) : encoding === 'base64' ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8') : rawBody;
  return { headers, body, parts: [] };
}

/** The decoded text/plain and text/html parts of a message. */
export function mailParts(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const root = parseMime(raw);
  const leaves: MimePart[] = [];
  const walk = (p: MimePart) => (p.parts.length ? p.parts.forEach(walk) : leaves.push(p));
  walk(root);
  const find = (t: string) => leaves.find((p) => (p.headers.get('content-type') ?? '').toLowerCase().startsWith(t))?.body ?? '';
  return { headers: root.headers, text: find('text/plain'), html: find('text/html') };
}
