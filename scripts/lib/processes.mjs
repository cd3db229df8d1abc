import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** @typedef {{ code: number | null, signal: NodeJS.Signals | null }} ChildEnd */

/** @type {NodeJS.Signals[]} */
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Spawns a child and relays SIGINT/SIGTERM/SIGHUP to it while it runs, so stopping this script
 * stops the child instead of orphaning it. Resolves with how the child ended.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<ChildEnd>}
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    /** @param {NodeJS.Signals} signal */
    const relay = (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of FORWARDED) process.on(signal, relay);
    const done = () => {
      for (const signal of FORWARDED) process.off(signal, relay);
    };
    child.once('error', (err) => {
      done();
      reject(err);
    });
    child.once('exit', (code, signal) => {
      done();
      resolve({ code, signal });
    });
  });
}

/**
 * The exit code that reports how a child ended (128 + n when a signal killed it).
 * @param {ChildEnd} end
 */
export function exitCodeOf({ code, signal }) {
  if (signal) return 128 + (constants.signals[signal] ?? 0);
  return code ?? 1;
}
