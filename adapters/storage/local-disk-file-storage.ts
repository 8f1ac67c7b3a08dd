import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FileStorage } from '../../application/platform/ports.js';

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * Files on local disk under `uploadDir/<tenant id>/<stored name>`. Every path is built from
 * checked segments and verified to stay inside the root, so no name (`../`, absolute paths,
 * separators) can reach outside the upload folder.
 */
export class LocalDiskFileStorage implements FileStorage {
  private readonly root: string;

  constructor(uploadDir: string) {
    this.root = resolve(uploadDir);
  }

  private pathOf(tenantId: string, storedName: string): string | null {
    if (!SAFE_SEGMENT.test(tenantId) || !SAFE_SEGMENT.test(storedName) || storedName.includes('..')) return null;
    const full = resolve(this.root, tenantId, storedName);
    return full.startsWith(this.root + sep) ? full : null;
  }

  async put(tenantId: string, storedName: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(tenantId, storedName);
    if (!target) throw new Error('invalid stored file name');
    await mkdir(join(this.root, tenantId), { recursive: true });
    try {
      await rename(sourcePath, target);
    } catch (error) {
      // The temporary file may live on another device (tmpfs): copy instead of moving.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(sourcePath, target);
    }
  }

  async removeTenant(tenantId: string): Promise<void> {
    if (!SAFE_SEGMENT.test(tenantId)) return;
    const dir = resolve(this.root, tenantId);
    if (dir.startsWith(this.root + sep)) await rm(dir, { recursive: true, force: true });
  }

  async read(tenantId: string, storedName: string): Promise<Uint8Array | null> {
    const path = this.pathOf(tenantId, storedName);
    if (!path) return null;
    try {
      return await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async stream(tenantId: string, storedName: string): Promise<AsyncIterable<Uint8Array> | null> {
    const path = this.pathOf(tenantId, storedName);
    if (!path) return null;
    try {
      if (!(await stat(path)).isFile()) return null;
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async remove(tenantId: string, storedName: string): Promise<void> {
    const path = this.pathOf(tenantId, storedName);
    if (path) await rm(path, { force: true });
  }

  async peek(sourcePath: string, bytes: number): Promise<Uint8Array> {
    const handle = await open(sourcePath, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
}
