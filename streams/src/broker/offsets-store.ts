import fs from 'node:fs';
import path from 'node:path';

export interface CommittedOffset {
  offset: number;
  metadata: string | null;
}

type Entry = { g: string; t: string; p: number; o: number; m: string | null } | { g: string; t: string; del: true };

/** Rewrite the journal once it holds this many more lines than live entries. */
const COMPACT_SLACK = 100_000;

/**
 * Committed consumer-group offsets: an in-memory map backed by an append-only
 * JSON-lines journal (offsets.log). Each commit is one write(2) before the
 * response, so acknowledged commits survive a process crash; the journal is
 * compacted on open and when it grows well past the live set.
 */
export class OffsetStore {
  private readonly groups = new Map<string, Map<string, Map<number, CommittedOffset>>>();
  private fd = -1;
  private lines = 0;
  private live = 0;
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'offsets.log');
  }

  open(): void {
    let text = '';
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        this.apply(JSON.parse(line) as Entry);
      } catch {
        // a torn last line from a crash: everything before it is intact
      }
    }
    this.compact();
  }

  private apply(e: Entry): void {
    if ('del' in e) {
      for (const [g, topics] of this.groups) {
        if (e.g === '*' || e.g === g) topics.delete(e.t);
      }
      return;
    }
    let topics = this.groups.get(e.g);
    if (!topics) this.groups.set(e.g, (topics = new Map<string, Map<number, CommittedOffset>>()));
    let parts = topics.get(e.t);
    if (!parts) topics.set(e.t, (parts = new Map<number, CommittedOffset>()));
    parts.set(e.p, { offset: e.o, metadata: e.m });
  }

  private countLive(): number {
    let n = 0;
    for (const topics of this.groups.values()) for (const parts of topics.values()) n += parts.size;
    return n;
  }

  private compact(): void {
    if (this.fd >= 0) fs.closeSync(this.fd);
    const out: string[] = [];
    for (const [g, topics] of this.groups) {
      for (const [t, parts] of topics) for (const [p, c] of parts) out.push(JSON.stringify({ g, t, p, o: c.offset, m: c.metadata }));
    }
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, out.length ? `${out.join('\n')}\n` : '');
    fs.renameSync(tmp, this.file);
    this.fd = fs.openSync(this.file, 'a');
    this.lines = this.live = out.length;
  }

  private append(entries: Entry[]): void {
    if (entries.length === 0) return;
    fs.writeSync(this.fd, `${entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
    this.lines += entries.length;
    if (this.lines - this.live > COMPACT_SLACK) {
      this.live = this.countLive();
      if (this.lines - this.live > COMPACT_SLACK) this.compact();
    }
  }

  commit(group: string, items: Array<{ topic: string; partition: number; offset: number; metadata: string | null }>): void {
    const entries: Entry[] = items.map((i) => ({ g: group, t: i.topic, p: i.partition, o: i.offset, m: i.metadata }));
    // Journal first: memory must never be ahead of what a restart would see.
    this.append(entries);
    for (const e of entries) this.apply(e);
  }

  get(group: string, topic: string, partition: number): CommittedOffset | undefined {
    return this.groups.get(group)?.get(topic)?.get(partition);
  }

  /** All committed (topic, partition) pairs of a group. */
  topicsOf(group: string): Map<string, Map<number, CommittedOffset>> {
    return this.groups.get(group) ?? new Map<string, Map<number, CommittedOffset>>();
  }

  /** Forgets a deleted topic's offsets in every group. */
  deleteTopic(topic: string): void {
    this.append([{ g: '*', t: topic, del: true }]);
    this.apply({ g: '*', t: topic, del: true });
  }

  close(): void {
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = -1;
  }
}
