import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../start-app-server';

export type PrismProxy = {
  url: string;
  stop: () => Promise<void>;
  output: () => string;
  /** Set when Prism stopped on its own before stop(): every verdict after that is missing. */
  crashed: () => string | null;
};

/**
 * `prism proxy <document> <upstream>` from node_modules, on 127.0.0.1. Without --errors it forwards every request
 * and reports what the document does not describe in the `sl-violations` header. Prism's own CORS answers are off:
 * the server's are part of what is checked.
 */
export async function startPrism(documentFile: string, upstream: string): Promise<PrismProxy> {
  const port = await freePort();
  const cli = path.resolve('node_modules/@stoplight/prism-cli/dist/index.js');
  let output = '';
  // Only fatal messages: Prism logs a request it fails on with the whole body, which for a deep one ends the process.
  const child: ChildProcess = spawn(process.execPath, [cli, 'proxy', documentFile, upstream, '--host', '127.0.0.1', '--port', String(port), '--cors=false', '--errors=false', '--verboseLevel', 'fatal'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopping = false;
  let crashed: string | null = null;
  child.once('exit', (code, signal) => {
    if (!stopping) crashed = `prism proxy exited during the run (${signal ?? `code ${code}`}):\n${output.slice(-2000)}`;
  });
  const url = `http://127.0.0.1:${port}`;
  // Prism compiles the whole document before it listens: seconds, more on a busy machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism proxy exited early:\n${output}`);
    try {
      await fetch(`${url}/`, { method: 'HEAD' });
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`prism proxy did not start listening:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return { url, stop, output: () => output, crashed: () => crashed };
}
