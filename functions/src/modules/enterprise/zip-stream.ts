/**
 * A zip written as a stream (fflate's streaming `Zip`): entries are added one after another from
 * chunks, and the archive's bytes flow out of `output` as they are made, so neither the entries
 * nor the archive are ever whole in memory. Writing waits while the reader of `output` is behind.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** 0 stores (files, mostly compressed already), 6 deflates (JSON). */
export type ZipLevel = 0 | 6;

export class ZipStream {
  readonly output = new PassThrough();
  /** Bytes of the archive made so far. */
  size = 0;
  private readonly zip = new Zip((error, chunk, final) => {
    if (error) {
      this.output.destroy(error);
      return;
    }
    this.size += chunk.length;
    this.output.write(chunk);
    if (final) this.output.end();
  });

  /** Stops the archive: `output` ends with `error` (the reader gave up, or a source failed). */
  fail(error: Error): void {
    this.output.destroy(error);
  }

  /** Adds an entry from its chunks; resolves once they are all in the archive's output. */
  async add(name: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, level: ZipLevel) {
    const entry = level === 0 ? new ZipPassThrough(name) : new ZipDeflate(name, { level });
    this.zip.add(entry);
    for await (const chunk of chunks) {
      entry.push(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk), false);
      await this.caughtUp();
    }
    entry.push(new Uint8Array(0), true);
    await this.caughtUp();
  }

  /** Ends the archive (its central directory); `output` ends after it. */
  end(): void {
    this.zip.end();
  }

  /** Waits while the output's buffer is full; rejects when the output was destroyed. */
  private async caughtUp(): Promise<void> {
    if (this.output.destroyed) throw this.output.errored ?? new Error('The archive was abandoned');
    if (this.output.writableNeedDrain) await once(this.output, 'drain');
  }
}
