import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ReceivedRequest {
  name: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface Answer {
  status: number;
  body?: string;
  delayMs?: number;
  headers?: Record<string, string>;
}

/** A webhook receiver running as a separate process on a free port (see receiver.mjs). */
export interface Receiver {
  url(name: string): string;
  script(name: string, answers: Answer[]): Promise<void>;
  requests(name?: string): Promise<ReceivedRequest[]>;
  stop(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'receiver.mjs');
  const child: ChildProcess = spawn(process.execPath, [file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (line: Buffer) => resolve(JSON.parse(line.toString()).port));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    url: (name) => `${base}/hooks/${name}`,
    async script(name, answers) {
      await fetch(`${base}/__script/${name}`, { method: 'PUT', body: JSON.stringify(answers) });
    },
    async requests(name) {
      const all = (await (await fetch(`${base}/__requests`)).json()) as ReceivedRequest[];
      return name ? all.filter((r) => r.name === name) : all;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    },
  };
}
