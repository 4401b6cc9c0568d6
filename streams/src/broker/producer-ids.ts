import fs from 'node:fs';
import path from 'node:path';

/** Ids are reserved on disk in blocks so a restart never hands out an id twice. */
const BLOCK = 1000;

/** Allocates idempotent-producer ids, unique across restarts. */
export class ProducerIdAllocator {
  private next = 0;
  private reservedUpTo = 0;
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'producer-ids.json');
  }

  open(): void {
    try {
      const saved = JSON.parse(fs.readFileSync(this.file, 'utf8')) as { reservedUpTo: number };
      this.next = this.reservedUpTo = saved.reservedUpTo;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  allocate(): number {
    if (this.next >= this.reservedUpTo) {
      const reservedUpTo = this.next + BLOCK;
      fs.writeFileSync(`${this.file}.tmp`, JSON.stringify({ reservedUpTo }));
      fs.renameSync(`${this.file}.tmp`, this.file);
      this.reservedUpTo = reservedUpTo;
    }
    return this.next++;
  }
}
