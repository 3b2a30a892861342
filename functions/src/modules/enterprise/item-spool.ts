/**
 * The export's items, written to temporary files as they are read (one JSON array per entity
 * file, item by item) instead of held in memory: an enterprise of a million items is a few
 * hundred MB of JSON, more than a function's memory but well within its temporary disk.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';

interface SpoolFile {
  path: string;
  stream: WriteStream;
  count: number;
}

export class ItemSpool {
  private readonly files = new Map<string, SpoolFile>();

  private constructor(private readonly dir: string) {}

  static async open(label: string): Promise<ItemSpool> {
    return new ItemSpool(await mkdtemp(join(tmpdir(), `export-${label}-`)));
  }

  /** Appends `item` to the array of file `name` ("projects.json"). */
  async add(name: string, item: unknown): Promise<void> {
    let file = this.files.get(name);
    if (!file) {
      const path = join(this.dir, `${this.files.size}.json`);
      file = { path, stream: createWriteStream(path), count: 0 };
      this.files.set(name, file);
    }
    const ok = file.stream.write(`${file.count === 0 ? '[\n' : ',\n'}${JSON.stringify(item)}`);
    file.count += 1;
    if (!ok) await once(file.stream, 'drain');
  }

  /** How many items each file holds, by name. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.files].map(([name, file]) => [name, file.count]));
  }

  /** Closes the arrays; then each file's name and its bytes, chunk by chunk. */
  async *finish(): AsyncGenerator<[name: string, chunks: AsyncIterable<Uint8Array>]> {
    for (const file of this.files.values()) {
      file.stream.end('\n]\n');
      await finished(file.stream);
    }
    for (const [name, file] of this.files) yield [name, createReadStream(file.path)];
  }

  /** Removes the temporary files, whatever happened. */
  async remove(): Promise<void> {
    for (const file of this.files.values()) file.stream.destroy();
    await rm(this.dir, { recursive: true, force: true });
  }
}
