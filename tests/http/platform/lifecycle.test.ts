import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startService(dataDir: string, port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ROOT_ADMIN_EMAIL: 'root@example.test',
    ROOT_ADMIN_PASSWORD: 'root password 1',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'composition/http-main.ts'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[service] ${d.toString()}`));
  // Generous: a first start compiles PGlite's WASM and migrates, which takes a minute on a loaded machine.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error('service did not start');
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('process lifecycle: npm start on the embedded defaults', function () {
  this.timeout(400_000);

  it('serves /health, lets the root admin log in, keeps users across a restart, and exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lms-life-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const json = { 'Content-Type': 'application/json' };

    let child = await startService(dataDir, port);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'root@example.test', password: 'root password 1' }),
    });
    expect(login.status).to.equal(200);
    const { data } = (await login.json()) as { data: { access_token: string } };
    const created = await fetch(`${base}/api/users`, {
      method: 'POST',
      headers: { ...json, Authorization: `Bearer ${data.access_token}` },
      body: JSON.stringify({ name: 'Kept', email: 'kept@example.test', password: 'kept password', role: 1, status: 1 }),
    });
    expect(created.status).to.equal(200);

    // A slow request in flight when SIGTERM arrives still completes.
    const inFlight = fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'kept@example.test', password: 'kept password' }),
    });
    await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGTERM');
    expect((await inFlight).status).to.equal(200);
    expect(await exitOf(child)).to.equal(0);

    child = await startService(dataDir, port);
    try {
      const again = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'kept@example.test', password: 'kept password' }),
      });
      expect(again.status).to.equal(200);
    } finally {
      child.kill('SIGTERM');
      expect(await exitOf(child)).to.equal(0);
    }
  });
});
